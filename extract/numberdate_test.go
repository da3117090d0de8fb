package extract_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/go-pdf/fpdf"

	"github.com/invex/invex/extract"
)

// TestDateShapedNumberEndToEnd prints invoices whose number is shaped as
// a date ("Invoice # 2025-03-14") and whose date is printed apart, after
// the place, and checks through the whole engine that the number is read
// and is not the document's date as well, in four languages.
func TestDateShapedNumberEndToEnd(t *testing.T) {
	for _, tt := range []struct {
		locale                              string
		vendor, street, place, number, date string
		rows                                [][2]string
		net, tax, total                     [2]string
	}{
		{"en-GB", "Northfield Traders Ltd", "5 Station Road", "Leeds LS1 4AP", "Invoice # 2025-03-14", "Leeds, March 10, 2025",
			[][2]string{{"Galvanized screws", "100.00"}}, [2]string{"Subtotal", "100.00"}, [2]string{"VAT 20%", "20.00"}, [2]string{"Total", "120.00"}},
		{"de-DE", "Bauhof Süd GmbH", "Ringstraße 12", "80331 München", "Rechnung Nr. 2025-03-14", "München, 10. März 2025",
			[][2]string{{"Schrauben verzinkt", "100,00"}}, [2]string{"Nettobetrag", "100,00"}, [2]string{"MwSt. 19%", "19,00"}, [2]string{"Gesamtbetrag", "119,00"}},
		{"it-IT", "Edilizia Po S.r.l.", "Corso Italia 5", "10121 Torino", "Fattura n. 2025-03-14", "Torino, 10 marzo 2025",
			[][2]string{{"Viti zincate", "100,00"}}, [2]string{"Imponibile", "100,00"}, [2]string{"IVA 22%", "22,00"}, [2]string{"Totale", "122,00"}},
		{"fr-FR", "Atelier Bleu SARL", "3 avenue de la Gare", "69002 Lyon", "Facture n° 2025-03-14", "Lyon, le 10 mars 2025",
			[][2]string{{"Vis zinguées", "100,00"}}, [2]string{"Total HT", "100,00"}, [2]string{"TVA 20%", "20,00"}, [2]string{"Total TTC", "120,00"}},
	} {
		f := fpdf.New("P", "mm", "A4", "")
		tr := f.UnicodeTranslatorFromDescriptor("cp1252")
		f.AddPage()
		f.SetFont("Helvetica", "B", 14)
		f.Text(20, 25, tr(tt.vendor))
		f.SetFont("Helvetica", "", 10)
		f.Text(20, 31, tr(tt.street))
		f.Text(20, 36, tr(tt.place))
		f.Text(130, 50, tr(tt.date))
		f.Text(20, 70, tr(tt.number))
		y := 90.0
		for _, r := range tt.rows {
			f.Text(20, y, tr(r[0]))
			f.Text(170, y, r[1])
			y += 6
		}
		for _, l := range [][2]string{tt.net, tt.tax, tt.total} {
			y += 6
			f.Text(120, y, tr(l[0]))
			f.Text(170, y, l[1])
		}
		var b bytes.Buffer
		if err := f.Output(&b); err != nil {
			t.Fatal(err)
		}
		out, err := engine.Extract(context.Background(), b.Bytes(), extract.Options{Locale: tt.locale})
		if err != nil {
			t.Fatalf("%s: %v", tt.locale, err)
		}
		inv := out.Result.Invoice
		if inv.Number == nil || *inv.Number != "2025-03-14" {
			t.Errorf("%s: number %v, want 2025-03-14", tt.locale, str(inv.Number))
		}
		if inv.Date != nil && *inv.Date == "2025-03-14" {
			t.Errorf("%s: the number's words read as the date too", tt.locale)
		}
	}
}

func str(p *string) string {
	if p == nil {
		return "null"
	}
	return *p
}
