package resolve

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDocumentTypeCandidates checks the candidates of a document's type:
// a heading naming the type, the type word of a number's label, an
// Italian type code, with features telling them apart; and that a model
// weighing those features chooses the specific heading.
func TestDocumentTypeCandidates(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		60:  {{40, "NOTA DI CREDITO"}},
		90:  {{40, "Fattura n. 12/2026"}, {300, "del 03/02/2026"}},
		120: {{40, "Tipo documento: TD04"}},
		400: {{40, "Per la fattura non pagata si prega di contattarci entro trenta giorni dalla data."}},
	}), "it")
	type cand struct {
		Norm, Text string
		Feats      []string
	}
	var got []cand
	for _, v := range d.Values {
		if v.Type != TDocType {
			continue
		}
		var fs []string
		for _, f := range featureList(&v) {
			switch f {
			case "dt.code", "dt.num", "dt.firstline", "kw.prose", "dt.several":
				fs = append(fs, f)
			}
		}
		slices.Sort(fs)
		got = append(got, cand{v.Norm, v.Text, fs})
	}
	want := []cand{
		{"credit_note", "NOTA DI CREDITO", []string{"dt.firstline", "dt.several"}},
		{"invoice", "Fattura", []string{"dt.num", "dt.several"}},
		{"credit_note", "TD04", []string{"dt.code", "dt.several"}},
		{"invoice", "fattura", []string{"dt.several", "kw.prose"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("type candidates (-want +got):\n%s", diff)
	}

	fm := &FieldModel{Threshold: 0.5, Weights: map[string]float64{"bias": -1, "dt.firstline": 2, "kw.prose": -3}}
	fm.compile()
	m := &Model{Fields: map[string]*FieldModel{"invoice.type": fm}}
	if c := m.Resolve(d)["invoice.type"]; c.Value == nil || c.Value.Norm != "credit_note" {
		t.Errorf("chosen type %+v, want the credit note's heading", c.Value)
	}
}

// TestFormatNameIsNoType checks that the words naming the e-invoice format
// ("FATTURA ELETTRONICA", "Electronic invoice", "Facture électronique",
// "Elektronische Rechnung"), which head invoices, credit notes and fee
// notes alike, give no type candidate, in a heading or a number's label,
// while the type code below them does.
func TestFormatNameIsNoType(t *testing.T) {
	for _, tc := range []struct{ locale, title, label string }{
		{"it", "FATTURA ELETTRONICA", "Fattura elettronica n. 7"},
		{"en", "Electronic invoice", "Electronic invoice no. 7"},
		{"fr", "Facture électronique", "Facture électronique n° 7"},
		{"de", "Elektronische Rechnung", "Elektronische Rechnung Nr. 7"},
	} {
		d := Build(doc(map[float64][]cell{
			60:  {{40, tc.title}},
			90:  {{40, tc.label}, {300, "03/02/2026"}},
			120: {{40, "Tipo documento: TD06 (parcella)"}},
		}), tc.locale)
		var got []string
		for _, v := range d.Values {
			if v.Type == TDocType {
				got = append(got, v.Norm+" "+v.Text)
			}
		}
		// The first page's "parcella" names the type too.
		want := []string{"fee_note (parcella)", "fee_note TD06"}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: type candidates (-want +got):\n%s", tc.title, diff)
		}
	}
}
