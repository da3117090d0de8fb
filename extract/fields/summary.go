package fields

import (
	"math"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/parse"
)

// summaryKinds are the columns of a VAT summary table ("Riepilogo IVA":
// Imponibile | Aliquota | Imposta | Totale).
var summaryKinds = map[labels.Kind]bool{
	labels.Subtotal: true, labels.TaxAmount: true, labels.TaxRate: true, labels.Total: true,
}

// vatSummary is what a VAT summary table adds up to.
type vatSummary struct {
	base, tax, total candidate
	rates            map[float64]bool
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
			setBands(cols, p.width)
			if s, ok := x.summaryRows(table{page: p, header: l, cols: cols}); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

func (x *extractor) summaryRows(t table) (vatSummary, bool) {
	s := vatSummary{rates: map[float64]bool{}}
	sums := map[labels.Kind]float64{}
	seen := map[labels.Kind]bool{}
	rows := 0
	prev := t.header
	for _, l := range t.page.lines[t.header.index+1:] {
		if l.angle != 0 || rows >= 8 || l.box.Y0-prev.box.Y1 > 3*math.Max(l.height, 1) {
			break
		}
		amounts := parse.FindAmounts(l.text, x.locale)
		if len(amounts) == 0 {
			if rows > 0 {
				break
			}
			continue
		}
		got := false
		for _, w := range l.words {
			k := t.columnOf(w.Box)
			if k == "" {
				continue
			}
			if k == labels.TaxRate {
				if v, ok := parse.Percent(w.Text, true); ok {
					s.rates[v] = true
				}
				continue
			}
			if m, ok := parse.Amount(w.Text, x.locale); ok {
				sums[k] += m.Number
				seen[k] = true
				got = true
			}
		}
		if !got {
			break
		}
		rows++
		prev = l
	}
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
