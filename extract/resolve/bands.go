package resolve

import (
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/parse"
)

// lineBand is the run of lines top to bottom (indexes into the page's
// lines, both included) that one item row takes: its own line with the
// numbers, and the lines its cells wrap onto, over it as well as under it
// when the cells are centred vertically (a price cell of three lines —
// gross, discount, net — beside a description of two and a quantity of
// one, each centred on the row's middle).
type lineBand struct{ top, bottom int }

// multi reports whether the band holds more lines than the row's own.
func (b lineBand) multi() bool { return b.bottom > b.top }

// touchMax is the widest gap, in line heights, between two lines of one
// cell: the lines of a cell follow each other with no gap at all when the
// type is set solid, and loose glyph boxes overlap.
const touchMax = 0.1

// stackedBand returns the lines around row line li that touch the next
// (at most three each way), up to a line printing a number right-aligned
// at x (another row's amount): where a cell stacked over several lines
// may print one of the row's numbers.
func stackedBand(s *layout.Structure, li int, lines map[int][]numTok, x float64) lineBand {
	ls := s.Page.Lines
	h := s.Height
	ok := func(lj int) bool {
		return lj >= 0 && lj < len(ls) && ls[lj].Angle == 0 && len(ls[lj].Words) > 0 && at(lines[lj], x) < 0
	}
	b := lineBand{li, li}
	for lj := li - 1; lj >= li-3 && ok(lj) && ls[lj+1].Box.Y0-ls[lj].Box.Y1 <= touchMax*h; lj-- {
		b.top = lj
	}
	for lj := li + 1; lj <= li+3 && ok(lj) && ls[lj].Box.Y0-ls[lj-1].Box.Y1 <= touchMax*h; lj++ {
		b.bottom = lj
	}
	return b
}

// rowBands returns the bands of the rows of a table on page p (row lines
// in order) whose lines the page sets apart by wider gaps than those
// inside a row: the gaps between the lines of the table, from under its
// header row (see headerRow) or its first row to the line before end or four lines after the last row, fall into narrow ones (inside a row) and wide
// ones (between rows); the lines between two wide
// gaps that hold one row's line are that row's band, when four rows in
// five have one. A gap is wide when it is half the type size wider than
// the widest narrow one, and twice
// as wide when that one is a gap at all (lines whose loose boxes overlap
// have none). A table whose lines are evenly spaced has no bands: its
// rows are read by their lines.
func rowBands(p *Page, rows []int, end int, lines map[int][]numTok, ca float64) map[int]lineBand {
	if len(rows) == 0 {
		return nil
	}
	s := p.S
	ls := s.Page.Lines
	from := rows[0]
	if hdr := headerRow(p, rows[0]); hdr >= 0 {
		from = hdr + 1
	}
	// The last row's band ends within a few lines; what follows is the
	// page's, not the table's.
	last := rows[len(rows)-1]
	to := max(min(end, len(ls), last+5)-1, last)
	var idx []int // the horizontal lines of the table, top to bottom
	for lj := from; lj <= to; lj++ {
		if ls[lj].Angle == 0 && len(ls[lj].Words) > 0 {
			idx = append(idx, lj)
		}
	}
	if len(idx) < 3 {
		return nil
	}
	gaps := make([]float64, len(idx)-1)
	for i := range gaps {
		gaps[i] = ls[idx[i+1]].Box.Y0 - ls[idx[i]].Box.Y1
	}
	// The threshold is read off the gaps down to the last row's line
	// (what follows it may be the page's), unless there is one row.
	var sorted []float64
	for i, g := range gaps {
		if idx[i+1] <= last || len(rows) == 1 {
			sorted = append(sorted, g)
		}
	}
	sort.Float64s(sorted)
	// The threshold: the widest jump between sorted gaps that splits
	// narrow from wide.
	cut, jump := math.NaN(), 0.0
	for i := 0; i+1 < len(sorted); i++ {
		lo, hi := sorted[i], sorted[i+1]
		if (lo <= 0 || hi >= 2*lo) && hi-lo >= 0.5*s.FontSize && hi-lo > jump {
			cut, jump = (lo+hi)/2, hi-lo
		}
	}
	if math.IsNaN(cut) {
		return nil
	}
	// A line with a number in the amount column is a row of its own,
	// read or not.
	isRow := map[int]bool{}
	for _, li := range rows {
		isRow[li] = true
	}
	for _, lj := range idx {
		isRow[lj] = isRow[lj] || at(lines[lj], ca) >= 0
	}
	out := map[int]lineBand{}
	start, single := 0, 0       // single counts the clusters of one row
	flush := func(endIdx int) { // the cluster idx[start..endIdx]
		row, top := -1, start
		for i, lj := range idx[start : endIdx+1] {
			if isRow[lj] {
				if row >= 0 {
					return // two rows in one cluster: each its own line
				}
				row = lj
			}
			if row < 0 && headingLine(p, lj) {
				top = start + i + 1 // the header's lines are no row's
			}
		}
		if row < 0 {
			return
		}
		single++
		if endIdx > top && slices.Contains(rows, row) {
			out[row] = lineBand{idx[top], idx[endIdx]}
		}
	}
	for i, g := range gaps {
		if g > cut {
			flush(i)
			start = i + 1
		}
	}
	flush(len(idx) - 1)
	// Gaps that part most rows from each other, or none.
	if single*5 < len(rows)*4 {
		return nil
	}
	return out
}

