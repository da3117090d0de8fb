package testpdf

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/go-pdf/fpdf"

	"github.com/invex/invex/invoice"
)

// Page geometry, in millimetres.
const (
	left   = 18.0
	right  = 192.0
	rowH   = 4.6
	bottom = 268.0 // lowest baseline of the body without a legal footer
)

// painter draws text with fpdf's core fonts; strings are translated to
// WinAnsi before they are measured or drawn.
type painter struct {
	f  *fpdf.Fpdf
	tr func(string) string
}

func (p *painter) font(style string, size float64) { p.f.SetFont("Helvetica", style, size) }
func (p *painter) text(x, y float64, s string)     { p.f.Text(x, y, p.tr(s)) }
func (p *painter) width(s string) float64          { return p.f.GetStringWidth(p.tr(s)) }

// right draws s ending at x.
func (p *painter) right(x, y float64, s string) {
	t := p.tr(s)
	p.f.Text(x-p.f.GetStringWidth(t), y, t)
}

// center draws s centred on x.
func (p *painter) center(x, y float64, s string) {
	t := p.tr(s)
	p.f.Text(x-p.f.GetStringWidth(t)/2, y, t)
}

// split breaks s at spaces into lines of at most w millimetres in the
// current font.
func (p *painter) split(s string, w float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case p.width(line+" "+word) <= w:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// lines draws lines from (x, y) down, step apart, and returns the baseline
// after the last.
func (p *painter) lines(x, y, step float64, ls ...string) float64 {
	for _, l := range ls {
		if l == "" {
			continue
		}
		p.text(x, y, l)
		y += step
	}
	return y
}

// rightLines is lines aligned on the right edge x.
func (p *painter) rightLines(x, y, step float64, ls ...string) float64 {
	for _, l := range ls {
		if l == "" {
			continue
		}
		p.right(x, y, l)
		y += step
	}
	return y
}

// PDF renders the invoice.
func (s Spec) PDF() []byte {
	f := newFpdf(s)
	s.draw(f, 0, "{nb}")
	return output(f)
}

func newFpdf(s Spec) *fpdf.Fpdf {
	f := fpdf.New("P", "mm", "A4", "")
	f.SetCompression(false)
	f.SetAutoPageBreak(false, 0)
	f.AliasNbPages("{nb}")
	f.SetCreator("invex testpdf", false)
	f.SetCatalogSort(true) // the same bytes for the same seed
	f.SetCreationDate(s.Date)
	f.SetModificationDate(s.Date)
	return f
}

// draw renders the invoice on new pages of f, numbering them from 1 "of
// total" after the first pages of f that are not its own.
func (s Spec) draw(f *fpdf.Fpdf, first int, total string) {
	p := &painter{f: f, tr: f.UnicodeTranslatorFromDescriptor("cp1252")}
	r := renderer{s: s, p: p, w: vocab[s.Lang], t: s.Totals(), first: first, total: total}
	// The page before is closed by AddPage with the footer it was drawn
	// with; this invoice's pages get its own.
	f.AddPage()
	f.SetFooterFunc(r.footer)
	y := r.header()
	y = r.table(y)
	y = r.totals(y)
	r.payment(y)
}

// Batch renders the invoices into one PDF, one after the other, each on
// pages of its own numbered as if printed alone ("page 1 of 2"), as a
// program printing a month's invoices in one run writes them.
func Batch(specs ...Spec) []byte {
	f := newFpdf(specs[0])
	for _, s := range specs {
		alone := newFpdf(s)
		s.draw(alone, 0, "{nb}")
		s.draw(f, f.PageCount(), strconv.Itoa(alone.PageCount()))
	}
	return output(f)
}

// renderer draws one invoice.
type renderer struct {
	s Spec
	p *painter
	w words
	t Totals
	// first is the number of pages before the invoice's own, total the
	// number of its pages as printed.
	first int
	total string
}

// v picks the wording of the style's variant.
func (r *renderer) v(pair [2]string) string { return pair[r.s.Style.Variant] }

func (r *renderer) title() string {
	if r.s.Type == invoice.TypeCreditNote {
		return r.w.credit
	}
	return r.w.invoice
}

func (r *renderer) numberLabel() string {
	if r.s.Type == invoice.TypeCreditNote {
		return r.v(r.w.numberCredit)
	}
	if r.s.Style.NumberLabel != "" {
		return r.s.Style.NumberLabel
	}
	return r.v(r.w.numberInv)
}

// limit is the lowest baseline the body may use.
func (r *renderer) limit() float64 {
	if r.s.Style.FooterLegal {
		return bottom - 16
	}
	return bottom
}

// cityLine is "20121 Milano (MI)", "80331 München", "London EC1A 1BB".
func (r *renderer) cityLine(pt Party) string {
	switch pt.Country {
	case "IT":
		if pt.Prov != "" {
			return pt.Zip + " " + pt.City + " (" + pt.Prov + ")"
		}
	case "GB", "IE":
		return pt.City + " " + pt.Zip
	}
	return pt.Zip + " " + pt.City
}

func (r *renderer) countryLine(pt Party) string {
	if !r.s.Style.PrintCountry {
		return ""
	}
	return r.w.country[pt.Country]
}

// vendorIDs are the vendor's tax identifiers as printed in its letterhead.
func (r *renderer) vendorIDs() []string {
	v := r.s.Vendor
	switch {
	case v.Country == "IT" && v.FiscalCode == strings.TrimPrefix(v.VAT, "IT") && r.s.Style.Variant == 0:
		return []string{r.w.vatAndFiscal + " " + v.FiscalCode}
	case v.Country == "IT":
		return []string{r.w.vat + " " + v.VAT, r.w.fiscal + " " + v.FiscalCode}
	case v.Country == "FR":
		return []string{r.w.vat + " : " + v.VAT}
	}
	return []string{r.w.vat + ": " + v.VAT}
}

// buyerIDs are the buyer's identifiers and e-mail.
func (r *renderer) buyerIDs() []string {
	b := r.s.Buyer
	var out []string
	switch {
	case b.VAT == "":
		out = append(out, r.w.fiscal+" "+b.FiscalCode)
	case b.Country == "FR":
		out = append(out, r.w.vat+" : "+b.VAT)
	default:
		out = append(out, r.w.vat+" "+b.VAT)
	}
	if b.Email != "" {
		out = append(out, r.w.pec+": "+b.Email)
	}
	return out
}

func (r *renderer) contacts() []string {
	v := r.s.Vendor
	var out []string
	if v.Phone != "" {
		out = append(out, r.w.phone+" "+v.Phone)
	}
	if v.Email != "" {
		out = append(out, r.w.email+": "+v.Email)
	}
	return out
}

// meta are the document data as label/value pairs.
func (r *renderer) meta(withNumber bool) [][2]string {
	s := r.s
	var m [][2]string
	if withNumber {
		m = append(m, [2]string{r.numberLabel(), s.Number})
		label := r.v(r.w.date)
		if s.Type == invoice.TypeCreditNote {
			label = r.w.date[0]
		}
		m = append(m, [2]string{label, s.fmtDate(s.Date)})
	}
	if !s.Due.IsZero() && s.Style.DueInMeta {
		m = append(m, [2]string{r.v(r.w.due), s.fmtDate(s.Due)})
	}
	if s.CustomerNo != "" {
		m = append(m, [2]string{r.w.customerNo, s.CustomerNo})
	}
	if s.PONumber != "" {
		m = append(m, [2]string{r.w.po, s.PONumber})
	}
	return m
}

// labelValues draws pairs with labels at x and values at vx; it returns the
// baseline after the last.
func (r *renderer) labelValues(x, vx, y float64, pairs [][2]string) float64 {
	for _, kv := range pairs {
		r.p.font("", 9)
		r.p.text(x, y, kv[0]+":")
		r.p.font("B", 9)
		r.p.text(vx, y, kv[1])
		y += 4.8
	}
	r.p.font("", 9)
	return y
}

// buyerBlock draws the buyer's address from (x, y), under label when it is
// not empty, and returns the baseline after it.
func (r *renderer) buyerBlock(x, y float64, label string) float64 {
	b := r.s.Buyer
	p := r.p
	if label != "" {
		p.font("", 8)
		p.text(x, y, label)
		y += 5
	}
	p.font("B", 10)
	p.text(x, y, b.Name)
	p.font("", 10)
	y = p.lines(x, y+5, 4.8, b.Street, r.cityLine(b), r.countryLine(b))
	p.font("", 9)
	return p.lines(x, y, 4.5, r.buyerIDs()...)
}

// vendorBlock draws the vendor's letterhead at x (right-aligned when
// alignRight) and returns the baseline after it.
func (r *renderer) vendorBlock(x, y float64, alignRight bool, nameSize float64) float64 {
	v := r.s.Vendor
	p := r.p
	draw := p.lines
	if alignRight {
		draw = p.rightLines
	}
	p.font("B", nameSize)
	draw(x, y, 0, v.Name)
	p.font("", 9)
	y = draw(x, y+6, 4.3, v.Street, r.cityLine(v), r.countryLine(v))
	y = draw(x, y, 4.3, r.vendorIDs()...)
	return draw(x, y, 4.3, r.contacts()...)
}

// header draws everything above the item table and returns the table's
// top.
func (r *renderer) header() float64 {
	s, p := r.s, r.p
	var y float64
	switch s.Style.Layout {
	case LayoutLetterLeft:
		y1 := r.vendorBlock(left, 20, false, 15)
		label := ""
		if s.Style.Variant == 0 || s.Lang == "it" {
			label = r.v(r.w.buyer)
		}
		y2 := r.buyerBlock(112, 48, label)
		y = max(y1, y2) + 10
		if s.Style.Variant == 0 {
			p.font("B", 13)
			sep := map[string]string{"it": " del ", "en": " dated ", "de": " vom ", "fr": " du "}[s.Lang]
			p.text(left, y, r.numberLabel()+" "+s.Number+sep+s.fmtDate(s.Date))
			y = r.labelValues(left, left+32, y+7, r.meta(false))
		} else {
			p.font("B", 16)
			p.text(left, y, r.title())
			y = r.labelValues(left, left+38, y+8, r.meta(true))
		}
	case LayoutLetterRight:
		y1 := r.vendorBlock(right, 18, true, 15)
		v := s.Vendor
		p.font("U", 7)
		p.text(left, 47, v.Name+" - "+v.Street+" - "+r.cityLine(v))
		label := ""
		if s.Style.Variant == 1 {
			label = r.v(r.w.buyer)
		}
		y2 := r.buyerBlock(left, 53, label)
		y3 := r.labelValues(122, 155, 56, r.meta(true))
		y = max(y1, y2, y3) + 8
		p.font("B", 14)
		p.text(left, y, r.title())
		y += 6
	case LayoutBlocks:
		p.font("B", 18)
		p.center(105, 20, r.title())
		p.font("B", 8)
		p.text(left, 32, strings.ToUpper(r.w.vendor))
		y1 := r.vendorBlock(left, 38, false, 11)
		p.font("B", 8)
		p.text(110, 32, strings.ToUpper(r.v(r.w.buyer)))
		y2 := r.buyerBlock(110, 38, "")
		y = max(y1, y2) + 8
		// The document data as a row of boxes, labels above values.
		m := r.meta(true)
		w := (right - left) / float64(len(m))
		for i, kv := range m {
			x := left + float64(i)*w
			p.f.Rect(x, y-4, w, 12, "D")
			p.font("", 7)
			p.text(x+2, y, kv[0])
			p.font("B", 10)
			p.text(x+2, y+5.5, kv[1])
		}
		y += 16
	case LayoutFooter:
		v := s.Vendor
		p.font("B", 18)
		p.text(left, 22, v.Name)
		p.font("", 8)
		p.text(left, 28, strings.Join(r.contacts(), "   "))
		y1 := r.buyerBlock(left, 45, r.v(r.w.buyer))
		p.font("B", 16)
		p.text(122, 45, r.title())
		y2 := r.labelValues(122, 155, 53, r.meta(true))
		y = max(y1, y2) + 8
	}
	if s.Type == invoice.TypeCreditNote && s.Refers != "" {
		p.font("I", 9)
		p.text(left, y, fmt.Sprintf(r.w.refers, s.Refers, s.fmtDate(s.Date.AddDate(0, 0, -12))))
		y += 6
	}
	return y + 2
}

// column geometry of the item table.
type column struct {
	kind    int
	x, w    float64
	numeric bool
}

func (r *renderer) columns() []column {
	widths := map[int]float64{ColPos: 9, ColCode: 20, ColQty: 14, ColUnit: 13, ColPrice: 24, ColDisc: 15, ColVAT: 13, ColAmount: 26}
	fixed := 0.0
	for _, c := range r.s.Style.Columns {
		fixed += widths[c]
	}
	widths[ColDesc] = right - left - fixed
	var cols []column
	x := left
	for _, c := range r.s.Style.Columns {
		cols = append(cols, column{kind: c, x: x, w: widths[c], numeric: c != ColDesc && c != ColUnit && c != ColCode})
		x += widths[c]
	}
	return cols
}

// tableHeader draws the item table's header row at y and returns the first
// row's baseline.
func (r *renderer) tableHeader(y float64, cols []column) float64 {
	p := r.p
	p.font("B", 8.5)
	p.f.SetFillColor(230, 230, 230)
	p.f.Rect(left, y-4, right-left, 6, "F")
	for _, c := range cols {
		label := r.w.cols[c.kind]
		if c.numeric {
			p.right(c.x+c.w-1, y, label)
		} else {
			p.text(c.x+1, y, label)
		}
	}
	p.f.Line(left, y+2, right, y+2)
	p.font("", 8.5)
	return y + 7
}

// continuation starts a new page: a short header naming the document, and
// returns the first free baseline.
func (r *renderer) continuation() float64 {
	p, s := r.p, r.s
	p.f.AddPage()
	p.font("B", 9)
	p.text(left, 18, s.Vendor.Name)
	p.font("", 9)
	p.right(right, 18, r.numberLabel()+" "+s.Number+" - "+s.fmtDate(s.Date))
	p.f.Line(left, 21, right, 21)
	return 30
}

// table draws the item table from y, over as many pages as needed, and
// returns the baseline after it.
func (r *renderer) table(y float64) float64 {
	s, p := r.s, r.p
	cols := r.columns()
	y = r.tableHeader(y, cols)
	var running int64
	for i, it := range s.Items {
		var desc []string
		for _, c := range cols {
			if c.kind == ColDesc {
				desc = p.split(it.Description, c.w-2)
			}
		}
		h := float64(len(desc)) * rowH
		if y+h > r.limit()-6 {
			if s.Style.CarryForward {
				p.font("B", 8.5)
				p.text(left+1, y+1, r.w.carried)
				p.right(right-1, y+1, s.amount(running))
			}
			p.font("I", 8)
			p.right(right, y+6, r.w.continued+" ...")
			y = r.continuation()
			if s.Style.CarryForward {
				p.font("B", 8.5)
				p.text(left+1, y, fmt.Sprintf("%s %d", r.w.carriedFrom, p.f.PageNo()-1))
				p.right(right-1, y, s.amount(running))
				y += 6
			}
			y = r.tableHeader(y, cols)
		}
		for _, c := range cols {
			val := ""
			switch c.kind {
			case ColPos:
				val = fmt.Sprint(i + 1)
			case ColCode:
				val = it.Code
			case ColDesc:
				for j, l := range desc {
					p.text(c.x+1, y+float64(j)*rowH, l)
				}
				continue
			case ColQty:
				val = s.qty(it.Quantity)
			case ColUnit:
				val = it.Unit
			case ColPrice:
				val = s.amount(it.UnitPrice)
			case ColDisc:
				if it.DiscountPct != 0 {
					val = s.pct(it.DiscountPct)
				}
			case ColVAT:
				val = s.pct(it.VATRate)
				if s.Exempt {
					val = "N2.2"
				}
			case ColAmount:
				val = s.amount(it.Amount())
			}
			if c.numeric {
				p.right(c.x+c.w-1, y, val)
			} else {
				p.text(c.x+1, y, val)
			}
		}
		running += it.Amount()
		y += h + 1.2
	}
	p.f.Line(left, y-2.5, right, y-2.5)
	return y + 4
}

// totals draws the totals (and the VAT summary table) from y and returns
// the baseline after them.
func (r *renderer) totals(y float64) float64 {
	s, p, t, w := r.s, r.p, r.t, r.w
	var rows [][2]string
	bold := map[int]bool{}
	if t.Discount != 0 {
		rows = append(rows, [2]string{w.goods, s.amount(t.Goods)})
		rows = append(rows, [2]string{w.discount + " " + s.pct(s.DiscountPct), "-" + s.amount(t.Discount)})
	}
	rows = append(rows, [2]string{w.subtotal, s.amount(t.Subtotal)})
	if s.Style.VATTable || s.Exempt {
		rows = append(rows, [2]string{r.v(w.totalVAT), s.amount(t.Tax)})
	} else {
		for _, g := range t.Groups {
			label := w.vatLine + " " + s.pct(g.Rate)
			if s.Lang == "de" {
				label = "zzgl. " + s.pct(g.Rate) + " USt."
			}
			if len(t.Groups) > 1 {
				on := map[string]string{"it": "su", "en": "on", "de": "auf", "fr": "sur"}[s.Lang]
				label += " " + on + " " + s.amount(g.Taxable)
			}
			rows = append(rows, [2]string{label, s.amount(g.Tax)})
		}
	}
	if t.Stamp != 0 {
		rows = append(rows, [2]string{r.v(w.stamp), s.amount(t.Stamp)})
	}
	bold[len(rows)] = true
	rows = append(rows, [2]string{r.v(w.total), s.money(t.Total)})
	if t.Withholding != 0 {
		rows = append(rows, [2]string{fmt.Sprintf("%s %s", w.withholding, s.pct(s.WithholdingPct)), "-" + s.amount(t.Withholding)})
		bold[len(rows)] = true
		rows = append(rows, [2]string{w.netDue, s.money(t.Due)})
	}
	tableRows := 0
	if s.Style.VATTable {
		tableRows = len(t.Groups) + 1
	}
	h := float64(max(len(rows), tableRows)) * 5.5
	if y+h > r.limit() {
		y = r.continuation()
	}
	if s.Style.VATTable {
		xs := []float64{left + 2, left + 55, left + 85}
		p.font("B", 8)
		p.text(xs[0], y, w.vatTable[0])
		p.right(xs[1], y, w.vatTable[1])
		p.right(xs[2], y, w.vatTable[2])
		p.f.Line(left, y+1.5, left+88, y+1.5)
		p.font("", 8.5)
		for i, g := range t.Groups {
			yy := y + 5.5*float64(i+1)
			rate := s.pct(g.Rate)
			if s.Exempt {
				rate = "N2.2 - esente"
			}
			p.text(xs[0], yy, rate)
			p.right(xs[1], yy, s.amount(g.Taxable))
			p.right(xs[2], yy, s.amount(g.Tax))
		}
	}
	for i, row := range rows {
		yy := y + 5.5*float64(i)
		if bold[i] {
			p.font("B", 10)
			p.f.Line(120, yy-4, right, yy-4)
		} else {
			p.font("", 9)
		}
		p.text(120, yy, row[0])
		p.right(right, yy, row[1])
	}
	return y + h + 6
}

// payment draws the payment data and notes from y.
func (r *renderer) payment(y float64) {
	s, p, w := r.s, r.p, r.w
	var pairs [][2]string
	if m := w.methods[s.Method]; m != "" {
		pairs = append(pairs, [2]string{w.method, m})
	}
	if s.IBAN != "" && s.Style.Layout != LayoutFooter {
		pairs = append(pairs, [2]string{w.bank, s.Bank})
		iban := s.IBAN
		if s.Style.Variant == 0 {
			iban = groupIBAN(iban)
		}
		pairs = append(pairs, [2]string{"IBAN", iban})
	}
	if s.Terms != "" && s.TermsLabelled {
		pairs = append(pairs, [2]string{w.terms, s.Terms})
	}
	if !s.Due.IsZero() && !s.Style.DueInMeta {
		pairs = append(pairs, [2]string{r.v(w.due), s.fmtDate(s.Due)})
	}
	var notes []string
	if s.Terms != "" && !s.TermsLabelled {
		notes = append(notes, s.Terms+".")
	}
	if s.Exempt {
		notes = append(notes, w.exemptNote, w.stampNote)
	}
	if s.WithholdingPct != 0 {
		notes = append(notes, w.withholdingNote)
	}
	if s.Method == invoice.PaySEPADirectDebit {
		notes = append(notes, "Der Rechnungsbetrag wird zum Fälligkeitstermin von Ihrem Konto eingezogen.")
	}
	h := float64(len(pairs))*4.8 + float64(len(notes))*8 + 4
	if y+h > r.limit() {
		y = r.continuation()
	}
	y = r.labelValues(left, left+45, y, pairs)
	p.font("", 8)
	for _, n := range notes {
		for _, l := range p.split(n, right-left) {
			p.text(left, y+2, l)
			y += 4
		}
	}
}

// footer draws the page number and, when the style asks, the vendor's
// legal data on every page.
func (r *renderer) footer() {
	s, p, w := r.s, r.p, r.w
	v := s.Vendor
	p.font("", 7.5)
	p.right(right, 290, fmt.Sprintf(w.page, p.f.PageNo()-r.first, r.total))
	if !s.Style.FooterLegal {
		return
	}
	y := 272.0
	p.f.Line(left, y-4, right, y-4)
	if s.Style.Layout == LayoutFooter {
		// Three columns: address, tax identifiers, bank.
		col1 := []string{v.Name, v.Street, r.cityLine(v), r.countryLine(v)}
		col2 := r.vendorIDs()
		var col3 []string
		if s.IBAN != "" {
			col3 = []string{w.bank + ": " + s.Bank, "IBAN " + groupIBAN(s.IBAN)}
		}
		p.lines(left, y, 3.5, col1...)
		p.lines(80, y, 3.5, col2...)
		p.lines(130, y, 3.5, col3...)
		p.font("", 6.5)
		p.text(left, y+15, r.legal())
		return
	}
	line := v.Name + " - " + v.Street + " - " + r.cityLine(v) + " - " + strings.Join(r.vendorIDs(), " - ")
	p.center(105, y, line)
	p.font("", 6.5)
	p.center(105, y+4, r.legal())
}

// legal is the small print under the footer: registry data of a company,
// nothing for an Italian professional or freelancer.
func (r *renderer) legal() string {
	if r.s.WithholdingPct != 0 || r.s.Exempt {
		return ""
	}
	return r.w.legal
}
