package resolve

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/parse"
)

// How a payment terms candidate is read from its label (see Doc.termsWords).
const (
	termsAfter uint8 = 1 + iota // the words after the label on its line
	termsFrom                   // the label's words and the words after them
	termsBelow                  // the cell under the label
)

// maxTermsLines is the most lines a sentence of terms runs over.
const maxTermsLines = 4

// termsWords adds the payment terms candidates of a line, for each label
// of payment terms in it ("Condizioni di pagamento", "Payment terms",
// "Zahlbar innerhalb", "Conditions de paiement"): the words after the
// label up to the next key or bank data; the same from the label's first
// word, when the label has no colon and may open the sentence ("Zahlbar
// innerhalb 30 Tagen"); the cell under a label that ends its cell; each
// alone and with the lines below that continue it. Which reading is the
// terms the fit decides.
func (d *Doc) termsWords(pi, li int) {
	p := d.Pages[pi]
	l := p.S.Page.Lines[li]
	for ci, hs := range p.labels[li] {
		for _, h := range hs {
			if h.kind != labels.PaymentTerms && !(h.kind == labels.DueDate && p.termsToo(li, h)) {
				continue
			}
			colon := strings.HasSuffix(p.S.Page.Words[l.Words[h.last]].Text, ":")
			start := h.last + 1
			if !colon && start < len(l.Words) && p.S.Page.Words[l.Words[start]].Text == ":" {
				// A colon set apart, as French prints it ("Conditions de
				// paiement : 30 jours").
				colon, start = true, start+1
			}
			x := p.S.Page.Words[l.Words[h.first]].Box.X0
			if end := p.termsEnd(li, start); end >= start {
				// A paragraph that opens with its key may wrap under the key.
				d.addTerms(pi, li, ci, start, end, termsAfter, colon, h.score, x)
				if !colon {
					d.addTerms(pi, li, ci, h.first, end, termsFrom, colon, h.score)
				}
			} else if !colon && h.last > h.first && h.last+1 < len(l.Words) && end == h.last {
				// Terms that are their label alone, another field after
				// them ("Payable on receipt   Due 08/11/2026").
				d.addTerms(pi, li, ci, h.first, end, termsFrom, colon, h.score)
			}
			cells := p.S.Cells[li]
			if ci < len(cells) && cells[ci].Last == h.last {
				// A label ending its cell may head the terms printed
				// under it.
				if bl, bc, ok := p.cellBelow(li, cells[ci]); ok {
					c := p.S.Cells[bl][bc]
					d.addTerms(pi, bl, bc, c.First, c.Last, termsBelow, colon, h.score)
				}
			}
		}
	}
}

// termsToo reports whether the words of label hit h of line li are a
// label of payment terms as well as of its own kind: "Termine di
// pagamento" heads a due date ("30/04/2026") as often as terms ("30
// giorni"), and the value, which the fit weighs, tells which.
func (p *Page) termsToo(li int, h labelHit) bool {
	l := p.S.Page.Lines[li]
	words := make([]string, 0, h.last-h.first+1)
	for w := h.first; w <= h.last; w++ {
		words = append(words, p.S.Page.Words[l.Words[w]].Text)
	}
	for _, t := range labels.FindFunc(words, func(k labels.Kind) bool { return k == labels.PaymentTerms }) {
		if t.First == 0 && t.Last == len(words)-1 && t.Score >= minLabelScore {
			return true
		}
	}
	return false
}

// termsEnd returns the last word of a sentence of terms starting at word
// first of line li: the word before the next key (a label ending in a
// colon) or bank or contact data, else the line's last word.
func (p *Page) termsEnd(li, first int) int {
	l := p.S.Page.Lines[li]
	end := len(l.Words) - 1
	start, _ := p.S.CellAt(li, first)
	for ci, hs := range p.labels[li] {
		for _, h := range hs {
			if h.first < first || h.first == 0 || h.first-1 >= end {
				continue
			}
			// A label that opens a cell of its own ("Pagamento a vista
			// | Scadenza pagamento 04/09/2026") starts something else.
			opens := ci != start.Index && h.first == p.S.Cells[li][ci].First
			if termsStop(p, li, h) || opens {
				end = h.first - 1
			}
		}
	}
	// A date's label and its date ("Net 30 Due 17 Dec 2025"), however
	// weak the label alone: a bare "Due" is one only before a date.
	if k := p.datedFrom(li, first); k >= 0 && k <= end {
		end = k - 1
	}
	return end
}

