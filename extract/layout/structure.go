package layout

import (
	"math"
	"sort"
	"strings"
)

// Cell is a run of words of one horizontal line between gaps wider than a
// space: a label, a value, a cell of a table row, a phrase.
type Cell struct {
	// Line is the index of the cell's line in Page.Lines; First and Last
	// are positions in that line's Words.
	Line, First, Last int
	Box               Rect
	Text              string
}

// Zones of a page, from where a box sits on it.
const (
	ZoneHead = "head" // the top fifth of the first page: letterhead, address window
	ZoneBody = "body"
	ZoneFoot = "foot" // the bottom eighth of any page: legal data, bank, page numbers
)

// Structure is the structure found on one page: its lines split into
// cells, with the cells above and below each other in columns.
type Structure struct {
	Page *Page
	// Cells holds the cells of each horizontal line (nil for lines of
	// other directions), left to right.
	Cells [][]Cell
	// Height is the page's typical line height in points.
	Height float64
	// FontSize is the page's median font size.
	FontSize float64
}

// cellGap is the gap between two words, in line heights, above which they
// are in different cells.
const cellGap = 0.9

// Analyze finds the structure of a page.
func Analyze(p *Page) *Structure {
	s := &Structure{Page: p, Cells: make([][]Cell, len(p.Lines))}
	var heights, sizes []float64
	for _, w := range p.Words {
		if w.Angle == 0 {
			heights = append(heights, w.Box.Y1-w.Box.Y0)
			sizes = append(sizes, w.FontSize)
		}
	}
	s.Height = median(heights, 10)
	s.FontSize = median(sizes, 9)
	for i, l := range p.Lines {
		if MarginLine(p, l) {
			// A line along the margin is one cell: what it prints (a
			// company's legal data) is prose, not a row of columns.
			texts := make([]string, len(l.Words))
			for k, wi := range l.Words {
				texts[k] = p.Words[wi].Text
			}
			s.Cells[i] = []Cell{{Line: i, First: 0, Last: len(l.Words) - 1, Box: l.Box, Text: strings.Join(texts, " ")}}
			continue
		}
		if l.Angle != 0 || len(l.Words) == 0 {
			continue
		}
		h := 0.0
		for _, wi := range l.Words {
			h += p.Words[wi].Box.Y1 - p.Words[wi].Box.Y0
		}
		h /= float64(len(l.Words))
		start := 0
		for k := range l.Words {
			last := k == len(l.Words)-1
			if !last {
				gap := p.Words[l.Words[k+1]].Box.X0 - p.Words[l.Words[k]].Box.X1
				if gap <= cellGap*h {
					continue
				}
			}
			c := Cell{Line: i, First: start, Last: k, Box: p.Words[l.Words[start]].Box}
			texts := make([]string, 0, k-start+1)
			for _, wi := range l.Words[start : k+1] {
				c.Box = c.Box.Union(p.Words[wi].Box)
				texts = append(texts, p.Words[wi].Text)
			}
			c.Text = strings.Join(texts, " ")
			s.Cells[i] = append(s.Cells[i], c)
			start = k + 1
		}
	}
	return s
}

// MarginLine reports whether line l runs up or down a margin of the page:
// six words or more turned a quarter, within the outer eighth of the
// page's width, as utility bills print the issuer's legal data (name,
// registered office, VAT number). Such a line reads as a footer's legal
// line; other turned text (a payment slip printed sideways) is left out.
func MarginLine(p *Page, l Line) bool {
	if l.Angle != 90 && l.Angle != 270 || len(l.Words) < 6 || p.Width <= 0 {
		return false
	}
	return l.Box.X1 <= p.Width/8 || l.Box.X0 >= p.Width*7/8
}

// median returns the median of xs, or def when xs is empty.
func median(xs []float64, def float64) float64 {
	if len(xs) == 0 {
		return def
	}
	ys := append([]float64(nil), xs...)
	sort.Float64s(ys)
	return ys[len(ys)/2]
}

// Zone returns the zone of a box on the page; first says whether the page
// is the document's first.
func (s *Structure) Zone(b Rect, first bool) string {
	h := s.Page.Height
	if h <= 0 {
		return ZoneBody
	}
	switch {
	case b.Y1 > h*7/8:
		return ZoneFoot
	case first && b.Y0 < h/5:
		return ZoneHead
	}
	return ZoneBody
}

// CellRef names a cell of a page: its line and its place in the line.
type CellRef struct{ Line, Index int }

// Cell returns the cell ref names.
func (s *Structure) Cell(r CellRef) Cell { return s.Cells[r.Line][r.Index] }

// CellAt returns the cell of line li that holds word position k.
func (s *Structure) CellAt(li, k int) (CellRef, bool) {
	for i, c := range s.Cells[li] {
		if c.First <= k && k <= c.Last {
			return CellRef{li, i}, true
		}
	}
	return CellRef{}, false
}

