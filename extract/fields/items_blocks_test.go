package fields

import (
	"testing"

	"github.com/invex/invex/invoice"
)

func TestItemsWeakHeaderLabel(t *testing.T) {
	// "Pezzi" alone is a weak label; in a header that stronger labels make
	// a table's, it heads the quantity column.
	doc := synthDoc([]synthLine{
		lineAt(200, at(60, "Descrizione"), at(300, "Pezzi"), at(380, "Prezzo"), at(480, "Importo")),
		lineAt(220, at(60, "Bottiglie verdi"), at(300, "12"), at(380, "2,50"), at(480, "30,00")),
	})
	checkItemsIn(t, "it", doc, []invoice.LineItem{item("Bottiglie verdi", 12, 2.5, 30)})
}

// blockDoc is a table whose articles are blocks: a heading row with the
// article's description, packing and weight, a customs note, then priced
// condition rows whose text starts left of the description column.
func blockDoc() []synthLine {
	return []synthLine{
		lineAt(250, at(12, "ART."), at(85, "DESCRIZIONE"), at(295, "N° PEZZI"), at(416, "PREZZO"), at(473, "IMPORTO NETTO")),
		lineAt(300, at(11, "4411002"), at(85, "VASO VETRO 500 ML"), at(366, "800 CT / 1 PAL"), at(490, "Peso netto"), at(537, "420 G")),
		lineAt(310, at(392, "Voce dog. 70109053")),
		lineAt(322, at(11, "Bolla 88123"), at(102, "Targa AB123CD")),
		lineAt(345, at(23, "Prezzo vendita"), at(190, "55512345"), at(302, "1.600 CT"), at(376, "250,00 EUR / 1000 CT"), at(515, "400,00 EUR")),
		lineAt(357, at(23, "Prezzo Palette"), at(316, "2 PAL"), at(395, "12,00 EUR / 1 PAL"), at(520, "24,00 EUR")),
		lineAt(380, at(11, "4411003"), at(85, "VASO VETRO 250 ML"), at(366, "900 CT / 1 PAL"), at(490, "Peso netto"), at(537, "210 G")),
		lineAt(392, at(23, "Prezzo vendita"), at(190, "55512346"), at(302, "900 CT"), at(376, "150,00 EUR / 1000 CT"), at(515, "135,00 EUR")),
	}
}

func TestItemsArticleBlocks(t *testing.T) {
	// The heading rows are not items (their numbers pack and weigh); the
	// first priced row of a block is the article's line; prices stated
	// per 1000 units are divided down when quantity × price = amount; a
	// price per one unit is the unit price.
	want := []invoice.LineItem{
		{Description: str("VASO VETRO 500 ML"), Quantity: num(1600), Unit: str("CT"), UnitPrice: num(0.25), Amount: num(400)},
		{Description: str("Prezzo Palette"), Quantity: num(2), Unit: str("PAL"), UnitPrice: num(12), Amount: num(24)},
		{Description: str("VASO VETRO 250 ML"), Quantity: num(900), Unit: str("CT"), UnitPrice: num(0.15), Amount: num(135)},
	}
	checkItemsIn(t, "it", synthDoc(blockDoc()), want)
}

func TestItemsPricePerThousandNotChecked(t *testing.T) {
	// 250,00 per 1000 units does not give the amount: no unit price.
	lines := blockDoc()[:5]
	lines[4] = lineAt(345, at(23, "Prezzo vendita"), at(302, "1.600 CT"), at(376, "250,00 EUR / 1000 CT"), at(515, "410,00 EUR"))
	want := []invoice.LineItem{
		{Description: str("VASO VETRO 500 ML"), Quantity: num(1600), Unit: str("CT"), Amount: num(410)},
	}
	checkItemsIn(t, "it", synthDoc(lines), want)
}

func TestItemsUnitAfterPriceNamesPricedUnit(t *testing.T) {
	// In the price column "5,00 PCE" is 5,00 per piece; in the amount
	// column a number with a unit is no amount.
	doc := synthDoc([]synthLine{
		lineAt(200, at(60, "Désignation"), at(300, "Qté"), at(380, "Prix"), at(480, "Montant")),
		lineAt(220, at(60, "Gants de travail"), at(300, "4"), at(380, "5,00 PCE"), at(480, "20,00")),
		lineAt(240, at(60, "Poids net"), at(300, "1"), at(480, "12 kg")),
	})
	checkItemsIn(t, "fr", doc, []invoice.LineItem{item("Gants de travail", 4, 5, 20)})
}

