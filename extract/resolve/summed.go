package resolve

import (
	"math"
	"sort"
	"strings"

	"github.com/invex/invex/extract/layout"
)

// summedLine is a line that prints a description and one amount.
type summedLine struct {
	line  int
	desc  string
	x0    float64 // the description's left edge
	n     numTok
	rate  *float64 // a VAT rate printed in a cell of its own
	box   layout.Rect
	first float64 // the description's font size
}

// readSummed reads rows that print a description and an amount and
// nothing else (but maybe a VAT rate between), with no header and no label, by their sum: lines of one
// page whose descriptions start at one place and whose amounts stand in
// one column, two or more of them with descriptions of their own, whose
// amounts add up to an amount printed elsewhere in the document (their
// total: "Data transfer $0.01", "Cold storage $2.22" … over the
// invoice's total). Of several such runs of lines the longest is read.
// It is the last of the readings: only a page where no other reading
// found rows is read so.
func (t *Table) readSummed(d *Doc) {
	type group struct {
		page  int
		lines []summedLine
	}
	var best *group
	for pi, p := range d.Pages {
		s := p.S
		lines := map[int][]numTok{}
		for i := range d.Values {
			v := &d.Values[i]
			if v.Page == pi && v.Line >= 0 && (v.Type == TAmount || v.Type == TPercent) {
				lines[v.Line] = append(lines[v.Line], numTok{v: v, x1: digitsRight(s, v), val: v.Num, pct: v.Type == TPercent})
			}
		}
		var cands []summedLine
		for li, all := range lines {
			cells := s.Cells[li]
			if len(cells) < 2 || len(cells) > 3 || totalsLabel(p, li, 0.7) {
				continue
			}
			// The amount is the number of the line's last cell, a VAT rate
			// may stand alone in a cell between; the description may print
			// numbers of its own ("0,5 l").
			c, amount := cells[0], cells[len(cells)-1]
			var ns []numTok
			var rate *float64
			for _, n := range all {
				switch {
				case n.v.Box.X0 >= amount.Box.X0-0.5:
					ns = append(ns, n)
				case len(cells) == 3 && n.pct && n.v.Box.X0 >= cells[1].Box.X0-0.5:
					r := n.val
					rate = &r
				}
			}
			if len(ns) != 1 || ns[0].pct || len(cells) == 3 && rate == nil || letters(c.Text) < 3 || keyLine(c.Text) {
				continue
			}
			w := s.Page.Words[s.Page.Lines[li].Words[c.First]]
			cands = append(cands, summedLine{line: li, desc: strings.TrimSpace(c.Text), x0: c.Box.X0, n: ns[0], rate: rate, box: s.Page.Lines[li].Box, first: w.FontSize})
		}
		sort.Slice(cands, func(i, j int) bool { return cands[i].line < cands[j].line })
		// Group the lines by the description's left edge and the amount's
		// column, in their order.
		var groups []*group
		for _, c := range cands {
			var g *group
			for _, h := range groups {
				l := h.lines[0]
				if math.Abs(l.x0-c.x0) <= 0.5*s.Height && math.Abs(l.n.x1-c.n.x1) <= colTol && math.Abs(l.first-c.first) < 0.5 {
					g = h
					break
				}
			}
			if g == nil {
				g = &group{page: pi}
				groups = append(groups, g)
			}
			g.lines = append(g.lines, c)
		}
		// The longest run of a group's lines that adds up (a summary's
		// line over the detail's may share their columns).
		for _, g := range groups {
			for i := range g.lines {
				for j := len(g.lines); j >= i+2; j-- {
					run := g.lines[i:j]
					if best != nil && len(run) <= len(best.lines) {
						break
					}
					if distinct(run) && d.printedSum(run) {
						best = &group{page: pi, lines: run}
						break
					}
				}
			}
		}
	}
	if best == nil {
		return
	}
	for _, l := range best.lines {
		a := l.n.val
		t.Items = append(t.Items, Item{Description: l.desc, Amount: &a, TaxRate: l.rate, Page: d.Pages[best.page].Num, Box: l.box})
		t.Aligned++
	}
}

// distinct reports whether the lines' descriptions are not all one: the
// same word on every line ("Charges", "VAT") is a breakdown, not items.
func distinct(ls []summedLine) bool {
	seen := map[string]bool{}
	for _, l := range ls {
		seen[strings.ToLower(l.desc)] = true
	}
	return len(seen)*2 > len(ls)
}

// printedSum reports whether the lines' amounts add up, to the cent, to
// an amount printed in the document on a line that is none of theirs.
func (d *Doc) printedSum(ls []summedLine) bool {
	sum := 0.0
	own := map[*Value]bool{}
	for _, l := range ls {
		sum += l.n.val
		own[l.n.v] = true
	}
	if sum == 0 {
		return false
	}
	onRow := func(v *Value) bool {
		for _, l := range ls {
			if v.Page == l.n.v.Page && v.Line == l.line {
				return true
			}
		}
		return false
	}
	for i := range d.Values {
		v := &d.Values[i]
		if v.Type == TAmount && !own[v] && math.Abs(v.Num-sum) < 0.005 && !onRow(v) {
			return true
		}
	}
	return false
}
