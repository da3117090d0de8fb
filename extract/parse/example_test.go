package parse_test

import (
	"fmt"

	"github.com/invex/invex/extract/parse"
)

func ExampleDate() {
	for _, s := range []string{"15/03/2026", "15. März 2026", "1er mars 2026", "March 15, 2026", "31/02/2026"} {
		fmt.Println(parse.Date(s, "it"))
	}
	// Output:
	// 2026-03-15 true
	// 2026-03-15 true
	// 2026-03-01 true
	// 2026-03-15 true
	//  false
}

func ExampleFindAmounts() {
	text := "Imponibile 1.000,00 IVA 22% 220,00 Totale € 1.220,00 IBAN IT60 X054 2811 1010 0000 0123 456"
	for _, m := range parse.FindAmounts(text, "it") {
		fmt.Printf("%q %s %q\n", m.Text, m.Value, m.Currency)
	}
	// Output:
	// "1.000,00" 1000.00 ""
	// "220,00" 220.00 ""
	// "€ 1.220,00" 1220.00 "EUR"
}

func ExampleAmount() {
	m, ok := parse.Amount("1.234", "it")
	fmt.Println(m.Value, m.Ambiguous, ok)
	m, ok = parse.Amount("(CHF 1'234.50)", "de")
	fmt.Println(m.Value, m.Currency, ok)
	// Output:
	// 1234 true true
	// -1234.50 CHF true
}

func ExampleVATID() {
	m, ok := parse.VATID("DE 136 695 976")
	fmt.Println(m.Value, m.Country, m.Checked, ok)
	// Output:
	// DE136695976 DE true true
}

func ExampleFindIBANs() {
	for _, m := range parse.FindIBANs("IBAN IT60 X054 2811 1010\n0000 0123 456") {
		fmt.Println(m.Value)
	}
	// Output:
	// IT60X0542811101000000123456
}

func ExamplePostalLine() {
	a, ok := parse.PostalLine("Via Roma 1, 20121 Milano (MI)", "it")
	fmt.Printf("%+v %v\n", a, ok)
	// Output:
	// {Street:Via Roma 1 Zip:20121 City:Milano Province:MI Country:IT Guessed:false} true
}

func ExampleDueDate() {
	terms, _ := parse.PaymentTerms("60 gg d.f.f.m.", "it")
	fmt.Println(parse.DueDate("2026-03-15", terms))
	// Output:
	// 2026-05-31 true
}
