package fields

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/invoice"
)

// seg is a run of words printed from x on a synthetic line.
type seg struct {
	x    float64
	text string
}

// srow is a synthetic line at height y.
type srow struct {
	y    float64
	segs []seg
}

// partyDoc lays rows out on an A4 page in a 10-point font: 5 points a
// character, 3 points between words.
func partyDoc(rows ...srow) *layout.Document {
	p := layout.Page{Number: 1, Width: 595, Height: 842}
	for _, r := range rows {
		var l layout.Line
		for _, s := range r.segs {
			x := s.x
			for _, w := range strings.Fields(s.text) {
				box := layout.Rect{X0: x, Y0: r.y, X1: x + 5*float64(len([]rune(w))), Y1: r.y + 10}
				l.Words = append(l.Words, len(p.Words))
				p.Words = append(p.Words, layout.Word{Text: w, Box: box, FontSize: 10})
				if len(l.Words) == 1 {
					l.Box = box
				} else {
					l.Box = union(l.Box, box)
				}
				x = box.X1 + 3
			}
		}
		p.Lines = append(p.Lines, l)
	}
	return &layout.Document{Pages: []layout.Page{p}}
}

// parties returns the parties read from doc.
func partiesOf(doc *layout.Document, locale string) (invoice.Vendor, invoice.Buyer) {
	o := Extract(doc, locale)
	return o.Result.Vendor, o.Result.Buyer
}

// partyDiff compares the named fields of a party with want ("" = null).
func partyDiff(t *testing.T, who string, got any, want map[string]string) {
	t.Helper()
	var fields map[string]*string
	switch p := got.(type) {
	case invoice.Vendor:
		fields = map[string]*string{"name": p.Name, "vat_number": p.VATNumber, "fiscal_code": p.FiscalCode, "address": p.Address,
			"city": p.City, "zip_code": p.ZipCode, "country": p.Country, "email": p.Email, "phone": p.Phone}
	case invoice.Buyer:
		fields = map[string]*string{"name": p.Name, "vat_number": p.VATNumber, "fiscal_code": p.FiscalCode, "address": p.Address,
			"city": p.City, "zip_code": p.ZipCode, "country": p.Country, "email": p.Email}
	}
	gotm := map[string]string{}
	for k := range want {
		if v := fields[k]; v != nil {
			gotm[k] = *v
		} else {
			gotm[k] = ""
		}
	}
	if d := cmp.Diff(want, gotm); d != "" {
		t.Errorf("%s (-want +got):\n%s", who, d)
	}
}

// A block label preceded by a word of its own phrase qualifies another key
// ("Référence acheteur", "Logo le fournisseur") and heads no block; after a
// separator it is an alternative heading.
func TestQualifiedLabelIsNoHeading(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{40, "LOGO LE FOURNISSEUR"}, {300, "FACTURE N° : F1"}}},
		srow{80, []seg{{40, "MAISON DUPONT SARL"}, {300, "CLIENT :"}}},
		srow{92, []seg{{40, "12 rue des Lilas"}, {300, "ATELIER MARTIN"}}},
		srow{104, []seg{{40, "69002 LYON"}, {300, "8 avenue Foch"}}},
		srow{116, []seg{{300, "13001 MARSEILLE"}}},
		srow{240, []seg{{40, "REFERENCE ACHETEUR / SERVICE : S1"}, {300, "Livraison"}}},
		srow{252, []seg{{40, "Projet 7"}, {300, "Quai 3"}}},
	)
	v, b := partiesOf(doc, "fr")
	partyDiff(t, "buyer", b, map[string]string{"name": "ATELIER MARTIN", "city": "MARSEILLE", "zip_code": "13001"})
	partyDiff(t, "vendor", v, map[string]string{"city": "LYON", "zip_code": "69002"})

	doc = partyDoc(
		srow{40, []seg{{40, "Lieferant - Fornitore"}}},
		srow{52, []seg{{100, "Rossi Servizi"}}},
		srow{64, []seg{{100, "Via Roma 1"}}},
		srow{76, []seg{{100, "00100 Roma RM"}}},
	)
	v, _ = partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"name": "Rossi Servizi", "city": "Roma", "zip_code": "00100", "address": "Via Roma 1"})
}

