package fields

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/invoice"
)

// synthWord is a word of a synthetic page: its left edge and text.
type synthWord struct {
	x    float64
	text string
}

// synthLine is a line of a synthetic page: its top and its words.
type synthLine struct {
	y     float64
	words []synthWord
}

// at lays out a phrase from x: its words become separate words one space
// apart, as a PDF prints them.
func at(x float64, phrase string) []synthWord {
	var out []synthWord
	for _, f := range strings.Fields(phrase) {
		out = append(out, synthWord{x: x, text: f})
		x += synthWidth(f) + synthCharWidth
	}
	return out
}

const (
	synthCharWidth = 4.5
	synthHeight    = 9.0
)

func synthWidth(s string) float64 { return float64(len([]rune(s))) * synthCharWidth }

// row joins phrases into one synthetic line at y.
func lineAt(y float64, phrases ...[]synthWord) synthLine {
	l := synthLine{y: y}
	for _, p := range phrases {
		l.words = append(l.words, p...)
	}
	return l
}

// synthDoc builds a document of A4 pages from synthetic lines.
func synthDoc(pages ...[]synthLine) *layout.Document {
	doc := &layout.Document{}
	for i, lines := range pages {
		p := layout.Page{Number: i + 1, Width: 595, Height: 842, Chars: 1}
		for _, sl := range lines {
			var pl layout.Line
			for j, w := range sl.words {
				box := layout.Rect{X0: w.x, Y0: sl.y, X1: w.x + synthWidth(w.text), Y1: sl.y + synthHeight}
				p.Words = append(p.Words, layout.Word{Text: w.text, Box: box, FontSize: 9})
				pl.Words = append(pl.Words, len(p.Words)-1)
				if j == 0 {
					pl.Box = box
				} else {
					pl.Box = union(pl.Box, box)
				}
			}
			p.Lines = append(p.Lines, pl)
		}
		doc.Pages = append(doc.Pages, p)
	}
	return doc
}

// item is a terse line-item literal for expectations.
func item(desc string, qty, price, amount float64) invoice.LineItem {
	return invoice.LineItem{Description: str(desc), Quantity: num(qty), UnitPrice: num(price), Amount: num(amount)}
}

// checkItems extracts the document and compares its line items.
func checkItems(t *testing.T, doc *layout.Document, want []invoice.LineItem) {
	t.Helper()
	checkItemsIn(t, "en", doc, want)
}

// checkItemsIn is checkItems with a locale.
func checkItemsIn(t *testing.T, locale string, doc *layout.Document, want []invoice.LineItem) {
	t.Helper()
	got := Extract(doc, locale).Result.LineItems
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("line items (-want +got):\n%s", diff)
	}
}

// header4 is a header row: description, quantity, unit price, amount.
func header4(y float64) synthLine {
	return lineAt(y, at(60, "Description"), at(300, "Qty"), at(380, "Unit price"), at(480, "Amount"))
}

// row4 is an item row under header4.
func row4(y float64, desc, qty, price, amount string) synthLine {
	return lineAt(y, at(60, desc), at(300, qty), at(380, price), at(480, amount))
}

func TestItemsContinueOnNextPage(t *testing.T) {
	page1 := []synthLine{
		lineAt(40, at(60, "INVOICE 7")),
		header4(600),
		row4(620, "Blue widgets", "2", "10.00", "20.00"),
		row4(640, "Red widgets", "1", "5.00", "5.00"),
	}
	page2 := []synthLine{
		lineAt(40, at(60, "Page 2")),
		row4(60, "Green widgets", "3", "2.00", "6.00"),
		lineAt(100, at(380, "Total"), at(480, "31.00")),
	}
	checkItems(t, synthDoc(page1, page2), []invoice.LineItem{
		item("Blue widgets", 2, 10, 20), item("Red widgets", 1, 5, 5), item("Green widgets", 3, 2, 6),
	})
}

