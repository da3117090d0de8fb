package parse

import (
	"reflect"
	"testing"
)

func TestVATID(t *testing.T) {
	t.Parallel()
	type want struct {
		value, country string
		checked, ok    bool
	}
	for _, tt := range []struct {
		in   string
		want want
	}{
		{"IT01234567897", want{"IT01234567897", "IT", true, true}},
		{"IT 01234567897", want{"IT01234567897", "IT", true, true}},
		{"it01234567897", want{"IT01234567897", "IT", true, true}},
		{"IT-01234567897", want{"IT01234567897", "IT", true, true}},
		{"IT 012 345 678 97", want{"IT01234567897", "IT", true, true}},
		{"IT01234567898", want{"IT01234567898", "IT", false, true}}, // form right, check digit wrong
		{"01234567897", want{"01234567897", "IT", true, true}},
		{"01234567898", want{"01234567898", "IT", false, true}}, // read beside a label
		{"00000000000", want{}},
		{"DE136695976", want{"DE136695976", "DE", true, true}},
		{"DE 136 695 976", want{"DE136695976", "DE", true, true}},
		{"DE136.695.976", want{"DE136695976", "DE", true, true}},
		{"DE136695975", want{"DE136695975", "DE", false, true}},
		{"FR44732829320", want{"FR44732829320", "FR", true, true}},
		{"FR 44 732829320", want{"FR44732829320", "FR", true, true}},
		{"FR 44 732 829 320", want{"FR44732829320", "FR", true, true}},
		{"ATU12345675", want{"ATU12345675", "AT", true, true}},
		{"ATU12345678", want{"ATU12345678", "AT", false, true}},
		{"BE0123456749", want{"BE0123456749", "BE", true, true}},
		{"BE 0123.456.749", want{"BE0123456749", "BE", true, true}},
		{"NL123456789B01", want{"NL123456789B01", "NL", false, true}},
		{"ESB12345678", want{"ESB12345678", "ES", false, true}},
		{"ES12345678Z", want{"ES12345678Z", "ES", false, true}},
		{"GB123456789", want{"GB123456789", "GB", false, true}},
		{"GB980780684", want{"GB980780684", "GB", true, true}},
		{"GB 980 7806 84", want{"GB980780684", "GB", true, true}},
		{"GBGD123", want{"GBGD123", "GB", false, true}},
		{"XI980780684", want{"XI980780684", "GB", true, true}},
		{"EL123456789", want{"EL123456789", "GR", false, true}},
		{"PL1234567890", want{"PL1234567890", "PL", false, true}},
		{"SE123456789001", want{"SE123456789001", "SE", false, true}},
		{"CHE-123.456.789 MWST", want{"CHE-123.456.789MWST", "CH", false, true}},
		{"CHE-116.281.710 MWST", want{"CHE-116.281.710MWST", "CH", true, true}},
		{"CHE-116.281.710 TVA", want{"CHE-116.281.710TVA", "CH", true, true}},
		{"CHE116281710", want{"CHE116281710", "CH", true, true}},
		{"(IT01234567897)", want{"IT01234567897", "IT", true, true}},
		{"IT01234567897,", want{"IT01234567897", "IT", true, true}},
		// not VAT ids
		{"", want{}},
		{"IT0123456789", want{}},
		{"IT012345678970", want{}},
		{"DE12345678", want{}},
		{"XX123456789", want{}},
		{"ATU1234567", want{}},
		{"NL123456789X01", want{}},
		{"136695976", want{}}, // no prefix, not 11 digits: no country
		{"P.IVA 01234567897", want{}},
		{"IT60X0542811101000000123456", want{}},
		{"CHE-123.456", want{}},
		{"ITALIA", want{}},
	} {
		m, ok := VATID(tt.in)
		got := want{m.Value, m.Country, m.Checked, ok}
		if got != tt.want {
			t.Errorf("VATID(%q) = %+v; want %+v", tt.in, got, tt.want)
		}
		if ok && m.Text != tt.in[m.Start:m.End] {
			t.Errorf("VATID(%q): Text %q is not in[%d:%d]", tt.in, m.Text, m.Start, m.End)
		}
	}
}

