package fields

import (
	"testing"
)

// A registered office is read whatever the order of its street and its
// postal line, up to the contact and registration data that follow it.
func TestOfficeAddress(t *testing.T) {
	tests := []struct {
		text, street, zip, city string
	}{
		{"36045 Montefalco (PG) Via dei Tigli 4, Tel. 0742 123456, Sede Amministrativa: 17058 Altrove", "Via dei Tigli 4", "36045", "Montefalco"},
		{"P.le Europa, 2 00154 Roma Tel. 0612345", "P.le Europa, 2", "00154", "Roma"},
		{"Foro Bonaccorsi 31 - 20121 Milano - Società a socio unico", "Foro Bonaccorsi 31", "20121", "Milano"},
		{"e Direzione via SS. Pietro e Paolo 7, 16122 Genova – Iscritta nel registro", "via SS. Pietro e Paolo 7", "16122", "Genova"},
		{"00198 Roma, Via dei Mille 15 - Registro Imprese di Roma", "Via dei Mille 15", "00198", "Roma"},
		{"Via delle Querce 9, 63100 Ascoli Piceno (AP), capitale sociale di euro 10.000", "Via delle Querce 9", "63100", "Ascoli Piceno"},
		{"via della pace 10 - 60033 CHIARAVALLE (AN)", "via della pace 10", "60033", "CHIARAVALLE"},
		{"20843 Verano Brianza (MB) - Codice Fiscale 01234567897", "", "20843", "Verano Brianza"},
	}
	for _, tt := range tests {
		street, pa, ok := officeAddress(tt.text, "it")
		if !ok || street != tt.street || pa.Zip != tt.zip || pa.City != tt.city {
			t.Errorf("officeAddress(%q) = %q, %q, %q, %v; want %q, %q, %q", tt.text, street, pa.Zip, pa.City, ok, tt.street, tt.zip, tt.city)
		}
	}
	// A postal code without a city after it is no office address.
	if street, pa, ok := officeAddress("in Roma, Piazzale Italia, 1 - 00144", "it"); ok {
		t.Errorf("officeAddress(no city) = %q, %+v; want none", street, pa)
	}
}

// The registered office in a footer gives the vendor's address, even when
// its address wraps onto the next line, and not the buyer's address
// printed in the letterhead's area.
func TestFooterOfficeWraps(t *testing.T) {
	doc := partyDoc(
		srow{60, []seg{{40, "I tuoi dati"}, {320, "La tua bolletta"}}},
		srow{80, []seg{{40, "Mario Bianchi"}}},
		srow{92, []seg{{40, "INDIRIZZO DI FATTURAZIONE:"}}},
		srow{104, []seg{{40, "Via Larga 74, 33079 Borgoverde (PN)"}}},
		srow{400, []seg{{40, "Totale da pagare 12,00"}}},
		srow{800, []seg{{20, "Energia Nuova Srl, società a socio unico, con sede legale in Via delle Querce 9, 63100"}}},
		srow{810, []seg{{20, "Ascoli Piceno (AP), capitale sociale di euro 10.000,00, codice fiscale e partita IVA 01234567897"}}},
	)
	v, _ := partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"name": "Energia Nuova Srl", "address": "Via delle Querce 9", "city": "Ascoli Piceno", "zip_code": "63100"})
}

// The vendor is the company that heads the legal data of the footer, not
// a printer named in the return address nor a distributor named in a
// contact box; a company named in passing (its parent) is not the vendor.
func TestLetterheadNameHeadsLegalData(t *testing.T) {
	doc := partyDoc(
		srow{60, []seg{{40, "In caso di mancato recapito restituire a:"}}},
		srow{70, []seg{{40, "Stampatori Riuniti SpA - Casella Postale n.8 - 37012 Bussolengo VR"}}},
		srow{160, []seg{{320, "COMUNE DI VALLEBELLA"}}},
		srow{172, []seg{{320, "PIAZZA GRANDE 1"}}},
		srow{184, []seg{{320, "33070 VALLEBELLA PN"}}},
		srow{400, []seg{{40, "Totale da pagare 12,00"}}},
		srow{740, []seg{{360, "Guasti: Reti Locali S.p.A. Tel. 800123"}}},
		srow{780, []seg{{20, "Società soggetta a direzione e coordinamento di Holding Blu S.p.A. - Capitale sociale euro 1.000"}}},
		srow{790, []seg{{20, "LUCE BLU S.p.A. - Sede Legale: Foro Bonaccorsi 31 - 20121 Milano - Società a socio unico"}}},
	)
	v, _ := partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"name": "LUCE BLU S.p.A.", "address": "Foro Bonaccorsi 31", "city": "Milano"})
}

