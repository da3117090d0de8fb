package invoice

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCleanText(t *testing.T) {
	for _, tt := range []struct {
		in   string
		max  int
		want string
	}{
		{"ACME S.r.l.", 256, "ACME S.r.l."},
		{"  Via\tRoma\n 1  ", 256, "Via Roma 1"},
		{"ACME\u202e lrs\u202c S.p.A.", 256, "ACME lrs S.p.A."},   // right-to-left override removed
		{"IT\u200b0123\u200d4567\ufeff890", 256, "IT01234567890"}, // zero-width characters
		{"Total\x00\x07 100", 256, "Total 100"},
		{"bad \xff\xfe bytes", 256, "bad bytes"},
		{"\u2066isolated\u2069 text\u200e", 256, "isolated text"},
		{"abcdef", 3, "abc"},
		{"ab  cdef", 3, "ab "},
		{"\u202e", 256, ""},
		{"ünïcödé", 4, "ünïc"},
	} {
		if got := CleanText(tt.in, tt.max); got != tt.want {
			t.Errorf("CleanText(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
		}
	}
}

func TestNormalizeCleansAndCaps(t *testing.T) {
	long := strings.Repeat("x", 5000)
	r := Result{
		Vendor:    Vendor{Name: String("ACME\u202eS.p.A."), Address: String(long)},
		Invoice:   Header{Number: String("\u200b"), PaymentTerms: String(long)},
		LineItems: []LineItem{{Description: String("Widget\x00 blue " + long)}},
	}
	r.Normalize()
	if got := *r.Vendor.Name; got != "ACMES.p.A." {
		t.Errorf("vendor name = %q", got)
	}
	if n := utf8.RuneCountInString(*r.Vendor.Address); n != MaxText {
		t.Errorf("address has %d characters, want the cap %d", n, MaxText)
	}
	if r.Invoice.Number != nil {
		t.Errorf("number = %q, want nil: nothing visible was left", *r.Invoice.Number)
	}
	if n := utf8.RuneCountInString(*r.Invoice.PaymentTerms); n != MaxLongText {
		t.Errorf("payment terms have %d characters, want %d", n, MaxLongText)
	}
	if d := *r.LineItems[0].Description; !strings.HasPrefix(d, "Widget blue x") || utf8.RuneCountInString(d) != MaxLongText {
		t.Errorf("description = %.30q… (%d characters)", d, utf8.RuneCountInString(d))
	}
}
