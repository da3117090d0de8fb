package fields

import (
	"math"
	"strings"

	"github.com/invex/invex/extract/labels"
)

// inferOther gives a field to a column whose header names none, from what
// its cells hold, when the table lacks that field's column:
//   - an amount column when quantity × unit price equals its number in
//     every row that has the three (at least two rows, or the only one);
//   - a unit column when every cell is a unit of measure ("KG", "PZ").
func (x *extractor) inferOther(cols []column, rows []row) {
	has := map[labels.Kind]bool{}
	for _, c := range cols {
		has[c.kind] = true
	}
	for i := range cols {
		k := cols[i].kind
		if !isOther(k) {
			continue
		}
		var to labels.Kind
		switch {
		case !has[labels.ColAmount] && x.productColumn(k, rows):
			to = labels.ColAmount
		case !has[labels.ColUnit] && unitColumn(k, rows):
			to = labels.ColUnit
		default:
			continue
		}
		cols[i].kind, has[to] = to, true
		for _, r := range rows {
			if c := r.cells[k]; c != nil {
				r.cells[to] = c
				delete(r.cells, k)
			}
		}
	}
}

// productColumn reports whether column k holds quantity × unit price in
// every row that has the three, and there is such a row in every row
// with a quantity and a price, or at least two of them.
func (x *extractor) productColumn(k labels.Kind, rows []row) bool {
	checked, priced := 0, 0
	for _, r := range rows {
		q, okq := x.cellNumber(textOf(r.cells[labels.ColQuantity]))
		p, okp := x.cellNumber(textOf(r.cells[labels.ColUnitPrice]))
		if !okq || !okp {
			continue
		}
		priced++
		a, oka := x.cellNumber(textOf(r.cells[k]))
		if !oka {
			continue
		}
		if !near(math.Abs(q*p), math.Abs(a)) {
			return false
		}
		checked++
	}
	return checked >= 2 || checked == 1 && priced == 1
}

// unitColumn reports whether every cell of column k is a unit of measure,
// and some are.
func unitColumn(k labels.Kind, rows []row) bool {
	n := 0
	for _, r := range rows {
		c := r.cells[k]
		if c == nil {
			continue
		}
		if !measureUnit(strings.TrimSpace(c.text)) {
			return false
		}
		n++
	}
	return n > 0
}
