package parse

import (
	"reflect"
	"testing"
)

func TestPercent(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in        string
		allowBare bool
		want      float64
		ok        bool
	}{
		{"22%", false, 22, true},
		{"22 %", false, 22, true},
		{"22\u00a0%", false, 22, true},
		{"22,00%", false, 22, true},
		{"22.00 %", false, 22, true},
		{"4%", false, 4, true},
		{"5,5 %", false, 5.5, true},
		{"0%", false, 0, true},
		{"2,1%", false, 2.1, true},
		{"-10%", false, -10, true},
		{"(22%)", false, 22, true},
		{"IVA 22%", false, 22, true},
		{"19 % MwSt", false, 19, true},
		{"TVA 5,5 %", false, 5.5, true},
		{"IVA 22% su 100", false, 0, false},
		{"IVA 22", true, 0, false},
		{"22", false, 0, false},
		{"22", true, 22, true},
		{"22,00", true, 22, true},
		{"5.5", true, 5.5, true},
		{"100", true, 100, true},
		{"101", true, 0, false},
		{"-5", true, 0, false},
		{"22%", true, 22, true},
		{"abc", true, 0, false},
		{"", true, 0, false},
		{"22 % 10 %", false, 0, false},
		{"1.234,5%", false, 0, false},
		{"12345%", false, 0, false},
		{"22,12345%", false, 0, false},
	} {
		got, ok := Percent(tt.in, tt.allowBare)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Percent(%q, %v) = %v, %v; want %v, %v", tt.in, tt.allowBare, got, ok, tt.want, tt.ok)
		}
	}
}

func TestFindPercents(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		text string
		want []Match
	}{
		{"IVA 22% su 1.000,00", []Match{{Start: 4, End: 7, Text: "22%", Value: "22", Number: 22}}},
		{"19 % MwSt", []Match{{Start: 0, End: 4, Text: "19 %", Value: "19", Number: 19}}},
		{"TVA 5,5 % et 20 %", []Match{
			{Start: 4, End: 9, Text: "5,5 %", Value: "5.5", Number: 5.5},
			{Start: 13, End: 17, Text: "20 %", Value: "20", Number: 20},
		}},
		{"Rabatt -10%", []Match{{Start: 7, End: 11, Text: "-10%", Value: "-10", Number: -10}}},
		{"1.234,5%", nil},
		{"IVA 22", nil},
		{"", nil},
	} {
		if got := FindPercents(tt.text); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("FindPercents(%q) = %+v; want %+v", tt.text, got, tt.want)
		}
	}
}
