package resolve

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// TestDatedNumberGenerated reads generated invoices that state their
// number and date in one line ("Fattura n. N del D", "Rechnung Nr. N vom
// D", "Facture n° N du D", "Invoice N dated D", long dates included) in
// each language: the number must carry id.dated and its date d.numbered,
// while the due date, printed under its own label, carries neither.
func TestDatedNumberGenerated(t *testing.T) {
	r, err := pdf.Open(pdf.Config{Instances: 1, CacheDir: filepath.Join(os.TempDir(), "invex-test-cache")})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	seen := map[string]int{}
	for seed := uint64(0); seed < 400 && len(seen) < 8; seed++ {
		s := testpdf.Generate(seed)
		if s.Style.Layout != testpdf.LayoutLetterLeft || s.Style.Variant != 0 || seen[s.Lang] >= 2 {
			continue
		}
		seen[s.Lang]++
		doc, err := r.Read(context.Background(), s.PDF())
		if err != nil {
			t.Fatalf("%s: %v", s.Name(), err)
		}
		d := Build(doc, s.Lang)
		has := func(v *Value, feature string) bool {
			for _, f := range featureList(v) {
				if f == feature {
					return true
				}
			}
			return false
		}
		number, date := false, false
		for i := range d.Values {
			v := &d.Values[i]
			switch {
			case v.Type == TID && v.Text == s.Number:
				number = number || has(v, "id.dated")
			case v.Type == TDate && v.Norm == s.Date.Format("2006-01-02"):
				date = date || has(v, "d.numbered")
			case v.Type == TDate && !s.Due.IsZero() && v.Norm == s.Due.Format("2006-01-02") && has(v, "d.numbered"):
				t.Errorf("%s: due date %q marked as the number's date", s.Name(), v.Text)
			}
		}
		if !number || !date {
			t.Errorf("%s: number %q marked %v, its date marked %v; want both", s.Name(), s.Number, number, date)
		}
	}
	for _, lang := range []string{"it", "de", "fr", "en"} {
		if seen[lang] == 0 {
			t.Errorf("no generated invoice in %s states its number and date in one line", lang)
		}
	}
}