// The legal data printed under the totals, above the footer band, name the
// vendor too, with the qualifier of a company with one member.
func TestLegalDataAboveFooter(t *testing.T) {
	doc := partyDoc(
		srow{180, []seg{{300, "Cliente"}}},
		srow{192, []seg{{40, "Negozio"}, {300, "MARIO BIANCHI"}}},
		srow{204, []seg{{40, "Via Larga, 16"}, {300, "VIA ROSSI 10"}}},
		srow{216, []seg{{40, "50010 , BORGO NUOVO (FI)"}, {300, "50141 FIRENZE (FI)"}}},
		srow{400, []seg{{40, "Totale fattura 24,00"}}},
		srow{640, []seg{{40, "ELETTROCASA S.p.A. con Socio Unico - Sede Legale: 20843 Verano Alto (MB) - Via dei Pini, 69"}}},
	)
	v, _ := partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"name": "ELETTROCASA S.p.A. con Socio Unico"})
}

// Of the two 11-digit numbers in a footer, the one labelled as the VAT
// number is the vendor's VAT number, not the one labelled as its fiscal
// code; a number labelled as the reader's ("Vs. P.IVA") is the buyer's.
func TestVendorVATByLabel(t *testing.T) {
	doc := partyDoc(
		srow{50, []seg{{20, "Vetri Alti S.p.A."}}},
		srow{90, []seg{{300, "SPETT. :"}}},
		srow{100, []seg{{300, "AZIENDA VERDI"}}},
		srow{112, []seg{{300, "Via Roma 1"}}},
		srow{124, []seg{{300, "60015 Falconara Marittima AN"}}},
		srow{200, []seg{{230, "VS POS. IVA"}, {310, "IT12345678903"}}},
		srow{400, []seg{{40, "Totale fattura 24,00"}}},
		srow{800, []seg{{20, "Vetri Alti S.p.A. - Sede Legale 00198 Roma, Via dei Mille 15 - Codice Fiscale 01234567897 R.E.A. 11507"}}},
		srow{810, []seg{{20, "Gruppo IVA P.I. 09876543217 - Capitale Sociale Euro 10.000,00"}}},
	)
	v, b := partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"name": "Vetri Alti S.p.A.", "vat_number": "09876543217"})
	partyDiff(t, "buyer", b, map[string]string{"vat_number": "IT12345678903"})

	// A vendor that prints no VAT number of its own gets none.
	doc = partyDoc(
		srow{50, []seg{{20, "Vetri Alti S.p.A."}}},
		srow{90, []seg{{300, "SPETT. :"}}},
		srow{100, []seg{{300, "AZIENDA VERDI"}}},
		srow{112, []seg{{300, "Via Roma 1"}}},
		srow{124, []seg{{300, "60015 Falconara Marittima AN"}}},
		srow{200, []seg{{20, "Vostra Partita IVA"}, {160, "IT12345678903"}}},
	)
	v, _ = partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"vat_number": ""})
}

