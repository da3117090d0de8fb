package labels

import (
	"math"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Hit is one label occurrence in a line.
type Hit struct {
	Kind        Kind
	First, Last int     // indexes of the first and last word of the label in the line
	Score       float64 // 1 for an exact match; lower for fuzzy ones; callers threshold
	Lang        string  // "it", "en", "de", "fr", or "" when shared
	Label       string  // the lexicon entry matched, for evidence/debugging
}

// Match qualities (see the package documentation).
const (
	qualityExact  = 1.0 // the words are a listed form, up to case and a trailing ':'
	qualityFolded = 0.9 // equal after folding: accents, punctuation, joins and splits
	qualityEdit1  = 0.8 // OCR damage of cost 1 (see ocrDistance)
	qualityEdit2  = 0.7 // cost 2
	qualityEditN  = 0.6 // cost 3 or more, over several words
)

// maxFuzzyLen bounds the length of folded words compared fuzzily.
const maxFuzzyLen = 40

// Find returns the label occurrences in a line given as its words' texts,
// longest and best matches first, non-overlapping. When several labels
// overlap the one covering more words wins ("Totale documento" over
// "Totale", "Netto a pagare" over "Netto"), then the one with the higher
// score, then the leftmost, then the kind that comes first in [Kinds]; so a
// phrase that is a label of several kinds ("IVA": TaxAmount and ColTaxRate,
// "Totale": Total and ColAmount) is reported as a result-field label. Use
// [FindFunc] to look for column headers only: a table header line read with
// Find can also join adjacent headers into one label ("Importo Iva" is
// TaxAmount). The package documentation describes matching and scores.
//
// Hits go down to a score of about 0.3 (the connectors "del", "du", "vom");
// callers should ignore hits below a threshold such as 0.6.
func Find(words []string) []Hit {
	return FindFunc(words, nil)
}

// FindKeys finds the keys of a party's data and the headings over them
// in words ("Denominazione", "CAP", "Comune", "Dati anagrafici": kinds
// PartyName, GivenName, FamilyName, Street, HouseNumber, ZipCode, City,
// Province, Country and Heading), as Find
// finds labels. They are a lexicon of their own because their words are
// also common words of names and streets: a caller takes them for keys
// where they stand as keys (before a colon, over a value).
func FindKeys(words []string) []Hit {
	return findIn(theKeyIndex(), words, nil)
}

// FindFunc is Find restricted to the kinds keep accepts (nil accepts all).
// Labels of other kinds are not reported and do not take part in overlap
// resolution, except the phrases known not to be labels ("Servizio clienti",
// "P.O. Box"), which always block what they cover.
func FindFunc(words []string, keep func(Kind) bool) []Hit {
	return findIn(theIndex(), words, keep)
}

// findIn finds the labels of index ix in words.
func findIn(ix *index, words []string, keep func(Kind) bool) []Hit {
	if len(words) == 0 {
		return nil
	}
	m := matchers.Get().(*matcher)
	defer func() {
		m.words, m.keep = nil, nil
		clear(m.f)
		clear(m.heads)
		matchers.Put(m)
	}()
	m.ix, m.words, m.keep = ix, words, keep
	m.find()
	return m.resolve()
}

// matchers recycles the buffers of FindFunc calls.
var matchers = sync.Pool{New: func() any { return new(matcher) }}

// cand is a candidate hit.
type cand struct {
	first, last int
	e, form     int32
	score       float64
}

// matcher holds the state of one FindFunc call.
type matcher struct {
	ix    *index
	words []string
	keep  func(Kind) bool
	f     []string // folded words
	heads []string // folded text before the first '/' of each word, if any
	offs  []int    // word k folds to all[offs[k]:offs[k+1]]
	buf   []byte
	kbuf  []byte // scratch key
	cands []cand
	used  []bool
}

// find collects the candidate hits of m.words.
func (m *matcher) find() {
	ix, n := m.ix, len(m.words)
	// Fold every word once into one string; the compact key of words i..j
	// (their folded texts concatenated) is then all[offs[i]:offs[j+1]].
	b, offs := m.buf[:0], m.offs[:0]
	for _, w := range m.words {
		offs = append(offs, len(b))
		b = foldAppend(b, w)
	}
	offs = append(offs, len(b))
	m.buf, m.offs = b, offs
	all := string(b)
	f, heads := m.f[:0], m.heads[:0]
	for k, w := range m.words {
		f = append(f, all[offs[k]:offs[k+1]])
		heads = append(heads, "")
		if c := strings.IndexByte(w, '/'); c > 0 && c < len(w)-1 && hasLetter(w[:c]) {
			h := foldAppend(m.kbuf[:0], w[:c])
			m.kbuf = h
			if len(h) > 0 && string(h) != f[k] {
				heads[k] = string(h)
			}
		}
	}
	m.f, m.heads = f, heads
	m.cands = m.cands[:0]
	for i := 0; i < n; i++ {
		if f[i] == "" || (f[i][0] == '%' && i > 0 && endsInDigit(f[i-1])) {
			continue // nothing to match, or the "%" of a value: "19 % MwSt."
		}
		// Exact and folded matches: extend the span while it is a prefix of
		// some entry's key.
		for j := i; j < n && j-i < ix.maxSpan; j++ {
			if f[j] == "" {
				if joiner(m.words[j]) {
					continue
				}
				break
			}
			es, ok := ix.keys[all[offs[i]:offs[j+1]]]
			before := len(m.cands)
			for _, ei := range es {
				m.exact(i, j, ei, false)
			}
			if h := m.heads[j]; h != "" && len(m.cands) == before {
				// The label may end at a slash inside word j:
				// "Totale imponibile/importo".
				kb := append(append(m.kbuf[:0], all[offs[i]:offs[j]]...), h...)
				m.kbuf = kb
				for _, ei := range ix.keys[string(kb)] {
					m.exact(i, j, ei, true)
				}
			}
			if !ok {
				break
			}
			if strings.HasSuffix(m.words[j], ":") {
				break // a colon ends a label
			}
		}
		m.fuzzy(i)
	}
}

// accept reports whether entry e may be reported for words[first..last].
func (m *matcher) accept(e *entry, first, last int) bool {
	if e.kind != stopKind && m.keep != nil && !m.keep(e.kind) {
		return false
	}
	return !e.caps || !hasLower(m.words[first:last+1])
}

// exact records an exact or folded match of entry ei over words i..j; head
// says the label ends at the slash inside word j, which makes it folded.
func (m *matcher) exact(i, j int, ei int32, head bool) {
	e := &m.ix.entries[ei]
	if !m.accept(e, i, j) {
		return
	}
	q, fi := qualityFolded, int32(-1)
	sameCount := false
	for k := 0; k < len(e.forms) && !head; k++ {
		parts := e.forms[k].parts
		sameCount = sameCount || len(parts) == j-i+1
		if m.sameWords(i, j, parts) {
			q, fi = qualityExact, int32(k)
			break
		}
	}
	if fi < 0 {
		fi = 0
		if !sameCount && !m.abbreviated(i, j) {
			return
		}
	}
	m.cands = append(m.cands, cand{first: i, last: j, e: ei, form: fi, score: round3(e.weight * q)})
}

// abbreviated reports whether every word of i..j that folds to a single
// character is printed with a dot, as in "P. IVA" or "U. M.": words split
// differently from the lexicon may compose a label, letters spelled out
// one by one ("R E N") may not.
func (m *matcher) abbreviated(i, j int) bool {
	for k := i; k <= j; k++ {
		if len(m.f[k]) == 1 && !strings.Contains(m.words[k], ".") {
			return false
		}
	}
	return true
}

// sameWords reports whether words i..j are parts, ignoring case and a
// trailing ':'.
func (m *matcher) sameWords(i, j int, parts []string) bool {
	if j-i+1 != len(parts) {
		return false
	}
	for k, p := range parts {
		if !sameWord(trimLabel(m.words[i+k]), p) {
			return false
		}
	}
	return true
}

// sameWord reports whether printed word w is lexicon word p up to case,
// except that a lower-case first letter where p has a capital is not the
// same ("netto" in a sentence is not the label "Netto"; "NETTO" is).
func sameWord(w, p string) bool {
	if !strings.EqualFold(w, p) {
		return false
	}
	rw, _ := utf8.DecodeRuneInString(w)
	rp, _ := utf8.DecodeRuneInString(p)
	return !(unicode.IsLower(rw) && unicode.IsUpper(rp))
}

// fuzzy records the matches starting at word i that need edits: a damaged
// later word after an exact first word, or a damaged first word.
func (m *matcher) fuzzy(i int) {
	ix, w := m.ix, m.f[i]
	for _, r := range ix.tail[w] {
		m.fuzzyRest(i, r, 0)
	}
	if _, ok := ix.known[w]; ok || !fuzzable(w) {
		return
	}
	var tbuf [8]string
	toks := tbuf[:0]
	look := func(s []byte) {
		for _, t := range ix.dels[string(s)] { // no allocation: map index
			if !slices.Contains(toks, t) {
				toks = append(toks, t)
			}
		}
	}
	// Symmetric delete: w and the token share a string obtained by deleting
	// at most two bytes from each.
	var d1buf, d2buf [maxFuzzyLen]byte
	look(append(d1buf[:0], w...))
	for a := 0; a < len(w); a++ {
		d1 := append(append(d1buf[:0], w[:a]...), w[a+1:]...)
		look(d1)
		if len(w) < 8 {
			continue
		}
		for c := a; c < len(d1); c++ {
			d2 := append(append(d2buf[:0], d1[:c]...), d1[c+1:]...)
			look(d2)
		}
	}
	for _, t := range toks {
		d, ok := near(w, t)
		if !ok {
			continue
		}
		for _, r := range ix.heads[t] {
			m.fuzzyRest(i, r, d)
		}
	}
}

// fuzzyRest matches the tokens after the first of form r against the words
// after i, given the edits spent on the first word, and records the match if
// it needed any edit.
func (m *matcher) fuzzyRest(i int, r fref, edits int) {
	e := &m.ix.entries[r.e]
	toks := e.forms[r.form].toks
	k := i
	for _, t := range toks[1:] {
		if strings.HasSuffix(m.words[k], ":") {
			return // a colon ends a label
		}
		k++
		for k < len(m.f) && m.f[k] == "" {
			if !joiner(m.words[k]) {
				return
			}
			k++
		}
		if k >= len(m.f) {
			return
		}
		if w := m.f[k]; w != t {
			if _, known := m.ix.known[w]; known {
				return // a word of the lexicon is not a damaged form of another
			}
			d, ok := near(w, t)
			if !ok {
				return
			}
			edits += d
		}
	}
	if edits == 0 || !m.accept(e, i, k) {
		return
	}
	q := qualityEditN
	switch edits {
	case 1:
		q = qualityEdit1
	case 2:
		q = qualityEdit2
	}
	m.cands = append(m.cands, cand{first: i, last: k, e: r.e, form: r.form, score: round3(e.weight * q)})
}

// resolve keeps the longest and best non-overlapping candidates.
func (m *matcher) resolve() []Hit {
	if len(m.cands) == 0 {
		return nil
	}
	ents := m.ix.entries
	slices.SortFunc(m.cands, func(a, b cand) int {
		if la, lb := a.last-a.first, b.last-b.first; la != lb {
			return lb - la
		}
		if a.score != b.score {
			if a.score > b.score {
				return -1
			}
			return 1
		}
		if a.first != b.first {
			return a.first - b.first
		}
		return ents[a.e].rank - ents[b.e].rank
	})
	used := slices.Grow(m.used[:0], len(m.words))[:len(m.words)]
	clear(used)
	m.used = used
	kept := m.cands[:0] // filtered in place
	for _, c := range m.cands {
		if slices.Contains(used[c.first:c.last+1], true) {
			continue
		}
		for k := c.first; k <= c.last; k++ {
			used[k] = true
		}
		if ents[c.e].kind != stopKind {
			kept = append(kept, c)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	hits := make([]Hit, len(kept))
	for k, c := range kept {
		e := &ents[c.e]
		hits[k] = Hit{Kind: e.kind, First: c.first, Last: c.last, Score: c.score,
			Lang: e.lang, Label: e.forms[c.form].label}
	}
	return hits
}

// joiner reports whether a word that folds to nothing may sit inside a
// label: "Cedente / Prestatore", "Liefer- und Leistungsdatum"; other
// punctuation (":", "|", "€") separates labels.
func joiner(w string) bool {
	switch w {
	case "/", "-", "–", "&", "+":
		return true
	}
	return false
}

// endsInDigit reports whether a folded word ends with a digit.
func endsInDigit(w string) bool {
	return w != "" && w[len(w)-1] >= '0' && w[len(w)-1] <= '9'
}

// hasLetter reports whether s has a letter.
func hasLetter(s string) bool {
	return strings.IndexFunc(s, unicode.IsLetter) >= 0
}

// fuzzable reports whether a folded word may be compared fuzzily: five
// letters or more (a deletion from a six-letter token), at most one digit,
// no "%".
func fuzzable(w string) bool {
	if len(w) < 5 || len(w) > maxFuzzyLen {
		return false
	}
	digits := 0
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '%':
			return false
		}
	}
	return digits <= 1
}

// near reports whether folded word w can be lexicon token t damaged by OCR
// within the token's budget, and the cost of the damage (see ocrDistance).
// The first letter must survive (up to a look-alike), so a word is never
// matched by dropping or adding a first letter ("disponibile" is not
// "imponibile", "conti" not "sconti", "l'importo" not "importo"). An
// inflection of t (t with its last letter changed or letters appended:
// "Clienti", "Fatture", "Rechnungen", "Invoices") is another word, not damage.
func near(w, t string) (int, bool) {
	bud := budget(t)
	if bud == 0 || !fuzzable(w) {
		return 0, false
	}
	if len(w)-len(t) > bud || len(t)-len(w) > bud {
		return 0, false
	}
	if w[0] != t[0] && !lookAlike(w[0], t[0]) {
		return 0, false
	}
	p := 0
	for p < len(w) && p < len(t) && w[p] == t[p] {
		p++
	}
	if p >= len(t)-1 && len(w) >= len(t) {
		return 0, false
	}
	d := ocrDistance(w, t, bud)
	return d, d >= 1 && d <= bud
}

// lookAlikes lists pairs of folded characters that OCR confuses.
var lookAlikes = [...]string{
	"il", "i1", "l1", "ij", "lt", "tf", "li", // thin strokes
	"o0", "oc", "ce", "eo", "ao", // round letters
	"uv", "un", "nh", "hb", "mn", "vw", "vy", // strokes and bowls
	"s5", "b6", "b8", "g9", "gq", "q9", "z2",
}

// lookAlikeTable[a][b] is set when a and b are look-alikes.
var lookAlikeTable = func() (t [128][128]bool) {
	for _, p := range lookAlikes {
		t[p[0]][p[1]], t[p[1]][p[0]] = true, true
	}
	return t
}()

func lookAlike(a, b byte) bool { return a < 128 && b < 128 && lookAlikeTable[a][b] }

// thin reports whether OCR easily drops or invents character c.
func thin(c byte) bool {
	switch c {
	case 'i', 'l', '1', 'j', 't', 'f', 'r':
		return true
	}
	return false
}

// ligatures lists two-character sequences OCR reads as one character and
// back: "rn" for "m", "cl" for "d", …
var ligatures = [...][2]string{
	{"rn", "m"}, {"in", "m"}, {"cl", "d"}, {"vv", "w"}, {"ri", "n"}, {"li", "h"}, {"ii", "u"},
}

// ocrDistance is an edit distance between printed word a and lexicon token b
// weighted by how plausible each edit is as OCR damage: substituting a
// look-alike, reading a ligature ("rn" for "m"), dropping or adding a thin
// letter or one of a doubled pair costs 1; any other substitution,
// insertion or deletion, and a transposition of adjacent characters, cost 2.
// The first characters must be aligned with each other (nothing inserted or
// deleted before them). It returns a value above limit as soon as the
// distance must exceed it. Both strings are at most maxFuzzyLen long.
func ocrDistance(a, b string, limit int) int {
	// cheap(s, k): dropping or adding s[k] costs 1.
	cheap := func(s string, k int) bool {
		c := s[k]
		return thin(c) || (k > 0 && s[k-1] == c) || (k+1 < len(s) && s[k+1] == c)
	}
	// Nothing may be inserted or deleted before the first characters: the
	// first row and column are out of reach.
	const never = 1 << 20
	var r0, r1, r2 [maxFuzzyLen + 1]int // rows i-2, i-1, i
	for j := 1; j <= len(b); j++ {
		r1[j] = never
	}
	for i := 1; i <= len(a); i++ {
		del := 2
		if cheap(a, i-1) {
			del = 1
		}
		r2[0] = never
		low := never
		for j := 1; j <= len(b); j++ {
			ins := 2
			if cheap(b, j-1) {
				ins = 1
			}
			sub := 0
			if a[i-1] != b[j-1] {
				sub = 2
				if lookAlike(a[i-1], b[j-1]) {
					sub = 1
				}
			}
			v := min(r1[j]+del, r2[j-1]+ins, r1[j-1]+sub)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, r0[j-2]+2)
			}
			for _, lg := range ligatures {
				if i > 1 && a[i-2:i] == lg[0] && b[j-1] == lg[1][0] {
					v = min(v, r0[j-1]+1)
				}
				if j > 1 && a[i-1] == lg[1][0] && b[j-2:j] == lg[0] {
					v = min(v, r1[j-2]+1)
				}
			}
			r2[j] = v
			low = min(low, v)
		}
		if low > limit {
			return limit + 1
		}
		r0, r1 = r1, r2
	}
	return r1[len(b)]
}

// round3 rounds a score to three decimals.
func round3(x float64) float64 { return math.Round(x*1000) / 1000 }
