package fields

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/parse"
	"github.com/invex/invex/invoice"
)

// column is one column of a line-item table, from its header label.
type column struct {
	kind   labels.Kind
	x0, x1 float64 // the header label's extent
	lo, hi float64 // the band of the page the column owns
	dup    bool    // another column of the header has the same kind
	// orig is the kind a number column's header label names; the column
	// stands in for it in rows that lack it.
	orig labels.Kind
}

// table is a line-item table: its header line and columns.
type table struct {
	page   *page
	header *line
	cols   []column
	// furniture are the lines printed on every page (running heads and
	// footers); see pageFurniture.
	furniture map[*line]bool
}

var columnKinds = map[labels.Kind]bool{
	labels.ColDescription: true, labels.ColQuantity: true, labels.ColUnit: true, labels.ColUnitPrice: true,
	labels.ColAmount: true, labels.ColTaxRate: true, labels.ColDiscount: true, labels.ColCode: true, labels.ColPosition: true,
}

var numericColumns = map[labels.Kind]bool{labels.ColQuantity: true, labels.ColUnitPrice: true, labels.ColAmount: true}

// findTables returns the line-item tables of the document: header rows
// that name a description or code column and at least one numeric column.
// A header may be printed over two or three lines ("Preis/" over
// "Einheit"): the hits of lines right above and below are merged.
func (x *extractor) findTables() []table {
	var out []table
	for _, p := range x.m.pages {
		used := map[*line]bool{}
		for _, l := range p.lines {
			if l.angle != 0 || used[l] || !hasColumnHit(l) {
				continue
			}
			group := headerGroup(p, l)
			bottom := group[len(group)-1]
			cols := headerColumns(group)
			kinds := map[labels.Kind]int{}
			for i, c := range cols {
				kinds[c.kind] = i
			}
			numeric := 0
			for k := range kinds {
				if numericColumns[k] {
					numeric++
				}
			}
			_, desc := kinds[labels.ColDescription]
			_, code := kinds[labels.ColCode]
			if len(cols) < 3 || numeric < 1 || !(desc || code) {
				continue
			}
			for _, g := range group {
				used[g] = true
			}
			cols = append(cols, weakColumns(group, cols)...)
			cols = append(cols, unlabelledColumns(group, cols)...)
			setBands(cols, p.width)
			out = append(out, table{page: p, header: bottom, cols: cols})
		}
	}
	return out
}

func hasColumnHit(l *line) bool {
	for _, h := range l.hits {
		if columnKinds[h.Kind] && h.Score >= minLabelScore {
			return true
		}
	}
	return false
}

// headerColumns classifies the cells of a header printed over one or more
// lines. Each label hit, and each word outside a hit, is a unit; units of
// different lines that sit over each other form one cell ("Preis/" over
// "Einheit"), whose joined text is matched against the column labels again.
//
// A second numeric column with the label of another ("Amount" and "Total",
// both read as amounts) is kept as an unassigned number column: the
// arithmetic of the rows decides what it holds (see assignNumeric).
func headerColumns(group []*line) []column {
	var cols []column
	n := 0
	all := classifyAll(group, headerKind, columnKinds, minLabelScore)
	for i, c := range all {
		switch {
		case !c.dup:
			cols = append(cols, c)
		case numericColumns[c.kind] && standsApart(all, i, group[0].height):
			n++
			c.kind, c.dup, c.orig = numberKind(n), false, c.kind
			cols = append(cols, c)
		}
	}
	return cols
}

// standsApart reports whether header cell i is set apart from the cells
// beside it by a gap of a line's height: a column of its own, not a word
// of its neighbour's label ("Beschreibung / Preis").
func standsApart(cols []column, i int, height float64) bool {
	for j, c := range cols {
		if j == i {
			continue
		}
		gap := math.Max(c.x0-cols[i].x1, cols[i].x0-c.x1)
		if gap < height {
			return false
		}
	}
	return true
}

// numberKind is the kind of the n-th numeric column whose header does not
// tell what it holds.
func numberKind(n int) labels.Kind { return labels.Kind(fmt.Sprintf("col.number%d", n)) }

// isNumeric reports whether a column holds numbers: quantities, prices,
// amounts, or numbers yet to be assigned.
func isNumeric(k labels.Kind) bool {
	return numericColumns[k] || strings.HasPrefix(string(k), "col.number")
}

// weakLabelScore is the weakest column label read in a header that
// stronger labels already make a table's: words such as "Pezzi", "Hours"
// or "Nombre" head a column there, though alone they prove nothing.
const weakLabelScore = 0.45

// weakColumns returns the cells of a table's header that only weak labels
// name, of kinds the strong columns lack, clear of the strong columns.
func weakColumns(group []*line, strong []column) []column {
	kinds := map[labels.Kind]bool{}
	for _, c := range strong {
		kinds[c.kind] = true
		if c.orig != "" {
			kinds[c.orig] = true
		}
	}
	var out []column
	for _, c := range classifyAll(group, headerKind, columnKinds, weakLabelScore) {
		if c.dup || kinds[c.kind] || overlapsAny(c, strong) {
			continue
		}
		kinds[c.kind] = true
		out = append(out, c)
	}
	return out
}

