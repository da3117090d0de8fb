package resolve

import (
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/parse"
	"github.com/invex/invex/invoice"
)

// Item is one line item as the table reader reads it. Numbers are nil
// when the row prints none.
type Item struct {
	Description string
	Unit        string
	Quantity    *float64
	UnitPrice   *float64
	Amount      *float64
	TaxRate     *float64
	DiscountPct *float64
	// Page is the 1-based page of the row, Box the row's box.
	Page int
	Box  layout.Rect
	// Consistent reports that quantity × unit price (less the discount)
	// is the amount, to the cent.
	Consistent bool
}

// LineItem returns the item as the result holds it.
func (it Item) LineItem() invoice.LineItem {
	li := invoice.LineItem{Quantity: it.Quantity, UnitPrice: it.UnitPrice, Amount: it.Amount, TaxRate: it.TaxRate, DiscountPct: it.DiscountPct}
	if d := unglueGTIN(it.Description); d != "" {
		li.Description = invoice.String(d)
	}
	if it.Unit != "" {
		li.Unit = invoice.String(it.Unit)
	}
	return li
}

// unglueGTIN drops a GS1 article number (GTIN-8, -12, -13 or -14, its
// check digit right) glued to the first word of a description
// ("4006381333931Zitronensaft 1 l"): the text layer gave the code's cell
// and the description's no space between them.
func unglueGTIN(desc string) string {
	n := 0
	for n < len(desc) && desc[n] >= '0' && desc[n] <= '9' {
		n++
	}
	if n != 8 && n != 12 && n != 13 && n != 14 || n == len(desc) {
		return desc
	}
	if r, _ := utf8.DecodeRuneInString(desc[n:]); !unicode.IsLetter(r) || !gtinValid(desc[:n]) {
		return desc
	}
	return desc[n:]
}

// gtinValid reports whether a GTIN's last digit is its GS1 check digit.
func gtinValid(code string) bool {
	sum := 0
	for i := len(code) - 2; i >= 0; i-- {
		d := int(code[i] - '0')
		if (len(code)-2-i)%2 == 0 {
			d *= 3
		}
		sum += d
	}
	return (10-sum%10)%10 == int(code[len(code)-1]-'0')
}

// ItemOf returns a result's line item as an Item.
func ItemOf(li invoice.LineItem) Item {
	it := Item{Quantity: li.Quantity, UnitPrice: li.UnitPrice, Amount: li.Amount, TaxRate: li.TaxRate, DiscountPct: li.DiscountPct}
	if li.Description != nil {
		it.Description = *li.Description
	}
	if li.Unit != nil {
		it.Unit = *li.Unit
	}
	return it
}

// Table is the item table as read by the arithmetic of its rows.
type Table struct {
	Items []Item
	// Rows counts the rows whose numbers add up; Aligned those read by
	// their columns alone.
	Rows, Aligned int
	// Header tells whether a row of column headings stands over the
	// rows (on a page that has rows).
	Header bool
}

// headerOver reports whether one of the few lines over line li holds two
// or more column headings (Description, Qty, Price, Amount …).
func headerOver(p *Page, li int) bool {
	for lj := li - 1; lj >= 0 && lj >= li-6; lj-- {
		if headingCells(p, lj) >= 2 {
			return true
		}
	}
	return false
}

// headingCells counts the cells of line li that hold a column heading.
func headingCells(p *Page, li int) int {
	n := 0
	for _, hs := range p.labels[li] {
		for _, h := range hs {
			if h.kind.IsColumn() {
				n++
				break
			}
		}
	}
	return n
}

// splitGroups returns the readings of a line's numbers where some of the
// numbers whose digit groups are separated by an ordinary space are read
// as their words, each a number of its own ("12 120,00" as a quantity and
// a price side by side).
func splitGroups(s *layout.Structure, locale string, ns []numTok) [][]numTok {
	parts := make([][]numTok, len(ns))
	var grouped []int
	for i, n := range ns {
		if !n.v.Ambiguous || n.v.Last == n.v.First || n.pct {
			continue
		}
		l := s.Page.Lines[n.v.Line]
		for k := n.v.First; k <= n.v.Last; k++ {
			w := s.Page.Words[l.Words[k]]
			m, ok := parse.Amount(w.Text, locale)
			if !ok {
				parts[i] = nil
				break
			}
			v := *n.v
			v.Text, v.Num, v.First, v.Last, v.Box, v.Ambiguous = w.Text, m.Number, k, k, w.Box, false
			parts[i] = append(parts[i], numTok{v: &v, x1: w.Box.X1, val: m.Number})
		}
		if len(parts[i]) >= 2 {
			grouped = append(grouped, i)
		}
	}
	if len(grouped) == 0 || len(grouped) > 4 {
		return nil
	}
	var out [][]numTok
	for mask := 1; mask < 1<<len(grouped); mask++ {
		var read []numTok
		next := 0
		for i, n := range ns {
			if next < len(grouped) && grouped[next] == i {
				if mask&(1<<next) != 0 {
					read = append(read, parts[i]...)
				} else {
					read = append(read, n)
				}
				next++
				continue
			}
			read = append(read, n)
		}
		out = append(out, read)
	}
	return out
}

// totalsBetween reports whether a line of the totals comes after line a,
// up to line b.
func totalsBetween(p *Page, a, b int) bool {
	for li := a + 1; li <= b; li++ {
		if totalsLine(p, li) {
			return true
		}
	}
	return false
}

// amountBetween reports whether a line after line a, before line b,
// prints a number in the amount column at x.
func amountBetween(lines map[int][]numTok, a, b int, x float64) bool {
	for li := a + 1; li < b; li++ {
		if at(lines[li], x) >= 0 {
			return true
		}
	}
	return false
}

// contiguous reports whether lines a to b follow each other without a
// gap of two lines: one row's band.
func contiguous(s *layout.Structure, a, b int) bool {
	for li := a + 1; li <= b; li++ {
		if s.Page.Lines[li].Box.Y0-s.Page.Lines[li-1].Box.Y1 > 1.8*s.Height {
			return false
		}
	}
	return true
}

// pctOf returns the index of the first percentage among a line's
// numbers, or -1.
func pctOf(ns []numTok) int {
	for i, n := range ns {
		if n.pct {
			return i
		}
	}
	return -1
}

// headerLine returns the line of the nearest row of column headings over
// line li, within the lines a table's first rows may take, or -1. A line
// of the totals between them ends the search: the headings are another
// table's.
func headerLine(p *Page, li int) int {
	for lj := li - 1; lj >= 0 && lj >= li-40; lj-- {
		if totalsLine(p, lj) {
			return -1
		}
		if headingCells(p, lj) >= 2 {
			return lj
		}
	}
	return -1
}

// minRow returns the first line of the rows that add up.
func minRow(triples map[int][]rowRoles) int {
	m := math.MaxInt
	for li := range triples {
		m = min(m, li)
	}
	return m
}

