package fields

import (
	"fmt"
	"math"

	"github.com/invex/invex/invoice"
)

// itemRatesFromDocument gives the line items without a VAT rate the
// document's single rate, for tables that print no VAT column: when the
// invoice states one rate (financials.tax_rate, not a VAT summary of several
// rates), the tax is that rate of the whole subtotal, and no item prints
// another rate, every item bears that rate. It runs after the totals,
// which learn the document's rate.
func (x *extractor) itemRatesFromDocument() {
	f := x.r.Financials
	if x.multiRate || f.TaxRate == nil || len(x.r.LineItems) == 0 {
		return
	}
	rate := *f.TaxRate
	if !x.wholeBaseTaxed(rate) {
		return // part of the base may be taxed otherwise (exempt lines)
	}
	for _, it := range x.r.LineItems {
		if it.TaxRate != nil && math.Abs(*it.TaxRate-rate) > 0.001 {
			return
		}
	}
	ev := x.ev["financials.tax_rate"]
	ev.Confidence = math.Min(ev.Confidence, 0.7)
	for i := range x.r.LineItems {
		it := &x.r.LineItems[i]
		if it.TaxRate == nil {
			it.TaxRate = invoice.Number(rate)
			x.ev[fmt.Sprintf("line_items[%d].tax_rate", i)] = ev
		}
	}
}

// wholeBaseTaxed reports whether the document's tax is rate % of its whole
// taxable base: the subtotal, or else the sum of the items' amounts; the
// tax is the printed tax amount, or else the total less that base.
func (x *extractor) wholeBaseTaxed(rate float64) bool {
	f := x.r.Financials
	var base float64
	switch {
	case f.Subtotal != nil:
		base = *f.Subtotal
	default:
		for _, it := range x.r.LineItems {
			if it.Amount == nil {
				return false
			}
			base += *it.Amount
		}
	}
	var tax float64
	switch {
	case f.TaxAmount != nil:
		tax = *f.TaxAmount
	case f.Total != nil:
		tax = *f.Total - base
	default:
		return false
	}
	if base == 0 {
		return false
	}
	// Tax summed line by line may differ from the base's by a few cents.
	return math.Abs(base*rate/100-tax) <= math.Max(0.02, 0.005*math.Abs(tax))
}
