package einvoice

import (
	"math"
	"strings"

	"github.com/invex/invex/invoice"
)

// party is the data common to sellers and buyers of every flavour.
type party struct {
	name, vat, fiscal, address, city, zip, country, email, phone *string
}

func (p party) vendor(v *invoice.Vendor) {
	v.Name, v.VATNumber, v.FiscalCode = p.name, p.vat, p.fiscal
	v.Address, v.City, v.ZipCode, v.Country = p.address, p.city, p.zip, p.country
	v.Email, v.Phone = p.email, p.phone
}

func (p party) buyer(b *invoice.Buyer) {
	b.Name, b.VATNumber, b.FiscalCode = p.name, p.vat, p.fiscal
	b.Address, b.City, b.ZipCode, b.Country = p.address, p.city, p.zip, p.country
	b.Email = p.email
}

// CII element names differ between ZUGFeRD 1.0 (CII D13-based) and CII
// D16B (ZUGFeRD 2.x, Factur-X, XRechnung); each step lists both.
const (
	ciiContext    = "ExchangedDocumentContext|SpecifiedExchangedDocumentContext"
	ciiHeader     = "ExchangedDocument|HeaderExchangedDocument"
	ciiTxn        = "SupplyChainTradeTransaction|SpecifiedSupplyChainTradeTransaction"
	ciiAgreement  = "ApplicableHeaderTradeAgreement|ApplicableSupplyChainTradeAgreement"
	ciiSettlement = "ApplicableHeaderTradeSettlement|ApplicableSupplyChainTradeSettlement"
	ciiSummation  = "SpecifiedTradeSettlementHeaderMonetarySummation|SpecifiedTradeSettlementMonetarySummation"
	ciiLine       = "IncludedSupplyChainTradeLineItem"
	ciiLineAgr    = "SpecifiedLineTradeAgreement|SpecifiedSupplyChainTradeAgreement"
	ciiLineDlv    = "SpecifiedLineTradeDelivery|SpecifiedSupplyChainTradeDelivery"
	ciiLineSet    = "SpecifiedLineTradeSettlement|SpecifiedSupplyChainTradeSettlement"
	ciiLineSum    = "SpecifiedTradeSettlementLineMonetarySummation|SpecifiedTradeSettlementMonetarySummation"
	ciiRate       = "RateApplicablePercent|ApplicablePercent"
)

// parseCII maps a CII CrossIndustryInvoice (format FormatCII) or a ZUGFeRD
// 1.0 CrossIndustryDocument (FormatZUGFeRD1).
func parseCII(root *node, format string) *Document {
	d := newDocument(format, root.str(ciiContext, "GuidelineSpecifiedDocumentContextParameter", "ID"))
	r := &d.Result
	hdr := root.at(ciiHeader)
	txn := root.at(ciiTxn)
	agr := txn.at(ciiAgreement)
	set := txn.at(ciiSettlement)
	tot := set.at(ciiSummation)

	ciiParty(agr.at("SellerTradeParty")).vendor(&r.Vendor)
	ciiParty(agr.at("BuyerTradeParty")).buyer(&r.Buyer)

	r.Invoice.Number = str(hdr.str("ID"))
	r.Invoice.Date = ciiDate(hdr.at("IssueDateTime"))
	d.setType1001(hdr.str("TypeCode"))
	cur := currency(set.str("InvoiceCurrencyCode"))
	r.Invoice.Currency, r.Financials.Currency = cur, cur
	po := agr.at("BuyerOrderReferencedDocument")
	r.Invoice.PONumber = str(first(po.str("IssuerAssignedID"), po.str("ID")))

	// Payment terms: the descriptions of all terms (EXTENDED and ZUGFeRD
	// 1.0 allow several, e.g. one per cash-discount step); the due date
	// only when all terms agree on one.
	var terms []string
	var dues []*string
	for _, t := range set.children("SpecifiedTradePaymentTerms") {
		if s := t.str("Description"); s != "" && !contains(terms, s) {
			terms = append(terms, s)
		}
		dues = append(dues, ciiDate(t.at("DueDateDateTime")))
	}
	r.Invoice.PaymentTerms = str(strings.Join(terms, " "))
	r.Invoice.DueDate = unique(dues)

	var methods []*string
	for _, m := range set.children("SpecifiedTradeSettlementPaymentMeans") {
		methods = append(methods, paymentMethod4461(m.str("TypeCode")))
		acct := m.at("PayeePartyCreditorFinancialAccount")
		if r.Vendor.IBAN == nil {
			r.Vendor.IBAN = iban(first(acct.str("IBANID"), acct.str("ProprietaryID")))
		}
	}
	r.Invoice.PaymentMethod = unique(methods)

	// Totals.
	r.Financials.Subtotal = tot.num("TaxBasisTotalAmount")
	r.Financials.TaxAmount = amountIn(tot.children("TaxTotalAmount"), cur)
	r.Financials.Total = tot.num("GrandTotalAmount")
	r.Financials.Discount = tot.num("AllowanceTotalAmount")
	d.AmountDue = tot.num("DuePayableAmount")

	var rates []*float64
	for _, t := range set.children("ApplicableTradeTax") {
		rate := t.num(ciiRate)
		rates = append(rates, rate)
		d.TaxBreakdown = append(d.TaxBreakdown, TaxLine{
			Rate: deref(rate), Base: deref(t.num("BasisAmount")), Amount: deref(t.num("CalculatedAmount")),
			Category: strings.ToUpper(t.str("CategoryCode")),
		})
	}
	r.Financials.TaxRate = uniqueRate(rates)

	for _, li := range txn.children(ciiLine) {
		if item, ok := ciiLineItem(li); ok {
			r.LineItems = append(r.LineItems, item)
		}
	}
	return d
}