// textBefore reports whether line li prints a word with a letter left of
// value v: a row's description.
func textBefore(s *layout.Structure, li int, v *Value) bool {
	for _, wi := range s.Page.Lines[li].Words {
		if w := s.Page.Words[wi]; w.Box.X1 < v.Box.X0 && strings.IndexFunc(w.Text, unicode.IsLetter) >= 0 {
			return true
		}
	}
	return false
}

// notTheSummary drops the ways the numbers of line li of page pi add up
// that multiply by the rate of a line of the VAT summary: "10,00 203,07
// 20,31" is a base and its tax at 10 %, no quantity of 20,31 at a price of
// 10, whose product the slack for prices rounded in print lets pass.
func (d *Doc) notTheSummary(pi, li int, ns []numTok, rs []rowRoles) []rowRoles {
	for _, l := range d.summary.lines {
		if b := d.Values[l.base]; b.Page != pi || b.Line != li || l.rate == 0 {
			continue
		}
		rate := func(i int) bool { return i >= 0 && cents(math.Abs(ns[i].val)) == l.rate }
		return slices.DeleteFunc(rs, func(r rowRoles) bool { return rate(r.q) || rate(r.p) })
	}
	return rs
}

// numTok is a number printed on a line: an amount or a percentage.
type numTok struct {
	v   *Value
	x1  float64 // right edge: numbers in columns are right-aligned
	val float64
	pct bool
	// keyed marks the value of a "Key: value" cell ("# ligne BC: 3",
	// "Lotto: 12"): an attribute of the row, a factor only by chance.
	keyed bool
	// disc marks a bare number under a heading of discount percentages:
	// the row's discount, no VAT rate (see barePercents).
	disc bool
}

// rowRoles are the tokens of a row that play each part.
type rowRoles struct {
	q, p, a, d int // indexes into the line's numbers; -1 when absent
}

// tol is the slack of qty × price = amount: the rounding to the cent, and
// a cent more for prices rounded before the product.
const tol = 0.011

// colTol is how far the right edges of numbers of one column may differ.
const colTol = 6.0

// totalKinds are labels of lines that are totals, not items.
var totalKinds = map[labels.Kind]bool{
	labels.Subtotal: true, labels.Total: true, labels.AmountDue: true, labels.TaxAmount: true,
	labels.Withholding: true, labels.StampDuty: true,
}

// ReadItems reads the document's item rows from the arithmetic of their
// numbers: a row prints a quantity, a unit price and an amount (and maybe
// a discount) with quantity × price (− discount) = amount; the columns
// those numbers stand in, found over all such rows of a page, read the
// rows whose arithmetic is incomplete too; the text cells of a row give
// its description, code and unit, and the lines under it without numbers
// continue its description. It needs no header row and no label.
func ReadItems(d *Doc) Table {
	if d.table != nil {
		t := *d.table
		t.Items = slices.Clone(t.Items)
		return t
	}
	var t Table
	// The values of each page, in their order in d.Values.
	onPage := make([][]int, len(d.Pages))
	for i := range d.Values {
		if pi := d.Values[i].Page; pi >= 0 && pi < len(d.Pages) {
			onPage[pi] = append(onPage[pi], i)
		}
	}
	for pi, p := range d.Pages {
		t.readPage(d, pi, p, onPage[pi])
	}
	if len(t.Items) == 0 {
		t.readKeyed(d)
	}
	if len(t.Items) == 0 {
		t.readSummed(d)
	}
	return t
}

