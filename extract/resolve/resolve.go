package resolve

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// Choice is the resolver's decision for one field.
type Choice struct {
	// Value is the chosen candidate (its best placed instance), nil when
	// the field stays null.
	Value *Value
	// Prob is the fitted probability that the value is the field's.
	Prob float64
}

// Number returns a chosen amount or percentage as printed, sign included
// (a negative invoice's total is negative).
func (c Choice) Number() float64 {
	if c.Value == nil {
		return 0
	}
	return c.Value.Num
}

// unsignedFields are the amounts a result holds without the sign they
// are printed with: a discount or a withholding printed as a deduction
// ("-20,00") is 20.
var unsignedFields = map[string]bool{"financials.discount": true, "financials.withholding_tax": true, "financials.stamp_duty": true}

// FieldNumber returns a chosen number as the field holds it.
func (c Choice) FieldNumber(field string) float64 {
	if unsignedFields[field] {
		return math.Abs(c.Number())
	}
	return c.Number()
}

// option is one value a field may take: the candidates printing the same
// value, scored by the best of them.
type option struct {
	key  string
	v    *Value
	prob float64
}

// topOptions is how many values of each field take part in the joint
// choice.
const topOptions = 5

// Key returns the value a candidate gives its field, the same for every
// printing of it: amounts in cents without sign, identifiers without
// spaces and in capitals.
func Key(v *Value) string {
	switch v.Type {
	case TAmount:
		return itoa(cents(math.Abs(v.Num)))
	case TPercent:
		return itoa(cents(v.Num))
	case TID, TVAT, TIBAN, TFiscal:
		return strings.ToUpper(strings.Join(strings.Fields(v.Norm), ""))
	case TName, TStreet, TEmail, TTerms:
		return strings.ToLower(strings.Join(strings.Fields(v.Norm), " "))
	case TPhone:
		return strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, v.Norm)
	}
	return v.Norm
}

func itoa(x int64) string {
	neg := x < 0
	if neg {
		x = -x
	}
	var b [24]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + x%10)
		x /= 10
		if x == 0 {
			break
		}
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// options scores a field's candidates and returns its best values.
func (m *Model) options(d *Doc, f Field) []option {
	return m.scored(d, f, true)
}

// scored returns a field's best options, as options does; with choosing
// false, it keeps the values the field admits that the resolver may not
// choose (see Field.Chooses) too.
func (m *Model) scored(d *Doc, f Field, choosing bool) []option {
	fm := m.Fields[f.Name]
	if fm == nil {
		return nil
	}
	best := map[string]*option{}
	for i := range d.Values {
		v := &d.Values[i]
		if !f.Admits(v) || choosing && !f.Chooses(v) {
			continue
		}
		p := fm.prob(v, f.Name)
		k := Key(v)
		if o, ok := best[k]; !ok || p > o.prob {
			best[k] = &option{key: k, v: v, prob: p}
		}
	}
	out := make([]option, 0, len(best))
	for _, o := range best {
		out = append(out, *o)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].prob != out[j].prob {
			return out[i].prob > out[j].prob
		}
		return out[i].key < out[j].key
	})
	return out[:min(len(out), topOptions)]
}

// utility is the log-odds of a field's option against its threshold: a
// value is worth choosing alone when positive; null is worth 0.
func utility(p, threshold float64) float64 {
	p = math.Min(math.Max(p, 1e-6), 1-1e-6)
	t := math.Min(math.Max(threshold, 1e-3), 1-1e-3)
	return math.Log(p/(1-p)) - math.Log(t/(1-t))
}

// Resolve chooses every field's value together.
func (m *Model) Resolve(d *Doc) map[string]Choice {
	return m.resolve(d, m.allOptions(d))
}

// allOptions scores every field's candidates.
func (m *Model) allOptions(d *Doc) map[string][]option {
	opts := map[string][]option{}
	for _, f := range Fields {
		opts[f.Name] = m.options(d, f)
	}
	return opts
}

