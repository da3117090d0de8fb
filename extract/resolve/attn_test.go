package resolve

import (
	"slices"
	"strings"
	"testing"
)

// TestAddressedByTitle checks that a person addressed by title or key
// under the first line of an address block carries name.attn, in four
// languages, and that the block's first line does not, nor a person
// addressed so on a block's first line (a private buyer).
func TestAddressedByTitle(t *testing.T) {
	for _, tt := range []struct {
		locale, company, person, street, postal string
	}{
		{"de", "Sportverein Nord e.V.", "Herrn Max Muster", "Lindenallee 4", "97070 Würzburg"},
		{"de", "Bauhof Süd GmbH", "z. Hd. Erika Beispiel", "Ringstraße 12", "80331 München"},
		{"it", "Circolo Tennis Verdi", "Alla c.a. Sig. Mario Bianchi", "Via Roma 10", "20121 Milano"},
		{"it", "Edilizia Po S.r.l.", "Sig.ra Anna Neri", "Corso Italia 5", "10121 Torino"},
		{"en", "Harbour Rowing Club Ltd", "Attn. Jane Doe", "12 Mill Lane", "Bristol BS1 4DJ"},
		{"en", "Northfield Traders Ltd", "Mr John Smith", "5 Station Road", "Leeds LS1 4AP"},
		{"fr", "Club Nautique Ouest", "Mme Claire Martin", "12 rue des Lilas", "44000 Nantes"},
		{"fr", "Atelier Bleu SARL", "M. Paul Durand", "3 avenue de la Gare", "69002 Lyon"},
	} {
		d := Build(doc(map[float64][]cell{
			100: {{320, tt.company}},
			112: {{320, tt.person}},
			124: {{320, tt.street}},
			136: {{320, tt.postal}},
			300: {{40, "Lorem 1"}},
		}), tt.locale)
		seen := false
		for _, v := range d.Values {
			if v.Type != TName {
				continue
			}
			got := slices.Contains(featureList(&v), "name.attn")
			want := v.Text == tt.person
			seen = seen || want
			if strings.Contains(tt.person, v.Text) && v.Text != tt.person {
				continue // a part of the person's line
			}
			if got != want {
				t.Errorf("%s: %q: name.attn %v, want %v", tt.locale, v.Text, got, want)
			}
		}
		if !seen {
			t.Errorf("%s: %q is no name candidate", tt.locale, tt.person)
		}
		// The same person alone over a street and a postal line is the
		// buyer, addressed so.
		d = Build(doc(map[float64][]cell{
			112: {{320, tt.person}},
			124: {{320, tt.street}},
			136: {{320, tt.postal}},
		}), tt.locale)
		for _, v := range d.Values {
			if v.Type == TName && v.Text == tt.person && slices.Contains(featureList(&v), "name.attn") {
				t.Errorf("%s: %q first in its block has name.attn", tt.locale, v.Text)
			}
		}
	}
	for _, s := range []string{"Alla Trattoria", "Mr", "Frau", "Atelier Bleu SARL", "A la Bonne Heure"} {
		if addressedByTitle(strings.Fields(s)) {
			t.Errorf("addressedByTitle(%q) = true", s)
		}
	}
}
