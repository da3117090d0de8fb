package resolve

import (
	"slices"
	"testing"
)

// TestTaxIDShape checks that an identifier shaped as a tax id (a VAT id,
// or a person's codice fiscale with or without the IT of an Italian fiscal
// id for VAT, as the SdI stylesheets print a professional's) is marked
// id.vat, a feature the document number learns to avoid, and that a
// document number is not.
func TestTaxIDShape(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		60:  {{40, "Identificativo fiscale ai fini IVA: ITRSSMRA80A01H501U"}},
		80:  {{40, "Codice fiscale: RSSMRA80A01H501U"}},
		100: {{40, "Partita IVA: IT01234567897"}},
		140: {{40, "Numero documento: FT2026-0042"}},
	}), "it")
	want := map[string]bool{"ITRSSMRA80A01H501U": true, "RSSMRA80A01H501U": true, "FT2026-0042": false}
	seen := map[string]bool{}
	for i := range d.Values {
		v := &d.Values[i]
		w, ok := want[v.Text]
		if v.Type != TID || !ok {
			continue
		}
		seen[v.Text] = true
		if got := slices.Contains(featureList(v), "id.vat"); got != w {
			t.Errorf("%s: id.vat %v, want %v (features %v)", v.Text, got, w, featureList(v))
		}
	}
	for text := range want {
		if !seen[text] {
			t.Errorf("%s is no identifier candidate", text)
		}
	}
}
