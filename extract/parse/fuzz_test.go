package parse

import "testing"

// fuzzSeeds are texts in the four languages with every kind of value.
var fuzzSeeds = []string{
	"Fattura n. 12/2026 del 15/03/2026 Totale € 1.234,56 IVA 22% IBAN IT60 X054 2811 1010 0000 0123 456",
	"Rechnung vom 15. März 2026, Betrag 1.234,56 EUR, MwSt 19 %, USt-IdNr. DE 136 695 976",
	"Facture du 1er mars 2026 : 1 234,56 €, TVA 20 %, FR 44 732829320, Tél. +33 1 23 45 67 89",
	"Invoice March 15, 2026 total $1,234.56 (10%) Tel (555) 123-4567 info@acme.com",
	"(1.234,56) 1.234,56- −12,00 -€5,00 CHF 1'234.50 12,- 03/15/2026 2026-03-15",
	"P.IVA 01234567897 C.F. RSSMRA85T10A562S CHE-116.281.710 MWST 02/12345678",
	"\xff\xfe1.2\u00a03,4\u202f5 €\n-( )%",
	"1.1.1.1.1.1.1.1.1.1.1.1.1.1.1 1 1 1 1 1 1 1 1 1 1 1 1 1,1",
	"",
}

// FuzzFindAmounts checks that FindAmounts and Amount never panic and that
// every match is the text between its offsets.
func FuzzFindAmounts(f *testing.F) {
	for _, s := range fuzzSeeds {
		for _, locale := range []string{"it", "en", "de", "fr"} {
			f.Add(s, locale)
		}
	}
	f.Fuzz(func(t *testing.T, text, locale string) {
		checkMatches(t, "FindAmounts", text, FindAmounts(text, locale))
		checkMatches(t, "FindPercents", text, FindPercents(text))
		if m, ok := Amount(text, locale); ok && text[m.Start:m.End] != m.Text {
			t.Fatalf("Amount(%q): Text %q is not text[%d:%d]", text, m.Text, m.Start, m.End)
		}
		Percent(text, true)
		Currency(text)
	})
}

// FuzzFindDates checks that FindDates and Date never panic and that every
// match is the text between its offsets.
func FuzzFindDates(f *testing.F) {
	for _, s := range fuzzSeeds {
		for _, locale := range []string{"it", "en", "de", "fr"} {
			f.Add(s, locale)
		}
	}
	f.Fuzz(func(t *testing.T, text, locale string) {
		checkMatches(t, "FindDates", text, FindDates(text, locale))
		if iso, ok := Date(text, locale); ok && len(iso) != len("2006-01-02") {
			t.Fatalf("Date(%q) = %q", text, iso)
		}
	})
}

// FuzzFinders checks the other finders and whole-string parsers the same
// way.
func FuzzFinders(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkMatches(t, "FindVATIDs", text, FindVATIDs(text))
		checkMatches(t, "FindCodiciFiscali", text, FindCodiciFiscali(text))
		checkMatches(t, "FindIBANs", text, FindIBANs(text))
		checkMatches(t, "FindEmails", text, FindEmails(text))
		checkMatches(t, "FindPhones", text, FindPhones(text))
		VATID(text)
		CodiceFiscale(text)
		IBAN(text)
		SDICode(text)
		Email(text)
		Phone(text)
		PostalLine(text, "it")
		if terms, ok := PaymentTerms(text, "it"); ok {
			DueDate("2026-03-15", terms)
		}
		Normalize(text)
	})
}

// checkMatches fails when a match is not text[Start:End] or when matches
// overlap or are out of order.
func checkMatches(t *testing.T, name, text string, ms []Match) {
	t.Helper()
	prev := 0
	for _, m := range ms {
		if m.Start < prev || m.End < m.Start || m.End > len(text) || text[m.Start:m.End] != m.Text {
			t.Fatalf("%s(%q): bad match %+v", name, text, m)
		}
		prev = m.End
	}
}