// A vendor word inside prose ("consegnata dal venditore", a sentence that
// ends with "Fornitore.") heads no block: the footer names the vendor.
func TestVendorWordInProse(t *testing.T) {
	doc := partyDoc(
		srow{120, []seg{{300, "COMUNE DI VALLEBELLA"}}},
		srow{132, []seg{{300, "PIAZZA GRANDE 1"}}},
		srow{144, []seg{{300, "33070 VALLEBELLA PN"}}},
		srow{400, []seg{{40, "Totale da pagare 12,00"}}},
		srow{800, []seg{{20, "Luce Verde S.p.A. - Sede Legale 00198 Roma, Via dei Mille 15 - Codice Fiscale 01234567897"}}},
	)
	page2 := partyDoc(
		srow{200, []seg{{40, "costi di sistema, come da delibera"}, {306, "generale. Indipendente dal"}}},
		srow{210, []seg{{40, "PCV, aggiornata come da delibera"}, {306, "Fornitore."}}},
		srow{230, []seg{{306, "sono dei costi riscossi dal"}}},
		srow{240, []seg{{306, "l'energia viene consegnata dal venditore (per te è Luce"}}},
		srow{250, []seg{{306, "Verde) e prelevata dal cliente finale."}}},
	).Pages[0]
	page2.Number = 2
	doc.Pages = append(doc.Pages, page2)
	v, _ := partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"name": "Luce Verde S.p.A.", "city": "Roma", "address": "Via dei Mille 15"})
}

// A personal fiscal code in the letterhead's area is not the code of a
// vendor named with a legal form: a company's code has 11 digits.
func TestCompanyHasNoPersonalCode(t *testing.T) {
	doc := partyDoc(
		srow{60, []seg{{40, "I tuoi dati"}}},
		srow{80, []seg{{40, "Mario Bianchi"}}},
		srow{100, []seg{{40, "CODICE FISCALE:"}}},
		srow{112, []seg{{40, "RSSMRA80A01H501U"}}},
		srow{400, []seg{{40, "Totale da pagare 12,00"}}},
		srow{800, []seg{{20, "Energia Nuova Srl - Sede legale in Via delle Querce 9, 63100 Ascoli Piceno (AP)"}}},
		srow{810, []seg{{20, "Capitale sociale euro 10.000,00 - codice fiscale e partita IVA 01234567897"}}},
	)
	v, _ := partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"name": "Energia Nuova Srl", "fiscal_code": "01234567897", "vat_number": "01234567897"})
}

// The street printed after the company's name on its postal line, or as
// the piece before the postcode on a return-address line, is the vendor's
// street.
func TestStreetAfterName(t *testing.T) {
	tests := []struct {
		before, name, want string
	}{
		{"Rossi Energia Mercato SpA Via Ortensie 23", "Rossi Energia Mercato SpA", "Via Ortensie 23"},
		{"Rossi Energia Mercato SpA Via Ortensie 23", "", "Via Ortensie 23"},
		{"Muster Spiel GmbH ● Winkel 12 ●", "Muster Spiel GmbH", "Winkel 12"},
		{"Muster Spiel GmbH", "Muster Spiel GmbH", ""},
		{"Scala B", "", ""},
	}
	for _, tt := range tests {
		if got, _ := streetAfterName(tt.before, tt.name); got != tt.want {
			t.Errorf("streetAfterName(%q, %q) = %q, want %q", tt.before, tt.name, got, tt.want)
		}
	}
	doc := partyDoc(
		srow{50, []seg{{146, "Rossi Energia Mercato SpA Via Ortensie 23, 38123 TRENTO"}}},
		srow{150, []seg{{300, "COMUNE DI VALLEBELLA"}}},
		srow{162, []seg{{300, "PIAZZA GRANDE 1"}}},
		srow{174, []seg{{300, "33070 VALLEBELLA PN"}}},
	)
	v, _ := partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"name": "Rossi Energia Mercato SpA", "address": "Via Ortensie 23", "city": "TRENTO"})
}

// A country code has two letters: a document number "13" is none.
func TestCountryCodeLetters(t *testing.T) {
	for in, want := range map[string]string{"13": "", "IT": "IT", "Italia": "IT", "2A": ""} {
		if got := countryCode(in); got != want {
			t.Errorf("countryCode(%q) = %q, want %q", in, got, want)
		}
	}
}

