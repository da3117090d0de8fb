package eval

import (
	"testing"
)

func TestNormText(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"ACME S.p.A.", "acme s.p.a"},
		{"  Rossi   Forniture\tS.r.l.\n", "rossi forniture s.r.l"},
		{"«Acme»", "acme"},
		{"(Acme).", "acme"},
		{"…Acme…", "acme"},
		{"Straße", "strasse"},
		{"ΟΔΟΣ", "οδοσ"},
		{"€ 10", "€ 10"}, // a currency sign is a symbol, not punctuation
		// NFKC: ligatures, full-width forms, space variants, superscripts and ordinals.
		{"Oﬃce ﬁles ﬂat ﬀ ﬄ ﬅ ﬆ", "office files flat ff ffl st st"},
		{"ＡＣＭＥ　１２３", "acme 123"},
		{"Via\u00a0Roma\u2009\u202f1", "via roma 1"},
		{"m² m³ ¹", "m2 m3 1"},
		{"1ª 2º", "1a 2o"},
		{"", ""},
		{" .,; ", ""},
	}
	for _, tt := range tests {
		if got := normText(tt.in); got != tt.want {
			t.Errorf("normText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestEqualStrings(t *testing.T) {
	tests := []struct {
		name             string
		field, want, got string
		match            bool
	}{
		{"case and spaces", "city", "MÜNCHEN", " münchen ", true},
		{"trailing dot", "number", "INV-1.", "inv-1", true},
		{"inner punctuation counts", "number", "2026/0042", "20260042", false},
		{"different city", "city", "Roma", "Milano", false},

		// Containment: shorter ≥ 60% of the longer, for four fields only.
		{"name contained, 9 of 14", "name", "Wolf GmbH & Co", "Wolf GmbH ", true},
		{"name contained, 4 of 14", "name", "Wolf GmbH & Co", "Wolf", false},
		{"name contained exactly 60%", "name", "abcdefghij", "abcdef", true},
		{"name contained just under 60%", "name", "abcdefghij", "abcde", false},
		{"ours longer, 19 of 26", "name", "Rossi Forniture Srl", "Rossi Forniture Srl Milano", true},
		{"ours longer, 9 of 16", "name", "Rossi Srl", "Rossi Srl Milano", false},
		{"address", "address", "Via Roma 1, 20121 Milano", "Via Roma 1, 20121", true},
		{"description", "description", "Consulenza tecnica", "Consulenza tecnica (ore)", true},
		{"payment_terms", "payment_terms", "30 giorni d.f.", "Pag. 30 giorni d.f.", true},
		{"inner dots count", "name", "Rossi Forniture S.r.l.", "Rossi Forniture Srl", false},
		{"not contained", "name", "Acme Ltd", "Acme Limited", false},
		{"containment not for city", "city", "Frankfurt am Main", "Frankfurt am", false},
		{"containment not for number", "number", "INV-000123", "INV-00012", false},

		// VAT numbers.
		{"vat prefix on one side", "vat_number", "IT01234567897", "01234567897", true},
		{"vat prefix on the other", "vat_number", "01234567897", "IT 012 345 678 97", true},
		{"vat dots and dashes", "vat_number", "DE123456789", "de-123.456.789", true},
		{"vat en dash", "vat_number", "DE123456789", "DE 123–456–789", true},
		{"vat different prefix ignored", "vat_number", "DE123456789", "AT123456789", true},
		{"vat different digits", "vat_number", "IT01234567897", "IT01234567898", false},
		{"vat greek prefix", "vat_number", "EL123456789", "123456789", true},
		{"vat ATU keeps U", "vat_number", "ATU12345678", "U12345678", true},
		{"vat ATU without U", "vat_number", "ATU12345678", "12345678", false},

		// Codes: spaces removed, upper-cased, nothing else.
		{"iban spaces", "iban", "DE68642500400719283546", "de68 6425 0040 0719 2835 46", true},
		{"iban dashes count", "iban", "DE68642500400719283546", "DE68-6425-0040-0719-2835-46", false},
		{"zip spaces", "zip_code", "SW1A 1AA", "sw1a1aa", true},
		{"sdi", "sdi_code", "ABC1234", "abc 1234", true},
		{"fiscal code", "fiscal_code", "RSSMRA80A01H501U", "rssmra80a01h501u", true},
		{"fiscal code full-width", "fiscal_code", "RSSMRA80A01H501U", "ＲＳＳＭＲＡ80A01H501U", true},
		{"zip different", "zip_code", "20121", "20122", false},

		// Dates: exact.
		{"date exact", "date", "2026-03-15", "2026-03-15", true},
		{"date other form", "date", "2026-03-15", "15/03/2026", false},
		{"due date spaces", "due_date", "2026-03-15", " 2026-03-15", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := equal(tt.field, tt.want, tt.got); got != tt.match {
				t.Errorf("equal(%q, %q, %q) = %v, want %v", tt.field, tt.want, tt.got, got, tt.match)
			}
		})
	}
}

func TestEqualNumbers(t *testing.T) {
	tests := []struct {
		name      string
		field     string
		want, got float64
		match     bool
	}{
		{"amount exact", "total", 122, 122, true},
		{"amount within a cent", "total", 100.00, 100.01, true},
		{"amount within a cent below", "subtotal", 100.01, 100.00, true},
		{"amount beyond a cent", "total", 100.00, 100.02, false},
		{"amount 0.011 off", "amount", 5.000, 5.011, false},
		{"unit price", "unit_price", 0.125, 0.13, true},
		{"negative amounts", "total", -50.5, -50.5, true},
		{"sign matters", "total", -50.5, 50.5, false},
		{"unknown number is an amount", "confidence", 0.5, 0.505, true},
		{"tax rate within a thousandth", "tax_rate", 22, 22.001, true},
		{"tax rate off by 0.01", "tax_rate", 22, 22.01, false},
		{"discount pct", "discount_pct", 12.5, 12.5, true},
		{"discount pct off", "discount_pct", 12.5, 12.51, false},
		{"quantity", "quantity", 1.333, 1.3333, true},
		{"quantity off", "quantity", 2, 2.005, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := equal(tt.field, tt.want, tt.got); got != tt.match {
				t.Errorf("equal(%q, %v, %v) = %v, want %v", tt.field, tt.want, tt.got, got, tt.match)
			}
		})
	}
}

func TestEqualTypes(t *testing.T) {
	tests := []struct {
		name      string
		want, got any
		match     bool
	}{
		{"number against string", 22.0, "22", false},
		{"string against number", "22", 22.0, false},
		{"bool", false, false, true},
		{"bool differs", true, false, false},
	}
	for _, tt := range tests {
		if got := equal("x", tt.want, tt.got); got != tt.match {
			t.Errorf("%s: equal(%v, %v) = %v", tt.name, tt.want, tt.got, got)
		}
	}
}

func TestIsNull(t *testing.T) {
	tests := []struct {
		v    any
		want bool
	}{
		{nil, true},
		{"", true},
		{"  ", true},
		{"x", false},
		{0.0, false},
		{false, false},
		{[]any{}, true},
		{[]any{nil}, false},
		{map[string]any{"a": nil, "b": ""}, true},
		{map[string]any{"a": nil, "b": 1.0}, false},
	}
	for _, tt := range tests {
		if got := isNull(tt.v); got != tt.want {
			t.Errorf("isNull(%#v) = %v, want %v", tt.v, got, tt.want)
		}
	}
}
