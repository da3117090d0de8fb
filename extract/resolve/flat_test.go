package resolve

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

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
	if testing.Short() {
		t.Skip("prints generated invoices with Chromium")
	}
	b, err := testpdf.StartBrowser()
	if err != nil {
		t.Skipf("the layout families are printed by Chromium: %v (.ci/run installs it)", err)
	}
	defer b.Close()
	r, err := pdf.Open(pdf.Config{Instances: 1, CacheDir: filepath.Join(os.TempDir(), "invex-test-cache")})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	const seed = 3
	families := map[string]int{}
	langs := map[string]bool{}
	for i := 0; i < 600 && len(families) < 4; i++ {
		c := testpdf.NewCase(seed, i)
		flat := -1
		for k, it := range c.Spec.Items {
			if it.Flat {
				flat = k
			}
		}
		if flat < 0 || families[c.Family.Name] > 0 || !priced(c, flat) {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		data, err := c.PDF(ctx, b)
		if err != nil {
			cancel()
			t.Fatalf("%s: %v", c.Name, err)
		}
		doc, err := r.Read(ctx, data)
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if len(doc.Pages) > 1 {
			continue
		}
		families[c.Family.Name]++
		langs[c.Lang()] = true
		got := ReadItems(Build(doc, c.Lang())).Items
		if len(got) != len(c.Spec.Items) {
			t.Errorf("%s: %d rows read, want %d (row %d flat)", c.Name, len(got), len(c.Spec.Items), flat)
			continue
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
	}
	if len(families) < 3 || len(langs) < 3 {
		t.Fatalf("flat rows read in %d families of %d languages; want 3 of 3", len(families), len(langs))
	}
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
