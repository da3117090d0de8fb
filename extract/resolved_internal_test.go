package extract

import (
	"testing"

	"github.com/invex/invex/extract/fields"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/invoice"
)

func TestDocumentRate(t *testing.T) {
	n := invoice.Number
	outcome := func(tax float64, rates ...*float64) *fields.Outcome {
		f := &fields.Outcome{Evidence: map[string]layout.Evidence{"financials.tax_rate": {Page: 1, Confidence: 0.95}}}
		f.Result.Financials = invoice.Financials{Subtotal: n(250), TaxRate: n(10), TaxAmount: n(tax)}
		for _, r := range rates {
			f.Result.LineItems = append(f.Result.LineItems, invoice.LineItem{Amount: n(125), TaxRate: r})
		}
		return f
	}
	// The tax is 10 % of the whole base: every row bears 10 %.
	f := outcome(25, nil, n(10))
	documentRate(f)
	if r := f.Result.LineItems[0].TaxRate; r == nil || *r != 10 {
		t.Errorf("row without a rate: got %v, want 10", r)
	}
	if ev := f.Evidence["line_items[0].tax_rate"]; ev.Page != 1 || ev.Confidence != 0.7 {
		t.Errorf("evidence of the row's rate: got %+v, want the document rate's at 0.7", ev)
	}
	// A row printing another rate, or a tax that is not 10 % of the whole
	// base (an exempt row), leaves the rows alone.
	for _, f := range []*fields.Outcome{outcome(25, nil, n(4)), outcome(12.5, nil, nil)} {
		documentRate(f)
		if r := f.Result.LineItems[0].TaxRate; r != nil {
			t.Errorf("row's rate: got %v, want none", *r)
		}
	}
}