// readPage reads the items of page pi; values are the indexes into
// d.Values of the page's values.
func (t *Table) readPage(d *Doc, pi int, p *Page, values []int) {
	s := p.S
	lines := map[int][]numTok{}
	for _, i := range values {
		v := &d.Values[i]
		if v.Page != pi || v.Line < 0 || v.Type != TAmount && v.Type != TPercent || s.Page.Lines[v.Line].Angle != 0 {
			continue
		}
		keyed := v.Cell < len(s.Cells[v.Line]) && keyLine(s.Cells[v.Line][v.Cell].Text)
		lines[v.Line] = append(lines[v.Line], numTok{v: v, x1: digitsRight(s, v), val: v.Num, pct: v.Type == TPercent, keyed: keyed})
	}
	barePercents(p, lines)
	// Rows whose numbers add up, with every way they do. A line under a
	// label of the totals is not an item, unless its numbers add up as
	// one: a row may print its VAT code beside its rate ("19 % VAT").
	var order []int
	triples := map[int][]rowRoles{}
	for li, ns := range lines {
		sort.Slice(ns, func(i, j int) bool { return ns[i].x1 < ns[j].x1 })
		if len(ns) < 2 {
			continue
		}
		rs := d.notTheSummary(pi, li, ns, arithmeticRoles(ns))
		if len(rs) == 0 {
			// "12 120,00" read as one number grouped by a space may be a
			// quantity and a price side by side.
			for _, split := range splitGroups(s, d.Locale, ns) {
				if rs = arithmeticRoles(split); len(rs) > 0 {
					ns = split
					lines[li] = split
					break
				}
			}
		}
		if len(rs) > 0 {
			triples[li] = rs
		}
		if len(rs) > 0 || !totalsLine(p, li) {
			order = append(order, li)
		}
	}
	sort.Ints(order)
	// A row whose cells are centred in a band of interleaved lines may
	// print a factor on another line of the band (a price stacked as
	// gross, discount and net): its numbers are the band's.
	inBand := map[int]bool{}
	for _, li := range order {
		ns := lines[li]
		if _, ok := triples[li]; ok || inBand[li] || len(ns) < 2 {
			continue
		}
		last := math.NaN()
		for _, n := range ns {
			if !n.pct {
				last = n.x1
			}
		}
		b := stackedBand(s, li, lines, last)
		if !b.multi() {
			continue
		}
		if merged, rs := borrow(s, lines, li, b); len(rs) > 0 {
			lines[li], triples[li] = merged, rs
			for lj := b.top; lj <= b.bottom; lj++ {
				inBand[lj] = lj != li
			}
		}
	}
	if len(inBand) > 0 {
		kept := order[:0]
		for _, li := range order {
			if !inBand[li] {
				kept = append(kept, li)
			}
		}
		order = kept
	}
	if len(triples) == 0 {
		t.readHeaded(p, lines)
		return
	}
	// Numbers in columns are right-aligned, but in a table whose rows'
	// numbers start at one place and end at different ones: then their
	// left edges are their columns.
	if leftAligned(lines, triples) {
		for _, ns := range lines {
			for i := range ns {
				ns[i].x1 = ns[i].v.Box.X0
			}
		}
	}
	dropRunning(lines, triples)
	// The columns: the right edges where the amount and the two factors
	// stand most often; which factor is the quantity is told by the
	// column headings, by whole numbers, and by order.
	var fx, ax, dx []float64
	for _, li := range order { // in line order: mode breaks ties by the first
		rs, ok := triples[li]
		if !ok {
			continue
		}
		ns := lines[li]
		for _, r := range rs {
			fx = append(fx, ns[r.q].x1, ns[r.p].x1)
			ax = append(ax, ns[r.a].x1)
			if r.d >= 0 {
				dx = append(dx, ns[r.d].x1)
			}
		}
	}
	ca := mode(ax)
	c1 := mode(fx)
	var rest []float64
	for _, x := range fx {
		if math.Abs(x-c1) > colTol {
			rest = append(rest, x)
		}
	}
	c2 := mode(rest)
	if c2 < c1 {
		c1, c2 = c2, c1
	}
	cq, cp := c1, c2
	if !math.IsNaN(c2) && d.quantityness(pi, lines, triples, c2) > d.quantityness(pi, lines, triples, c1) {
		cq, cp = c2, c1
	}
	// A discount column stands where the rows that add up with a
	// discount print it, when most of them do: rows that do not add up
	// then read their discount there too.
	cd := math.NaN()
	withDiscount := 0
	for _, rs := range triples {
		if rs[0].d >= 0 {
			withDiscount++
		}
	}
	if len(dx) > 0 && 2*withDiscount >= len(triples) {
		cd = mode(dx)
	}
	// The rows: lines with a number in the amount column and another in
	// the price or quantity column, between the first and the last row
	// that adds up (widened to rows that align).
	first, last := math.MaxInt, -1
	for li := range triples {
		first, last = min(first, li), max(last, li)
	}
	// Rows whose printed numbers do not add up (a price rounded in
	// print) may come first: under a header row, the table starts under
	// it.
	h := headerLine(p, first)
	headed := h >= 0
	if headed {
		first = h + 3
	}
	// A line of the totals after the last row that adds up closes the
	// table.
	end := last + 40
	for lj := last + 1; lj < end && lj < len(s.Cells); lj++ {
		if totalsLine(p, lj) {
			end = lj
		}
	}
	var rows []int
	allowance := map[int][2]float64{} // a row's discount: percentage, amount
	for _, li := range order {
		ns := lines[li]
		ia, ip, iq := at(ns, ca), at(ns, cp), at(ns, cq)
		_, adds := triples[li]
		// A line under a row with a percentage and a negative amount but
		// no quantity is the row's discount ("less 10 % -4,50").
		if k := len(rows) - 1; !adds && ia >= 0 && iq < 0 && k >= 0 && li-rows[k] <= 4 && ns[ia].val < 0 && !totalsBetween(p, rows[k], li) && contiguous(s, rows[k], li) && !amountBetween(lines, rows[k], li, ca) {
			if pc := pctOf(ns); pc >= 0 {
				allowance[rows[k]] = [2]float64{ns[pc].val, ns[ia].val}
				continue
			}
		}
		// A row among those that add up may print its quantity and price
		// and no amount (a line discounted in full, a gift): with a
		// discount, or a description, it is a row all the same.
		unpriced := !adds && ia < 0 && ip >= 0 && iq >= 0 && ip != iq && (li > minRow(triples) || headed && li >= first-2) && (li < last || headed && li < end) &&
			!ns[ip].keyed && !ns[iq].keyed && !ns[ip].pct && !ns[iq].pct && textBefore(s, li, ns[min(ip, iq)].v)
		if !adds && !unpriced && (ia < 0 || ip < 0 && iq < 0) {
			continue
		}
		if !adds && (li < first-2 || li > end) {
			continue
		}
		rows = append(rows, li)
	}
	// Rows that print an amount and no factors (a flat fee, a service
	// billed as a whole) are rows when the table's amounts add up with
	// them, and not without them, to a total printed under the table.
	if extra := flatRows(d, pi, p, lines, triples, inBand, rows, first-2, cq, cp, ca, allowance); len(extra) > 0 {
		rows = append(rows, extra...)
		sort.Ints(rows)
	}
	if len(rows) > 0 && headerOver(p, rows[0]) {
		t.Header = true
	}
	rateCol := vatColumn(lines, rows, cq, cp, ca, cd)
	texts := map[int][]layout.Word{}
	bands := rowBands(p, rows, end, lines, ca)
	// A row's band, set apart by the table's gaps, may print a factor on
	// a line that does not touch the row's (a stacked price cell with its
	// own padding).
	for _, li := range rows {
		if b, ok := bands[li]; ok && len(triples[li]) == 0 {
			if merged, rs := borrow(s, lines, li, b); len(rs) > 0 {
				lines[li], triples[li] = merged, rs
			}
		}
	}
	units := map[int]string{}
	roles := map[int]rowRoles{}
	for _, li := range rows {
		ns := lines[li]
		r := rowRoles{q: at(ns, cq), p: at(ns, cp), a: at(ns, ca), d: -1}
		adds := false
		if rs, ok := triples[li]; ok {
			if pr, fits := pickRoles(rs, ns, cq, cp, ca); fits {
				r, adds = pr, true
			}
		}
		if !adds && r.d < 0 && !math.IsNaN(cd) {
			r.d = at(ns, cd)
		}
		it := Item{Page: p.Num, Box: s.Page.Lines[li].Box}
		num := func(i int) *float64 {
			if i < 0 {
				return nil
			}
			v := ns[i].val // as printed: a correction's quantity is negative
			return &v
		}
		it.Quantity, it.UnitPrice, it.Amount = num(r.q), num(r.p), num(r.a)
		if r.d >= 0 && ns[r.d].pct {
			d := math.Abs(ns[r.d].val) // "-10 %" is a discount of 10 %
			it.DiscountPct = &d
		}
		if al, ok := allowance[li]; ok && it.Amount != nil && it.DiscountPct == nil && *it.Amount+al[1] > 0 {
			pct, net := al[0], math.Round((*it.Amount+al[1])*100)/100
			it.DiscountPct, it.Amount = &pct, &net
		}
		if adds {
			it.Consistent = true
			t.Rows++
		} else {
			t.Aligned++
		}
		// The VAT rate: a percentage not used as the discount, or the
		// number in the column of VAT rates.
		for i, n := range ns {
			if n.disc {
				if i != r.d && it.DiscountPct == nil && n.val == 0 {
					zero := 0.0
					it.DiscountPct = &zero // a discount column's nothing
				}
				continue
			}
			if n.pct && i != r.d && isVATRate(n.val) || n.pct && n.val == 0 && i != r.d {
				it.TaxRate = num(i)
			}
		}
		if i := at(ns, rateCol); it.TaxRate == nil && i >= 0 && i != r.q && i != r.p && i != r.a {
			it.TaxRate = num(i)
		}
		if it.TaxRate == nil {
			for _, wi := range s.Page.Lines[li].Words {
				if exemptCode(s.Page.Words[wi].Text) {
					zero := 0.0
					it.TaxRate = &zero
				}
			}
		}
		used := map[int]bool{r.q: true, r.p: true, r.a: true, r.d: true}
		words, unit := rowWords(s, li, ns, used, r)
		// Cells centred in a band of interleaved lines: the row's text is
		// the band's.
		if b, ok := bands[li]; ok {
			priceX := math.Inf(1)
			var boxes []layout.Rect
			for _, k := range []int{r.q, r.p, r.a, r.d} {
				if k < 0 {
					continue
				}
				boxes = append(boxes, ns[k].v.Box)
				if k == r.p || k == r.a {
					priceX = math.Min(priceX, cellSpan(s, ns[k].v)[0])
				}
			}
			words = bandDescription(s, lines, li, b, words, priceX, boxes)
			if unit == "" {
				unit = bandUnit(s, b)
			}
			for lj := b.top; lj <= b.bottom; lj++ {
				it.Box = it.Box.Union(s.Page.Lines[lj].Box)
			}
		}
		texts[li] = words
		units[li] = unit
		roles[li] = r
		t.Items = append(t.Items, it)
	}
	// The rows' text: a running number and a product code leading every
	// row go; the rest is the description, continued by the lines under
	// the row that print none of the table's numbers.
	var lined []int // rows read off their own line, not a band
	for _, li := range rows {
		if _, ok := bands[li]; !ok {
			lined = append(lined, li)
		}
	}
	strip := leadingColumns(lined, texts)
	// floor is the last line read as the previous row's (its line and
	// the lines continuing its description), or the header row's.
	floor := -1
	if len(rows) > 0 {
		floor = headerRow(p, rows[0])
	}
	for k, li := range rows {
		ws := texts[li][min(strip, len(texts[li])):]
		_, band := bands[li]
		if band {
			ws = position(texts[li], k+1) // the band's description column
		}
		// A row whose line prints only an attribute ("GLN:…", "# ligne
		// BC: 3", "Période du … au …") besides its numbers has its
		// description on a line over it, the cells centred in the row.
		above := false
		if !band && len(ws) > 0 && floor >= 0 && attributeOnly(joinWords(ws)) {
			if d := descriptionAbove(p, lines, li, floor); d != nil {
				ws, above = d, true
			}
		}
		var parts []string
		descX, size := -1.0, 0.0
		for _, w := range ws {
			parts = append(parts, w.Text)
			if descX < 0 {
				descX, size = w.Box.X0, w.FontSize
			}
		}
		next := math.MaxInt
		if k+1 < len(rows) {
			next = rows[k+1]
			if b, ok := bands[next]; ok {
				next = b.top
			}
		}
		bottom := s.Page.Lines[li].Box.Y1
		// The left edge of the row's leftmost number right of its
		// description.
		numbersX := math.Inf(1)
		for _, n := range lines[li] {
			if n.v.Box.X0 > descX {
				numbersX = math.Min(numbersX, n.v.Box.X0)
			}
		}
		if _, ok := bands[li]; ok || above {
			next = li + 1 // the band holds the row's lines; under a description read over its line, its attributes
		}
		for lj := li + 1; lj < next && lj < len(s.Cells); lj++ {
			cells := s.Cells[lj]
			if len(cells) == 0 || totalsLine(p, lj) || aligned(lines[lj], cq, cp, ca) {
				break
			}
			// A row whose line prints only codes and numbers has its
			// description on the line under it.
			if descX < 0 && len(parts) == 0 && lj == li+1 && cells[0].Box.X1 < s.Page.Lines[li].Box.X1 && !keyLine(cells[0].Text) {
				descX = cells[0].Box.X0
				if w := s.Page.Words[s.Page.Lines[lj].Words[0]]; size == 0 {
					size = w.FontSize
				}
			}
			if descX < 0 {
				break
			}
			// What a line prints in the columns left of the description
			// (a code's wrapped part) is not the description's.
			for len(cells) > 0 && cells[0].Box.X1 < descX-0.5*s.Height {
				cells = cells[1:]
			}
			if len(cells) == 0 {
				bottom = s.Page.Lines[lj].Box.Y1
				continue
			}
			top := s.Page.Lines[lj].Box.Y0
			if top-bottom > 0.8*s.Height || math.Abs(cells[0].Box.X0-descX) > 1.5*s.Height || len(cells) > 1 {
				break
			}
			// A line running on under the row's numbers is a note
			// across the table ("Mehraufwand wird gesondert berechnet …"),
			// not the description's wrapped part, which its column
			// holds.
			if cells[0].Box.X1 > numbersX+0.5*s.Height {
				break
			}
			// A line of "Key: value" is an attribute of the item (its
			// packing, its delivery date, a code), not its description;
			// so is a line stating a period.
			if attributeOnly(cells[0].Text) || bulleted(cells[0].Text) || discountLine(cells[0].Text) {
				break
			}
			// A line in smaller type is a note on the item (a lot, a
			// serial number), not its description wrapping.
			if w := s.Page.Words[s.Page.Lines[lj].Words[0]]; size > 0 && w.FontSize < 0.92*size {
				break
			}
			parts = append(parts, strings.TrimSpace(cells[0].Text))
			bottom = s.Page.Lines[lj].Box.Y1
			floor = lj
		}
		floor = max(floor, li)
		if b, ok := bands[li]; ok {
			floor = max(floor, b.bottom)
		}
		it := &t.Items[len(t.Items)-len(rows)+k]
		it.Description = dropPlaceholder(strings.Join(parts, " "))
		it.Unit = units[li]
		if it.Unit == "" {
			it.Unit = unitAfterQuantity(s, lines[li], roles[li].q)
		}
		if it.Unit == "" {
			// "3,00 NR": a unit printed after the price ("per").
			it.Unit = unitAfterQuantity(s, lines[li], roles[li].p)
		}
	}
	// Rows after the last that adds up that print numbers and no text are
	// lines of the totals (a grid of totals per rate under the table),
	// not items.
	read := len(t.Items)
	for k := len(t.Items) - 1; k >= len(t.Items)-len(rows) && k >= 0; k-- {
		if it := t.Items[k]; it.Consistent || strings.TrimSpace(it.Description) != "" {
			break
		}
		t.Items = t.Items[:k]
		t.Aligned--
	}
	// The last row, under a label of the totals (a weak one too: "Total"
	// alone), whose amount is the sum of the amounts above it is the
	// table's sums row ("Total 20.50 1,110.00" under Hours and Amount),
	// not an item. (The last item is the last row's while no line of the
	// totals was dropped above.)
	if k, first := len(t.Items)-1, len(t.Items)-len(rows); k > first && first >= 0 && len(t.Items) == read {
		it := t.Items[k]
		sum := 0.0
		for _, o := range t.Items[:k] {
			if o.Amount != nil {
				sum += *o.Amount
			}
		}
		if !it.Consistent && it.Amount != nil && cents(*it.Amount) == cents(sum) && totalsLabel(p, rows[len(rows)-1], minLabelScore) {
			t.Items = t.Items[:k]
			t.Aligned--
		}
	}
}

