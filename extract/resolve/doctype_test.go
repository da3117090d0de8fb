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