// borrow completes row line li's numbers with those of the other lines
// of its band when that makes them add up: the price of a stacked cell
// ("(Gross: 60,00)" over the row, "(Net): 60,00" under it) is printed on
// a line of its own; a row whose quantity and price stand over its
// amount (a description of two lines, the amount beside the second).
// The amount is the row line's own.
func borrow(s *layout.Structure, lines map[int][]numTok, li int, b lineBand) ([]numTok, []rowRoles) {
	own := lines[li]
	merged := append([]numTok(nil), own...)
	for lj := b.top; lj <= b.bottom; lj++ {
		if lj == li {
			continue
		}
		for _, n := range lines[lj] {
			if short(s, n.v) {
				merged = append(merged, n)
			}
		}
	}
	if len(merged) == len(own) {
		return nil, nil
	}
	sort.SliceStable(merged, func(i, j int) bool { return merged[i].x1 < merged[j].x1 })
	var out []rowRoles
	for _, r := range arithmeticRoles(merged) {
		if merged[r.a].v.Line != li || !short(s, merged[r.a].v) {
			continue
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil, nil
	}
	return merged, out
}

// short reports whether a value stands in a cell of three words at most,
// as a table's numbers do, not in a sentence.
func short(s *layout.Structure, v *Value) bool {
	if v.Line < 0 || v.Line >= len(s.Cells) || v.Cell >= len(s.Cells[v.Line]) {
		return false
	}
	c := s.Cells[v.Line][v.Cell]
	return c.Last-c.First < 3
}

// bandUnit returns a unit of measure printed alone in a cell of band b
// ("gg" in the unit column over the row's line), or "".
func bandUnit(s *layout.Structure, b lineBand) string {
	for lj := b.top; lj <= b.bottom; lj++ {
		for _, c := range s.Cells[lj] {
			if c.First == c.Last && isUnit(c.Text) {
				return c.Text
			}
		}
	}
	return ""
}

// headerRow returns the line of the header row over row line first: the
// nearest of the lines over it (up to forty, and not past a line of the
// totals) with two cells or more that are column headings and nothing
// else, or -1.
func headerRow(p *Page, first int) int {
	for lj := first - 1; lj >= 0 && lj >= first-40; lj-- {
		if totalsLine(p, lj) {
			return -1
		}
		n := 0
		for ci, c := range p.S.Cells[lj] {
			for _, h := range p.labels[lj][ci] {
				if h.kind.IsColumn() && h.first == c.First && h.last == c.Last {
					n++
					break
				}
			}
		}
		if n >= 2 {
			return lj
		}
	}
	return -1
}

// headingLine reports whether every cell of line li is a column heading
// and nothing else: a line of the header row.
func headingLine(p *Page, li int) bool {
	cells := p.S.Cells[li]
	if len(cells) == 0 {
		return false
	}
	for ci, c := range cells {
		whole := false
		for _, h := range p.labels[li][ci] {
			whole = whole || h.kind.IsColumn() && h.first == c.First && h.last == c.Last
		}
		if !whole {
			return false
		}
	}
	return true
}

// position drops the row's running number from the front of its
// description: the number k (1-based) of the row in the table, alone or
// with a dot or a parenthesis ("3 Cavo HDMI" of the third row).
func position(ws []layout.Word, k int) []layout.Word {
	if len(ws) > 1 && strings.TrimRight(ws[0].Text, ".)") == strconv.Itoa(k) {
		return ws[1:]
	}
	return ws
}

// textCell is a cell of an item row's text: its words, and where it
// stands.
type textCell struct {
	words []layout.Word
	line  int
	x0    float64
	key   bool // "Key: value", or a period: an attribute of the item
	// numbers reports an amount in the cell ("bis 7,4 to = 49,90 €"), or
	// on its line when that is under the row's: under the row's line, a
	// price list, a note or another row, no description.
	numbers bool
}

// bandDescription returns the description of a row whose lines are band
// b: of the text cells of the band left of the row's numbers (priceX)
// and clear of the numbers it uses (used, their boxes), the row line's
// own words (rowWords' reading, own) and the other lines' cells, grouped
// in columns by their left edges, the column with the most letters (a
// running number, a product code or an EAN beside it is no description),
// its cells top to bottom from its first that is not an attribute up to
// the next that is ("GTIN: …", "Verpackung: Karton", a period), or that
// is set in smaller type (a note).
func bandDescription(s *layout.Structure, lines map[int][]numTok, li int, b lineBand, own []layout.Word, priceX float64, used []layout.Rect) []layout.Word {
	var cells []textCell
	clear := func(r layout.Rect) bool {
		for _, u := range used {
			if r.X0 < u.X1 && r.X1 > u.X0 {
				return false
			}
		}
		return true
	}
	for lj := b.top; lj <= b.bottom; lj++ {
		l := s.Page.Lines[lj]
		for _, c := range s.Cells[lj] {
			var ws []layout.Word
			if lj == li {
				for _, w := range own {
					if w.Box.X0 >= c.Box.X0-0.5 && w.Box.X1 <= c.Box.X1+0.5 {
						ws = append(ws, w)
					}
				}
			} else if c.Box.X1 < priceX && clear(c.Box) {
				for _, wi := range l.Words[c.First : c.Last+1] {
					ws = append(ws, s.Page.Words[wi])
				}
			}
			if len(ws) == 0 {
				continue
			}
			text := joinWords(ws)
			tc := textCell{words: ws, line: lj, x0: ws[0].Box.X0, key: attributeOnly(text) || discountLine(text)}
			for _, n := range lines[lj] {
				inside := n.v.Box.X0 >= c.Box.X0-0.5 && n.v.Box.X1 <= c.Box.X1+0.5
				tc.numbers = tc.numbers || !n.pct && (n.v.Currency != "" || decimals(n.v.Text) == 2) && (inside || lj > li)
			}
			cells = append(cells, tc)
		}
	}
	// Columns: a cell whose left edge is within a line height and a half
	// of a column's first cell is in that column.
	sort.SliceStable(cells, func(i, j int) bool { return cells[i].x0 < cells[j].x0 })
	var cols [][]textCell
	for i, c := range cells {
		if i == 0 || c.x0-cols[len(cols)-1][0].x0 > 1.5*s.Height {
			cols = append(cols, nil)
		}
		cols[len(cols)-1] = append(cols[len(cols)-1], c)
	}
	best, most := -1, 0
	for i, col := range cols {
		n := 0
		for _, c := range col {
			if !c.key {
				n += letters(joinWords(c.words))
			}
		}
		if n > most {
			best, most = i, n
		}
	}
	if best < 0 {
		return nil
	}
	col := cols[best]
	sort.SliceStable(col, func(i, j int) bool { return col[i].line < col[j].line })
	// The description starts on the row's line when it prints one there
	// and its cells are not centred (no other column prints over the
	// row's line): lines over it are a heading of the rows under it
	// ("Rif. DDT n. 12 del …:"); otherwise, or when the row's line
	// states a period or a key's value, at the top of the band.
	start := 0
	for i, c := range col {
		if c.line == li && !c.key && !centred(s, li, b, col) {
			start = i
		}
	}
	var out []layout.Word
	size := 0.0
	for i, c := range col[start:] {
		text := joinWords(c.words)
		if letters(text) == 0 && !strings.ContainsFunc(text, unicode.IsDigit) {
			continue // a dot, a dash
		}
		if len(out) == 0 && isCode(text) && start+i+1 < len(col) {
			continue // a product code over the description
		}
		if len(out) > 0 && (c.key || c.numbers && c.line > li) || size > 0 && c.words[0].FontSize < 0.92*size {
			break
		}
		if size == 0 {
			size = c.words[0].FontSize
		}
		out = append(out, c.words...)
	}
	return out
}

// centred reports whether a line over row line li in band b prints a
// cell outside the description column col: the row's cells are centred
// on its line, each column's from the band's top.
func centred(s *layout.Structure, li int, b lineBand, col []textCell) bool {
	x0, x1 := math.Inf(1), math.Inf(-1)
	for _, c := range col {
		x0 = math.Min(x0, c.words[0].Box.X0)
		x1 = math.Max(x1, c.words[len(c.words)-1].Box.X1)
	}
	for lj := b.top; lj < li; lj++ {
		for _, c := range s.Cells[lj] {
			if c.Box.X1 < x0-s.Height || c.Box.X0 > x1+s.Height {
				return true
			}
		}
	}
	return false
}

func joinWords(ws []layout.Word) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.Text
	}
	return strings.Join(parts, " ")
}

