package fields

import (
	"testing"

	"github.com/invex/invex/extract/labels"
)

// A buyer's name is neither running text, nor a key printed over its value,
// nor a street with its number; lower-case particles and legal forms and a
// weak label word ("Ordine") inside a name are fine.
func TestPlausibleBuyerName(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"MARTA BIANCHI", true},
		{"Comune di Valle Alta", true},
		{"eni spa", true},
		{"COMUNE DI VALLEBELLA Amm. pub.", true},
		{"ORDINE DEGLI INGEGNERI", true},
		{"Panatronic di Pranzo Stefano", true},
		{"Cliente, Le comunichiamo che nella presente", false},
		{"ed un marchio distinti.", false},
		{"Buyer contact name", false},
		{"Ragione Sociale", false},
		{"INDIRIZZO", false},
		{"93B Sai Yu Chung", false},
		{"VIA DEI PINI 12", false},
		{"Totale 12,00", false},
	}
	for _, c := range cases {
		if got := plausibleBuyerName(c.text); got != c.want {
			t.Errorf("plausibleBuyerName(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// Postal lines the rules read: a postcode glued to its city, and an
// Italian postcode given after the city with its key.
func TestPostalLineForms(t *testing.T) {
	cases := []struct {
		text                       string
		zip, city, street, country string
	}{
		{"79098Freiburg", "79098", "Freiburg", "", ""},
		{"VIA DANTE, 5, MONTE CASTELLO (AN) CAP: 60030 - IT", "60030", "MONTE CASTELLO", "VIA DANTE, 5", "IT"},
		{"Via Roma 1, 20121 Milano", "20121", "Milano", "Via Roma 1", "IT"},
	}
	for _, c := range cases {
		pa, ok := postalLine(c.text, "it")
		if !ok {
			t.Errorf("postalLine(%q): not read", c.text)
			continue
		}
		if pa.Zip != c.zip || pa.City != c.city || pa.Street != c.street || c.country != "" && pa.Country != c.country {
			t.Errorf("postalLine(%q) = %+v, want zip %q city %q street %q country %q", c.text, pa, c.zip, c.city, c.street, c.country)
		}
	}
}

// A grid of customer data (key column, value column) names the buyer with
// its label row, gives its identifiers in the key's order and its address
// over two lines; the address window names the same party with a particle
// more, and its fuller name stays.
func TestBuyerGridWithWindow(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{40, "Luce Serena S.p.A. - Sede legale 20121 Milano, Via Dante 4 - P.IVA 02345678904"}}},
		srow{150, []seg{{330, "COMUNE DI VALLE ALTA"}}},
		srow{163, []seg{{330, "PIAZZA DUOMO 4"}}},
		srow{176, []seg{{330, "38100 VALLE ALTA TN"}}},
		srow{300, []seg{{45, "I SUOI DATI"}}},
		srow{320, []seg{{45, "CODICE CLIENTE"}, {130, "4471230"}}},
		srow{334, []seg{{45, "CLIENTE"}, {130, "COMUNE VALLE ALTA"}, {330, "OFFERTA"}, {420, "LUCE PA"}}},
		srow{348, []seg{{45, "CF/P.IVA"}, {130, "80012345676 / 01234567897"}}},
		srow{362, []seg{{45, "INDIRIZZO"}, {130, "PIAZZA DUOMO 4 38100 VALLE"}, {330, "TIPO CONTRATTO"}}},
		srow{376, []seg{{130, "ALTA (TN)"}}},
		srow{390, []seg{{45, "POD"}, {130, "IT001E00000001"}}},
	)
	_, b := partiesOf(doc, "it")
	partyDiff(t, "buyer", b, map[string]string{"name": "COMUNE DI VALLE ALTA", "vat_number": "01234567897", "fiscal_code": "80012345676",
		"address": "PIAZZA DUOMO 4", "city": "VALLE ALTA", "zip_code": "38100"})
}