// A line shared by the vendor's letterhead and the buyer's block keeps the
// vendor's e-mail on its left.
func TestVendorEmailBesideBuyerBlock(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{40, "Rossi Srl"}, {320, "Spett.le"}}},
		srow{52, []seg{{40, "Via Roma 1"}, {320, "Bianchi SpA"}}},
		srow{64, []seg{{40, "20121 Milano MI"}, {320, "Corso Italia 10"}}},
		srow{76, []seg{{40, "info@rossi.example"}, {320, "00184 Roma RM"}}},
	)
	v, b := partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"email": "info@rossi.example", "city": "Milano"})
	partyDiff(t, "buyer", b, map[string]string{"name": "Bianchi SpA", "email": "", "city": "Roma"})
}

// The street is the line above the postal line that reads as a street, not
// a second address line; a street printed before the postcode on the
// postal line counts too. A value under a "Key:" line continues its block.
func TestStreetLine(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{40, "Fournisseur :"}, {320, "Client :"}}},
		srow{52, []seg{{40, "Maison Dupont"}, {320, "Atelier Martin"}}},
		srow{64, []seg{{40, "12 rue des Lilas, 69002 Lyon"}, {320, "8 avenue Foch"}}},
		srow{76, []seg{{320, "Bâtiment B"}}},
		srow{88, []seg{{320, "13001 Marseille"}}},
	)
	v, b := partiesOf(doc, "fr")
	partyDiff(t, "vendor", v, map[string]string{"address": "12 rue des Lilas", "city": "Lyon"})
	partyDiff(t, "buyer", b, map[string]string{"address": "8 avenue Foch", "city": "Marseille"})

	doc = partyDoc(
		srow{40, []seg{{40, "Verkäufer"}}},
		srow{52, []seg{{40, "Name:"}, {200, "Muster GmbH"}}},
		srow{64, []seg{{40, "Anschrift:"}, {200, "Lindenallee 15"}}},
		srow{76, []seg{{200, "Hof 3"}}},
		srow{88, []seg{{200, "DE 04109 Leipzig"}}},
	)
	v, _ = partiesOf(doc, "de")
	partyDiff(t, "vendor", v, map[string]string{"name": "Muster GmbH", "address": "Lindenallee 15", "city": "Leipzig", "zip_code": "04109", "country": "DE"})
}

// A utility bill: the buyer greeted by a salutation and named again in the
// address window on the right, the vendor named and seated in the footer;
// a glossary on a later page uses "Fornitore" in prose.
func TestSalutationWindowAndRegisteredOffice(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{40, "Luce Verde - Mercato libero"}}},
		srow{120, []seg{{40, "Gentile COMUNE DI VALLEBELLA Amm. pub.,"}}},
		srow{150, []seg{{40, "Fornitura in:"}, {330, "COMUNE DI VALLEBELLA"}}},
		srow{162, []seg{{40, "Via dei Campi 9 12345 Altrove AL"}, {330, "PIAZZA GRANDE 1"}}},
		srow{174, []seg{{330, "33070 VALLEBELLA PN"}}},
		srow{400, []seg{{40, "Totale da pagare 12,00"}}},
		srow{600, []seg{{40, "FORNITORE:"}}},
		srow{612, []seg{{40, "è la società che ti vende l'energia elettrica e il gas naturale ogni mese."}}},
		srow{800, []seg{{40, "Luce Verde S.p.A. - Sede legale 00144 Roma, Viale Europa 190 - Registro Imprese di Roma"}}},
	)
	v, b := partiesOf(doc, "it")
	partyDiff(t, "buyer", b, map[string]string{"address": "PIAZZA GRANDE 1", "city": "VALLEBELLA", "zip_code": "33070"})
	partyDiff(t, "vendor", v, map[string]string{"name": "Luce Verde S.p.A.", "address": "Viale Europa 190", "city": "Roma", "zip_code": "00144"})
}