// The buyer's name and address printed again in the letterhead's area are
// the buyer's: the vendor takes none of them.
func TestLetterheadRepeatsBuyer(t *testing.T) {
	doc := partyDoc(
		srow{50, []seg{{20, "Vetri Alti S.p.A."}}},
		srow{90, []seg{{300, "SPETT. :"}}},
		srow{100, []seg{{300, "AZIENDA VERDI"}}},
		srow{112, []seg{{300, "Piazza Alberi 3"}}},
		srow{124, []seg{{300, "60015 Borgo Lontano AN"}}},
		srow{160, []seg{{20, "Cod. CLIENTE : 1902"}}},
		srow{172, []seg{{20, "AZIENDA VERDI"}}},
		srow{184, []seg{{20, "Piazza Alberi 3"}}},
		srow{196, []seg{{20, "60015 Borgo Lontano AN"}}},
		srow{400, []seg{{40, "Totale fattura 24,00"}}},
	)
	v, b := partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"name": "Vetri Alti S.p.A.", "address": "", "city": "", "zip_code": ""})
	partyDiff(t, "buyer", b, map[string]string{"name": "AZIENDA VERDI", "zip_code": "60015"})
}

// The first line of the sender's address block at the top left names the
// vendor, not the account holder named in the payment data.
func TestSenderBlockName(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{40, "MARQUE DU VENDEUR"}, {300, "FACTURE N° : F7"}}},
		srow{70, []seg{{40, "MAISON DUPONT"}, {300, "CLIENT :"}}},
		srow{82, []seg{{40, "12 rue des Lilas"}, {300, "ATELIER MARTIN"}}},
		srow{94, []seg{{40, "69002 LYON"}, {300, "8 avenue Foch"}}},
		srow{106, []seg{{40, "Tél. : 04 78 12 34 56"}, {300, "13001 MARSEILLE"}}},
		srow{400, []seg{{40, "TOTAL TTC 120,00"}}},
		srow{740, []seg{{40, "Bénéficiaire"}}},
		srow{752, []seg{{48, "NOM : COMPTE DE PAIEMENT"}}},
	)
	v, _ := partiesOf(doc, "fr")
	partyDiff(t, "vendor", v, map[string]string{"name": "MAISON DUPONT", "city": "LYON"})
}

// An IBAN printed whole after an unmistakable IBAN label is read even when
// its check digits fail (the validation flags it); a valid IBAN elsewhere
// wins, and a value that is not IBAN-shaped after the label is not read.
func TestPrintedIBANFailingCheck(t *testing.T) {
	head := []srow{
		{40, []seg{{50, "Werkstatt Kranich GmbH"}}},
		{52, []seg{{50, "Lindenweg 4"}}},
		{64, []seg{{50, "12345 Neustadt"}}},
		{400, []seg{{50, "Gesamtbetrag"}, {400, "100,00"}}},
	}
	tests := []struct {
		rows []srow
		want string
	}{
		{[]srow{{700, []seg{{50, "IBAN :"}, {300, "DE11 2233 4455 6677 8899 00"}}}}, "DE11223344556677889900"},
		{[]srow{{700, []seg{{50, "Verkäufer-IBAN :"}, {180, "DE11 2233"}, {240, "4455 6677 88"}}}}, "DE1122334455667788"},
		{[]srow{
			{700, []seg{{50, "IBAN :"}, {300, "DE11 2233 4455 6677 8899 00"}}},
			{712, []seg{{50, "Konto"}, {300, "DE02 1203 0000 0000 2020 51"}}},
		}, "DE02120300000000202051"},
		{[]srow{{700, []seg{{50, "IBAN :"}, {300, "siehe Rückseite"}}}}, ""},
	}
	for _, tt := range tests {
		v, _ := partiesOf(partyDoc(append(append([]srow{}, head...), tt.rows...)...), "de")
		got := ""
		if v.IBAN != nil {
			got = *v.IBAN
		}
		if got != tt.want {
			t.Errorf("rows %v: vendor IBAN = %q, want %q", tt.rows, got, tt.want)
		}
	}
}