// Without an address window, the grid alone gives the buyer, its address
// value continuing on the next line.
func TestBuyerGridAlone(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{40, "Luce Serena S.p.A. - Sede legale 20121 Milano, Via Dante 4 - P.IVA 02345678904"}}},
		srow{300, []seg{{54, "INTESTATARIO CONTRATTO"}, {200, "MARTA BIANCHI"}}},
		srow{314, []seg{{54, "CODICE FISCALE"}, {200, "BNCMRT80A41F205A"}}},
		srow{328, []seg{{54, "INDIRIZZO"}, {200, "VIA DEI PINI 12"}}},
		srow{342, []seg{{200, "20121 MILANO MI"}}},
		srow{356, []seg{{54, "OFFERTA"}, {200, "CASA SICURA"}}},
	)
	_, b := partiesOf(doc, "it")
	partyDiff(t, "buyer", b, map[string]string{"name": "MARTA BIANCHI", "fiscal_code": "BNCMRT80A41F205A",
		"address": "VIA DEI PINI 12", "city": "MILANO", "zip_code": "20121"})
}

// A buyer word that ends its key ("Tipologia cliente") describes a kind of
// customer, not the customer: no grid.
func TestBuyerGridNeedsLeadingLabel(t *testing.T) {
	doc := partyDoc(
		srow{300, []seg{{54, "TIPOLOGIA CLIENTE"}, {200, "DOMESTICO RESIDENTE"}}},
		srow{314, []seg{{54, "CODICE FISCALE"}, {200, "BNCMRT80A41F205A"}}},
	)
	x := &extractor{m: newModel(doc), locale: "it"}
	if g, ok := x.buyerGrid(); ok {
		t.Errorf("buyerGrid() = %q, want no grid", g.name.str)
	}
}

// A salutation that greets any customer ("Gentile Cliente, le
// comunichiamo…") heads a letter, not the buyer's block: the address window
// gives the buyer.
func TestBuyerSalutationToAnyCustomer(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{40, "Luce Serena S.p.A."}}},
		srow{52, []seg{{40, "Via Dante 4 - 20121 Milano"}}},
		srow{150, []seg{{330, "MARTA BIANCHI"}}},
		srow{163, []seg{{330, "VIA DEI PINI 12"}}},
		srow{176, []seg{{330, "20121 MILANO MI"}}},
		srow{500, []seg{{40, "Gentile Cliente, le comunichiamo che nella bolletta trova il canone."}}},
		srow{512, []seg{{40, "Il canone è dovuto da chi detiene un apparecchio."}}},
	)
	_, b := partiesOf(doc, "it")
	partyDiff(t, "buyer", b, map[string]string{"name": "MARTA BIANCHI", "address": "VIA DEI PINI 12", "city": "MILANO", "zip_code": "20121"})
}

// A key printed over its value ("Ragione Sociale") is not the name; a name
// that starts with a weak label word ("ORDINE DEGLI …") is.
func TestBuyerNameAfterKey(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{314, "Ragione Sociale"}}},
		srow{58, []seg{{314, "VERDI LUCA AZ. AGRARIA"}}},
		srow{82, []seg{{314, "P.ZA GARIBALDI 3"}}},
		srow{94, []seg{{314, "60020 CAMERATA (AN)"}}},
		srow{130, []seg{{60, "ROSSI FORMAGGI srl"}}},
		srow{142, []seg{{60, "VIA VOLTA, 1 - 60020 AGUGLIANO (AN)"}}},
	)
	_, b := partiesOf(doc, "it")
	partyDiff(t, "buyer", b, map[string]string{"name": "VERDI LUCA AZ. AGRARIA", "zip_code": "60020", "city": "CAMERATA"})

	doc = partyDoc(
		srow{40, []seg{{40, "Servizio Elettrico Unico"}}},
		srow{52, []seg{{40, "Casella postale 100 - 85100 Potenza"}}},
		srow{176, []seg{{309, "ORDINE DEGLI INGEGNERI"}}},
		srow{191, []seg{{309, "VIA DEL CORSO 26"}}},
		srow{204, []seg{{309, "18100 IMPERIA"}}},
	)
	_, b = partiesOf(doc, "it")
	partyDiff(t, "buyer", b, map[string]string{"name": "ORDINE DEGLI INGEGNERI", "address": "VIA DEL CORSO 26", "zip_code": "18100"})
}