// Identifiers labelled as the buyer's ("P.IVA cliente:") go to the buyer,
// never to the letterhead's vendor; a title alone ("Egr. Sig.") is not the
// buyer's name.
func TestBuyerLabelledIDsAndTitle(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{300, "FATTURA"}}},
		srow{60, []seg{{300, "CF cliente: RSSMRA80A01H501U"}}},
		srow{72, []seg{{20, "AZIENDA AGRICOLA VERDI S.S."}, {300, "P.IVA cliente: 12345678903"}}},
		srow{84, []seg{{20, "Via Roma 1"}}},
		srow{96, []seg{{20, "60015 FALCONARA MARITTIMA (AN)"}, {300, "Egr. Sig."}}},
		srow{108, []seg{{20, "P.IVA: 01234567897"}, {300, "ROSSI MARIO"}}},
		srow{120, []seg{{300, "Via Verdi 3"}}},
		srow{132, []seg{{300, "60020 FALCONARA MARITTIMA (AN)"}}},
	)
	v, b := partiesOf(doc, "it")
	partyDiff(t, "buyer", b, map[string]string{"name": "ROSSI MARIO", "fiscal_code": "RSSMRA80A01H501U", "vat_number": "12345678903", "zip_code": "60020"})
	partyDiff(t, "vendor", v, map[string]string{"vat_number": "01234567897", "zip_code": "60015"})
}

// With the letterhead's VAT number read, another one printed under the
// buyer's block, in its column, is the buyer's.
func TestBuyerVATUnderBlock(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{40, "MAISON DUPONT"}, {300, "FACTURE N° : F7"}}},
		srow{60, []seg{{40, "12 rue des Lilas"}, {300, "CLIENT :"}}},
		srow{72, []seg{{40, "69002 LYON"}, {300, "ATELIER MARTIN"}}},
		srow{84, []seg{{40, "N° TVA : FR 44 732 829 320"}, {300, "8 avenue Foch"}}},
		srow{96, []seg{{300, "13001 MARSEILLE"}}},
		srow{150, []seg{{40, "Nos références"}, {300, "Vos identifiants"}}},
		srow{162, []seg{{300, "N° TVA : FR 40 303 265 045"}}},
	)
	v, b := partiesOf(doc, "fr")
	partyDiff(t, "vendor", v, map[string]string{"vat_number": "FR44732829320"})
	partyDiff(t, "buyer", b, map[string]string{"name": "ATELIER MARTIN", "vat_number": "FR40303265045"})
}

// In a letterhead, the VAT number printed with the company's name wins over
// another number printed higher on the page (the customer's, in a grid).
func TestLetterheadVATWithName(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{40, "Bolletta per la fornitura"}}},
		srow{60, []seg{{40, "N° CLIENTE"}, {200, "CODICE FISCALE"}}},
		srow{72, []seg{{40, "4711"}, {200, "01234567897"}}},
		srow{800, []seg{{40, "Luce Verde S.p.A. - Sede legale 00144 Roma, Viale Europa 190 - C.F. e P.I. 12345678903"}}},
	)
	v, _ := partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"name": "Luce Verde S.p.A.", "vat_number": "12345678903"})
}

// A recipient block printed right under the sender's one-line return
// address (pieces set apart by dashes) is the buyer's, not the letterhead
// on the right, whose name line is wider than its address lines; Irish
// postal lines give the Eircode after the city.
func TestBlockUnderSenderStrip(t *testing.T) {
	doc := partyDoc(
		srow{36, []seg{{340, "Kavanagh Garden Tools Ltd"}}},
		srow{60, []seg{{420, "7 Merrion Road"}}},
		srow{72, []seg{{420, "Dublin D04 K7W2"}}},
		srow{84, []seg{{420, "Ireland"}}},
		srow{96, []seg{{420, "VAT Reg. No.: IE6388047V"}}},
		srow{126, []seg{{50, "Kavanagh Garden Tools Ltd - 7 Merrion Road - Dublin D04 K7W2"}}},
		srow{140, []seg{{50, "Doyle Bakery Ltd"}}},
		srow{152, []seg{{50, "4 Mill Lane"}, {340, "Invoice No.:"}, {440, "INV-77"}}},
		srow{164, []seg{{50, "Cork T23 P6CE"}, {340, "Date:"}, {440, "1 March 2026"}}},
		srow{176, []seg{{50, "Ireland"}}},
		srow{196, []seg{{50, "VAT Reg. No. IE3668997OH"}}},
	)
	v, b := partiesOf(doc, "en")
	partyDiff(t, "buyer", b, map[string]string{"name": "Doyle Bakery Ltd", "address": "4 Mill Lane", "city": "Cork", "zip_code": "T23 P6CE", "country": "IE"})
	partyDiff(t, "vendor", v, map[string]string{"name": "Kavanagh Garden Tools Ltd", "address": "7 Merrion Road", "city": "Dublin", "zip_code": "D04 K7W2", "vat_number": "IE6388047V"})
}

