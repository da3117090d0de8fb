package extract_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"
	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/extract"
)

// TestFillFromPage embeds a CII invoice that lacks the seller's e-mail and
// IBAN in a PDF whose page prints them: the result takes them from the
// page, with evidence and a note, and keeps every value the XML gives
// (its order reference, although the page prints another).
func TestFillFromPage(t *testing.T) {
	xml, err := os.ReadFile("einvoice/testdata/cii-minimum.xml")
	if err != nil {
		t.Fatal(err)
	}
	out, err := engine.Extract(context.Background(), pageWithXML(t, xml), extract.Options{Locale: "de"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.Model, "invex-einvoice") {
		t.Fatalf("model %q: the XML was not read", out.Model)
	}
	r := out.Result
	got := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	if got(r.Vendor.Email) != "rechnung@beispiel-handel.de" {
		t.Errorf("vendor e-mail %q, want the one printed", got(r.Vendor.Email))
	}
	if got(r.Vendor.IBAN) != "DE89370400440532013000" {
		t.Errorf("IBAN %q, want the one printed", got(r.Vendor.IBAN))
	}
	if got(r.Invoice.PONumber) != "BC-559" {
		t.Errorf("PO number %q, want the XML's, not the page's", got(r.Invoice.PONumber))
	}
	var note string
	for _, w := range r.Validation.Warnings {
		if w.Code == extract.CodeFilledFromPage {
			note = w.Message
		}
	}
	if !strings.Contains(note, "vendor.email") || !strings.Contains(note, "vendor.iban") || strings.Contains(note, "invoice.po_number") {
		t.Errorf("note %q, want the fields filled named", note)
	}
	conf := out.FieldConfidences()
	if conf["vendor.email"] <= 0 || conf["vendor.email"] >= 0.99 {
		t.Errorf("confidence of the filled e-mail %v: want the page's, not the XML's", conf["vendor.email"])
	}
	if conf["invoice.number"] < 0.99 {
		t.Errorf("confidence of the XML's number %v, want the XML's", conf["invoice.number"])
	}
}

// TestFillDiscountFromPage embeds a UBL invoice that gives its lines'
// net prices only in a PDF whose table prints each line's gross price
// and discount percentage: the result takes the discounts, and the gross
// price of the discounted line, from the page, so that every row still
// adds up; the lines' amounts stay the XML's.
func TestFillDiscountFromPage(t *testing.T) {
	xml, err := os.ReadFile("testdata/ubl-net-prices.xml")
	if err != nil {
		t.Fatal(err)
	}
	data := printWithXML(t, xml, func(f *fpdf.Fpdf, tr func(string) string) {
		f.SetFont("Helvetica", "B", 14)
		f.Text(20, 20, "Lampen Schmidt GmbH")
		f.SetFont("Helvetica", "", 10)
		f.Text(20, 27, "Lindenweg 4, 34117 Kassel")
		f.Text(20, 50, "Rechnung INV-2025-0042")
		f.Text(20, 56, "Rechnungsdatum: 20.03.2025")
		row := func(y float64, cells ...string) {
			f.Text(20, y, tr(cells[0]))
			for i, c := range cells[1:] {
				x := []float64{110, 135, 160, 190}[i]
				f.Text(x-f.GetStringWidth(c), y, c)
			}
		}
		row(80, "Beschreibung", "Menge", "Preis", "Rabatt %", "Betrag")
		row(88, "Schreibtischlampe", "2", "15,00", "0,00", "30,00")
		row(95, "Notizbuch A5", "4", "2,50", "10,00", "9,00")
		row(102, "Geschenkverpackung", "1", "3,00", "0,00", "3,00")
		f.Text(140, 115, "Netto 42,00")
		f.Text(140, 121, "MwSt. 19% 7,98")
		f.Text(140, 127, "Gesamt 49,98 EUR")
	})
	out, err := engine.Extract(context.Background(), data, extract.Options{Locale: "de"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.Model, "invex-einvoice") {
		t.Fatalf("model %q: the XML was not read", out.Model)
	}
	type row struct{ Price, Disc, Amount float64 }
	var got []row
	for _, li := range out.Result.LineItems {
		r := row{Price: -1, Disc: -1, Amount: -1}
		for _, x := range []struct{ p, dst *float64 }{{li.UnitPrice, &r.Price}, {li.DiscountPct, &r.Disc}, {li.Amount, &r.Amount}} {
			if x.p != nil {
				*x.dst = *x.p
			}
		}
		got = append(got, r)
	}
	want := []row{{15, 0, 30}, {2.5, 10, 9}, {3, 0, 3}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("line items' price, discount and amount (-want +got):\n%s", diff)
	}
	var note string
	for _, w := range out.Result.Validation.Warnings {
		if w.Code == extract.CodeFilledFromPage {
			note = w.Message
		}
	}
	if !strings.Contains(note, "line_items[1].discount_pct") || !strings.Contains(note, "line_items[1].unit_price") {
		t.Errorf("note %q, want the discount and the gross price filled named", note)
	}
}

// pageWithXML prints a German invoice page and attaches xml as
// factur-x.xml.
func pageWithXML(t *testing.T, xml []byte) []byte {
	return printWithXML(t, xml, func(f *fpdf.Fpdf, tr func(string) string) {
		f.SetFont("Helvetica", "B", 14)
		f.Text(20, 20, tr("Beispiel Handel GmbH"))
		f.SetFont("Helvetica", "", 10)
		for i, l := range []string{"Hauptstraße 1, 10115 Berlin", "E-Mail: rechnung@beispiel-handel.de", "USt-IdNr. DE123456788", "IBAN DE89 3704 0044 0532 0130 00"} {
			f.Text(20, 27+float64(i)*5, tr(l))
		}
		f.Text(20, 60, tr("Rechnung Nr. 1001"))
		f.Text(20, 66, tr("Ihre Bestellung: PO-88213"))
		f.Text(20, 72, "Rechnungsdatum: 15.03.2025")
		f.Text(120, 120, "Gesamtbetrag 119,00 EUR")
	})
}

// printWithXML prints one A4 page with print and attaches xml as
// factur-x.xml.
func printWithXML(t *testing.T, xml []byte, print func(f *fpdf.Fpdf, tr func(string) string)) []byte {
	t.Helper()
	f := fpdf.New("P", "mm", "A4", "")
	tr := f.UnicodeTranslatorFromDescriptor("cp1252")
	f.SetAttachments([]fpdf.Attachment{{Content: xml, Filename: "factur-x.xml"}})
	f.AddPage()
	print(f, tr)
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	// fpdf names the file only in /UF and leaves /F empty, which pdfium
	// does not follow: name it in /F, in the same number of bytes so that
	// the cross-reference table stays right.
	data := b.Bytes()
	name := []byte("factur-x.xml")
	utf16 := []byte{0xfe, 0xff}
	for _, c := range name {
		utf16 = append(utf16, 0, c)
	}
	old := append(append([]byte("/F () /UF ("), utf16...), ')')
	repl := append([]byte("/F (factur-x.xml)"), bytes.Repeat([]byte(" "), len(old)-len("/F (factur-x.xml)"))...)
	if !bytes.Contains(data, old) {
		t.Fatal("fpdf wrote the attachment's name in another form")
	}
	return bytes.Replace(data, old, repl, 1)
}
