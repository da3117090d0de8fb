package invoice

import "testing"

func TestHasContent(t *testing.T) {
	s := func(v string) *string { return &v }
	f := func(v float64) *float64 { return &v }
	for _, c := range []struct {
		name string
		set  func(r *Result)
		want bool
	}{
		{"empty", func(r *Result) {}, false},
		{"number alone", func(r *Result) { r.Invoice.Number = s("Page2") }, false},
		{"names, type, currency", func(r *Result) {
			r.Vendor.Name, r.Buyer.Name, r.Invoice.Type, r.Invoice.Currency = s("A"), s("B"), s("invoice"), s("EUR")
		}, false},
		{"terms and order", func(r *Result) { r.Invoice.PaymentTerms, r.Invoice.PONumber = s("30 days"), s("PO1") }, false},
		{"date", func(r *Result) { r.Invoice.Date = s("2026-01-02") }, true},
		{"total", func(r *Result) { r.Financials.Total = f(0) }, true},
		{"vat id", func(r *Result) { r.Buyer.VATNumber = s("IT00000000000") }, true},
		{"line item", func(r *Result) { r.LineItems = []LineItem{{}} }, true},
	} {
		r := Empty()
		c.set(&r)
		if got := r.HasContent(); got != c.want {
			t.Errorf("%s: HasContent = %v, want %v", c.name, got, c.want)
		}
	}
}
