package resolve

import (
	"cmp"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/invex/invex/extract/layout"
)

// rateLine is a line of a VAT summary per rate: a rate, the base it is
// charged on and the tax it gives on it, printed on one line ("22%
// 1.000,00 220,00"). base and tax index Doc.Values; rate is in cents of
// a percent.
type rateLine struct {
	base, tax int
	rate      int64
}

// rateSummary is what the per-rate lines of a document say: which amounts
// are a line's base or tax, and the sums of the bases and of the taxes,
// the subtotal and the tax of an invoice that charges several rates (an
// Italian invoice's "Riepilogo IVA" prints them per rate and often not
// summed).
type rateSummary struct {
	lines                   []rateLine
	base, tax               map[int]bool
	baseSum, taxSum         int64 // in cents
	basePrinted, taxPrinted bool
}

// rateLines finds the per-rate lines of d: a line with a VAT rate and two
// amounts of one sign (a credit note's are negative) printed with the same
// decimals, the smaller the rate of
// the larger (rounded to the cent), neither the rate's own number (a rate printed bare is an amount
// too); one per line. Near such a line (see exemptLines), a line charging
// no tax on its base is one too.
func (d *Doc) rateLines() rateSummary {
	amounts := map[lineKey][]int{}
	for i, v := range d.Values {
		if v.Type == TAmount && v.Num != 0 && v.Line >= 0 {
			k := lineKey{v.Page, v.Line}
			amounts[k] = append(amounts[k], i)
		}
	}
	s := rateSummary{base: map[int]bool{}, tax: map[int]bool{}}
	done := map[lineKey]bool{}
	// Every pair a line holds: a line may print its base twice ("Warenwert
	// 133,05 … Nettobetrag 133,00 … 7% … 9,31"), both a base of its tax
	// to the cent.
	var found [][]rateLine
	for _, v := range d.Values {
		k := lineKey{v.Page, v.Line}
		if v.Type != TPercent || v.Num <= 0 || !isVATRate(v.Num) || v.Line < 0 || done[k] {
			continue
		}
		var pairs []rateLine
		for _, bi := range amounts[k] {
			for _, ti := range amounts[k] {
				b, t := &d.Values[bi], &d.Values[ti]
				if sameWords(b, &v) || sameWords(t, &v) {
					continue
				}
				// Money printed one way: a base and its tax with the same
				// decimals ("5,14" and "0,5 l" of an item row are no pair).
				bn, tn := math.Abs(b.Num), math.Abs(t.Num)
				if tn < bn && (b.Num < 0) == (t.Num < 0) && abs64(cents(bn*v.Num/100)-cents(tn)) <= 1 && decimals(t.Text) == decimals(b.Text) {
					pairs = append(pairs, rateLine{bi, ti, cents(v.Num)})
				}
			}
		}
		if len(pairs) > 0 {
			done[k] = true
			found = append(found, pairs)
		}
	}
	for _, l := range d.oneColumn(found) {
		s.add(l, math.Abs(d.Values[l.base].Num), math.Abs(d.Values[l.tax].Num))
	}
	for _, l := range d.exemptLines(s.lines, amounts, done) {
		s.add(l, math.Abs(d.Values[l.base].Num), 0)
	}
	slices.SortFunc(s.lines, func(a, b rateLine) int {
		va, vb := d.Values[a.base], d.Values[b.base]
		return cmp.Or(cmp.Compare(va.Page, vb.Page), cmp.Compare(va.Line, vb.Line))
	})
	for _, v := range d.Values {
		if v.Type == TAmount && v.Line >= 0 {
			c := cents(math.Abs(v.Num))
			s.basePrinted = s.basePrinted || c == s.baseSum
			s.taxPrinted = s.taxPrinted || c == s.taxSum
		}
	}
	return s
}

type lineKey struct{ page, line int }

func (s *rateSummary) add(l rateLine, base, tax float64) {
	s.lines = append(s.lines, l)
	s.base[l.base], s.tax[l.tax] = true, true
	s.baseSum += cents(base)
	s.taxSum += cents(tax)
}

// oneColumn chooses one pair of each line's: the lines of a summary print
// their bases in one column and their taxes in another, so of a line's
// pairs the one whose base and tax stand in the columns of another line's
// only pair is taken; failing that, its first.
func (d *Doc) oneColumn(found [][]rateLine) []rateLine {
	under := func(a, b int) bool {
		u, v := &d.Values[a], &d.Values[b]
		return u.Page == v.Page && layout.Overlap(u.Box, v.Box) > 0
	}
	out := make([]rateLine, 0, len(found))
	for i, pairs := range found {
		pick := pairs[0]
	choose:
		for _, p := range pairs[1:] {
			for j, other := range found {
				if j != i && len(other) == 1 && under(p.base, other[0].base) && under(p.tax, other[0].tax) &&
					!(under(pick.base, other[0].base) && under(pick.tax, other[0].tax)) {
					pick = p
					break choose
				}
			}
		}
		out = append(out, pick)
	}
	return out
}

// sameWords reports whether two values are read from the same words.
func sameWords(a, b *Value) bool {
	return a.Page == b.Page && a.Line == b.Line && a.First == b.First && a.Last == b.Last
}

// zeroRate matches a rate of 0 % as a word of its own, with or without
// its sign ("0%", "0,00").
var zeroRate = regexp.MustCompile(`^0(?:[.,]0{1,2})?%?$`)

