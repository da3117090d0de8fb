package resolve

import (
	"math"
	"testing"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// TestGrossLinesGenerated reads generated invoices of several shop
// families and languages whose item table prints each row's amount with
// its VAT, the rate between the price and the amount ("1 × 24,90 € at
// 20 % = 29,88 €"): every row must be read, with its quantity, its price
// and the amount as printed, as a row that adds up.
func TestGrossLinesGenerated(t *testing.T) {
	g := printer(t)
	g.sample(9, 800, coverage{"gross rows", 4, 3, 3}, func(c testpdf.Case) bool {
		return c.Spec.GrossLines && priced(c, -1)
	}, func(c testpdf.Case, doc *pdf.Document) bool {
		if len(doc.Pages) > 1 {
			return false
		}
		got := ReadItems(Build(doc, c.Lang())).Items
		if len(got) != len(c.Spec.Items) {
			t.Errorf("%s: %d rows read, want %d", c.Name, len(got), len(c.Spec.Items))
			return true
		}
		for k, it := range c.Spec.Items {
			row := got[k]
			want := float64(it.Gross()) / 100
			switch {
			case row.Amount == nil || math.Abs(*row.Amount-want) > 0.005:
				t.Errorf("%s: row %d amount %s, want %.2f", c.Name, k, num(row.Amount), want)
			case row.Quantity == nil || math.Abs(*row.Quantity-it.Quantity) > 0.0005:
				t.Errorf("%s: row %d quantity %s, want %v", c.Name, k, num(row.Quantity), it.Quantity)
			case row.UnitPrice == nil || math.Abs(*row.UnitPrice-it.Price()) > 0.00005:
				t.Errorf("%s: row %d price %s, want %v", c.Name, k, num(row.UnitPrice), it.Price())
			case !row.Consistent:
				t.Errorf("%s: row %d read as not adding up", c.Name, k)
			}
		}
		return true
	})
}
