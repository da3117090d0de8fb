package extract

import (
	"strings"
	"testing"

	"github.com/invex/invex/extract/fields"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/resolve"
)

// TestTermsWhereTheRulesReadNone checks the fields whose rules' value
// stands when the rules run (rulesKeep): where the rules read no payment
// terms, the resolver's choice is taken, terms printed under an
// unmistakable label; where they read some, theirs stay.
func TestTermsWhereTheRulesReadNone(t *testing.T) {
	m, err := resolve.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		locale, label, terms, want string
	}{
		{"it", "Termine di pagamento:", "60 giorni data fattura", "60 giorni data fattura"},
		{"de", "Zahlungsbedingungen:", "14 Tage netto", "14 Tage netto"},
		{"en", "Payment terms:", "Net 45 days", "Net 45 days"},
		{"fr", "Conditions de paiement :", "45 jours fin de mois", "45 jours fin de mois"},
	} {
		doc := lines([][2]any{
			{60.0, "Invoice 7781"},
			{400.0, "Subtotal 100.00"},
			{700.0, tt.label + " " + tt.terms},
		})
		for _, rules := range []*string{nil, ptr("Rimessa diretta")} {
			f := &fields.Outcome{Evidence: map[string]layout.Evidence{}}
			f.Result.Invoice.PaymentTerms = rules
			d := resolve.Build(doc, tt.locale)
			resolveFields(f, d, m, false)
			got, want := "", tt.want
			if p := f.Result.Invoice.PaymentTerms; p != nil {
				got = *p
			}
			if rules != nil {
				want = *rules
			}
			if got != want {
				t.Errorf("%s, the rules' terms %v: got %q, want %q", tt.locale, rules != nil, got, want)
			}
		}
	}
}

func ptr(s string) *string { return &s }

// lines builds a one-page document of lines at the given heights, each
// starting at the left margin; words are 5 points wide per character.
func lines(ls [][2]any) *layout.Document {
	p := layout.Page{Number: 1, Width: 595, Height: 842}
	for _, l := range ls {
		y, x := l[0].(float64), 40.0
		for _, w := range strings.Fields(l[1].(string)) {
			width := 5 * float64(len([]rune(w)))
			p.Words = append(p.Words, layout.Word{Text: w, Box: layout.Rect{X0: x, Y0: y, X1: x + width, Y1: y + 10}, FontSize: 9})
			x += width + 3
		}
	}
	p.SetWords(p.Words)
	return &layout.Document{Pages: []layout.Page{p}}
}