// An address window goes on past a line of the column on its left printed
// between two of its lines.
func TestAddressWindowPastLeftColumn(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{40, "Servizio Elettrico Unico"}}},
		srow{144, []seg{{38, "Tariffa BT"}, {162, "Potenza"}}},
		srow{176, []seg{{38, "Altri usi"}, {162, "Contatore"}, {309, "STUDIO BIANCHI"}}},
		srow{186, []seg{{162, "elettronico"}}},
		srow{191, []seg{{38, "Tensione"}, {162, "3 kW"}, {309, "VIA DEL CORSO 26"}}},
		srow{204, []seg{{38, "Attivo"}, {309, "18100 IMPERIA"}}},
	)
	_, b := partiesOf(doc, "it")
	partyDiff(t, "buyer", b, map[string]string{"name": "STUDIO BIANCHI", "address": "VIA DEL CORSO 26", "zip_code": "18100"})
}

// "ATTN:" gives the buyer's name in an English block.
func TestBuyerAttentionLine(t *testing.T) {
	doc := partyDoc(
		srow{60, []seg{{257, "Cloud Hosting Invoice"}}},
		srow{140, []seg{{36, "Bill to Address:"}}},
		srow{152, []seg{{36, "ATTN: Foo Widgets Limited"}}},
		srow{164, []seg{{36, "12 High Street"}}},
		srow{176, []seg{{36, "London SW1A 1AA"}}},
	)
	_, b := partiesOf(doc, "en")
	partyDiff(t, "buyer", b, map[string]string{"name": "Foo Widgets Limited", "address": "12 High Street", "zip_code": "SW1A 1AA"})
}

// A VAT label in the reader's possessive ("VS POS. IVA") gives the buyer's
// VAT number, which then is not the vendor's.
func TestYourVATIsTheBuyers(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{14, "Vetri Moderni S.p.A."}}},
		srow{52, []seg{{14, "Via Dante 4 - 20121 Milano - P.IVA 02345678904"}}},
		srow{96, []seg{{306, "SPETT. :"}}},
		srow{126, []seg{{306, "AZ. AGR. VERDI LUCA"}}},
		srow{138, []seg{{306, "Piazza Garibaldi 3"}}},
		srow{150, []seg{{306, "60015 Falconara Marittima AN"}}},
		srow{400, []seg{{232, "Data fattura"}, {309, "14.01.2026"}}},
		srow{413, []seg{{232, "VS POS. IVA"}, {309, "IT01234567897"}}},
	)
	v, b := partiesOf(doc, "it")
	partyDiff(t, "buyer", b, map[string]string{"name": "AZ. AGR. VERDI LUCA", "vat_number": "IT01234567897"})
	partyDiff(t, "vendor", v, map[string]string{"vat_number": "02345678904"})
}

// A heading that labels the buyer's identifiers and ends its line has them
// on the next line, within its width; a block label after a separator
// ("Cessionario / Intestazione documento") heads its block from the first
// label's column.
func TestBuyerIDsUnderHeadingAndJoinedLabels(t *testing.T) {
	doc := partyDoc(
		srow{16, []seg{{23, "CARTOLERIA BIANCHI DI BIANCHI LUCA"}}},
		srow{44, []seg{{23, "Partita IVA: 02345678904 - Codice Fiscale: VRDLCU75C12H501T"}}},
		srow{111, []seg{{27, "Modalità di pagamento"}, {378, "Partita IVA e codice fiscale cliente"}}},
		srow{122, []seg{{27, "contanti"}, {378, "IT01234567897"}, {481, "BNCMRT80A41F205A"}}},
		srow{144, []seg{{23, "Luogo di destinazione"}, {288, "Cessionario / Intestazione documento"}}},
		srow{157, []seg{{23, "AZIENDA AGRICOLA ROSSI"}, {288, "2976"}}},
		srow{171, []seg{{23, "Piazza Garibaldi 3"}, {288, "AZIENDA AGRICOLA ROSSI"}}},
		srow{185, []seg{{23, "60015 FALCONARA (AN)"}, {288, "Piazza Garibaldi 3"}}},
		srow{199, []seg{{288, "60015 FALCONARA (AN)"}}},
	)
	v, b := partiesOf(doc, "it")
	partyDiff(t, "buyer", b, map[string]string{"name": "AZIENDA AGRICOLA ROSSI", "vat_number": "IT01234567897", "fiscal_code": "BNCMRT80A41F205A",
		"address": "Piazza Garibaldi 3", "zip_code": "60015", "city": "FALCONARA"})
	partyDiff(t, "vendor", v, map[string]string{"vat_number": "02345678904"})
}

