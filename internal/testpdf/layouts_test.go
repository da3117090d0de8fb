package testpdf

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/extract/validate"
	"github.com/invex/invex/internal/eval"
	"github.com/invex/invex/invoice"
)

func TestIdentifiers(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		if p := PartitaIVA(rng); !validate.PartitaIVA(p) {
			t.Fatalf("Partita IVA %s is not valid", p)
		}
		if cf := CodiceFiscale(rng); !validate.CodiceFiscale(cf) {
			t.Fatalf("codice fiscale %s is not valid", cf)
		}
		for _, vat := range []string{"DE" + GermanVAT(rng), "FR" + FrenchVAT(SIREN(rng)), "IT" + PartitaIVA(rng)} {
			if _, ok := validate.VATNumber(vat); !ok {
				t.Fatalf("VAT number %s is not valid", vat)
			}
		}
		siren := SIREN(rng)
		if !validate.SIREN(siren) || !validate.SIRET(SIRET(rng, siren)) {
			t.Fatalf("SIREN %s or its SIRET is not valid", siren)
		}
		for _, c := range []string{"IT", "DE", "FR", "GB", "IE"} {
			if iban := randomIBAN(rng, c); !validate.IBAN(iban) {
				t.Fatalf("IBAN %s is not valid", iban)
			}
		}
	}
	// Published examples.
	if got := IBAN("DE", "370400440532013000"); got != "DE89370400440532013000" {
		t.Errorf("IBAN(DE) = %s", got)
	}
	if got := IBAN("GB", "NWBK60161331926819"); got != "GB29NWBK60161331926819" {
		t.Errorf("IBAN(GB) = %s", got)
	}
	if got := FrenchVAT("404833048"); got != "83404833048" {
		t.Errorf("FrenchVAT = %s", got)
	}
}

// TestArithmetic checks that every generated invoice adds up, to the cent.
func TestArithmetic(t *testing.T) {
	for _, s := range Set(200) {
		tot := s.Totals()
		var lines, sub, tax int64
		for _, it := range s.Items {
			lines += it.Amount()
		}
		for _, g := range tot.Groups {
			sub += g.Taxable
			tax += g.Tax
		}
		switch {
		case lines != tot.Goods, tot.Goods-tot.Discount != tot.Subtotal, sub != tot.Subtotal, tax != tot.Tax,
			tot.Subtotal+tot.Tax+tot.Stamp != tot.Total, tot.Total-tot.Withholding != tot.Due:
			t.Errorf("%s: totals do not add up: %+v", s.Name(), tot)
		}
		if s.Exempt && tot.Tax != 0 || s.StampDuty != 0 && !s.Exempt {
			t.Errorf("%s: stamp duty goes with VAT-exempt invoices only", s.Name())
		}
		if (len(s.rates()) > 1) != (s.Truth().Result["financials"].(map[string]any)["tax_rate"] == nil) {
			t.Errorf("%s: tax_rate must be null exactly when there are several rates", s.Name())
		}
	}
}

// TestCoverage checks that the 40 invoices of the test set cover every
// language × layout and, in every language, every feature.
func TestCoverage(t *testing.T) {
	type key struct{ lang, what string }
	seen := map[key]int{}
	for _, s := range Set(40) {
		seen[key{s.Lang, layoutNames[s.Style.Layout]}]++
		for _, f := range s.Features() {
			seen[key{s.Lang, f}]++
		}
		if s.Style.VATTable {
			seen[key{s.Lang, "box"}]++ // a VAT table is always drawn beside the box
		} else {
			seen[key{s.Lang, "boxonly"}]++
		}
		if s.Style.LongDate {
			seen[key{s.Lang, "longdate"}]++
		}
		if s.Style.PrintCountry {
			seen[key{s.Lang, "country"}]++
		}
		if s.Due.IsZero() {
			seen[key{s.Lang, "nodue"}]++
		}
	}
	want := append([]string{}, layoutNames...)
	want = append(want, "credit", "multivat", "discount", "2p", "wrap", "vattable", "boxonly", "unitcol", "disccol", "longdate", "country", "nodue")
	for _, lang := range invoice.Locales {
		for _, w := range want {
			if seen[key{lang, w}] == 0 {
				t.Errorf("%s: no invoice with %s", lang, w)
			}
		}
	}
	for _, w := range []string{"withholding", "stamp"} {
		if seen[key{"it", w}] == 0 {
			t.Errorf("it: no invoice with %s", w)
		}
	}
}

// TestDeterministic checks that a seed always gives the same document.
func TestDeterministic(t *testing.T) {
	for _, seed := range []uint64{0, 7, 15} {
		a, b := Generate(seed), Generate(seed)
		if diff := cmp.Diff(a.Truth(), b.Truth()); diff != "" {
			t.Errorf("seed %d: truth differs (-first +second):\n%s", seed, diff)
		}
		if !bytes.Equal(a.PDF(), b.PDF()) {
			t.Errorf("seed %d: PDFs differ", seed)
		}
	}
}

// TestTruth checks that truth files encode and parse as corpus cases and
// agree with Result.
func TestTruth(t *testing.T) {
	for _, s := range Set(40) {
		tr := s.Truth()
		b, err := json.Marshal(tr)
		if err != nil {
			t.Fatal(err)
		}
		parsed, err := eval.ParseTruth(b)
		if err != nil {
			t.Fatalf("%s: %v", s.Name(), err)
		}
		// The full result scores perfectly against the truth.
		sc := eval.Score(parsed, s.Result(), nil)
		for _, f := range sc.Fields {
			if f.Outcome != eval.Match && f.Outcome != eval.NullOK {
				t.Errorf("%s: %s %s (want %v, got %v)", s.Name(), f.Path, f.Outcome, f.Want, f.Got)
			}
		}
		if !strings.HasPrefix(s.Name(), "gen-") {
			t.Errorf("name %q", s.Name())
		}
	}
}

// TestPDF checks that the documents are PDFs with the right page count.
func TestPDF(t *testing.T) {
	for _, s := range Set(16) {
		b := s.PDF()
		if !bytes.HasPrefix(b, []byte("%PDF-")) {
			t.Fatalf("%s: not a PDF", s.Name())
		}
		pages := bytes.Count(b, []byte("/Type /Page\n"))
		if want := map[bool]int{false: 1, true: 2}[s.TwoPages()]; pages != want {
			t.Errorf("%s: %d pages, want %d", s.Name(), pages, want)
		}
	}
}

func TestAmountFormats(t *testing.T) {
	cases := map[string]string{"it": "1.234.567,89", "de": "1.234.567,89", "fr": "1 234 567,89", "en": "1,234,567.89"}
	for lang, want := range cases {
		if got := (Spec{Lang: lang}).amount(123456789); got != want {
			t.Errorf("%s: amount = %q, want %q", lang, got, want)
		}
	}
	if got := (Spec{Lang: "fr"}).pct(5.5); got != "5,5 %" {
		t.Errorf("pct = %q", got)
	}
}