func TestFindVATIDs(t *testing.T) {
	t.Parallel()
	type hit struct{ text, value string }
	for _, tt := range []struct {
		text string
		want []hit
	}{
		{"P.IVA 01234567897 - C.F. RSSMRA85T10A562S", []hit{{"01234567897", "01234567897"}}},
		{"Partita IVA: IT 01234567897", []hit{{"IT 01234567897", "IT01234567897"}}},
		{"USt-IdNr.: DE 136 695 976 Steuernr. 143/123/45678", []hit{{"DE 136 695 976", "DE136695976"}}},
		{"N° TVA FR 44 732829320, SIRET 73282932000074", []hit{{"FR 44 732829320", "FR44732829320"}}},
		{"UID CHE-116.281.710 MWST.", []hit{{"CHE-116.281.710 MWST", "CHE-116.281.710MWST"}}},
		{"VAT GB980780684 and NL123456789B01", []hit{{"GB980780684", "GB980780684"}, {"NL123456789B01", "NL123456789B01"}}},
		{"Ordine 12345678901 del 2026", nil},            // 11 digits failing the check
		{"IBAN IT60 X054 2811 1010 0000 0123 456", nil}, // inside an IBAN
		{"IBAN DE02 1203 0000 0000 2020 51", nil},       // inside an IBAN
		{"Tel. 0123.4567897", nil},                      // digits with a separator are not a bare P.IVA
		{"1.01234567897", nil},                          // continues a number
		{"DE 136 695 976 2026", []hit{{"DE 136 695 976", "DE136695976"}}},
		{"IT01234567897IT01234567897", nil},
		{"ABN: 51 824 753 556 PO Box 1", []hit{{"ABN: 51 824 753 556", "51824753556"}}},
		{"ABN 51824753556", []hit{{"ABN 51824753556", "51824753556"}}},
		{"ABN: 51 824 753 557", nil},                  // check fails
		{"Rechnungsnr. SHIPX7-WHS-DE-136695976", nil}, // the tail of a document number
		{"USt-ID:DE136695976", []hit{{"DE136695976", "DE136695976"}}},
		{"ABN: 51 824 753", nil},
		{"", nil},
	} {
		var got []hit
		for _, m := range FindVATIDs(tt.text) {
			got = append(got, hit{m.Text, m.Value})
			if tt.text[m.Start:m.End] != m.Text {
				t.Errorf("FindVATIDs(%q): Text %q is not text[%d:%d]", tt.text, m.Text, m.Start, m.End)
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("FindVATIDs(%q) = %+v; want %+v", tt.text, got, tt.want)
		}
	}
}

func TestCodiceFiscale(t *testing.T) {
	t.Parallel()
	type want struct {
		value       string
		checked, ok bool
	}
	for _, tt := range []struct {
		in   string
		want want
	}{
		{"RSSMRA85T10A562S", want{"RSSMRA85T10A562S", true, true}},
		{"rssmra85t10a562s", want{"RSSMRA85T10A562S", true, true}},
		{"RSS MRA 85T10 A562S", want{"RSSMRA85T10A562S", true, true}},
		{"BNCGLI90A41F205H", want{"BNCGLI90A41F205H", true, true}},  // woman
		{"RSSMRA85T10A56NH", want{"RSSMRA85T10A56NH", true, true}},  // omocodia
		{"RSSMRA85T10A5SNT", want{"RSSMRA85T10A5SNT", true, true}},  // omocodia twice
		{"RSSMRA85T10A562X", want{"RSSMRA85T10A562X", false, true}}, // wrong check letter
		{"01234567897", want{"01234567897", true, true}},
		{"01234567898", want{"01234567898", false, true}},
		{"C.F.: RSSMRA85T10A562S", want{}},
		{"RSSMRA85Z10A562S", want{}}, // Z is not a month
		{"RSSMRA85T32A562S", want{}}, // day 32
		{"RSSMRA85T10A562", want{}},
		{"RSSMR185T10A562S", want{}},
		{"", want{}},
	} {
		m, ok := CodiceFiscale(tt.in)
		got := want{m.Value, m.Checked, ok}
		if got != tt.want {
			t.Errorf("CodiceFiscale(%q) = %+v; want %+v", tt.in, got, tt.want)
		}
	}
}

func TestFindCodiciFiscali(t *testing.T) {
	t.Parallel()
	type hit struct {
		value   string
		checked bool
	}
	for _, tt := range []struct {
		text string
		want []hit
	}{
		{"C.F. RSSMRA85T10A562S P.IVA 01234567897", []hit{{"RSSMRA85T10A562S", true}, {"01234567897", true}}},
		{"CF: RSSMRA85T10A562X", []hit{{"RSSMRA85T10A562X", false}}},
		{"codice 12345678901", nil},
		{"ABCDEFGHIJKLMNOP", nil},
		{"XRSSMRA85T10A562S", nil},
		{"rssmra85t10a562s", nil}, // finder: upper case only
		{"Codice Fiscale: RSSMRA85T10A562 S - IBAN", []hit{{"RSSMRA85T10A562S", true}}}, // split before its check letter
		{"C.F. RSS MRA 85T10 A562S", []hit{{"RSSMRA85T10A562S", true}}},                 // printed in groups
		{"CF RSSMRA85T10A562 X", nil},                                                   // split, the check letter fails
		{"RSSMRA85T10A562 SPA", nil},                                                    // a word goes on
		{"", nil},
	} {
		var got []hit
		for _, m := range FindCodiciFiscali(tt.text) {
			got = append(got, hit{m.Value, m.Checked})
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("FindCodiciFiscali(%q) = %+v; want %+v", tt.text, got, tt.want)
		}
	}
}

func TestIBAN(t *testing.T) {
	t.Parallel()
	type want struct {
		value, country string
		checked, ok    bool
	}
	for _, tt := range []struct {
		in   string
		want want
	}{
		{"IT60 X054 2811 1010 0000 0123 456", want{"IT60X0542811101000000123456", "IT", true, true}},
		{"IT60X0542811101000000123456", want{"IT60X0542811101000000123456", "IT", true, true}},
		{"it60x0542811101000000123456", want{"IT60X0542811101000000123456", "IT", true, true}},
		{"DE02 1203 0000 0000 2020 51", want{"DE02120300000000202051", "DE", true, true}},
		{"GB29 NWBK 6016 1331 9268 19", want{"GB29NWBK60161331926819", "GB", true, true}},
		{"FR14 2004 1010 0505 0001 3M02 606", want{"FR1420041010050500013M02606", "FR", true, true}},
		{"CH93 0076 2011 6238 5295 7", want{"CH9300762011623852957", "CH", true, true}},
		{"IT60 X054 2811 1010 0000 0123 457", want{"IT60X0542811101000000123457", "IT", false, true}},
		{"IT60 X054 2811 1010 0000 0123 45", want{"IT60X054281110100000012345", "IT", false, true}},
		{": IT60X0542811101000000123456.", want{"IT60X0542811101000000123456", "IT", true, true}},
		{"IBAN IT60X0542811101000000123456", want{}},
		{"IT60-X054", want{}},
		{"1234567890123456", want{}},
		{"", want{}},
	} {
		m, ok := IBAN(tt.in)
		got := want{m.Value, m.Country, m.Checked, ok}
		if got != tt.want {
			t.Errorf("IBAN(%q) = %+v; want %+v", tt.in, got, tt.want)
		}
	}
}

func TestFindIBANs(t *testing.T) {
	t.Parallel()
	type hit struct{ text, value string }
	for _, tt := range []struct {
		text string
		want []hit
	}{
		{"IBAN: IT60 X054 2811 1010 0000 0123 456 BIC BPMOIT22", []hit{
			{"IT60 X054 2811 1010 0000 0123 456", "IT60X0542811101000000123456"},
		}},
		{"IBAN IT60X0542811101000000123456", []hit{{"IT60X0542811101000000123456", "IT60X0542811101000000123456"}}},
		{"IBAN IT60 X054 2811 1010\n0000 0123 456\nBIC", []hit{
			{"IT60 X054 2811 1010\n0000 0123 456", "IT60X0542811101000000123456"},
		}},
		{"IBAN IT60X05428111010\r\n00000123456", []hit{
			{"IT60X05428111010\r\n00000123456", "IT60X0542811101000000123456"},
		}},
		{"DE02 1203 0000 0000 2020 51 und GB29 NWBK 6016 1331 9268 19", []hit{
			{"DE02 1203 0000 0000 2020 51", "DE02120300000000202051"},
			{"GB29 NWBK 6016 1331 9268 19", "GB29NWBK60161331926819"},
		}},
		{"IBAN  IT60  X054  2811  1010  0000  0123  456 ", []hit{
			{"IT60  X054  2811  1010  0000  0123  456", "IT60X0542811101000000123456"},
		}},
		{"IT60 X054 2811 1010 0000 0123 457", nil}, // check fails
		{"IT60 X054 2811 1010 0000 0123", nil},     // too short
		{"XIT60X0542811101000000123456", nil},
		{"IT60X0542811101000000123456X", nil},
		{"IT60 X054 2811 1010 0000 0123 456\n\n789", []hit{
			{"IT60 X054 2811 1010 0000 0123 456", "IT60X0542811101000000123456"},
		}},
		{"", nil},
	} {
		var got []hit
		for _, m := range FindIBANs(tt.text) {
			got = append(got, hit{m.Text, m.Value})
			if !m.Checked || m.Country != m.Value[:2] {
				t.Errorf("FindIBANs(%q): %+v not checked or wrong country", tt.text, m)
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("FindIBANs(%q) = %q; want %q", tt.text, got, tt.want)
		}
	}
}

func TestSDICode(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{
		{"P7HLQD2", "P7HLQD2", true},
		{"ZNVE3K5", "ZNVE3K5", true},
		{"UFY9MH", "UFY9MH", true}, // public administration (IPA)
		{"0000000", "0000000", true},
		{"XXXXXXX", "XXXXXXX", true},
		{"1234567", "1234567", true},
		{": P7HLQD2", "P7HLQD2", true},
		{"P7H LQD2", "P7HLQD2", true},
		{"p7hlqd2", "", false},
		{"P7HLQD", "P7HLQD", true},
		{"P7HLQ", "", false},
		{"P7HLQD25", "", false},
		{"P7H-LQD", "", false},
		{"", "", false},
	} {
		got, ok := SDICode(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("SDICode(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestVATCountry(t *testing.T) {
	for vat, want := range map[string]string{"IT01234567897": "IT", "EL123456789": "GR", "XI123456789": "GB",
		"CHE123456789": "CH", "ATU12345678": "AT", "01234567897": "", "IT": ""} {
		got, ok := VATCountry(vat)
		if got != want || ok != (want != "") {
			t.Errorf("VATCountry(%q) = %q, %v; want %q", vat, got, ok, want)
		}
	}
}
