package validate

import "testing"

func TestPartitaIVA(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"01234567897", true}, // product-anchors §7
		{"IT01234567897", true},
		{"it 012 345 678 97", true},
		{"IT-01234567897", true},
		{"12345678903", true},
		{"10000000009", true},
		{"01234567898", false}, // check digit changed
		{"01234567807", false}, // another digit changed
		{"0123456789", false},  // 10 digits
		{"012345678970", false},
		{"0123456789A", false},
		{"DE01234567897", false},
		{"00000000000", false}, // passes the check digit, but all zero
		{"", false},
	} {
		if got := PartitaIVA(tt.in); got != tt.want {
			t.Errorf("PartitaIVA(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestCodiceFiscale(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"RSSMRA85T10A562S", true}, // product-anchors §7
		{"rssmra85t10a562s", true},
		{"RSS MRA 85T10 A562S", true},
		{"RSSMRA85T50A562W", true},  // woman: day + 40
		{"BNCGLI90A41F205H", true},  // woman born on the 1st
		{"RSSMRA85T10A56NH", true},  // omocodia: last digit 2 → N
		{"RSSMRAURTMLARSNL", true},  // omocodia in every digit position
		{"01234567897", true},       // company: Partita IVA rule
		{"RSSMRA85T10A562T", false}, // check letter changed
		{"RSSMRA85T10A563S", false}, // a digit changed
		{"RSSMRA85T10A56NS", false}, // omocodia letter without its check letter
		{"RSSMRA85Z10A562S", false}, // Z is not a month letter
		{"RSSMRA85T32A562S", false}, // day 32
		{"RSSMRA85T00A562S", false}, // day 0
		{"RSSMRA85T10A56WS", false}, // W is not an omocodia letter
		{"RSSMR485T10A562S", false}, // digit in a name position
		{"RSSMRA85T10A562", false},  // 15 characters
		{"RSSMRA85T10A562SX", false},
		{"01234567898", false},
		{"", false},
	} {
		if got := CodiceFiscale(tt.in); got != tt.want {
			t.Errorf("CodiceFiscale(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestIBAN(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"IT60X0542811101000000123456", true}, // product-anchors §7
		{"IT60 X054 2811 1010 0000 0123 456", true},
		{"it60x0542811101000000123456", true},
		{"DE89370400440532013000", true},
		{"FR1420041010050500013M02606", true},
		{"GB29NWBK60161331926819", true},
		{"AT611904300234573201", true},
		{"BE68539007547034", true},
		{"NL91ABNA0417164300", true},
		{"ES9121000418450200051332", true},
		{"CH9300762011623852957", true},
		{"LU280019400644750000", true},
		{"PT50000201231234567890154", true},
		{"IE29AIBK93115212345678", true},
		{"SM88X0542811101000000123456", true},
		{"XK051212012345678906", true},         // country not listed: 15–34 characters
		{"IT61X0542811101000000123456", false}, // check digits changed
		{"IT60X0542811101000000123457", false}, // account digit changed
		{"IT60X054281110100000012345", false},  // 26 characters
		{"DE8937040044053201300", false},       // 21 characters
		{"CH800076201162385295", false},        // 20 characters
		{"XK05121201234", false},               // too short for any country
		{"6060X0542811101000000123456", false},
		{"ITXXX0542811101000000123456", false},
		{"IT60X05428111010000001234_6", false},
		{"", false},
	} {
		if got := IBAN(tt.in); got != tt.want {
			t.Errorf("IBAN(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestVATNumber(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in          string
		wantCountry string
		wantOK      bool
	}{
		{"IT01234567897", "IT", true},
		{"it 01234567897", "IT", true},
		{"IT01234567898", "IT", false},
		{"01234567897", "", false},  // no prefix
		{"DE136695976", "DE", true}, // product-anchors §7
		{"DE 136 695 976", "DE", true},
		{"DE812345673", "DE", true},
		{"DE136695977", "DE", false},  // check digit changed
		{"DE136695986", "DE", false},  // a digit changed
		{"DE036695976", "DE", false},  // first digit zero
		{"DE13669597", "DE", false},   // 8 digits
		{"FR44732829320", "FR", true}, // product-anchors §7
		{"FR 44 732 829 320", "FR", true},
		{"FR45732829320", "FR", false}, // key changed
		{"FR44732829321", "FR", false}, // SIREN changed
		{"FR47732829321", "FR", false}, // key computed from a SIREN that fails Luhn
		{"FR39356000000", "FR", true},  // La Poste
		{"FRAB732829320", "FR", true},  // letter key, SIREN passes Luhn
		{"FRAB732829321", "FR", false}, // letter key, SIREN fails Luhn
		{"FRIO732829320", "FR", false}, // I and O are never key letters
		{"FR4473282932", "FR", false},
		{"ATU10223006", "AT", true},
		{"ATU12345675", "AT", true},
		{"ATU10223007", "AT", false},
		{"AT10223006", "AT", false}, // no U
		{"BE0403170701", "BE", true},
		{"BE403170701", "BE", true}, // old 9-digit form
		{"BE0876543270", "BE", true},
		{"BE0403170702", "BE", false},
		{"BE2403170701", "BE", false},  // first digit neither 0 nor 1
		{"NL123456789B01", "NL", true}, // format only
		{"NL123456789A01", "NL", false},
		{"NL12345678B01", "NL", false},
		{"ESX1234567L", "ES", true}, // format only
		{"ESB12345678", "ES", true},
		{"ES12345678Z", "ES", true},
		{"ES123456789", "ES", false}, // no letter
		{"ESX123456", "ES", false},
		{"EL123456789", "EL", false}, // country not known
		{"US123456789", "US", false},
		{"", "", false},
		{"D", "", false},
	} {
		country, ok := VATNumber(tt.in)
		if country != tt.wantCountry || ok != tt.wantOK {
			t.Errorf("VATNumber(%q) = %q, %v, want %q, %v", tt.in, country, ok, tt.wantCountry, tt.wantOK)
		}
	}
}

func TestVATChecksumKnown(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"IT", true}, {"DE", true}, {"FR", true}, {"AT", true}, {"BE", true}, {"de", true},
		{"NL", false}, {"ES", false}, {"EL", false}, {"", false},
	} {
		if got := VATChecksumKnown(tt.in); got != tt.want {
			t.Errorf("VATChecksumKnown(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestSIREN(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"732829320", true}, // product-anchors §7
		{"732 829 320", true},
		{"356000000", true},  // La Poste
		{"732829321", false}, // last digit changed
		{"742829320", false},
		{"73282932", false},
		{"73282932A", false},
		{"000000000", false},
	} {
		if got := SIREN(tt.in); got != tt.want {
			t.Errorf("SIREN(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestSIRET(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"73282932000074", true}, // product-anchors §7
		{"732 829 320 00074", true},
		{"35600000049837", true},  // La Poste: digit sum a multiple of 5, not Luhn
		{"73282932000075", false}, // last digit changed
		{"35600000049838", false},
		{"7328293200007", false},
		{"00000000000000", false},
	} {
		if got := SIRET(tt.in); got != tt.want {
			t.Errorf("SIRET(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestSDICode(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"ABC1234", true},
		{"0000000", true},
		{"XXXXXXX", true},
		{"UFABCD", true}, // IPA code of a public administration
		{"abc1234", true},
		{"ABC123", true},
		{"ABC12", false},
		{"ABC12345", false},
		{"ABC_234", false},
		{"", false},
	} {
		if got := SDICode(tt.in); got != tt.want {
			t.Errorf("SDICode(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func FuzzChecksums(f *testing.F) {
	for _, s := range []string{"01234567897", "RSSMRA85T10A56NH", "IT60X0542811101000000123456", "DE136695976", "FRAB732829320", "ATU10223006", "BE403170701", "73282932000074", "\xff", "ß"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		piva := PartitaIVA(s)
		if piva && !CodiceFiscale(s) {
			t.Errorf("PartitaIVA(%q) = true but CodiceFiscale(%q) = false", s, s)
		}
		IBAN(s)
		SIREN(s)
		SIRET(s)
		SDICode(s)
		if country, ok := VATNumber(s); ok && (len(country) != 2 || !VATChecksumKnown(country) && country != "NL" && country != "ES") {
			t.Errorf("VATNumber(%q) = %q, true", s, country)
		}
	})
}