func TestItemsDescriptionPlaceholderDropped(t *testing.T) {
	// "Name - Description": the column's own label stands in for an
	// empty description; other text after a dash stays.
	doc := synthDoc([]synthLine{
		header4(200),
		row4(220, "GARDEN SERVICE - Description", "1", "60.00", "60.00"),
		row4(240, "Hose - green, 20 m", "2", "15.00", "30.00"),
	})
	checkItems(t, doc, []invoice.LineItem{item("GARDEN SERVICE", 1, 60, 60), item("Hose - green, 20 m", 2, 15, 30)})
}

func TestItemsUnlabelledHeaderColumn(t *testing.T) {
	// "PE" names no field: its values ("1", the price unit) belong to no
	// column, not to the price column whose band they would fall in.
	// "Preis je Einheit" is one cell, its last words close to the label.
	doc := synthDoc([]synthLine{
		lineAt(200, at(60, "Bezeichnung"), at(240, "Menge"), at(290, "PE"), at(347, "Preis je Einheit"), at(480, "Betrag")),
		lineAt(220, at(60, "Schrauben M4"), at(240, "100,0000"), at(314, "1"), at(362, "0,0500"), at(490, "5,00")),
		lineAt(240, at(60, "Muttern M4"), at(240, "200,0000"), at(314, "1"), at(362, "0,0200"), at(490, "4,00")),
	})
	checkItemsIn(t, "de", doc, []invoice.LineItem{item("Schrauben M4", 100, 0.05, 5), item("Muttern M4", 200, 0.02, 4)})
}

func TestItemsColumnsInferredFromContent(t *testing.T) {
	// "Totali in euro" and "UMP" name no field; the first column holds
	// quantity × price in every row (the amounts), the second units.
	doc := synthDoc([]synthLine{
		lineAt(200, at(60, "Descrizione"), at(250, "UMP"), at(300, "Quantità"), at(370, "Prezzo"), at(440, "Totali in euro"), at(540, "IVA")),
		lineAt(220, at(60, "Mele rosse"), at(250, "KG"), at(300, "3,00"), at(370, "2,00"), at(450, "6,00"), at(545, "4")),
		lineAt(240, at(60, "Pere"), at(250, "KG"), at(300, "2,00"), at(370, "1,50"), at(450, "3,00"), at(545, "4")),
	})
	want := []invoice.LineItem{
		{Description: str("Mele rosse"), Quantity: num(3), Unit: str("KG"), UnitPrice: num(2), Amount: num(6), TaxRate: num(4)},
		{Description: str("Pere"), Quantity: num(2), Unit: str("KG"), UnitPrice: num(1.5), Amount: num(3), TaxRate: num(4)},
	}
	checkItemsIn(t, "it", doc, want)
}

func TestItemsQuantityReadIntoPriceBand(t *testing.T) {
	// The quantity is printed where the price column's band starts; it
	// times the next number is the amount.
	doc := synthDoc([]synthLine{
		lineAt(200, at(60, "Descrizione"), at(309, "Q.tà"), at(332, "Prezzo"), at(480, "Importo")),
		lineAt(220, at(60, "Cavo USB"), at(330, "2"), at(362, "9,99"), at(480, "19,98")),
	})
	checkItemsIn(t, "it", doc, []invoice.LineItem{item("Cavo USB", 2, 9.99, 19.98)})
}

func TestItemsDiscountLineNotWrapped(t *testing.T) {
	// "SCONTO 20.00%" under a row is a discount note, not more of its
	// description.
	doc := synthDoc([]synthLine{
		header4(200),
		row4(220, "Lasagne", "2", "8.00", "16.00"),
		lineAt(231, at(60, "SCONTO 20.00%")),
	})
	checkItems(t, doc, []invoice.LineItem{item("Lasagne", 2, 8, 16)})
}

func TestItemsWrapAfterArticleNumber(t *testing.T) {
	// The GTIN under the row's code is wide enough to reach the
	// description column; the words after it still continue the
	// description.
	doc := synthDoc([]synthLine{
		lineAt(200, at(50, "Pos"), at(72, "Art-Nr"), at(151, "Beschreibung"), at(260, "Preis"), at(360, "Menge"), at(500, "Betrag")),
		lineAt(220, at(55, "1"), at(151, "Apfelsaft"), at(260, "2,00"), at(360, "6"), at(505, "12,00")),
		lineAt(231, at(95, "4000001234561"), at(157, "6 x 1,0l PET")),
	})
	checkItemsIn(t, "de", doc, []invoice.LineItem{item("Apfelsaft 6 x 1,0l PET", 6, 2, 12)})
}

