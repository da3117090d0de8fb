package fields

import (
	"testing"

	"github.com/invex/invex/invoice"
)

// grossPage is a table whose second item prints its net price, with its
// gross price and discount in notes under it; discountLine is the note
// with the discount.
func grossPage(discountLine string) []synthLine {
	return []synthLine{
		lineAt(200, at(60, "Bezeichnung"), at(290, "Menge"), at(400, "Preis"), at(500, "Betrag")),
		lineAt(220, at(60, "Gartenschere"), at(290, "2"), at(400, "8,0000"), at(500, "16,00")),
		lineAt(240, at(60, "Heckenschere"), at(290, "3"), at(400, "17,0000"), at(500, "51,00")),
		lineAt(249, at(60, discountLine)),
		lineAt(258, at(60, "Bruttopreis: 20,0000 €")),
		lineAt(280, at(60, "Rasenmäher"), at(290, "1"), at(400, "150,0000"), at(500, "150,00")),
		lineAt(300, at(60, "Rechnungsrabatt 2,00% auf 217,00")),
	}
}

func TestItemsGrossPriceFromNotes(t *testing.T) {
	t.Parallel()
	want := []invoice.LineItem{item("Gartenschere", 2, 8, 16), item("Heckenschere", 3, 20, 51), item("Rasenmäher", 1, 150, 150)}
	want[1].DiscountPct = num(15)
	checkItemsIn(t, "de", synthDoc(grossPage("Rabatt 15,00%")), want)
}

func TestItemsGrossPriceNeedsArithmetic(t *testing.T) {
	t.Parallel()
	// 20,00 less 10% is not the row's 17,00: the notes are left alone.
	want := []invoice.LineItem{item("Gartenschere", 2, 8, 16), item("Heckenschere", 3, 17, 51), item("Rasenmäher", 1, 150, 150)}
	checkItemsIn(t, "de", synthDoc(grossPage("Rabatt 10,00%")), want)
}
