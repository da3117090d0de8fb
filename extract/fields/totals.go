package fields

import (
	"math"
	"sort"
	"strings"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/parse"
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
				c.label = h.Score
				out = append(out, c)
			}
		}
		if itemHeading(l) {
			// A total's word heading the line amounts of an item table
			// ("Total" beside "Quantity" and "Unit price"): what is under
			// it is the first line's amount.
			return
		}
		for _, s := range x.m.slots(p, l, h, 2) {
			if s.where == nextLine && withinBand(l, h, s.box) {
				// A left-aligned heading over a right-aligned amount that
				// ends before the next heading: "Importo bollo   Sconto"
				// over "      12,34".
				s.where = under
			}
			if s.where != under {
				continue
			}
			if c, ok := x.lastAmount(s.text, s.box, p.num); ok {
				c.score = h.Score * 0.8 * amountPageWeight(p, x.m)
				c.label = h.Score
				c.under = true
				out = append(out, c)
			}
		}
	}, kinds...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	return out
}

// itemHeading reports whether l is the header row of an item table: it
// heads a quantity or a unit-price column and one other item column.
func itemHeading(l *line) bool {
	cols := map[labels.Kind]bool{}
	for _, h := range l.hits {
		switch h.Kind {
		case labels.ColQuantity, labels.ColUnitPrice, labels.ColDescription, labels.ColCode, labels.ColUnit:
			if h.Score >= minLabelScore {
				cols[h.Kind] = true
			}
		}
	}
	return len(cols) >= 2 && (cols[labels.ColQuantity] || cols[labels.ColUnitPrice])
}

// withinBand reports whether box lies between the start of hit h and the
// start of the next label on its line: in h's column of a header row.
func withinBand(l *line, h labels.Hit, box layout.Rect) bool {
	_, lbox := l.span(h.First, h.Last)
	if box.X0 < lbox.X0-l.height {
		return false
	}
	for _, o := range l.hits {
		if o.First > h.Last && o.Score >= minLabelScore {
			_, obox := l.span(o.First, o.Last)
			return box.X1 <= obox.X0
		}
	}
	return false
}

// amountPageWeight prefers totals on the last page, where multi-page
// invoices print them, without ignoring the first (utility bills summarise
// there).
func amountPageWeight(p *page, m *model) float64 {
	if p.num == 1 || p.num >= m.lastPage() {
		return 1
	}
	return 0.8
}

// lastPage is the number of the last page with some body: a trailing page
// holding only a footer or a stylesheet's credit does not count.
func (m *model) lastPage() int {
	for i := len(m.pages) - 1; i > 0; i-- {
		if len(m.pages[i].lines) > 5 {
			return m.pages[i].num
		}
	}
	return 1
}

// restOfLine is the text after hit h up to the next label on the line.
func restOfLine(l *line, h labels.Hit) (string, layout.Rect, bool) {
	end := len(l.words) - 1
	for _, o := range l.hits {
		if o.First > h.Last && o.First-1 < end && o.Score >= minLabelScore {
			end = o.First - 1
		}
	}
	if h.Last+1 > end {
		return "", layout.Rect{}, false
	}
	text, box := l.span(h.Last+1, end)
	return text, box, true
}

