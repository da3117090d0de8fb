package fields

import (
	"testing"

	"github.com/invex/invex/invoice"
)

// rateItem is item with a VAT rate.
func rateItem(desc string, qty, price, amount, rate float64) invoice.LineItem {
	it := item(desc, qty, price, amount)
	it.TaxRate = num(rate)
	return it
}

func TestItemsTakeTheDocumentRate(t *testing.T) {
	// No VAT column; the totals state one rate of the whole subtotal.
	doc := synthDoc([]synthLine{
		header4(200),
		row4(220, "Garden chairs", "4", "25.00", "100.00"),
		row4(240, "Parasol", "1", "50.00", "50.00"),
		lineAt(300, at(380, "Subtotal"), at(480, "150.00")),
		lineAt(320, at(380, "VAT 20%"), at(480, "30.00")),
		lineAt(340, at(380, "Total"), at(480, "180.00")),
	})
	checkItems(t, doc, []invoice.LineItem{
		rateItem("Garden chairs", 4, 25, 100, 20), rateItem("Parasol", 1, 50, 50, 20),
	})
}

func TestItemsKeepNoRateWhenBasePartlyTaxed(t *testing.T) {
	// 20% of 150.00 is not 20.00: part of the base bears another rate,
	// so the items' rates are not known.
	doc := synthDoc([]synthLine{
		header4(200),
		row4(220, "Garden chairs", "4", "25.00", "100.00"),
		row4(240, "Parasol", "1", "50.00", "50.00"),
		lineAt(300, at(380, "Subtotal"), at(480, "150.00")),
		lineAt(320, at(380, "VAT 20%"), at(480, "20.00")),
		lineAt(340, at(380, "Total"), at(480, "170.00")),
	})
	checkItems(t, doc, []invoice.LineItem{
		item("Garden chairs", 4, 25, 100), item("Parasol", 1, 50, 50),
	})
}
