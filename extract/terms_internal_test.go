package extract

import (
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
		// Blocks apart, as the number, the totals and the terms stand.
		doc := page("Invoice 7781", "", "", "", "Subtotal 100.00", "", "", "", tt.label+" "+tt.terms)
		for _, rules := range []*string{nil, str("Rimessa diretta")} {
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