// flatRows returns the lines of page pi from line lo to the last row that
// adds up, not yet rows, that print one amount in the amount column
// (and maybe a rate) beside their text, when the amounts of rows and of
// those lines add up to an amount printed under the table and the rows'
// amounts alone add up to none. All such lines are tried together, then
// each alone.
func flatRows(d *Doc, pi int, p *Page, lines map[int][]numTok, triples map[int][]rowRoles, inBand map[int]bool, rows []int, lo int, cq, cp, ca float64, allowance map[int][2]float64) []int {
	if len(rows) == 0 || math.IsNaN(ca) {
		return nil
	}
	s := p.S
	isRow := map[int]bool{}
	// Only a line among the rows counts: one under them is a charge of
	// the document as often (shipping, packing), which is no item.
	sum, last, lastAdding := 0.0, -1, -1
	for _, li := range rows {
		isRow[li] = true
		last = max(last, li)
		if _, ok := triples[li]; ok {
			lastAdding = max(lastAdding, li)
		}
		ns := lines[li]
		a := at(ns, ca)
		if rs, ok := triples[li]; ok {
			if pr, fits := pickRoles(rs, ns, cq, cp, ca); fits {
				a = pr.a
			}
		}
		if a < 0 {
			return nil
		}
		sum += ns[a].val
		if al, ok := allowance[li]; ok {
			sum += al[1]
		}
	}
	var cands []int
	amount := map[int]float64{}
	for li, ns := range lines {
		if isRow[li] || inBand[li] || li < lo || li >= lastAdding || totalsLine(p, li) {
			continue
		}
		// One amount in the amount column, none in the factors' columns
		// (a number in the description is the description's).
		k := at(ns, ca)
		if k < 0 || ns[k].pct || ns[k].keyed || ns[k].val <= 0 || factorAt(ns, k, cq) || factorAt(ns, k, cp) {
			continue
		}
		// The row's text: a word with a letter left of its amount.
		text := false
		for _, wi := range s.Page.Lines[li].Words {
			w := s.Page.Words[wi]
			if w.Box.X1 < ns[k].v.Box.X0 && strings.IndexFunc(w.Text, unicode.IsLetter) >= 0 {
				text = true
			}
		}
		if !text || attributeOnly(s.Cells[li][0].Text) {
			continue
		}
		cands = append(cands, li)
		amount[li] = ns[k].val
	}
	if len(cands) == 0 {
		return nil
	}
	sort.Ints(cands)
	// The amounts printed under the rows (the lines tried stand above
	// the last).
	var printed []float64
	for i := range d.Values {
		v := &d.Values[i]
		if v.Page == pi && v.Type == TAmount && v.Line > last {
			printed = append(printed, v.Num)
		}
	}
	found := func(x float64) bool {
		for _, y := range printed {
			if cents(y) == cents(x) {
				return true
			}
		}
		return false
	}
	if found(sum) {
		return nil
	}
	all := sum
	for _, li := range cands {
		all += amount[li]
	}
	if found(all) {
		return cands
	}
	for _, li := range cands {
		if found(sum + amount[li]) {
			return []int{li}
		}
	}
	return nil
}