// unlabelledColumns returns the cells of a table's header that no label
// names ("VKE/Geb", "Lotto"): columns of their own whose values belong to
// no field (or to the one inferOther reads from them), rather than to the
// labelled column beside them. Words a word space from a label, directly
// or through other such words ("N° PEZZI", "Importo al netto"), are part
// of the label's cell; free words closer than a line's height to each
// other form one column.
func unlabelledColumns(group []*line, labelled []column) []column {
	accept := map[labels.Kind]bool{"": true}
	for k := range columnKinds {
		accept[k] = true
	}
	var free []column
	for _, c := range classifyAll(group, headerKind, accept, minLabelScore) {
		if c.kind == "" {
			free = append(free, c)
		}
	}
	height := group[0].height
	// Grow the labelled cells by the free words they touch, until none is
	// added.
	taken := make([]bool, len(free))
	grown := append([]column(nil), labelled...)
	for changed := true; changed; {
		changed = false
		for i, c := range free {
			if !taken[i] && !apartFrom(c, grown, 0.6*height) {
				taken[i], changed = true, true
				grown = append(grown, c)
			}
		}
	}
	var out []column
	for i, c := range free {
		if taken[i] {
			continue
		}
		// Free words close together form one column.
		if n := len(out); n > 0 && !apartFrom(c, out[n-1:], height) {
			out[n-1].x0, out[n-1].x1 = math.Min(out[n-1].x0, c.x0), math.Max(out[n-1].x1, c.x1)
			continue
		}
		c.kind, c.dup = otherKind(len(out)+1), false
		out = append(out, c)
	}
	return out
}

// otherKind is the kind of the n-th column whose header names no field.
func otherKind(n int) labels.Kind { return labels.Kind(fmt.Sprintf("col.other%d", n)) }

// isOther reports whether a column's header names no field.
func isOther(k labels.Kind) bool { return strings.HasPrefix(string(k), "col.other") }

// apartFrom reports whether column c is at least a line's height clear of
// each of cols.
func apartFrom(c column, cols []column, height float64) bool {
	for _, o := range cols {
		if math.Max(o.x0-c.x1, c.x0-o.x1) < height {
			return false
		}
	}
	return true
}

// overlapsAny reports whether column c overlaps one of cols horizontally.
func overlapsAny(c column, cols []column) bool {
	for _, o := range cols {
		if math.Min(c.x1, o.x1) > math.Max(c.x0, o.x0) {
			return true
		}
	}
	return false
}

// classifyColumns is headerColumns with the reading of labels (kindOf) and
// the accepted kinds given; a cell whose kind an earlier cell already has is
// left out.
func classifyColumns(group []*line, kindOf func(labels.Kind) labels.Kind, accept map[labels.Kind]bool) []column {
	var cols []column
	for _, c := range classifyAll(group, kindOf, accept, minLabelScore) {
		if !c.dup {
			cols = append(cols, c)
		}
	}
	return cols
}

// classifyAll is classifyColumns keeping the cells whose kind repeats an
// earlier cell's, marked dup, and reading labels down to minScore. When
// accept holds the empty kind, the cells no label names are returned too,
// with that kind.
func classifyAll(group []*line, kindOf func(labels.Kind) labels.Kind, accept map[labels.Kind]bool, minScore float64) []column {
	type unit struct {
		box   layout.Rect
		line  int
		words []string
	}
	var units []unit
	for li, g := range group {
		covered := make([]bool, len(g.words))
		for _, h := range g.hits {
			// Only column labels hold words together: "Betrag USt. %" is a
			// tax label in a sentence but two columns in a header.
			if h.Score < minScore || !accept[h.Kind] {
				continue
			}
			text, box := g.span(h.First, h.Last)
			units = append(units, unit{box: box, line: li, words: strings.Fields(text)})
			for i := h.First; i <= h.Last; i++ {
				covered[i] = true
			}
		}
		for i, w := range g.words {
			if !covered[i] {
				units = append(units, unit{box: w.Box, line: li, words: []string{w.Text}})
			}
		}
	}
	// Merge units of different lines that overlap horizontally.
	parent := make([]int, len(units))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			i = parent[i]
		}
		return i
	}
	// The pairs that overlap are found by a sweep from left to right
	// rather than by trying every pair (a header group can hold a whole
	// page of lines), then merged in the order of trying every pair, i
	// before j, so that the clusters' roots do not change.
	boxes := make([]layout.Rect, len(units))
	lines := make([]int, len(units))
	for i, u := range units {
		boxes[i], lines[i] = u.box, u.line
	}
	for _, p := range overlapPairs(boxes, lines) {
		parent[find(p[1])] = find(p[0])
	}
	clusters := map[int][]unit{}
	for i, u := range units {
		clusters[find(i)] = append(clusters[find(i)], u)
	}
	roots := make([]int, 0, len(clusters))
	for root := range clusters {
		roots = append(roots, root)
	}
	sort.Ints(roots)
	var cols []column
	seen := map[labels.Kind]bool{}
	for _, root := range roots {
		us := clusters[root]
		sort.Slice(us, func(a, b int) bool {
			if us[a].line != us[b].line {
				return us[a].line < us[b].line
			}
			return us[a].box.X0 < us[b].box.X0
		})
		var words []string
		box := us[0].box
		for _, u := range us {
			words = append(words, u.words...)
			box = union(box, u.box)
		}
		best := labels.Hit{}
		for _, h := range labels.Find(words) {
			h.Kind = kindOf(h.Kind)
			if accept[h.Kind] && h.Score >= minScore && h.Score > best.Score {
				best = h
			}
		}
		if best.Kind == "" && !accept[""] {
			continue
		}
		cols = append(cols, column{kind: best.Kind, x0: box.X0, x1: box.X1, dup: seen[best.Kind]})
		seen[best.Kind] = true
	}
	return cols
}