func TestItemsStopAtNextHeader(t *testing.T) {
	page := []synthLine{
		header4(200),
		row4(220, "Consulting hours", "4", "50.00", "200.00"),
		lineAt(260, at(60, "VAT rate"), at(300, "Taxable"), at(480, "Amount")),
		lineAt(280, at(60, "22%"), at(300, "200.00"), at(480, "44.00")),
	}
	checkItems(t, synthDoc(page), []invoice.LineItem{item("Consulting hours", 4, 50, 200)})
}

func TestItemsExemptRate(t *testing.T) {
	page := []synthLine{
		lineAt(200, at(60, "Descrizione"), at(300, "Quantità"), at(380, "Prezzo"), at(440, "%IVA"), at(500, "Importo")),
		lineAt(220, at(60, "Trasferta"), at(300, "1,00"), at(380, "2,00"), at(440, "N1"), at(500, "2,00")),
		lineAt(240, at(60, "Consulenza"), at(300, "1,00"), at(380, "100,00"), at(440, "22,00"), at(500, "100,00")),
		lineAt(260, at(60, "Rimborso"), at(300, "1,00"), at(380, "10,00"), at(440, "N2.2"), at(500, "10,00")),
	}
	want := []invoice.LineItem{item("Trasferta", 1, 2, 2), item("Consulenza", 1, 100, 100), item("Rimborso", 1, 10, 10)}
	want[0].TaxRate, want[1].TaxRate, want[2].TaxRate = num(0), num(22), num(0)
	checkItemsIn(t, "it", synthDoc(page), want)
}

func TestItemsArithmeticAssignsColumns(t *testing.T) {
	// "Amount" heads the quantities and "Total" the amounts: both read as
	// amount labels, and quantity × price = total tells them apart.
	page := []synthLine{
		lineAt(200, at(60, "Amount"), at(120, "Product"), at(330, "Price"), at(450, "Total")),
		lineAt(220, at(60, "2.00"), at(120, "Paper reams"), at(330, "4.50"), at(450, "9.00")),
		lineAt(240, at(60, "10.00"), at(120, "Pencils"), at(330, "0.25"), at(450, "2.50")),
	}
	checkItems(t, synthDoc(page), []invoice.LineItem{item("Paper reams", 2, 4.5, 9), item("Pencils", 10, 0.25, 2.5)})
}

func TestItemsRepeatedLabelFillsColumn(t *testing.T) {
	// Two columns under price labels; each row prints its price in one of
	// them.
	page := []synthLine{
		lineAt(200, at(60, "Description"), at(250, "Price"), at(330, "Unit price"), at(420, "Qty"), at(480, "Amount")),
		lineAt(220, at(60, "Service A"), at(250, "7.00"), at(420, "2"), at(480, "14.00")),
		lineAt(240, at(60, "Service B"), at(330, "3.00"), at(420, "1"), at(480, "3.00")),
	}
	checkItems(t, synthDoc(page), []invoice.LineItem{item("Service A", 2, 7, 14), item("Service B", 1, 3, 3)})
}

func TestItemsDiscountRepeatingAmount(t *testing.T) {
	// A bare number in the discount column equal to the row's amount is not
	// a percentage; "10%" is.
	page := []synthLine{
		lineAt(200, at(60, "Description"), at(250, "Qty"), at(300, "Price"), at(380, "Discount"), at(480, "Amount")),
		lineAt(220, at(60, "Cables"), at(250, "4"), at(300, "19.00"), at(380, "76.00"), at(480, "76.00")),
		lineAt(240, at(60, "Plugs"), at(250, "1"), at(300, "10.00"), at(380, "10%"), at(480, "9.00")),
	}
	want := []invoice.LineItem{item("Cables", 4, 19, 76), item("Plugs", 1, 10, 9)}
	want[1].DiscountPct = num(10)
	checkItems(t, synthDoc(page), want)
}

