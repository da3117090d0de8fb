package resolve

import (
	"math"
	"regexp"
	"testing"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// threeDecimals is a number printed with a dot before three decimals.
var threeDecimals = regexp.MustCompile(`^-?\d+\.\d{3}$`)

// TestDotNumbersGenerated reads generated invoices in Italian, German and
// French printed by a program that writes numbers the English way (a
// decimal dot, no thousands separator) and prints a quantity or a price
// with three decimals ("6.000", "3.125"), which the language alone reads
// as thousands: every quantity, price and amount of the items must be read
// as printed.
func TestDotNumbersGenerated(t *testing.T) {
	g := printer(t)
	// The quantities, prices and amounts of the items, and whether one
	// of them prints three decimals.
	numbers := func(c testpdf.Case) ([]float64, bool) {
		printed, _ := c.Printed()
		var want []float64
		three := false
		items, _ := c.Truth().Result["line_items"].([]any)
		for k, it := range items {
			for _, f := range []string{"quantity", "unit_price", "amount"} {
				if x, ok := it.(map[string]any)[f].(float64); ok {
					want = append(want, x)
					three = three || threeDecimals.MatchString(printed[lineItemPath(k, f)])
				}
			}
		}
		return want, three
	}
	g.sample(13, 4000, coverage{"numbers with a decimal dot", 4, 3, 3}, func(c testpdf.Case) bool {
		if !c.DotNumbers() {
			return false
		}
		_, three := numbers(c)
		return three
	}, func(c testpdf.Case, doc *pdf.Document) bool {
		d := Build(doc, c.Lang())
		want, _ := numbers(c)
		for _, w := range want {
			found := false
			for _, v := range d.Values {
				found = found || v.Type == TAmount && math.Abs(v.Num-w) < 1e-6
			}
			if !found {
				t.Errorf("%s: %v printed, not read", c.Name, w)
			}
		}
		return true
	})
}

// lineItemPath is the path of a field of item k in a case's printed map.
func lineItemPath(k int, field string) string {
	return "line_items." + itoa(int64(k)) + "." + field
}
