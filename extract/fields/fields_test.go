package fields

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
	"github.com/invex/invex/invoice"
)

var reader *pdf.Reader

func TestMain(m *testing.M) {
	var err error
	reader, err = pdf.Open(pdf.Config{Instances: 1, CacheDir: filepath.Join(os.TempDir(), "invex-test-cache")})
	if err != nil {
		panic(err)
	}
	code := m.Run()
	reader.Close()
	os.Exit(code)
}

func extractFile(t *testing.T, data []byte, locale string) Outcome {
	t.Helper()
	doc, err := reader.Read(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	return Extract(doc, locale)
}

func producer(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "pdf", "testdata", "producers", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// str and num make expectations terse; nil means "must be null".
func str(s string) *string   { return invoice.String(s) }
func num(f float64) *float64 { return invoice.Number(f) }
func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

// TestPrintedInvoices reads invoices printed by Chromium and LibreOffice in
// three languages (sources in internal/testpdf/genfixtures/src) and checks
// the fields every layout rule must get: parties told apart by their blocks,
// header, totals that add up, line items.
func TestPrintedInvoices(t *testing.T) {
	itVendor := invoice.Vendor{Name: str("Società Caffè Ragù S.r.l."), VATNumber: str("IT01234567897"),
		Address: str("Via dell'Ufficio 7"), City: str("Milano"), ZipCode: str("20135"), Country: str("IT"), SDICode: str("W3KZPB6")}
	itBuyer := invoice.Buyer{Name: str("Efficienza Affidabile S.p.A."), VATNumber: str("12345678903"),
		FiscalCode: str("12345678903"), Address: str("Corso Italia 10"), City: str("Roma"), ZipCode: str("00197"), Country: str("IT")}
	// "Pagamento: bonifico bancario a 30 gg d.f. – IBAN …": the due date
	// is computed from the terms.
	itHeader := invoice.Header{Number: str("2026/0042"), Date: str("2026-03-15"), DueDate: str("2026-04-14"), Type: str("invoice"),
		Currency: str("EUR"), PaymentTerms: str("bonifico bancario a 30 gg d.f."), PaymentMethod: str("bank_transfer")}
	itFin := invoice.Financials{Subtotal: num(1262.16), TaxRate: num(22), TaxAmount: num(277.68), Total: num(1539.84), Currency: str("EUR")}
	tests := []struct {
		file, locale string
		vendor       invoice.Vendor
		buyer        invoice.Buyer
		header       invoice.Header
		fin          invoice.Financials
		items        int
	}{
		{"chromium-it.pdf", "it", withIBAN(itVendor, "IT60X0542811101000000123456"), itBuyer, itHeader, itFin, 2},
		{"libreoffice-it.pdf", "it", itVendor, itBuyer, itHeader, itFin, 2},
		{"chromium-de.pdf", "de",
			invoice.Vendor{Name: str("Müller & Söhne GmbH"), VATNumber: str("DE136695976"), Address: str("Mühlenstraße 34"), City: str("Nürnberg"),
				ZipCode: str("90429"), Country: str("DE"), IBAN: str("DE02120300000000202051")},
			invoice.Buyer{Name: str("Falkner AG Nord"), Address: str("Uhlandstraße 48"), City: str("Kassel"), ZipCode: str("34117"),
				Country: str("DE")}, // inferred from the postcode's form and the hint
			invoice.Header{Number: str("630514"), Date: str("2019-06-12"), DueDate: str("2019-07-12"), Type: str("invoice"),
				Currency: str("EUR"), PaymentTerms: str("Zahlbar innerhalb von 30 Tagen netto.")},
			invoice.Financials{Subtotal: num(526), TaxAmount: num(64.9), Total: num(590.9), Currency: str("EUR")}, 2},
		{"chromium-fr.pdf", "fr",
			invoice.Vendor{Name: str("Œuvres Élégantes SARL"), VATNumber: str("FR44732829320"), Address: str("12 rue de la Paix"),
				City: str("Paris"), ZipCode: str("75002"), Country: str("FR")},
			invoice.Buyer{Name: str("Société Générale d’Études"), Address: str("3 place Bellecour"), City: str("Lyon"), ZipCode: str("69002"),
				Country: str("FR")},
			invoice.Header{Number: str("F-2026-031"), Date: str("2026-03-15"), Type: str("invoice"), Currency: str("EUR")},
			invoice.Financials{Subtotal: num(400), TaxRate: num(20), TaxAmount: num(80), Total: num(480), Currency: str("EUR")}, 2},
		{"chromium-en.pdf", "en",
			invoice.Vendor{Name: str("Northwind Traders Ltd"), VATNumber: str("GB123456782"), Address: str("221B Baker Street"),
				City: str("London"), ZipCode: str("NW1 6XE"), Country: str("GB"), Email: str("accounts@northwind.example")},
			invoice.Buyer{Name: str("Hallberg Trading GmbH"), VATNumber: str("DE136695976"), Address: str("Hauptstraße 5"),
				City: str("Berlin"), ZipCode: str("10437"), Country: str("DE")},
			invoice.Header{Number: str("CN-2026-007"), Date: str("2026-03-15"), Type: str("credit_note"), Currency: str("GBP"),
				PaymentMethod: str("bank_transfer"), PONumber: str("PO-4471")},
			invoice.Financials{Subtotal: num(325.5), TaxRate: num(20), TaxAmount: num(65.1), Total: num(390.6), Currency: str("GBP")}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			out := extractFile(t, producer(t, tt.file), tt.locale)
			r := out.Result
			if diff := cmp.Diff(tt.vendor, r.Vendor); diff != "" {
				t.Errorf("vendor (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.buyer, r.Buyer); diff != "" {
				t.Errorf("buyer (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.header, r.Invoice); diff != "" {
				t.Errorf("invoice (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.fin, r.Financials); diff != "" {
				t.Errorf("financials (-want +got):\n%s", diff)
			}
			if len(r.LineItems) != tt.items {
				t.Errorf("%d line items, want %d: %+v", len(r.LineItems), tt.items, r.LineItems)
			}
			for k, ev := range out.Evidence {
				if ev.Page != 1 || ev.Confidence <= 0 || ev.Confidence > 1 || ev.Box.X1 <= ev.Box.X0 {
					t.Errorf("evidence of %s: %+v", k, ev)
				}
			}
			if out.Confidence < 0.7 {
				t.Errorf("overall confidence %.2f for a clean invoice", out.Confidence)
			}
		})
	}
}

func withIBAN(v invoice.Vendor, iban string) invoice.Vendor {
	v.IBAN = str(iban)
	return v
}

// TestGeneratedInvoice reads the fpdf invoice used across the tests.
func TestGeneratedInvoice(t *testing.T) {
	inv := testpdf.Italian()
	out := extractFile(t, inv.PDF(), "it")
	r := out.Result
	net, vat, total := inv.Totals()
	got := []any{deref(r.Invoice.Number), deref(r.Invoice.Date), deref(r.Vendor.VATNumber), deref(r.Buyer.VATNumber)}
	want := []any{"2026/0042", "2026-03-15", "IT01234567897", "IT12345678903"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("header and parties (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(invoice.Financials{Subtotal: num(net), TaxRate: num(22), TaxAmount: num(vat), Total: num(total), Currency: str("EUR")}, r.Financials); diff != "" {
		t.Errorf("financials (-want +got):\n%s", diff)
	}
}

func TestHelpers(t *testing.T) {
	ids := map[string]string{"2026/0042 del 15/03/2026": "2026/0042", "BO 000731 del 04/02/2026": "BO 000731",
		"n. 13": "13", ": 630514": "630514", "F-2026-031": "F-2026-031", "abc": ""}
	for in, want := range ids {
		got, _ := identifier(in)
		if got != want {
			t.Errorf("identifier(%q) = %q, want %q", in, got, want)
		}
	}
	pairs := keyPairs("Cap: 20060 Nazione: IT")
	if diff := cmp.Diff([][2]string{{"Cap", "20060"}, {"Nazione", "IT"}}, pairs); diff != "" {
		t.Errorf("keyPairs (-want +got):\n%s", diff)
	}
	cities := map[string]string{"ROMA RM IT": "ROMA", "München · USt-IdNr. DE136695976": "München", "Sesto al Reghena PN": "Sesto al Reghena", "Paris": "Paris"}
	for in, want := range cities {
		if got := trimCodes(in); got != want {
			t.Errorf("trimCodes(%q) = %q, want %q", in, got, want)
		}
	}
	descs := map[string]string{
		"4123456000014 ZS997 Zitronensäure 100ml": "Zitronensäure 100ml",
		"4123456000021Gelierzucker Extra 250g":    "Gelierzucker Extra 250g",
		"Joghurt Banane Art-Nr-Lieferant: ARNR2":  "Joghurt Banane",
		"Ufficio fiscale: affiancamento":          "Ufficio fiscale: affiancamento",
		"Design (hours): Of a sample invoice":     "Design (hours): Of a sample invoice",
	}
	for in, want := range descs {
		if got := cleanDescription(in); got != want {
			t.Errorf("cleanDescription(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNoInvoiceContent(t *testing.T) {
	// A page that holds a heading and prose, nothing of an invoice: the
	// rules would take the heading for a vendor and "$" for a currency.
	out := Extract(docFromText(
		"Potato Growers Newsletter",
		"",
		"This season's harvest was good; seed prices rose to $ 12 a sack.",
	), "en")
	r := out.Result
	if r.Vendor.Name != nil || r.Invoice.Currency != nil || r.Financials.Currency != nil {
		t.Errorf("values read from a page with no invoice: vendor %v, currency %v", deref(r.Vendor.Name), deref(r.Invoice.Currency))
	}
	if !NoInvoice(r) {
		t.Errorf("no %s warning: %+v", CodeNoInvoice, r.Validation.Warnings)
	}
	if len(out.Evidence) != 0 || out.Confidence != 0 {
		t.Errorf("evidence %v, confidence %v: want none", out.Evidence, out.Confidence)
	}
}

// TestClearNoInvoiceFlagsOnce checks that a result cleared twice (by the
// rules, then by the engine after the resolver) carries one warning.
func TestClearNoInvoiceFlagsOnce(t *testing.T) {
	var o Outcome
	o.ClearNoInvoice()
	o.ClearNoInvoice()
	n := 0
	for _, w := range o.Result.Validation.Warnings {
		if w.Code == CodeNoInvoice {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d %s warnings, want 1", n, CodeNoInvoice)
	}
}