// ciiParty maps a SellerTradeParty or BuyerTradeParty.
func ciiParty(p *node) party {
	var out party
	if p == nil {
		return out
	}
	out.name = str(p.str("Name"))
	addr := p.at("PostalTradeAddress")
	out.address = streetLine(addr.str("LineOne"), addr.str("LineTwo"))
	out.city = str(addr.str("CityName"))
	out.zip = str(addr.str("PostcodeCode"))
	out.country = country(addr.str("CountryID"))

	var fc string
	for _, reg := range p.all("SpecifiedTaxRegistration", "ID") {
		switch strings.ToUpper(reg.attr("schemeID")) {
		case "VA":
			if out.vat == nil {
				out.vat = vatNumber(reg.rawText())
			}
		case "FC":
			if fc == "" {
				fc = reg.rawText()
			}
		}
	}
	// "FC" is a national tax number; for an Italian party it is the codice
	// fiscale. So are identifiers in the ISO 6523 scheme 0210 (IT:CF).
	if isItalian(out.country, out.vat) {
		for _, id := range append(p.children("GlobalID", "ID"), p.all("SpecifiedLegalOrganization", "ID")...) {
			if s := strings.ToUpper(id.attr("schemeID")); fc == "" && (s == "0210" || s == "IT:CF") {
				fc = id.rawText()
			}
		}
		out.fiscal = upperCode(fc)
	}

	for _, c := range p.children("DefinedTradeContact") {
		if out.email == nil {
			out.email = email(c.str("EmailURIUniversalCommunication", "URIID"))
		}
		if out.phone == nil {
			out.phone = str(c.str("TelephoneUniversalCommunication", "CompleteNumber"))
		}
	}
	if out.email == nil {
		for _, u := range p.all("URIUniversalCommunication", "URIID") {
			if strings.EqualFold(u.attr("schemeID"), "EM") {
				out.email = email(u.rawText())
				break
			}
		}
	}
	return out
}

// ciiDate reads a date element holding a DateTimeString (with its format
// attribute) or, in ZUGFeRD 1.0 references, the date text itself.
func ciiDate(n *node) *string {
	if n == nil {
		return nil
	}
	if dts := n.child("DateTimeString", "DateString"); dts != nil {
		return isoDate(dts.rawText(), dts.attr("format"))
	}
	return isoDate(n.rawText(), "")
}

// allowance is a line or price allowance or charge.
type allowance struct {
	charge  bool
	percent *float64
}