// factorAt reports whether a number other than ns[k] and no percentage
// stands in the column at x.
func factorAt(ns []numTok, k int, x float64) bool {
	i := at(ns, x)
	return i >= 0 && i != k && !ns[i].pct
}

// attributeOnly reports whether a row's text is an attribute of the item
// and nothing else: a key and its value, a period, or a quantity with its
// unit (a price's base quantity, "1 Stk", under the description).
func attributeOnly(text string) bool { return keyLine(text) || periodLine(text) || measureOnly(text) }

// measureOnly reports whether text is a number and a unit of measure
// ("1 Stk", "2,5 kg", "100 Pz.").
func measureOnly(text string) bool {
	ws := strings.Fields(text)
	if len(ws) != 2 || !isUnit(ws[1]) {
		return false
	}
	_, err := strconv.ParseFloat(strings.ReplaceAll(ws[0], ",", "."), 64)
	return err == nil
}

// descriptionAbove returns the words of the description printed over row
// line li, under line floor: the nearest line over it, in the run of
// lines with no gap between them, whose first cell of words is neither an
// attribute nor a code, with none of the table's numbers; nil when there
// is none.
func descriptionAbove(p *Page, lines map[int][]numTok, li, floor int) []layout.Word {
	s := p.S
	top := s.Page.Lines[li].Box.Y0
	for lj := li - 1; lj > floor; lj-- {
		if top-s.Page.Lines[lj].Box.Y1 > 1.2*s.Height {
			return nil // a gap: the lines over it are not the row's
		}
		top = s.Page.Lines[lj].Box.Y0
		if totalsLine(p, lj) {
			return nil
		}
		for _, c := range s.Cells[lj] {
			text := strings.TrimSpace(c.Text)
			if letters(text) < 3 || attributeOnly(text) || isCode(text) || strings.HasPrefix(text, "(") {
				continue
			}
			for _, n := range lines[lj] {
				if n.v.Box.X0 >= c.Box.X0-0.5 && n.v.Box.X1 <= c.Box.X1+0.5 {
					return nil // a cell of the table's numbers
				}
			}
			l := s.Page.Lines[lj]
			var ws []layout.Word
			for _, wi := range l.Words[c.First : c.Last+1] {
				ws = append(ws, s.Page.Words[wi])
			}
			return ws
		}
	}
	return nil
}

// rowWords returns the words of a row's line that are neither its numbers
// nor right of its price, and the unit of measure beside its quantity.
func rowWords(s *layout.Structure, li int, ns []numTok, used map[int]bool, r rowRoles) ([]layout.Word, string) {
	l := s.Page.Lines[li]
	skip := map[int]bool{}
	priceX := math.Inf(1)
	var columns [][2]float64 // the spans of the cells of numbers read off other lines of the row's band
	for i, n := range ns {
		if n.v.Line != li {
			if used[i] {
				c := cellSpan(s, n.v)
				columns = append(columns, c)
				if i == r.p {
					priceX = math.Min(priceX, c[0])
				}
			}
			continue
		}
		if used[i] || n.pct {
			for k := n.v.First; k <= n.v.Last; k++ {
				skip[k] = true
			}
		}
		if i == r.p || i == r.a {
			priceX = math.Min(priceX, n.v.Box.X0)
		}
	}
	// A word of the row's line in the column of a number printed on
	// another line of its band ("(Discount: 0,00)" between the gross and
	// the net price) is that column's, not the description's.
	for k, wi := range l.Words {
		b := s.Page.Words[wi].Box
		for _, c := range columns {
			if b.X0 < c[1] && b.X1 > c[0] {
				skip[k] = true
			}
		}
	}
	// The description stands left of the quantity, unless the row opens
	// with its quantity ("2 x Widget").
	if r.q >= 0 && len(l.Words) > 0 {
		if q := ns[r.q].v; q.First > 0 && q.Line == li {
			priceX = math.Min(priceX, q.Box.X0)
		}
	}
	unit := ""
	if r.q >= 0 && ns[r.q].v.Line == li {
		q := ns[r.q].v
		for _, k := range []int{q.Last + 1, q.First - 1} {
			if k < 0 || k >= len(l.Words) || skip[k] {
				continue
			}
			w := s.Page.Words[l.Words[k]]
			if isUnit(w.Text) && math.Min(math.Abs(w.Box.X0-q.Box.X1), math.Abs(q.Box.X0-w.Box.X1)) < 12*s.Height {
				unit = w.Text
				skip[k] = true
				break
			}
		}
	}
	// A unit column elsewhere in the row: a unit word standing alone in
	// its cell, after the row's first cell.
	if unit == "" {
		for ci, c := range s.Cells[li] {
			if ci > 0 && c.First == c.Last && !skip[c.First] && isUnit(c.Text) {
				unit = c.Text
				skip[c.First] = true
				break
			}
		}
	}
	var out []layout.Word
	for k, wi := range l.Words {
		w := s.Page.Words[wi]
		if skip[k] || w.Box.X0 >= priceX {
			continue
		}
		out = append(out, w)
	}
	return out, unit
}