func TestItemsNoWrapAfterAttribute(t *testing.T) {
	// "Verpackung: Karton" is an attribute; the line after it is a note
	// too, not more of the description.
	doc := synthDoc([]synthLine{
		header4(200),
		row4(220, "Zitronensaft", "10", "1.00", "10.00"),
		lineAt(230, at(60, "aus Sizilien")),
		lineAt(240, at(60, "Verpackung: Karton")),
		lineAt(250, at(60, "Lieferung in zwei Paketen")),
	})
	checkItems(t, doc, []invoice.LineItem{item("Zitronensaft aus Sizilien", 10, 1, 10)})
}

func TestItemsDiscountRowFolded(t *testing.T) {
	// "abzgl. 16,7% Rabatt -2,00" under an item is its discount: the
	// item's amount is 10,00 after it.
	doc := synthDoc([]synthLine{
		lineAt(200, at(60, "Bezeichnung"), at(290, "Menge"), at(400, "Preis"), at(500, "Betrag")),
		lineAt(220, at(60, "Rasenteppich"), at(290, "3,00"), at(400, "4,00"), at(500, "12,00")),
		lineAt(240, at(350, "abzgl."), at(395, "16,7% Rabatt"), at(503, "-2,00")),
		lineAt(260, at(60, "Gartenschlauch"), at(290, "1,00"), at(400, "8,00"), at(505, "8,00")),
	})
	want := []invoice.LineItem{item("Rasenteppich", 3, 4, 10), item("Gartenschlauch", 1, 8, 8)}
	want[0].DiscountPct = num(16.7)
	checkItemsIn(t, "de", doc, want)
}

func TestItemsNameAtTopOfBlock(t *testing.T) {
	// Each item is a block: its name, a period, an attribute; the
	// numbers sit on the attribute's line. The name is the item's.
	doc := synthDoc([]synthLine{
		header4(200),
		lineAt(230, at(60, "WINDOW CLEANING")),
		lineAt(240, at(60, "Period 01/03/2026 to 31/03/2026")),
		lineAt(250, at(60, "Team (TM): CREW_B"), at(300, "2"), at(380, "40.00"), at(480, "80.00")),
		lineAt(290, at(60, "LADDER HIRE")),
		lineAt(300, at(60, "Ref (RF): LAD-4"), at(300, "1"), at(380, "15.00"), at(480, "15.00")),
	})
	checkItems(t, doc, []invoice.LineItem{item("WINDOW CLEANING", 2, 40, 80), item("LADDER HIRE", 1, 15, 15)})
}

func TestItemsWrapHeavyInDigits(t *testing.T) {
	// Lines under the description, at its left edge, continue it even
	// when they hold more digits than letters: a staff number and an
	// initial, a box's dimensions. A date line under it does not.
	doc := synthDoc([]synthLine{
		lineAt(200, at(50, "Pos"), at(72, "Art-Nr"), at(151, "Beschreibung"), at(260, "Preis"), at(360, "Menge"), at(500, "Betrag")),
		lineAt(220, at(55, "1"), at(151, "Lagerhelfer"), at(260, "20,00"), at(360, "3"), at(505, "60,00")),
		lineAt(231, at(151, "4471902 K.")),
		lineAt(242, at(72, "4000001234561"), at(151, "Brandt")),
		lineAt(262, at(55, "2"), at(151, "KLAPPKISTE"), at(260, "2,00"), at(360, "5"), at(505, "10,00")),
		lineAt(273, at(72, "KK40"), at(151, "40x30x25 CM")),
		lineAt(293, at(55, "3"), at(151, "Transport"), at(260, "15,00"), at(360, "1"), at(505, "15,00")),
		lineAt(304, at(151, "03.11.2025")),
	})
	checkItemsIn(t, "de", doc, []invoice.LineItem{
		item("Lagerhelfer 4471902 K. Brandt", 3, 20, 60),
		item("KLAPPKISTE 40x30x25 CM", 5, 2, 10),
		item("Transport", 1, 15, 15),
	})
}

func TestItemsNameBelowNumbers(t *testing.T) {
	// The second item prints its numbers on its code line and its name on
	// the line right under them.
	doc := synthDoc([]synthLine{
		lineAt(200, at(40, "EAN"), at(112, "Artikelbezeichnung"), at(260, "Menge"), at(360, "Preis"), at(500, "Betrag")),
		lineAt(220, at(112, "Bohrmaschine"), at(260, "1"), at(360, "80,00"), at(505, "80,00")),
		lineAt(240, at(40, "4000001234561"), at(260, "2"), at(360, "12,00"), at(505, "24,00")),
		lineAt(249, at(112, "Stichsäge Holz")),
	})
	checkItemsIn(t, "de", doc, []invoice.LineItem{item("Bohrmaschine", 1, 80, 80), item("Stichsäge Holz", 2, 12, 24)})
}
