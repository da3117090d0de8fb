package labels

import (
	"fmt"
	"strings"
	"sync"
	"unicode"
)

// Entry is one lexicon entry: the printed forms of a label of one kind that
// fold to the same key (see [Normalize]; the words of a form are concatenated,
// so "Sous-total" and "Sous total", "P.IVA" and "P. IVA" are one entry).
type Entry struct {
	Kind   Kind
	Lang   string   // "it", "en", "de", "fr", or "" when shared by several languages
	Label  string   // canonical printed form: the first form listed
	Forms  []string // every printed form listed in the lexicon, Label first
	Weight float64  // score of an exact match; below 1 for generic words
	Caps   bool     // only matches words printed without lower-case letters ("UM", "RID")
}

// form is one printed form of an entry.
type form struct {
	label string
	parts []string // the label's words with a trailing ':' removed, for the exact test
	toks  []string // the label's words folded, empty ones dropped, for fuzzy matching
	// exact marks a form matched only as printed (normalized), never
	// fuzzily: one of many composed forms (see def.exact).
	exact bool
}

// entry is an Entry as the matcher uses it.
type entry struct {
	kind    Kind
	lang    string
	weight  float64
	caps    bool
	compact string
	forms   []form
	rank    int // position of kind in allKinds; stop entries rank first
}

// fref names one form of one entry.
type fref struct {
	e    int32
	form int32
}

// index is the lexicon prepared for matching.
type index struct {
	entries []entry
	// keys maps every entry's compact key (its folded words concatenated) and
	// every prefix of one to the entries with exactly that key (none for a
	// pure prefix), so extending a span stops at the first word that cannot
	// lead to a label.
	keys map[string][]int32
	// tail maps a first token to the forms of several tokens that have a
	// fuzzy-matchable token after the first.
	tail map[string][]fref
	// heads maps a fuzzy-matchable first token to all forms starting with it.
	heads map[string][]fref
	// dels maps the deletion variants (up to the token's edit budget) of the
	// fuzzy-matchable first tokens to those tokens (symmetric-delete lookup).
	dels map[string][]string
	// known holds every folded token of the lexicon: a word that is one is
	// not looked up fuzzily as a first word.
	known   map[string]struct{}
	maxSpan int
}

var theIndex = sync.OnceValue(func() *index { return build(vocabulary()) })

// theKeyIndex indexes the party keys and headings (see keyVocabulary).
var theKeyIndex = sync.OnceValue(func() *index { return build(keyVocabulary()) })

// build merges the definitions into entries and indexes them.
func build(defs []def) *index {
	ix := &index{
		keys:  map[string][]int32{},
		tail:  map[string][]fref{},
		heads: map[string][]fref{},
		dels:  map[string][]string{},
		known: map[string]struct{}{},
	}
	rank := map[Kind]int{stopKind: -1}
	for i, k := range allKinds {
		rank[k] = i
	}
	byKey := map[string]int32{}
	for _, d := range defs {
		if _, ok := rank[d.kind]; !ok {
			panic(fmt.Sprintf("labels: kind %q missing from allKinds", d.kind))
		}
		for _, raw := range d.labels {
			label, caps := strings.CutPrefix(raw, "!")
			fm := newForm(label)
			fm.exact = d.exact
			if len(fm.toks) == 0 {
				panic(fmt.Sprintf("labels: %q folds to nothing", raw))
			}
			compact := strings.Join(fm.toks, "")
			key := compact + "\x00" + string(d.kind)
			ei, ok := byKey[key]
			if !ok {
				ei = int32(len(ix.entries))
				byKey[key] = ei
				ix.entries = append(ix.entries, entry{
					kind: d.kind, lang: d.lang, weight: d.weight, caps: caps,
					compact: compact, rank: rank[d.kind],
				})
				for l := 1; l < len(compact); l++ {
					if _, ok := ix.keys[compact[:l]]; !ok {
						ix.keys[compact[:l]] = nil
					}
				}
				ix.keys[compact] = append(ix.keys[compact], ei)
			}
			e := &ix.entries[ei]
			if e.lang != d.lang {
				e.lang = shared
			}
			e.weight = max(e.weight, d.weight)
			e.caps = e.caps && caps
			dup := false
			for _, f := range e.forms {
				dup = dup || strings.EqualFold(f.label, fm.label)
			}
			if !dup {
				e.forms = append(e.forms, fm)
			}
		}
	}
	for ei := range ix.entries {
		e := &ix.entries[ei]
		for fi, fm := range e.forms {
			ix.maxSpan = max(ix.maxSpan, len(fm.parts)+3)
			for _, t := range fm.toks {
				ix.known[t] = struct{}{}
			}
			if fm.exact {
				continue
			}
			ref := fref{int32(ei), int32(fi)}
			first := fm.toks[0]
			for _, t := range fm.toks[1:] {
				if budget(t) > 0 {
					ix.tail[first] = append(ix.tail[first], ref)
					break
				}
			}
			if b := budget(first); b > 0 {
				if _, seen := ix.heads[first]; !seen {
					ix.addDeletions(first, first, b)
				}
				ix.heads[first] = append(ix.heads[first], ref)
			}
		}
	}
	return ix
}