// Keys inside the buyer's block tell its fiscal code from its VAT number,
// both 11 digits; "I tuoi dati" heads the block.
func TestKeyedBuyerIDs(t *testing.T) {
	doc := partyDoc(
		srow{54, []seg{{146, "Gas Alpino SpA Via Roma 23, 38123 TRENTO"}}},
		srow{103, []seg{{59, "I TUOI DATI IDENTIFICATIVI"}}},
		srow{124, []seg{{33, "COMUNE DI VALLE ALTA"}}},
		srow{144, []seg{{33, "Piazza Duomo, 4"}}},
		srow{154, []seg{{35, "38100 VALLE ALTA - TN"}}},
		srow{162, []seg{{33, "Codice cliente: 25829339"}}},
		srow{172, []seg{{33, "Codice Fiscale: 80012345676"}}},
		srow{182, []seg{{33, "Partita IVA: 01234567897"}}},
	)
	_, b := partiesOf(doc, "it")
	partyDiff(t, "buyer", b, map[string]string{"name": "COMUNE DI VALLE ALTA", "vat_number": "01234567897", "fiscal_code": "80012345676", "zip_code": "38100"})
}

// A postcode after the city with its key ("… (AN) CAP: 60030") and a
// postcode glued to its city ("79098Freiburg") are read in the buyer's
// block; a line of the right column printed between two lines of the block
// does not end it, and a country named in two languages is read.
func TestBuyerPostalForms(t *testing.T) {
	doc := partyDoc(
		srow{37, []seg{{255, "DENOMINAZIONE"}, {418, "P.IVA"}}},
		srow{44, []seg{{255, "ROSSI S.R.L."}, {418, "02345678904"}}},
		srow{116, []seg{{28, "DOCUMENTO"}, {300, "CLIENTE"}}},
		srow{127, []seg{{28, "FATTURA"}, {300, "VERDI LUCA"}}},
		srow{141, []seg{{28, "NUMERO DOCUMENTO"}, {300, "VIA DANTE, 5, MONTE CASTELLO (AN) CAP: 60030"}}},
		srow{152, []seg{{28, "13"}, {300, "- IT"}}},
	)
	_, b := partiesOf(doc, "it")
	partyDiff(t, "buyer", b, map[string]string{"name": "VERDI LUCA", "address": "VIA DANTE, 5", "city": "MONTE CASTELLO", "zip_code": "60030", "country": "IT"})

	doc = partyDoc(
		srow{121, []seg{{451, "Bei Muster GmbH"}}},
		srow{152, []seg{{82, "Bei Muster GmbH ● Ecke 12 ● 12345 Musterstadt ● Germany"}, {451, "12345 Musterstadt"}}},
		srow{166, []seg{{71, "Anna Beispiel"}, {451, "phone 555 23 78"}}},
		srow{180, []seg{{451, "HRA 12345"}}},
		srow{194, []seg{{71, "Bahnweg 42"}}},
		srow{222, []seg{{71, "79098Freiburg"}}},
		srow{236, []seg{{71, "Deutschland / Germany"}}},
	)
	_, b = partiesOf(doc, "de")
	partyDiff(t, "buyer", b, map[string]string{"name": "Anna Beispiel", "address": "Bahnweg 42", "city": "Freiburg", "zip_code": "79098", "country": "DE"})
}