// resolve chooses every field's value of d from the fields' best options.
func (m *Model) resolve(d *Doc, opts map[string][]option) map[string]Choice {
	th := func(name string) float64 {
		if fm := m.Fields[name]; fm != nil {
			return fm.Threshold
		}
		return 0.5
	}
	out := map[string]Choice{}
	pick := func(name string, o *option) {
		if o == nil {
			out[name] = Choice{}
			return
		}
		out[name] = Choice{Value: o.v, Prob: o.prob}
	}
	// Each field alone first.
	for _, f := range Fields {
		os := opts[f.Name]
		if len(os) > 0 && utility(os[0].prob, th(f.Name)) > 0 {
			pick(f.Name, &os[0])
		} else {
			pick(f.Name, nil)
		}
	}
	m.jointTotals(opts, th, pick)
	withTotals(opts, th, pick, out, "financials.discount")
	// The due date is not before the issue date, and one printed date is
	// not both: the same day is both only when the document prints it
	// twice ("Data 28/09/2026 … Scadenza 28/09/2026"). The issue date
	// stands as chosen alone: a document issued after it was paid prints
	// payment dates before its own date, and those make no due date, they
	// do not move the issue date.
	after(opts, th, pick, out, "invoice.date", "invoice.due_date", func(a, b *option) bool {
		return a.key < b.key || a.key == b.key && d.printings(TDate, a.key) >= 2
	})
	joint2(opts, th, pick, "invoice.number", "invoice.po_number", func(a, b *option) bool { return a.key != b.key })
	m.partyNames(d, opts, th, pick)
	m.partyBlocks(d, opts, th, pick, out)
	apart(opts, th, pick, out, "invoice.number", "vendor.phone")
	apart(opts, th, pick, out, "invoice.po_number", "vendor.phone")
	// A document number shaped as a date ("Invoice #2025-03-14") is not
	// the document's date as well, unless the date is printed again on
	// its own ("Invoice # 2025-03-14t0042" over "Date: 2025-03-14"):
	// the number stands, read off its label, and the date is the best
	// printed elsewhere, or none.
	if n, dt := out["invoice.number"].Value, out["invoice.date"].Value; n != nil && dt != nil && overlaps(n, dt) && d.printings(TDate, Key(dt)) < 2 {
		pick("invoice.date", nil)
		for i := range opts["invoice.date"] {
			if o := &opts["invoice.date"][i]; !overlaps(o.v, n) && utility(o.prob, th("invoice.date")) > 0 {
				pick("invoice.date", o)
				break
			}
		}
	}
	return out
}

// withTotals keeps an adjustment of the totals (field f) on a page of the
// chosen subtotal or total: a document's discount is printed with its
// totals, and one on another page is a line's (a member's discount in an
// energy bill's details). The adjustment's best option on such a page
// stands, or none.
func withTotals(opts map[string][]option, th func(string) float64, pick func(string, *option), out map[string]Choice, f string) {
	c := out[f]
	if c.Value == nil {
		return
	}
	pages := map[int]bool{}
	for _, t := range []string{"financials.subtotal", "financials.total"} {
		if v := out[t].Value; v != nil && v.Line >= 0 {
			pages[v.Page] = true
		}
	}
	if len(pages) == 0 || c.Value.Line < 0 || pages[c.Value.Page] {
		return
	}
	for i := range opts[f] {
		o := &opts[f][i]
		if pages[o.v.Page] && utility(o.prob, th(f)) > 0 {
			pick(f, o)
			return
		}
	}
	pick(f, nil)
}

// apart keeps a document's identifier (fa) and the vendor's phone (fb)
// from being one printed value: a phone number printed without its label
// under a letterhead is shaped like an identifier, and is no invoice or
// order number. (VAT ids are left out: a sample invoice may give its
// order number the VAT id's digits.) When their chosen values have the same digits, the pair of the two
// fields' options that differ and is worth most stands: the identifier's
// next best beside the phone, or the phone's next best (or null) beside
// the identifier.
func apart(opts map[string][]option, th func(string) float64, pick func(string, *option), out map[string]Choice, fa, fb string) {
	a, b := out[fa], out[fb]
	if a.Value == nil || b.Value == nil || !sameDigits(a.Value.Text, b.Value.Text) {
		return
	}
	u := func(field string, o *option) float64 {
		if o == nil {
			return 0
		}
		return utility(o.prob, th(field))
	}
	best := func(field string, not *Value) *option {
		os := opts[field]
		for i := range os {
			if !sameDigits(os[i].v.Text, not.Text) && u(field, &os[i]) > 0 {
				return &os[i]
			}
		}
		return nil
	}
	ua, ub := utility(a.Prob, th(fa)), utility(b.Prob, th(fb))
	na, nb := best(fa, b.Value), best(fb, a.Value)
	if u(fa, na)+ub >= ua+u(fb, nb) {
		pick(fa, na)
	} else {
		pick(fb, nb)
	}
}

