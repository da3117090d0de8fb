package resolve

import (
	"testing"
)

// TestNumberShapedAsADate checks that a document number printed as a date
// ("Invoice #2025-03-14") is not the document's date as well: where the
// date's model prefers the number's words (a date right after the
// document's label), the date printed elsewhere ("Springfield, March 10,
// 2025") is the document's, in four languages; and where nothing else is
// a date, the date stays null rather than repeat the number; a date
// printed again on its own line stands.
func TestNumberShapedAsADate(t *testing.T) {
	w := func(weights map[string]float64) *FieldModel {
		fm := &FieldModel{Threshold: 0.5, Weights: weights}
		fm.compile()
		return fm
	}
	m := &Model{Fields: map[string]*FieldModel{
		"invoice.number": w(map[string]float64{"bias": -1, "S:invoice.number": 4, "L:invoice.number": 4}),
		"invoice.date":   w(map[string]float64{"bias": 0.5, "S:invoice.number": 2, "L:invoice.number": 2}),
	}}
	for _, tt := range []struct {
		locale, place, number, want string
	}{
		{"en", "Springfield, March 10, 2025", "Invoice # 2025-03-14", "2025-03-10"},
		{"de", "Musterstadt, 10. März 2025", "Rechnung Nr. 2025-03-14", "2025-03-10"},
		{"it", "Milano, 10 marzo 2025", "Fattura n. 2025-03-14", "2025-03-10"},
		{"fr", "Lyon, le 10 mars 2025", "Facture n° 2025-03-14", "2025-03-10"},
	} {
		d := Build(doc(map[float64][]cell{
			100: {{350, tt.place}},
			140: {{40, tt.number}},
			300: {{40, "Lorem ipsum dolor"}},
		}), tt.locale)
		ch := m.Resolve(d)
		if v := ch["invoice.number"].Value; v == nil || v.Norm != "2025-03-14" {
			t.Errorf("%s: number %v, want 2025-03-14", tt.locale, textOf(v))
			continue
		}
		if v := ch["invoice.date"].Value; v == nil || v.Norm != tt.want {
			t.Errorf("%s: date %v, want %s", tt.locale, textOf(v), tt.want)
		}
		d = Build(doc(map[float64][]cell{
			140: {{40, tt.number}},
			300: {{40, "Lorem ipsum dolor"}},
		}), tt.locale)
		if v := m.Resolve(d)["invoice.date"].Value; v != nil {
			t.Errorf("%s: with no other date, date %q, want null", tt.locale, v.Text)
		}
	}
	// A date printed again on its own line is the document's, though the
	// number begins with it.
	d := Build(doc(map[float64][]cell{
		100: {{350, "Date: 2025-03-14"}},
		140: {{40, "Invoice # 2025-03-14t0042"}},
		300: {{40, "Lorem ipsum dolor"}},
	}), "en")
	if v := m.Resolve(d)["invoice.date"].Value; v == nil || v.Norm != "2025-03-14" {
		t.Errorf("date printed twice: %v, want 2025-03-14", textOf(v))
	}
}

func textOf(v *Value) string {
	if v == nil {
		return "null"
	}
	return v.Text
}