// newForm splits and folds one printed label.
func newForm(label string) form {
	fm := form{label: label}
	for _, w := range strings.Fields(label) {
		fm.parts = append(fm.parts, trimLabel(w))
		if t := string(foldAppend(nil, w)); t != "" {
			fm.toks = append(fm.toks, t)
		}
	}
	return fm
}

// addDeletions records tok under s and every string obtained from s by
// deleting up to n more bytes.
func (ix *index) addDeletions(tok, s string, n int) {
	list := ix.dels[s]
	for _, t := range list {
		if t == tok {
			return // already there, and so are its deletions
		}
	}
	ix.dels[s] = append(list, tok)
	if n == 0 {
		return
	}
	for i := 0; i < len(s); i++ {
		ix.addDeletions(tok, s[:i]+s[i+1:], n-1)
	}
}

// budget is the number of edits a token of the lexicon tolerates: none below
// six letters or with digits or "%", one from six, two from ten.
func budget(tok string) int {
	if len(tok) < 6 || len(tok) > maxFuzzyLen {
		return 0
	}
	for i := 0; i < len(tok); i++ {
		if c := tok[i]; c < 'a' || c > 'z' {
			return 0
		}
	}
	if len(tok) >= 10 {
		return 2
	}
	return 1
}

// trimLabel removes what may follow a label word without being part of it.
func trimLabel(w string) string {
	return strings.TrimRight(w, ":")
}

// InLexicon reports whether a word, folded as labels are (see Normalize),
// is a word of some label of the lexicon or of the party keys: "Fattura", "Nr.", "Kunde" are;
// most words of a company's name are not.
func InLexicon(word string) bool {
	t := string(foldAppend(nil, word))
	if t == "" {
		return false
	}
	if _, ok := theIndex().known[t]; ok {
		return true
	}
	_, ok := theKeyIndex().known[t]
	return ok
}

// Lexicon returns the lexicon by kind, the party keys of FindKeys
// included, for tests and documentation. The result is a copy; changing it
// does not change what Find matches.
func Lexicon() map[Kind][]Entry {
	out := map[Kind][]Entry{}
	for _, e := range append(append([]entry(nil), theIndex().entries...), theKeyIndex().entries...) {
		if e.kind == stopKind {
			continue
		}
		x := Entry{Kind: e.kind, Lang: e.lang, Label: e.forms[0].label, Weight: e.weight, Caps: e.caps}
		for _, f := range e.forms {
			x.Forms = append(x.Forms, f.label)
		}
		out[e.kind] = append(out[e.kind], x)
	}
	return out
}

// hasLower reports whether any of the words has a lower-case letter.
func hasLower(words []string) bool {
	for _, w := range words {
		for _, r := range w {
			if unicode.IsLower(r) {
				return true
			}
		}
	}
	return false
}