// overlapPairs returns the pairs {i, j}, i < j, of boxes of different
// lines that overlap horizontally (overlapX > 0), in the order of trying
// every pair: by i, then by j. lines[i] is box i's line. A sweep over the
// boxes sorted by left edge compares each box only with the boxes that
// reach past its left edge, not with every other box.
func overlapPairs(boxes []layout.Rect, lines []int) [][2]int {
	// A box without width overlaps nothing (nor does one with a NaN edge).
	order := make([]int, 0, len(boxes))
	for i, b := range boxes {
		if b.X1 > b.X0 {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return boxes[order[a]].X0 < boxes[order[b]].X0 })
	var pairs [][2]int
	var active []int
	for _, j := range order {
		x0 := boxes[j].X0
		// Boxes ending at or before x0 overlap neither this box nor any
		// box after it in the order.
		kept := active[:0]
		for _, i := range active {
			if boxes[i].X1 > x0 {
				kept = append(kept, i)
			}
		}
		active = kept
		for _, i := range active {
			if lines[i] != lines[j] && overlapX(boxes[i], boxes[j]) > 0 {
				pairs = append(pairs, [2]int{min(i, j), max(i, j)})
			}
		}
		active = append(active, j)
	}
	// Into the order of trying every pair: a counting sort by j, then a
	// stable one by i.
	pairs = countingSort(countingSort(pairs, 1, len(boxes)), 0, len(boxes))
	return pairs
}

// countingSort returns pairs sorted stably by element k, each in [0, n).
func countingSort(pairs [][2]int, k, n int) [][2]int {
	start := make([]int, n+1)
	for _, p := range pairs {
		start[p[k]+1]++
	}
	for i := 1; i <= n; i++ {
		start[i] += start[i-1]
	}
	out := make([][2]int, len(pairs))
	for _, p := range pairs {
		out[start[p[k]]] = p
		start[p[k]]++
	}
	return out
}

// headerKind reads a label as a column header: in a table's header, a tax
// label heads the rate column, a total label the amounts, a discount label
// the discounts.
func headerKind(k labels.Kind) labels.Kind {
	switch k {
	case labels.TaxAmount, labels.TaxRate:
		return labels.ColTaxRate
	case labels.Total, labels.Subtotal:
		return labels.ColAmount
	case labels.Discount:
		return labels.ColDiscount
	}
	return k
}

// headerGroup is l with the lines right below it that also carry column
// labels, as close as a line's height.
func headerGroup(p *page, l *line) []*line {
	group := []*line{l}
	last := l
	for _, o := range p.lines[l.index+1:] {
		if o.angle != 0 || o.box.Y0-last.box.Y1 > 0.8*math.Max(last.height, o.height) {
			break
		}
		if !hasColumnHit(o) {
			break
		}
		group = append(group, o)
		last = o
	}
	return group
}

// setBands sorts the columns left to right and gives each the band of the
// page between its neighbours' edges.
func setBands(cols []column, width float64) {
	sort.Slice(cols, func(i, j int) bool { return cols[i].x0 < cols[j].x0 })
	for i := range cols {
		cols[i].lo, cols[i].hi = 0, width
		if i > 0 {
			cols[i].lo = bandEdge(cols[i-1], cols[i])
		}
		if i < len(cols)-1 {
			cols[i].hi = bandEdge(cols[i], cols[i+1])
		}
	}
}

// bandEdge is the boundary between two neighbouring columns: the midpoint of
// the gap between their header labels, which suits right-aligned numbers and
// left-aligned text alike.
func bandEdge(a, b column) float64 {
	return (a.x1 + b.x0) / 2
}

// cell is the text of one column in one row.
type cell struct {
	text string
	box  layout.Rect
	// lefts are the left edges of the cell's words, when it was read from
	// a table line.
	lefts []float64
}

// row is one line item being read.
type row struct {
	cells map[labels.Kind]*cell
	page  int
	// notes are the note cells ("(Net): 60,00") of the unit-price column
	// printed on the lines without numbers right above and below the row.
	notes []*cell
	// sealed is set when a line under the row did not continue its
	// description: no later line does.
	sealed bool
	// names are the description lines without numbers printed right
	// above the row, in its block of lines, that no row above took.
	names []*cell
}

// lineItems reads every table's rows: lines under the header until the
// totals (a total or subtotal label), another table's header, a wide gap, or
// the end of the page; a table that runs off its page without being closed
// continues on the next pages that have no header of their own. Lines with
// no number are the wrapped continuation of the previous item's description.
func (x *extractor) lineItems() {
	var items []invoice.LineItem
	tables := x.findTables()
	furniture := x.pageFurniture()
	for _, t := range tables {
		t.furniture = furniture
		rows := x.tableRows(t, tables)
		x.priceFromNotes(rows)
		rows = x.mergeSplitRows(rows)
		rows = x.mergeDiscountRows(rows)
		x.assignNumeric(t.cols, rows)
		x.fillFromNumbers(t.cols, rows)
		x.inferOther(t.cols, rows)
		x.grossPrices(rows)
		x.blockDescriptions(t.cols, rows)
		nameFromBlock(rows)
		for _, r := range rows {
			if it, ok := x.item(r); ok {
				x.itemEvidence(len(items), r, it)
				items = append(items, it)
			}
		}
	}
	items = x.keyedLineItems(items)
	if len(tables) == 0 && len(items) == 0 {
		for _, r := range x.listItems() {
			if it, ok := x.item(r); ok {
				x.itemEvidence(len(items), r, it)
				items = append(items, it)
			}
		}
	}
	x.r.LineItems = items
}

