package fields

import (
	"math"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/parse"
)

// listLine is a line of two cells: words on the left and one amount in the
// right half of the page ("Cloud Storage  $2.22").
type listLine struct {
	l      *line
	text   *cell
	amount *cell
	value  float64
}

// listItems reads the items of a document that prints them as an itemised
// list without a table header: each item a head line at one left margin
// with its amount at the right, followed by detail lines indented under it
// whose amounts break the head's down ("Charges $1.87", "VAT $0.00"). Only
// a run of two or more such blocks counts, all heads at one left edge and
// all details at another further right, each head's amount the sum of its
// details, no head a totals, tax or discount line, and the heads' amounts
// summing to an amount the document prints with a total or subtotal label.
// The items are the heads: description and amount.
func (x *extractor) listItems() []row {
	for _, p := range x.m.pages {
		for _, run := range x.listRuns(p) {
			if rows, ok := x.listBlocks(run); ok {
				return rows
			}
		}
	}
	return nil
}

// listRuns splits a page into runs of list lines printed one under the
// other, without other lines or gaps between them.
func (x *extractor) listRuns(p *page) [][]listLine {
	var runs [][]listLine
	var cur []listLine
	lastBottom := math.Inf(-1)
	for _, l := range p.lines {
		ll, ok := x.asListLine(p, l)
		if !ok || l.box.Y0-lastBottom > 1.5*math.Max(l.height, 1) {
			if len(cur) > 0 {
				runs = append(runs, cur)
			}
			cur = nil
		}
		if ok {
			cur = append(cur, ll)
		}
		lastBottom = l.box.Y1
	}
	if len(cur) > 0 {
		runs = append(runs, cur)
	}
	return runs
}

// asListLine reads a line as a list line: exactly two phrases (words
// closer than a word space), the first with a word and no amount, the
// second one money amount starting in the right half of the page.
func (x *extractor) asListLine(p *page, l *line) (listLine, bool) {
	if l.angle != 0 {
		return listLine{}, false
	}
	phrases := splitPhrases(l)
	if len(phrases) != 2 {
		return listLine{}, false
	}
	text, amount := phrases[0], phrases[1]
	if !hasWord(text.text) || len(parse.FindAmounts(text.text, x.locale)) > 0 || amount.box.X0 < p.width/2 {
		return listLine{}, false
	}
	ms := x.moneyAmounts(amount.text, true)
	if len(ms) != 1 || ms[0].Start > 1 || ms[0].End < len(amount.text)-1 {
		return listLine{}, false
	}
	return listLine{l: l, text: text, amount: amount, value: ms[0].Number}, true
}

// splitPhrases splits a line into phrases: runs of words closer to each
// other than a word space (0.6 of the line's height).
func splitPhrases(l *line) []*cell {
	var out []*cell
	for i, w := range l.words {
		if i > 0 && w.Box.X0-l.words[i-1].Box.X1 < 0.6*l.height {
			c := out[len(out)-1]
			c.text += " " + w.Text
			c.box = union(c.box, w.Box)
			c.lefts = append(c.lefts, w.Box.X0)
			continue
		}
		out = append(out, &cell{text: w.Text, box: w.Box, lefts: []float64{w.Box.X0}})
	}
	return out
}

// listBlocks reads a run of list lines as head-and-details blocks (see
// listItems) and returns the heads as rows.
func (x *extractor) listBlocks(run []listLine) ([]row, bool) {
	if len(run) < 4 {
		return nil, false
	}
	tol := 1.5
	head, detail := run[0].text.box.X0, math.Inf(1)
	for _, ll := range run {
		if x0 := ll.text.box.X0; math.Abs(x0-head) > tol {
			detail = math.Min(detail, x0)
		}
	}
	if math.IsInf(detail, 1) || detail-head < 0.5*run[0].l.height {
		return nil, false
	}
	var rows []row
	var sum, parts float64
	details := 0
	closeBlock := func() bool {
		if len(rows) == 0 {
			return true
		}
		return details > 0 && math.Abs(parts-sum) < 0.005
	}
	var total float64
	for _, ll := range run {
		switch x0 := ll.text.box.X0; {
		case math.Abs(x0-head) <= tol:
			if !closeBlock() || closesList(ll.l) {
				return nil, false
			}
			rows = append(rows, row{page: ll.l.page, cells: map[labels.Kind]*cell{
				labels.ColDescription: ll.text, labels.ColAmount: ll.amount,
			}})
			sum, parts, details = ll.value, 0, 0
			total += ll.value
		case math.Abs(x0-detail) <= tol:
			parts += ll.value
			details++
		default:
			return nil, false
		}
	}
	if !closeBlock() || len(rows) < 2 || !x.printedTotal(total) {
		return nil, false
	}
	return rows, true
}

// closesList reports whether a line carries a totals, tax or discount
// label: such a line is not an item.
func closesList(l *line) bool {
	for _, h := range l.hits {
		switch h.Kind {
		case labels.Subtotal, labels.Total, labels.AmountDue, labels.TaxAmount, labels.TaxRate, labels.Discount, labels.Withholding, labels.StampDuty:
			if h.Score >= 0.7 {
				return true
			}
		}
	}
	return false
}
