package extract

import (
	"strings"
	"testing"

	"github.com/invex/invex/invoice"
)

func TestContains(t *testing.T) {
	text := "Rechnung Nr. 630514\nRechnungsdatum: 12.06.2019 · Fällig 12 luglio 2019\nRechnungsbetrag 1.590,90 €\nTotal 3 000,50"
	numbers := map[string]bool{"630514": true, "63051": false, "30514": false, "Nr. 630514": true, "630515": false}
	for n, want := range numbers {
		if got := containsNumber(text, n); got != want {
			t.Errorf("containsNumber(%q) = %v, want %v", n, got, want)
		}
	}
	dates := map[string]bool{"2019-06-12": true, "2019-07-12": true, "2019-12-06": true, "2019-06-13": false, "garbage": true}
	for d, want := range dates {
		if got := containsDate(text, d); got != want {
			t.Errorf("containsDate(%q) = %v, want %v", d, got, want)
		}
	}
	amounts := map[float64]bool{1590.90: true, 3000.50: true, 590.90: false, 630514: true, -1590.90: true}
	for a, want := range amounts {
		if got := containsAmount(text, a); got != want {
			t.Errorf("containsAmount(%v) = %v, want %v", a, got, want)
		}
	}
}

func TestCrossCheck(t *testing.T) {
	r := invoice.Empty()
	r.Invoice.Number = invoice.String("630515")
	r.Invoice.Date = invoice.String("2019-06-12")
	r.Financials.Total = invoice.Number(509.90)
	got := crossCheck(r, "Rechnung Nr. 630514 vom 12.06.2019, Betrag 590,90 €")
	if len(got) != 1 || got[0].Code != CodeXMLTextMismatch || got[0].Field != "invoice.number" {
		t.Fatalf("crossCheck = %+v", got)
	}
	if want := "invoice.number, financials.total"; !strings.Contains(got[0].Message, want) {
		t.Errorf("message %q does not name %q", got[0].Message, want)
	}
	if got := crossCheck(r, ""); got != nil {
		t.Errorf("a page without text raised %+v", got)
	}
	r.Invoice.Number = invoice.String("630514")
	r.Financials.Total = invoice.Number(590.90)
	if got := crossCheck(r, "Rechnung Nr. 630514 vom 12.06.2019, Betrag 590,90 €"); got != nil {
		t.Errorf("agreeing page raised %+v", got)
	}
}