// exemptLines finds the lines of a VAT summary that charge no tax: a line
// two lines or less from a taxed per-rate line of lines, on its page and a
// few line heights or less away, holding an exemption nature or a 0 % rate
// before one positive amount, its base, and a tax of zero after it ("N1
// 25,20 0", "0% 120.00 0.00"), the base maybe printed again as its gross
// ("0% 120.00 0.00 120.00"). Such a line is a part of the invoice's
// subtotal: without it the taxed lines' bases do not add up to it.
func (d *Doc) exemptLines(lines []rateLine, amounts map[lineKey][]int, done map[lineKey]bool) []rateLine {
	if len(lines) == 0 {
		return nil
	}
	near := func(z *Value) bool {
		h := d.Pages[z.Page].S.Height
		for _, l := range lines {
			v := d.Values[l.base]
			if v.Page == z.Page && v.Line != z.Line && abs(v.Line-z.Line) <= 2 && math.Abs(v.Box.Y0-z.Box.Y0) <= 3.5*h {
				return true
			}
		}
		return false
	}
	var out []rateLine
	seen := map[lineKey]bool{}
	for zi := range d.Values {
		z := &d.Values[zi]
		k := lineKey{z.Page, z.Line}
		if z.Type != TAmount || z.Num != 0 || z.Line < 0 || done[k] || seen[k] || len(amounts[k]) == 0 || len(amounts[k]) > 2 || !near(z) {
			continue
		}
		bi := amounts[k][0]
		b := &d.Values[bi]
		if b.First >= z.First {
			continue
		}
		if len(amounts[k]) == 2 {
			// The gross after the zero tax is the base again.
			if g := &d.Values[amounts[k][1]]; g.First <= z.First || cents(g.Num) != cents(b.Num) {
				continue
			}
		}
		words := d.Pages[z.Page].S.Page.Lines[z.Line].Words
		for w := 0; w < b.First; w++ {
			text := strings.TrimSpace(d.Pages[z.Page].S.Page.Words[words[w]].Text)
			if exemptCode(text) || zeroRate.MatchString(text) {
				seen[k] = true
				out = append(out, rateLine{bi, zi, 0})
				break
			}
		}
	}
	return out
}

// rates returns the VAT rates (in cents of a percent) of the per-rate
// lines. An invoice with two of them charges several rates, and no single
// rate is its own.
func (s rateSummary) rates() map[int64]bool {
	out := map[int64]bool{}
	for _, l := range s.lines {
		out[l.rate] = true
	}
	return out
}

// several reports whether the summary has more than one line (several
// rates, or a rate on each item row): their sums are the invoice's
// subtotal and tax.
func (s rateSummary) several() bool { return len(s.lines) >= 2 }

// features sets the features an amount, Values[i] in cents c, takes from
// the summary: the sum of the lines' bases or of their taxes (one line's
// own), or a part of such a sum when there are several lines.
func (s rateSummary) features(i int, c int64, set func(string, float64)) {
	if len(s.lines) == 0 {
		return
	}
	if c == s.baseSum {
		set("rl.basesum", 1)
	}
	if c == s.taxSum {
		set("rl.taxsum", 1)
	}
	if s.several() && (s.base[i] || s.tax[i]) {
		set("rl.part", 1)
	}
}

// sumRoles gives the arithmetic roles of an invoice that charges several
// rates (see arithmetic), whose tax is no single rate of its subtotal: the
// sums of the bases and taxes of a run of per-rate lines (lines that
// follow each other: a VAT summary, not item rows that happen to hold a
// rate and its tax) are its subtotal and tax, and the amount they add up
// to (to the cent), printed among distinct, its total.
func (d *Doc) sumRoles(s rateSummary, distinct []float64, roles map[int64]int) {
	have := map[int64]bool{}
	for _, x := range distinct {
		have[cents(x)] = true
	}
	mark := func(run []rateLine) {
		if len(run) < 2 {
			return
		}
		var base, tax int64
		for _, l := range run {
			base += cents(math.Abs(d.Values[l.base].Num))
			tax += cents(math.Abs(d.Values[l.tax].Num))
		}
		for _, t := range []int64{base + tax, base + tax - 1, base + tax + 1} {
			if have[t] {
				roles[base] |= roleSub
				roles[tax] |= roleTax
				roles[t] |= roleTotal
			}
		}
	}
	var run []rateLine
	for _, l := range s.lines {
		if n := len(run); n > 0 {
			last, v := d.Values[run[n-1].base], d.Values[l.base]
			if v.Page != last.Page || v.Line-last.Line > 2 || v.Line <= last.Line {
				mark(run)
				run = nil
			}
		}
		run = append(run, l)
	}
	mark(run)
}

// addSums adds the sums of several per-rate lines that are printed nowhere
// as amount candidates of their own (feature rl.unprinted), at the
// place of the lines' bases or taxes, so that the resolver can choose
// the subtotal and the tax of an invoice that prints them only per rate.
func (d *Doc) addSums(s rateSummary) {
	if !s.several() {
		return
	}
	add := func(sum int64, printed bool, pick func(rateLine) int, feature string) {
		if printed || sum <= 0 {
			return
		}
		first := d.Values[pick(s.lines[0])]
		box := first.Box
		for _, l := range s.lines[1:] {
			v := d.Values[pick(l)]
			if v.Page == first.Page {
				box = box.Union(v.Box)
			}
		}
		num := float64(sum) / 100
		if first.Num < 0 {
			num = -num // a credit note's lines, and their sum, are negative
		}
		text := strconv.FormatFloat(num, 'f', 2, 64)
		d.Values = append(d.Values, Value{Type: TAmount, Text: text, Norm: text, Num: num, Page: first.Page, Line: -1, Box: box,
			Currency: first.Currency, feats: []fv{{fid("bias"), 1}, {fid(feature), 1}, {fid("rl.unprinted"), 1}}})
	}
	add(s.baseSum, s.basePrinted, func(l rateLine) int { return l.base }, "rl.basesum")
	add(s.taxSum, s.taxPrinted, func(l rateLine) int { return l.tax }, "rl.taxsum")
}