func ciiAllowances(nodes []*node) []allowance {
	var out []allowance
	for _, a := range nodes {
		ind := strings.ToLower(first(a.str("ChargeIndicator", "Indicator"), a.str("ChargeIndicator")))
		out = append(out, allowance{charge: ind == "true" || ind == "1", percent: a.num("CalculationPercent")})
	}
	return out
}

// ciiLineItem maps one IncludedSupplyChainTradeLineItem; ok is false for a
// text-only line.
func ciiLineItem(li *node) (invoice.LineItem, bool) {
	var it invoice.LineItem
	agr := li.at(ciiLineAgr)
	set := li.at(ciiLineSet)
	prod := li.at("SpecifiedTradeProduct")
	qtyNode := li.at(ciiLineDlv, "BilledQuantity")

	it.Description = str(first(prod.str("Name"), prod.str("Description")))
	it.Quantity = parseNumber(qtyNode.rawText())
	it.Unit = unit(qtyNode.attr("unitCode"))
	it.Amount = set.num(ciiLineSum, "LineTotalAmount")
	it.TaxRate = set.num("ApplicableTradeTax", ciiRate)

	gross := agr.at("GrossPriceProductTradePrice")
	net := agr.at("NetPriceProductTradePrice")
	if net.child("ChargeAmount") == nil {
		net = gross
	}
	it.UnitPrice = perUnit(net.num("ChargeAmount"), net.num("BasisQuantity"), it.Quantity, it.Amount)

	priceAllow := ciiAllowances(gross.children("AppliedTradeAllowanceCharge"))
	lineAllow := ciiAllowances(set.children("SpecifiedTradeAllowanceCharge"))
	if pct, atPrice, ok := singleDiscount(priceAllow, lineAllow); ok {
		it.DiscountPct = pct
		if gp := gross.num("ChargeAmount"); atPrice && gp != nil {
			it.UnitPrice = perUnit(gp, gross.num("BasisQuantity"), nil, nil)
		}
	}

	if isZero(it.Quantity) && isZero(it.UnitPrice) && isZero(it.Amount) {
		return it, false
	}
	return it, true
}

// singleDiscount returns the percentage of a line's discount when the line
// has exactly one allowance, stated as a non-zero percentage, and no
// charge; atPrice tells whether that allowance is on the price (so the
// unit price before discount is the gross price).
func singleDiscount(priceLevel, lineLevel []allowance) (pct *float64, atPrice, ok bool) {
	var allows []allowance
	for i, a := range append(append([]allowance{}, priceLevel...), lineLevel...) {
		if a.charge {
			return nil, false, false
		}
		allows = append(allows, a)
		atPrice = i < len(priceLevel)
	}
	if len(allows) != 1 || isZero(allows[0].percent) {
		return nil, false, false
	}
	return allows[0].percent, atPrice, true
}

// perUnit returns the price of one unit: price ÷ basis quantity when the
// basis is given and not 1. Some producers write the invoiced quantity as
// basis quantity by mistake; when quantity × undivided price gives the line
// amount and quantity × divided price does not, the price is taken as
// already per unit.
func perUnit(price, basis, qty, amount *float64) *float64 {
	if price == nil || basis == nil || *basis == 0 || *basis == 1 {
		return price
	}
	divided := round(*price / *basis, 6)
	if qty != nil && amount != nil {
		tol := math.Max(0.01, 0.005*math.Abs(*amount))
		if math.Abs(*qty*divided-*amount) > tol && math.Abs(*qty**price-*amount) <= tol {
			return price
		}
	}
	return &divided
}

// amountIn returns the amount whose currencyID is cur, else the one without
// currencyID, else the first.
func amountIn(nodes []*node, cur *string) *float64 {
	var noCur, any *float64
	for _, n := range nodes {
		v := parseNumber(n.rawText())
		if v == nil {
			continue
		}
		c := strings.ToUpper(n.attr("currencyID"))
		if cur != nil && c == *cur {
			return v
		}
		if c == "" && noCur == nil {
			noCur = v
		}
		if any == nil {
			any = v
		}
	}
	if noCur != nil {
		return noCur
	}
	return any
}

// first returns the first non-empty string.
func first(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func deref(f *float64) float64 {
	if f == nil {
		return 0
	}
	return *f
}
