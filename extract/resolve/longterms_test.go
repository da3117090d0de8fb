package resolve

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// TestLongTermsGenerated reads generated invoices of several layout
// families and languages whose payment terms, a sentence with a discount
// for early payment, wrap over two or three lines of a narrow column,
// after a label or alone: the whole sentence must be a candidate of the
// terms.
func TestLongTermsGenerated(t *testing.T) {
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
	const seed = 5
	families := map[string]bool{}
	langs := map[string]bool{}
	for i := 0; i < 800 && len(families) < 6; i++ {
		c := testpdf.NewCase(seed, i)
		if !c.Spec.TermsWrap || families[c.Family.Name] {
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
		want := strings.Join(strings.Fields(c.Spec.Terms), " ")
		var got []string
		found := false
		for _, v := range d.Values {
			if v.Type == TTerms {
				text := strings.TrimSuffix(strings.Join(strings.Fields(v.Text), " "), ".")
				found = found || text == want
				got = append(got, v.Text)
			}
		}
		if !found {
			t.Errorf("%s: terms %q not among the candidates %q", c.Name, want, got)
		}
	}
	if len(families) < 4 || len(langs) < 4 {
		t.Fatalf("long terms read in %d families of %d languages; want 4 of 4", len(families), len(langs))
	}
}
