package fields

import (
	"math"
	"sort"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/parse"
)

// summaryKinds are the columns of a VAT summary table ("Riepilogo IVA":
// Imponibile | Aliquota | Imposta | Totale).
var summaryKinds = map[labels.Kind]bool{
	labels.Subtotal: true, labels.TaxAmount: true, labels.TaxRate: true, labels.Total: true,
}

// otherColumn marks a summary column whose amounts are not summed.
const otherColumn labels.Kind = "other"

// vatSummary is what a VAT summary table adds up to.
type vatSummary struct {
	base, tax, total candidate
	rates            map[float64]bool
	// verified is set when every row prints a rate, a base and a tax, and
	// the tax is the base at that rate: the table then vouches for the
	// base and tax sums on its own.
	verified bool
}

// summaries reads the VAT summary tables: header rows of at least two
// summary labels with no amount on them, and the rows of amounts under
// them, whose columns are added up.
func (x *extractor) summaries() []vatSummary {
	var out []vatSummary
	for _, p := range x.m.pages {
		for _, l := range p.lines {
			if l.angle != 0 || len(parse.FindAmounts(l.text, x.locale)) > 0 {
				continue
			}
			n := 0
			for _, h := range l.hits {
				if summaryKinds[h.Kind] && h.Score >= minLabelScore {
					n++
				}
			}
			if n < 2 {
				continue
			}
			cols := classifyColumns([]*line{l}, func(k labels.Kind) labels.Kind { return k }, summaryKinds)
			if len(cols) < 2 {
				continue
			}
			cols = append(cols, unlabeledCells(l, cols)...)
			// Two columns of one kind ("Warenwert" and "Nettobetrag" both
			// read as net amounts): the rightmost, nearest the tax, is the
			// taxable base; the other is only kept apart.
			for i := range cols {
				for j := i + 1; j < len(cols); j++ {
					if cols[j].kind == cols[i].kind {
						cols[i].kind = otherColumn
						break
					}
				}
			}
			setBands(cols, p.width)
			s, ok := x.summaryRows(table{page: p, header: l, cols: cols})
			if !ok {
				continue
			}
			if !s.verified {
				// Left-aligned headers over right-aligned amounts: an
				// amount may sit past the midpoint to the next header,
				// and a label set tight against the next may not have
				// made a column. Columns that start at their header and
				// run to the next one are taken when their rows check.
				alt := append(append([]column(nil), cols...), uncoveredHits(l, cols)...)
				leftBands(alt, p.width)
				if s2, ok := x.summaryRows(table{page: p, header: l, cols: alt}); ok && s2.verified {
					s = s2
				}
			}
			out = append(out, s)
		}
	}
	return out
}

func (x *extractor) summaryRows(t table) (vatSummary, bool) {
	s := vatSummary{rates: map[float64]bool{}}
	sums := map[labels.Kind]float64{}
	seen := map[labels.Kind]bool{}
	rows, verified, wrapped := 0, 0, 0
	totalRow := false
	prev := t.header
	for _, l := range x.linesAfter(t.page, t.header) {
		if l.page != prev.page {
			prev = l // the table goes on at the top of the next page
		}
		if l.angle != 0 || rows >= 8 || l.box.Y0-prev.box.Y1 > 3*math.Max(l.height, 1) {
			break
		}
		amounts := parse.FindAmounts(l.text, x.locale)
		if len(amounts) == 0 {
			// Rows may wrap a description ("Non soggette – altri
			// casi") over lines without amounts; a line of labels ends
			// the table.
			if rows > 0 && (hasLabel(l) || wrapped >= 4) {
				break
			}
			wrapped++
			prev = l
			continue
		}
		wrapped = 0
		got := false
		row := map[labels.Kind]float64{}
		rate, hasRate := 0.0, false
		for _, w := range l.words {
			k := t.columnOf(w.Box)
			if k == "" {
				continue
			}
			if k == labels.TaxRate {
				if v, ok := parse.Percent(w.Text, true); ok {
					s.rates[v] = true
					rate, hasRate = v, true
				}
				continue
			}
			if m, ok := parse.Amount(w.Text, x.locale); ok {
				sums[k] += m.Number
				seen[k] = true
				row[k] += m.Number
				got = true
			}
		}
		if !got {
			// Numbers outside the amount columns ("art. 15 del D.P.R.
			// 633/1972"): a wrapped description.
			if rows > 0 && (hasLabel(l) || wrapped >= 4) {
				break
			}
			wrapped++
			prev = l
			continue
		}
		if rows > 0 && !(rows >= 2 && sumRow(row, sums)) && opensWithLabel(l) {
			// A line of its own after the table ("Totale documento
			// 876,00"): the table has ended.
			for k, v := range row {
				sums[k] -= v
			}
			break
		}
		if rows >= 2 && sumRow(row, sums) {
			// The table's own total row: every column it prints is the sum
			// of the rows above. Stop without counting it twice.
			for k, v := range row {
				sums[k] -= v
			}
			totalRow = true
			break
		}
		base, okb := row[labels.Subtotal]
		tax, okt := row[labels.TaxAmount]
		switch {
		case hasRate && okb && okt && math.Abs(base*rate/100-tax) <= math.Max(0.011, 0.005*math.Abs(tax)):
			verified++
		case okb && okt && tax == 0 && rate == 0:
			verified++ // an exempt row: a nature code in place of the rate
			s.rates[0] = true
		}
		rows++
		prev = l
	}
	s.verified = rows > 0 && (verified == rows || totalRow)
	if rows == 0 {
		return s, false
	}
	box := union(t.header.box, prev.box)
	mk := func(k labels.Kind, score float64) candidate {
		if !seen[k] {
			return candidate{}
		}
		return candidate{num: math.Round(sums[k]*100) / 100, score: score, page: t.page.num, box: box, ok: true}
	}
	s.base, s.tax, s.total = mk(labels.Subtotal, 0.85), mk(labels.TaxAmount, 0.85), mk(labels.Total, 0.7)
	return s, true
}