// letters counts the letters of s.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// discountLine reports whether a line names a discount and nothing else:
// the words of its letters are discount words ("SC (Skonto)(sconto)",
// "Rabatt 10 %", "Remise"), with codes of one or two letters and
// numbers beside them. Under an item's row it names the row's discount,
// not a part of its description.
func discountLine(text string) bool {
	words := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	n := 0
	for _, w := range words {
		if letters(w) <= 2 {
			continue
		}
		hit := false
		for _, h := range labels.Find([]string{w}) {
			hit = hit || (h.Kind == labels.Discount || h.Kind == labels.ColDiscount) && h.Score >= minLabelScore
		}
		if !hit {
			return false
		}
		n++
	}
	return n > 0
}

// periodWords are the words that join the two dates of a period.
var periodWords = map[string]bool{
	"de": true, "du": true, "au": true, "dal": true, "al": true, "from": true, "to": true, "vom": true, "bis": true,
	"von": true, "-": true, "–": true, "periode": true, "période": true, "periodo": true, "period": true, "zeitraum": true,
	"leistungszeitraum": true, "servizio": true, "di": true, "del": true,
}

// periodLine reports whether a line states a period and nothing else
// ("Période du 01/01/2026 au 31/01/2026", "Period from 3 Feb 2024 to 2
// Mar 2024"): two dates and the words that join them, an attribute of the
// item, as a "Key: value" line is.
func periodLine(text string) bool {
	ms := parse.FindDates(text, "")
	if len(ms) != 2 {
		return false
	}
	rest := text[:ms[0].Start] + " " + text[ms[0].End:ms[1].Start] + " " + text[ms[1].End:]
	for _, w := range strings.Fields(rest) {
		if !periodWords[strings.ToLower(strings.Trim(w, ":,"))] {
			return false
		}
	}
	return true
}

// dropPlaceholder drops a trailing " - Description" from an item's
// description: templates that print "Name - Description" print the
// column's heading where the item has no description of its own.
func dropPlaceholder(s string) string {
	i := strings.LastIndex(s, " - ")
	if i <= 0 {
		return s
	}
	tail := strings.Fields(s[i+3:])
	for _, h := range labels.Find(tail) {
		if h.Kind == labels.ColDescription && h.Score >= 0.9 && h.First == 0 && h.Last == len(tail)-1 {
			return strings.TrimSpace(s[:i])
		}
	}
	return s
}
