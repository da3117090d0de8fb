package testpdf

import (
	"math"
	"sort"
	"strconv"

	"github.com/invex/invex/internal/eval"
	"github.com/invex/invex/invoice"
)

// VATGroup is the taxable amount and VAT of one rate, in cents.
type VATGroup struct {
	Rate    float64
	Goods   int64 // line amounts at this rate
	Charges int64 // document-level charges at this rate
	Taxable int64 // after the document discount, with the charges
	Tax     int64
}

// Totals are the document amounts in cents, computed exactly: each line
// amount and each rate's discount and VAT is rounded to the cent once.
type Totals struct {
	Goods    int64 // sum of the line amounts
	Discount int64 // document-level discount
	Charges  int64 // document-level charges
	Groups   []VATGroup
	// Subtotal is the taxable amount (Goods − Discount + Charges), Tax the
	// VAT.
	Subtotal, Tax int64
	Stamp         int64
	// Total is Subtotal + Tax + Stamp: the document total before
	// withholding.
	Total       int64
	Withholding int64
	Advance     int64
	// Due is what the buyer pays: Total − Withholding − Advance, less the
	// VAT under split payment.
	Due int64
}

func (s Spec) rates() []float64 {
	seen := map[float64]bool{}
	var out []float64
	add := func(r float64) {
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	for _, it := range s.Items {
		add(it.VATRate)
	}
	for _, c := range s.Charges {
		add(c.VATRate)
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(out)))
	return out
}

// roundPct returns v × pct / 100 rounded half up, for v ≥ 0 cents and pct
// with at most one decimal.
func roundPct(v int64, pct float64) int64 {
	p10 := int64(math.Round(pct * 10))
	return (v*p10 + 500) / 1000
}

// Totals computes the document's amounts.
func (s Spec) Totals() Totals {
	var t Totals
	for _, r := range s.rates() {
		g := VATGroup{Rate: r}
		for _, it := range s.Items {
			if it.VATRate == r {
				g.Goods += it.Amount()
			}
		}
		for _, c := range s.Charges {
			if c.VATRate == r {
				g.Charges += c.Amount
			}
		}
		disc := roundPct(g.Goods, s.DiscountPct)
		g.Taxable = g.Goods - disc + g.Charges
		g.Tax = roundPct(g.Taxable, r)
		t.Goods += g.Goods
		t.Discount += disc
		t.Charges += g.Charges
		t.Subtotal += g.Taxable
		t.Tax += g.Tax
		t.Groups = append(t.Groups, g)
	}
	t.Stamp = s.StampDuty
	t.Total = t.Subtotal + t.Tax + t.Stamp
	// Withholding is on the fees: the goods after the discount, without
	// the charges (a cassa previdenza contribution is not withheld on).
	t.Withholding = roundPct(t.Goods-t.Discount, s.WithholdingPct)
	t.Advance = s.Advance
	t.Due = t.Total - t.Withholding - t.Advance
	if s.SplitPayment {
		t.Due -= t.Tax
	}
	return t
}

func money(c int64) float64 { return float64(c) / 100 }

// tree builds a truth object: set puts a value (nil means the field must
// stay null); a field never set is not scored.
type tree map[string]any

func (t tree) set(key string, v any) { t[key] = v }

// str sets a string field: the value, or null when empty.
func (t tree) str(key, v string) {
	if v == "" {
		t[key] = nil
		return
	}
	t[key] = v
}

// Truth returns what a perfect extraction of the invoice returns, in the
// corpus truth format: only what is printed is given, and a field that is
// surely absent from the page is null (a "no invented value" check). A
// field that could be read off the page in more than one sensible way is
// left out.
func (s Spec) Truth() eval.Truth {
	t := s.Totals()
	res := tree{}

	v := tree{}
	v.set("name", s.Vendor.Name)
	v.str("vat_number", s.Vendor.VAT)
	v.str("fiscal_code", s.vendorFiscalCode())
	v.set("address", s.Vendor.Street)
	v.set("city", s.Vendor.City)
	v.set("zip_code", s.Vendor.Zip)
	if s.Style.PrintCountry {
		v.set("country", s.Vendor.Country)
	}
	v.str("email", s.Vendor.Email)
	v.str("phone", s.Vendor.Phone)
	v.str("iban", s.IBAN)
	res["vendor"] = v

	b := tree{}
	b.set("name", s.Buyer.Name)
	b.str("vat_number", s.Buyer.VAT)
	switch {
	case s.buyerFiscalCode() != "":
		b.set("fiscal_code", s.buyerFiscalCode())
	case s.Buyer.Country != "IT":
		b.set("fiscal_code", nil)
		// An Italian company's codice fiscale is its VAT number: reading
		// it there is not an invention, so it is not scored.
	}
	b.set("address", s.Buyer.Street)
	b.set("city", s.Buyer.City)
	b.set("zip_code", s.Buyer.Zip)
	if s.Style.PrintCountry {
		b.set("country", s.Buyer.Country)
	}
	b.str("email", s.Buyer.Email)
	res["buyer"] = b

	h := tree{}
	h.set("number", s.Number)
	h.set("date", s.Date.Format("2006-01-02"))
	switch {
	case !s.Due.IsZero():
		h.set("due_date", s.Due.Format("2006-01-02"))
	case s.Terms == "":
		h.set("due_date", nil)
		// Otherwise the terms give the due date without printing it: a
		// computed date is not an invention, so it is not scored.
	}
	h.set("type", s.Type)
	h.set("currency", s.Currency)
	h.str("payment_terms", s.Terms)
	h.str("payment_method", s.Method)
	h.str("po_number", s.PONumber)
	res["invoice"] = h

	f := tree{}
	f.set("subtotal", money(t.Subtotal))
	if len(t.Groups) == 1 {
		f.set("tax_rate", t.Groups[0].Rate)
	} else {
		f.set("tax_rate", nil)
	}
	f.set("tax_amount", money(t.Tax))
	f.set("total", money(t.Total))
	f.set("discount", nilIfZero(t.Discount))
	f.set("stamp_duty", nilIfZero(t.Stamp))
	f.set("withholding_tax", nilIfZero(t.Withholding))
	f.set("currency", s.Currency)
	res["financials"] = f

	var items []any
	for _, it := range s.Items {
		li := tree{}
		li.set("description", it.Description)
		li.set("quantity", it.Quantity)
		if s.hasCol(ColUnit) {
			li.set("unit", it.Unit)
		}
		li.set("unit_price", it.Price())
		li.set("amount", money(s.lineAmount(it)))
		if s.hasCol(ColVAT) {
			li.set("tax_rate", it.VATRate)
		}
		if s.hasCol(ColDisc) {
			li.set("discount_pct", nilIfZeroF(it.DiscountPct))
		} else {
			li.set("discount_pct", nil)
		}
		items = append(items, map[string]any(li))
	}
	res["line_items"] = items

	return eval.Truth{
		Locale: s.Lang,
		Source: "generated by internal/testpdf, seed " + strconv.FormatUint(s.Seed, 10),
		Kind:   eval.KindDigital,
		Result: deepMap(res),
	}
}

