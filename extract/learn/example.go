package learn

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/invoice"
)

// Example is one reviewed field of one supplier's invoice: where its value
// sat and what labelled it.
type Example struct {
	// Field is the path of a scalar field, such as "invoice.number".
	Field string `json:"field"`
	// Value is the reviewed value as text, for people.
	Value string `json:"value"`
	// Page and Box are where the value was printed.
	Page int         `json:"page"`
	Box  layout.Rect `json:"box"`
	// Label is the label's words, folded (see Fold); empty when the value
	// had none beside or above it. LabelBox is where the label was printed.
	Label    string      `json:"label,omitempty"`
	LabelBox layout.Rect `json:"label_box"`
}

// maxRun is the most words a value or a label spans.
const maxRun = 8

// run is consecutive words of one line.
type run struct {
	page  int
	line  int
	i, j  int // words [i, j) of the line
	text  string
	box   layout.Rect
	words []int // indexes into the page's Words
}

// runs returns the runs of one line of up to maxRun words.
func runs(p *layout.Page, li int) []run {
	l := p.Lines[li]
	var out []run
	for i := range l.Words {
		var b strings.Builder
		var box layout.Rect
		for j := i; j < len(l.Words) && j-i < maxRun; j++ {
			w := p.Words[l.Words[j]]
			if j > i {
				b.WriteByte(' ')
				box = box.Union(w.Box)
			} else {
				box = w.Box
			}
			b.WriteString(w.Text)
			out = append(out, run{page: p.Number, line: li, i: i, j: j + 1, text: b.String(), box: box,
				words: l.Words[i : j+1]})
		}
	}
	return out
}

// Locate finds the value v of the field at path on the document's pages
// and returns the example it makes. When the value is printed more than
// once, the place nearest hint (a box a reviewer pointed at; nil for
// none) wins, then one with a label, then the first.
func Locate(doc *layout.Document, path string, v any, hint *layout.Evidence, locale string) (Example, bool) {
	t, row, err := TypeOf(path)
	if err != nil || row >= 0 || v == nil {
		return Example{}, false
	}
	type found struct {
		r     run
		label run
		has   bool
		score float64
	}
	var best found
	ok := false
	for pi := range doc.Pages {
		p := &doc.Pages[pi]
		for li := range p.Lines {
			for _, r := range runs(p, li) {
				if !matches(t, r.text, v, locale) {
					continue
				}
				lab, has := labelOf(p, r)
				f := found{r: r, label: lab, has: has}
				if has {
					f.score += 1
				}
				if hint != nil && hint.Page == p.Number {
					f.score += 10 * math.Min(1, intersect(hint.Box, r.box)/math.Max(1, r.box.Area()))
					f.score -= distance(hint.Box, r.box) / 1000
				}
				f.score -= float64(r.j-r.i) / 100 // the tightest run
				if !ok || f.score > best.score {
					best, ok = f, true
				}
			}
		}
	}
	if !ok {
		return Example{}, false
	}
	ex := Example{Field: path, Value: Format(v), Page: best.r.page, Box: best.r.box}
	if best.has {
		ex.Label, ex.LabelBox = Fold(best.label.text), best.label.box
	}
	return ex, true
}

// Format writes a field's value (as Get returns it) as text: numbers
// without trailing zeros, null as "".
func Format(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return ""
}

// matches reports whether text reads as v for a field of type t: typed
// fields by their parser, text by its folded words.
func matches(t Type, s string, v any, locale string) bool {
	if t == Text || t == LongText {
		want, ok := v.(string)
		return ok && Fold(s) == Fold(want) && Fold(want) != ""
	}
	got, err := ParseType(t, s, locale)
	if err != nil {
		return false
	}
	if t.Numeric() {
		a, ok1 := got.(float64)
		b, ok2 := v.(float64)
		return ok1 && ok2 && math.Abs(a-b) < 0.005
	}
	a, _ := got.(string)
	b, _ := v.(string)
	return a != "" && strings.EqualFold(a, b)
}