// leftBands gives each column the band from its header's left edge to the
// next header's left edge.
func leftBands(cols []column, width float64) {
	sort.Slice(cols, func(i, j int) bool { return cols[i].x0 < cols[j].x0 })
	for i := range cols {
		cols[i].lo, cols[i].hi = cols[i].x0, width
		if i == 0 {
			cols[i].lo = 0
		}
		if i < len(cols)-1 {
			cols[i].hi = cols[i+1].x0
		}
	}
}

// linesAfter returns the lines after l on its page and, when l stands in
// the bottom fifth of the page, the lines of the next page: a table whose
// header ends one page goes on at the top of the next.
func (x *extractor) linesAfter(p *page, l *line) []*line {
	out := p.lines[l.index+1:]
	if l.box.Y1 < 0.8*p.height || p.num >= len(x.m.pages) {
		return out
	}
	return append(append([]*line(nil), out...), x.m.pages[p.num].lines...)
}

// opensWithLabel reports whether a line starts with a strong label of a
// document amount (a total, an amount due, a deduction): rows of a VAT
// summary start with a rate, a nature code or a tax name instead.
func opensWithLabel(l *line) bool {
	for _, h := range l.hits {
		if h.First != 0 || h.Score < 0.8 {
			continue
		}
		switch h.Kind {
		case labels.Total, labels.AmountDue, labels.Withholding, labels.StampDuty, labels.Discount:
			return true
		}
	}
	return false
}

// hasLabel reports whether any label stands on the line.
func hasLabel(l *line) bool {
	for _, h := range l.hits {
		if h.Score >= minLabelScore {
			return true
		}
	}
	return false
}

// sumRow reports whether a row's amounts, just added into sums, are each
// half of their column's sum: the row repeats the sum of the rows above.
func sumRow(row, sums map[labels.Kind]float64) bool {
	if len(row) < 2 {
		return false
	}
	for k, v := range row {
		if !near(v, sums[k]-v) {
			return false
		}
	}
	return true
}

// uncoveredHits returns the summary labels of a header line that no
// column covers ("TOTALE CON IVA" set tight against "IMPONIBILE"), as
// columns of their own.
func uncoveredHits(l *line, cols []column) []column {
	var out []column
	for _, h := range l.hits {
		if !summaryKinds[h.Kind] || h.Score < minLabelScore {
			continue
		}
		_, box := l.span(h.First, h.Last)
		covered := false
		for _, c := range append(cols, out...) {
			if box.X0 < c.x1 && c.x0 < box.X1 {
				covered = true
				break
			}
		}
		if !covered {
			out = append(out, column{kind: h.Kind, x0: box.X0, x1: box.X1})
		}
	}
	return out
}

// unlabeledCells returns the cells of a header line that no summary label
// covers ("Warenwert", "Zu-/Abschlag"), as columns whose amounts are not
// summed, so that their values do not fall into a neighbour's band.
func unlabeledCells(l *line, cols []column) []column {
	var out []column
	start := 0
	for i := range l.words {
		if i < len(l.words)-1 && !l.gapAfter(i) {
			continue
		}
		_, box := l.span(start, i)
		start = i + 1
		covered := false
		for _, c := range cols {
			if box.X0 < c.x1 && c.x0 < box.X1 {
				covered = true
				break
			}
		}
		if !covered {
			out = append(out, column{kind: otherColumn, x0: box.X0, x1: box.X1})
		}
	}
	return out
}
