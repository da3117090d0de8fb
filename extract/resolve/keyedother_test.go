package resolve

import (
	"testing"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// TestKeyedOther checks that an identifier or a date keyed as another
// field or reference — a transmission id, a customer number, a delivery
// note, an order date — is marked as keyed so for the document's number
// and dates (own.other), in its own cell, after its key on the line or
// under it, even where the field's own label stands elsewhere on its
// line; the values under their own keys are not, and neither is a value
// a party heading stands over.
func TestKeyedOther(t *testing.T) {
	for _, tt := range []struct {
		locale string
		lines  map[float64][]cell
		field  string
		other  []string // values keyed as something else
		own    []string // values under the field's own key, or none
	}{
		{"it", map[float64][]cell{
			40: {{40, "Ident. di trasmissione"}, {200, "IT0991_ab12"}},
			52: {{40, "Codice cliente"}, {200, "C-7731"}},
			64: {{40, "Numero documento"}, {200, "FT-118"}},
		}, "invoice.number", []string{"IT0991_ab12", "C-7731"}, []string{"FT-118"}},
		{"de", map[float64][]cell{
			40: {{40, "Kundennummer: 55120"}},
			52: {{40, "Lieferschein"}, {160, "Rechnungsnummer"}},
			64: {{40, "LS-9021"}, {160, "RE-3310"}},
		}, "invoice.number", []string{"55120", "LS-9021"}, []string{"RE-3310"}},
		{"en", map[float64][]cell{
			40:  {{40, "Order date"}, {160, "Due date"}},
			52:  {{40, "03/02/2026"}, {160, "04/03/2026"}},
			100: {{300, "Bill to"}},
			112: {{300, "Harbour Print Ltd"}},
			124: {{300, "Opened 05/01/2026"}},
		}, "invoice.due_date", []string{"03/02/2026"}, []string{"04/03/2026", "05/01/2026"}},
		{"fr", map[float64][]cell{
			40: {{40, "Bon de livraison N° BL-4410"}},
			52: {{40, "Facture N° F-2207"}},
		}, "invoice.number", []string{"BL-4410"}, []string{"F-2207"}},
		// The line also holds the field's label, far from the value: its
		// nearest key still keys it as something else.
		{"it", map[float64][]cell{
			40: {{40, "Nr. Documento 5000123 del 01/02/2026"}, {300, "Da pagare entro"}, {420, "25/05/2026"}},
		}, "invoice.date", []string{"25/05/2026"}, []string{"01/02/2026"}},
	} {
		d := Build(doc(tt.lines), tt.locale)
		t.Run(tt.locale+" "+tt.field, func(t *testing.T) {
			checkMarks(t, d, "keyed as another", func(v *Value, text string) bool { return (v.Type == TID || v.Type == TDate) && v.Text == text },
				func(v *Value) bool {
					for _, f := range v.features(tt.field) {
						if f.id == idOwnOther {
							return true
						}
					}
					return false
				}, tt.other, tt.own)
		})
	}
}

// TestKeyedOtherGenerated reads generated invoices that print the
// buyer's customer number under its key, in several layout families: the
// customer number is marked as keyed as something else for the document's
// number, and the document's number is not.
func TestKeyedOtherGenerated(t *testing.T) {
	g := printer(t)
	g.sample(31, 400, coverage{"customer numbers", 10, 4, 3}, func(c testpdf.Case) bool {
		return c.Spec.CustomerNo != ""
	}, func(c testpdf.Case, doc *pdf.Document) bool {
		d := Build(doc, c.Lang())
		inv := c.Truth().Result["invoice"].(map[string]any)
		number, _ := inv["number"].(string)
		var customer, own bool
		for i := range d.Values {
			v := &d.Values[i]
			if v.Type != TID {
				continue
			}
			switch v.Text {
			case c.Spec.CustomerNo:
				customer = true
				if !v.keyedOther("invoice.number") {
					t.Errorf("%s: the customer number %q is not keyed as another reference (%v)", c.Name, v.Text, featureList(v))
				}
			case number:
				own = true
				if v.keyedOther("invoice.number") {
					t.Errorf("%s: the document's number %q is keyed as another reference (%v)", c.Name, v.Text, featureList(v))
				}
			}
		}
		return customer && own
	})
}

// TestOwnIsAKey checks that a value has its field's own key (own) only
// where the key stands before it in its cell, to its left or over it: a
// number in a row of keys, the document number's key right of it and the
// date's on its line, is not the number's value; the value under the key
// is.
func TestOwnIsAKey(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		40: {{40, "Tipo documento"}, {160, "Art. 5"}, {260, "Numero documento"}, {380, "Data documento"}},
		52: {{40, "TD01"}, {260, "FT-4471"}, {380, "02/03/2026"}},
	}), "it")
	own := map[string]bool{}
	for i := range d.Values {
		if v := &d.Values[i]; v.Type == TID {
			own[v.Text] = own[v.Text] || v.hasOwn("invoice.number")
		}
	}
	if own["5"] || !own["FT-4471"] {
		t.Errorf("own key of the number: %v; want FT-4471's only", own)
	}
}