// datedKind reports whether k labels the issue or the due date.
func datedKind(k labels.Kind) bool { return k == labels.DueDate || k == labels.InvoiceDate }

// termsStop reports whether label hit h of line li ends a sentence of
// terms: another key ("Bankverbindung:"), or bank and contact data. Words
// such as "Skonto" or "netto" inside the sentence are no boundary.
func termsStop(p *Page, li int, h labelHit) bool {
	switch h.kind {
	case labels.IBAN, labels.BIC, labels.Bank, labels.VATNumber, labels.Email, labels.Phone:
		return true
	}
	l := p.S.Page.Lines[li]
	return strings.HasSuffix(p.S.Page.Words[l.Words[h.last]].Text, ":")
}

// cellBelow returns the line and index of the first cell of the next
// line that stands under cell c of line li, when the next line is close.
func (p *Page) cellBelow(li int, c layout.Cell) (line, cell int, ok bool) {
	lines := p.S.Page.Lines
	if li+1 >= len(lines) {
		return 0, 0, false
	}
	h := p.S.Height
	if h <= 0 {
		h = 10
	}
	o := lines[li+1]
	if o.Box.Y0-lines[li].Box.Y1 > 1.5*h {
		return 0, 0, false
	}
	for oi, oc := range p.S.Cells[li+1] {
		if oc.Box.X0 < c.Box.X1 && oc.Box.X1 > c.Box.X0 {
			return li + 1, oi, true
		}
	}
	return 0, 0, false
}

// addTerms adds a terms candidate of words first to last of line li, and
// one with each line below that continues it: a line starting where the
// candidate does, or at wrapX.
func (d *Doc) addTerms(pi, li, ci, first, last int, how uint8, colon bool, score float64, wrapX ...float64) {
	p := d.Pages[pi]
	l := p.S.Page.Lines[li]
	for first <= last && filler(p.S.Page.Words[l.Words[first]].Text) {
		first++
	}
	if first > last {
		return
	}
	text := p.text(li, first, last)
	added := -1
	add := func(text string, lines int, box layout.Rect) {
		text = strings.TrimRight(strings.TrimSpace(text), " –—-;,")
		if n := len([]rune(text)); n < 2 || n > 200 {
			return
		}
		v := Value{Type: TTerms, Text: text, Norm: text, Page: pi, Line: li, First: first, Last: last, Cell: ci, Box: box}
		v.terms = termsFacts{how: how, lines: lines, colon: colon, score: score}
		added = len(d.Values)
		d.Values = append(d.Values, v)
	}
	// The longest reading is the whole sentence as far as the layout
	// shows it.
	defer func() {
		if added >= 0 {
			d.Values[added].terms.whole = true
		}
	}()
	box := p.box(li, first, last)
	add(text, 1, box)
	if last < len(l.Words)-1 {
		return // cut by another key: the sentence ends there
	}
	size := p.S.Page.Words[l.Words[first]].FontSize
	if size <= 0 {
		size = p.S.FontSize
	}
	x0 := p.S.Page.Words[l.Words[first]].Box.X0
	prev := l
	n := 1
	for oi := li + 1; oi < len(p.S.Page.Lines) && n < maxTermsLines; oi++ {
		o := p.S.Page.Lines[oi]
		if o.Angle != 0 || len(o.Words) == 0 || o.Box.Y0-prev.Box.Y0 > 1.7*size {
			break
		}
		if o.Box.Y0-prev.Box.Y0 < 0.5*size {
			continue
		}
		if p.S.Page.Words[o.Words[0]].Box.X0 > box.X1 {
			continue // beside the sentence, in the next column
		}
		ox := p.S.Page.Words[o.Words[0]].Box.X0
		aligned := math.Abs(ox-x0) <= 1.5*size
		for _, x := range wrapX {
			aligned = aligned || math.Abs(ox-x) <= 1.5*size
		}
		if !aligned || !p.sentenceLine(oi) {
			break
		}
		if added >= 0 {
			// A sentence that goes on in lower case, or with a number,
			// is cut short without this line.
			r, _ := utf8.DecodeRuneInString(p.texts[oi])
			d.Values[added].terms.cut = unicode.IsLower(r) || unicode.IsDigit(r)
		}
		text += " " + p.texts[oi]
		box = box.Union(o.Box)
		prev = o
		n++
		add(text, n, box)
	}
}