// cellSpan returns the left and right edges of the cell a value stands
// in (the value's own box when it has no cell).
func cellSpan(s *layout.Structure, v *Value) [2]float64 {
	if v.Line >= 0 && v.Line < len(s.Cells) && v.Cell < len(s.Cells[v.Line]) {
		b := s.Cells[v.Line][v.Cell].Box
		return [2]float64{b.X0, b.X1}
	}
	return [2]float64{v.Box.X0, v.Box.X1}
}

// exemptCode reports whether a word is an Italian VAT nature code (N1 to
// N7, N2.2, N3.5 …), which a row prints instead of a rate when it bears
// no VAT.
func exemptCode(w string) bool {
	if len(w) < 2 || len(w) > 4 || w[0] != 'N' || w[1] < '1' || w[1] > '7' {
		return false
	}
	return len(w) == 2 || len(w) == 4 && w[2] == '.' && w[3] >= '0' && w[3] <= '9'
}

// leadingColumns returns how many leading words every row's text starts
// with that are not its description: running numbers (1, 2, 3 …),
// product codes (words with a digit) and short words alone in their cell,
// in any order, each when most rows lead with one.
func leadingColumns(rows []int, texts map[int][]layout.Word) int {
	strip := 0
	// all reports whether most rows' next word passes test; a row's last
	// word counts only when it passes, for a row may print its code alone
	// (its description on the line under it) or its description alone.
	all := func(test func(ws []layout.Word, k int) bool) bool {
		n, ok := 0, 0
		for _, li := range rows {
			ws := texts[li]
			if len(ws) <= strip {
				continue
			}
			pass := test(ws, strip)
			if len(ws) == strip+1 && !pass {
				continue
			}
			n++
			if pass {
				ok++
			}
		}
		return n > 0 && ok*10 >= n*8
	}
	last := 0
	running := func(ws []layout.Word, i int) bool {
		k, err := strconv.Atoi(strings.TrimRight(ws[i].Text, ".)"))
		if err != nil || k <= last || k > 9999 {
			return false
		}
		last = k
		return true
	}
	code := func(ws []layout.Word, i int) bool { return isCode(ws[i].Text) }
	// A short word alone in its cell, more text following in the next: a
	// column of flags or codes without digits.
	lone := func(ws []layout.Word, i int) bool {
		w := ws[i]
		return i+1 < len(ws) && len([]rune(w.Text)) <= 12 && ws[i+1].Box.X0-w.Box.X1 > 0.9*(w.Box.Y1-w.Box.Y0)
	}
	for strip < 3 {
		last = 0
		if !all(running) && !all(code) && !all(lone) {
			break
		}
		strip++
	}
	return strip
}

// bulleted reports whether a line opens with a list's bullet ("• …",
// "- …"): the items of a list of details under a description.
func bulleted(text string) bool {
	for _, b := range []string{"• ", "· ", "▪ ", "◦ ", "- ", "– ", "* ", "•", "▪"} {
		if strings.HasPrefix(text, b) {
			return true
		}
	}
	return false
}

// keyLine reports whether a line's text opens with a key of one to three
// words and a colon ("GTIN: …", "Liefer-Datum: …", "Verpackung : …").
func keyLine(text string) bool {
	ws := strings.Fields(text)
	// "GTIN:4012345678901": a key of letters glued to its value.
	if len(ws) > 0 {
		if k, v, ok := strings.Cut(ws[0], ":"); ok && v != "" && letters(k) >= 2 && letters(k) == len([]rune(k)) {
			return true
		}
	}
	for i := 0; i < len(ws) && i < 4; i++ {
		if strings.HasPrefix(ws[i], ":") && i > 0 && i <= 3 {
			return true // "Key : value", "Key :value"
		}
		if strings.HasSuffix(ws[i], ":") && i < 3 {
			return !dateLike(ws[i])
		}
	}
	return false
}

// aligned reports whether a line prints a number in one of the table's
// number columns.
func aligned(ns []numTok, xs ...float64) bool {
	for _, x := range xs {
		if !math.IsNaN(x) && at(ns, x) >= 0 {
			return true
		}
	}
	return false
}

// totalsLine reports whether a line is labelled as a total, a subtotal
// or a tax: not an item.
func totalsLine(p *Page, li int) bool { return totalsLabel(p, li, 0.8) }

// totalsLabel reports whether a line carries a label of the totals of at
// least score min.
func totalsLabel(p *Page, li int, min float64) bool {
	for _, hs := range p.labels[li] {
		for _, h := range hs {
			if totalKinds[h.kind] && h.score >= min && !rateCode(p, li, h) {
				return true
			}
		}
	}
	return false
}

// rateCode reports whether the label hit h of line li is the VAT code a
// row of a table prints after its rate ("19 % VAT (S)", "22% IVA"), not a
// label of the totals: a tax's label right after a percentage, on a line
// of four cells or more.
func rateCode(p *Page, li int, h labelHit) bool {
	if h.kind != labels.TaxAmount || h.first == 0 || len(p.S.Cells[li]) < 4 {
		return false
	}
	l := p.S.Page.Lines[li]
	return strings.HasSuffix(p.S.Page.Words[l.Words[h.first-1]].Text, "%")
}

