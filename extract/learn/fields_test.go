package learn

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/invoice"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		path, text, locale string
		want               any
		bad                bool
	}{
		{"financials.total", "1.234,50", "it", 1234.5, false},
		{"financials.total", "€ 1,234.50", "en", 1234.5, false},
		{"financials.total", "1234.5", "it", 1234.5, false},
		{"financials.total", "abc", "it", nil, true},
		{"financials.tax_rate", "22%", "it", 22.0, false},
		{"invoice.date", "15/03/2026", "it", "2026-03-15", false},
		{"invoice.date", "15. März 2026", "de", "2026-03-15", false},
		{"invoice.date", "yesterday", "en", nil, true},
		{"vendor.vat_number", "IT 01234567897", "it", "IT01234567897", false},
		{"vendor.iban", "IT60 X054 2811 1010 0000 0123 456", "it", "IT60X0542811101000000123456", false},
		{"invoice.type", "credit_note", "it", "credit_note", false},
		{"invoice.type", "fattura", "it", nil, true},
		{"invoice.currency", "€", "it", "EUR", false},
		{"line_items[3].quantity", "2,5", "it", 2.5, false},
		{"vendor.name", "  Rossi   S.r.l. ", "it", "Rossi S.r.l.", false},
		{"vendor.nickname", "x", "it", nil, true},
	} {
		got, err := Parse(c.path, c.text, c.locale)
		if (err != nil) != c.bad {
			t.Errorf("Parse(%s, %q) error = %v, want error %v", c.path, c.text, err, c.bad)
			continue
		}
		if !c.bad && !Same(got, c.want) {
			t.Errorf("Parse(%s, %q) = %v, want %v", c.path, c.text, got, c.want)
		}
	}
}

func TestSetGetDiff(t *testing.T) {
	a := invoice.Result{LineItems: []invoice.LineItem{{Amount: invoice.Number(10)}}}
	b := a
	b.LineItems = append([]invoice.LineItem{}, a.LineItems...)
	for path, v := range map[string]any{"financials.total": 12.2, "invoice.number": "A-1", "line_items[0].amount": 12.0} {
		if err := Set(&b, path, v); err != nil {
			t.Fatal(err)
		}
		got, _ := Get(&b, path)
		if !Same(got, v) {
			t.Errorf("Get(%s) = %v after Set %v", path, got, v)
		}
	}
	if err := Set(&b, "financials.total", "12"); err == nil {
		t.Error("Set of text in a number field: no error")
	}
	if err := Set(&b, "line_items[4].amount", 1.0); err == nil {
		t.Error("Set of a missing line item: no error")
	}
	want := []string{"invoice.number", "financials.total", "line_items[0].amount"}
	if d := cmp.Diff(want, Diff(&a, &b)); d != "" {
		t.Errorf("Diff (-want +got):\n%s", d)
	}
	b.LineItems = append(b.LineItems, invoice.LineItem{})
	if got := Diff(&a, &b); len(got) != 4 || got[3] != "line_items[1].description" {
		t.Errorf("Diff with a row added = %v, want the new row's description", got)
	}
}

func TestSupplierKey(t *testing.T) {
	for in, want := range map[string]string{"IT 01234567897": "01234567897", "01234567897": "01234567897",
		"DE123456789": "123456789", "FRAB123456789": "AB123456789", "": "", "n/a": ""} {
		if got := SupplierKey(in); got != want {
			t.Errorf("SupplierKey(%q) = %q, want %q", in, got, want)
		}
	}
	for _, in := range []string{"FRAB123456789", "FR 12 345678901", "CHE-123.456.789 MWST", "IT01234567897", "ATU12345678"} {
		if k := SupplierKey(in); SupplierKey(k) != k {
			t.Errorf("SupplierKey(SupplierKey(%q)) = %q, not %q", in, SupplierKey(k), k)
		}
	}
}