// tableRows reads the rows of table t, following it onto the next pages
// while it is not closed and those pages have no table header.
func (x *extractor) tableRows(t table, tables []table) []row {
	rows, closed := x.pageRows(t, t.page.lines[t.header.index+1:], t.header.box.Y1, nil)
	for i := t.page.num; !closed && i < len(x.m.pages); i++ {
		next := x.m.pages[i]
		if hasTableOn(tables, next) {
			break
		}
		cont := table{page: next, cols: t.cols, furniture: t.furniture}
		rows, closed = x.pageRows(cont, next.lines, math.Inf(-1), rows)
	}
	return rows
}

// hasTableOn reports whether one of the tables has its header on page p.
func hasTableOn(tables []table, p *page) bool {
	for _, t := range tables {
		if t.page == p {
			return true
		}
	}
	return false
}

// pageRows reads table rows from lines of one page, appending to rows.
// top is the bottom of the header (minus infinity on a continuation page,
// where rows may start anywhere). closed reports that the table ended on
// this page: at a totals line or another table's header.
func (x *extractor) pageRows(t table, lines []*line, top float64, rows []row) (_ []row, closed bool) {
	prevBottom := top
	started := len(rows)
	var above *pendingText
	var notes []*cell // price notes since the last row
	var names []*cell // unwrapped description lines since the last row
	lastBottom := math.Inf(-1)
	for _, l := range lines {
		if l.angle != 0 {
			break
		}
		if l.box.Y0-lastBottom > 1.5*math.Max(l.height, 1) {
			names = nil // a gap ends the block of lines
		}
		lastBottom = l.box.Y1
		if !math.IsInf(prevBottom, -1) && l.box.Y0-prevBottom > 6*math.Max(l.height, 1) {
			return rows, false
		}
		if t.furniture[l] {
			if len(rows) > started {
				return rows, false // the page's footer: the table goes on overleaf
			}
			continue // a running head above the rows
		}
		if endsTable(l) && len(parse.FindAmounts(l.text, x.locale)) > 0 {
			return rows, true // a totals line; a label alone may continue the header
		}
		if len(rows) > started && headerLike(l) && len(parse.FindAmounts(l.text, x.locale)) == 0 {
			return rows, true // the header of the next table (a VAT summary)
		}
		cells := t.cells(l)
		if len(cells) == 0 {
			continue
		}
		if !x.hasNumbers(cells) {
			if len(rows) > started || !math.IsInf(prevBottom, -1) {
				prevBottom = l.box.Y1
			}
			// A wrapped description line, or a section title, or the
			// description of the row below.
			wrapped := len(rows) > 0 && rows[len(rows)-1].page == t.page.num &&
				(t.nameBelow(&rows[len(rows)-1], l, cells) || t.wrapDescription(&rows[len(rows)-1], l, cells))
			if !wrapped && len(rows) > started && cells[labels.ColDescription] != nil {
				// An attribute or note ends the wrapped text: lines
				// after it are notes too ("Verpackung: Karton",
				// then "Lieferung in 4 Kartons").
				rows[len(rows)-1].sealed = true
			}
			if c := cells[labels.ColUnitPrice]; c != nil && noteCell(c.text) {
				notes = append(notes, c)
				if len(rows) > started {
					rows[len(rows)-1].notes = append(rows[len(rows)-1].notes, c)
				}
			}
			above = nil
			if d := cells[labels.ColDescription]; d != nil && !wrapped {
				above = &pendingText{cell: d, line: l}
				names = append(names, d)
			}
			continue
		}
		prevBottom = l.box.Y1
		if cells[labels.ColDescription] == nil && above != nil && l.box.Y0-above.line.box.Y1 < 0.5*l.height {
			cells[labels.ColDescription] = above.cell
		}
		above = nil
		rows = append(rows, row{cells: cells, page: t.page.num, notes: notes, names: names})
		notes, names = nil, nil
	}
	return rows, false
}

// pendingText is a description line without numbers that the row right
// below it may own: layouts that print an item's name a little above its
// numbers.
type pendingText struct {
	cell *cell
	line *line
}

// cells splits a line into the cells of the table's columns. Words set
// close together form a phrase; a phrase that reaches into the description
// column belongs to it whole, also where it starts in the band of a code or
// position column to its left or runs into the next column's band (long
// descriptions printed wider than their header). Numbers in numeric columns
// keep their own cells.
func (t table) cells(l *line) map[labels.Kind]*cell {
	kinds := make([]labels.Kind, len(l.words))
	for i, w := range l.words {
		kinds[i] = t.columnOf(w.Box)
	}
	for first := 0; first < len(l.words); {
		last := first
		for last+1 < len(l.words) && l.words[last+1].Box.X0-l.words[last].Box.X1 < 0.6*l.height {
			last++
		}
		descAt := -1
		for i := first; i <= last; i++ {
			if kinds[i] == labels.ColDescription {
				descAt = i
				break
			}
		}
		if descAt >= 0 {
			// Words of the phrase in a number column's band are the
			// description's up to the first one with a digit: a long
			// description runs past its column ("… in gres porcellanato"
			// over the quantity band), a number keeps its column.
			words := true
			for i := first; i <= last; i++ {
				if isNumeric(kinds[i]) {
					if i < descAt {
						continue // a quantity printed before the description
					}
					if w := l.words[i].Text; !words || strings.IndexFunc(w, unicode.IsDigit) >= 0 || strings.IndexFunc(w, unicode.IsLetter) < 0 {
						words = false
						continue
					}
				}
				if i > descAt || kinds[i] == labels.ColCode || kinds[i] == labels.ColPosition || kinds[i] == "" || isOther(kinds[i]) {
					kinds[i] = labels.ColDescription
				}
			}
		} else if last > first && isNumeric(kinds[first]) && strings.HasSuffix(l.words[first].Text, ":") {
			// A note in a number column ("(Brut: 60,00)"): its value
			// belongs with its key, also where it runs into the next
			// column's band.
			for i := first + 1; i <= last; i++ {
				kinds[i] = kinds[first]
			}
		} else if at, k := percentKind(l.words[first:last+1], kinds[first:last+1]); k != "" {
			// A rate printed wider than its column ("19 % VAT (S)"
			// starting in the quantity band) keeps its number.
			for i := first + at; i <= last; i++ {
				kinds[i] = k
			}
		}
		first = last + 1
	}
	cells := map[labels.Kind]*cell{}
	for i, w := range l.words {
		c := kinds[i]
		if c == "" {
			continue
		}
		if cells[c] == nil {
			cells[c] = &cell{text: w.Text, box: w.Box, lefts: []float64{w.Box.X0}}
		} else {
			cells[c].text += " " + w.Text
			cells[c].box = union(cells[c].box, w.Box)
			cells[c].lefts = append(cells[c].lefts, w.Box.X0)
		}
	}
	return cells
}

