package resolve

import (
	"fmt"
	"math"
	"testing"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// TestFlatRowGenerated reads generated invoices of several layout
// families and languages whose item table prints one row with its amount
// alone, no quantity or price (a flat fee among priced goods): the table
// reader must read every row, the flat one with its amount and no
// factors, because the rows' amounts add up to the printed subtotal only
// with it.
func TestFlatRowGenerated(t *testing.T) {
	g := printer(t)
	flatRow := func(c testpdf.Case) int {
		for k, it := range c.Spec.Items {
			if it.Flat {
				return k
			}
		}
		return -1
	}
	g.sample(3, 600, coverage{"flat rows", 4, 3, 3}, func(c testpdf.Case) bool {
		return flatRow(c) >= 0 && priced(c, flatRow(c))
	}, func(c testpdf.Case, doc *pdf.Document) bool {
		if len(doc.Pages) > 1 {
			return false
		}
		flat := flatRow(c)
		got := ReadItems(Build(doc, c.Lang())).Items
		if len(got) != len(c.Spec.Items) {
			t.Errorf("%s: %d rows read, want %d (row %d flat)", c.Name, len(got), len(c.Spec.Items), flat)
			return true
		}
		for k, it := range c.Spec.Items {
			want := float64(it.Amount()) / 100
			if a := got[k].Amount; a == nil || math.Abs(*a-want) > 0.005 {
				t.Errorf("%s: row %d amount %s, want %.2f", c.Name, k, num(a), want)
			}
			if k == flat && (got[k].Quantity != nil || got[k].UnitPrice != nil) {
				t.Errorf("%s: flat row %d read with quantity %s and price %s, printed none", c.Name, k, num(got[k].Quantity), num(got[k].UnitPrice))
			}
		}
		return true
	})
}

// priced reports whether case c prints the quantities of its items but
// not that of row flat (none, when flat is -1): a priced table, with one
// flat row.
func priced(c testpdf.Case, flat int) bool {
	items, _ := c.Truth().Result["line_items"].([]any)
	other := false
	for k, it := range items {
		_, qty := it.(map[string]any)["quantity"]
		if k == flat && qty {
			return false
		}
		other = other || k != flat && qty
	}
	return other
}

// num prints a number read, or "none".
func num(x *float64) string {
	if x == nil {
		return "none"
	}
	return fmt.Sprint(*x)
}