func TestItemsDescriptionPhraseStartsLeftOfHeader(t *testing.T) {
	// The code column is empty and the descriptions start under it: a
	// phrase reaching into the description column is the description.
	page := []synthLine{
		lineAt(200, at(40, "Code"), at(160, "Description"), at(300, "Qty"), at(380, "Price"), at(480, "Amount")),
		lineAt(220, at(90, "Development services"), at(300, "20"), at(380, "90.00"), at(480, "1800.00")),
		lineAt(240, at(40, "A-7"), at(90, "22/01/2025: cleaning"), at(300, "1"), at(380, "70.00"), at(480, "70.00")),
	}
	checkItems(t, synthDoc(page), []invoice.LineItem{
		item("Development services", 20, 90, 1800), item("22/01/2025: cleaning", 1, 70, 70),
	})
}

func TestItemsWrapBesideCodesAndNoteRows(t *testing.T) {
	// The description wraps onto lines that also carry article codes under
	// the code column; "Gross price: 4.00" under an item is a note on it.
	page := []synthLine{
		lineAt(200, at(40, "Item No."), at(150, "Description"), at(300, "Qty"), at(380, "Price"), at(480, "Amount")),
		lineAt(220, at(150, "Artificial turf"), at(300, "3"), at(380, "3.00"), at(480, "9.00")),
		lineAt(232, at(40, "KR3M"), at(150, "green 3m")),
		lineAt(244, at(40, "4012345001235"), at(150, "wide")),
		lineAt(258, at(150, "Gross price:"), at(300, "0.67"), at(380, "4.00")),
		lineAt(272, at(150, "Dry goods:"), at(300, "2"), at(380, "1.50"), at(480, "3.00")),
	}
	checkItems(t, synthDoc(page), []invoice.LineItem{
		item("Artificial turf green 3m wide", 3, 3, 9), item("Dry goods:", 2, 1.5, 3),
	})
}

func TestItemsDescriptionJustAboveNumbers(t *testing.T) {
	// Each item's name is printed a little above its numbers, the two
	// lines overlapping in height.
	page := []synthLine{
		lineAt(200, at(20, "Pos."), at(60, "Description"), at(300, "Qty"), at(380, "Unit price"), at(480, "Amount")),
		lineAt(225, at(60, "SUPPORT SERVICE")),
		lineAt(230, at(20, "1"), at(300, "1.00"), at(380, "60.00"), at(480, "60.00")),
		lineAt(265, at(60, "PAPER SUPPLIES")),
		lineAt(270, at(20, "2"), at(300, "3.00"), at(380, "10.00"), at(480, "30.00")),
	}
	checkItems(t, synthDoc(page), []invoice.LineItem{item("SUPPORT SERVICE", 1, 60, 60), item("PAPER SUPPLIES", 3, 10, 30)})
}

func TestItemsAllowanceRowsLeftOut(t *testing.T) {
	// Document-level allowances and charges listed under the items adjust
	// the totals; they are not items.
	page := []synthLine{
		header4(200),
		row4(220, "Support service", "1", "60.00", "60.00"),
		lineAt(240, at(60, "Discount: loyalty"), at(480, "-5.00")),
		lineAt(260, at(60, "Charge: travel costs"), at(480, "10.00")),
	}
	checkItems(t, synthDoc(page), []invoice.LineItem{item("Support service", 1, 60, 60)})
}

func TestItemsPriceFromNotes(t *testing.T) {
	// Gross and net price are printed on lines of their own above and
	// below the row, as notes that run into the next column's band; the
	// note whose price × quantity = amount is the unit price.
	page := []synthLine{
		lineAt(200, at(60, "Description"), at(300, "Unit price"), at(400, "Unit"), at(440, "Qty"), at(480, "Amount")),
		lineAt(220, at(330, "(Gross: 12.00)")),
		lineAt(230, at(60, "Support service"), at(330, "(Rebate: 2.00)"), at(400, "PCE"), at(440, "2"), at(480, "20.00")),
		lineAt(240, at(330, "(Net): 10.00")),
		lineAt(260, at(330, "(Gross: 5.00)")),
		lineAt(270, at(60, "Call-out fee"), at(330, "(Rebate: 0.00)"), at(400, "PCE"), at(440, "1"), at(480, "5.00")),
		lineAt(280, at(330, "(Net): 5.00")),
	}
	want := []invoice.LineItem{item("Support service", 2, 10, 20), item("Call-out fee", 1, 5, 5)}
	want[0].Unit, want[1].Unit = str("PCE"), str("PCE")
	checkItems(t, synthDoc(page), want)
}

