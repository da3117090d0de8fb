package parse

import (
	"reflect"
	"testing"
)

func TestAmount(t *testing.T) {
	t.Parallel()
	type want struct {
		value     string
		number    float64
		currency  string
		ambiguous bool
		ok        bool
	}
	for _, tt := range []struct {
		in, locale string
		want       want
	}{
		{"1.234,56", "it", want{"1234.56", 1234.56, "", false, true}},
		{"1.234,56", "en", want{"1234.56", 1234.56, "", false, true}},
		{"1,234.56", "en", want{"1234.56", 1234.56, "", false, true}},
		{"1,234.56", "it", want{"1234.56", 1234.56, "", false, true}},
		{"1 234,56", "fr", want{"1234.56", 1234.56, "", false, true}},
		{"1\u00a0234,56", "fr", want{"1234.56", 1234.56, "", false, true}},
		{"1\u202f234,56", "fr", want{"1234.56", 1234.56, "", false, true}},
		{"1\u2009234,56", "it", want{"1234.56", 1234.56, "", false, true}},
		{"12 345 678,90", "fr", want{"12345678.90", 12345678.90, "", false, true}},
		{"1'234.56", "de", want{"1234.56", 1234.56, "", false, true}},
		{"1’234.56", "de", want{"1234.56", 1234.56, "", false, true}},
		{"1'234'567.50", "de", want{"1234567.50", 1234567.5, "", false, true}},
		{"1234,56", "it", want{"1234.56", 1234.56, "", false, true}},
		{"1234.56", "it", want{"1234.56", 1234.56, "", false, true}},
		{"1.234.567,89", "de", want{"1234567.89", 1234567.89, "", false, true}},
		{"1,234,567.89", "en", want{"1234567.89", 1234567.89, "", false, true}},
		{"1.234.567", "it", want{"1234567", 1234567, "", false, true}},
		{"1,234,567", "en", want{"1234567", 1234567, "", false, true}},
		{"0,50", "it", want{"0.50", 0.5, "", false, true}},
		{"0.123", "it", want{"0.123", 0.123, "", false, true}},
		{"12,5", "it", want{"12.5", 12.5, "", false, true}},
		{"2,12345", "it", want{"2.12345", 2.12345, "", false, true}},
		{"1234", "it", want{"1234", 1234, "", false, true}},
		{"0", "it", want{"0", 0, "", false, true}},
		// ambiguous: one separator before three digits
		{"1.234", "it", want{"1234", 1234, "", true, true}},
		{"1.234", "de", want{"1234", 1234, "", true, true}},
		{"1.234", "en", want{"1.234", 1.234, "", true, true}},
		{"1,234", "it", want{"1.234", 1.234, "", true, true}},
		{"1,234", "fr", want{"1.234", 1.234, "", true, true}},
		{"1,234", "en", want{"1234", 1234, "", true, true}},
		{"123.456", "it", want{"123456", 123456, "", true, true}},
		{"1234.567", "it", want{"1234.567", 1234.567, "", false, true}}, // 4 digits: not grouped
		// currencies
		{"€ 1.234,56", "it", want{"1234.56", 1234.56, "EUR", false, true}},
		{"€1.234,56", "it", want{"1234.56", 1234.56, "EUR", false, true}},
		{"1.234,56 €", "it", want{"1234.56", 1234.56, "EUR", false, true}},
		{"1.234,56€", "it", want{"1234.56", 1234.56, "EUR", false, true}},
		{"EUR 1.234,56", "it", want{"1234.56", 1234.56, "EUR", false, true}},
		{"EUR1.234,56", "it", want{"1234.56", 1234.56, "EUR", false, true}},
		{"1.234,56 EUR", "it", want{"1234.56", 1234.56, "EUR", false, true}},
		{"1.234,56EUR", "it", want{"1234.56", 1234.56, "EUR", false, true}},
		{"1.234,56 Euro", "it", want{"1234.56", 1234.56, "EUR", false, true}},
		{"1 234,56 €", "fr", want{"1234.56", 1234.56, "EUR", false, true}},
		{"$1,234.56", "en", want{"1234.56", 1234.56, "USD", false, true}},
		{"US$ 1,234.56", "en", want{"1234.56", 1234.56, "USD", false, true}},
		{"£12.50", "en", want{"12.50", 12.5, "GBP", false, true}},
		{"CHF 1'234.50", "de", want{"1234.50", 1234.5, "CHF", false, true}},
		{"Fr. 1'234.50", "de", want{"1234.50", 1234.5, "CHF", false, true}},
		{"1'234.50 CHF", "de", want{"1234.50", 1234.5, "CHF", false, true}},
		{"¥1,000", "en", want{"1000", 1000, "JPY", true, true}},
		{"SEK 500,00", "en", want{"500.00", 500, "SEK", false, true}},
		{"PLN 1.000,00", "it", want{"1000.00", 1000, "PLN", false, true}},
		{"100,00 zł", "it", want{"100.00", 100, "PLN", false, true}},
		{"₹ 1,00,000", "en", want{}}, // Indian grouping is not read
		{"Rs. 412.50", "en", want{"412.50", 412.50, "INR", false, true}},
		// negative
		{"-1.234,56", "it", want{"-1234.56", -1234.56, "", false, true}},
		{"- 1.234,56", "it", want{"-1234.56", -1234.56, "", false, true}},
		{"(1.234,56)", "it", want{"-1234.56", -1234.56, "", false, true}},
		{"( 1.234,56 )", "it", want{"-1234.56", -1234.56, "", false, true}},
		{"(€ 1.234,56)", "it", want{"-1234.56", -1234.56, "EUR", false, true}},
		{"1.234,56-", "it", want{"-1234.56", -1234.56, "", false, true}},
		{"−12,00", "it", want{"-12.00", -12, "", false, true}},
		{"€ -5,00", "it", want{"-5.00", -5, "EUR", false, true}},
		{"€-5,00", "it", want{"-5.00", -5, "EUR", false, true}},
		{"-€5,00", "it", want{"-5.00", -5, "EUR", false, true}},
		{"- € 5,00", "it", want{"-5.00", -5, "EUR", false, true}},
		{"-5,00 €", "it", want{"-5.00", -5, "EUR", false, true}},
		{"5,00 €-", "it", want{"-5.00", -5, "EUR", false, true}},
		{"-$1,234.56", "en", want{"-1234.56", -1234.56, "USD", false, true}},
		{"-0,00", "it", want{"0.00", 0, "", false, true}},
		{"(1.234,56", "it", want{"1234.56", 1234.56, "", false, true}}, // unbalanced: not negative
		// German dash decimals
		{"12,-", "de", want{"12.00", 12, "", false, true}},
		{"1.234,-", "de", want{"1234.00", 1234, "", false, true}},
		{"1.234,– €", "de", want{"1234.00", 1234, "EUR", false, true}},
		// surrounding punctuation
		{": 1.234,56", "it", want{"1234.56", 1234.56, "", false, true}},
		{"1.234,56;", "it", want{"1234.56", 1234.56, "", false, true}},
		{"1.234,56.", "it", want{"1234.56", 1234.56, "", false, true}},
		// not amounts
		{"", "it", want{}},
		{"abc", "it", want{}},
		{"22%", "it", want{}},
		{"22 %", "it", want{}},
		{"15/03/2026", "it", want{}},
		{"15.03.2026", "de", want{}},
		{"2026-03-15", "it", want{}},
		{"12/2026", "it", want{}},
		{"+39 02 1234 5678", "it", want{}},
		{"02 1234 5678", "it", want{}},
		{"IT60X0542811101000000123456", "it", want{}},
		{"IT60 X054 2811 1010 0000 0123 456", "it", want{}},
		{"01234567897", "it", want{}},
		{"00184", "it", want{}},
		{"1234567890", "it", want{}},
		{"1.23.456", "it", want{}},
		{"1.234.56", "it", want{}},
		{"1,234,56", "it", want{}},
		{"1.234,567,89", "it", want{}},
		{"12.3456.789", "it", want{}},
		{"1.1.1.1.1.1.1.1.1.1.1.1.1.1", "it", want{}}, // more groups than a number has
		{"30gg", "it", want{}},
		{"2x", "it", want{}},
		{"A123", "it", want{}},
		{"ART-123", "it", want{}},
		{"10-20", "it", want{}},
		{"10:30", "it", want{}},
		{"#123", "it", want{}},
		{"+5,00", "it", want{}},
		{"1°", "it", want{}},
		{"1.234,56 1.234,56", "it", want{}},
		{"EUR", "it", want{}},
		{"1.234,56 XYZ", "it", want{}},
		{"\xff1,00", "it", want{}}, // invalid UTF-8 is not tolerated around a value
	} {
		m, ok := Amount(tt.in, tt.locale)
		got := want{m.Value, m.Number, m.Currency, m.Ambiguous, ok}
		if got != tt.want {
			t.Errorf("Amount(%q, %q) = %+v; want %+v", tt.in, tt.locale, got, tt.want)
		}
		if ok && m.Text != tt.in[m.Start:m.End] {
			t.Errorf("Amount(%q, %q): Text %q is not in[%d:%d]", tt.in, tt.locale, m.Text, m.Start, m.End)
		}
	}
}