// sameDigits reports whether two values print the same digits, six or
// more of them.
func sameDigits(a, b string) bool {
	digits := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, s)
	}
	da := digits(a)
	return len(da) >= 6 && da == digits(b)
}

// partyFields are the fields of a party besides its name, which stand in
// the name's block on most invoices.
var partyFields = []string{"vat_number", "address", "postal", "email", "phone", "fiscal_code"}

// partyBlocks chooses each party's fields besides the name, the vendor's
// and the buyer's together (never the same value, but for a postal line
// each party prints alone in its own block: see sharedPostal): an option
// in the section its party's chosen name opens (see inSection), or else in
// the name's block, earns the fitted BlockBonus; one in the other party's
// section, or else in its name's block, loses it.
func (m *Model) partyBlocks(d *Doc, opts map[string][]option, th func(string) float64, pick func(string, *option), out map[string]Choice) {
	blockOf := func(name string) int {
		if c := out[name]; c.Value != nil {
			return c.Value.block
		}
		return 0
	}
	vb, bb := blockOf("vendor.name"), blockOf("buyer.name")
	vn, bn := d.instances(out["vendor.name"]), d.instances(out["buyer.name"])
	bonus := func(o *option, own, other int, ownNames, otherNames []*Value) float64 {
		switch {
		case d.inSection(o.v, ownNames, otherNames):
			return m.BlockBonus
		case d.inSection(o.v, otherNames, ownNames):
			return -m.BlockBonus
		case o.v.block == 0:
			return 0
		case o.v.block == own:
			return m.BlockBonus
		case o.v.block == other:
			return -m.BlockBonus
		}
		return 0
	}
	for _, f := range partyFields {
		fa, fb := "vendor."+f, "buyer."+f
		as := append([]*option{nil}, ptrs(opts[fa])...)
		bs := append([]*option{nil}, ptrs(opts[fb])...)
		switch f {
		case "address":
			as = withoutName(as, out["vendor.name"])
			bs = withoutName(bs, out["buyer.name"])
		case "postal":
			// The words of a party's street are not its postal line too
			// ("2558 Michael Mills" over "East Steven, MI 89330").
			as = apartFrom(as, out["vendor.address"])
			bs = apartFrom(bs, out["buyer.address"])
		}
		if _, ok := m.Fields[fb]; !ok {
			bs = []*option{nil}
		}
		best, ba, bbest := math.Inf(-1), (*option)(nil), (*option)(nil)
		for _, a := range as {
			for _, b := range bs {
				if a != nil && b != nil && (a.key == b.key || f == "postal" && samePlace(a.v, b.v)) {
					if f != "postal" {
						continue
					}
					var ok bool
					if a, b, ok = sharedPostal(d, a, b, vb, bb, vn, bn); !ok {
						continue
					}
				}
				u := 0.0
				if a != nil {
					u += utility(a.prob, th(fa)) + bonus(a, vb, bb, vn, bn)
				}
				if b != nil {
					u += utility(b.prob, th(fb)) + bonus(b, bb, vb, bn, vn)
				}
				if u > best {
					best, ba, bbest = u, a, b
				}
			}
		}
		pick(fa, ba)
		if _, ok := m.Fields[fb]; ok {
			pick(fb, bbest)
		}
	}
}

// withoutName drops the streets that start with the party's chosen name
// ("Max Muster Hauptstraße 4" when the name is "Max Muster"): a name and
// its street printed on one line are two fields, and the street alone is
// a candidate too (see parse.StreetStart).
func withoutName(os []*option, name Choice) []*option {
	if name.Value == nil {
		return os
	}
	prefix := strings.ToLower(name.Value.Text) + " "
	out := os[:0:0]
	for _, o := range os {
		if o == nil || !strings.HasPrefix(strings.ToLower(o.v.Text), prefix) {
			out = append(out, o)
		}
	}
	return out
}

