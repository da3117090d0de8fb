package parse

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/invex/invex/extract/validate"
	"github.com/invex/invex/internal/testpdf"
)

// valueSeeds are single values of every kind, as printed on invoices, plus
// strings that once were hard cases: the per-parser fuzz targets start from
// them and from the strings of generated invoices.
var valueSeeds = []string{
	"15/03/2026", "2026-03-15", "15.03.26", "March 15, 2026", "1er mars 2026", "lunedì 15 marzo 2026",
	"31/02/2026", "00/00/0000", "15 Mär. 2026", "03/15/2026", "9999-99-99",
	"1.234,56", "1,234.56", "€ 1.234,56", "-1.234,56 €", "(12,00)", "CHF 1'234.50", "12,-", "1 234,56",
	"99999999999999999999999,99", "1e308", "0,00", "−0,01",
	"22%", "22 %", "5,5 %", "-10%", "100,00%", "IVA 22%", "1e9%",
	"IT01234567897", "IT 01234567897", "DE 136 695 976", "FR 44 732829320", "CHE-116.281.710 MWST",
	"GB 123 4567 89", "EL123456789", "01234567897", "ATU12345678",
	"IT60 X054 2811 1010 0000 0123 456", "IT60X0542811101000000123456", "DE89 3704 0044 0532 0130 00",
	"GB82WEST12345698765432", "XX00", "IT60 X054 2811 1010 0000 0123 4567 8901",
	"RSSMRA85T10A562S", "rssmra85t10a562s", "RSS MRA 85T10 A562S", "RSSMRALPTLMA562S", "01234567897",
	"Via Roma 1, 20121 Milano (MI)", "20121 Milano MI", "D-80333 München", "75001 Paris CEDEX 01",
	"SW1A 1AA London", "8001 Zürich", "NY 10001", "00184 Roma RM Italia",
	"info@acme.com", "mailto:a.b@pec.example.it", "PEC:nome@pec.it", "a@b", "@@@.",
	"+39 02 1234 5678", "(555) 123-4567", "Tel. +33 1 23 45 67 89", "999999999", "+",
	"30 gg d.f.f.m.", "60 days net", "Zahlbar innerhalb 14 Tagen", "à 30 jours fin de mois",
	"\u202e1.234,56\u202c", "\x00\x01", "\xff\xfe", strings.Repeat("9", 400),
}

// seedStrings returns valueSeeds, fuzzSeeds and the strings of a few
// generated invoices (names, addresses, identifiers, terms in the four
// languages).
func seedStrings(tb testing.TB) []string {
	tb.Helper()
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, s := range valueSeeds {
		add(s)
	}
	for _, s := range fuzzSeeds {
		add(s)
	}
	for seed := range uint64(8) {
		raw, err := json.Marshal(testpdf.Generate(seed))
		if err != nil {
			tb.Fatalf("marshal generated invoice %d: %v", seed, err)
		}
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			tb.Fatalf("unmarshal generated invoice %d: %v", seed, err)
		}
		walkStrings(v, add)
	}
	return out
}

// walkStrings calls f with every string leaf of a decoded JSON value.
func walkStrings(v any, f func(string)) {
	switch v := v.(type) {
	case string:
		if v != "" {
			f(v)
		}
	case []any:
		for _, e := range v {
			walkStrings(e, f)
		}
	case map[string]any:
		for _, e := range v {
			walkStrings(e, f)
		}
	}
}

var locales = []string{"it", "en", "de", "fr"}

// FuzzDate checks that Date and FindDates never panic, that every match is
// the text between its offsets and that every date read is a real calendar
// date in ISO form.
func FuzzDate(f *testing.F) {
	for i, s := range seedStrings(f) {
		f.Add(s, locales[i%len(locales)])
	}
	f.Fuzz(func(t *testing.T, text, locale string) {
		check := func(iso string) {
			if _, err := time.Parse("2006-01-02", iso); err != nil {
				t.Fatalf("date of %q = %q, not a calendar date", text, iso)
			}
		}
		if iso, ok := Date(text, locale); ok {
			check(iso)
		}
		ms := FindDates(text, locale)
		checkMatches(t, "FindDates", text, ms)
		for _, m := range ms {
			check(m.Value)
		}
	})
}

// FuzzAmount checks that Amount and FindAmounts never panic and that every
// amount read is a finite number whose normalised value says the same.
func FuzzAmount(f *testing.F) {
	for i, s := range seedStrings(f) {
		f.Add(s, locales[i%len(locales)])
	}
	f.Fuzz(func(t *testing.T, text, locale string) {
		check := func(m Match) {
			if math.IsNaN(m.Number) || math.IsInf(m.Number, 0) {
				t.Fatalf("amount of %q = %v", text, m.Number)
			}
			if text[m.Start:m.End] != m.Text {
				t.Fatalf("amount of %q: Text %q is not text[%d:%d]", text, m.Text, m.Start, m.End)
			}
		}
		if m, ok := Amount(text, locale); ok {
			check(m)
		}
		ms := FindAmounts(text, locale)
		checkMatches(t, "FindAmounts", text, ms)
		for _, m := range ms {
			check(m)
		}
		Currency(text)
	})
}

