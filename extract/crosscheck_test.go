package extract

import (
	"strings"
	"testing"

	"github.com/invex/invex/invoice"
)

func TestContains(t *testing.T) {
	text := "Rechnung Nr. 471102\nRechnungsdatum: 05.03.2018 · Fällig 4 aprile 2018\nRechnungsbetrag 1.529,87 €\nTotal 3 000,50"
	numbers := map[string]bool{"471102": true, "47110": false, "71102": false, "Nr. 471102": true, "471103": false}
	for n, want := range numbers {
		if got := containsNumber(text, n); got != want {
			t.Errorf("containsNumber(%q) = %v, want %v", n, got, want)
		}
	}
	dates := map[string]bool{"2018-03-05": true, "2018-04-04": true, "2018-05-03": true, "2018-03-06": false, "garbage": true}
	for d, want := range dates {
		if got := containsDate(text, d); got != want {
			t.Errorf("containsDate(%q) = %v, want %v", d, got, want)
		}
	}
	amounts := map[float64]bool{1529.87: true, 3000.50: true, 529.87: false, 471102: true, -1529.87: true}
	for a, want := range amounts {
		if got := containsAmount(text, a); got != want {
			t.Errorf("containsAmount(%v) = %v, want %v", a, got, want)
		}
	}
}

func TestCrossCheck(t *testing.T) {
	r := invoice.Empty()
	r.Invoice.Number = invoice.String("471103")
	r.Invoice.Date = invoice.String("2018-03-05")
	r.Financials.Total = invoice.Number(592.87)
	got := crossCheck(r, "Rechnung Nr. 471102 vom 05.03.2018, Betrag 529,87 €")
	if len(got) != 1 || got[0].Code != CodeXMLTextMismatch || got[0].Field != "invoice.number" {
		t.Fatalf("crossCheck = %+v", got)
	}
	if want := "invoice.number, financials.total"; !strings.Contains(got[0].Message, want) {
		t.Errorf("message %q does not name %q", got[0].Message, want)
	}
	if got := crossCheck(r, ""); got != nil {
		t.Errorf("a page without text raised %+v", got)
	}
	r.Invoice.Number = invoice.String("471102")
	r.Financials.Total = invoice.Number(529.87)
	if got := crossCheck(r, "Rechnung Nr. 471102 vom 05.03.2018, Betrag 529,87 €"); got != nil {
		t.Errorf("agreeing page raised %+v", got)
	}
}