// apartFrom drops the options that share a word with the value chosen
// as c.
func apartFrom(os []*option, c Choice) []*option {
	if c.Value == nil {
		return os
	}
	out := os[:0:0]
	for _, o := range os {
		if o == nil || !overlaps(o.v, c.Value) {
			out = append(out, o)
		}
	}
	return out
}

// overlaps reports whether a and b share a printed word.
func overlaps(a, b *Value) bool {
	return a.Line >= 0 && a.Page == b.Page && a.Line == b.Line && a.First <= b.Last && b.First <= a.Last
}

// sectionLines is how many lines under a party's name its section runs at
// most.
const sectionLines = 8

// instances returns every value of d that prints the value chosen as c,
// where c was printed several times (a company's name over its address
// and again in the footer).
func (d *Doc) instances(c Choice) []*Value {
	if c.Value == nil {
		return nil
	}
	k := Key(c.Value)
	var out []*Value
	for i := range d.Values {
		if v := &d.Values[i]; v.Type == c.Value.Type && Key(v) == k {
			out = append(out, v)
		}
	}
	return out
}

// inSection reports whether v stands in the section one of the names
// opens (a name that starts its cell, not one inside a line of prose:
// "Gentile Rossi S.r.l., …"): on a later line of the name's page, within
// sectionLines lines and ten lines' height of it, starting in the name's
// column, with no name of the other party in that column between them.
// It is the party's block as a reader sees it, where blocks as the layout
// finds them split a party's lines or chain two parties' ("Verkäufer:" /
// key-value lines / the name / its street / … "Käufer:" / the buyer's
// name, all flush left).
func (d *Doc) inSection(v *Value, names, others []*Value) bool {
	if v.Line < 0 {
		return false
	}
	h := d.Pages[v.Page].S.Height
	column := func(a, n *Value) bool {
		return math.Abs(a.Box.X0-n.Box.X0) < 3*h || a.Box.X0 >= n.Box.X0 && a.Box.X0 < n.Box.X1
	}
	for _, n := range names {
		if n.Page != v.Page || n.Line < 0 || !d.startsCell(n) || v.Line <= n.Line || v.Line-n.Line > sectionLines || v.Box.Y0-n.Box.Y1 > 10*h || !column(v, n) {
			continue
		}
		between := false
		for _, o := range others {
			if o.Page == v.Page && o.Line > n.Line && o.Line <= v.Line && column(o, n) {
				between = true
				break
			}
		}
		if !between {
			return true
		}
	}
	return false
}

// startsCell reports whether v is printed at the start of its cell.
func (d *Doc) startsCell(v *Value) bool {
	cells := d.Pages[v.Page].S.Cells[v.Line]
	return v.Cell < len(cells) && cells[v.Cell].First == v.First
}

// samePlace reports whether two postal lines name one place: the same
// postal code, and one city's name within the other's ("97999
// Lindenfeld" and "97999 LINDENFELD LINDENFELD" read off a
// line that repeats it).
func samePlace(x, y *Value) bool {
	zx, cx := place(x)
	zy, cy := place(y)
	if zx == "" || zx != zy || cx == "" || cy == "" {
		return false
	}
	return strings.Contains(cx, cy) || strings.Contains(cy, cx)
}

// place returns a postal line's code and city in capitals; a line only the
// rules read holds them in its key (PostalKey).
func place(v *Value) (zip, city string) {
	if v.Zip == "" && v.City == "" {
		zip, city, _ = strings.Cut(v.Norm, "\t")
		return zip, city
	}
	return strings.ToUpper(strings.ReplaceAll(v.Zip, " ", "")), strings.ToUpper(strings.TrimSpace(v.City))
}

