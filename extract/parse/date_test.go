package parse

import (
	"reflect"
	"testing"
)

func TestDate(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in, locale string
		want       string
		ok         bool
	}{
		{"15/03/2026", "it", "2026-03-15", true},
		{"15.03.2026", "de", "2026-03-15", true},
		{"15-03-2026", "it", "2026-03-15", true},
		{"2026-03-15", "it", "2026-03-15", true},
		{"2026/03/15", "en", "2026-03-15", true},
		{"2026.3.5", "de", "2026-03-05", true},
		{"15/3/26", "it", "2026-03-15", true},
		{"15.03.26", "de", "2026-03-15", true},
		{"1/3/2026", "it", "2026-03-01", true},
		{"31.12.99", "de", "1999-12-31", true}, // 70–99 → 19xx
		{"01.01.00", "de", "2000-01-01", true},
		{"01.01.69", "de", "2069-01-01", true},
		{"01.01.70", "de", "", false}, // 1970: before 1990
		{"01.01.89", "de", "", false},
		{"01.01.90", "de", "1990-01-01", true},
		{"15 marzo 2026", "it", "2026-03-15", true},
		{"15 mar 2026", "it", "2026-03-15", true},
		{"15 Mar. 2026", "en", "2026-03-15", true},
		{"15 MARZO 2026", "it", "2026-03-15", true},
		{"1 gennaio 2026", "it", "2026-01-01", true},
		{"1° marzo 2026", "it", "2026-03-01", true},
		{"1º marzo 2026", "it", "2026-03-01", true},
		{"15 set 2026", "it", "2026-09-15", true},
		{"15 sett. 2026", "it", "2026-09-15", true},
		{"3 dic 2026", "it", "2026-12-03", true},
		{"March 15, 2026", "en", "2026-03-15", true},
		{"March 15 2026", "en", "2026-03-15", true},
		{"September 5 , 2014", "en", "2014-09-05", true},
		{"15 March 2026", "en", "2026-03-15", true},
		{"15th March 2026", "en", "2026-03-15", true},
		{"March 1st, 2026", "en", "2026-03-01", true},
		{"Mar. 15, 2026", "en", "2026-03-15", true},
		{"Sept. 2, 2026", "en", "2026-09-02", true},
		{"15 March, 2026", "en", "2026-03-15", true},
		{"15-Mar-2026", "en", "2026-03-15", true},
		{"15-Mar-26", "en", "2026-03-15", true},
		{"15/mar/2026", "it", "2026-03-15", true},
		{"15. März 2026", "de", "2026-03-15", true},
		{"15. Maerz 2026", "de", "2026-03-15", true},
		{"15. MÄRZ 2026", "de", "2026-03-15", true},
		{"15.März 2026", "de", "2026-03-15", true},
		{"3. Jänner 2026", "de", "2026-01-03", true},
		{"1. Okt. 2026", "de", "2026-10-01", true},
		{"24. Dezember 2026", "de", "2026-12-24", true},
		{"15 mars 2026", "fr", "2026-03-15", true},
		{"1er mars 2026", "fr", "2026-03-01", true},
		{"1er MARS 2026", "fr", "2026-03-01", true},
		{"15 août 2026", "fr", "2026-08-15", true},
		{"15 aout 2026", "fr", "2026-08-15", true},
		{"3 févr. 2026", "fr", "2026-02-03", true},
		{"25 décembre 2026", "fr", "2026-12-25", true},
		{"lunedì 16 marzo 2026", "it", "2026-03-16", true},
		{"Lunedì, 16 marzo 2026", "it", "2026-03-16", true},
		{"Monday, March 16, 2026", "en", "2026-03-16", true},
		{"Montag, 16. März 2026", "de", "2026-03-16", true},
		{"lundi 16 mars 2026", "fr", "2026-03-16", true},
		{"mar 17 marzo 2026", "it", "2026-03-17", true}, // martedì abbreviated
		{": 15/03/2026", "it", "2026-03-15", true},
		{"(15/03/2026)", "it", "2026-03-15", true},
		{"15/03/2026,", "it", "2026-03-15", true},
		{" 15/03/2026. ", "it", "2026-03-15", true},
		// month and day order
		{"03/15/2026", "en", "2026-03-15", true},
		{"03/15/2026", "en-US", "2026-03-15", true},
		{"03/15/2026", "it", "", false},
		{"03/15/2026", "de", "", false},
		{"04/05/2026", "en", "2026-05-04", true}, // ambiguous: day first
		{"13/05/2026", "en", "2026-05-13", true},
		// impossible and out of range
		{"31/02/2026", "it", "", false},
		{"29/02/2026", "it", "", false},
		{"29/02/2028", "it", "2028-02-29", true},
		{"31/04/2026", "it", "", false},
		{"32/01/2026", "it", "", false},
		{"15/13/2026", "it", "", false},
		{"00/01/2026", "it", "", false},
		{"15/03/1989", "it", "", false},
		{"15/03/2100", "it", "", false},
		{"31 febbraio 2026", "it", "", false},
		{"2026-02-30", "it", "", false},
		{"2026-13-01", "it", "", false},
		// not dates
		{"", "it", "", false},
		{"12/2026", "it", "", false},
		{"n. 12/2026", "it", "", false},
		{"15/03", "it", "", false},
		{"15 marzo", "it", "", false},
		{"marzo 2026", "it", "", false},
		{"15/03/202", "it", "", false},
		{"15/03/20261", "it", "", false},
		{"1/15/03/2026", "it", "", false},
		{"15/03-2026", "it", "", false},
		{"15.03.2026.1", "de", "", false},
		{"20260315", "it", "", false},
		{"15 marzo 26", "it", "", false}, // two-digit year only with - / .
		{"15/03/2026 Milano", "it", "", false},
		{"Data 15/03/2026", "it", "", false},
		{"15 foo 2026", "it", "", false},
		{"x15/03/2026", "it", "", false},
		{"15/03/2026x", "it", "", false},
		{"1.234,56", "it", "", false},
		{"\xff15/03/2026", "it", "", false},
	} {
		got, ok := Date(tt.in, tt.locale)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Date(%q, %q) = %q, %v; want %q, %v", tt.in, tt.locale, got, ok, tt.want, tt.ok)
		}
	}
}

