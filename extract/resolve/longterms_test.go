package resolve

import (
	"strings"
	"testing"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// TestLongTermsGenerated reads generated invoices of several layout
// families and languages whose payment terms, a sentence with a discount
// for early payment, wrap over two or three lines of a narrow column,
// after a label or alone: the whole sentence must be a candidate of the
// terms.
func TestLongTermsGenerated(t *testing.T) {
	g := printer(t)
	g.sample(5, 800, coverage{"long terms", 6, 4, 4}, func(c testpdf.Case) bool {
		return c.Spec.TermsWrap
	}, func(c testpdf.Case, doc *pdf.Document) bool {
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
		return true
	})
}