// sharedPostal lets vendor and buyer take one postal line (a and b, the
// same place) when they are in one city: the buyer's is printed in the
// block of the buyer's name, the vendor's in the vendor's name's block or
// another one, and neither block prints another postal line. (A block
// with two, such as an address window under the vendor's sender line,
// prints the vendor's there, not the buyer's.) Where the layout joined
// both names into one block (a sender line just over the address window,
// "Rossi S.r.l. · Via Po 1 · 00100 Roma" over the buyer's lines), the
// printings in that block are told apart by the names' sections instead:
// the buyer's in the section the buyer's name opens, the vendor's on a
// line of the vendor's name or in its section. It returns the options of
// the two printings.
func sharedPostal(d *Doc, a, b *option, vb, bb int, vn, bn []*Value) (*option, *option, bool) {
	if d == nil || bb == 0 {
		return a, b, false
	}
	var inB, inV, inOther *Value
	keys := map[int]map[string]bool{}
	for i := range d.Values {
		v := &d.Values[i]
		if v.Type != TPostal || v.block == 0 {
			continue
		}
		k := Key(v)
		if keys[v.block] == nil {
			keys[v.block] = map[string]bool{}
		}
		keys[v.block][k] = true
		switch {
		case vb == bb:
			switch {
			case v.block != bb:
			case k == b.key && inB == nil && d.inSection(v, bn, vn):
				inB = v
			case k == a.key && inV == nil && (onLineOf(v, vn) || d.inSection(v, vn, bn)):
				inV = v
			}
		case k == b.key && v.block == bb && inB == nil:
			inB = v
		case k == a.key && v.block == vb && inV == nil:
			inV = v
		case k == a.key && v.block != bb && inOther == nil:
			inOther = v
		}
	}
	if inV == nil {
		inV = inOther
	}
	if inV == nil || inB == nil || len(keys[inV.block]) != 1 || len(keys[bb]) != 1 {
		return a, b, false
	}
	ca, cb := *a, *b
	ca.v, cb.v = inV, inB
	return &ca, &cb, true
}

// onLineOf reports whether v is printed on the line of one of the names,
// after it (a sender line: "Rossi S.r.l. · Via Po 1 · 00100 Roma").
func onLineOf(v *Value, names []*Value) bool {
	for _, n := range names {
		if n.Page == v.Page && n.Line == v.Line && n.Line >= 0 && v.First > n.Last {
			return true
		}
	}
	return false
}

// joint2 chooses two fields together under a constraint that holds when
// both have a value.
func joint2(opts map[string][]option, th func(string) float64, pick func(string, *option), fa, fb string, ok func(a, b *option) bool) {
	as := append([]*option{nil}, ptrs(opts[fa])...)
	bs := append([]*option{nil}, ptrs(opts[fb])...)
	best, ba, bb := math.Inf(-1), (*option)(nil), (*option)(nil)
	for _, a := range as {
		for _, b := range bs {
			if a != nil && b != nil && !ok(a, b) {
				continue
			}
			u := 0.0
			if a != nil {
				u += utility(a.prob, th(fa))
			}
			if b != nil {
				u += utility(b.prob, th(fb))
			}
			if u > best {
				best, ba, bb = u, a, b
			}
		}
	}
	pick(fa, ba)
	pick(fb, bb)
}

// after keeps field fb's choice only where it agrees with field fa's
// chosen value (ok(a, b)): fb takes its best option that does, or none.
func after(opts map[string][]option, th func(string) float64, pick func(string, *option), out map[string]Choice, fa, fb string, ok func(a, b *option) bool) {
	a := out[fa].Value
	if a == nil {
		return
	}
	oa := &option{key: Key(a), v: a, prob: out[fa].Prob}
	for _, b := range ptrs(opts[fb]) {
		if utility(b.prob, th(fb)) <= 0 {
			break
		}
		if ok(oa, b) {
			pick(fb, b)
			return
		}
	}
	pick(fb, nil)
}

// printings counts the places where the document prints a value of type t
// and key k.
func (d *Doc) printings(t Type, k string) int {
	type at struct{ page, line, first int }
	seen := map[at]bool{}
	for i := range d.Values {
		v := &d.Values[i]
		if v.Type == t && v.Line >= 0 && Key(v) == k {
			seen[at{v.Page, v.Line, v.First}] = true
		}
	}
	return len(seen)
}

func ptrs(os []option) []*option {
	out := make([]*option, len(os))
	for i := range os {
		out[i] = &os[i]
	}
	return out
}