// A remark in parentheses under a vendor label is no name: the company on
// the next line is, and its US postal line ending in the country's code
// gives the city, ZIP code and country.
func TestVendorBlockRemark(t *testing.T) {
	doc := partyDoc(
		srow{90, []seg{{40, "Bill to:"}}},
		srow{102, []seg{{40, "Harbour Lane Studio"}}},
		srow{114, []seg{{40, "7 Quay Street"}}},
		srow{126, []seg{{40, "Galway H91 X2Y3"}}},
		srow{400, []seg{{40, "Total"}, {500, "$12.00"}}},
		srow{640, []seg{{420, "Service provider:"}}},
		srow{650, []seg{{420, "(Not a remittance address)"}}},
		srow{660, []seg{{420, "Cloudberry Hosting, Inc."}}},
		srow{670, []seg{{420, "500 Pine Street"}}},
		srow{680, []seg{{420, "Portland, OR 97204-1100, US"}}},
	)
	v, _ := partiesOf(doc, "en")
	partyDiff(t, "vendor", v, map[string]string{"name": "Cloudberry Hosting, Inc.", "address": "500 Pine Street", "city": "Portland", "zip_code": "97204-1100", "country": "US"})
}

// A postal line whose city starts at the end of the street line above it,
// with a contact column beside it, is read joined to that line.
func TestWrappedPostalLine(t *testing.T) {
	doc := partyDoc(
		srow{16, []seg{{255, "PANIFICIO ROSSI SRL"}}},
		srow{64, []seg{{255, "INDIRIZZO"}}},
		srow{72, []seg{{255, "VIA DEI FORNI, 12 SAN"}}},
		srow{77, []seg{{418, "EMAIL"}}},
		srow{81, []seg{{255, "DONATO MILANESE (MI) CAP: 20097 - IT"}}},
		srow{84, []seg{{418, "info@panificio.example"}}},
		srow{116, []seg{{28, "DOCUMENTO"}, {300, "CLIENTE"}}},
		srow{126, []seg{{28, "FATTURA"}, {300, "BIANCHI MARIO"}}},
		srow{141, []seg{{300, "VIA LARGA, 3, MONZA (MB) CAP: 20900"}}},
		srow{400, []seg{{40, "Totale documento"}, {500, "12,00"}}},
	)
	v, _ := partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"address": "VIA DEI FORNI, 12", "city": "SAN DONATO MILANESE", "zip_code": "20097"})
}

// A VAT id printed after its label under the vendor's block, on a line that
// runs on into the buyer's column, is the vendor's: its label stands in
// the vendor's column, below the vendor's last line.
func TestVATInVendorColumn(t *testing.T) {
	doc := partyDoc(
		srow{63, []seg{{40, "Lieferant"}, {210, "Käufer"}}},
		srow{81, []seg{{40, "HOLZBAU FINK GMBH"}, {210, "TISCHLEREI ORT GMBH"}}},
		srow{103, []seg{{40, "SÄGEWERKSTRASSE 7"}, {210, "ASTWEG 3"}}},
		srow{112, []seg{{40, "79100 TANNENDORF"}, {210, "40210 DÜSSELDORF"}}},
		srow{150, []seg{{40, "USt-IdNr"}, {102, ":"}, {112, "DE111222333"}, {210, "USt-IdNr"}, {263, ":"}}},
		srow{185, []seg{{40, "Rechnungsempfänger"}, {210, "Warenempfänger"}}},
		srow{203, []seg{{40, "TISCHLEREI ORT GMBH"}, {210, "LAGER ORT"}}},
		srow{221, []seg{{40, "ASTWEG 3"}, {210, "HAFENSTRASSE 1"}}},
		srow{233, []seg{{40, "40210 DÜSSELDORF"}, {210, "40221 DÜSSELDORF"}}},
		srow{400, []seg{{40, "Gesamtbetrag"}, {500, "100,00"}}},
	)
	v, b := partiesOf(doc, "de")
	partyDiff(t, "vendor", v, map[string]string{"name": "HOLZBAU FINK GMBH", "vat_number": "DE111222333"})
	if b.VATNumber != nil {
		t.Errorf("buyer VAT = %q, want none", *b.VATNumber)
	}
}