// Above returns the cells above r in its column, nearest first: cells of
// the lines above whose extent overlaps r's, within maxLines lines and
// maxDist line heights.
func (s *Structure) Above(r CellRef, maxLines int, maxDist float64) []CellRef {
	return s.AboveThrough(r, maxLines, maxDist, nil)
}

// AboveThrough is Above measuring maxDist from the nearest cell above r
// that through accepts, r's own column of rows (amounts over amounts)
// leading up to its heading however far the rows take it: a sums row set
// apart under a grid's rows is still under the grid's heading. through
// may be nil.
func (s *Structure) AboveThrough(r CellRef, maxLines int, maxDist float64, through func(CellRef) bool) []CellRef {
	c := s.Cell(r)
	var out []CellRef
	top, lines := c.Box.Y0, 0
	for li := r.Line - 1; li >= 0 && lines < maxLines && s.level(r.Line); li-- {
		cells := s.Cells[li]
		if len(cells) == 0 || !s.level(li) {
			continue
		}
		l := s.Page.Lines[li]
		if l.Box.Y1 > c.Box.Y0+0.3*s.Height {
			continue // on the same band (a taller word)
		}
		if top-l.Box.Y1 > maxDist*s.Height {
			break
		}
		lines++
		for i, o := range cells {
			if overlap(o.Box, c.Box) > 0 {
				ref := CellRef{li, i}
				out = append(out, ref)
				if through != nil && through(ref) {
					top = math.Min(top, l.Box.Y0)
				}
			}
		}
	}
	return out
}

// Owner returns the key of a row of keys above r that owns r's column
// although no key overlaps it: a grid whose keys stand at the left of wide
// cells and whose amounts stand at the right ("Totale documento" over a
// wide cell, its amount at the cell's right edge). A row of keys (two or
// more cells, at least half of them keys as key reports) splits the width
// into columns, each from one cell's start to the next one's; r is owned
// by the column it lies within, when that column's cell is a key.
//
// The search passes over the rows of r's column above it (values there:
// rows of the same table, which through counts), over lines with nothing
// in r's column and over lines of no keys (a heading's second line), as
// long as no more than maxLines lines and maxDist line heights part one
// row of the column from the next; it stops at a key over r, which is
// Above's.
func (s *Structure) Owner(r CellRef, maxLines int, maxDist float64, key func(CellRef) bool) (owner CellRef, through int, ok bool) {
	c := s.Cell(r)
	top, lines := c.Box.Y0, 0 // the column's highest row so far, lines since
	for li := r.Line - 1; li >= 0 && lines < maxLines && s.level(r.Line); li-- {
		cells := s.Cells[li]
		if len(cells) == 0 || !s.level(li) {
			continue
		}
		l := s.Page.Lines[li]
		if l.Box.Y1 > top+0.3*s.Height {
			continue
		}
		if top-l.Box.Y1 > maxDist*s.Height {
			break
		}
		lines++
		over, keys := false, 0
		for i, o := range cells {
			k := key(CellRef{li, i})
			if overlap(o.Box, c.Box) > 0 {
				if k {
					return CellRef{}, 0, false
				}
				over = true
			}
			if k {
				keys++
			}
		}
		if over {
			through++
			top, lines = l.Box.Y0, 0
			continue
		}
		if keys < 2 || 2*keys < len(cells) {
			continue
		}
		for i, o := range cells {
			end := math.Inf(1)
			if i+1 < len(cells) {
				end = cells[i+1].Box.X0
			}
			if o.Box.X0 <= c.Box.X0 && c.Box.X1 <= end && key(CellRef{li, i}) {
				return CellRef{li, i}, through, true
			}
		}
		return CellRef{}, 0, false
	}
	return CellRef{}, 0, false
}

// Below returns the cells below r in its column, nearest first, as Above.
func (s *Structure) Below(r CellRef, maxLines int, maxDist float64) []CellRef {
	c := s.Cell(r)
	var out []CellRef
	lines := 0
	for li := r.Line + 1; li < len(s.Cells) && lines < maxLines && s.level(r.Line); li++ {
		cells := s.Cells[li]
		if len(cells) == 0 || !s.level(li) {
			continue
		}
		l := s.Page.Lines[li]
		if l.Box.Y0 < c.Box.Y1-0.3*s.Height {
			continue
		}
		if l.Box.Y0-c.Box.Y1 > maxDist*s.Height {
			break
		}
		lines++
		for i, o := range cells {
			if overlap(o.Box, c.Box) > 0 {
				out = append(out, CellRef{li, i})
			}
		}
	}
	return out
}

// level reports whether line li is horizontal: the columns of a page are
// those of its horizontal lines.
func (s *Structure) level(li int) bool { return s.Page.Lines[li].Angle == 0 }

// overlap is the horizontal overlap of two boxes in points (negative: the
// gap between them).
func overlap(a, b Rect) float64 {
	return math.Min(a.X1, b.X1) - math.Max(a.X0, b.X0)
}

// Overlap is the horizontal overlap of two boxes in points, negative when
// they are apart.
func Overlap(a, b Rect) float64 { return overlap(a, b) }
