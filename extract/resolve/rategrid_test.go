package resolve

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// TestRateGridGenerated reads generated invoices whose totals are a grid
// of one row per VAT rate (rate, taxable, VAT, gross, a 0 % row among
// them) over a row of their sums, labelled by nothing but their columns:
// the invoice's subtotal and VAT must be candidates marked as the sums of
// the rows' bases and taxes; with several rates, the sums row's figures
// are marked as their columns' sums and labelled by the keys over them.
func TestRateGridGenerated(t *testing.T) {
	g := printer(t)
	g.sample(19, 4000, coverage{"totals per rate in a grid", 4, 3, 3}, func(c testpdf.Case) bool {
		return c.RateGrid()
	}, func(c testpdf.Case, doc *pdf.Document) bool {
		d := Build(doc, c.Lang())
		fin := c.Truth().Result["financials"].(map[string]any)
		for field, feat := range map[string]string{"subtotal": "rl.basesum", "tax_amount": "rl.taxsum"} {
			want, _ := fin[field].(float64)
			if !slices.ContainsFunc(d.Values, func(v Value) bool {
				return v.Type == TAmount && math.Abs(math.Abs(v.Num)-math.Abs(want)) < 0.005 && slices.Contains(featureList(&v), feat)
			}) {
				t.Errorf("%s: %s %v is not marked %s", c.Name, field, want, feat)
			}
		}
		// Under the rows of several rates, the sums row (set apart from
		// them in half the grids) is their column sums, and the labels
		// over the columns reach it.
		if d.summary.several() {
			for _, field := range []string{"subtotal", "tax_amount", "total"} {
				want, _ := fin[field].(float64)
				if !slices.ContainsFunc(d.Values, func(v Value) bool {
					f := featureList(&v)
					return v.Type == TAmount && math.Abs(math.Abs(v.Num)-math.Abs(want)) < 0.005 && slices.Contains(f, "col.sum") &&
						slices.ContainsFunc(f, func(s string) bool { return strings.HasPrefix(s, dirAbove+":") })
				}) {
					t.Errorf("%s: %s %v is not a column sum labelled above", c.Name, field, want)
				}
			}
		}
		return true
	})
}
