package resolve

import (
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
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
	if it.Description != "" {
		li.Description = invoice.String(it.Description)
	}
	if it.Unit != "" {
		li.Unit = invoice.String(it.Unit)
	}
	return li
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
		n := 0
		for _, hs := range p.labels[lj] {
			for _, h := range hs {
				if h.kind.IsColumn() {
					n++
					break
				}
			}
		}
		if n >= 2 {
			return true
		}
	}
	return false
}

// numTok is a number printed on a line: an amount or a percentage.
type numTok struct {
	v   *Value
	x1  float64 // right edge: numbers in columns are right-aligned
	val float64
	pct bool
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
	return t
}

// readPage reads the items of page pi; values are the indexes into
// d.Values of the page's values.
func (t *Table) readPage(d *Doc, pi int, p *Page, values []int) {
	s := p.S
	lines := map[int][]numTok{}
	for _, i := range values {
		v := &d.Values[i]
		if v.Page != pi || v.Line < 0 || v.Type != TAmount && v.Type != TPercent {
			continue
		}
		lines[v.Line] = append(lines[v.Line], numTok{v: v, x1: digitsRight(s, v), val: v.Num, pct: v.Type == TPercent})
	}
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
		rs := arithmeticRoles(ns)
		if len(rs) > 0 {
			triples[li] = rs
		}
		if len(rs) > 0 || !totalsLine(p, li) {
			order = append(order, li)
		}
	}
	sort.Ints(order)
	if len(triples) == 0 {
		return
	}
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
	var rows []int
	for _, li := range order {
		ns := lines[li]
		ia, ip, iq := at(ns, ca), at(ns, cp), at(ns, cq)
		if ia < 0 || ip < 0 && iq < 0 {
			continue
		}
		if _, ok := triples[li]; !ok && (li < first-2 || li > last+40) {
			continue
		}
		rows = append(rows, li)
	}
	if len(rows) > 0 && headerOver(p, rows[0]) {
		t.Header = true
	}
	rateCol := vatColumn(lines, rows, cq, cp, ca, cd)
	texts := map[int][]layout.Word{}
	units := map[int]string{}
	roles := map[int]rowRoles{}
	for _, li := range rows {
		ns := lines[li]
		r := rowRoles{q: at(ns, cq), p: at(ns, cp), a: at(ns, ca), d: -1}
		if rs, ok := triples[li]; ok {
			r = pickRoles(rs, ns, cq, cp, ca)
		}
		if _, ok := triples[li]; !ok && r.d < 0 && !math.IsNaN(cd) {
			r.d = at(ns, cd)
		}
		it := Item{Page: p.Num, Box: s.Page.Lines[li].Box}
		num := func(i int) *float64 {
			if i < 0 {
				return nil
			}
			v := math.Abs(ns[i].val)
			return &v
		}
		it.Quantity, it.UnitPrice, it.Amount = num(r.q), num(r.p), num(r.a)
		if r.d >= 0 && ns[r.d].pct {
			it.DiscountPct = num(r.d)
		}
		if _, ok := triples[li]; ok {
			it.Consistent = true
			t.Rows++
		} else {
			t.Aligned++
		}
		// The VAT rate: a percentage not used as the discount, or the
		// number in the column of VAT rates.
		for i, n := range ns {
			if n.pct && i != r.d && isVATRate(n.val) || n.pct && n.val == 0 && i != r.d {
				it.TaxRate = num(i)
			}
		}
		if i := at(ns, rateCol); it.TaxRate == nil && i >= 0 && i != r.q && i != r.p && i != r.a {
			it.TaxRate = num(i)
		}
		used := map[int]bool{r.q: true, r.p: true, r.a: true, r.d: true}
		words, unit := rowWords(s, li, ns, used, r)
		texts[li] = words
		units[li] = unit
		roles[li] = r
		t.Items = append(t.Items, it)
	}
	// The rows' text: a running number and a product code leading every
	// row go; the rest is the description, continued by the lines under
	// the row that print none of the table's numbers.
	strip := leadingColumns(rows, texts)
	for k, li := range rows {
		ws := texts[li][min(strip, len(texts[li])):]
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
		}
		bottom := s.Page.Lines[li].Box.Y1
		for lj := li + 1; lj < next && lj < len(s.Cells); lj++ {
			cells := s.Cells[lj]
			if len(cells) == 0 || descX < 0 || totalsLine(p, lj) || aligned(lines[lj], cq, cp, ca) {
				break
			}
			top := s.Page.Lines[lj].Box.Y0
			if top-bottom > 0.8*s.Height || math.Abs(cells[0].Box.X0-descX) > 1.5*s.Height || len(cells) > 1 {
				break
			}
			// A line in smaller type is a note on the item (a lot, a
			// serial number), not its description wrapping.
			if w := s.Page.Words[s.Page.Lines[lj].Words[0]]; size > 0 && w.FontSize < 0.92*size {
				break
			}
			parts = append(parts, strings.TrimSpace(cells[0].Text))
			bottom = s.Page.Lines[lj].Box.Y1
		}
		it := &t.Items[len(t.Items)-len(rows)+k]
		it.Description = strings.Join(parts, " ")
		it.Unit = units[li]
		if it.Unit == "" {
			it.Unit = unitAfterQuantity(s, li, lines[li], roles[li].q)
		}
	}
}