// arithmeticRoles returns the ways the numbers of a line make a row:
// quantity × price (× (1 − discount)) = amount, the amount right of the
// price.
func arithmeticRoles(ns []numTok) []rowRoles {
	var out []rowRoles
	for a := range ns {
		if ns[a].pct {
			continue
		}
		av := math.Abs(ns[a].val)
		for p := range ns {
			if p == a || ns[p].pct || ns[p].x1 >= ns[a].x1 {
				continue
			}
			for q := range ns {
				if q == a || q == p || ns[q].pct {
					continue
				}
				// The amount's sign is the product's: a positive quantity
				// at a positive price is no negative amount.
				if ns[a].val != 0 && ns[q].val != 0 && ns[p].val != 0 && (ns[a].val < 0) != ((ns[q].val < 0) != (ns[p].val < 0)) {
					continue
				}
				qv, pv := math.Abs(ns[q].val), math.Abs(ns[p].val)
				// A free item prints its zero price as a price ("0,00"):
				// a bare 0 times anything is 0, and no evidence of a row
				// (the rate "0" of a VAT line under its base).
				if qv == 0 || pv == 0 && (av != 0 || decimals(ns[p].v.Text) == 0) {
					continue
				}
				// A price printed to fewer decimals than it has is off by
				// up to half its last digit, times the quantity.
				// (A whole number is printed whole: a running number or a
				// code is no rounded price.)
				slack := tol
				if dp := decimals(ns[p].v.Text); dp > 0 {
					slack += qv * 0.5 * math.Pow10(-dp)
				}
				if math.Abs(qv*pv-av) <= slack {
					out = append(out, rowRoles{q, p, a, -1})
					continue
				}
				for dI := range ns {
					if dI == a || dI == p || dI == q || !ns[dI].pct {
						continue
					}
					dv := math.Abs(ns[dI].val)
					if dv <= 0 || dv >= 100 {
						continue
					}
					if math.Abs(qv*pv*(1-dv/100)-av) <= slack {
						out = append(out, rowRoles{q, p, a, dI})
					}
				}
				// A shop's table prints the price before tax and the
				// amount with it, the row's rate between them ("1 ×
				// 24,90 € at 20 % = 29,88 €").
				for r := range ns {
					if rv := ns[r].val; ns[r].pct && rv > 0 && isVATRate(rv) && ns[r].x1 > ns[p].x1 && ns[r].x1 < ns[a].x1 &&
						math.Abs(qv*pv*(1+rv/100)-av) <= slack*(1+rv/100)+0.005 {
						out = append(out, rowRoles{q, p, a, -1})
						break
					}
				}
			}
		}
	}
	return out
}

// leftAligned reports whether the numbers of the rows that add up stand
// in columns by their left edges rather than their right ones: clearly
// more of them (two, or one for every second row) share a left edge with
// the same number of another row (the amount with the amounts, the
// factors with the factors) than a right edge.
func leftAligned(lines map[int][]numTok, triples map[int][]rowRoles) bool {
	if len(triples) < 2 {
		return false
	}
	var rows []int
	for li := range triples {
		rows = append(rows, li)
	}
	sort.Ints(rows)
	agree := func(left bool) int {
		edge := func(n numTok) float64 {
			if left {
				return n.v.Box.X0
			}
			return n.x1
		}
		var ax, fx []float64
		for _, li := range rows {
			r, ns := triples[li][0], lines[li]
			ax = append(ax, edge(ns[r.a]))
			fx = append(fx, edge(ns[r.q]), edge(ns[r.p]))
		}
		return count(ax, mode(ax)) + count(fx, mode(fx))
	}
	return agree(true) >= agree(false)+max(2, (len(rows)+1)/2)
}

// barePercents marks as percentages the bare numbers under the heading
// of a discount column that says it holds percentages ("Disc.%",
// "Sconto %", "Rabatt %"): "10.00" there is 10 %.
func barePercents(p *Page, lines map[int][]numTok) {
	var heads []int
	for li := range p.S.Cells {
		if headingCells(p, li) >= 2 {
			heads = append(heads, li)
		}
	}
	for _, h := range heads {
		for _, hs := range p.labels[h] {
			for _, hit := range hs {
				if hit.kind != labels.ColDiscount || !strings.Contains(p.text(h, hit.first, hit.last), "%") {
					continue
				}
				box := p.box(h, hit.first, hit.last)
				for li, ns := range lines {
					if li <= h || li > h+80 || nextHeader(heads, h) < li {
						continue
					}
					for i, n := range ns {
						b := n.v.Box
						if mid := (b.X0 + b.X1) / 2; !n.pct && mid > box.X0-colTol && mid < box.X1+colTol && n.val >= 0 && n.val < 100 {
							ns[i].pct, ns[i].disc = true, true
						}
					}
				}
			}
		}
	}
}

// nextHeader returns the first header line of heads after h, or a line
// past every line.
func nextHeader(heads []int, h int) int {
	for _, x := range heads {
		if x > h {
			return x
		}
	}
	return math.MaxInt
}

// dropRunning drops the readings of the rows that add up whose quantity
// or price is the row's running number (1, 2, 3 … in a column of their
// own: "2 × 10 = 20" of the second row), where another reading remains.
func dropRunning(lines map[int][]numTok, triples map[int][]rowRoles) {
	var rows []int
	for li := range triples {
		rows = append(rows, li)
	}
	if len(rows) < 2 {
		return
	}
	sort.Ints(rows)
	var cols []float64
	for _, n := range lines[rows[0]] {
		if !n.pct && n.val == 1 && running(lines, rows, n.x1) {
			cols = append(cols, n.x1)
		}
	}
	for _, x := range cols {
		for _, li := range rows {
			ns, kept := lines[li], []rowRoles(nil)
			for _, r := range triples[li] {
				if math.Abs(ns[r.q].x1-x) > colTol && math.Abs(ns[r.p].x1-x) > colTol {
					kept = append(kept, r)
				}
			}
			if len(kept) > 0 {
				triples[li] = kept
			}
		}
	}
}

// count returns how many of xs are within colTol of x.
func count(xs []float64, x float64) int {
	n := 0
	for _, y := range xs {
		if math.Abs(x-y) <= colTol {
			n++
		}
	}
	return n
}

// pickRoles chooses among a row's readings the one whose numbers stand
// nearest the page's columns.
func pickRoles(rs []rowRoles, ns []numTok, cq, cp, ca float64) (rowRoles, bool) {
	best, bestD := rs[0], math.Inf(1)
	for _, r := range rs {
		d := math.Abs(ns[r.q].x1-cq) + math.Abs(ns[r.p].x1-cp) + math.Abs(ns[r.a].x1-ca)
		if math.IsNaN(d) {
			d = 0
		}
		// An attribute's value on the row's line is a factor last (a
		// stacked price cell of another line reads "(Net): 10,00").
		for _, k := range []int{r.q, r.p} {
			if ns[k].keyed && ns[k].v.Line == ns[r.a].v.Line {
				d += 1e6
			}
		}

		if d < bestD {
			best, bestD = r, d
		}
	}
	// A reading whose amount is not the number printed in the amount
	// column, where the row prints one, is a chance product of other
	// numbers (a running number, a code).
	if ia := at(ns, ca); ia >= 0 && best.a != ia {
		return best, false
	}
	return best, true
}

// mode returns the value most of xs are within colTol of.
func mode(xs []float64) float64 {
	best, bestN := math.NaN(), 0
	for _, x := range xs {
		n := 0
		for _, y := range xs {
			if math.Abs(x-y) <= colTol {
				n++
			}
		}
		if n > bestN {
			best, bestN = x, n
		}
	}
	return best
}

// at returns the index of the number whose right edge is at column x, or
// -1.
func at(ns []numTok, x float64) int {
	best, bestD := -1, colTol
	for i, n := range ns {
		if d := math.Abs(n.x1 - x); d <= bestD {
			best, bestD = i, d
		}
	}
	return best
}

// isCode reports whether a cell looks like a product code: one token with
// a digit, or capitals and digits.
func isCode(s string) bool {
	if strings.ContainsRune(s, ' ') || len(s) > 20 || strings.HasSuffix(s, ":") {
		return false
	}
	digits := 0
	for _, r := range s {
		if unicode.IsDigit(r) {
			digits++
		}
	}
	return digits > 0
}