// FuzzPercent checks that Percent and FindPercents never panic and read
// finite numbers; a bare number is read only between 0 and 100.
func FuzzPercent(f *testing.F) {
	for _, s := range seedStrings(f) {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, text string, bare bool) {
		if p, ok := Percent(text, bare); ok && (math.IsNaN(p) || math.IsInf(p, 0)) {
			t.Fatalf("Percent(%q, %v) = %v", text, bare, p)
		}
		ms := FindPercents(text)
		checkMatches(t, "FindPercents", text, ms)
		for _, m := range ms {
			if math.IsNaN(m.Number) || math.IsInf(m.Number, 0) {
				t.Fatalf("FindPercents(%q): %v", text, m.Number)
			}
		}
	})
}

// upperAlnum reports whether s is non-empty and only upper-case ASCII
// letters and digits.
func upperAlnum(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		if c := s[i]; !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// printableASCII reports whether s is non-empty and only ASCII from '!' to
// '~'.
func printableASCII(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		if s[i] <= ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// FuzzVATID checks that VATID and FindVATIDs never panic and that every VAT
// id read is printable ASCII without spaces (a Swiss UID keeps its dots and
// dash) with a country.
func FuzzVATID(f *testing.F) {
	for _, s := range seedStrings(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		check := func(m Match) {
			if !printableASCII(m.Value) || len(m.Country) != 2 {
				t.Fatalf("VAT id of %q = %+v", text, m)
			}
		}
		if m, ok := VATID(text); ok {
			check(m)
		}
		ms := FindVATIDs(text)
		checkMatches(t, "FindVATIDs", text, ms)
		for _, m := range ms {
			check(m)
		}
	})
}

// FuzzIBAN checks that IBAN and FindIBANs never panic, that every IBAN read
// has the form of one and that Checked is the mod-97 check.
func FuzzIBAN(f *testing.F) {
	for _, s := range seedStrings(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if m, ok := IBAN(text); ok {
			if !upperAlnum(m.Value) || len(m.Value) < minIBAN || len(m.Value) > maxIBAN || m.Checked != validate.IBAN(m.Value) {
				t.Fatalf("IBAN(%q) = %+v", text, m)
			}
		}
		ms := FindIBANs(text)
		checkMatches(t, "FindIBANs", text, ms)
		for _, m := range ms {
			if !m.Checked || !validate.IBAN(m.Value) {
				t.Fatalf("FindIBANs(%q): unchecked %+v", text, m)
			}
		}
	})
}

// FuzzCodiceFiscale checks that CodiceFiscale, FindCodiciFiscali and
// SDICode never panic and that every code read has 16 or 11 characters.
func FuzzCodiceFiscale(f *testing.F) {
	for _, s := range seedStrings(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if m, ok := CodiceFiscale(text); ok && (!upperAlnum(m.Value) || len(m.Value) != 16 && len(m.Value) != 11) {
			t.Fatalf("CodiceFiscale(%q) = %+v", text, m)
		}
		ms := FindCodiciFiscali(text)
		checkMatches(t, "FindCodiciFiscali", text, ms)
		for _, m := range ms {
			if len(m.Value) != 16 && len(m.Value) != 11 {
				t.Fatalf("FindCodiciFiscali(%q): %+v", text, m)
			}
		}
		if code, ok := SDICode(text); ok && !upperAlnum(code) {
			t.Fatalf("SDICode(%q) = %q", text, code)
		}
	})
}

// FuzzPostalLine checks that PostalLine, CountryName and IsStreet never
// panic and that a postal code read is part of the line.
func FuzzPostalLine(f *testing.F) {
	for i, s := range seedStrings(f) {
		f.Add(s, locales[i%len(locales)])
	}
	f.Fuzz(func(t *testing.T, text, locale string) {
		if a, ok := PostalLine(text, locale); ok {
			if a.Zip == "" || !strings.Contains(strings.ToUpper(text), strings.ToUpper(a.Zip)) {
				t.Fatalf("PostalLine(%q) = %+v: zip not in the line", text, a)
			}
			if utf8.ValidString(text) && (!utf8.ValidString(a.City) || !utf8.ValidString(a.Street)) {
				t.Fatalf("PostalLine(%q) = %+v: invalid UTF-8 from valid input", text, a)
			}
		}
		CountryName(text)
		IsStreet(text)
	})
}

// FuzzContact checks that the e-mail, phone and payment-terms readers never
// panic, that an e-mail read has one '@', and that a due date computed from
// terms read is a calendar date.
func FuzzContact(f *testing.F) {
	for i, s := range seedStrings(f) {
		f.Add(s, locales[i%len(locales)])
	}
	f.Fuzz(func(t *testing.T, text, locale string) {
		if e, ok := Email(text); ok && strings.Count(e, "@") != 1 {
			t.Fatalf("Email(%q) = %q", text, e)
		}
		checkMatches(t, "FindEmails", text, FindEmails(text))
		checkMatches(t, "FindPhones", text, FindPhones(text))
		Phone(text)
		LabelledPhone(text)
		if terms, ok := PaymentTerms(text, locale); ok {
			if due, ok := DueDate("2026-03-15", terms); ok {
				if _, err := time.Parse("2006-01-02", due); err != nil {
					t.Fatalf("DueDate(%q terms) = %q", text, due)
				}
			}
		}
		if n, err := strconv.Atoi(text); err == nil {
			Percent(strconv.Itoa(n), true)
		}
	})
}
