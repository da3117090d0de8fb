package labels

import (
	"fmt"
	"sort"
	"testing"
)

func TestAudit(t *testing.T) {
	ix := theIndex()
	by := map[string][]string{}
	for _, e := range ix.entries {
		by[e.compact] = append(by[e.compact], fmt.Sprintf("%s(%s %.2f)", e.kind, e.lang, e.weight))
	}
	var ks []string
	for k, v := range by {
		if len(v) > 1 {
			ks = append(ks, k)
		}
	}
	sort.Strings(ks)
	for _, k := range ks {
		fmt.Println("MULTI", k, by[k])
	}
	// fuzzy neighbours between tokens of different entries
	toks := map[string]map[Kind]bool{}
	for _, e := range ix.entries {
		for _, f := range e.forms {
			for _, tk := range f.toks {
				if toks[tk] == nil {
					toks[tk] = map[Kind]bool{}
				}
				toks[tk][e.kind] = true
			}
		}
	}
	var all []string
	for k := range toks {
		all = append(all, k)
	}
	sort.Strings(all)
	for _, a := range all {
		for _, b := range all {
			if a == b {
				continue
			}
			if d, ok := near(a, b); ok {
				fmt.Println("NEAR", a, "->", b, d)
			}
		}
	}
	fmt.Println("entries", len(ix.entries), "keys", len(ix.keys), "dels", len(ix.dels))
}
