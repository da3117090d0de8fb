package resolve

import (
	"slices"
	"testing"
)

// TestKeyedStreetWithoutNumber checks a street printed after its key with
// no house number ("Indirizzo: Galleria Verdi"): the key names it, so it
// is a street candidate all the same; a postal line or an e-mail after
// the key is none, nor are the words of a heading that starts with the
// key and has no colon ("Indirizzo di fatturazione").
func TestKeyedStreetWithoutNumber(t *testing.T) {
	for _, tt := range []struct {
		locale, key, street, postal string
	}{
		{"it", "Indirizzo:", "Galleria Verdi", "Cap: 54100 Comune: Massa"},
		{"fr", "Adresse :", "Lieu-dit Les Granges", "Code postal : 24200 Ville : Sarlat"},
		{"de", "Straße:", "Am Gutshof", "PLZ: 18055 Ort: Rostock"},
		{"en", "Street:", "Mill Lane", "Postcode: 12345 City: Springfield"},
	} {
		d := Build(doc(map[float64][]cell{
			100: {{40, "Denominazione: Alfa Servizi Srl"}},
			112: {{40, tt.key + " " + tt.street}},
			124: {{40, tt.postal}},
		}), tt.locale)
		if got := values(d, TStreet); !slices.Contains(got, tt.street) {
			t.Errorf("%s: streets %q, want %q among them", tt.locale, got, tt.street)
		}
	}
	d := Build(doc(map[float64][]cell{112: {{40, "Indirizzo: info@alfa.example"}}, 124: {{40, "Indirizzo: 54100 Massa"}},
		136: {{40, "Indirizzo di fatturazione"}}, 148: {{40, "Adresse de livraison"}}}), "it")
	if got := values(d, TStreet); len(got) > 0 {
		t.Errorf("an e-mail, a postal line or a heading after the key: streets %q, want none", got)
	}
}
