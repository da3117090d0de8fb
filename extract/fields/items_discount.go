package fields

import (
	"fmt"
	"math"
	"strings"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/parse"
)

// mergeDiscountRows folds into an item the discount row printed right
// under it ("abzgl. 16,7% Rabatt -2,00"): a row without description or
// quantity, with a discount label, a percentage and a negative amount that
// is that percentage of the item's amount. The item's amount becomes the
// amount after the discount and its discount the percentage.
func (x *extractor) mergeDiscountRows(rows []row) []row {
	out := rows[:0]
	for i := 0; i < len(rows); i++ {
		r := rows[i]
		if i+1 < len(rows) {
			if net, pct, ok := x.discountRow(r, rows[i+1]); ok {
				amount := *r.cells[labels.ColAmount]
				amount.text = fmt.Sprintf("%.4f", net) // four decimals: never read as thousands
				amount.lefts = nil
				r.cells[labels.ColAmount] = &amount
				if r.cells[labels.ColDiscount] == nil {
					r.cells[labels.ColDiscount] = &cell{text: fmt.Sprintf("%g%%", pct), box: rows[i+1].cells[labels.ColAmount].box}
				}
				i++
			}
		}
		out = append(out, r)
	}
	return out
}

// discountRow reports whether row d, right under item row r, is r's
// discount (see mergeDiscountRows), with r's amount after it and the
// percentage.
func (x *extractor) discountRow(r, d row) (net, pct float64, ok bool) {
	if r.page != d.page || d.cells[labels.ColDescription] != nil || d.cells[labels.ColAmount] == nil || r.cells[labels.ColAmount] == nil {
		return 0, 0, false
	}
	if _, ok := x.cellNumber(textOf(d.cells[labels.ColQuantity])); ok && !strings.Contains(textOf(d.cells[labels.ColQuantity]), "%") {
		return 0, 0, false
	}
	if gap := rowTop(d) - rowBottom(r); gap > 4*rowHeight(r) {
		return 0, 0, false
	}
	ms := x.moneyAmounts(d.cells[labels.ColAmount].text, true)
	as := x.moneyAmounts(r.cells[labels.ColAmount].text, true)
	if len(ms) != 1 || ms[0].Number >= 0 || len(as) == 0 || as[len(as)-1].Number <= 0 {
		return 0, 0, false
	}
	a, m := as[len(as)-1].Number, ms[0].Number
	var text []string
	for k, c := range d.cells {
		if k != labels.ColAmount {
			text = append(text, c.text)
		}
	}
	joined := strings.Join(text, " ")
	if !hasDiscountLabel(joined) {
		return 0, 0, false
	}
	ps := parse.FindPercents(joined)
	if len(ps) != 1 {
		return 0, 0, false
	}
	pct = math.Abs(ps[0].Number)
	// The percentage may be printed rounded ("16,7%" of 12,00 is 2,00):
	// half a point of the amount is allowed.
	if math.Abs(a*pct/100-math.Abs(m)) > math.Max(0.011, 0.005*a) {
		return 0, 0, false
	}
	return a + m, pct, true
}

// hasDiscountLabel reports whether a discount label occurs in s.
func hasDiscountLabel(s string) bool {
	for _, h := range labels.Find(strings.Fields(s)) {
		if (h.Kind == labels.Discount || h.Kind == labels.ColDiscount) && h.Score >= 0.7 {
			return true
		}
	}
	return false
}
