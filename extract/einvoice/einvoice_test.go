package einvoice

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/invoice"
)

func s(v string) *string   { return &v }
func n(v float64) *float64 { return &v }

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// result builds an expected Result with the warnings mirrored.
func result(v invoice.Vendor, b invoice.Buyer, h invoice.Header, f invoice.Financials, lines []invoice.LineItem, warnings ...invoice.Finding) invoice.Result {
	if lines == nil {
		lines = []invoice.LineItem{}
	}
	if warnings == nil {
		warnings = []invoice.Finding{}
	}
	return invoice.Result{Vendor: v, Buyer: b, Invoice: h, Financials: f, LineItems: lines,
		Validation: invoice.Validation{Warnings: warnings}}
}

func TestParseFixtures(t *testing.T) {
	tests := []struct {
		file string
		want *Document
	}{
		{
			file: "cii-en16931.xml",
			want: &Document{
				Format:  FormatCII,
				Profile: "urn:cen.eu:en16931:2017",
				Result: result(
					invoice.Vendor{Name: s("Muster Büromöbel GmbH"), VATNumber: s("DE123456789"),
						Address: s("Invalidenstraße 12"), City: s("Berlin"), ZipCode: s("10115"), Country: s("DE"),
						Email: s("rechnung@muster-bueromoebel.de"), Phone: s("+49 30 1234567"), IBAN: s("DE02120300000000202051")},
					invoice.Buyer{Name: s("Kanzlei Beispiel & Partner"), VATNumber: s("DE987654321"),
						Address: s("Marienplatz 8"), City: s("München"), ZipCode: s("80331"), Country: s("DE"),
						Email: s("buchhaltung@kanzlei-beispiel.de")},
					invoice.Header{Number: s("RE-2025-0042"), Date: s("2025-03-14"), DueDate: s("2025-04-13"),
						Type: s("invoice"), Currency: s("EUR"), PaymentTerms: s("Zahlbar innerhalb von 30 Tagen ohne Abzug."),
						PaymentMethod: s("bank_transfer"), PONumber: s("PO-7781")},
					invoice.Financials{Subtotal: n(580), TaxAmount: n(92.2), Total: n(672.2), Discount: n(20), Currency: s("EUR")},
					[]invoice.LineItem{
						{Description: s(`Bürostuhl "Ergo" schwarz`), Quantity: n(2), Unit: s("pcs"), UnitPrice: n(250),
							Amount: n(450), TaxRate: n(19), DiscountPct: n(10)},
						{Description: s("Fachbuch Büroorganisation"), Quantity: n(5), Unit: s("pcs"), UnitPrice: n(30),
							Amount: n(150), TaxRate: n(7)},
					}),
				Warnings:     []invoice.Finding{},
				TaxBreakdown: []TaxLine{{Rate: 19, Base: 430, Amount: 81.7, Category: "S"}, {Rate: 7, Base: 150, Amount: 10.5, Category: "S"}},
				AmountDue:    n(572.2),
			},
		},
		{
			file: "cii-minimum.xml",
			want: &Document{
				Format:  FormatCII,
				Profile: "urn:factur-x.eu:1p0:minimum",
				Result: result(
					invoice.Vendor{Name: s("Atelier Lumière SARL"), VATNumber: s("FR11123456782"), Country: s("FR")},
					invoice.Buyer{Name: s("Boulangerie du Port")},
					invoice.Header{Number: s("FA-2025/118"), Date: s("2025-01-02"), Type: s("invoice"), Currency: s("EUR"), PONumber: s("BC-559")},
					invoice.Financials{Subtotal: n(1000), TaxAmount: n(200), Total: n(1200), Currency: s("EUR")},
					nil),
				Warnings:  []invoice.Finding{},
				AmountDue: n(1200),
			},
		},
		{
			file: "cii-basicwl.xml",
			want: &Document{
				Format:  FormatCII,
				Profile: "urn:factur-x.eu:1p0:basicwl",
				Result: result(
					invoice.Vendor{Name: s("Épicerie Fine Rousseau"), VATNumber: s("FR40303265045"),
						Address: s("14 quai Saint-Antoine"), City: s("Lyon"), ZipCode: s("69002"), Country: s("FR"),
						Email: s("compta@epicerie-rousseau.fr")},
					invoice.Buyer{Name: s("Restaurant Le Quai"), Address: s("3 rue du Bœuf"), City: s("Lyon"), ZipCode: s("69005"), Country: s("FR")},
					invoice.Header{Number: s("AV-2025-007"), Date: s("2025-02-28"), Type: s("credit_note"), Currency: s("EUR"),
						PaymentTerms: s("Remboursement par prélèvement SEPA"), PaymentMethod: s("sepa_direct_debit")},
					invoice.Financials{Subtotal: n(100), TaxAmount: n(8.4), Total: n(108.4), Currency: s("EUR")},
					nil),
				Warnings:     []invoice.Finding{},
				TaxBreakdown: []TaxLine{{Rate: 5.5, Base: 80, Amount: 4.4, Category: "S"}, {Rate: 20, Base: 20, Amount: 4, Category: "S"}},
				AmountDue:    n(108.4),
			},
		},
		{
			file: "xrechnung-cii.xml",
			want: &Document{
				Format:  FormatCII,
				Profile: "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0",
				Result: result(
					invoice.Vendor{Name: s("Datenschutz Nord UG (haftungsbeschränkt)"), VATNumber: s("DE311111111"),
						Address: s("Mönckebergstraße 7"), City: s("Hamburg"), ZipCode: s("20095"), Country: s("DE"),
						Email: s("jan.petersen@ds-nord.example"), Phone: s("040 98765-0"), IBAN: s("DE75512108001245126199")},
					invoice.Buyer{Name: s("Mario Rossi"), FiscalCode: s("RSSMRA80A01A952F"),
						Address: s("Via Museo 10"), City: s("Bolzano"), ZipCode: s("39100"), Country: s("IT")},
					invoice.Header{Number: s("XR-1001"), Date: s("2024-12-31"), DueDate: s("2025-01-14"), Type: s("invoice"),
						Currency: s("EUR"), PaymentTerms: s("14 Tage netto"), PaymentMethod: s("bank_transfer")},
					invoice.Financials{Subtotal: n(900), TaxRate: n(19), TaxAmount: n(171), Total: n(1071), Currency: s("EUR")},
					[]invoice.LineItem{
						{Description: s("Beratung Datenschutz"), Quantity: n(7.5), Unit: s("h"), UnitPrice: n(120), Amount: n(900), TaxRate: n(19)},
					}),
				Warnings:     []invoice.Finding{},
				TaxBreakdown: []TaxLine{{Rate: 19, Base: 900, Amount: 171, Category: "S"}},
				AmountDue:    n(1071),
			},
		},
		{
			file: "zugferd1-basic.xml",
			want: &Document{
				Format:  FormatZUGFeRD1,
				Profile: "urn:ferd:CrossIndustryDocument:invoice:1p0:basic",
				Result: result(
					invoice.Vendor{Name: s("Obsthof Sonnental KG"), VATNumber: s("DE812345674"),
						Address: s("Seestraße 3"), City: s("Friedrichshafen"), ZipCode: s("88045"), Country: s("DE"),
						IBAN: s("DE68642500400719283546")},
					invoice.Buyer{Name: s("Marktladen Huber"), Address: s("Marienplatz 1"), City: s("Ravensburg"), ZipCode: s("88212"), Country: s("DE")},
					invoice.Header{Number: s("582316"), Date: s("2014-04-09"), DueDate: s("2014-04-23"), Type: s("invoice"),
						Currency: s("EUR"), PaymentTerms: s("Zahlbar bis 23.04.2014 ohne Abzug"), PaymentMethod: s("bank_transfer"),
						PONumber: s("B-2014-77")},
					invoice.Financials{Subtotal: n(120), TaxRate: n(7), TaxAmount: n(8.4), Total: n(128.4), Currency: s("EUR")},
					[]invoice.LineItem{
						{Description: s("Äpfel Elstar, Klasse I"), Quantity: n(40), Unit: s("kg"), Amount: n(120)},
					}),
				Warnings:     []invoice.Finding{},
				TaxBreakdown: []TaxLine{{Rate: 7, Base: 120, Amount: 8.4}},
			},
		},
		{
			file: "ubl-invoice.xml",
			want: &Document{
				Format:  FormatUBL,
				Profile: "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0",
				Result: result(
					invoice.Vendor{Name: s("Drukkerij De Vries B.V."), VATNumber: s("NL123456789B01"),
						Address: s("Prinsengracht 263"), City: s("Amsterdam"), ZipCode: s("1016 GV"), Country: s("NL"),
						Email: s("facturen@drukkerij-devries.example"), Phone: s("+31 20 555 0101"), IBAN: s("NL91ABNA0417164300")},
					invoice.Buyer{Name: s("Brouwerij Het Anker NV"), VATNumber: s("BE0477.472.701"),
						Address: s("Guido Gezellelaan 49"), City: s("Mechelen"), ZipCode: s("2800"), Country: s("BE"),
						Email: s("ap@hetanker.example")},
					invoice.Header{Number: s("NL-2025-0815"), Date: s("2025-05-20"), DueDate: s("2025-06-19"), Type: s("invoice"),
						Currency: s("EUR"), PaymentTerms: s("Betaling binnen 30 dagen"), PaymentMethod: s("bank_transfer"),
						PONumber: s("PO-2025-19")},
					invoice.Financials{Subtotal: n(870), TaxAmount: n(157.5), Total: n(1027.5), Discount: n(50), Currency: s("EUR")},
					[]invoice.LineItem{
						{Description: s("Flyers A5"), Quantity: n(1000), Unit: s("pcs"), UnitPrice: n(0.8), Amount: n(720), TaxRate: n(21), DiscountPct: n(10)},
						{Description: s("Enveloppen C5 (doos à 500)"), Quantity: n(4), Unit: s("box"), UnitPrice: n(20), Amount: n(80), TaxRate: n(21)},
						{Description: s("Boeken (export)"), Quantity: n(1), Unit: s("ZZ"), UnitPrice: n(120), Amount: n(120), TaxRate: n(0)},
					}),
				Warnings:     []invoice.Finding{},
				TaxBreakdown: []TaxLine{{Rate: 21, Base: 750, Amount: 157.5, Category: "S"}, {Rate: 0, Base: 120, Amount: 0, Category: "Z"}},
				AmountDue:    n(1000),
			},
		},
		{
			file: "ubl-creditnote.xml",
			want: &Document{
				Format:  FormatUBL,
				Profile: "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0",
				Result: result(
					invoice.Vendor{Name: s("Caffè Torinese S.r.l."), VATNumber: s("IT01234567890"), FiscalCode: s("01234567890"),
						Address: s("Via Garibaldi 21"), City: s("Torino"), ZipCode: s("10122"), Country: s("IT"),
						IBAN: s("IT60X0542811101000000123456")},
					invoice.Buyer{Name: s("Bistrot Alpino Sàrl"), Address: s("Rue du Mont-Blanc 5"), City: s("Genève"),
						ZipCode: s("1201"), Country: s("CH"), Email: s("ordini@bistrot-alpino.example")},
					invoice.Header{Number: s("NC-2025-3"), Date: s("2025-04-02"), DueDate: s("2025-04-30"), Type: s("credit_note"),
						Currency: s("EUR"), PaymentMethod: s("bank_transfer")},
					invoice.Financials{Subtotal: n(20), TaxRate: n(22), TaxAmount: n(4.4), Total: n(24.4), Currency: s("EUR")},
					[]invoice.LineItem{
						{Description: s("Reso: caffè in grani, confezione danneggiata"), Quantity: n(2), Unit: s("kg"), UnitPrice: n(10), Amount: n(20), TaxRate: n(22)},
					}),
				Warnings:     []invoice.Finding{},
				TaxBreakdown: []TaxLine{{Rate: 22, Base: 20, Amount: 4.4, Category: "S"}},
				AmountDue:    n(24.4),
			},
		},
		{
			file: "fatturapa-fpr12-ritenuta.xml",
			want: &Document{
				Format:  FormatFatturaPA,
				Profile: "FPR12",
				Result: result(
					invoice.Vendor{Name: s("Laura Bianchi"), VATNumber: s("IT07643520567"), FiscalCode: s("BNCLRA75C41F205X"),
						Address: s("Via Dante 7"), City: s("Milano"), ZipCode: s("20121"), Country: s("IT"),
						Email: s("studio@avvbianchi.example"), Phone: s("02 1234567"), IBAN: s("IT60X0542811101000000123456")},
					invoice.Buyer{Name: s("Alfa Costruzioni S.p.A."), VATNumber: s("IT09876543210"), FiscalCode: s("09876543210"),
						Address: s("Corso Vittorio Emanuele II 120"), City: s("Milano"), ZipCode: s("20122"), Country: s("IT")},
					invoice.Header{Number: s("17/2025"), Date: s("2025-07-01"), DueDate: s("2025-07-31"), Type: s("fee_note"),
						Currency: s("EUR"), PaymentMethod: s("bank_transfer")},
					invoice.Financials{Subtotal: n(1042), TaxAmount: n(228.8), Total: n(1270.8), StampDuty: n(2),
						WithholdingTax: n(232), Currency: s("EUR")},
					[]invoice.LineItem{
						{Description: s("Assistenza stragiudiziale - pratica 2025/17"), Quantity: n(1), UnitPrice: n(1000), Amount: n(1000), TaxRate: n(22)},
						{Description: s("Rimborso imposta di bollo"), UnitPrice: n(2), Amount: n(2), TaxRate: n(0)},
					}),
				Warnings:     []invoice.Finding{},
				TaxBreakdown: []TaxLine{{Rate: 22, Base: 1040, Amount: 228.8}, {Rate: 0, Base: 2, Amount: 0, Category: "N1"}},
				AmountDue:    n(1038.8),
				BuyerSDICode: "P7HLQD2",
			},
		},
		{
			file: "fatturapa-fpa12-two-bodies.xml",
			want: func() *Document {
				w := []invoice.Finding{{Code: WarnMultipleBodies, Severity: invoice.SeverityWarning,
					Message: "the file holds 2 invoices (FatturaElettronicaBody); only the first is extracted"}}
				return &Document{
					Format:  FormatFatturaPA,
					Profile: "FPA12",
					Result: result(
						invoice.Vendor{Name: s("Servizi Informatici Adriatici S.r.l."), VATNumber: s("IT02468013579"), FiscalCode: s("02468013579"),
							Address: s("Via del Porto 44/B"), City: s("Ancona"), ZipCode: s("60121"), Country: s("IT"),
							IBAN: s("IT02L1234512345123456789012")},
						invoice.Buyer{Name: s("Comune di Ancona"), FiscalCode: s("00351040423"),
							Address: s("Largo XXIV Maggio 1"), City: s("Ancona"), ZipCode: s("60123"), Country: s("IT")},
						invoice.Header{Number: s("2025/PA/14"), Date: s("2025-06-30"), Type: s("invoice"), Currency: s("EUR"),
							PaymentMethod: s("bank_transfer"), PONumber: s("DET-2025-331")},
						invoice.Financials{Subtotal: n(900), TaxRate: n(22), TaxAmount: n(198), Total: n(1098), Currency: s("EUR")},
						[]invoice.LineItem{
							{Description: s("Canone manutenzione software giugno 2025"), Quantity: n(1), Unit: s("mese"), UnitPrice: n(800),
								Amount: n(720), TaxRate: n(22), DiscountPct: n(10)},
							{Description: s("Intervento on-site"), Quantity: n(3), Unit: s("ore"), UnitPrice: n(60), Amount: n(180), TaxRate: n(22)},
						}, w...),
					Warnings:     w,
					TaxBreakdown: []TaxLine{{Rate: 22, Base: 900, Amount: 198}},
					AmountDue:    n(900),
					BuyerSDICode: "UFABCD",
				}
			}(),
		},
		{
			file: "fatturapa-no-total.xml",
			want: func() *Document {
				w := []invoice.Finding{{Code: WarnTotalComputed, Severity: invoice.SeverityInfo, Field: "financials.total",
					Message: "no ImportoTotaleDocumento: total computed as the sum of ImponibileImporto and Imposta of DatiRiepilogo"}}
				return &Document{
					Format:  FormatFatturaPA,
					Profile: "FPR12",
					Result: result(
						invoice.Vendor{Name: s("Ferramenta Rossi di Rossi Paolo"), VATNumber: s("IT03214560789"), FiscalCode: s("RSSPLA70A01H501Z"),
							Address: s("Via Roma, 15"), City: s("Roma"), ZipCode: s("00184"), Country: s("IT"),
							IBAN: s("IT40S0542811101000000123456")},
						invoice.Buyer{Name: s("Giulia Verdi"), FiscalCode: s("VRDGLI85M41H501Q"),
							Address: s("Viale Trastevere 200"), City: s("Roma"), ZipCode: s("00153"), Country: s("IT")},
						invoice.Header{Number: s("FT/2025/0099"), Date: s("2025-09-15"), DueDate: s("2025-10-15"), Type: s("invoice"), Currency: s("EUR")},
						invoice.Financials{Subtotal: n(175), TaxAmount: n(31.9), Total: n(206.9), Currency: s("EUR")},
						[]invoice.LineItem{
							{Description: s("Trapano avvitatore 18V"), Quantity: n(1), Unit: s("PZ"), UnitPrice: n(120), Amount: n(120), TaxRate: n(22)},
							{Description: s("Pellet di abete (sacco 15 kg)"), Quantity: n(10), Unit: s("SC"), UnitPrice: n(5.5), Amount: n(55), TaxRate: n(10)},
						}, w...),
					Warnings:     w,
					TaxBreakdown: []TaxLine{{Rate: 22, Base: 120, Amount: 26.4}, {Rate: 10, Base: 55, Amount: 5.5}},
					AmountDue:    n(206.9),
					BuyerPEC:     "giulia.verdi@pec.example.it",
				}
			}(),
		},
		{
			file: "fatturapa-latin1.xml",
			want: &Document{
				Format:  FormatFatturaPA,
				Profile: "FPR12",
				Result: result(
					invoice.Vendor{Name: s("Caffè Ristoro di Nicolò Galilei"), VATNumber: s("IT04567890123"),
						Address: s("Piazza Università 3"), City: s("Forlì"), ZipCode: s("47121"), Country: s("IT")},
					invoice.Buyer{Name: s("Agenzia Viaggi Città Aperta S.r.l."), VATNumber: s("IT05678901234"),
						Address: s("Corso della Repubblica 88"), City: s("Forlì"), ZipCode: s("47121"), Country: s("IT")},
					invoice.Header{Number: s("34/B"), Date: s("2025-03-31"), DueDate: s("2025-04-30"), Type: s("invoice"),
						Currency: s("EUR"), PaymentMethod: s("riba")},
					invoice.Financials{Subtotal: n(100), TaxRate: n(22), TaxAmount: n(22), Total: n(112), Discount: n(10), Currency: s("EUR")},
					[]invoice.LineItem{
						{Description: s("Coffee break – marzo (N° 40 × € 2,50)"), Quantity: n(40), Unit: s("pz."), UnitPrice: n(2.5), Amount: n(100), TaxRate: n(22)},
					}),
				Warnings:     []invoice.Finding{},
				TaxBreakdown: []TaxLine{{Rate: 22, Base: 100, Amount: 22}},
				AmountDue:    n(112),
				BuyerSDICode: "ZNVE3K5",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			got, err := Parse(readFixture(t, tt.file))
			if err != nil {
				t.Fatalf("Parse(%s) error = %v", tt.file, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Parse(%s) mismatch (-want +got):\n%s", tt.file, diff)
			}
		})
	}
}

// A FatturaPA batch (lotto) gives one document per body, each with the
// header the bodies share and no warning about the others; a CII or UBL
// file gives one document, the same Parse gives.
func TestParseAll(t *testing.T) {
	docs, err := ParseAll(readFixture(t, "fatturapa-fpa12-two-bodies.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 2 {
		t.Fatalf("%d documents, want 2", len(docs))
	}
	first, err := Parse(readFixture(t, "fatturapa-fpa12-two-bodies.xml"))
	if err != nil {
		t.Fatal(err)
	}
	first.Warnings = []invoice.Finding{}
	first.Result.Validation.Warnings = []invoice.Finding{}
	if d := cmp.Diff(first, docs[0]); d != "" {
		t.Errorf("first body differs from Parse's (-Parse +ParseAll):\n%s", d)
	}
	second := docs[1].Result
	want := invoice.Result{
		Vendor:  first.Result.Vendor,
		Buyer:   first.Result.Buyer,
		Invoice: invoice.Header{Number: s("2025/PA/15"), Date: s("2025-06-30"), Type: s("credit_note"), Currency: s("EUR")},
		Financials: invoice.Financials{Subtotal: n(60), TaxRate: n(22), TaxAmount: n(13.2), Total: n(73.2),
			Currency: s("EUR")},
		LineItems: []invoice.LineItem{{Description: s("Storno intervento non eseguito"), Quantity: n(1),
			UnitPrice: n(60), Amount: n(60), TaxRate: n(22)}},
		Validation: invoice.Validation{Warnings: []invoice.Finding{}},
	}
	want.Vendor.IBAN = nil // the second body has no payment block
	if d := cmp.Diff(want, second); d != "" {
		t.Errorf("second body (-want +got):\n%s", d)
	}
	for _, f := range []string{"cii-en16931.xml", "ubl-invoice.xml"} {
		docs, err := ParseAll(readFixture(t, f))
		if err != nil || len(docs) != 1 {
			t.Errorf("%s: %d documents, err %v; want 1", f, len(docs), err)
		}
	}
}