// sentenceLine reports whether line li may continue a sentence of terms:
// it holds no key or bank data, and does not open with a label set off
// from its value ("Totale   100,00").
func (p *Page) sentenceLine(li int) bool {
	cells := p.S.Cells[li]
	for ci, hs := range p.labels[li] {
		for _, h := range hs {
			if termsStop(p, li, h) {
				return false
			}
			switch h.kind {
			case labels.Discount, labels.PaymentTerms:
				continue
			}
			if h.kind.IsPayment() {
				continue
			}
			if h.first == 0 && ci < len(cells) && cells[ci].Last == h.last && len(cells) > 1 {
				return false
			}
		}
	}
	return p.datedFrom(li, 0) < 0
}

// datedFrom returns the first word from word first of line li that opens
// a date's label followed by its date ("Due 17 Dec 2025", "Scadenza
// pagamento 4/9/2026"), however weak the label alone, or -1.
func (p *Page) datedFrom(li, first int) int {
	words := strings.Fields(p.texts[li])
	if first >= len(words) {
		return -1
	}
	for _, h := range labels.FindFunc(words[first:], datedKind) {
		after := first + h.Last + 1
		if after >= len(words) || !hasDigit(words[after]) {
			continue
		}
		// The date starts right after the label: "Due 17 Dec 2025", not
		// "invoice date, 3% discount".
		rest := strings.Join(words[after:min(after+4, len(words))], " ")
		if ms := parse.FindDates(rest, ""); len(ms) > 0 && ms[0].Start == 0 {
			return first + h.First
		}
	}
	return -1
}

// filler reports whether a word only separates a label from its value.
func filler(w string) bool {
	return strings.Trim(w, ":-–—.,;") == ""
}

// termsFacts are how a terms candidate was read.
type termsFacts struct {
	how   uint8
	lines int
	colon bool
	score float64
	// whole marks the longest reading of its start; cut one that the
	// next line goes on.
	whole, cut bool
}

// termsFeatures sets the features of a payment terms candidate: how it was
// read, over how many lines, whether its label ends in a colon, whether
// its words state a number of days or an immediate payment the way terms
// do, and what else they hold.
func (d *Doc) termsFeatures(v *Value, set func(string, float64)) {
	t := v.terms
	set("tm.after", flag(t.how == termsAfter))
	set("tm.from", flag(t.how == termsFrom))
	set("tm.below", flag(t.how == termsBelow))
	set("tm.lines", float64(t.lines-1))
	set("tm.whole", flag(t.whole))
	set("tm.cut", flag(t.cut))
	set("tm.end", flag(strings.HasSuffix(v.Text, ".")))
	set("tm.colon", flag(t.colon))
	set("tm.label", t.score)
	_, explicit := parse.PaymentTerms(v.Text, d.Locale)
	set("tm.explicit", flag(explicit))
	words := strings.Fields(v.Text)
	set("tm.words", math.Log(float64(len(words))))
	set("tm.digit", flag(hasDigit(v.Text)))
	set("tm.date", flag(len(parse.FindDates(v.Text, d.Locale)) > 0))
	set("tm.amount", flag(len(parse.FindAmounts(v.Text, d.Locale)) > 0))
}
