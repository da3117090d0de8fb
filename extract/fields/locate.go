package fields

import (
	"strings"
	"unicode"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
)

// Where a value was found relative to its label.
const (
	rightOf  = iota // on the label's line, after it
	under           // in the label's column, on a line below
	nextLine        // on the line right below a label that ends its line
)

// slot is the text a label introduces.
type slot struct {
	text  string
	box   layout.Rect
	page  int
	where int
	line  *line
	label labels.Hit
}

// minLabelScore is the weakest label match the rules act on.
const minLabelScore = 0.6

// slots returns the places a label hit on line l points at: the words to its
// right up to the next label or column break, and the text under it in its
// column on the next lines.
func (m *model) slots(p *page, l *line, h labels.Hit, below int) []slot {
	var out []slot
	s, ok := rightSlot(l, h)
	if ok {
		out = append(out, s)
	} else if next := p.below(l, 1.6); len(next) > 0 {
		// The label ends its line ("Numero e data doc."): its value may be
		// on the next line, starting anywhere to its right.
		_, lbox := l.span(h.First, h.Last)
		o := next[0]
		for i, w := range o.words {
			if w.Box.X0 >= lbox.X0-l.height {
				text, box := o.span(i, segmentEnd(o, i))
				out = append(out, slot{text: text, box: box, page: l.page, where: nextLine, line: o, label: h})
				break
			}
		}
	}
	_, lbox := l.span(h.First, h.Last)
	// Widen the label's column a little: values are often wider than labels
	// and aligned on either side.
	col := layout.Rect{X0: lbox.X0 - 2*l.height, Y0: lbox.Y0, X1: lbox.X1 + 2*l.height, Y1: lbox.Y1}
	if h.Last == len(l.words)-1 && lbox.X0 > p.width/2 && (h.Kind == labels.Total || h.Kind == labels.AmountDue) {
		// A total heading last in its row on the right half: its column
		// runs to the right margin, where the amount is right-aligned.
		col.X1 = max(col.X1, p.width)
	}
	n := 0
	for _, o := range p.below(l, 3) {
		if n >= below {
			break
		}
		text, box, ok := columnText(o, col)
		if !ok {
			continue
		}
		out = append(out, slot{text: text, box: box, page: l.page, where: under, line: o, label: h})
		n++
	}
	return out
}

// rightSlot is the text after hit h on its line, up to the next label hit or
// the second column break.
func rightSlot(l *line, h labels.Hit) (slot, bool) {
	end := len(l.words) - 1
	for _, o := range l.hits {
		if o.First > h.Last && o.First-1 < end && o.Score >= minLabelScore {
			end = o.First - 1
		}
	}
	first := h.Last + 1
	// Skip separators such as ":" or "n." left after the label.
	for first <= end && isFiller(l.words[first].Text) {
		first++
	}
	if first > end {
		return slot{}, false
	}
	// Stop at a column break after the value has started.
	last := first
	for last < end && !l.gapAfter(last) {
		last++
	}
	text, box := l.span(first, last)
	return slot{text: text, box: box, page: l.page, where: rightOf, line: l, label: h}, true
}

// columnText returns the words of line o that lie in column col.
func columnText(o *line, col layout.Rect) (string, layout.Rect, bool) {
	first, last := -1, -1
	for i, w := range o.words {
		if overlapX(w.Box, col) > 0.5*(w.Box.X1-w.Box.X0) {
			if first < 0 {
				first = i
			}
			last = i
		} else if first >= 0 {
			break
		}
	}
	if first < 0 {
		return "", layout.Rect{}, false
	}
	text, box := o.span(first, last)
	return text, box, true
}

// isFiller reports whether a word only separates a label from its value.
func isFiller(s string) bool {
	switch strings.ToLower(strings.Trim(s, " ")) {
	case ":", "-", "–", "n.", "n", "nr.", "nr", "no.", "no", "n°", "nº", "#", "=", "del", "du", "vom", "of", "dated", "/":
		return true
	}
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0
}

// hits calls fn for every label hit of one of the kinds, on every page.
func (m *model) hits(fn func(p *page, l *line, h labels.Hit), kinds ...labels.Kind) {
	m.hitsAbove(minLabelScore, fn, kinds...)
}

// hitsAbove is hits with another threshold: weak labels ("entro il") are
// acted on when a typed value (a date) must follow them.
func (m *model) hitsAbove(min float64, fn func(p *page, l *line, h labels.Hit), kinds ...labels.Kind) {
	for _, p := range m.pages {
		for _, l := range p.lines {
			for _, h := range l.hits {
				if h.Score < min {
					continue
				}
				for _, k := range kinds {
					if h.Kind == k {
						fn(p, l, h)
						break
					}
				}
			}
		}
	}
}