func TestAmountSpan(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in, text string
	}{
		{"  € 1.234,56 ", "€ 1.234,56"},
		{"(1.234,56)", "(1.234,56)"},
		{"(1.234,56", "1.234,56"},
		{"1.234,56 EUR.", "1.234,56 EUR"},
		{"Fr. 12.50", "Fr. 12.50"},
	} {
		m, ok := Amount(tt.in, "it")
		if !ok || m.Text != tt.text {
			t.Errorf("Amount(%q) = %+v, %v; want Text %q", tt.in, m, ok, tt.text)
		}
	}
}

func TestFindAmounts(t *testing.T) {
	t.Parallel()
	type hit struct {
		text, value string
		ambiguous   bool
	}
	for _, tt := range []struct {
		text, locale string
		want         []hit
	}{
		{"Imponibile 1.000,00 IVA 22% 220,00 Totale € 1.220,00", "it", []hit{
			{"1.000,00", "1000.00", false}, {"220,00", "220.00", false}, {"€ 1.220,00", "1220.00", false},
		}},
		{"Subtotal $1,000.00 Tax (10%) $100.00 Total $1,100.00", "en", []hit{
			{"$1,000.00", "1000.00", false}, {"$100.00", "100.00", false}, {"$1,100.00", "1100.00", false},
		}},
		{"Fattura n. 12/2026 del 15/03/2026 totale 1.234,56", "it", []hit{
			{"1.234,56", "1234.56", false},
		}},
		{"IBAN IT60 X054 2811 1010 0000 0123 456", "it", nil},
		{"IBAN: IT60X0542811101000000123456 BIC BPMOIT22", "it", nil},
		{"Tel. +39 02 1234 5678 Fax 02/12345678", "it", nil},
		{"P.IVA 01234567897 C.F. 01234567897", "it", nil},
		{"USt-IdNr. DE 136 695 976", "fr", nil},
		{"SIREN 732 829 320 SIRET 732 829 320 00074 SIRET 73282932000074", "fr", nil},
		{"Total 123 456 789", "fr", []hit{{"123 456 789", "123456789", true}}}, // Luhn fails: not a SIREN
		{"IBAN IT60 X054 2811 1010 0000 0123 457", "it", []hit{{"2811", "2811", false}, {"1010", "1010", false}, {"457", "457", false}}},
		{"info@acme2026.it", "it", nil},
		// An explicit plus sign: a charge, when the number has cents.
		{"Gesamtbetrag der Zuschläge +3.00 EUR", "de", []hit{{"3.00 EUR", "3.00", false}}},
		{"zzgl. Versand + 5,80", "de", []hit{{"5,80", "5.80", false}}},
		{"Hotline +49 89 1234", "de", nil},
		{"Art.+5,80", "de", nil},
		{"2 x 10,00 = 20,00", "it", []hit{{"2", "2", false}, {"10,00", "10.00", false}, {"20,00", "20.00", false}}},
		{"Menge 2 234,00", "it", []hit{{"2", "2", false}, {"234,00", "234.00", false}}},
		{"Quantité 2 234,00", "fr", []hit{{"2 234,00", "2234.00", true}}},
		{"Total 1 234,56 €", "fr", []hit{{"1 234,56 €", "1234.56", true}}},
		{"Total 1\u202f234,56\u00a0€", "fr", []hit{{"1\u202f234,56\u00a0€", "1234.56", false}}},
		{"Totale 1.234 EUR", "it", []hit{{"1.234 EUR", "1234", true}}},
		{"Sconto -10,00 Totale 90,00", "it", []hit{{"-10,00", "-10.00", false}, {"90,00", "90.00", false}}},
		{"Nota di credito (500,00)", "it", []hit{{"(500,00)", "-500.00", false}}},
		{"Gutschrift 500,00- EUR", "de", []hit{{"500,00- EUR", "-500.00", false}}},
		{"MwSt 19 % 190,00", "de", []hit{{"190,00", "190.00", false}}},
		{"20121 Milano", "it", []hit{{"20121", "20121", false}}},
		{"Art. ABC-123 Pos. 10-20", "it", nil},
		{"ore 10:30", "it", nil},
		{"1.234,56\n789,00", "it", []hit{{"1.234,56", "1234.56", false}, {"789,00", "789.00", false}}},
		// A sign glued to the next number is that number's.
		{"TOTAL 42.50 $3612.50", "en", []hit{{"42.50", "42.50", false}, {"$3612.50", "3612.50", false}}},
		{"Summe 12,50 €3,00", "de", []hit{{"12,50", "12.50", false}, {"€3,00", "3.00", false}}},
		{"Total 12.50 $", "en", []hit{{"12.50 $", "12.50", false}}},
		{"0$0", "en", []hit{{"0", "0", false}, {"$0", "0", false}}},
		{"", "it", nil},
	} {
		var got []hit
		for _, m := range FindAmounts(tt.text, tt.locale) {
			got = append(got, hit{m.Text, m.Value, m.Ambiguous})
			if tt.text[m.Start:m.End] != m.Text {
				t.Errorf("FindAmounts(%q): Text %q is not text[%d:%d]", tt.text, m.Text, m.Start, m.End)
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("FindAmounts(%q, %q) = %+v; want %+v", tt.text, tt.locale, got, tt.want)
		}
	}
}

func TestCurrency(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"EUR", "EUR", true}, {"eur", "EUR", true}, {"€", "EUR", true}, {"Euro", "EUR", true},
		{"euros", "EUR", true}, {"USD", "USD", true}, {"$", "USD", true}, {"US$", "USD", true},
		{"£", "GBP", true}, {"GBP", "GBP", true}, {"CHF", "CHF", true}, {"Fr.", "CHF", true},
		{"SFr.", "CHF", true}, {"¥", "JPY", true}, {"JPY", "JPY", true}, {"CNY", "CNY", true},
		{"SEK", "SEK", true}, {"NOK", "NOK", true}, {"DKK", "DKK", true}, {"PLN", "PLN", true},
		{"CZK", "CZK", true}, {"HUF", "HUF", true}, {"RON", "RON", true}, {"AUD", "AUD", true},
		{"A$", "AUD", true}, {"CAD", "CAD", true}, {"C$", "CAD", true}, {"INR", "INR", true},
		{"₹", "INR", true}, {"(EUR)", "EUR", true}, {" € ", "EUR", true},
		{"", "", false}, {"XYZ", "", false}, {"EURO2", "", false}, {"E", "", false}, {"Fr", "CHF", true},
	} {
		got, ok := Currency(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Currency(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// TestLetterSignApart checks that a currency sign made of letters is not
// read when joined to the word before it: "Mo.-Fr." is a weekday range.
func TestLetterSignApart(t *testing.T) {
	t.Parallel()
	for _, m := range FindAmounts("Servizio Mo.-Fr. 08.30 - 12.30", "de") {
		if m.Currency != "" {
			t.Errorf("FindAmounts read %q with currency %s", m.Text, m.Currency)
		}
	}
}
