package fields

import (
	"testing"

	"github.com/invex/invex/invoice"
)

// listPage is a page printing its items as a list without a table header:
// each service with its amount, then indented lines breaking it down. The
// line of the total states totalText.
func listPage(totalText string) []synthLine {
	return []synthLine{
		lineAt(40, at(60, "Invoice 5531")),
		lineAt(100, at(40, "Total for this period"), at(500, totalText)),
		lineAt(140, at(40, "Details")),
		lineAt(160, at(50, "Hosted mailboxes"), at(500, "$12.50")),
		lineAt(176, at(60, "Usage fees"), at(505, "$12.00")),
		lineAt(192, at(60, "Support fee"), at(505, "$0.50")),
		lineAt(208, at(50, "Offsite backup"), at(500, "$3.20")),
		lineAt(224, at(60, "Usage fees"), at(505, "$3.20")),
		lineAt(240, at(60, "Credits"), at(505, "$0.00")),
	}
}

func TestItemsFromHeaderlessList(t *testing.T) {
	t.Parallel()
	want := []invoice.LineItem{
		{Description: str("Hosted mailboxes"), Amount: num(12.5)},
		{Description: str("Offsite backup"), Amount: num(3.2)},
	}
	checkItems(t, synthDoc(listPage("$15.70")), want)
}

func TestItemsFromHeaderlessListNeedsTotal(t *testing.T) {
	t.Parallel()
	// The heads do not add up to a printed total: not an item list.
	checkItems(t, synthDoc(listPage("$19.70")), []invoice.LineItem{})
}

func TestItemsFromHeaderlessListNeedsBreakdown(t *testing.T) {
	t.Parallel()
	page := listPage("$15.70")
	page[4] = lineAt(176, at(60, "Usage fees"), at(505, "$11.00")) // 11.00 + 0.50 is not 12.50
	checkItems(t, synthDoc(page), []invoice.LineItem{})
}

func TestItemsFromHeaderlessListNeedsTwoBlocks(t *testing.T) {
	t.Parallel()
	page := listPage("$12.50")[:6]
	checkItems(t, synthDoc(page), []invoice.LineItem{})
}

func TestItemsFromHeaderlessListNotUnderTable(t *testing.T) {
	t.Parallel()
	page := append(listPage("$15.70"),
		header4(400),
		row4(420, "Setup", "1", "0.00", "0.00"),
	)
	checkItems(t, synthDoc(page), []invoice.LineItem{item("Setup", 1, 0, 0)})
}