// Without a vendor label, the letterhead above the buyer names the vendor:
// the customer's details printed below the buyer's block, in its column,
// are not the letterhead's ("Name:" there is the customer's contact). The
// letterhead's ABN and country name give the vendor's id and country.
func TestLetterheadStopsUnderBuyer(t *testing.T) {
	doc := partyDoc(
		srow{38, []seg{{39, "Tax Invoice"}}},
		srow{54, []seg{{39, "Wattle Themes"}}},
		srow{66, []seg{{39, "ABN: 51 824 753 556"}, {481, "PO Box 77"}}},
		srow{83, []seg{{406, "Sturt Street West, VIC 3000"}}},
		srow{95, []seg{{508, "Australia"}}},
		srow{114, []seg{{39, "To:"}, {70, "Kestrel Labs Ltd"}, {443, "Order date: 28 Jan 26"}}},
		srow{126, []seg{{443, "Invoice No. 5521"}}},
		srow{158, []seg{{39, "Details:"}}},
		srow{203, []seg{{39, "Member: jdoe"}}},
		srow{215, []seg{{39, "Name: Jane Doe"}}},
		srow{227, []seg{{39, "Email: jane@kestrel.example"}}},
		srow{307, []seg{{39, "Invoice Total: $10.00"}}},
	)
	v, _ := partiesOf(doc, "en")
	partyDiff(t, "vendor", v, map[string]string{"name": "Wattle Themes", "vat_number": "51824753556", "country": "AU"})
}

// A vendor given by name and surname keys is named with both.
func TestVendorGivenNameAndSurname(t *testing.T) {
	doc := partyDoc(
		srow{200, []seg{{73, "Dati del cedente / prestatore"}}},
		srow{220, []seg{{95, "Codice fiscale: BNCMRT80A41F205A"}}},
		srow{230, []seg{{95, "Nome: MARTA LUISA"}}},
		srow{240, []seg{{95, "Cognome: BIANCHI"}}},
		srow{250, []seg{{95, "Indirizzo: VIA DEI PINI 12"}}},
		srow{260, []seg{{95, "CAP: 50100"}}},
		srow{270, []seg{{95, "Comune: FIRENZE"}}},
		srow{427, []seg{{73, "Dati del cessionario / committente"}}},
		srow{447, []seg{{95, "Denominazione: Studio Verdi Srl"}}},
		srow{457, []seg{{95, "Indirizzo: VIA ROMA 1"}}},
		srow{467, []seg{{95, "CAP: 00100"}}},
		srow{477, []seg{{95, "Comune: ROMA"}}},
	)
	v, _ := partiesOf(doc, "it")
	partyDiff(t, "vendor", v, map[string]string{"name": "MARTA LUISA BIANCHI", "zip_code": "50100"})
}

// A contact line of the letterhead gives the vendor's phone; the buyer's
// contact line, in its block, does not.
func TestVendorContactPhone(t *testing.T) {
	doc := partyDoc(
		srow{71, []seg{{58, "ATELIER DU PORT"}, {297, "CLIENT :"}}},
		srow{81, []seg{{58, "12 quai des Brumes"}, {297, "MAISON BLEUE SARL"}}},
		srow{91, []seg{{58, "44000 NANTES, FR"}, {297, "3 rue Haute"}}},
		srow{101, []seg{{58, "CONTACT : J. MARTIN, 02 40 11 22 33"}, {297, "06000 NICE, FR"}}},
		srow{111, []seg{{297, "Contact: 04 93 44 55 66"}}},
		srow{400, []seg{{58, "Total TTC"}, {500, "120,00"}}},
	)
	v, _ := partiesOf(doc, "fr")
	partyDiff(t, "vendor", v, map[string]string{"name": "ATELIER DU PORT", "phone": "02 40 11 22 33"})
}