// vendorFiscalCode is the vendor's codice fiscale as printed, or "" when
// none is printed.
func (s Spec) vendorFiscalCode() string {
	if s.Vendor.Country != "IT" {
		return ""
	}
	return s.Vendor.FiscalCode
}

// buyerFiscalCode is the buyer's codice fiscale as printed: Italian buyers
// print it only when it differs from the VAT number (private persons).
func (s Spec) buyerFiscalCode() string {
	if s.Buyer.VAT == "" {
		return s.Buyer.FiscalCode
	}
	return ""
}

// Result returns the truth as an invoice.Result: the values of Truth, with
// the fields Truth leaves unscored as null too.
func (s Spec) Result() invoice.Result {
	t := s.Totals()
	r := invoice.Empty()
	sp := func(v string) *string { return invoice.String(v) }
	fp := func(v float64) *float64 { return &v }
	r.Vendor = invoice.Vendor{Name: sp(s.Vendor.Name), VATNumber: sp(s.Vendor.VAT), FiscalCode: sp(s.vendorFiscalCode()),
		Address: sp(s.Vendor.Street), City: sp(s.Vendor.City), ZipCode: sp(s.Vendor.Zip), Country: sp(s.Vendor.Country),
		Email: sp(s.Vendor.Email), Phone: sp(s.Vendor.Phone), IBAN: sp(s.IBAN)}
	r.Buyer = invoice.Buyer{Name: sp(s.Buyer.Name), VATNumber: sp(s.Buyer.VAT), FiscalCode: sp(s.buyerFiscalCode()),
		Address: sp(s.Buyer.Street), City: sp(s.Buyer.City), ZipCode: sp(s.Buyer.Zip), Country: sp(s.Buyer.Country),
		Email: sp(s.Buyer.Email)}
	r.Invoice = invoice.Header{Number: sp(s.Number), Date: sp(s.Date.Format("2006-01-02")), Type: sp(s.Type),
		Currency: sp(s.Currency), PaymentTerms: sp(s.Terms), PaymentMethod: sp(s.Method), PONumber: sp(s.PONumber)}
	if !s.Due.IsZero() {
		r.Invoice.DueDate = sp(s.Due.Format("2006-01-02"))
	}
	r.Financials = invoice.Financials{Subtotal: fp(money(t.Subtotal)), TaxAmount: fp(money(t.Tax)), Total: fp(money(t.Total)),
		Currency: sp(s.Currency)}
	if len(t.Groups) == 1 {
		r.Financials.TaxRate = fp(t.Groups[0].Rate)
	}
	if t.Discount != 0 {
		r.Financials.Discount = fp(money(t.Discount))
	}
	if t.Stamp != 0 {
		r.Financials.StampDuty = fp(money(t.Stamp))
	}
	if t.Withholding != 0 {
		r.Financials.WithholdingTax = fp(money(t.Withholding))
	}
	for _, it := range s.Items {
		li := invoice.LineItem{Description: sp(it.Description), Quantity: fp(it.Quantity), Unit: sp(it.Unit),
			UnitPrice: fp(it.Price()), Amount: fp(money(s.lineAmount(it))), TaxRate: fp(it.VATRate)}
		if it.DiscountPct != 0 {
			li.DiscountPct = fp(it.DiscountPct)
		}
		r.LineItems = append(r.LineItems, li)
	}
	return r
}

func nilIfZero(c int64) any {
	if c == 0 {
		return nil
	}
	return money(c)
}

func nilIfZeroF(v float64) any {
	if v == 0 {
		return nil
	}
	return v
}

// deepMap turns nested trees into plain maps, the form eval expects.
func deepMap(v any) map[string]any {
	return conv(v).(map[string]any)
}

func conv(v any) any {
	switch x := v.(type) {
	case tree:
		m := map[string]any{}
		for k, e := range x {
			m[k] = conv(e)
		}
		return m
	case map[string]any:
		m := map[string]any{}
		for k, e := range x {
			m[k] = conv(e)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = conv(e)
		}
		return out
	}
	return v
}
