package resolve

import (
	"math"
	"sort"
)

// A column of amounts often ends with their sum: a grid of totals per VAT
// rate ("Nettobetrag 405,00 / 133,00 / 538,00"), the sums row under an item
// table, a list of charges over their total. The sum is the document's
// figure, the amounts over it its parts; the labels over the column name
// both alike, so only the arithmetic tells them apart.

// maxColumnRun is how many amounts up a column a sum may add.
const maxColumnRun = 12

// columnSums finds the amounts that are the sum of two or more amounts
// printed right over them in their column (each on one of the few lines
// over the last, to the cent) and those amounts: sums and parts index
// d.Values. rows are the document's amountRows, sorted here in place.
func (d *Doc) columnSums(rows []amountRow) (sums, parts map[int]bool) {
	type row = amountRow
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].page != rows[j].page {
			return rows[i].page < rows[j].page
		}
		return rows[i].line < rows[j].line
	})
	// above returns the amount of row r that stands in the column of v:
	// the one whose box, widened by half v's width, overlaps v's most.
	above := func(r row, v *Value) int {
		pad := (v.Box.X1 - v.Box.X0) / 2
		best, most := -1, 0.0
		for _, i := range r.idx {
			u := &d.Values[i]
			o := math.Min(u.Box.X1, v.Box.X1+pad) - math.Max(u.Box.X0, v.Box.X0-pad)
			if o > most {
				best, most = i, o
			}
		}
		return best
	}
	sums, parts = map[int]bool{}, map[int]bool{}
	for j, r := range rows {
		for _, ti := range r.idx {
			t := &d.Values[ti]
			want := cents(t.Num)
			if want == 0 {
				continue
			}
			var sum int64
			var run []int
			last, x := r.line, t
			for i := j - 1; i >= 0 && j-i <= maxColumnRun; i-- {
				up := rows[i]
				if up.page != r.page || last-up.line > 3 {
					break
				}
				ui := above(up, x)
				if ui < 0 {
					break
				}
				u := &d.Values[ui]
				if cents(u.Num) == 0 {
					break
				}
				sum += cents(u.Num)
				run = append(run, ui)
				last, x = up.line, u
				if len(run) >= 2 && abs64(sum-want) <= 1 {
					sums[ti] = true
					for _, p := range run {
						parts[p] = true
					}
					break
				}
			}
		}
	}
	return sums, parts
}
