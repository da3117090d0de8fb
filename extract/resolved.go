package extract

import (
	"fmt"
	"math"
	"strings"

	"github.com/invex/invex/invoice"

	"github.com/invex/invex/extract/fields"
	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/resolve"
)

// rulesOf returns the values the hand-written rules (package fields) read
// for the fields the resolver decides, with their evidence.
func rulesOf(f *fields.Outcome) map[string]resolve.Rule {
	r := f.Result
	out := map[string]resolve.Rule{}
	str := func(name string, p *string) {
		if p != nil && *p != "" {
			ev := f.Evidence[name]
			out[name] = resolve.Rule{Text: *p, Conf: ev.Confidence, Page: ev.Page, Box: ev.Box}
		}
	}
	num := func(name string, p *float64) {
		if p != nil {
			ev := f.Evidence[name]
			out[name] = resolve.Rule{Num: *p, Conf: ev.Confidence, Page: ev.Page, Box: ev.Box}
		}
	}
	str("invoice.number", r.Invoice.Number)
	str("invoice.date", r.Invoice.Date)
	str("invoice.due_date", r.Invoice.DueDate)
	str("invoice.po_number", r.Invoice.PONumber)
	num("financials.subtotal", r.Financials.Subtotal)
	num("financials.tax_amount", r.Financials.TaxAmount)
	num("financials.total", r.Financials.Total)
	num("financials.tax_rate", r.Financials.TaxRate)
	num("financials.discount", r.Financials.Discount)
	num("financials.stamp_duty", r.Financials.StampDuty)
	num("financials.withholding_tax", r.Financials.WithholdingTax)
	str("vendor.vat_number", r.Vendor.VATNumber)
	str("buyer.vat_number", r.Buyer.VATNumber)
	str("vendor.iban", r.Vendor.IBAN)
	str("vendor.name", r.Vendor.Name)
	str("buyer.name", r.Buyer.Name)
	str("vendor.address", r.Vendor.Address)
	str("buyer.address", r.Buyer.Address)
	str("vendor.email", r.Vendor.Email)
	str("buyer.email", r.Buyer.Email)
	str("vendor.phone", r.Vendor.Phone)
	str("vendor.fiscal_code", r.Vendor.FiscalCode)
	str("buyer.fiscal_code", r.Buyer.FiscalCode)
	str("invoice.payment_method", r.Invoice.PaymentMethod)
	str("invoice.currency", r.Invoice.Currency)
	str("invoice.type", r.Invoice.Type)
	str("invoice.payment_terms", r.Invoice.PaymentTerms)
	postal := func(name string, zip, city *string) {
		if zip == nil && city == nil {
			return
		}
		z, c := "", ""
		if zip != nil {
			z = *zip
		}
		if city != nil {
			c = *city
		}
		ev := f.Evidence[strings.TrimSuffix(name, ".postal")+".city"]
		out[name] = resolve.Rule{Text: resolve.PostalKey(z, c), Conf: ev.Confidence, Page: ev.Page, Box: ev.Box}
	}
	postal("vendor.postal", r.Vendor.ZipCode, r.Vendor.City)
	postal("buyer.postal", r.Buyer.ZipCode, r.Buyer.City)
	return out
}

// rulesKeep are the fields whose rules' value stays when the rules run:
// held out by origin, the resolver's document type and payment terms read
// fewer than the rules' (docs/performance.md, seventeenth session). The
// resolver alone reads them itself.
var rulesKeep = map[string]bool{"invoice.type": true, "invoice.payment_terms": true}

// ruleSet reports whether the rules read a value for a field of
// rulesKeep: where they read none, the resolver's choice stands (terms
// printed under an unmistakable label the rules' patterns miss).
func ruleSet(f *fields.Outcome, name string) bool {
	switch name {
	case "invoice.payment_terms":
		return f.Result.Invoice.PaymentTerms != nil && *f.Result.Invoice.PaymentTerms != ""
	case "invoice.type":
		return f.Result.Invoice.Type != nil && *f.Result.Invoice.Type != ""
	}
	return true
}

