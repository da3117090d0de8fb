package extract_test

import (
	"context"
	"os"
	"testing"

	"github.com/invex/invex/extract"
)

// TestPartyCountryAndSDIOnFamilies reads the generated layout families
// with the stored model and checks two party facts the resolver derives
// on every one: the recipient (SDI) code an invoice prints is the buyer's,
// so it never lands in the vendor's field; and a party's country, when
// given, is the truth's (a wrong country is worse than none). At least
// half of the countries the truths give must be read.
func TestPartyCountryAndSDIOnFamilies(t *testing.T) {
	if testing.Short() {
		t.Skip("printing the layout families takes a while")
	}
	cases, why := generatedCases()
	if cases == nil {
		t.Skip(why)
	}
	str := func(m map[string]any, party, field string) string {
		p, _ := m[party].(map[string]any)
		s, _ := p[field].(string)
		return s
	}
	given, read := 0, 0
	for _, c := range cases {
		data, err := os.ReadFile(c.PDF)
		if err != nil {
			t.Fatal(err)
		}
		out, err := engine.Extract(context.Background(), data, extract.Options{Locale: c.Truth.Locale})
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		r := out.Result
		if code := str(c.Truth.Result, "buyer", "sdi_code"); code != "" && r.Vendor.SDICode != nil && *r.Vendor.SDICode == code {
			t.Errorf("%s: the buyer's SDI code %s in the vendor's field", c.Name, code)
		}
		for party, got := range map[string]*string{"vendor": r.Vendor.Country, "buyer": r.Buyer.Country} {
			want := str(c.Truth.Result, party, "country")
			if want == "" {
				continue
			}
			given++
			switch {
			case got == nil:
			case *got != want:
				t.Errorf("%s: %s country %s, want %s", c.Name, party, *got, want)
			default:
				read++
			}
		}
	}
	if given == 0 || 2*read < given {
		t.Errorf("countries read %d of %d given, want at least half", read, given)
	}
	t.Logf("countries read %d of %d given", read, given)
}