// labelOf returns the label of the value run r: the words just before it
// on its line, up to the previous value-like word, or else the words just
// above it.
func labelOf(p *layout.Page, r run) (run, bool) {
	l := p.Lines[r.line]
	// A label may stand well apart from its value on its line (a column
	// of labels beside a column of right-aligned amounts), but its own
	// words are close together.
	i := r.i
	h := math.Max(r.box.Y1-r.box.Y0, 4)
	for i > 0 && r.i-i < 6 {
		w := p.Words[l.Words[i-1]]
		next := p.Words[l.Words[i]].Box
		gap := 1.5 * h
		if i == r.i {
			gap = math.Inf(1) // on its line, at any distance
		}
		if !labelWord(w.Text) || next.X0-w.Box.X1 > gap {
			break
		}
		i--
	}
	if i < r.i {
		lab := lineRun(p, r.line, i, r.i)
		if Fold(lab.text) != "" {
			return lab, true
		}
	}
	// The line above that overlaps the value horizontally, within two
	// line heights.
	for li := r.line - 1; li >= 0 && li >= r.line-3; li-- {
		la := p.Lines[li]
		if r.box.Y0-la.Box.Y1 > 2*h+2 {
			break
		}
		var idx []int
		for k, wi := range la.Words {
			w := p.Words[wi]
			if w.Box.X1 >= r.box.X0-2 && w.Box.X0 <= r.box.X1+2 && labelWord(w.Text) {
				idx = append(idx, k)
			}
		}
		if len(idx) > 0 && len(idx) <= 4 && idx[len(idx)-1]-idx[0] == len(idx)-1 {
			lab := lineRun(p, li, idx[0], idx[len(idx)-1]+1)
			if Fold(lab.text) != "" {
				return lab, true
			}
		}
	}
	return run{}, false
}

func lineRun(p *layout.Page, li, i, j int) run {
	l := p.Lines[li]
	r := run{page: p.Number, line: li, i: i, j: j, words: l.Words[i:j]}
	parts := make([]string, 0, j-i)
	for k := i; k < j; k++ {
		w := p.Words[l.Words[k]]
		parts = append(parts, w.Text)
		if k == i {
			r.box = w.Box
		} else {
			r.box = r.box.Union(w.Box)
		}
	}
	r.text = strings.Join(parts, " ")
	return r
}

// labelWord reports whether a word can be part of a label: it has a
// letter and no digit (a word with digits is a value: a number, a code, a
// date).
func labelWord(s string) bool {
	return hasLetter(s) && !strings.ContainsFunc(s, unicode.IsDigit)
}

// wholeLabel reports whether run r of a line stands alone as a label: no
// label word right before it or right after it, so that "Totale" is not
// read inside "Totale imponibile".
func wholeLabel(p *layout.Page, r run) bool {
	l := p.Lines[r.line]
	gap := 1.5 * math.Max(r.box.Y1-r.box.Y0, 4)
	if r.i > 0 {
		w, next := p.Words[l.Words[r.i-1]], p.Words[l.Words[r.i]]
		if labelWord(w.Text) && next.Box.X0-w.Box.X1 <= gap {
			return false
		}
	}
	if r.j < len(l.Words) {
		w, prev := p.Words[l.Words[r.j]], p.Words[l.Words[r.j-1]]
		if labelWord(w.Text) && w.Box.X0-prev.Box.X1 <= gap {
			return false
		}
	}
	return true
}

func hasLetter(s string) bool {
	for _, c := range s {
		if unicode.IsLetter(c) {
			return true
		}
	}
	return false
}

// Fold returns the letters and digits of s, lower-cased, words separated
// by one space: how labels and names are compared.
func Fold(s string) string {
	f := strings.FieldsFunc(strings.ToLower(s), func(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsDigit(c) })
	return strings.Join(f, " ")
}

func distance(a, b layout.Rect) float64 {
	ax, ay := (a.X0+a.X1)/2, (a.Y0+a.Y1)/2
	bx, by := (b.X0+b.X1)/2, (b.Y0+b.Y1)/2
	return math.Hypot(ax-bx, ay-by)
}

// ExampleConfidence is the confidence of a value read by an example.
const ExampleConfidence = 0.95

// Apply reads, for each example whose field it can find, the field's
// value on doc where the example says it sits, and stores it in r with its
// evidence in ev. Examples are tried in order; the first that reads a
// field sets it. It returns the paths it set to a value different from
// the one r held.
func Apply(doc *layout.Document, r *invoice.Result, ev map[string]layout.Evidence, examples []Example, locale string) []string {
	done := map[string]bool{}
	var changed []string
	for _, ex := range examples {
		if done[ex.Field] {
			continue
		}
		t, row, err := TypeOf(ex.Field)
		if err != nil || row >= 0 {
			continue
		}
		v, page, box, ok := read(doc, ex, t, locale)
		if !ok {
			continue
		}
		done[ex.Field] = true
		old, _ := Get(r, ex.Field)
		if err := Set(r, ex.Field, v); err != nil {
			continue
		}
		if ev != nil {
			ev[ex.Field] = layout.Evidence{Page: page, Box: box, Confidence: ExampleConfidence}
		}
		if !Same(old, v) {
			changed = append(changed, ex.Field)
		}
	}
	return changed
}