// lastAmount is the last amount in text that is not a percentage.
func (x *extractor) lastAmount(text string, box layout.Rect, page int) (candidate, bool) {
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
		if ms := parse.FindPercents(text); len(ms) > 0 {
			out = append(out, candidate{num: ms[0].Number, score: h.Score, page: p.num, box: box, ok: true})
			return
		}
		// "Aliquota IVA (%): 22.00", "VAT %: 20": the label carries the
		// percent sign and the value is a bare number.
		label, _ := l.span(h.First, h.Last)
		if h.Kind != labels.TaxRate || !strings.Contains(label+" "+text, "%") {
			return
		}
		for _, w := range strings.Fields(text) {
			if v, ok := parse.Percent(strings.TrimSuffix(w, ","), true); ok && v > 0 && v < 100 {
				out = append(out, candidate{num: v, score: h.Score * 0.9, page: p.num, box: box, ok: true})
				return
			}
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
	discs := top(x.amountCandidates(labels.Discount), 8)
	if d, ok := x.statedDiscount(); ok {
		discs = []candidate{d}
	}
	// Several discount lines that add up with the other amounts come
	// first: one of them alone, even one that states its computation, is
	// then only part of the discount.
	if d, ok := x.discountLinesSum(); ok {
		discs = append([]candidate{d}, discs...)
	}
	if len(tots) == 0 {
		tots = dues // no document total printed: the amount due is the total
	}
	if sub, tax, tot, ok := x.totalRow(); ok {
		subs, taxes, tots = append(subs, sub), append(taxes, tax), append(tots, tot)
	}
	if rl := x.rateLines(); len(rl) > 0 {
		base, tax := rl[0].base, rl[0].tax
		if len(rl) > 1 {
			// One line per rate: the sums are the document's.
			for _, r := range rl[1:] {
				base.num += r.base.num
				tax.num += r.tax.num
				base.box, tax.box = union(base.box, r.base.box), union(tax.box, r.tax.box)
			}
			base.num, tax.num = math.Round(base.num*100)/100, math.Round(tax.num*100)/100
		}
		subs = append(subs, base)
		taxes = append(taxes, tax)
	}
	multiRate := false
	var verified []vatSummary
	for _, sm := range x.summaries() {
		if sm.verified && sm.base.ok && sm.tax.ok {
			verified = append(verified, sm)
		}
		if sm.verified {
			// Rows that check are stronger than any single value.
			sm.base.score += 0.3
			sm.tax.score += 0.3
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
				ok := s.ok && t.ok && g.ok && plausibleTax(s.num, t.num) && adds(s.num, t.num, g.num, stamp, wh)
				switch {
				case ok && math.Abs(t.num) < 0.005:
					score += 0.5 // no tax: total = subtotal proves less
				case ok:
					score += 1.5
				case s.ok && t.ok && g.ok:
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
		case bestSub.ok && bestTax.ok && !bestTot.ok && plausibleTax(bestSub.num, bestTax.num):
			if c, ok := x.printedAmount(bestSub.num+bestTax.num, 0.75); ok {
				bestTot, consistent = c, true
			}
		case bestSub.ok && bestTot.ok && !bestTax.ok:
			if c, ok := x.printedAmount(bestTot.num-bestSub.num, 0.7); ok && plausibleTax(bestSub.num, c.num) {
				bestTax, consistent = c, true
			} else if c, ok := sumOfLines(x.amountCandidates(labels.TaxAmount), bestTot.num-bestSub.num); ok {
				// One VAT line per rate: their sum is the tax.
				bestTax, consistent, x.multiRate = c, true, true
			}
		case bestTax.ok && bestTot.ok && !bestSub.ok:
			if c, ok := x.printedAmount(bestTot.num-bestTax.num, 0.7); ok && plausibleTax(c.num, bestTax.num) {
				bestSub, consistent = c, true
			}
		}
	}
	// A subtotal and tax that agree with a printed rate stand together
	// when no total adds up with them (discounts, charges or advances the
	// page states elsewhere); the total then stands only under an
	// unmistakable label.
	if !consistent {
		if sub, tax, ok := x.ratedPair(subs, taxes); ok {
			x.setNumber("financials.subtotal", &x.r.Financials.Subtotal, sub)
			x.setNumber("financials.tax_amount", &x.r.Financials.TaxAmount, tax)
			tot := unmistakableTotal(tots)
			x.setNumber("financials.total", &x.r.Financials.Total, standing(tot))
			x.finishTotals(stamp, wh, discs, sub, tax, tot)
			return
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
		tot := unmistakableTotal(tots)
		x.setNumber("financials.total", &x.r.Financials.Total, standing(tot))
		x.finishTotals(stamp, wh, discs, sub, tax, tot)
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
	if !consistent && present >= 2 && bestTot.ok && unmistakable(bestTot) {
		// A total under an unmistakable label ("Totale documento",
		// "Rechnungsbetrag") stands even when the parts do not add up.
		tot = standing(bestTot)
	}
	x.setNumber("financials.total", &x.r.Financials.Total, tot)
	x.finishTotals(stamp, wh, discs, bestSub, bestTax, bestTot)
}

// unmistakable reports whether a total stands under a label that names the
// document total ("Totale documento", "Rechnungsbetrag"), beside it or in
// its column below.
func unmistakable(c candidate) bool {
	return c.label >= 0.95
}

// dueWithCharges makes the amount due the total when it exceeds the
// document total by a charge the page prints on a line of its own (a
// utility bill's "Totale bolletta 310,15" then "Canone TV 9,00" and
// "Totale da pagare 319,15"): the bill charges it too. An amount due below
// the total (advances paid) leaves the total as it is.
func (x *extractor) dueWithCharges() {
	if x.r.Financials.Total == nil {
		return
	}
	tot := *x.r.Financials.Total
	for _, d := range x.payableAmounts() {
		diff := d.num - tot
		if diff < 0.01 || tot <= 0 || diff > tot {
			continue
		}
		if _, ok := x.chargeLine(diff); ok {
			d.score = math.Min(0.8, d.score)
			x.setNumber("financials.total", &x.r.Financials.Total, d)
			return
		}
	}
}

// payableAmounts are the amounts of lines that label an amount to pay
// ("Totale da pagare", "Amount due", "Zahlbetrag", "Net à payer").
func (x *extractor) payableAmounts() []candidate {
	var out []candidate
	x.m.hits(func(p *page, l *line, h labels.Hit) {
		lt := strings.ToLower(l.text)
		if h.Kind == labels.Total && !strings.Contains(lt, "pagare") && !strings.Contains(lt, "to pay") &&
			!strings.Contains(lt, "zahl") && !strings.Contains(lt, "payer") && !strings.Contains(lt, "due") {
			return
		}
		if text, box, ok := restOfLine(l, h); ok {
			if c, ok := x.lastAmount(text, box, p.num); ok {
				c.score = h.Score * amountPageWeight(p, x.m)
				out = append(out, c)
			}
		}
	}, labels.Total, labels.AmountDue)
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	return top(out, 3)
}

// chargeLine finds a line whose last amount is v and that names no tax,
// total or due amount: a charge printed on its own.
func (x *extractor) chargeLine(v float64) (candidate, bool) {
	for _, p := range x.m.pages {
		for _, l := range p.lines {
			ms := parse.FindAmounts(l.text, x.locale)
			if len(ms) == 0 || !near(ms[len(ms)-1].Number, v) || hasKind(l, labels.TaxAmount, labels.TaxRate, labels.Total, labels.AmountDue, labels.Subtotal) {
				continue
			}
			return candidate{num: v, page: p.num, box: l.box, ok: true}, true
		}
	}
	return candidate{}, false
}

// unmistakableTotal is the best-scored total under an unmistakable label.
func unmistakableTotal(tots []candidate) candidate {
	tot := candidate{}
	for _, g := range tots {
		if unmistakable(g) && g.score > tot.score {
			tot = g
		}
	}
	return tot
}

// standing is the confidence of a total that stands on its label alone,
// the parts not adding up to it: the same whether the label is beside the
// amount or above it.
func standing(c candidate) candidate {
	c.score = 0.6 * c.label
	return c
}

// finishTotals sets the amounts read beside the chosen subtotal, tax and
// total: stamp duty, withholding, discount and the VAT rate.
func (x *extractor) finishTotals(stamp, wh candidate, discs []candidate, sub, tax, tot candidate) {
	x.setNumber("financials.stamp_duty", &x.r.Financials.StampDuty, scaled(nonZero(stamp), 0.8))
	// Deductions are reported as positive amounts, whatever sign the page
	// prints them with.
	wh.num = math.Abs(wh.num)
	x.setNumber("financials.withholding_tax", &x.r.Financials.WithholdingTax, scaled(nonZero(wh), 0.8))
	var d candidate
	for _, c := range discs {
		if d = x.checkedDiscount(nonZero(c), sub, tax, tot); d.ok {
			break
		}
	}
	if !d.checked {
		d.num = math.Abs(d.num)
		if sub.ok && sub.num < 0 {
			d.num = -d.num
		}
	}
	x.setNumber("financials.discount", &x.r.Financials.Discount, scaled(d, 0.9))
	x.taxRate(sub, tax)
}

// rateLine is a line that states a VAT computation: "IVA 22% su
// imponibile di euro 87,18 … 19,18", "MwSt. 19 % auf 100,00 19,00".
type rateLine struct {
	rate      float64
	base, tax candidate
}

// rateLines finds the lines with a tax label, a rate and two amounts of
// which the second is the first at that rate. Each rate counts once.
func (x *extractor) rateLines() []rateLine {
	var out []rateLine
	seen := map[float64]bool{}
	for _, p := range x.m.pages {
		for _, l := range p.lines {
			if !hasKind(l, labels.TaxAmount, labels.TaxRate, labels.Subtotal) {
				continue
			}
			// One rate, possibly printed twice ("IVA 22% … 22,000 %").
			pcts := parse.FindPercents(l.text)
			if len(pcts) == 0 || pcts[0].Number <= 0 || seen[pcts[0].Number] {
				continue
			}
			rate := pcts[0].Number
			same := true
			for _, pc := range pcts[1:] {
				same = same && pc.Number == rate
			}
			if !same {
				continue
			}
			var amts []parse.Match
			for _, m := range parse.FindAmounts(l.text, x.locale) {
				inPct := false
				for _, pc := range pcts {
					inPct = inPct || m.End > pc.Start && m.Start < pc.End
				}
				if !inPct {
					amts = append(amts, m)
				}
			}
			if len(amts) == 1 {
				// "IVA 22% su imponibile di euro   512,30 €" / "2.328,64":
				// the sentence wraps its base onto the next line.
				if m, ok := x.wrappedAmount(p, l); ok {
					amts = []parse.Match{m, amts[0]}
				}
			}
		pairs:
			for i, a := range amts {
				for _, b := range amts[i+1:] {
					if math.Abs(b.Number) >= 0.01 && math.Abs(a.Number*rate/100-b.Number) <= math.Max(0.011, 0.002*math.Abs(b.Number)) {
						seen[rate] = true
						out = append(out, rateLine{rate: rate,
							base: candidate{num: a.Number, str: a.Currency, score: 0.95, page: p.num, box: l.box, ok: true},
							tax:  candidate{num: b.Number, str: b.Currency, score: 0.95, page: p.num, box: l.box, ok: true}})
						break pairs
					}
				}
			}
		}
	}
	return out
}

// totalRow reads a table's total row that prints net, tax and gross side
// by side ("Total   1   412.50   59.81   472.31"): a line opening with a
// total label whose amounts hold a net and a tax that add up to the last.
func (x *extractor) totalRow() (sub, tax, tot candidate, ok bool) {
	for _, p := range x.m.pages {
		for _, l := range p.lines {
			if !opensWithTotal(l) {
				continue
			}
			ms := parse.FindAmounts(l.text, x.locale)
			if len(ms) < 3 {
				continue
			}
			g := ms[len(ms)-1].Number
			for i := 0; i < len(ms)-1; i++ {
				for j := i + 1; j < len(ms)-1; j++ {
					a, b := ms[i].Number, ms[j].Number
					if a > 0 && b > 0 && near(a+b, g) && plausibleTax(a, b) {
						mk := func(v float64) candidate {
							return candidate{num: v, score: 0.8, page: p.num, box: l.box, ok: true}
						}
						return mk(a), mk(b), mk(g), true
					}
				}
			}
		}
	}
	return candidate{}, candidate{}, candidate{}, false
}

// opensWithTotal reports whether a line starts with a total label.
func opensWithTotal(l *line) bool {
	for _, h := range l.hits {
		if h.First == 0 && h.Score >= minLabelScore && (h.Kind == labels.Total || h.Kind == labels.ColAmount) {
			return true
		}
	}
	return false
}

// wrappedAmount is the amount that opens the line right below l in l's
// first column, when that line starts with it.
func (x *extractor) wrappedAmount(p *page, l *line) (parse.Match, bool) {
	for _, o := range p.below(l, 1) {
		if len(o.words) == 0 || math.Abs(o.words[0].Box.X0-l.words[0].Box.X0) > 2*l.height {
			continue
		}
		ms := parse.FindAmounts(o.words[0].Text, x.locale)
		if len(ms) == 1 && ms[0].Start == 0 {
			return ms[0], true
		}
		return parse.Match{}, false
	}
	return parse.Match{}, false
}

// hasKind reports whether a label of one of the kinds stands on the line.
func hasKind(l *line, kinds ...labels.Kind) bool {
	for _, h := range l.hits {
		if h.Score < minLabelScore {
			continue
		}
		for _, k := range kinds {
			if h.Kind == k {
				return true
			}
		}
	}
	return false
}

// ratedPair finds the best-scored subtotal and tax such that the tax is
// the subtotal at a rate printed beside a tax label.
func (x *extractor) ratedPair(subs, taxes []candidate) (sub, tax candidate, ok bool) {
	rates := x.rateCandidates()
	best := -1.0
	for _, s := range subs {
		for _, t := range taxes {
			if math.Abs(t.num) < 0.005 || s.num == 0 || s.score+t.score <= best {
				continue
			}
			for _, r := range rates {
				if r.num > 0 && math.Abs(s.num*r.num/100-t.num) <= math.Max(0.011, 0.005*math.Abs(t.num)) {
					sub, tax, best, ok = s, t, s.score+t.score, true
					break
				}
			}
		}
	}
	if ok {
		sub.score = math.Min(1, 0.5+0.4*sub.score)
		tax.score = math.Min(1, 0.5+0.4*tax.score)
	}
	return sub, tax, ok
}

// sumOfLines adds tax amounts printed on different lines (one per VAT
// rate) and returns their sum when it equals want.
func sumOfLines(cs []candidate, want float64) (candidate, bool) {
	seen := map[layout.Rect]bool{}
	var sum float64
	var box layout.Rect
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

// printedTotal reports whether v is printed beside a subtotal or total
// label ("Goods total", "Total brut HT").
func (x *extractor) printedTotal(v float64) bool {
	for _, p := range x.m.pages {
		for _, l := range p.lines {
			if !hasKind(l, labels.Subtotal, labels.Total) {
				continue
			}
			for _, m := range parse.FindAmounts(l.text, x.locale) {
				if near(m.Number, v) {
					return true
				}
			}
		}
	}
	return false
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

// plausibleTax reports whether tax can be the VAT (with other duties) on
// sub: no VAT rate exceeds 27%, and the two have the same sign.
func plausibleTax(sub, tax float64) bool {
	if math.Abs(tax) < 0.005 {
		return true
	}
	return math.Abs(tax) <= 0.35*math.Abs(sub)+0.01 && (sub >= 0) == (tax >= 0)
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
	if x.multiRate || x.itemRates() > 1 {
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
		if r, ok := x.itemRate(); ok && math.Abs(sub.num*r/100-tax.num) <= math.Max(0.02, 0.005*math.Abs(tax.num)) {
			// The items' one rate, which the totals bear out.
			x.setNumber("financials.tax_rate", &x.r.Financials.TaxRate,
				candidate{num: r, score: 0.85, page: tax.page, box: tax.box, ok: true})
			return
		}
		if len(distinct) <= 1 {
			// The EU's standard rates and the common reduced ones.
			for _, std := range []float64{27, 25.5, 25, 24, 23, 22, 21, 20, 19, 17, 10, 8.1, 7.7, 7, 6, 5.5, 5, 4, 2.1, 0} {
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

// itemRates counts the distinct VAT rates of the line items.
func (x *extractor) itemRates() int {
	rates := map[float64]bool{}
	for _, it := range x.r.LineItems {
		if it.TaxRate != nil {
			rates[*it.TaxRate] = true
		}
	}
	return len(rates)
}

// currency takes the code printed with the amounts, or the euro when the
// pages show the euro sign or code.
// itemRate is the one tax rate the line items state, when they state one
// and no other.
func (x *extractor) itemRate() (float64, bool) {
	var rate *float64
	for _, it := range x.r.LineItems {
		switch {
		case it.TaxRate == nil:
			continue
		case rate == nil:
			rate = it.TaxRate
		case *rate != *it.TaxRate:
			return 0, false
		}
	}
	if rate == nil {
		return 0, false
	}
	return *rate, true
}

func (x *extractor) currency() {
	if c, ok := x.statedCurrency(); ok {
		x.setString("invoice.currency", &x.r.Invoice.Currency, c)
		x.setString("financials.currency", &x.r.Financials.Currency, c)
		return
	}
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

// statedCurrency reads a currency stated under its own key ("Währung:
// EUR", "Valuta: EUR", "Currency: USD", "Devise : EURO (EUR)"): it wins
// over the signs the amounts carry, which may be misread ("Mo.-Fr. 08.30").
// Several keys naming different currencies state none.
func (x *extractor) statedCurrency() (candidate, bool) {
	var found candidate
	conflict := false
	x.m.hits(func(p *page, l *line, h labels.Hit) {
		s, ok := rightSlot(l, h)
		if !ok {
			return
		}
		for _, w := range strings.Fields(s.text) {
			t := strings.Trim(w, ":;,.()[]")
			if strings.EqualFold(t, "euro") {
				t = "EUR"
			}
			code, ok := parse.Currency(t)
			if !ok {
				continue
			}
			if found.ok && found.str != code {
				conflict = true
			}
			found = candidate{str: code, score: 0.95, page: p.num, box: s.box, ok: true}
			return
		}
	}, labels.Currency)
	return found, found.ok && !conflict
}

// statedDiscount finds the one discount line that states its own
// computation: "Remise commerciale 5,00% sur 100,00 EUR -5,00", "Sconto
// 10% su 250,00 25,00". The discount is reported positive (negative on a
// negative invoice, where the line prints it positive). Several such lines
// may or may not add up to the document's discount: none is taken then.
func (x *extractor) statedDiscount() (candidate, bool) {
	var found []candidate
	x.discountLines(func(p *page, l *line, h labels.Hit) bool {
		// Only what follows the label states the discount.
		text, box := l.span(h.Last+1, len(l.words)-1)
		if v, ok := x.discountStatement(text); ok {
			found = append(found, candidate{num: v, score: 0.9, page: p.num, box: box, ok: true, checked: true})
		}
		return true
	})
	if len(found) != 1 {
		return candidate{}, false
	}
	return found[0], true
}

// discountLines calls fn with the best discount label of each line that
// speaks of the document rather than one item, until fn returns false.
func (x *extractor) discountLines(fn func(p *page, l *line, h labels.Hit) bool) {
	for _, p := range x.m.pages {
		for _, l := range p.lines {
			if itemLevel(l.text) {
				continue
			}
			for _, h := range l.hits {
				if h.Kind != labels.Discount || h.Score < minLabelScore {
					continue
				}
				if !fn(p, l, h) {
					return
				}
				break
			}
		}
	}
}

// discountLinesSum adds the document-level discount lines: several
// invoice discounts ("Rechnungsrabatt 1 … -5,60", "Rechnungsrabatt 2 …
// -2,50") make up the document's discount together. Each line counts with
// its last amount; lines about one item and lines that total the others
// ("Gesamtbetrag der Abschläge") are left out. The sum is only a candidate:
// checkedDiscount keeps it when the amounts agree.
func (x *extractor) discountLinesSum() (candidate, bool) {
	var sum candidate
	n := 0
	summed := false
	x.discountLines(func(p *page, l *line, h labels.Hit) bool {
		if sumsDiscounts(h.Label) {
			summed = true // a line that sums the discounts is read as such
			return false
		}
		ms := parse.FindAmounts(l.text, x.locale)
		if len(ms) == 0 || ms[len(ms)-1].Number >= 0 {
			return true // only deductions printed as such count
		}
		a := ms[len(ms)-1].Number
		if n == 0 {
			sum = candidate{num: a, score: 0.7, page: p.num, box: l.box, ok: true}
		} else {
			sum.num += a
			sum.box = union(sum.box, l.box)
		}
		n++
		return true
	})
	if summed || n < 2 {
		return candidate{}, false
	}
	sum.num = math.Round(sum.num*100) / 100
	return sum, true
}

// sumsDiscounts reports whether a discount label names the total of the
// discounts ("Totale sconti", "Gesamtbetrag der Abschläge", "Total remises").
func sumsDiscounts(label string) bool {
	t := strings.ToLower(label)
	for _, w := range []string{"total", "gesamt", "summe"} {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// discountStatement reads "P% … B … D" where D is P% of B.
func (x *extractor) discountStatement(text string) (float64, bool) {
	pcts := parse.FindPercents(text)
	if len(pcts) == 0 || pcts[0].Number <= 0 || pcts[0].Number >= 100 {
		return 0, false
	}
	var amts []parse.Match
	for _, m := range parse.FindAmounts(text, x.locale) {
		if m.Start >= pcts[0].End {
			amts = append(amts, m)
		}
	}
	for i, b := range amts {
		for _, d := range amts[i+1:] {
			if math.Abs(b.Number) >= 0.01 && math.Abs(math.Abs(b.Number)*pcts[0].Number/100-math.Abs(d.Number)) <= 0.011 {
				if b.Number < 0 {
					return d.Number, true
				}
				return -d.Number, true
			}
		}
	}
	return 0, false
}

// itemLevel reports whether a discount line speaks of one item or unit
// ("Artikelrabatt", "sconto articolo", "€/Stk.") rather than the document.
func itemLevel(text string) bool {
	t := strings.ToLower(text)
	for _, w := range []string{"artikel", "articolo", "article", "item", "position", "riga", "/stk", "/pz", "/unit", "per unit", "pro stück"} {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
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
	if !d.ok || d.checked {
		return d
	}
	v := math.Abs(d.num)
	if sub.ok && sub.num < 0 {
		v = -v // a negative invoice: its discount is negative too
	}
	if sub.ok {
		var sum float64
		n := 0
		for _, it := range x.r.LineItems {
			if it.Amount != nil {
				sum += *it.Amount
				n++
			}
		}
		if n > 0 {
			if near(sum-v, sub.num) {
				return d
			}
			// Charges the page states (shipping, "Zuschläge") explain
			// the rest: items − discount + charges = subtotal.
			if r := sub.num - (sum - v); math.Abs(r) >= 0.01 && !near(r, v) && x.printedCharge(r) {
				return d
			}
		}
		if tax.ok && tot.ok && near(sub.num-v+tax.num, tot.num) {
			return d
		}
		// The gross amount before the discount is printed ("Goods total",
		// "Total brut HT"): gross − discount = subtotal, or with a charge
		// the page states: gross − discount + charge = subtotal.
		if x.printedTotal(sub.num + v) {
			return d
		}
		for _, c := range x.charges() {
			if math.Abs(c) >= 0.01 && !near(c, v) && x.printedTotal(sub.num+v-c) {
				return d
			}
		}
	}
	return candidate{}
}

// chargeWords mark a line that states a charge added to the items
// (shipping, packing, surcharges) in the four languages.
var chargeWords = []string{
	"zuschl", "aufschl", "versand", "fracht", "transport", "porto", "verpackung",
	"spese", "spedizion", "imballo", "imballaggi", "maggiorazion",
	"frais", "livraison", "majoration", "emballage",
	"charge", "shipping", "freight", "delivery", "handling", "packing", "postage",
}

// charges returns the charges the page may state: on each line that names
// a charge, the first and the last amount after the charge word that are
// not rates ("Frachtbetrag: 3,00", "FRAIS DEPLACEMENT 10,00 20,00%",
// "Versandkosten 115,30 7 % 5,80"), and the sum of the lines' last ones.
func (x *extractor) charges() []float64 {
	var out []float64
	var sum float64
	for _, p := range x.m.pages {
		for _, l := range p.lines {
			t := strings.ToLower(l.text)
			at := -1
			for _, w := range chargeWords {
				if i := strings.Index(t, w); i >= 0 && (at < 0 || i < at) {
					at = i
				}
			}
			if at < 0 {
				continue
			}
			var first, last *parse.Match
			ms := parse.FindAmounts(l.text, x.locale)
			for i, m := range ms {
				if m.Start < at || isRate(l.text, m) {
					continue
				}
				if first == nil {
					first = &ms[i]
				}
				last = &ms[i]
			}
			if first != nil {
				out = append(out, first.Number)
				if last != first {
					out = append(out, last.Number)
				}
				sum += last.Number
			}
		}
	}
	if len(out) > 1 {
		out = append(out, sum)
	}
	return out
}

// isRate reports whether an amount match is a percentage: "%" right after
// it, or right before it ("MwSt.-% 19,0").
func isRate(text string, m parse.Match) bool {
	after := strings.TrimLeft(text[m.End:], " ")
	before := strings.TrimRight(text[:m.Start], " ")
	return strings.HasPrefix(after, "%") || strings.HasSuffix(before, "%")
}

// printedCharge reports whether v is an amount of a line that names a
// charge, or the sum of such lines.
func (x *extractor) printedCharge(v float64) bool {
	for _, c := range x.charges() {
		if near(c, v) {
			return true
		}
	}
	return false
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