// wrapDescription appends a line without numbers to the description of the
// row above when it continues its text close below it, and reports whether
// it did.
//
// Text in the code or position columns (an article code or GTIN under the
// row's code) does not stop the wrap. A line running under the headers of
// two other columns is a heading or a sentence across the table, not a
// wrap.
func (t table) wrapDescription(r *row, l *line, cells map[labels.Kind]*cell) bool {
	c := withoutArticleNumber(cells[labels.ColDescription])
	if c == nil || r.sealed || !(wrappedText(c.text) || alignedWrap(r.cells[labels.ColDescription], c, l)) {
		return false
	}
	under := 0
	for _, col := range t.cols {
		if col.kind != labels.ColDescription && col.kind != labels.ColCode && col.kind != labels.ColPosition && !isOther(col.kind) && c.box.X0 < col.x1 && c.box.X1 > col.x0 {
			under++
		}
	}
	if under >= 2 {
		return false
	}
	for k := range cells {
		if k != labels.ColDescription && k != labels.ColCode && k != labels.ColPosition && !isOther(k) {
			return false
		}
	}
	d := r.cells[labels.ColDescription]
	if d != nil && l.box.Y0-d.box.Y1 < 1.5*l.height {
		d.text += " " + c.text
		d.box = union(d.box, c.box)
		d.lefts = append(d.lefts, c.lefts...)
		return true
	}
	return false
}

// alignedWrap reports whether description text c, heavy in digits
// ("1250032 D.", "16x6x28 CM"), still continues description d above it:
// it starts at d's left edge, holds a letter, and is no attribute, date,
// price, discount or labelled reference, which wrappedText rejects or
// would be no better told from.
func alignedWrap(d, c *cell, l *line) bool {
	if d == nil || math.Abs(c.box.X0-d.box.X0) > 1.5 || strings.IndexFunc(c.text, unicode.IsLetter) < 0 {
		return false
	}
	if _, _, kv := splitKey(c.text); kv || discountNote(c.text) || decimalNumber.MatchString(c.text) {
		return false
	}
	for _, h := range l.hits {
		if h.Score >= minLabelScore {
			return false
		}
	}
	for _, f := range strings.Fields(c.text) {
		if _, ok := parse.Date(f, ""); ok {
			return false
		}
	}
	return true
}

// decimalNumber is a number with decimals ("4,50", "1.000,00").
var decimalNumber = regexp.MustCompile(`[0-9][.,][0-9]{2}\b`)

// nameBelow gives row r, printed without a description, the description
// of line l right under its numbers, and reports whether it did: layouts
// that print an article's codes beside its numbers and its name on the
// next line. The row must state its quantity and amount, the line no
// number; the line's words in other columns are not the name's.
func (t table) nameBelow(r *row, l *line, cells map[labels.Kind]*cell) bool {
	c := withoutArticleNumber(cells[labels.ColDescription])
	if r.sealed || r.cells[labels.ColDescription] != nil || c == nil || !wrappedText(c.text) {
		return false
	}
	if r.cells[labels.ColQuantity] == nil || r.cells[labels.ColAmount] == nil || l.box.Y0-rowBottom(*r) > 0.5*l.height {
		return false
	}
	r.cells[labels.ColDescription] = &cell{text: c.text, box: c.box, lefts: c.lefts}
	return true
}

// headerLike reports whether a line reads as a table header: labels of two
// or more different columns.
func headerLike(l *line) bool {
	kinds := map[labels.Kind]bool{}
	for _, h := range l.hits {
		if k := headerKind(h.Kind); columnKinds[k] && h.Score >= minLabelScore {
			kinds[k] = true
		}
	}
	return len(kinds) >= 2
}

// columnOf returns the column whose band holds most of the box.
func (t table) columnOf(b layout.Rect) labels.Kind {
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
		case labels.Subtotal, labels.Total, labels.AmountDue:
			if h.Score >= 0.8 {
				return true
			}
		case labels.TaxAmount, labels.Withholding, labels.StampDuty:
			if h.Score >= 0.8 && h.First <= 2 {
				return true
			}
		}
	}
	return false
}