// resolveFields sets the fields the resolver decides from its choices: the
// value, or null, with the candidate's page, box and fitted probability as
// evidence. Fields the model has no weights for keep the rules' value, and
// so do the fields of rulesKeep unless the resolver runs alone or the
// rules read nothing for them.
func resolveFields(f *fields.Outcome, d *resolve.Doc, m *resolve.Model, alone bool) {
	r := &f.Result
	choices := m.Resolve(d)
	defer chooseItems(f, d, m, choices, alone)
	for name, c := range choices {
		if _, ok := m.Fields[name]; !ok || rulesKeep[name] && !alone && (c.Value == nil || ruleSet(f, name)) {
			continue
		}
		var s *string
		var n *float64
		if c.Value != nil {
			v := c.Value
			text := v.Norm
			s = &text
			num := c.FieldNumber(name)
			n = &num
			conf := m.Fields[name].Confidence(c.Prob)
			f.Evidence[name] = layout.Evidence{Page: d.Pages[v.Page].Num, Box: v.Box, Confidence: math.Round(conf*100) / 100}
		} else {
			delete(f.Evidence, name)
		}
		switch name {
		case "invoice.number":
			r.Invoice.Number = s
		case "invoice.date":
			r.Invoice.Date = s
		case "invoice.due_date":
			r.Invoice.DueDate = s
		case "invoice.po_number":
			r.Invoice.PONumber = s
		case "financials.subtotal":
			r.Financials.Subtotal = nilIf(c, n)
		case "financials.tax_amount":
			r.Financials.TaxAmount = nilIf(c, n)
		case "financials.total":
			r.Financials.Total = nilIf(c, n)
		case "financials.tax_rate":
			r.Financials.TaxRate = nilIf(c, n)
		case "financials.discount":
			r.Financials.Discount = nilIf(c, n)
		case "financials.stamp_duty":
			r.Financials.StampDuty = nilIf(c, n)
		case "financials.withholding_tax":
			r.Financials.WithholdingTax = nilIf(c, n)
		case "vendor.vat_number":
			r.Vendor.VATNumber = s
		case "buyer.vat_number":
			r.Buyer.VATNumber = s
		case "vendor.iban":
			r.Vendor.IBAN = s
		case "vendor.name":
			r.Vendor.Name = s
		case "buyer.name":
			r.Buyer.Name = s
		case "vendor.address":
			r.Vendor.Address = s
		case "buyer.address":
			r.Buyer.Address = s
		case "vendor.email":
			r.Vendor.Email = s
		case "buyer.email":
			r.Buyer.Email = s
		case "vendor.phone":
			r.Vendor.Phone = s
		case "vendor.fiscal_code":
			r.Vendor.FiscalCode = s
		case "buyer.fiscal_code":
			r.Buyer.FiscalCode = s
		case "invoice.payment_method":
			r.Invoice.PaymentMethod = s
		case "invoice.type":
			r.Invoice.Type = s
		case "invoice.payment_terms":
			r.Invoice.PaymentTerms = s
		case "invoice.currency":
			r.Invoice.Currency = s
			r.Financials.Currency = s
			if ev, ok := f.Evidence[name]; ok {
				f.Evidence["financials.currency"] = ev
			} else {
				delete(f.Evidence, "financials.currency")
			}
		case "vendor.postal", "buyer.postal":
			zip, city := postalOf(c)
			party := strings.TrimSuffix(name, ".postal")
			if party == "vendor" {
				r.Vendor.ZipCode, r.Vendor.City = zip, city
			} else {
				r.Buyer.ZipCode, r.Buyer.City = zip, city
			}
			delete(f.Evidence, name)
			if c.Value != nil {
				conf := m.Fields[name].Confidence(c.Prob)
				ev := layout.Evidence{Page: d.Pages[c.Value.Page].Num, Box: c.Value.Box, Confidence: math.Round(conf*100) / 100}
				f.Evidence[party+".zip_code"], f.Evidence[party+".city"] = ev, ev
			} else {
				delete(f.Evidence, party+".zip_code")
				delete(f.Evidence, party+".city")
			}
		}
	}
	partyCountries(f, d, m, choices)
	vendorSDI(f, d, m, choices)
	bankTransferByCoordinates(f, d)
	if _, ok := m.Fields["invoice.type"]; ok && alone {
		defaultType(f)
	}
}

// defaultType makes a document whose type no word states an invoice, the
// common case, when it has what only an invoice has (a number or a VAT
// id), as sure as a guess.
func defaultType(f *fields.Outcome) {
	r := &f.Result
	if r.Invoice.Type != nil || !identified(*r) {
		return
	}
	t := invoice.TypeInvoice
	r.Invoice.Type = &t
	for _, name := range []string{"invoice.number", "vendor.vat_number", "buyer.vat_number"} {
		if ev, ok := f.Evidence[name]; ok {
			ev.Confidence = 0.5
			f.Evidence["invoice.type"] = ev
			return
		}
	}
	delete(f.Evidence, "invoice.type")
}

