package resolve

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// threeDecimals is a number printed with a dot before three decimals.
var threeDecimals = regexp.MustCompile(`^-?\d+\.\d{3}$`)

// TestDotNumbersGenerated reads generated invoices in Italian, German and
// French printed by a program that writes numbers the English way (a
// decimal dot, no thousands separator) and prints a quantity or a price
// with three decimals ("12.000", "7.273"), which the language alone reads
// as thousands: every quantity, price and amount of the items must be read
// as printed.
func TestDotNumbersGenerated(t *testing.T) {
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
	const seed = 13
	families := map[string]bool{}
	langs := map[string]bool{}
	for i := 0; i < 4000 && len(families) < 4; i++ {
		c := testpdf.NewCase(seed, i)
		if !c.DotNumbers() || families[c.Family.Name] {
			continue
		}
		printed, _ := c.Printed()
		var want []float64
		three := false
		items, _ := c.Truth().Result["line_items"].([]any)
		for k, it := range items {
			for _, f := range []string{"quantity", "unit_price", "amount"} {
				x, ok := it.(map[string]any)[f].(float64)
				if !ok {
					continue
				}
				want = append(want, x)
				three = three || threeDecimals.MatchString(printed[lineItemPath(k, f)])
			}
		}
		if !three {
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
		families[c.Family.Name], langs[c.Lang()] = true, true
		d := Build(doc, c.Lang())
		for _, w := range want {
			found := false
			for _, v := range d.Values {
				found = found || v.Type == TAmount && math.Abs(v.Num-w) < 1e-6
			}
			if !found {
				t.Errorf("%s: %v printed, not read", c.Name, w)
			}
		}
	}
	if len(families) < 3 || len(langs) < 3 {
		t.Fatalf("numbers with a decimal dot read in %d families of %d languages; want 3 of 3", len(families), len(langs))
	}
}

// lineItemPath is the path of a field of item k in a case's printed map.
func lineItemPath(k int, field string) string {
	return "line_items." + itoa(int64(k)) + "." + field
}
