package fields

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/parse"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/invoice"
)

// column is one column of a line-item table, from its header label.
type column struct {
	kind   labels.Kind
	x0, x1 float64 // the header label's extent
	lo, hi float64 // the band of the page the column owns
}

// table is a line-item table: its header line and columns.
type table struct {
	page   *page
	header *line
	cols   []column
}

var columnKinds = map[labels.Kind]bool{
	labels.ColDescription: true, labels.ColQuantity: true, labels.ColUnit: true, labels.ColUnitPrice: true,
	labels.ColAmount: true, labels.ColTaxRate: true, labels.ColDiscount: true, labels.ColCode: true, labels.ColPosition: true,
}

var numericColumns = map[labels.Kind]bool{labels.ColQuantity: true, labels.ColUnitPrice: true, labels.ColAmount: true}

// findTables returns the line-item tables of the document: header lines that
// name a description or code column and at least one numeric column.
func (x *extractor) findTables() []table {
	var out []table
	for _, p := range x.m.pages {
		for _, l := range p.lines {
			if l.angle != 0 {
				continue
			}
			var cols []column
			kinds := map[labels.Kind]bool{}
			for _, h := range l.hits {
				if !columnKinds[h.Kind] || h.Score < minLabelScore || kinds[h.Kind] {
					continue
				}
				_, box := l.span(h.First, h.Last)
				cols = append(cols, column{kind: h.Kind, x0: box.X0, x1: box.X1})
				kinds[h.Kind] = true
			}
			numeric := 0
			for k := range kinds {
				if numericColumns[k] {
					numeric++
				}
			}
			if len(cols) < 3 || numeric < 1 || !(kinds[labels.ColDescription] || kinds[labels.ColCode]) {
				continue
			}
			sort.Slice(cols, func(i, j int) bool { return cols[i].x0 < cols[j].x0 })
			for i := range cols {
				cols[i].lo, cols[i].hi = 0, p.width
				if i > 0 {
					cols[i].lo = bandEdge(cols[i-1], cols[i])
				}
				if i < len(cols)-1 {
					cols[i].hi = bandEdge(cols[i], cols[i+1])
				}
			}
			out = append(out, table{page: p, header: l, cols: cols})
		}
	}
	return out
}

// bandEdge is the boundary between two neighbouring columns. Numbers are
// usually right-aligned under their header and text left-aligned, so the edge
// sits just after the left header for a numeric right column... in practice
// the midpoint of the gap between the two header labels works for both.
func bandEdge(a, b column) float64 {
	return (a.x1 + b.x0) / 2
}

// cell is the text of one column in one row.
type cell struct {
	text string
	box  pdf.Rect
}

// row is one line item being read.
type row struct {
	cells map[labels.Kind]*cell
	page  int
}

// lineItems reads every table's rows: lines under the header until the
// totals (a total or subtotal label), a wide gap, or the end of the page.
// Lines with no number are the wrapped continuation of the previous item's
// description.
func (x *extractor) lineItems() {
	var items []invoice.LineItem
	for _, t := range x.findTables() {
		rows := x.tableRows(t)
		for _, r := range rows {
			if it, ok := x.item(r); ok {
				x.itemEvidence(len(items), r, it)
				items = append(items, it)
			}
		}
	}
	x.r.LineItems = items
}

func (x *extractor) tableRows(t table) []row {
	var rows []row
	prevBottom := t.header.box.Y1
	for _, l := range t.page.lines[t.header.index+1:] {
		if l.angle != 0 {
			break
		}
		if l.box.Y0-prevBottom > 6*math.Max(l.height, 1) {
			break
		}
		if endsTable(l) {
			break
		}
		cells := map[labels.Kind]*cell{}
		for _, w := range l.words {
			c := t.columnOf(w.Box)
			if c == "" {
				continue
			}
			if cells[c] == nil {
				cells[c] = &cell{text: w.Text, box: w.Box}
			} else {
				cells[c].text += " " + w.Text
				cells[c].box = union(cells[c].box, w.Box)
			}
		}
		if len(cells) == 0 {
			continue
		}
		prevBottom = l.box.Y1
		if !x.hasNumbers(cells) {
			// A wrapped description line, or a section title.
			if len(rows) > 0 && cells[labels.ColDescription] != nil && len(cells) == 1 {
				d := rows[len(rows)-1].cells[labels.ColDescription]
				if d != nil && l.box.Y0-d.box.Y1 < 1.5*l.height {
					d.text += " " + cells[labels.ColDescription].text
					d.box = union(d.box, cells[labels.ColDescription].box)
				}
			}
			continue
		}
		rows = append(rows, row{cells: cells, page: t.page.num})
	}
	return rows
}

