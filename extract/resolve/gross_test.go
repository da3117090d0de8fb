package resolve

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// TestGrossLinesGenerated reads generated invoices of several shop
// families and languages whose item table prints each row's amount with
// its VAT, the rate between the price and the amount ("1 × 37,99 € at
// 10 % = 41,79 €"): every row must be read, with its quantity, its price
// and the amount as printed, as a row that adds up.
func TestGrossLinesGenerated(t *testing.T) {
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
	const seed = 9
	families := map[string]int{}
	langs := map[string]bool{}
	for i := 0; i < 800 && len(families) < 4; i++ {
		c := testpdf.NewCase(seed, i)
		if !c.Spec.GrossLines || families[c.Family.Name] > 0 {
			continue
		}
		if !priced(c, -1) {
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
			t.Errorf("%s: %d rows read, want %d", c.Name, len(got), len(c.Spec.Items))
			continue
		}
		for k, it := range c.Spec.Items {
			g := got[k]
			want := float64(it.Gross()) / 100
			switch {
			case g.Amount == nil || math.Abs(*g.Amount-want) > 0.005:
				t.Errorf("%s: row %d amount %s, want %.2f", c.Name, k, num(g.Amount), want)
			case g.Quantity == nil || math.Abs(*g.Quantity-it.Quantity) > 0.0005:
				t.Errorf("%s: row %d quantity %s, want %v", c.Name, k, num(g.Quantity), it.Quantity)
			case g.UnitPrice == nil || math.Abs(*g.UnitPrice-it.Price()) > 0.00005:
				t.Errorf("%s: row %d price %s, want %v", c.Name, k, num(g.UnitPrice), it.Price())
			case !g.Consistent:
				t.Errorf("%s: row %d read as not adding up", c.Name, k)
			}
		}
	}
	if len(families) < 3 || len(langs) < 3 {
		t.Fatalf("gross rows read in %d families of %d languages; want 3 of 3", len(families), len(langs))
	}
}