// read reads the example's field on doc: beside each place its label is
// printed (the label's own page first), or at its box for an example
// without a label.
func read(doc *layout.Document, ex Example, t Type, locale string) (any, int, layout.Rect, bool) {
	var places []place
	if ex.Label != "" {
		for pi := range doc.Pages {
			p := &doc.Pages[pi]
			for li := range p.Lines {
				for _, lab := range runs(p, li) {
					if Fold(lab.text) != ex.Label || !wholeLabel(p, lab) {
						continue
					}
					dx, dy := lab.box.X0-ex.LabelBox.X0, lab.box.Y0-ex.LabelBox.Y0
					want := layout.Rect{X0: ex.Box.X0 + dx, Y0: ex.Box.Y0 + dy, X1: ex.Box.X1 + dx, Y1: ex.Box.Y1 + dy}
					places = append(places, place{page: p, want: want, skip: lab.words, near: p.Number == ex.Page,
						words: len(strings.Fields(ex.Value))})
				}
			}
		}
		// The label's own page first, then the place nearest the
		// reviewed one.
		sort.SliceStable(places, func(i, k int) bool {
			if places[i].near != places[k].near {
				return places[i].near
			}
			return distance(places[i].want, ex.Box) < distance(places[k].want, ex.Box)
		})
	}
	// Without a label the place is all there is. With one that this page
	// does not print, the supplier changed its layout: the place would
	// only read whatever now sits there.
	if ex.Label == "" && ex.Page >= 1 && ex.Page <= len(doc.Pages) {
		places = append(places, place{page: &doc.Pages[ex.Page-1], want: ex.Box, words: len(strings.Fields(ex.Value))})
	}
	for _, pl := range places {
		if v, box, ok := readAt(pl, t, locale); ok {
			return v, pl.page.Number, box, true
		}
	}
	return nil, 0, layout.Rect{}, false
}

// place is where an example says a value should be on a page.
type place struct {
	page *layout.Page
	want layout.Rect
	skip []int // the label's words
	near bool
	// words is the number of words of the reviewed value.
	words int
}

// readAt reads a value of type t at the place: among the runs of the
// line nearest the wanted box that overlap it (widened, as values of
// other invoices are longer or shorter), the one that parses and overlaps
// it most.
func readAt(pl place, t Type, locale string) (any, layout.Rect, bool) {
	p := pl.page
	h := math.Max(pl.want.Y1-pl.want.Y0, 4)
	cy := (pl.want.Y0 + pl.want.Y1) / 2
	wide := layout.Rect{X0: pl.want.X0 - 3*h, Y0: pl.want.Y0, X1: pl.want.X1 + 3*h, Y1: pl.want.Y1}
	skip := map[int]bool{}
	for _, w := range pl.skip {
		skip[w] = true
	}
	var (
		best      any
		bestBox   layout.Rect
		bestScore = math.Inf(-1)
	)
	for li, l := range p.Lines {
		ly := (l.Box.Y0 + l.Box.Y1) / 2
		if math.Abs(ly-cy) > h*0.6 {
			continue
		}
		for _, r := range runs(p, li) {
			if overlapsSkip(r.words, skip) {
				continue
			}
			if r.box.X1 < wide.X0 || r.box.X0 > wide.X1 {
				continue
			}
			v, err := ParseType(t, r.text, locale)
			if err != nil {
				continue
			}
			if (t == Text || t == LongText) && !hasLetterOrDigit(r.text) {
				continue
			}
			inside := intersect(wide, r.box) / math.Max(1, r.box.Area())
			if inside < 0.5 {
				continue
			}
			score := intersect(pl.want, r.box)/math.Max(1, pl.want.Area()) + inside -
				math.Abs(ly-cy)/h - float64(abs(r.box.X0-pl.want.X0))/100
			if t.Numeric() || t == Date {
				// A typed value is one token or a few: prefer the tightest.
				score -= float64(r.j-r.i) / 10
			} else {
				// Text as long, in words, as the reviewed value.
				score -= math.Abs(float64(r.j-r.i-pl.words)) / 2
			}
			if score > bestScore {
				best, bestBox, bestScore = v, r.box, score
			}
		}
	}
	return best, bestBox, best != nil
}

func overlapsSkip(words []int, skip map[int]bool) bool {
	for _, w := range words {
		if skip[w] {
			return true
		}
	}
	return false
}

func hasLetterOrDigit(s string) bool {
	for _, c := range s {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			return true
		}
	}
	return false
}

func abs(x float64) float64 { return math.Abs(x) }

// intersect is the area two boxes share.
func intersect(a, b layout.Rect) float64 {
	w := math.Min(a.X1, b.X1) - math.Max(a.X0, b.X0)
	h := math.Min(a.Y1, b.Y1) - math.Max(a.Y0, b.Y0)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}