// partyCountries sets each party's country from the values chosen for it
// (see resolve.Doc.PartyCountry), as sure as the choice it goes with,
// less when only guessed; a party with none of them keeps none.
func partyCountries(f *fields.Outcome, d *resolve.Doc, m *resolve.Model, choices map[string]resolve.Choice) {
	for _, party := range []string{"vendor", "buyer"} {
		if _, ok := m.Fields[party+".postal"]; !ok {
			continue
		}
		dst := &f.Result.Vendor.Country
		if party == "buyer" {
			dst = &f.Result.Buyer.Country
		}
		names := map[*resolve.Value]string{}
		pv := resolve.PartyValues{}
		for field, slot := range map[string]**resolve.Value{"postal": &pv.Postal, "name": &pv.Name, "vat_number": &pv.VAT, "fiscal_code": &pv.Fiscal, "iban": &pv.IBAN} {
			name := party + "." + field
			if v := choices[name].Value; v != nil {
				*slot = v
				names[v] = name
			}
		}
		name := party + ".country"
		c, ok := d.PartyCountry(pv)
		if !ok {
			*dst = nil
			delete(f.Evidence, name)
			continue
		}
		src := names[c.From]
		conf := choices[src].Prob
		if fm, ok := m.Fields[src]; ok {
			conf = fm.Confidence(conf)
		}
		if !c.Stated {
			conf *= 0.6
		}
		code := c.Code
		*dst = &code
		f.Evidence[name] = layout.Evidence{Page: d.Pages[c.Page].Num, Box: c.Box, Confidence: math.Round(conf*100) / 100}
	}
}

// vendorSDI sets the vendor's recipient code from the code printed under
// its label in the vendor's block and not the buyer's (see
// resolve.Doc.SDICode), as sure as its label reads; a code whose label
// names the recipient is the buyer's, which the result does not carry.
func vendorSDI(f *fields.Outcome, d *resolve.Doc, m *resolve.Model, choices map[string]resolve.Choice) {
	if _, ok := m.Fields["vendor.name"]; !ok {
		return
	}
	party := func(p string) []*resolve.Value {
		return []*resolve.Value{choices[p+".name"].Value, choices[p+".postal"].Value, choices[p+".vat_number"].Value}
	}
	s, ok := d.SDICode(party("vendor"), party("buyer"))
	if !ok || s.Recipient {
		f.Result.Vendor.SDICode = nil
		delete(f.Evidence, "vendor.sdi_code")
		return
	}
	code := s.Code
	f.Result.Vendor.SDICode = &code
	f.Evidence["vendor.sdi_code"] = layout.Evidence{Page: d.Pages[s.Page].Num, Box: s.Box, Confidence: math.Round(s.Score*100) / 100}
}

// bankTransferByCoordinates sets the payment method of an invoice that
// names none but prints the payee's bank coordinates (an IBAN, or a bank
// code under its label: BIC, SWIFT, sort code): it asks to be paid by
// bank transfer. The evidence is the IBAN's, with less confidence than the
// IBAN itself, or the code's label.
func bankTransferByCoordinates(f *fields.Outcome, d *resolve.Doc) {
	r := &f.Result
	if r.Invoice.PaymentMethod != nil {
		return
	}
	ev, ok := f.Evidence["vendor.iban"]
	switch {
	case r.Vendor.IBAN != nil:
		ev.Confidence = math.Round(ev.Confidence*0.9*100) / 100
	case d != nil:
		page, box, found := d.Label(0.8, labels.BIC)
		if !found {
			return
		}
		ev, ok = layout.Evidence{Page: page, Box: box, Confidence: 0.7}, true
	default:
		return
	}
	method := invoice.PayBankTransfer
	r.Invoice.PaymentMethod = &method
	if ok {
		f.Evidence["invoice.payment_method"] = ev
	}
}

func nilIf(c resolve.Choice, n *float64) *float64 {
	if c.Value == nil {
		return nil
	}
	return n
}

// ruleItems converts the rules' line items for the resolver.
func ruleItems(items []invoice.LineItem) []resolve.Item {
	out := make([]resolve.Item, len(items))
	for i, li := range items {
		out[i] = resolve.ItemOf(li)
	}
	return out
}