func TestItemsNumbersOverTwoLines(t *testing.T) {
	// An e-invoice viewer prints the discount on a line of its own under
	// the item, with the item's amount and rate: 20 × 90 less 10% = 1620.
	// A row below without quantity and price whose amount does not follow
	// from the row above stays a row of its own.
	page := []synthLine{
		lineAt(200, at(60, "Descrizione"), at(220, "Quantità"), at(280, "Prezzo"), at(340, "Sconto"), at(420, "Importo"), at(500, "IVA")),
		lineAt(220, at(60, "Sviluppo software"), at(220, "20"), at(280, "90,00"), at(340, "-10,00 %")),
		lineAt(231, at(60, "SC (sconto)"), at(340, "-9,00"), at(420, "1.620,00"), at(500, "22")),
		lineAt(250, at(60, "Collaudo"), at(220, "1"), at(280, "100,00")),
		lineAt(261, at(60, "Trasferta forfettaria"), at(420, "50,00"), at(500, "22")),
	}
	want := []invoice.LineItem{
		item("Sviluppo software", 20, 90, 1620),
		{Description: str("Collaudo"), Quantity: num(1), UnitPrice: num(100)},
		{Description: str("Trasferta forfettaria"), Amount: num(50), TaxRate: num(22)},
	}
	want[0].TaxRate, want[0].DiscountPct = num(22), num(10)
	checkItemsIn(t, "it", synthDoc(page), want)
}

func TestKeyedItemsDiscountBlock(t *testing.T) {
	// An e-invoice viewer prints each item as "Key: value" lines; the
	// discount is a heading with indented keys of its own, whose amount is
	// not the item's.
	page := []synthLine{
		lineAt(100, at(70, "Nr. linea: 1")),
		lineAt(115, at(95, "Descrizione bene/servizio: Sviluppo software")),
		lineAt(127, at(95, "Quantità: 20.00")),
		lineAt(139, at(95, "Valore unitario: 90.00")),
		lineAt(155, at(95, "Sconto/Maggiorazione")),
		lineAt(170, at(118, "Tipo: SC (sconto)")),
		lineAt(182, at(118, "Percentuale (%): 10.00")),
		lineAt(194, at(118, "Importo: 9.0000")),
		lineAt(206, at(95, "Valore totale: 1620.00")),
		lineAt(218, at(95, "IVA (%): 22.00")),
		lineAt(236, at(70, "Nr. linea: 2")),
		lineAt(251, at(95, "Descrizione bene/servizio: Collaudo")),
		lineAt(263, at(95, "Quantità: 1.00")),
		lineAt(275, at(95, "Valore unitario: 100.00")),
		lineAt(287, at(95, "Valore totale: 100.00")),
		lineAt(299, at(95, "IVA (%): 22.00")),
	}
	want := []invoice.LineItem{item("Sviluppo software", 20, 90, 1620), item("Collaudo", 1, 100, 100)}
	want[0].TaxRate, want[0].DiscountPct, want[1].TaxRate = num(22), num(10), num(22)
	checkItemsIn(t, "it", synthDoc(page), want)
}

func TestItemsRateWiderThanColumn(t *testing.T) {
	// "19 % VAT (S)" starts in the quantity band; "10 pcs 0 %" runs from
	// the quantity into the rate column: each rate keeps its number.
	page := []synthLine{
		lineAt(200, at(60, "Description"), at(250, "Net price"), at(360, "Qty"), at(430, "VAT"), at(505, "Amount")),
		lineAt(220, at(60, "Divider sheets"), at(250, "9.90"), at(355, "20 pcs"), at(397, "19 % VAT (S)"), at(510, "198.00")),
		lineAt(240, at(60, "Toolbox"), at(250, "100.00"), at(372, "10 pcs 0 %"), at(440, "VAT (K)"), at(510, "1000.00")),
	}
	want := []invoice.LineItem{item("Divider sheets", 20, 9.9, 198), item("Toolbox", 10, 100, 1000)}
	want[0].Unit, want[1].Unit = str("pcs"), str("pcs")
	want[0].TaxRate, want[1].TaxRate = num(19), num(0)
	checkItems(t, synthDoc(page), want)
}

