package main

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/invex/invex/extract/resolve"
	"github.com/invex/invex/internal/eval"
	"github.com/invex/invex/internal/fit"
)

// trainDirs collects the -train folders.
type trainDirs []string

func (t *trainDirs) String() string { return strings.Join(*t, ",") }

func (t *trainDirs) Set(dir string) error {
	*t = append(*t, dir)
	return nil
}

// fieldCounts are one field's counts over the scored documents whose
// truth gives it a value.
type fieldCounts struct {
	total   int // documents whose truth gives the field a value
	recall  int // of those, documents with a candidate giving that value
	heldOut int // right, chosen by a model fitted without the origin
	plain   int // right, chosen by the model fitted on every document
}

// recall prints, for every field the resolver decides, whether the truth
// is among its candidates and whether the resolver chooses it, held out by
// origin and plain: a miss without a candidate calls for a candidate
// generator, one with a candidate for features.
// With missing set, it lists instead, per field, the documents with no
// candidate giving the truth, and fits nothing.
func recall(kinds []string, workers int, dirs, train []string, noRules, missing bool) error {
	scored := map[string]bool{}
	for _, dir := range dirs {
		cs, _, err := eval.LoadDir(dir)
		if err != nil {
			return err
		}
		for _, c := range cs {
			scored[c.Name] = true
		}
	}
	_, exs, closeEng, err := examples(kinds, workers, append(append([]string(nil), dirs...), train...), noRules)
	if err != nil {
		return err
	}
	defer closeEng()
	if missing {
		listMissing(exs, scored)
		return nil
	}
	opts := resolve.FitOptions{Seed: fit.Seed, Listwise: noRules}
	plain := resolve.Fit(exs, opts)
	byOrigin := map[string][]int{}
	for i, ex := range exs {
		if scored[ex.Name] {
			byOrigin[ex.Origin] = append(byOrigin[ex.Origin], i)
		}
	}
	origins := make([]string, 0, len(byOrigin))
	for o := range byOrigin {
		origins = append(origins, o)
	}
	sort.Strings(origins)
	counts := map[string]*fieldCounts{}
	for _, f := range resolve.Fields {
		counts[f.Name] = &fieldCounts{}
	}
	// The fits without each origin run in parallel, one per processor.
	models := make([]*resolve.Model, len(origins))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(origins)) {
		wg.Go(func() {
			for k := range next {
				var rest []resolve.Example
				for _, ex := range exs {
					if ex.Origin != origins[k] {
						rest = append(rest, ex)
					}
				}
				models[k] = resolve.Fit(rest, opts)
			}
		})
	}
	for k := range origins {
		next <- k
	}
	close(next)
	wg.Wait()
	for k, o := range origins {
		m := models[k]
		for _, i := range byOrigin[o] {
			ex := exs[i]
			held, pl := m.Resolve(ex.Doc), plain.Resolve(ex.Doc)
			for _, f := range resolve.Fields {
				right, ok := ex.Right[f.Name]
				if !ok || ex.Null[f.Name] {
					continue
				}
				c := counts[f.Name]
				c.total++
				for k := range ex.Doc.Values {
					if v := &ex.Doc.Values[k]; f.Admits(v) && right(v) {
						c.recall++
						break
					}
				}
				if v := held[f.Name].Value; v != nil && right(v) {
					c.heldOut++
				}
				if v := pl[f.Name].Value; v != nil && right(v) {
					c.plain++
				}
			}
		}
	}
	fmt.Printf("%-28s %6s %6s %9s %6s\n", "field", "truths", "recall", "held out", "plain")
	var all fieldCounts
	for _, f := range resolve.Fields {
		c := counts[f.Name]
		fmt.Printf("%-28s %6d %6d %9d %6d\n", f.Name, c.total, c.recall, c.heldOut, c.plain)
		all.total += c.total
		all.recall += c.recall
		all.heldOut += c.heldOut
		all.plain += c.plain
	}
	fmt.Printf("%-28s %6d %6d %9d %6d\n", "all", all.total, all.recall, all.heldOut, all.plain)
	return nil
}

// listMissing prints, per field, the scored documents whose truth gives
// the field a value that no candidate gives.
func listMissing(exs []resolve.Example, scored map[string]bool) {
	for _, f := range resolve.Fields {
		var names []string
		for _, ex := range exs {
			right, ok := ex.Right[f.Name]
			if !scored[ex.Name] || !ok || ex.Null[f.Name] {
				continue
			}
			found := false
			for k := range ex.Doc.Values {
				if v := &ex.Doc.Values[k]; f.Admits(v) && right(v) {
					found = true
					break
				}
			}
			if !found {
				names = append(names, ex.Name)
			}
		}
		if len(names) > 0 {
			fmt.Printf("%s: %d without a candidate\n    %s\n", f.Name, len(names), strings.Join(names, "\n    "))
		}
	}
}