// A street printed after the sender's name and a dash on a postal line is
// read without the name.
func TestStreetPartAfterDash(t *testing.T) {
	for in, want := range map[string]string{
		"Rossi Grafica - Via G. Verdi 21 -": "Via G. Verdi 21",
		"Via Roma 1 - Scala B":              "Via Roma 1 - Scala B",
		"Rossi Srl · Via Roma 1 ·":          "Via Roma 1",
	} {
		if got := streetPart(in); got != want {
			t.Errorf("streetPart(%q) = %q, want %q", in, got, want)
		}
	}
}

// A labelled buyer block ends at a document title or the items table: the
// IBAN printed in its column further down is the vendor's. A street
// starting with "Unit" is no column header.
func TestBuyerBlockEndsAtSection(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{340, "Harbour Print Ltd"}}},
		srow{52, []seg{{340, "8 Dock Road"}}},
		srow{64, []seg{{340, "Leeds LS1 4DY"}}},
		srow{140, []seg{{50, "Invoice to"}}},
		srow{152, []seg{{50, "Moor Dental Care"}}},
		srow{164, []seg{{50, "Unit 4 Riverside Park"}}},
		srow{176, []seg{{50, "York YO1 7HH"}}},
		srow{188, []seg{{50, "VAT GB980780684"}}},
		srow{204, []seg{{50, "INVOICE"}}},
		srow{216, []seg{{54, "Description"}, {340, "Qty"}, {390, "Unit price"}, {500, "Amount"}}},
		srow{232, []seg{{54, "Business cards"}, {340, "2"}, {390, "40.00"}, {500, "80.00"}}},
		srow{246, []seg{{340, "Total"}, {500, "80.00"}}},
		srow{258, []seg{{50, "Payment method:"}, {180, "Bank transfer"}}},
		srow{272, []seg{{50, "IBAN:"}, {180, "GB33BUKB20201555555555"}}},
	)
	o := Extract(doc, "en")
	partyDiff(t, "buyer", o.Result.Buyer, map[string]string{"name": "Moor Dental Care", "address": "Unit 4 Riverside Park", "city": "York", "zip_code": "YO1 7HH", "vat_number": "GB980780684"})
	if got := o.Result.Vendor.IBAN; got == nil || *got != "GB33BUKB20201555555555" {
		t.Errorf("vendor IBAN = %v, want GB33BUKB20201555555555", got)
	}
}

// A footer in columns: the street above the postal line is found past the
// pieces of the other columns printed beside it; a phone number followed by
// an e-mail address in the letterhead is no postal line.
func TestFooterColumnsStreet(t *testing.T) {
	doc := partyDoc(
		srow{45, []seg{{50, "Studio Legale Neri"}}},
		srow{70, []seg{{50, "Tel +39 080 522 1746"}, {160, "Email: studio@neri.example"}}},
		srow{112, []seg{{50, "Cliente"}, {340, "FATTURA"}}},
		srow{132, []seg{{50, "Verdi Costruzioni Srl"}}},
		srow{144, []seg{{50, "Via Napoli 4"}, {340, "Numero:"}, {440, "12/2026"}}},
		srow{156, []seg{{50, "70122 Bari (BA)"}}},
		srow{764, []seg{{50, "Studio Legale Neri"}, {230, "P.IVA IT01234567897"}, {370, "Banca: Banca Esempio"}}},
		srow{774, []seg{{50, "Corso Cavour 3/B"}, {230, "C.F. NRESTD80A01A662X"}, {370, "IBAN IT60 X054 2811 1010 0000 0123 456"}}},
		srow{784, []seg{{50, "70121 Bari (BA)"}}},
	)
	v, b := partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"name": "Studio Legale Neri", "address": "Corso Cavour 3/B", "city": "Bari", "zip_code": "70121"})
	partyDiff(t, "buyer", b, map[string]string{"name": "Verdi Costruzioni Srl", "address": "Via Napoli 4", "zip_code": "70122"})
}

