package einvoice

import (
	"math"
	"strings"

	"github.com/invex/invex/invoice"
)

// parseUBL maps an OASIS UBL 2.1 Invoice or CreditNote.
func parseUBL(root *node) *Document {
	d := newDocument(FormatUBL, root.str("CustomizationID"))
	r := &d.Result
	credit := root.name == "CreditNote"

	ublParty(root.at("AccountingSupplierParty", "Party")).vendor(&r.Vendor)
	ublParty(root.at("AccountingCustomerParty", "Party")).buyer(&r.Buyer)

	r.Invoice.Number = str(root.str("ID"))
	r.Invoice.Date = isoDate(root.str("IssueDate"), "")
	code := root.str("InvoiceTypeCode", "CreditNoteTypeCode")
	switch {
	case code != "":
		d.setType1001(code)
	case credit:
		t := invoice.TypeCreditNote
		r.Invoice.Type = &t
	default:
		t := invoice.TypeInvoice
		r.Invoice.Type = &t
	}
	cur := currency(root.str("DocumentCurrencyCode"))
	r.Invoice.Currency, r.Financials.Currency = cur, cur
	r.Invoice.PONumber = str(root.str("OrderReference", "ID"))

	var notes []string
	for _, n := range root.all("PaymentTerms", "Note") {
		if s := clean(n.rawText()); s != "" && !contains(notes, s) {
			notes = append(notes, s)
		}
	}
	r.Invoice.PaymentTerms = str(strings.Join(notes, " "))

	var methods, dues []*string
	for _, m := range root.children("PaymentMeans") {
		methods = append(methods, paymentMethod4461(m.str("PaymentMeansCode")))
		dues = append(dues, isoDate(m.str("PaymentDueDate"), ""))
		if r.Vendor.IBAN == nil {
			r.Vendor.IBAN = iban(m.str("PayeeFinancialAccount", "ID"))
		}
	}
	r.Invoice.PaymentMethod = unique(methods)
	r.Invoice.DueDate = isoDate(root.str("DueDate"), "")
	if r.Invoice.DueDate == nil {
		r.Invoice.DueDate = unique(dues)
	}

	total := root.at("LegalMonetaryTotal")
	r.Financials.Subtotal = total.num("TaxExclusiveAmount")
	r.Financials.Total = total.num("TaxInclusiveAmount")
	r.Financials.Discount = total.num("AllowanceTotalAmount")
	d.AmountDue = total.num("PayableAmount")

	// The TaxTotal in the document currency (a second one may give the tax
	// in the tax currency, without subtotals).
	taxTotals := root.children("TaxTotal")
	var amounts []*node
	for _, t := range taxTotals {
		amounts = append(amounts, t.child("TaxAmount"))
	}
	r.Financials.TaxAmount = amountIn(amounts, cur)
	var taxTotal *node
	for _, t := range taxTotals {
		c := strings.ToUpper(t.child("TaxAmount").attr("currencyID"))
		if taxTotal == nil || cur != nil && c == *cur && len(t.children("TaxSubtotal")) > 0 {
			taxTotal = t
		}
	}
	var rates []*float64
	for _, s := range taxTotal.children("TaxSubtotal") {
		rate := s.num("TaxCategory", "Percent")
		if rate == nil {
			rate = s.num("Percent")
		}
		rates = append(rates, rate)
		d.TaxBreakdown = append(d.TaxBreakdown, TaxLine{
			Rate: deref(rate), Base: deref(s.num("TaxableAmount")), Amount: deref(s.num("TaxAmount")),
			Category: strings.ToUpper(s.str("TaxCategory", "ID")),
		})
	}
	r.Financials.TaxRate = uniqueRate(rates)

	for _, l := range root.children("InvoiceLine", "CreditNoteLine") {
		if item, ok := ublLine(l); ok {
			r.LineItems = append(r.LineItems, item)
		}
	}
	return d
}

