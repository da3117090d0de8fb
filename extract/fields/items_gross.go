package fields

import (
	"fmt"
	"math"
	"strings"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/parse"
)

// grossPriceKeys name an item's price before its discounts, in the notes
// printed under it ("Bruttopreis: 15,0000 €").
var grossPriceKeys = []string{
	"bruttopreis", "brutto-preis", "listenpreis",
	"prezzo lordo", "prezzo di listino",
	"gross price", "list price",
	"prix brut", "prix catalogue",
}

// grossPrices gives an item its price before discount and the discount's
// percentage where the notes under its row state both ("Artikelrabatt 1:
// 30,00%", "Bruttopreis: 15,0000 €") and the row prints the net price:
// gross × (1 − percentage) = the row's price. The notes are the lines
// between the row and the next item's row; they must hold exactly one
// gross price and exactly one percentage on a discount line.
func (x *extractor) grossPrices(rows []row) {
	for i := range rows {
		r := &rows[i]
		if _, ok := x.item(*r); !ok || r.cells[labels.ColDiscount] != nil {
			continue
		}
		net, ok := x.cellNumber(textOf(r.cells[labels.ColUnitPrice]))
		if !ok || net <= 0 || noteCell(textOf(r.cells[labels.ColUnitPrice])) {
			continue
		}
		gross, pct, ok := x.grossNote(x.noteLines(rows, i))
		if !ok || math.Abs(gross*(1-pct/100)-net) > math.Max(0.0001, 0.005*net) {
			continue
		}
		box := r.cells[labels.ColUnitPrice].box
		r.cells[labels.ColUnitPrice] = &cell{text: fmt.Sprintf("%.4f", gross), box: box}
		r.cells[labels.ColDiscount] = &cell{text: fmt.Sprintf("%g%%", pct), box: box}
	}
}

// noteLines returns the lines of row i's page below the top of row i, in
// the block of lines printed one under the other without a blank line,
// above the next row that is an item.
func (x *extractor) noteLines(rows []row, i int) []*line {
	r := rows[i]
	top, bottom := rowTop(r), math.Inf(1)
	for _, n := range rows[i+1:] {
		if n.page != r.page {
			break
		}
		if _, ok := x.item(n); ok {
			bottom = rowTop(n)
			break
		}
	}
	var out []*line
	last := math.Inf(-1)
	for _, l := range x.m.pages[r.page-1].lines {
		if l.angle != 0 || l.box.Y0 <= top+0.5 {
			continue
		}
		if l.box.Y0 >= bottom-0.5 || !math.IsInf(last, -1) && l.box.Y0-last > 0.8*l.height {
			break // the next item, or a blank line that ends the item's block
		}
		out = append(out, l)
		last = l.box.Y1
	}
	return out
}

// grossNote reads the gross price and the discount percentage from an
// item's note lines (see grossPrices).
func (x *extractor) grossNote(lines []*line) (gross, pct float64, ok bool) {
	var grosses, pcts []float64
	for _, l := range lines {
		lower := strings.ToLower(l.text)
		for _, k := range grossPriceKeys {
			// The key is found in lower case; the index holds in the
			// text while lowering keeps its length.
			if at := strings.Index(lower, k); at >= 0 && len(lower) == len(l.text) {
				if ms := parse.FindAmounts(l.text[at+len(k):], x.locale); len(ms) > 0 {
					grosses = append(grosses, ms[0].Number)
				}
			}
		}
		if hasDiscountLabel(l.text) {
			for _, p := range parse.FindPercents(l.text) {
				pcts = append(pcts, math.Abs(p.Number))
			}
		}
	}
	if len(grosses) != 1 || len(pcts) != 1 || grosses[0] <= 0 || pcts[0] <= 0 || pcts[0] >= 100 {
		return 0, 0, false
	}
	return grosses[0], pcts[0], true
}
