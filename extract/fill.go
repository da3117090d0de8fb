package extract

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/invoice"
)

// CodeFilledFromPage notes values an embedded e-invoice lacked and the
// printed page gave.
const CodeFilledFromPage = "FILLED_FROM_PAGE"

// fillFromPage completes an e-invoice's result with what its printed page
// shows and the XML lacks: contacts, the IBAN, the order reference, a
// credit note's type, unit prices. Each value filled carries its page,
// box and confidence as evidence, and a note lists them. Pages without a
// text layer are not read by OCR for this.
func (e *Engine) fillFromPage(ctx context.Context, data []byte, doc *layout.Document, opt Options, out *Outcome) {
	if !hasText(doc) || needsOCR(doc) {
		return
	}
	opt.DeferOCR = true
	r, err := e.readPage(ctx, data, doc, opt)
	if err != nil {
		return
	}
	m := opt.Model
	if m == nil {
		m = e.model
	}
	page := r.fields
	resolveFields(&page, r.candidates, m, e.noRules)
	var filled []string
	ev := map[string]layout.Evidence{}
	str := func(path string, dst **string, src *string) {
		if (*dst == nil || **dst == "") && src != nil && *src != "" {
			if e, ok := page.Evidence[path]; ok {
				v := *src
				*dst = &v
				ev[path] = e
				filled = append(filled, path)
			}
		}
	}
	res := &out.Result
	p := page.Result
	str("vendor.email", &res.Vendor.Email, p.Vendor.Email)
	str("vendor.phone", &res.Vendor.Phone, p.Vendor.Phone)
	str("vendor.iban", &res.Vendor.IBAN, p.Vendor.IBAN)
	str("buyer.email", &res.Buyer.Email, p.Buyer.Email)
	str("invoice.po_number", &res.Invoice.PONumber, p.Invoice.PONumber)
	str("invoice.due_date", &res.Invoice.DueDate, p.Invoice.DueDate)
	str("invoice.payment_terms", &res.Invoice.PaymentTerms, p.Invoice.PaymentTerms)
	if (res.Invoice.Type == nil || *res.Invoice.Type == invoice.TypeInvoice) && p.Invoice.Type != nil && *p.Invoice.Type == invoice.TypeCreditNote {
		if e, ok := page.Evidence["invoice.type"]; ok && e.Confidence >= 0.7 {
			v := invoice.TypeCreditNote
			res.Invoice.Type = &v
			ev["invoice.type"] = e
			filled = append(filled, "invoice.type")
		}
	}
	// Unit prices of rows the page reads with the same amounts.
	if len(p.LineItems) == len(res.LineItems) {
		for i := range res.LineItems {
			x, y := &res.LineItems[i], p.LineItems[i]
			if x.UnitPrice != nil || y.UnitPrice == nil || x.Amount == nil || y.Amount == nil || math.Abs(*x.Amount-*y.Amount) > 0.005 {
				continue
			}
			path := fmt.Sprintf("line_items[%d].unit_price", i)
			if e, ok := page.Evidence[path]; ok {
				v := *y.UnitPrice
				x.UnitPrice = &v
				ev[path] = e
				filled = append(filled, path)
			}
		}
	}
	// Discounts the XML's rows lack and the page prints in a column of
	// discount percentages: an XML that gives only net prices prints
	// its gross price and discount on the page ("1.00 | 10.00 | 0.90").
	if len(p.LineItems) == len(res.LineItems) {
		for i := range res.LineItems {
			paths := pageDiscount(&res.LineItems[i], p.LineItems[i])
			for _, name := range paths {
				path := fmt.Sprintf("line_items[%d].%s", i, name)
				e, ok := page.Evidence[path]
				if !ok {
					e, ok = page.Evidence[fmt.Sprintf("line_items[%d].amount", i)]
				}
				if ok {
					ev[path] = e
				}
				filled = append(filled, path)
			}
		}
	}
	if len(filled) == 0 {
		return
	}
	out.Evidence = ev
	res.Validation.Warnings = append(res.Validation.Warnings, invoice.Finding{Code: CodeFilledFromPage, Severity: invoice.SeverityInfo,
		Message: "the embedded e-invoice lacks " + strings.Join(filled, ", ") + "; read from the printed page"})
	out.Flags = nil
	refreshed := finish(out.Result, out.Model, out.Confidence, out.Pages)
	out.Result, out.Flags = refreshed.Result, refreshed.Flags
}

// pageDiscount gives row x of an e-invoice the discount that the page's
// reading y of the same row prints, when x has none and both give the
// same amount, and returns the fields it set. A discount of nothing only
// says so; another discount comes with the gross price the page prints,
// and only when quantity × that price less the discount is the amount,
// so that the row still adds up.
func pageDiscount(x *invoice.LineItem, y invoice.LineItem) []string {
	if x.DiscountPct != nil || y.DiscountPct == nil || x.Amount == nil || y.Amount == nil || math.Abs(*x.Amount-*y.Amount) > 0.005 {
		return nil
	}
	d := *y.DiscountPct
	if d == 0 {
		x.DiscountPct = &d
		return []string{"discount_pct"}
	}
	q := x.Quantity
	if q == nil {
		q = y.Quantity
	}
	if d < 0 || d >= 100 || q == nil || y.UnitPrice == nil {
		return nil
	}
	if net := *q * *y.UnitPrice * (1 - d/100); math.Abs(net-*x.Amount) > 0.011 {
		return nil
	}
	price := *y.UnitPrice
	x.DiscountPct, x.UnitPrice = &d, &price
	return []string{"discount_pct", "unit_price"}
}

// needsOCR reports whether a page of the document has no text layer.
func needsOCR(doc *layout.Document) bool {
	for _, p := range doc.Pages {
		if p.Chars == 0 {
			return true
		}
	}
	return false
}
