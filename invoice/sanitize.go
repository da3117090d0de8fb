package invoice

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Caps on the length of the strings of a Result, in characters. A document
// can print text of any length where a field is read; the API never returns
// more than this.
const (
	// MaxText caps names, addresses, numbers, codes and every other string.
	MaxText = 256
	// MaxLongText caps the strings that are sentences: line-item
	// descriptions and payment terms.
	MaxLongText = 1024
)

// sanitize cleans every string of r with CleanText, dropping those left
// empty.
func (r *Result) sanitize() {
	for _, p := range []**string{
		&r.Vendor.Name, &r.Vendor.VATNumber, &r.Vendor.FiscalCode, &r.Vendor.Address, &r.Vendor.City,
		&r.Vendor.ZipCode, &r.Vendor.Country, &r.Vendor.Email, &r.Vendor.Phone, &r.Vendor.IBAN, &r.Vendor.SDICode,
		&r.Buyer.Name, &r.Buyer.VATNumber, &r.Buyer.FiscalCode, &r.Buyer.Address, &r.Buyer.City,
		&r.Buyer.ZipCode, &r.Buyer.Country, &r.Buyer.Email,
		&r.Invoice.Number, &r.Invoice.Date, &r.Invoice.DueDate, &r.Invoice.Type, &r.Invoice.Currency,
		&r.Invoice.PaymentMethod, &r.Invoice.PONumber, &r.Financials.Currency,
	} {
		cleanField(p, MaxText)
	}
	cleanField(&r.Invoice.PaymentTerms, MaxLongText)
	for i := range r.LineItems {
		cleanField(&r.LineItems[i].Description, MaxLongText)
		cleanField(&r.LineItems[i].Unit, MaxText)
	}
}

// cleanField cleans *p in place; an empty result becomes nil.
func cleanField(p **string, max int) {
	if *p == nil {
		return
	}
	s := CleanText(**p, max)
	if s == "" {
		*p = nil
		return
	}
	*p = &s
}

// CleanText makes text read from a document safe to return: invalid UTF-8
// and control characters become spaces; bidirectional controls, zero-width
// and other invisible format characters are removed (they can reorder or
// hide what a reader sees); runs of white space become one space; the
// result is trimmed and cut to at most max characters.
func CleanText(s string, max int) string {
	var b strings.Builder
	b.Grow(min(len(s), 4*max))
	n := 0
	space := false
	for i := 0; i < len(s) && n < max; {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size <= 1, unicode.IsControl(r), unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case unicode.Is(unicode.Cf, r):
			continue // bidi controls, zero-width characters, soft hyphens
		}
		if space {
			b.WriteByte(' ')
			n++
			space = false
			if n == max {
				break
			}
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}