// Two printings of a name agree when one only adds particles.
func TestNamesAgree(t *testing.T) {
	if !namesAgree("COMUNE VALLE ALTA", "COMUNE DI VALLE ALTA") {
		t.Error(`namesAgree("COMUNE VALLE ALTA", "COMUNE DI VALLE ALTA") = false, want true`)
	}
	if namesAgree("BIANCHI MARTA", "BIANCHI ROMA MARTA") {
		t.Error(`namesAgree("BIANCHI MARTA", "BIANCHI ROMA MARTA") = true, want false`)
	}
}

// widenBuyerHit moves a label joined to another buyer label by a separator
// to the first label's start.
func TestWidenBuyerHit(t *testing.T) {
	doc := partyDoc(srow{144, []seg{{288, "Cessionario / Intestazione documento"}}})
	m := newModel(doc)
	l := m.pages[0].lines[0]
	for _, h := range l.hits {
		if h.Kind == labels.BuyerBlock && h.First == 2 {
			if got := widenBuyerHit(l, h).First; got != 0 {
				t.Errorf("widenBuyerHit(%q).First = %d, want 0", h.Label, got)
			}
			return
		}
	}
	t.Fatalf("no buyer label at word 2 in %q: %+v", l.text, l.hits)
}

// An address window starts a column: a postal line inside a wider line of
// the letterhead ("Gas Alpino SpA Via Roma 23, 38123 TRENTO") is none.
func TestAddressWindowStartsAColumn(t *testing.T) {
	doc := partyDoc(
		srow{54, []seg{{146, "Gas Alpino SpA Via Roma 23, 38123 TRENTO"}}},
		srow{66, []seg{{146, "Capitale Sociale i.v. € 20.000,00"}}},
		srow{191, []seg{{33, "Codice cliente: 25829339"}, {312, "COMUNE DI VALLE ALTA"}}},
		srow{201, []seg{{33, "Contratto: 150378766"}, {312, "PIAZZA DUOMO 4"}}},
		srow{215, []seg{{312, "38100 VALLE ALTA TN"}}},
	)
	_, b := partiesOf(doc, "it")
	partyDiff(t, "buyer", b, map[string]string{"name": "COMUNE DI VALLE ALTA", "address": "PIAZZA DUOMO 4", "zip_code": "38100"})
}

// A block headed by a contact line with a few lower-case words ("Service
// achats, contact direct") is still the buyer's; a sentence is not.
func TestBuyerRegionOK(t *testing.T) {
	cases := []struct {
		first string
		want  bool
	}{
		{"Service achats, contact direct", true},
		{"ATELIER MARTIN", true},
		{"Cliente, le comunichiamo che nella bolletta", false},
		{"INDIRIZZO", false},
	}
	for _, c := range cases {
		doc := partyDoc(
			srow{70, []seg{{296, "Adresse du Client"}}},
			srow{80, []seg{{303, c.first}}},
			srow{90, []seg{{303, "8 avenue Foch"}}},
		)
		m := newModel(doc)
		p := m.pages[0]
		var r region
		for _, l := range p.lines[1:] {
			r.parts = append(r.parts, part{l: l, text: l.text})
		}
		if got := buyerRegionOK(p.lines[0], p.lines[0].hits[0], r); got != c.want {
			t.Errorf("buyerRegionOK(block headed %q) = %v, want %v", c.first, got, c.want)
		}
	}
}

// A weak label ending in a colon at a line's start ("To:") names the buyer
// when a company name with its legal form follows, and no block or window
// does; a person's name after it is not taken.
func TestWeakBuyerLine(t *testing.T) {
	doc := partyDoc(
		srow{38, []seg{{39, "Tax Invoice"}}},
		srow{54, []seg{{39, "Themes Market"}}},
		srow{114, []seg{{39, "To:"}, {70, "fooWidgets Ltd"}, {443, "Order date: 28 Jan 15"}}},
		srow{126, []seg{{443, "Invoice No. 4417"}}},
	)
	_, b := partiesOf(doc, "en")
	partyDiff(t, "buyer", b, map[string]string{"name": "fooWidgets Ltd"})

	doc = partyDoc(
		srow{38, []seg{{39, "Tax Invoice"}}},
		srow{114, []seg{{39, "To:"}, {70, "whom it may concern"}}},
	)
	_, b = partiesOf(doc, "en")
	partyDiff(t, "buyer", b, map[string]string{"name": ""})
}