// ublParty maps a cac:Party.
func ublParty(p *node) party {
	var out party
	if p == nil {
		return out
	}
	out.name = str(first(p.str("PartyLegalEntity", "RegistrationName"), p.str("PartyName", "Name")))
	addr := p.at("PostalAddress")
	street := addr.str("StreetName")
	if b := addr.str("BuildingNumber"); b != "" && !containsWord(street, b) {
		street = clean(street + " " + b)
	}
	var lines []string
	for _, l := range addr.all("AddressLine", "Line") {
		lines = append(lines, l.rawText())
	}
	out.address = streetLine(append([]string{street, addr.str("AdditionalStreetName")}, lines...)...)
	out.city = str(addr.str("CityName"))
	out.zip = str(addr.str("PostalZone"))
	out.country = country(addr.str("Country", "IdentificationCode"))

	var fc string
	for _, ts := range p.children("PartyTaxScheme") {
		scheme := strings.ToUpper(ts.str("TaxScheme", "ID"))
		id := ts.str("CompanyID")
		switch {
		case scheme == "VAT" && out.vat == nil:
			out.vat = vatNumber(id)
		case scheme == "FC" && fc == "":
			fc = id
		}
	}
	if out.vat == nil {
		// A tax scheme without identifier is taken as VAT when it is the
		// only one.
		if ts := p.children("PartyTaxScheme"); len(ts) == 1 && ts[0].str("TaxScheme", "ID") == "" {
			out.vat = vatNumber(ts[0].str("CompanyID"))
		}
	}
	if isItalian(out.country, out.vat) {
		ids := append(p.all("PartyLegalEntity", "CompanyID"), p.all("PartyIdentification", "ID")...)
		for _, id := range ids {
			if s := strings.ToUpper(id.attr("schemeID")); fc == "" && (s == "0210" || s == "IT:CF" || s == "9907") {
				fc = id.rawText()
			}
		}
		out.fiscal = upperCode(fc)
	}

	out.email = email(p.str("Contact", "ElectronicMail"))
	if out.email == nil {
		if ep := p.child("EndpointID"); strings.EqualFold(ep.attr("schemeID"), "EM") {
			out.email = email(ep.rawText())
		}
	}
	out.phone = str(p.str("Contact", "Telephone"))
	return out
}

// ublLine maps an InvoiceLine or CreditNoteLine; ok is false for a text
// line.
func ublLine(l *node) (invoice.LineItem, bool) {
	var it invoice.LineItem
	item := l.at("Item")
	it.Description = str(first(item.str("Name"), item.str("Description")))
	q := l.child("InvoicedQuantity", "CreditedQuantity")
	it.Quantity = parseNumber(q.rawText())
	it.Unit = unit(q.attr("unitCode"))
	it.Amount = l.num("LineExtensionAmount")
	it.TaxRate = item.num("ClassifiedTaxCategory", "Percent")
	if it.TaxRate == nil {
		it.TaxRate = l.num("TaxTotal", "TaxSubtotal", "TaxCategory", "Percent")
	}

	price := l.at("Price")
	it.UnitPrice = perUnit(price.num("PriceAmount"), price.num("BaseQuantity"), it.Quantity, it.Amount)

	// Price discount (BT-147/148) and line allowances (BT-136..138).
	var priceAllow, lineAllow []allowance
	var grossPrice *float64
	for _, a := range price.children("AllowanceCharge") {
		priceAllow = append(priceAllow, ublAllowance(a))
		if grossPrice == nil {
			grossPrice = a.num("BaseAmount")
		}
	}
	for _, a := range l.children("AllowanceCharge") {
		lineAllow = append(lineAllow, ublAllowance(a))
	}
	if pct, atPrice, ok := singleDiscount(priceAllow, lineAllow); ok {
		it.DiscountPct = pct
		if atPrice && grossPrice != nil {
			it.UnitPrice = perUnit(grossPrice, price.num("BaseQuantity"), nil, nil)
		}
	}

	if isZero(it.Quantity) && isZero(it.UnitPrice) && isZero(it.Amount) {
		return it, false
	}
	return it, true
}

// ublAllowance reads a cac:AllowanceCharge. MultiplierFactorNumeric is a
// percentage in EN 16931 (BT-138: 20 means 20%) but a factor in plain UBL
// (0.2); when Amount and BaseAmount are given they decide, otherwise the EN
// 16931 reading is used.
func ublAllowance(a *node) allowance {
	ind := strings.ToLower(a.str("ChargeIndicator"))
	out := allowance{charge: ind == "true" || ind == "1"}
	m := a.num("MultiplierFactorNumeric")
	if m == nil {
		return out
	}
	pct := *m
	if amt, base := a.num("Amount"), a.num("BaseAmount"); amt != nil && base != nil && *base != 0 {
		if math.Abs(*base**m-*amt) < math.Abs(*base**m/100-*amt) {
			pct = *m * 100
		}
	}
	pct = round(pct, 6)
	out.percent = &pct
	return out
}

// containsWord reports whether one of the words of s is w.
func containsWord(s, w string) bool {
	for _, f := range strings.Fields(s) {
		if strings.EqualFold(strings.Trim(f, ",."), w) {
			return true
		}
	}
	return false
}