// chooseItems replaces the rules' line items with the arithmetic reading
// of the table when the fitted choice prefers it, with each row's page and
// box as evidence. Either way, what the chosen reading of a row left out
// (a unit, a tax rate, a discount, a description) is taken from the other
// reading of the same row. When the resolver runs alone, the items are
// the arithmetic reading's and nothing of the rules'.
func chooseItems(f *fields.Outcome, d *resolve.Doc, m *resolve.Model, choices map[string]resolve.Choice, alone bool) {
	t := resolve.ReadItems(d)
	rules := d.RuleItems
	if alone {
		rules = nil
	}
	use, p := m.ChooseItems(rules, t, choices)
	if alone {
		use = true
		if m.Items == nil {
			p = 0.5
		}
	}
	if !use {
		for i, it := range resolve.Merge(resolve.Table{Items: ruleItems(f.Result.LineItems)}, t.Items) {
			if f.Result.LineItems[i].Unit == nil && it.Unit != "" {
				if ev, ok := f.Evidence[fmt.Sprintf("line_items[%d].amount", i)]; ok {
					f.Evidence[fmt.Sprintf("line_items[%d].unit", i)] = ev
				}
			}
			f.Result.LineItems[i] = it.LineItem()
		}
		documentRate(f)
		return
	}
	for k := range f.Evidence {
		if strings.HasPrefix(k, "line_items[") {
			delete(f.Evidence, k)
		}
	}
	items := make([]invoice.LineItem, 0, len(t.Items))
	for i, it := range resolve.Merge(t, rules) {
		li := it.LineItem()
		conf := p
		if !it.Consistent {
			conf *= 0.8
		}
		ev := layout.Evidence{Page: it.Page, Box: it.Box, Confidence: math.Round(conf*100) / 100}
		for _, name := range []string{"description", "quantity", "unit", "unit_price", "amount", "tax_rate", "discount_pct"} {
			f.Evidence[fmt.Sprintf("line_items[%d].%s", i, name)] = ev
		}
		items = append(items, li)
	}
	f.Result.LineItems = items
	documentRate(f)
}

// documentRate gives the line items without a VAT rate the document's
// single rate, for tables that print no VAT column: when the document's
// tax is its rate of the whole taxable base (the subtotal, or else the
// items' amounts) and no item prints another rate, every item bears that
// rate. The rows' rate then has the document rate's evidence, at most 0.7
// sure.
func documentRate(f *fields.Outcome) {
	r := &f.Result
	fin := r.Financials
	if fin.TaxRate == nil || len(r.LineItems) == 0 {
		return
	}
	rate := *fin.TaxRate
	base := 0.0
	if fin.Subtotal != nil {
		base = *fin.Subtotal
	} else {
		for _, it := range r.LineItems {
			if it.Amount == nil {
				return
			}
			base += *it.Amount
		}
	}
	var tax float64
	switch {
	case fin.TaxAmount != nil:
		tax = *fin.TaxAmount
	case fin.Total != nil:
		tax = *fin.Total - base
	default:
		return
	}
	// Tax summed line by line may differ from the base's by a few cents.
	if base == 0 || math.Abs(base*rate/100-tax) > math.Max(0.02, 0.005*math.Abs(tax)) {
		return
	}
	for _, it := range r.LineItems {
		if it.TaxRate != nil && math.Abs(*it.TaxRate-rate) > 0.001 {
			return
		}
	}
	ev, ok := f.Evidence["financials.tax_rate"]
	ev.Confidence = math.Min(ev.Confidence, 0.7)
	for i := range r.LineItems {
		if r.LineItems[i].TaxRate == nil {
			v := rate
			r.LineItems[i].TaxRate = &v
			if ok {
				f.Evidence[fmt.Sprintf("line_items[%d].tax_rate", i)] = ev
			}
		}
	}
}

// postalOf returns a chosen postal line's code and city, or nils.
func postalOf(c resolve.Choice) (zip, city *string) {
	if c.Value == nil {
		return nil, nil
	}
	if c.Value.Zip != "" {
		z := c.Value.Zip
		zip = &z
	}
	if c.Value.City != "" {
		ct := c.Value.City
		city = &ct
	}
	if c.Value.Zip == "" && c.Value.City == "" {
		// A postal line the rules read and no candidate gave: its key.
		z, ct, _ := strings.Cut(c.Value.Norm, "\t")
		if z != "" {
			zip = &z
		}
		if ct != "" {
			city = &ct
		}
	}
	return zip, city
}