func TestItemsLongDescriptionsWrap(t *testing.T) {
	// A first line running over the quantity header keeps its words, a
	// wrapped line starting "two: …" continues the sentence, and a
	// sentence across the table under the last item is not its text.
	page := []synthLine{
		lineAt(200, at(60, "Description"), at(300, "Qty"), at(380, "Unit price"), at(480, "Amount")),
		lineAt(220, at(60, "Floor tiles laid in porcelain stoneware"), at(316, "12"), at(380, "44.50"), at(480, "534.00")),
		lineAt(231, at(60, "format 60x60 cm, light grey")),
		lineAt(250, at(60, "Customer portal, phase"), at(316, "2"), at(380, "1540.00"), at(480, "3080.00")),
		lineAt(261, at(60, "two: user accounts")),
		lineAt(272, at(40, "Payment is due within thirty days of the invoice date by bank transfer to the account below")),
	}
	checkItems(t, synthDoc(page), []invoice.LineItem{
		item("Floor tiles laid in porcelain stoneware format 60x60 cm, light grey", 12, 44.5, 534),
		item("Customer portal, phase two: user accounts", 2, 1540, 3080),
	})
}

func TestItemsPageFooterNotRows(t *testing.T) {
	// The vendor's footer printed under both pages, close below the rows
	// of page 1, is not an item; the table goes on overleaf.
	footer := []synthLine{
		lineAt(764, at(50, "Brennan Supplies Ltd"), at(230, "VAT No.: IE7852200V"), at(370, "Bank: AIB")),
		lineAt(774, at(50, "12 Harcourt Street"), at(370, "IBAN IE12 GFHX 6829 8913 7949 89")),
		lineAt(784, at(50, "Galway H91 E2K3")),
	}
	page1 := append([]synthLine{
		lineAt(40, at(60, "INVOICE 7")),
		header4(680),
		row4(700, "Blue widgets", "2", "10.00", "20.00"),
		row4(720, "Red widgets", "1", "5.00", "5.00"),
	}, footer...)
	page2 := append([]synthLine{
		header4(80),
		row4(100, "Green widgets", "3", "2.00", "6.00"),
		lineAt(140, at(380, "Total"), at(480, "31.00")),
	}, footer...)
	checkItems(t, synthDoc(page1, page2), []invoice.LineItem{
		item("Blue widgets", 2, 10, 20), item("Red widgets", 1, 5, 5), item("Green widgets", 3, 2, 6),
	})
}

func TestItemsQuantityFirstLongDescription(t *testing.T) {
	// The quantity is printed just left of the description, and the
	// description runs over the price column's band: both keep their
	// words.
	page := []synthLine{
		lineAt(200, at(60, "Menge"), at(94, "Bezeichnung"), at(386, "Einzelpreis"), at(451, "USt."), at(490, "Gesamtpreis")),
		lineAt(220, at(83, "2"), at(94, "Unterhaltsreinigung der Büroflächen im Monat März gemäß"), at(398, "1.217,00"), at(448, "19 %"), at(508, "2.434,00")),
		lineAt(233, at(94, "Rahmenvertrag, einschließlich Sanitärbereiche")),
	}
	want := []invoice.LineItem{item("Unterhaltsreinigung der Büroflächen im Monat März gemäß Rahmenvertrag, einschließlich Sanitärbereiche", 2, 1217, 2434)}
	want[0].TaxRate = num(19)
	checkItemsIn(t, "de", synthDoc(page), want)
}