// A person given by name and surname keys is named with both.
func TestBuyerGivenNameAndSurname(t *testing.T) {
	doc := partyDoc(
		srow{200, []seg{{73, "Dati del cedente / prestatore"}}},
		srow{220, []seg{{95, "Denominazione: Studio Verdi"}}},
		srow{230, []seg{{95, "Indirizzo: VIA ROMA 1"}}},
		srow{240, []seg{{95, "CAP: 00100"}}},
		srow{250, []seg{{95, "Comune: ROMA"}}},
		srow{427, []seg{{73, "Dati del cessionario / committente"}}},
		srow{447, []seg{{95, "Codice Fiscale: BNCMRT80A41F205A"}}},
		srow{457, []seg{{95, "Nome: MARTA"}}},
		srow{467, []seg{{95, "Cognome: BIANCHI"}}},
		srow{477, []seg{{95, "Indirizzo: VIA DEI PINI 12"}}},
		srow{487, []seg{{95, "CAP: 50100"}}},
		srow{497, []seg{{95, "Comune: FIRENZE"}}},
	)
	_, b := partiesOf(doc, "it")
	partyDiff(t, "buyer", b, map[string]string{"name": "MARTA BIANCHI", "fiscal_code": "BNCMRT80A41F205A", "zip_code": "50100"})
}

// Under a window envelope's sender line, past the empty notes zone, the
// recipient's address abroad without a postal code ends with its country:
// name, street and country are read, and the block stops there.
func TestWindowAddressAbroad(t *testing.T) {
	doc := partyDoc(
		srow{139, []seg{{65, "Wolkenwerk AG - Talstraße 5 - D-63571 Gelnhausen"}}},
		srow{201, []seg{{65, "Bamboo Data Ltd."}}},
		srow{213, []seg{{65, "12A Harbour Road"}}},
		srow{225, []seg{{65, "Wan Chai"}}},
		srow{237, []seg{{65, "Hong Kong"}}},
		srow{262, []seg{{54, "Rechnung"}, {369, "Seite 1"}}},
		srow{286, []seg{{54, "Rechnungsnr."}, {148, "30012345"}}},
		srow{400, []seg{{54, "Gesamtbetrag"}, {500, "12,00"}}},
	)
	_, b := partiesOf(doc, "de")
	partyDiff(t, "buyer", b, map[string]string{"name": "Bamboo Data Ltd.", "address": "12A Harbour Road", "country": "HK"})
}

// A codice fiscale printed under its label away from the buyer's block is
// the buyer's when it repeats the buyer's VAT number.
func TestBuyerFiscalLikeVAT(t *testing.T) {
	doc := partyDoc(
		srow{40, []seg{{40, "Luce Chiara SpA"}}},
		srow{52, []seg{{40, "Via dei Mille 1 - 00100 Roma"}}},
		srow{64, []seg{{40, "P.IVA 09876543217"}}},
		srow{120, []seg{{320, "Spett.le"}}},
		srow{132, []seg{{320, "STUDIO VERDI ASSOCIATI"}}},
		srow{144, []seg{{320, "VIA GARIBALDI 8"}}},
		srow{156, []seg{{320, "18100 IMPERIA"}}},
		srow{180, []seg{{45, "N° CLIENTE"}}},
		srow{190, []seg{{45, "100519429"}}},
		srow{205, []seg{{45, "CODICE FISCALE"}, {184, "Del 10.02.2026"}}},
		srow{221, []seg{{45, "01234567897"}, {184, "BIMESTRE"}}},
		srow{234, []seg{{45, "PARTITA IVA"}}},
		srow{240, []seg{{45, "01234567897"}, {184, "GEN.2026 - FEB.2026"}, {320, "ORDINARIA"}}},
		srow{400, []seg{{40, "Totale da pagare"}, {300, "106,36"}}},
	)
	_, b := partiesOf(doc, "it")
	partyDiff(t, "buyer", b, map[string]string{"name": "STUDIO VERDI ASSOCIATI", "vat_number": "01234567897", "fiscal_code": "01234567897"})
}
