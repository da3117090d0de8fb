package fields

import (
	"math"
	"sort"
	"strings"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/parse"
	"github.com/invex/invex/extract/pdf"
)

// amountCandidates collects amounts introduced by labels of one kind: the
// last amount on the rest of the label's line (before another label), or
// the amount under the label in its column.
func (x *extractor) amountCandidates(kinds ...labels.Kind) []candidate {
	var out []candidate
	x.m.hits(func(p *page, l *line, h labels.Hit) {
		if text, box, ok := restOfLine(l, h); ok {
			if c, ok := x.lastAmount(text, box, p.num); ok {
				c.score = h.Score * amountPageWeight(p, x.m)
				out = append(out, c)
			}
		}
		for _, s := range x.m.slots(p, l, h, 2) {
			if s.where != under {
				continue
			}
			if c, ok := x.lastAmount(s.text, s.box, p.num); ok {
				c.score = h.Score * 0.8 * amountPageWeight(p, x.m)
				c.under = true
				out = append(out, c)
			}
		}
	}, kinds...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	return out
}

// amountPageWeight prefers totals on the last page, where multi-page
// invoices print them, without ignoring the first (utility bills summarise
// there).
func amountPageWeight(p *page, m *model) float64 {
	if p.num == len(m.pages) || p.num == 1 {
		return 1
	}
	return 0.8
}

// restOfLine is the text after hit h up to the next label on the line.
func restOfLine(l *line, h labels.Hit) (string, pdf.Rect, bool) {
	end := len(l.words) - 1
	for _, o := range l.hits {
		if o.First > h.Last && o.First-1 < end && o.Score >= minLabelScore {
			end = o.First - 1
		}
	}
	if h.Last+1 > end {
		return "", pdf.Rect{}, false
	}
	text, box := l.span(h.Last+1, end)
	return text, box, true
}

// lastAmount is the last amount in text that is not a percentage.
func (x *extractor) lastAmount(text string, box pdf.Rect, page int) (candidate, bool) {
	ms := parse.FindAmounts(text, x.locale)
	for i := len(ms) - 1; i >= 0; i-- {
		m := ms[i]
		if strings.HasPrefix(strings.TrimSpace(text[m.End:]), "%") {
			continue
		}
		c := candidate{num: m.Number, str: m.Currency, page: page, box: box, ok: true}
		return c, true
	}
	return candidate{}, false
}

// rateCandidates are percentages printed with tax labels.
func (x *extractor) rateCandidates() []candidate {
	var out []candidate
	x.m.hits(func(p *page, l *line, h labels.Hit) {
		text, box, ok := restOfLine(l, h)
		if !ok {
			return
		}
		for _, m := range parse.FindPercents(text) {
			out = append(out, candidate{num: m.Number, score: h.Score, page: p.num, box: box, ok: true})
			break
		}
	}, labels.TaxRate, labels.TaxAmount)
	return out
}

// tolerance of the arithmetic checks: a cent or 0.05% of the amount.
func tolerance(v float64) float64 { return math.Max(0.011, 0.0005*math.Abs(v)) }

func near(a, b float64) bool { return math.Abs(a-b) <= tolerance(math.Max(math.Abs(a), math.Abs(b))) }

// totals chooses subtotal, tax and total jointly: among the best candidates
// of each, the combination whose arithmetic holds wins over higher label
// scores that do not add up. Stamp duty and withholding may explain a
// difference.
func (x *extractor) totals() {
	subs := top(x.amountCandidates(labels.Subtotal), 4)
	taxes := top(x.amountCandidates(labels.TaxAmount), 4)
	tots := top(x.amountCandidates(labels.Total), 4)
	dues := top(x.amountCandidates(labels.AmountDue), 3)
	stamp := first(x.amountCandidates(labels.StampDuty))
	wh := first(x.amountCandidates(labels.Withholding))
	disc := first(x.amountCandidates(labels.Discount))
	if len(tots) == 0 {
		tots = dues // no document total printed: the amount due is the total
	}
	multiRate := false
	var verified []vatSummary
	for _, sm := range x.summaries() {
		if sm.verified && sm.base.ok && sm.tax.ok {
			verified = append(verified, sm)
		}
		if sm.base.ok {
			subs = append(subs, sm.base)
		}
		if sm.tax.ok {
			taxes = append(taxes, sm.tax)
		}
		if sm.total.ok {
			tots = append(tots, sm.total)
		}
		if len(sm.rates) > 1 {
			multiRate = true
		}
	}
	x.multiRate = multiRate

	var bestSub, bestTax, bestTot candidate
	bestScore := -1.0
	consistent := false
	for _, s := range withNone(subs) {
		for _, t := range withNone(taxes) {
			for _, g := range withNone(tots) {
				score := s.score + t.score + g.score
				ok := s.ok && t.ok && g.ok && adds(s.num, t.num, g.num, stamp, wh)
				if ok {
					score += 1.5
				} else if s.ok && t.ok && g.ok {
					score -= 1
				}
				if score > bestScore {
					bestScore, bestSub, bestTax, bestTot, consistent = score, s, t, g, ok
				}
			}
		}
	}
	// A missing member of the triple is taken when the page prints the
	// amount the other two imply (a total without a label we know, say).
	if !consistent {
		switch {
		case bestSub.ok && bestTax.ok && !bestTot.ok:
			if c, ok := x.printedAmount(bestSub.num+bestTax.num, 0.75); ok {
				bestTot, consistent = c, true
			}
		case bestSub.ok && bestTot.ok && !bestTax.ok:
			if c, ok := x.printedAmount(bestTot.num-bestSub.num, 0.7); ok {
				bestTax, consistent = c, true
			} else if c, ok := sumOfLines(x.amountCandidates(labels.TaxAmount), bestTot.num-bestSub.num); ok {
				// One VAT line per rate: their sum is the tax.
				bestTax, consistent, x.multiRate = c, true, true
			}
		case bestTax.ok && bestTot.ok && !bestSub.ok:
			if c, ok := x.printedAmount(bestTot.num-bestTax.num, 0.7); ok {
				bestSub, consistent = c, true
			}
		}
	}
	// A VAT summary whose every row checks (tax = base × rate) vouches for
	// its base and tax even when the total includes what the summary does
	// not (charges, advances, rounding): the total then stands only under
	// an unmistakable label.
	if !consistent && len(verified) > 0 {
		sm := verified[0]
		sub, tax := sm.base, sm.tax
		sub.score, tax.score = 0.85, 0.85
		x.setNumber("financials.subtotal", &x.r.Financials.Subtotal, sub)
		x.setNumber("financials.tax_amount", &x.r.Financials.TaxAmount, tax)
		if bestTot.ok && bestTot.score >= 0.95 {
			x.setNumber("financials.total", &x.r.Financials.Total, scaled(bestTot, 0.6))
		}
		x.finishTotals(stamp, wh, disc, sub, tax, bestTot)
		return
	}
	// Agreement between fields is the strongest evidence; lone values keep
	// their label's score, discounted.
	// Values that contradict each other are not reported: a wrong total
	// is worse than none. A lone value keeps its label's score, discounted.
	present := 0
	for _, c := range []candidate{bestSub, bestTax, bestTot} {
		if c.ok {
			present++
		}
	}
	boost := func(c candidate) candidate {
		switch {
		case consistent:
			c.score = math.Min(1, 0.6+0.4*c.score)
		case present >= 2:
			return candidate{}
		default:
			c.score *= 0.75
		}
		return c
	}
	x.setNumber("financials.subtotal", &x.r.Financials.Subtotal, boost(bestSub))
	x.setNumber("financials.tax_amount", &x.r.Financials.TaxAmount, boost(bestTax))
	tot := boost(bestTot)
	if !consistent && present >= 2 && bestTot.ok && bestTot.score >= 0.95 {
		// A total under an unmistakable label ("Totale documento",
		// "Rechnungsbetrag") stands even when the parts do not add up.
		tot = scaled(bestTot, 0.6)
	}
	x.setNumber("financials.total", &x.r.Financials.Total, tot)
	x.finishTotals(stamp, wh, disc, bestSub, bestTax, bestTot)
}

// finishTotals sets the amounts read beside the chosen subtotal, tax and
// total: stamp duty, withholding, discount and the VAT rate.
func (x *extractor) finishTotals(stamp, wh, disc, sub, tax, tot candidate) {
	x.setNumber("financials.stamp_duty", &x.r.Financials.StampDuty, scaled(nonZero(stamp), 0.8))
	x.setNumber("financials.withholding_tax", &x.r.Financials.WithholdingTax, scaled(nonZero(wh), 0.8))
	x.setNumber("financials.discount", &x.r.Financials.Discount, scaled(x.checkedDiscount(nonZero(disc), sub, tax, tot), 0.9))
	x.taxRate(sub, tax)
}

// sumOfLines adds tax amounts printed on different lines (one per VAT
// rate) and returns their sum when it equals want.
func sumOfLines(cs []candidate, want float64) (candidate, bool) {
	seen := map[pdf.Rect]bool{}
	var sum float64
	var box pdf.Rect
	n := 0
	for _, c := range cs {
		if seen[c.box] || c.under {
			continue
		}
		seen[c.box] = true
		sum += c.num
		if n == 0 {
			box = c.box
		} else {
			box = union(box, c.box)
		}
		n++
	}
	if n < 2 || !near(sum, want) {
		return candidate{}, false
	}
	return candidate{num: math.Round(sum*100) / 100, score: 0.75, page: cs[0].page, box: box, ok: true}, true
}

// printedAmount finds an amount printed anywhere in the document equal to v
// (a zero is never taken this way).
func (x *extractor) printedAmount(v, score float64) (candidate, bool) {
	if math.Abs(v) < 0.005 {
		return candidate{}, false
	}
	for _, p := range x.m.pages {
		for _, l := range p.lines {
			for _, m := range parse.FindAmounts(l.text, x.locale) {
				if near(m.Number, v) {
					return candidate{num: m.Number, score: score, page: p.num, box: l.box, ok: true}, true
				}
			}
		}
	}
	return candidate{}, false
}

// adds reports whether subtotal + tax = total, possibly with a stamp duty
// added or a withholding deducted.
func adds(sub, tax, total float64, stamp, wh candidate) bool {
	sum := sub + tax
	if near(sum, total) {
		return true
	}
	if stamp.ok && near(sum+stamp.num, total) {
		return true
	}
	if wh.ok && (near(sum-math.Abs(wh.num), total) || stamp.ok && near(sum+stamp.num-math.Abs(wh.num), total)) {
		return true
	}
	return false
}

// taxRate sets the single VAT rate when the page prints one that agrees with
// tax and subtotal, or when tax ÷ subtotal is one of the usual rates.
func (x *extractor) taxRate(sub, tax candidate) {
	if x.multiRate {
		return // several rates: no single tax_rate
	}
	rates := x.rateCandidates()
	distinct := map[float64]bool{}
	for _, r := range rates {
		distinct[r.num] = true
	}
	if sub.ok && tax.ok && sub.num != 0 {
		implied := tax.num / sub.num * 100
		for _, r := range rates {
			if math.Abs(sub.num*r.num/100-tax.num) <= math.Max(0.02, 0.005*math.Abs(tax.num)) {
				r.score = math.Min(1, r.score+0.2)
				x.setNumber("financials.tax_rate", &x.r.Financials.TaxRate, r)
				return
			}
		}
		if len(distinct) <= 1 {
			for _, std := range []float64{22, 21, 20, 19, 10, 8.1, 7.7, 7, 6, 5.5, 5, 4, 2.1, 0} {
				if math.Abs(implied-std) < 0.05 {
					x.setNumber("financials.tax_rate", &x.r.Financials.TaxRate,
						candidate{num: std, score: 0.7, page: tax.page, box: tax.box, ok: true})
					return
				}
			}
		}
		return
	}
	if len(distinct) == 1 {
		x.setNumber("financials.tax_rate", &x.r.Financials.TaxRate, scaled(rates[0], 0.6))
	}
}

// currency takes the code printed with the amounts, or the euro when the
// pages show the euro sign or code.
func (x *extractor) currency() {
	counts := map[string]int{}
	var where candidate
	for _, p := range x.m.pages {
		for _, l := range p.lines {
			for _, m := range parse.FindAmounts(l.text, x.locale) {
				if m.Currency != "" {
					counts[m.Currency]++
					if !where.ok {
						where = candidate{page: p.num, box: l.box, ok: true}
					}
				}
			}
		}
	}
	if len(counts) == 0 {
		// No amount carries a sign or code: a code or sign printed anywhere
		// ("Beträge in EUR", "Währung: EUR", "importi in euro").
		for _, p := range x.m.pages {
			for _, l := range p.lines {
				for _, w := range l.words {
					t := strings.Trim(w.Text, ":;,.()[]")
					if strings.EqualFold(t, "euro") {
						t = "EUR"
					}
					if code, ok := parse.Currency(t); ok {
						counts[code]++
						if !where.ok {
							where = candidate{page: p.num, box: w.Box, ok: true}
						}
					}
				}
			}
		}
	}
	best, n := "", 0
	for c, k := range counts {
		if k > n || k == n && c < best {
			best, n = c, k
		}
	}
	if best == "" {
		return
	}
	where.str, where.score = best, 0.9
	if len(counts) > 1 {
		where.score = 0.6
	}
	x.setString("invoice.currency", &x.r.Invoice.Currency, where)
	x.setString("financials.currency", &x.r.Financials.Currency, where)
}

// nonZero drops a printed zero: "Sconto 0,00" states that there is none.
func nonZero(c candidate) candidate {
	if math.Abs(c.num) < 0.005 {
		return candidate{}
	}
	return c
}

// checkedDiscount keeps a discount only when the amounts show it was taken:
// the line amounts less the discount give the subtotal, or subtotal less
// discount plus tax gives the total. A discount label alone is too often a
// per-line note or a conditional cash discount (Skonto).
func (x *extractor) checkedDiscount(d, sub, tax, tot candidate) candidate {
	if !d.ok {
		return d
	}
	v := math.Abs(d.num)
	if sub.ok {
		var sum float64
		n := 0
		for _, it := range x.r.LineItems {
			if it.Amount != nil {
				sum += *it.Amount
				n++
			}
		}
		if n > 0 && n == len(x.r.LineItems) && near(sum-v, sub.num) {
			return d
		}
		if tax.ok && tot.ok && near(sub.num-v+tax.num, tot.num) {
			return d
		}
	}
	return candidate{}
}

func top(cs []candidate, n int) []candidate {
	if len(cs) > n {
		return cs[:n]
	}
	return cs
}

func first(cs []candidate) candidate {
	if len(cs) == 0 {
		return candidate{}
	}
	return cs[0]
}

func withNone(cs []candidate) []candidate { return append(append([]candidate{}, cs...), candidate{}) }

func scaled(c candidate, f float64) candidate {
	c.score *= f
	return c
}