func TestFindDates(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		text, locale string
		want         []Match
	}{
		{"Fattura n. 12/2026 del 15/03/2026", "it", []Match{
			{Start: 23, End: 33, Text: "15/03/2026", Value: "2026-03-15"},
		}},
		{"Fattura n. 12/2026", "it", nil},
		{"Rechnungsdatum: 15. März 2026, Lieferdatum 14.03.2026", "de", []Match{
			{Start: 16, End: 30, Text: "15. März 2026", Value: "2026-03-15"},
			{Start: 44, End: 54, Text: "14.03.2026", Value: "2026-03-14"},
		}},
		{"Invoice date: 04/05/2026 due 03/15/2026", "en", []Match{
			{Start: 14, End: 24, Text: "04/05/2026", Value: "2026-05-04", Ambiguous: true},
			{Start: 29, End: 39, Text: "03/15/2026", Value: "2026-03-15"},
		}},
		{"Data 04/05/2026", "it", []Match{
			{Start: 5, End: 15, Text: "04/05/2026", Value: "2026-05-04"},
		}},
		{"05/05/2026", "en", []Match{{Start: 0, End: 10, Text: "05/05/2026", Value: "2026-05-05"}}},
		{"periodo 01/03/2026-31/03/2026", "it", []Match{
			{Start: 8, End: 18, Text: "01/03/2026", Value: "2026-03-01"},
			{Start: 19, End: 29, Text: "31/03/2026", Value: "2026-03-31"},
		}},
		{"lunedì 16 marzo 2026", "it", []Match{
			{Start: 8, End: 21, Text: "16 marzo 2026", Value: "2026-03-16"},
		}},
		{"Date: March 15, 2026.", "en", []Match{
			{Start: 6, End: 20, Text: "March 15, 2026", Value: "2026-03-15"},
		}},
		{"Tel. 02.12.34.56.78", "it", nil},
		{"IBAN IT60 X054 2811 1010 0000 0123 456", "it", nil},
		{"Version 1.2.3", "it", nil},
		{"10:30 15.03.2026\n16.03.2026", "de", []Match{
			{Start: 6, End: 16, Text: "15.03.2026", Value: "2026-03-15"},
			{Start: 17, End: 27, Text: "16.03.2026", Value: "2026-03-16"},
		}},
		{"", "it", nil},
	} {
		got := FindDates(tt.text, tt.locale)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("FindDates(%q, %q) = %+v; want %+v", tt.text, tt.locale, got, tt.want)
		}
	}
}

func TestFindDatesMonthFirst(t *testing.T) {
	for _, tt := range []struct {
		in, want  string
		ambiguous bool
	}{
		{"04/05/2026", "2026-04-05", true},
		{"04-05-2026", "2026-04-05", true},
		{"03/15/2026", "2026-03-15", false},
		{"15/03/2026", "2026-03-15", false}, // can only be day first
		{"04.05.2026", "2026-05-04", true},  // dots: the European notation, day first
		{"2026-04-05", "2026-04-05", false},
		{"April 5, 2026", "2026-04-05", false},
	} {
		ms := FindDatesMonthFirst(tt.in)
		if len(ms) != 1 || ms[0].Value != tt.want || ms[0].Ambiguous != tt.ambiguous {
			t.Errorf("FindDatesMonthFirst(%q) = %+v, want %s (ambiguous %v)", tt.in, ms, tt.want, tt.ambiguous)
		}
	}
}

func TestDateOrders(t *testing.T) {
	for _, tt := range []struct {
		in         string
		day, month int
	}{
		{"Date 03/15/2026 Due 04/05/2026", 0, 1},
		{"Datum 15.03.2026 fällig 04.05.2026", 1, 0},
		{"Data 15/03/2026 scadenza 04/05/2026", 1, 0},
		{"04/05/2026 2026-03-15 5 April 2026", 0, 0},
	} {
		day, month := DateOrders(tt.in)
		if day != tt.day || month != tt.month {
			t.Errorf("DateOrders(%q) = %d, %d; want %d, %d", tt.in, day, month, tt.day, tt.month)
		}
	}
}