// hasNumbers reports whether a row has a value in a numeric column.
func (x *extractor) hasNumbers(cells map[labels.Kind]*cell) bool {
	for k, c := range cells {
		if isNumeric(k) && !noteCell(c.text) {
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
		it.Description = invoice.String(cleanDescription(c.text))
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
	if c := r.cells[labels.ColAmount]; c != nil {
		if ms := x.moneyAmounts(c.text, true); len(ms) > 0 {
			it.Amount = invoice.Number(ms[len(ms)-1].Number)
		}
	}
	if c := r.cells[labels.ColUnitPrice]; c != nil {
		it.UnitPrice = x.unitPrice(c.text, it.Quantity, it.Amount)
		if it.Quantity == nil && it.Amount != nil {
			if q, p, ok := x.spilledQuantity(c.text, *it.Amount); ok {
				it.Quantity, it.UnitPrice = invoice.Number(q), invoice.Number(p)
			}
		}
	}
	if c := r.cells[labels.ColTaxRate]; c != nil {
		if ps := parse.FindPercents(c.text); len(ps) > 0 {
			it.TaxRate = invoice.Number(ps[0].Number)
		} else if v, ok := parse.Percent(strings.TrimSpace(c.text), true); ok {
			it.TaxRate = invoice.Number(v)
		} else if exemptRate(c.text) {
			it.TaxRate = invoice.Number(0)
		}
	}
	if c := r.cells[labels.ColDiscount]; c != nil {
		// Discounts are printed with either sign ("-10,00%").
		if ps := parse.FindPercents(c.text); len(ps) > 0 {
			it.DiscountPct = invoice.Number(math.Abs(ps[0].Number))
		} else if v, ok := parse.Percent(strings.TrimSpace(c.text), true); ok && !sameAmount(v, it.Amount, it.UnitPrice) {
			// A bare number that repeats the row's amount or price is an
			// amount spilled into the column, not a percentage.
			it.DiscountPct = invoice.Number(math.Abs(v))
		}
	}
	if it.Description == nil && it.Amount == nil {
		return it, false
	}
	if c := r.cells[labels.ColDescription]; c != nil && (it.Amount == nil && noteKey(c.text) || allowanceRow(c.text)) {
		return it, false
	}
	// A row with only an amount and no words is a sub-total or a carried
	// amount, not an item.
	if (it.Description == nil || !hasWord(*it.Description)) && it.Quantity == nil && it.UnitPrice == nil {
		return it, false
	}
	// A row is an item when it states its amount, or its quantity and
	// price; a lone price is a note ("(Brut: 60,00)") of the item above.
	if it.Amount == nil && (it.Quantity == nil || it.UnitPrice == nil) {
		return it, false
	}
	return it, true
}

// sameAmount reports whether v equals one of the amounts.
func sameAmount(v float64, amounts ...*float64) bool {
	for _, a := range amounts {
		if a != nil && near(math.Abs(v), math.Abs(*a)) {
			return true
		}
	}
	return false
}

// noteKey reports whether a row's description is only a key whose value
// stands in the number columns ("Bruttopreis: 4,00", "(Net): 60,00"): a
// note on the item above, not an item.
func noteKey(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasSuffix(s, ":") || strings.HasSuffix(s, "):")
}

// allowanceRow reports whether a row states a document-level allowance or
// charge ("REMISE : REMISE COMMERCIALE", "Charge: delivery"): a discount or
// charge word as the key of a "Key: reason" description. Such rows adjust
// the totals; they are not items.
func allowanceRow(s string) bool {
	key, _, ok := splitKey(s)
	if !ok {
		return false
	}
	switch strings.ToLower(key) {
	case "charge", "surcharge", "frais", "zuschlag", "aufschlag", "maggiorazione", "majoration":
		return true
	}
	for _, h := range labels.Find(strings.Fields(key)) {
		if (h.Kind == labels.Discount || h.Kind == labels.ColDiscount) && h.Score >= 0.7 && h.First == 0 && h.Last == len(strings.Fields(key))-1 {
			return true
		}
	}
	return false
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

// wrappedText reports whether a description line under an item continues its
// text, rather than listing an attribute ("GTIN: 4012345001235", "Art.-Nr.
// 123"), a code or a discount ("SCONTO 20.00%").
func wrappedText(s string) bool {
	if discountNote(s) {
		return false
	}
	// A key in lower case continues a sentence ("two: user accounts").
	if key, _, kv := splitKey(s); kv && !unicode.IsLower([]rune(key)[0]) {
		return false
	}
	letters, digits := parse.LettersDigits(s)
	return letters >= 3 && letters > digits
}

// natureCode is an Italian VAT nature code ("N1", "N2.2", "N6.9"): the line
// is not taxed, printed in the rate column instead of a rate.
var natureCode = regexp.MustCompile(`^N[1-7](?:\.[0-9]{1,2})?$`)

// exemptRate reports whether a rate cell says the line bears no VAT.
func exemptRate(s string) bool {
	s = strings.TrimSpace(s)
	if natureCode.MatchString(s) {
		return true
	}
	switch strings.ToLower(s) {
	case "esente", "esclusa", "escluso", "exempt", "exonéré", "exonere", "steuerfrei":
		return true
	}
	return false
}

var (
	leadingCode = regexp.MustCompile(`^(?:[0-9]{6,}|[A-Z0-9][A-Z0-9./-]*[0-9][A-Z0-9./-]*)\s+`)
	gluedCode   = regexp.MustCompile(`^[0-9]{6,}(\p{L})`)
	attribute   = regexp.MustCompile(`\s+\p{Lu}[\p{L}.\-]*\s?:(?:\s|$)`)
)

// cleanDescription keeps the text of an item's description: leading article
// codes and trailing "Attribute: value" notes are dropped.
func cleanDescription(s string) string {
	s = strings.TrimSpace(s)
	for i := 0; i < 3; i++ {
		loc := leadingCode.FindStringIndex(s)
		if loc == nil {
			break
		}
		if _, isDate := parse.Date(strings.TrimSpace(s[:loc[1]]), ""); isDate {
			break // "22/01/2025: …" dates belong to the description
		}
		t := s[loc[1]:]
		if strings.IndexFunc(t, unicode.IsLetter) < 0 {
			break
		}
		s = t
	}
	s = gluedCode.ReplaceAllString(s, "$1")
	s = dropPlaceholder(s)
	if loc := attribute.FindStringIndex(s); loc != nil && loc[0] > 0 {
		s = s[:loc[0]]
	}
	return strings.TrimSpace(s)
}

// noteCell reports whether a cell holds a note rather than a value:
// "(Brut: 60,00)", "Net: 30,00", "1,00 (CH)".
func noteCell(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "(") || strings.Contains(s, ":") || strings.HasSuffix(s, ")")
}

// textOf is a cell's text, "" for no cell.
func textOf(c *cell) string {
	if c == nil {
		return ""
	}
	return c.text
}

// numericRoles are the kinds arithmetic ties together: quantity × unit price
// = amount.
var numericRoles = [3]labels.Kind{labels.ColQuantity, labels.ColUnitPrice, labels.ColAmount}

// assignNumeric checks the table's numeric columns against the rows'
// arithmetic: when another assignment of quantity, unit price and amount to
// the columns makes quantity × price = amount hold in more rows than the
// header's labels do (and in at least half the rows), the columns and the
// rows' cells are renamed. This fixes headers whose labels mislead
// ("Amount" over quantities next to a "Total" column) or repeat.
func (x *extractor) assignNumeric(cols []column, rows []row) {
	var kinds []labels.Kind
	for _, c := range cols {
		if isNumeric(c.kind) {
			kinds = append(kinds, c.kind)
		}
	}
	if len(kinds) < 3 || len(rows) == 0 {
		return
	}
	vals := make([]map[labels.Kind]float64, len(rows))
	for i, r := range rows {
		vals[i] = map[labels.Kind]float64{}
		for _, k := range kinds {
			if c := r.cells[k]; c != nil && !noteCell(c.text) {
				if v, ok := x.cellNumber(c.text); ok {
					vals[i][k] = v
				}
			}
		}
	}
	label := numericRoles
	best, bestScore := label, productRows(vals, label)
	bestAgree := 3
	for _, q := range kinds {
		for _, p := range kinds {
			for _, a := range kinds {
				if q == p || p == a || q == a {
					continue
				}
				try := [3]labels.Kind{q, p, a}
				score, agree := productRows(vals, try), agreement(try)
				if score > bestScore || score == bestScore && score > 0 && agree > bestAgree {
					best, bestScore, bestAgree = try, score, agree
				}
			}
		}
	}
	if best == label || 2*bestScore < len(rows) {
		return
	}
	rename := map[labels.Kind]labels.Kind{}
	n := 100 // numbers of columns left without a role
	for _, k := range kinds {
		rename[k] = k
		if numericColumns[k] {
			n++
			rename[k] = numberKind(n)
		}
	}
	for i, k := range best {
		rename[k] = numericRoles[i]
	}
	for i := range cols {
		if to, ok := rename[cols[i].kind]; ok {
			cols[i].kind = to
		}
	}
	for _, r := range rows {
		moved := map[labels.Kind]*cell{}
		for k, c := range r.cells {
			if to, ok := rename[k]; ok {
				moved[to] = c
				delete(r.cells, k)
			}
		}
		for k, c := range moved {
			r.cells[k] = c
		}
	}
}

// fillFromNumbers gives a row's value in a number column to the kind its
// header named when the row has no number of that kind: a header that
// repeats a label over two columns holds one value per row, in either.
func (x *extractor) fillFromNumbers(cols []column, rows []row) {
	for _, c := range cols {
		if c.orig == "" || !strings.HasPrefix(string(c.kind), "col.number") {
			continue
		}
		for _, r := range rows {
			v, o := r.cells[c.kind], r.cells[c.orig]
			if v == nil {
				continue
			}
			if _, ok := x.cellNumber(v.text); !ok {
				continue
			}
			if _, ok := x.cellNumber(textOf(o)); !ok {
				r.cells[c.orig] = v
				delete(r.cells, c.kind)
			}
		}
	}
}

// productRows counts the rows where the columns roles[0] × roles[1] =
// roles[2], all three non-zero.
func productRows(vals []map[labels.Kind]float64, roles [3]labels.Kind) int {
	n := 0
	for _, v := range vals {
		q, okq := v[roles[0]]
		p, okp := v[roles[1]]
		a, oka := v[roles[2]]
		if okq && okp && oka && q != 0 && p != 0 && a != 0 && near(math.Abs(q*p), math.Abs(a)) {
			n++
		}
	}
	return n
}

// agreement counts the roles that a column's header label already gives.
func agreement(roles [3]labels.Kind) int {
	n := 0
	for i, k := range roles {
		if k == numericRoles[i] {
			n++
		}
	}
	return n
}

// priceFromNotes gives a row without a unit price the price a note beside it
// states ("(Brut: 60,00)" above the row, "(Net): 60,00" below it) when
// quantity × that price = amount: layouts that print gross, discount and
// net price on lines of their own in the price column.
func (x *extractor) priceFromNotes(rows []row) {
	for _, r := range rows {
		if len(r.notes) == 0 {
			continue
		}
		if c := r.cells[labels.ColUnitPrice]; c != nil && !noteCell(c.text) {
			if _, ok := x.cellNumber(c.text); ok {
				continue
			}
		}
		q, okq := x.cellNumber(textOf(r.cells[labels.ColQuantity]))
		a, oka := x.cellNumber(textOf(r.cells[labels.ColAmount]))
		if !okq || !oka || q == 0 || a == 0 {
			continue
		}
		for i := len(r.notes) - 1; i >= 0; i-- {
			if p, ok := x.cellNumber(r.notes[i].text); ok && p != 0 && near(math.Abs(q*p), math.Abs(a)) {
				r.cells[labels.ColUnitPrice] = r.notes[i]
				break
			}
		}
	}
}

// mergeSplitRows joins an item whose numbers are printed over two lines:
// a row with quantity and price but no amount, and right below it a row
// with an amount but no quantity or price (an e-invoice viewer's discount
// line, "SC (sconto) -9,00 1.620,00 22") whose amount is quantity × price,
// less the discount the rows state. The lower row's numbers fill the cells
// the upper one lacks; its words are a note and are dropped.
func (x *extractor) mergeSplitRows(rows []row) []row {
	out := rows[:0]
	for i := 0; i < len(rows); i++ {
		r := rows[i]
		if i+1 < len(rows) && x.splitRow(r, rows[i+1]) {
			for k, c := range rows[i+1].cells {
				if k == labels.ColDescription || k == labels.ColPosition || k == labels.ColCode {
					continue
				}
				if r.cells[k] == nil || k == labels.ColAmount {
					r.cells[k] = c
				}
			}
			i++
		}
		out = append(out, r)
	}
	return out
}

// splitRow reports whether row b, right below row a, holds the rest of a's
// numbers (see mergeSplitRows).
func (x *extractor) splitRow(a, b row) bool {
	if a.page != b.page {
		return false
	}
	num := func(r row, k labels.Kind) (float64, bool) {
		c := r.cells[k]
		if c == nil || noteCell(c.text) {
			return 0, false
		}
		return x.cellNumber(c.text)
	}
	q, okq := num(a, labels.ColQuantity)
	p, okp := num(a, labels.ColUnitPrice)
	if _, ok := num(a, labels.ColAmount); ok || !okq || !okp || q == 0 || p == 0 {
		return false
	}
	amt, ok := num(b, labels.ColAmount)
	if !ok {
		return false
	}
	if _, ok := num(b, labels.ColQuantity); ok {
		return false
	}
	if _, ok := num(b, labels.ColUnitPrice); ok {
		return false
	}
	if gap := rowTop(b) - rowBottom(a); gap > 2*rowHeight(a) {
		return false
	}
	gross := q * p
	if near(amt, gross) {
		return true
	}
	for _, r := range []row{a, b} {
		d := r.cells[labels.ColDiscount]
		if d == nil {
			continue
		}
		if ps := parse.FindPercents(d.text); len(ps) > 0 {
			if near(amt, gross*(1-math.Abs(ps[0].Number)/100)) {
				return true
			}
			continue
		}
		if v, ok := x.cellNumber(d.text); ok {
			v = math.Abs(v)
			if near(amt, gross-v) || near(amt, q*(p-v)) {
				return true
			}
		}
	}
	return false
}

// rowTop, rowBottom and rowHeight are a row's vertical extent, from its
// cells.
func rowTop(r row) float64 {
	y := math.Inf(1)
	for _, c := range r.cells {
		y = math.Min(y, c.box.Y0)
	}
	return y
}

func rowBottom(r row) float64 {
	y := math.Inf(-1)
	for _, c := range r.cells {
		y = math.Max(y, c.box.Y1)
	}
	return y
}

func rowHeight(r row) float64 {
	h := 0.0
	for _, c := range r.cells {
		h = math.Max(h, c.box.Y1-c.box.Y0)
	}
	return h
}

// percentKind finds, in a phrase, a number set apart from its percent sign
// ("19 % VAT") in another column than the sign's rate or discount column:
// it returns the number's index and the sign's column, or "".
func percentKind(words []layout.Word, kinds []labels.Kind) (int, labels.Kind) {
	for i, w := range words {
		if i == 0 || !strings.HasPrefix(w.Text, "%") {
			continue
		}
		k := kinds[i]
		if (k == labels.ColTaxRate || k == labels.ColDiscount) && kinds[i-1] != k {
			if _, ok := parse.Percent(words[i-1].Text, true); ok {
				return i - 1, k
			}
		}
		return 0, ""
	}
	return 0, ""
}

// pageFurniture returns the lines of a document of several pages that are
// printed, with the same text at the same height, on another page too, in
// its top or bottom margin band: the running heads and footers (the
// vendor's address and bank under every page), which are not item rows.
func (x *extractor) pageFurniture() map[*line]bool {
	if len(x.m.pages) < 2 {
		return nil
	}
	type key struct {
		text string
		y    int
	}
	margin := func(p *page, l *line) bool {
		return l.box.Y1 < 0.15*p.height || l.box.Y0 > 0.75*p.height
	}
	seen := map[key]map[int]bool{}
	for _, p := range x.m.pages {
		for _, l := range p.lines {
			if !margin(p, l) {
				continue
			}
			k := key{l.text, int(math.Round(l.box.Y0 / 2))}
			if seen[k] == nil {
				seen[k] = map[int]bool{}
			}
			seen[k][p.num] = true
		}
	}
	out := map[*line]bool{}
	for _, p := range x.m.pages {
		for _, l := range p.lines {
			if !margin(p, l) {
				continue
			}
			if len(seen[key{l.text, int(math.Round(l.box.Y0 / 2))}]) >= 2 {
				out[l] = true
			}
		}
	}
	return out
}
