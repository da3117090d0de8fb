package layout

import (
	"math"
	"sort"
	"strings"
)

// Line is a run of words that share a baseline direction and sit side by side
// on the displayed page: for normal text, one visual line from its leftmost
// to its rightmost word, however wide the gaps between them (a label and its
// value, or the cells of a table row, stay on one line).
type Line struct {
	// Words holds the indexes into Page.Words of the line's words, in
	// reading order along the baseline.
	Words []int
	// Box is the union of the words' boxes.
	Box Rect
	// Angle is the words' Angle.
	Angle int
}

// LineText returns the words of line l joined by single spaces.
func (p *Page) LineText(l Line) string {
	parts := make([]string, len(l.Words))
	for i, wi := range l.Words {
		parts[i] = p.Words[wi].Text
	}
	return strings.Join(parts, " ")
}

// SetWords replaces the page's words, e.g. with words read by OCR, and
// groups them into lines again.
func (p *Page) SetWords(words []Word) {
	p.Words = words
	p.Lines = BuildLines(words)
}

// BuildLines groups the page's words into lines and orders the lines for
// reading: horizontal lines top to bottom (then left to right), followed by
// vertical and upside-down lines, each ordered across the page.
func BuildLines(words []Word) []Line {
	byAngle := map[int][]int{}
	for i, w := range words {
		byAngle[w.Angle] = append(byAngle[w.Angle], i)
	}
	angles := make([]int, 0, len(byAngle))
	for a := range byAngle {
		angles = append(angles, a)
	}
	// Normal text first, then the other directions in a stable order.
	sort.Slice(angles, func(i, j int) bool {
		if (angles[i] == 0) != (angles[j] == 0) {
			return angles[i] == 0
		}
		return angles[i] < angles[j]
	})
	var lines []Line
	for _, a := range angles {
		lines = append(lines, groupLines(words, byAngle[a], a)...)
	}
	return lines
}

// axes maps a word's box to coordinates along its baseline (u) and across it
// (v), so that one algorithm groups text of every direction. Along u, reading
// goes from small to large.
func axes(b Rect, angle int) (u0, u1, v0, v1 float64) {
	switch {
	case angle >= 45 && angle < 135: // bottom to top
		return -b.Y1, -b.Y0, b.X0, b.X1
	case angle >= 135 && angle < 225: // upside down
		return -b.X1, -b.X0, -b.Y1, -b.Y0
	case angle >= 225 && angle < 315: // top to bottom
		return b.Y0, b.Y1, -b.X1, -b.X0
	}
	return b.X0, b.X1, b.Y0, b.Y1
}

type span struct {
	idx                    int
	u0, u1, v0, v1, center float64
}

// groupLines clusters words of one direction into lines: a word joins the
// line whose band across the baseline overlaps it by at least half of the
// smaller height. Lines are returned in reading order.
func groupLines(words []Word, idx []int, angle int) []Line {
	spans := make([]span, len(idx))
	for i, wi := range idx {
		u0, u1, v0, v1 := axes(words[wi].Box, angle)
		spans[i] = span{wi, u0, u1, v0, v1, (v0 + v1) / 2}
	}
	sort.SliceStable(spans, func(i, j int) bool {
		if spans[i].center != spans[j].center {
			return spans[i].center < spans[j].center
		}
		return spans[i].u0 < spans[j].u0
	})
	type band struct {
		v0, v1  float64
		members []span
	}
	var bands []*band
	for _, s := range spans {
		var best *band
		bestOverlap := 0.0
		// Only recent bands can overlap: spans come in order across the page.
		for k := len(bands) - 1; k >= 0 && k >= len(bands)-8; k-- {
			b := bands[k]
			ov := math.Min(b.v1, s.v1) - math.Max(b.v0, s.v0)
			h := math.Min(b.v1-b.v0, s.v1-s.v0)
			if h <= 0 {
				h = 1
			}
			if ov/h >= 0.5 && ov > bestOverlap && !collides(b.members, s) {
				best, bestOverlap = b, ov
			}
		}
		if best == nil {
			bands = append(bands, &band{v0: s.v0, v1: s.v1, members: []span{s}})
			continue
		}
		best.members = append(best.members, s)
		best.v0, best.v1 = math.Min(best.v0, s.v0), math.Max(best.v1, s.v1)
	}
	sort.SliceStable(bands, func(i, j int) bool { return bands[i].v0 < bands[j].v0 })
	lines := make([]Line, 0, len(bands))
	for _, b := range bands {
		sort.SliceStable(b.members, func(i, j int) bool { return b.members[i].u0 < b.members[j].u0 })
		l := Line{Angle: angle, Box: words[b.members[0].idx].Box}
		for _, m := range b.members {
			l.Words = append(l.Words, m.idx)
			l.Box = union(l.Box, words[m.idx].Box)
		}
		lines = append(lines, l)
	}
	return lines
}

// collides reports whether s overlaps a word already on the line along the
// baseline: two words drawn over each other are on different lines (e.g.
// superscripts or overprinted text), except for tiny overlaps of loose boxes.
func collides(members []span, s span) bool {
	for _, m := range members {
		ov := math.Min(m.u1, s.u1) - math.Max(m.u0, s.u0)
		if ov > 0.5*math.Min(m.u1-m.u0, s.u1-s.u0) {
			return true
		}
	}
	return false
}

func union(a, b Rect) Rect {
	return Rect{math.Min(a.X0, b.X0), math.Min(a.Y0, b.Y0), math.Max(a.X1, b.X1), math.Max(a.Y1, b.Y1)}
}
