package resolve

import (
	"math"
	"sort"
)

// A total may be followed, down its column, by charges outside the VAT
// base and the amount they add up to: "Totale bolletta 224,47", "Canone
// TV 14,00", "Totale da pagare 238,47"; "Totale 122,00", "Bollo 2,00",
// "Totale documento 124,00". The last amount is the document's total with
// those charges, and the sum the resolver checks (subtotal + tax = total)
// holds for it with them added.

// maxAdded is how many charges may stand between a total and the amount
// it adds up to with them.
const maxAdded = 3

// amountRow is a line's amounts: their indexes into Doc.Values, in order,
// and the line's place (y: the top of its first amount).
type amountRow struct {
	page, line int
	y          float64
	idx        []int
}

// amountRows groups the amounts printed on the pages by line, in the order
// the lines' first amounts come in Doc.Values.
func (d *Doc) amountRows() []amountRow {
	var rows []amountRow
	at := map[lineKey]int{}
	for i, v := range d.Values {
		if v.Type != TAmount || v.Line < 0 {
			continue
		}
		k := lineKey{v.Page, v.Line}
		r, ok := at[k]
		if !ok {
			r = len(rows)
			at[k] = r
			rows = append(rows, amountRow{page: v.Page, line: v.Line, y: v.Box.Y0})
		}
		rows[r].idx = append(rows[r].idx, i)
	}
	return rows
}

// addedTotals marks the amounts that are an arithmetic total (one with
// roleTotal in roles) plus the amounts printed under it in its column,
// before them: each such value's added holds the cents of that total.
// rows are the document's amountRows, sorted here in place.
func (d *Doc) addedTotals(roles map[int64]int, rows []amountRow) {
	type row = amountRow
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].page != rows[j].page {
			return rows[i].page < rows[j].page
		}
		return rows[i].y < rows[j].y
	})
	// inColumn returns the rightmost amount of row r within x0..x1.
	inColumn := func(r row, x0, x1 float64) (*Value, bool) {
		var best *Value
		for _, i := range r.idx {
			v := &d.Values[i]
			if v.Box.X1 >= x0 && v.Box.X0 <= x1 && (best == nil || v.Box.X1 > best.Box.X1) {
				best = v
			}
		}
		return best, best != nil
	}
	for j, rt := range rows {
		for _, ti := range rt.idx {
			t := &d.Values[ti]
			if t.Num <= 0 {
				continue
			}
			for i := j - 1; i >= 0 && rows[i].page == rt.page; i-- {
				if j-i-1 > 2*maxAdded {
					break
				}
				// The total over the charges, in t's column, and the
				// charges between them.
				x, ok := inColumn(rows[i], t.Box.X0-30, t.Box.X1+30)
				if !ok || x.Num <= 0 || roles[cents(x.Num)]&roleTotal == 0 {
					continue
				}
				x0, x1 := math.Min(x.Box.X0, t.Box.X0)-20, math.Max(x.Box.X1, t.Box.X1)+20
				added, n := int64(0), 0
				for k := i + 1; k < j; k++ {
					if c, ok := inColumn(rows[k], x0, x1); ok {
						added += cents(c.Num)
						n++
					}
				}
				if n >= 1 && n <= maxAdded && added > 0 && abs64(cents(x.Num)+added-cents(t.Num)) <= 1 {
					t.added = cents(x.Num)
				}
			}
		}
	}
}