// columnOf returns the column whose band holds most of the box.
func (t table) columnOf(b pdf.Rect) labels.Kind {
	cx := (b.X0 + b.X1) / 2
	for _, c := range t.cols {
		if cx >= c.lo && cx < c.hi {
			return c.kind
		}
	}
	return ""
}

// endsTable reports whether a line closes the item table: totals labels.
func endsTable(l *line) bool {
	for _, h := range l.hits {
		switch h.Kind {
		case labels.Subtotal, labels.Total, labels.AmountDue, labels.TaxAmount, labels.Withholding, labels.StampDuty:
			if h.Score >= 0.8 && h.First <= 2 {
				return true
			}
		}
	}
	return false
}

// hasNumbers reports whether a row has a value in a numeric column.
func (x *extractor) hasNumbers(cells map[labels.Kind]*cell) bool {
	for k := range numericColumns {
		if c := cells[k]; c != nil {
			if _, ok := x.cellNumber(c.text); ok {
				return true
			}
		}
	}
	return false
}

// cellNumber reads an amount or a quantity from a cell.
func (x *extractor) cellNumber(s string) (float64, bool) {
	ms := parse.FindAmounts(s, x.locale)
	if len(ms) == 0 {
		return 0, false
	}
	return ms[0].Number, true
}

// item turns a row into a line item; rows without a description and an
// amount or price are not items.
func (x *extractor) item(r row) (invoice.LineItem, bool) {
	var it invoice.LineItem
	if c := r.cells[labels.ColDescription]; c != nil {
		it.Description = invoice.String(strings.TrimSpace(c.text))
	}
	if c := r.cells[labels.ColQuantity]; c != nil {
		if v, ok := x.cellNumber(c.text); ok {
			it.Quantity = invoice.Number(v)
			if unit := trailingUnit(c.text); unit != "" && r.cells[labels.ColUnit] == nil {
				it.Unit = invoice.String(unit)
			}
		}
	}
	if c := r.cells[labels.ColUnit]; c != nil {
		if u := strings.TrimSpace(c.text); u != "" && len(u) <= 12 {
			it.Unit = invoice.String(u)
		}
	}
	if c := r.cells[labels.ColUnitPrice]; c != nil {
		if v, ok := x.cellNumber(c.text); ok {
			it.UnitPrice = invoice.Number(v)
		}
	}
	if c := r.cells[labels.ColAmount]; c != nil {
		if ms := parse.FindAmounts(c.text, x.locale); len(ms) > 0 {
			it.Amount = invoice.Number(ms[len(ms)-1].Number)
		}
	}
	if c := r.cells[labels.ColTaxRate]; c != nil {
		if ps := parse.FindPercents(c.text); len(ps) > 0 {
			it.TaxRate = invoice.Number(ps[0].Number)
		} else if v, ok := parse.Percent(strings.TrimSpace(c.text), true); ok {
			it.TaxRate = invoice.Number(v)
		}
	}
	if c := r.cells[labels.ColDiscount]; c != nil {
		if ps := parse.FindPercents(c.text); len(ps) > 0 && ps[0].Number != 0 {
			it.DiscountPct = invoice.Number(ps[0].Number)
		}
	}
	if it.Description == nil && it.Amount == nil {
		return it, false
	}
	if it.Amount == nil && it.UnitPrice == nil {
		return it, false
	}
	return it, true
}

// trailingUnit is the unit printed after a quantity ("3 PZ", "2,5 h").
func trailingUnit(s string) string {
	f := strings.Fields(s)
	if len(f) < 2 {
		return ""
	}
	u := f[len(f)-1]
	if len(u) > 6 || strings.IndexFunc(u, unicode.IsDigit) >= 0 || strings.IndexFunc(u, unicode.IsLetter) < 0 {
		return ""
	}
	return u
}

// itemEvidence records where an item's fields were read, more confident when
// quantity × price = amount.
func (x *extractor) itemEvidence(i int, r row, it invoice.LineItem) {
	conf := 0.6
	if it.Quantity != nil && it.UnitPrice != nil && it.Amount != nil && near(*it.Quantity**it.UnitPrice, *it.Amount) {
		conf = 0.9
	}
	for k, c := range r.cells {
		field := map[labels.Kind]string{
			labels.ColDescription: "description", labels.ColQuantity: "quantity", labels.ColUnit: "unit",
			labels.ColUnitPrice: "unit_price", labels.ColAmount: "amount", labels.ColTaxRate: "tax_rate",
			labels.ColDiscount: "discount_pct",
		}[k]
		if field == "" {
			continue
		}
		x.ev[fmt.Sprintf("line_items[%d].%s", i, field)] = Evidence{Page: r.page, Box: c.box, Confidence: conf}
	}
}