// jointTotals chooses subtotal, tax, total and tax rate together: a
// choice whose sums add up (with the stamp duty chosen, when the total
// includes it, or with the charges printed between the sum and the total:
// see Doc.addedTotals) earns the fitted ArithBonus; one whose tax is the
// rate of its subtotal, to the cent, earns the fitted RateBonus, when the
// rate is worth choosing alone.
func (m *Model) jointTotals(opts map[string][]option, th func(string) float64, pick func(string, *option)) {
	const fs, ft, fT, fr, fStamp = "financials.subtotal", "financials.tax_amount", "financials.total", "financials.tax_rate", "financials.stamp_duty"
	stamp := int64(0)
	if os := opts[fStamp]; len(os) > 0 && utility(os[0].prob, th(fStamp)) > 0 {
		stamp = cents(math.Abs(os[0].v.Num))
	}
	subs := append([]*option{nil}, ptrs(opts[fs])...)
	taxes := append([]*option{nil}, ptrs(opts[ft])...)
	totals := append([]*option{nil}, ptrs(opts[fT])...)
	// A rate the field would not choose alone earns no bonus: an invoice
	// of several rates prints a base and a tax per rate, and each of them
	// is its rate of its base.
	rates := []*option{nil}
	if m.RateBonus != 0 {
		for _, r := range ptrs(opts[fr]) {
			if utility(r.prob, th(fr)) > 0 {
				rates = append(rates, r)
			}
		}
	}
	u := func(o *option, f string) float64 {
		if o == nil {
			return 0
		}
		return utility(o.prob, th(f))
	}
	best := math.Inf(-1)
	var bs, bt, bT, br *option
	for _, r := range rates {
		for _, s := range subs {
			for _, t := range taxes {
				if !plausibleTax(s, t) {
					continue
				}
				ust := u(r, fr) + u(s, fs) + u(t, ft)
				if r != nil && s != nil && t != nil && abs64(cents(math.Abs(s.v.Num)*r.v.Num/100)-cents(math.Abs(t.v.Num))) <= 1 {
					ust += m.RateBonus
				}
				for _, T := range totals {
					if T != nil && t != nil && cents(math.Abs(t.v.Num)) >= cents(math.Abs(T.v.Num)) {
						continue // a tax is less than its total
					}
					v := ust + u(T, fT)
					if s != nil && t != nil && T != nil {
						sum := cents(math.Abs(s.v.Num)) + cents(math.Abs(t.v.Num))
						tot := cents(math.Abs(T.v.Num))
						added := T.v.added != 0 && abs64(sum-T.v.added) <= 1
						if abs64(sum-tot) <= 1 || stamp > 0 && abs64(sum+stamp-tot) <= 1 || added {
							v += m.ArithBonus
						}
					}
					if v > best {
						best, bs, bt, bT, br = v, s, t, T, r
					}
				}
			}
		}
	}
	pick(fs, bs)
	pick(ft, bt)
	pick(fT, bT)
	if m.RateBonus != 0 {
		pick(fr, br)
	}
}

// plausibleTax reports whether t can be the tax of the subtotal o: no
// VAT rate is above 27 % (Hungary's), so a tax is at most 30 % of the
// base it is added to. A tax of the size of its base (the subtotal read
// again for the tax) is no tax.
func plausibleTax(o, t *option) bool {
	if o == nil || t == nil {
		return true
	}
	return 100*cents(math.Abs(t.v.Num)) <= 30*cents(math.Abs(o.v.Num))+100
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// Explain describes a field's best options on a document, with their
// probabilities and strongest features, for people tuning the features.
func (m *Model) Explain(d *Doc, field string) []string {
	f, ok := FieldByName(field)
	if !ok {
		return nil
	}
	fm := m.Fields[field]
	var out []string
	for _, o := range m.options(d, f) {
		type c struct {
			n string
			x float64
		}
		var cs []c
		for _, x := range o.v.features(field) {
			if fm != nil {
				cs = append(cs, c{featureNames[x.id], fm.w[x.id] * float64(x.x)})
			}
		}
		sort.Slice(cs, func(i, j int) bool { return math.Abs(cs[i].x) > math.Abs(cs[j].x) })
		var parts []string
		for _, x := range cs[:min(8, len(cs))] {
			parts = append(parts, fmt.Sprintf("%s%+.2f", x.n, x.x))
		}
		out = append(out, fmt.Sprintf("%.3f %q p%d %s", o.prob, o.v.Text, d.Pages[o.v.Page].Num, strings.Join(parts, " ")))
	}
	return out
}