// dateLike reports whether a word is written as a date (12/03/2025,
// 12.03.25): a row that opens with its date opens with its description.
func dateLike(s string) bool {
	parts := strings.FieldsFunc(strings.TrimRight(s, ":,"), func(r rune) bool { return r == '/' || r == '.' || r == '-' })
	if len(parts) != 3 {
		return false
	}
	for _, p := range parts {
		if _, err := strconv.Atoi(p); err != nil || len(p) > 4 {
			return false
		}
	}
	return true
}

// units are units of measure and of packing printed beside quantities in
// it, en, de and fr (lower case, without a final dot).
var units = map[string]bool{}

func init() {
	for _, u := range strings.Fields(`g gr kg mg t to ton tons lb lbs oz l lt ml cl hl m mm cm km m2 m² mq m3 m³ mc ft
		kw kwh mwh w wh smc h hr hrs std stunden ore ora min gg giorni giorno d day days jour jours mois month months
		mese mesi monat monate woche week weeks
		pz pzi pcs pc pce pces piece pieces stk st stck stück col colli pal plt pkt pck pack packs paket ct cf conf
		nr n. no unit units ea each box boxes rot rol rolle bt btl bottiglia bottle bottles fl flasche kiste cassa
		u un unité unités lot lots forfait pauschal psch pauschale set sets paio paia paar pair pairs sacco sack
		cartella pagina pagine page pages licenza`) {
		units[u] = true
	}
}

// isUnit reports whether a word is a unit of measure or packing.
func isUnit(s string) bool {
	return units[strings.ToLower(strings.TrimSuffix(s, "."))]
}

// unitAfterQuantity returns the word right after the number q of a line
// (its quantity, or its price) when it is a unit ("8 Std.", "2,5 h",
// "12,00 NR").
func unitAfterQuantity(s *layout.Structure, ns []numTok, q int) string {
	if q < 0 {
		return ""
	}
	v := ns[q].v
	l := s.Page.Lines[v.Line] // a band's factor stands on its own line
	if v.Last+1 >= len(l.Words) {
		return ""
	}
	w := s.Page.Words[l.Words[v.Last+1]]
	if w.Box.X0-v.Box.X1 > 3*s.Height || !isUnit(w.Text) {
		return ""
	}
	return w.Text
}

// quantityness scores how much the numbers standing at column x look like
// quantities rather than unit prices: a quantity heading over them (a
// price heading counts against), and whole numbers.
func (d *Doc) quantityness(pi int, lines map[int][]numTok, triples map[int][]rowRoles, x float64) float64 {
	p := d.Pages[pi]
	score, n, whole := 0.0, 0, 0
	rows := make([]int, 0, len(triples))
	for li := range triples {
		rows = append(rows, li)
	}
	sort.Ints(rows) // the headings over the first rows count
	for _, li := range rows {
		i := at(lines[li], x)
		if i < 0 {
			continue
		}
		n++
		v := lines[li][i].v
		if !strings.ContainsAny(v.Text, ".,") {
			whole++
		}
		if n > 3 {
			continue
		}
		ref := layout.CellRef{Line: v.Line, Index: v.Cell}
		if v.Cell >= len(p.S.Cells[v.Line]) {
			continue
		}
		for _, up := range p.S.Above(ref, 60, 120) {
			hs := p.labels[up.Line][up.Index]
			if len(hs) == 0 {
				continue
			}
			// Of the headings of one cell over several columns
			// ("QUANTITÉ UNITÉ PRIX UNIT."), the one over the number.
			h, best := hs[0], math.Inf(1)
			for _, x := range hs {
				b := p.box(up.Line, x.first, x.last)
				if dist := math.Abs((b.X0+b.X1)/2 - (v.Box.X0+v.Box.X1)/2); dist < best {
					h, best = x, dist
				}
			}
			switch h.kind {
			case labels.ColQuantity:
				score += 2
			case labels.ColUnitPrice, labels.ColAmount:
				score -= 2
			}
			break
		}
	}
	if n > 0 {
		score += float64(whole) / float64(n)
	}
	return score
}

// digitsRight returns the right edge of the last word of a value that
// holds a digit: a currency sign printed after the number, or glued to the
// next column's number, does not move the number's column.
func digitsRight(s *layout.Structure, v *Value) float64 {
	l := s.Page.Lines[v.Line]
	for k := v.Last; k >= v.First; k-- {
		w := s.Page.Words[l.Words[k]]
		if strings.IndexFunc(w.Text, unicode.IsDigit) >= 0 {
			return w.Box.X1
		}
	}
	return v.Box.X1
}

// vatColumn returns the right edge of a column of bare VAT rates (22, 10,
// 0 without a percent sign) among the rows' other numbers, or NaN: a
// column where most rows print a number that is a VAT rate.
func vatColumn(lines map[int][]numTok, rows []int, cols ...float64) float64 {
	// A column of rates some of which are not zero before a column of
	// zeros (a discount's value, an exempt amount).
	for _, zero := range []bool{false, true} {
		var xs []float64
		for _, li := range rows {
			for _, n := range lines[li] {
				if n.pct || !(isVATRate(n.val) || n.val == 0 && zero) || strings.ContainsAny(n.v.Text, ".,") && !strings.HasSuffix(n.v.Text, ",00") && !strings.HasSuffix(n.v.Text, ".00") {
					continue
				}
				if aligned([]numTok{n}, cols...) {
					continue
				}
				xs = append(xs, n.x1)
			}
		}
		if len(xs) == 0 {
			continue
		}
		x := mode(xs)
		n := 0
		for _, li := range rows {
			if i := at(lines[li], x); i >= 0 && (isVATRate(lines[li][i].val) || lines[li][i].val == 0) {
				n++
			}
		}
		if n*10 >= len(rows)*8 && !running(lines, rows, x) {
			return x
		}
	}
	return math.NaN()
}

// running reports whether the numbers of the rows at column x count the
// rows (1, 2, 3 …): a position column, not rates.
func running(lines map[int][]numTok, rows []int, x float64) bool {
	k := 0.0
	for _, li := range rows {
		i := at(lines[li], x)
		if i < 0 {
			continue
		}
		if lines[li][i].val != k+1 {
			return false
		}
		k++
	}
	return k >= 2
}

// decimals returns the number of digits after the last decimal separator
// of a printed number (2 for "1.234,56", 0 for "12").
func decimals(s string) int {
	s = strings.TrimRightFunc(s, func(r rune) bool { return !unicode.IsDigit(r) })
	i := strings.LastIndexAny(s, ".,")
	if i < 0 {
		return 0
	}
	n := 0
	for _, r := range s[i+1:] {
		if !unicode.IsDigit(r) {
			break
		}
		n++
	}
	if n == 3 && strings.Count(s, string(s[i])) == 1 && !strings.ContainsAny(s[:i], ".,") {
		return n // 1.234 may group thousands; the product decides
	}
	return n
}