// A street line going on with a second address line after a comma keeps
// the street and its number only.
func TestFirstAddressLine(t *testing.T) {
	for in, want := range map[string]string{
		"35 rue des Lilas, Bâtiment B": "35 rue des Lilas",
		"Via Roma 1, scala B":          "Via Roma 1",
		"Via Roma, 1":                  "Via Roma, 1",
		"PZA GARIBALDI, 3,":            "PZA GARIBALDI, 3,",
		"Unit 4, 12 Dock Road":         "Unit 4, 12 Dock Road",
	} {
		if got := firstAddressLine(in); got != want {
			t.Errorf("firstAddressLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// After a phone label, an unbroken run of digits is the vendor's phone
// number, in a keyed block or a letterhead line.
func TestLabelledPhoneDigits(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{50, "Cedente/prestatore"}}},
		srow{52, []seg{{50, "Denominazione: ROSSI SRL"}}},
		srow{64, []seg{{50, "Indirizzo: VIA ROMA 1"}}},
		srow{76, []seg{{50, "Comune: ROMA Provincia: RM"}}},
		srow{88, []seg{{50, "Cap: 00100 Nazione: IT"}}},
		srow{100, []seg{{50, "Telefono: 612345789"}}},
	)
	v, _ := partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"name": "ROSSI SRL", "phone": "612345789"})

	doc = partyDoc(
		srow{40, []seg{{50, "Rossi Srl"}}},
		srow{52, []seg{{50, "Via Roma 1, 00100 Roma RM"}}},
		srow{64, []seg{{50, "Tel. 612345789"}}},
		srow{120, []seg{{320, "Spett.le"}}},
		srow{132, []seg{{320, "Bianchi SpA"}}},
		srow{144, []seg{{320, "Corso Italia 10"}}},
		srow{156, []seg{{320, "20121 Milano MI"}}},
	)
	v, _ = partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"phone": "612345789"})
}

// A header grid that names the customer's identifiers beside document
// fields, with the values on the row below, gives the buyer's VAT number
// and fiscal code, and keeps them from the letterhead's vendor.
func TestHeaderGridIDs(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{320, "Ragione Sociale"}}},
		srow{52, []seg{{320, "VERDI MARIO AZ. AGRICOLA"}}},
		srow{64, []seg{{320, "VIA ROMA 3"}}},
		srow{76, []seg{{320, "60020 AGUGLIANO (AN)"}}},
		srow{100, []seg{{60, "ROSSI FORMAGGI srl"}}},
		srow{112, []seg{{60, "VIA VOLTA 1 - 60020 CAMERATA PICENA (AN)"}}},
		srow{124, []seg{{60, "C.F. - P.IVA 01234567897"}}},
		srow{160, []seg{{30, "Partita IVA"}, {110, "Cod.fiscale"}, {230, "Documento Nr."}, {340, "Data Documento"}}},
		srow{172, []seg{{30, "12345678903"}, {110, "VRDMRA62C27A271X"}, {230, "130"}, {340, "31/01/2026"}}},
	)
	v, b := partiesOf(doc, "it")
	partyDiff(t, "buyer", b, map[string]string{"vat_number": "12345678903", "fiscal_code": "VRDMRA62C27A271X"})
	partyDiff(t, "vendor", v, map[string]string{"vat_number": "01234567897", "fiscal_code": "01234567897"})
	if got := trimCodes("Stadthausen ●"); got != "Stadthausen" {
		t.Errorf("trimCodes = %q, want Stadthausen", got)
	}
}

// A name printed over two lines, the second ending with the legal form,
// is read whole; a street under a name is not part of it.
func TestNameOverTwoLines(t *testing.T) {
	doc := partyDoc(
		srow{298, []seg{{50, "Verkäufer:"}}},
		srow{311, []seg{{50, "Nummer : 4711"}}},
		srow{321, []seg{{50, "Hanse Schutzbund"}}},
		srow{332, []seg{{50, "Versicherungsverein Kiel a.G."}}},
		srow{357, []seg{{50, "Fördeweg 3"}}},
		srow{368, []seg{{50, "DE 24103 Kiel"}}},
		srow{411, []seg{{50, "Käufer:"}}},
		srow{434, []seg{{50, "Frau Erika Beispiel"}}},
		srow{445, []seg{{50, "Lindenallee 2"}}},
		srow{456, []seg{{50, "DE 24105 Kiel"}}},
		srow{600, []seg{{50, "Gesamtbetrag"}, {400, "100,00"}}},
	)
	v, b := partiesOf(doc, "de")
	partyDiff(t, "vendor", v, map[string]string{"name": "Hanse Schutzbund Versicherungsverein Kiel a.G."})
	partyDiff(t, "buyer", b, map[string]string{"name": "Frau Erika Beispiel", "address": "Lindenallee 2"})
}