// rowWords returns the words of a row's line that are neither its numbers
// nor right of its price, and the unit of measure beside its quantity.
func rowWords(s *layout.Structure, li int, ns []numTok, used map[int]bool, r rowRoles) ([]layout.Word, string) {
	l := s.Page.Lines[li]
	skip := map[int]bool{}
	priceX := math.Inf(1)
	for i, n := range ns {
		if used[i] || n.pct {
			for k := n.v.First; k <= n.v.Last; k++ {
				skip[k] = true
			}
		}
		if i == r.p || i == r.a {
			priceX = math.Min(priceX, n.v.Box.X0)
		}
	}
	unit := ""
	if r.q >= 0 {
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

// leadingColumns returns how many leading words every row's text starts
// with that are not its description: a running number (1, 2, 3 …), then
// a product code (a word with a digit) when most rows lead with one.
func leadingColumns(rows []int, texts map[int][]layout.Word) int {
	strip := 0
	all := func(test func(k int, w string) bool) bool {
		n, ok := 0, 0
		for k, li := range rows {
			ws := texts[li]
			if len(ws) <= strip+1 {
				continue
			}
			n++
			if test(k, ws[strip].Text) {
				ok++
			}
		}
		return n > 0 && ok*10 >= n*8
	}
	if all(func(k int, w string) bool { return strings.TrimRight(w, ".)") == itoa(int64(k+1)) }) {
		strip++
	}
	if all(func(_ int, w string) bool { return isCode(w) }) {
		strip++
	}
	return strip
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
func totalsLine(p *Page, li int) bool {
	for _, hs := range p.labels[li] {
		for _, h := range hs {
			if totalKinds[h.kind] && h.score >= 0.8 {
				return true
			}
		}
	}
	return false
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
				qv, pv := math.Abs(ns[q].val), math.Abs(ns[p].val)
				if qv == 0 || pv == 0 && av != 0 {
					continue
				}
				// A price printed to fewer decimals than it has is off by
				// up to half its last digit, times the quantity.
				slack := tol + qv*0.5*math.Pow10(-decimals(ns[p].v.Text))
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
			}
		}
	}
	return out
}

// pickRoles chooses among a row's readings the one whose numbers stand
// nearest the page's columns.
func pickRoles(rs []rowRoles, ns []numTok, cq, cp, ca float64) rowRoles {
	best, bestD := rs[0], math.Inf(1)
	for _, r := range rs {
		d := math.Abs(ns[r.q].x1-cq) + math.Abs(ns[r.p].x1-cp) + math.Abs(ns[r.a].x1-ca)
		if d < bestD {
			best, bestD = r, d
		}
	}
	return best
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
	if strings.ContainsRune(s, ' ') || len(s) > 20 {
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

// unitAfterQuantity returns the word right after the quantity on its line
// when it is a unit ("8 Std.", "2,5 h").
func unitAfterQuantity(s *layout.Structure, li int, ns []numTok, q int) string {
	if q < 0 {
		return ""
	}
	l := s.Page.Lines[li]
	v := ns[q].v
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
			switch hs[0].kind {
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
	var xs []float64
	for _, li := range rows {
		for _, n := range lines[li] {
			if n.pct || !(isVATRate(n.val) || n.val == 0) || strings.ContainsAny(n.v.Text, ".,") && !strings.HasSuffix(n.v.Text, ",00") && !strings.HasSuffix(n.v.Text, ".00") {
				continue
			}
			if aligned([]numTok{n}, cols...) {
				continue
			}
			xs = append(xs, n.x1)
		}
	}
	if len(xs) == 0 {
		return math.NaN()
	}
	x := mode(xs)
	n := 0
	for _, li := range rows {
		if at(lines[li], x) >= 0 {
			n++
		}
	}
	if n*10 < len(rows)*8 {
		return math.NaN()
	}
	return x
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
