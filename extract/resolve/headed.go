package resolve

import (
	"math"
	"strings"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
)

// headings returns the boxes of the column headings of line li, by the
// column each names; a line that does not name both the description and
// the amount column gives nil, but for the headers of a table of
// descriptions and amounts that call them otherwise (see below).
func headings(p *Page, li int) map[labels.Kind]layout.Rect {
	out := map[labels.Kind]layout.Rect{}
	for ci, hs := range p.labels[li] {
		best := labelHit{}
		for _, h := range hs {
			if k := keyedColumn(h.kind); k != "" && h.score > best.score {
				best, best.kind = h, k
			}
		}
		if best.kind == "" {
			continue
		}
		if _, ok := out[best.kind]; !ok {
			out[best.kind] = p.S.Cells[li][ci].Box
		}
	}
	// A table of one column of numbers prints its amounts there, whatever
	// its heading calls them ("Prices in EUR").
	if _, ok := out[labels.ColAmount]; !ok {
		price, ok := out[labels.ColUnitPrice]
		_, qty := out[labels.ColQuantity]
		if !ok || qty {
			return nil
		}
		delete(out, labels.ColUnitPrice)
		out[labels.ColAmount] = price
	}
	// A header of two cells, the amount's heading right of the other,
	// heads a description, whatever that heading calls it ("Summary",
	// "Leistung").
	if _, ok := out[labels.ColDescription]; !ok {
		cells := p.S.Cells[li]
		amount := out[labels.ColAmount]
		if len(cells) != 2 || len(out) != 1 || cells[1].Box != amount || totalsLabel(p, li, 0.7) {
			return nil
		}
		out[labels.ColDescription] = cells[0].Box
	}
	return out
}

// under returns the index of the number of ns that stands under a
// heading's box (right- or left-aligned with it, or within it), or -1.
func under(ns []numTok, box layout.Rect) int {
	best, bestD := -1, math.Inf(1)
	for i, n := range ns {
		b := n.v.Box
		if b.X1 < box.X0-colTol || b.X0 > box.X1+colTol {
			continue
		}
		d := math.Min(math.Abs(n.x1-box.X1), math.Abs(b.X0-box.X0))
		if d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// readHeaded reads a table whose rows do not multiply out (rows that
// print no quantity, or a price that is the amount) by its header row:
// under a line of column headings naming the description and the amount,
// each line with a number under the amount's heading is a row, up to a
// line labelled as a total or the next header. The text left of the numbers'
// headings is the row's description, continued by the lines under it
// that print no number.
func (t *Table) readHeaded(p *Page, lines map[int][]numTok) {
	s := p.S
	heads := make([]map[labels.Kind]layout.Rect, len(s.Cells))
	for li := range s.Cells {
		heads[li] = headings(p, li)
	}
	for h := range s.Cells {
		cols := heads[h]
		if cols == nil {
			continue
		}
		numX := cols[labels.ColAmount].X0
		for k, b := range cols {
			if k == labels.ColQuantity || k == labels.ColUnitPrice || k == labels.ColTaxRate || k == labels.ColDiscount {
				numX = math.Min(numX, b.X0)
			}
		}
		var rows []int
		for li := h + 1; li < len(s.Cells) && li <= h+80; li++ {
			// A header names no total: a word of the totals after the
			// rows is a total ("Totale" alone).
			if totalsLabel(p, li, 0.7) || heads[li] != nil {
				break
			}
			if under(lines[li], cols[labels.ColAmount]) >= 0 {
				rows = append(rows, li)
			}
		}
		if len(rows) == 0 {
			continue
		}
		texts := map[int][]layout.Word{}
		for _, li := range rows {
			for _, wi := range s.Page.Lines[li].Words {
				if w := s.Page.Words[wi]; w.Box.X1 < numX-colTol {
					texts[li] = append(texts[li], w)
				}
			}
		}
		strip := leadingColumns(rows, texts)
		for k, li := range rows {
			ns := lines[li]
			num := func(kind labels.Kind) *float64 {
				box, ok := cols[kind]
				if !ok {
					return nil
				}
				i := under(ns, box)
				if i < 0 {
					return nil
				}
				v := ns[i].val
				return &v
			}
			it := Item{Page: p.Num, Box: s.Page.Lines[li].Box, Amount: num(labels.ColAmount), UnitPrice: num(labels.ColUnitPrice),
				Quantity: num(labels.ColQuantity), TaxRate: num(labels.ColTaxRate)}
			if it.Quantity != nil && it.UnitPrice != nil && it.Amount != nil && math.Abs(*it.Quantity**it.UnitPrice-*it.Amount) <= tol {
				it.Consistent = true
			}
			// The unit: a unit word under the unit's heading.
			if box, ok := cols[labels.ColUnit]; ok {
				for _, wi := range s.Page.Lines[li].Words {
					w := s.Page.Words[wi]
					if isUnit(w.Text) && w.Box.X1 >= box.X0-colTol && w.Box.X0 <= box.X1+colTol {
						it.Unit = w.Text
					}
				}
			}
			ws := texts[li][min(strip, len(texts[li])):]
			var parts []string
			for _, w := range ws {
				if it.Unit != "" && w.Text == it.Unit && w.Box.X1 >= cols[labels.ColUnit].X0-colTol {
					continue
				}
				parts = append(parts, w.Text)
			}
			// The lines under the row up to the next, without numbers,
			// continue its description.
			next := len(s.Cells)
			if k+1 < len(rows) {
				next = rows[k+1]
			}
			bottom := s.Page.Lines[li].Box.Y1
			for lj := li + 1; lj < next && len(ws) > 0; lj++ {
				cells := s.Cells[lj]
				if len(cells) == 0 || len(lines[lj]) > 0 || totalsLine(p, lj) || keyLine(cells[0].Text) || bulleted(cells[0].Text) {
					break
				}
				if s.Page.Lines[lj].Box.Y0-bottom > 0.8*s.Height || math.Abs(cells[0].Box.X0-ws[0].Box.X0) > 1.5*s.Height || cells[0].Box.X1 >= numX {
					break
				}
				parts = append(parts, strings.TrimSpace(cells[0].Text))
				bottom = s.Page.Lines[lj].Box.Y1
			}
			it.Description = strings.Join(parts, " ")
			t.Items = append(t.Items, it)
			if it.Consistent {
				t.Rows++
			} else {
				t.Aligned++
			}
		}
		return
	}
}
