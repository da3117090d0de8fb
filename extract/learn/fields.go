// Package learn keeps what a person's review of a result teaches about one
// supplier's invoices, and uses it on the next ones.
//
// A reviewer corrects a field of a result; Locate finds the corrected
// value on the reviewed document's page and keeps an Example: the field,
// where its value sat and the words that labelled it. Apply reads the same
// field on a later invoice of the same supplier at the place the label
// now gives (or, without a label, at the same place on the page), typed
// by the field's parser. Nothing here knows a supplier: examples are
// chosen by the caller, by the supplier's VAT id within one account.
//
// The package also holds the typed field vocabulary the review uses:
// Parse reads a field's value from text as the engine would, Get and Set
// reach a field of a Result by its path ("financials.total",
// "line_items[2].amount"), and Diff lists the paths two results differ in.
package learn

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/invex/invex/extract/parse"
	"github.com/invex/invex/invoice"
)

// Type is the kind of value a field holds, which says how it is read.
type Type int

// Field types.
const (
	Text Type = iota
	LongText
	Amount
	Percent
	Quantity
	Date
	VATID
	FiscalCode
	IBAN
	Email
	Phone
	SDICode
	Currency
	Country
	DocType
	PaymentMethod
)

// fieldList lists the scalar fields of a Result and their types, in the
// order of the schema.
var fieldList = []struct {
	Path string
	Type Type
}{
	{"vendor.name", Text}, {"vendor.vat_number", VATID}, {"vendor.fiscal_code", FiscalCode},
	{"vendor.address", Text}, {"vendor.city", Text}, {"vendor.zip_code", Text}, {"vendor.country", Country},
	{"vendor.email", Email}, {"vendor.phone", Phone}, {"vendor.iban", IBAN}, {"vendor.sdi_code", SDICode},
	{"buyer.name", Text}, {"buyer.vat_number", VATID}, {"buyer.fiscal_code", FiscalCode},
	{"buyer.address", Text}, {"buyer.city", Text}, {"buyer.zip_code", Text}, {"buyer.country", Country},
	{"buyer.email", Email},
	{"invoice.number", Text}, {"invoice.date", Date}, {"invoice.due_date", Date}, {"invoice.type", DocType},
	{"invoice.currency", Currency}, {"invoice.payment_terms", LongText}, {"invoice.payment_method", PaymentMethod},
	{"invoice.po_number", Text},
	{"financials.subtotal", Amount}, {"financials.tax_rate", Percent}, {"financials.tax_amount", Amount},
	{"financials.total", Amount}, {"financials.discount", Amount}, {"financials.stamp_duty", Amount},
	{"financials.withholding_tax", Amount}, {"financials.currency", Currency},
}

// scalar maps the scalar fields to their types.
var scalar = func() map[string]Type {
	m := make(map[string]Type, len(fieldList))
	for _, f := range fieldList {
		m[f.Path] = f.Type
	}
	return m
}()

// itemFields lists the fields of a line item and their types.
var itemFields = map[string]Type{
	"description": LongText, "quantity": Quantity, "unit": Text, "unit_price": Amount,
	"amount": Amount, "tax_rate": Percent, "discount_pct": Percent,
}

// Fields returns the paths of the scalar fields of a Result, in the order
// of the schema.
func Fields() []string {
	out := make([]string, len(fieldList))
	for i, f := range fieldList {
		out[i] = f.Path
	}
	return out
}

// ItemFields returns the names of a line item's fields, sorted.
func ItemFields() []string {
	out := make([]string, 0, len(itemFields))
	for p := range itemFields {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

var itemPath = regexp.MustCompile(`^line_items\[(\d{1,4})\]\.([a-z_]+)$`)

// ErrUnknownField is returned for a path that names no field of a Result.
var ErrUnknownField = errors.New("no such field")

// TypeOf returns the type of the field at path, and for a line item's
// field its row.
func TypeOf(path string) (t Type, row int, err error) {
	if t, ok := scalar[path]; ok {
		return t, -1, nil
	}
	if m := itemPath.FindStringSubmatch(path); m != nil {
		if t, ok := itemFields[m[2]]; ok {
			row, _ := strconv.Atoi(m[1])
			return t, row, nil
		}
	}
	return 0, 0, fmt.Errorf("%w: %q", ErrUnknownField, path)
}

// Numeric reports whether values of t are numbers.
func (t Type) Numeric() bool { return t == Amount || t == Percent || t == Quantity }

// Parse reads the value of the field at path from text as printed on an
// invoice in the given locale: "1.234,50" for an amount, "15/03/2026" for
// a date, "IT 012 345 678 90" for a VAT id. It returns a float64 for a
// numeric field and a string (normalised as the engine writes it: ISO
// dates, upper-case ids) otherwise. Text that holds no such value is an
// error that says what was expected.
func Parse(path, text, locale string) (any, error) {
	t, _, err := TypeOf(path)
	if err != nil {
		return nil, err
	}
	return ParseType(t, text, locale)
}

// ParseType reads a value of type t from text; see Parse.
func ParseType(t Type, text, locale string) (any, error) {
	s := parse.Normalize(text)
	if s == "" {
		return nil, errors.New("empty value")
	}
	switch t {
	case Text:
		return invoice.CleanText(s, invoice.MaxText), nil
	case LongText:
		return invoice.CleanText(s, invoice.MaxLongText), nil
	case Amount, Quantity:
		m, ok := parse.Amount(s, locale)
		if !ok {
			if f, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
				return f, nil
			}
			return nil, fmt.Errorf("%q is not an amount", s)
		}
		return m.Number, nil
	case Percent:
		if f, ok := parse.Percent(s, true); ok {
			return f, nil
		}
		if f, err := strconv.ParseFloat(s, 64); err == nil && f >= 0 && f <= 100 {
			return f, nil
		}
		return nil, fmt.Errorf("%q is not a percentage", s)
	case Date:
		if d, ok := parse.Date(s, locale); ok {
			return d, nil
		}
		return nil, fmt.Errorf("%q is not a date", s)
	case VATID:
		if m, ok := parse.VATID(s); ok {
			return m.Value, nil
		}
		return nil, fmt.Errorf("%q is not a VAT number", s)
	case FiscalCode:
		if m, ok := parse.CodiceFiscale(strings.ToUpper(s)); ok {
			return m.Value, nil
		}
		return nil, fmt.Errorf("%q is not a codice fiscale", s)
	case IBAN:
		if m, ok := parse.IBAN(s); ok {
			return m.Value, nil
		}
		return nil, fmt.Errorf("%q is not an IBAN", s)
	case Email:
		if v, ok := parse.Email(s); ok {
			return v, nil
		}
		return nil, fmt.Errorf("%q is not an e-mail address", s)
	case Phone:
		if v, ok := parse.Phone(s); ok {
			return v, nil
		}
		return nil, fmt.Errorf("%q is not a phone number", s)
	case SDICode:
		if v, ok := parse.SDICode(strings.ToUpper(s)); ok {
			return v, nil
		}
		return nil, fmt.Errorf("%q is not an SDI code", s)
	case Currency:
		if v, ok := parse.Currency(s); ok {
			return v, nil
		}
		if u := strings.ToUpper(s); len(u) == 3 && isUpperASCII(u) {
			return u, nil
		}
		return nil, fmt.Errorf("%q is not a currency", s)
	case Country:
		if u := strings.ToUpper(s); len(u) == 2 && isUpperASCII(u) {
			return u, nil
		}
		if c := parse.CountryName(s); c != "" {
			return c, nil
		}
		return nil, fmt.Errorf("%q is not a country", s)
	case DocType:
		if slices.Contains(docTypes, s) {
			return s, nil
		}
		return nil, fmt.Errorf("%q is not a document type (%s)", s, strings.Join(docTypes, ", "))
	case PaymentMethod:
		if slices.Contains(payMethods, s) {
			return s, nil
		}
		return nil, fmt.Errorf("%q is not a payment method (%s)", s, strings.Join(payMethods, ", "))
	}
	return nil, fmt.Errorf("unknown field type %d", t)
}

var docTypes = []string{invoice.TypeInvoice, invoice.TypeCreditNote, invoice.TypeDebitNote,
	invoice.TypeFeeNote, invoice.TypeProforma, invoice.TypeReceipt}

var payMethods = []string{invoice.PayBankTransfer, invoice.PaySEPADirectDebit, invoice.PayCard,
	invoice.PayCash, invoice.PayCheque, invoice.PayRiba, invoice.PayPaypal, invoice.PayOther}

func isUpperASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// slot is a field of a Result: a pointer to its string or number.
type slot struct {
	s **string
	f **float64
}

func slotOf(r *invoice.Result, path string) (slot, error) {
	t, row, err := TypeOf(path)
	if err != nil {
		return slot{}, err
	}
	_ = t
	if row >= 0 {
		if row >= len(r.LineItems) {
			return slot{}, fmt.Errorf("%w: %q (the result has %d line items)", ErrUnknownField, path, len(r.LineItems))
		}
		li := &r.LineItems[row]
		name := path[strings.IndexByte(path, '.')+1:]
		switch name {
		case "description":
			return slot{s: &li.Description}, nil
		case "unit":
			return slot{s: &li.Unit}, nil
		case "quantity":
			return slot{f: &li.Quantity}, nil
		case "unit_price":
			return slot{f: &li.UnitPrice}, nil
		case "amount":
			return slot{f: &li.Amount}, nil
		case "tax_rate":
			return slot{f: &li.TaxRate}, nil
		case "discount_pct":
			return slot{f: &li.DiscountPct}, nil
		}
	}
	v, b, h, f := &r.Vendor, &r.Buyer, &r.Invoice, &r.Financials
	strs := map[string]**string{
		"vendor.name": &v.Name, "vendor.vat_number": &v.VATNumber, "vendor.fiscal_code": &v.FiscalCode,
		"vendor.address": &v.Address, "vendor.city": &v.City, "vendor.zip_code": &v.ZipCode,
		"vendor.country": &v.Country, "vendor.email": &v.Email, "vendor.phone": &v.Phone,
		"vendor.iban": &v.IBAN, "vendor.sdi_code": &v.SDICode,
		"buyer.name": &b.Name, "buyer.vat_number": &b.VATNumber, "buyer.fiscal_code": &b.FiscalCode,
		"buyer.address": &b.Address, "buyer.city": &b.City, "buyer.zip_code": &b.ZipCode,
		"buyer.country": &b.Country, "buyer.email": &b.Email,
		"invoice.number": &h.Number, "invoice.date": &h.Date, "invoice.due_date": &h.DueDate,
		"invoice.type": &h.Type, "invoice.currency": &h.Currency, "invoice.payment_terms": &h.PaymentTerms,
		"invoice.payment_method": &h.PaymentMethod, "invoice.po_number": &h.PONumber,
		"financials.currency": &f.Currency,
	}
	if p, ok := strs[path]; ok {
		return slot{s: p}, nil
	}
	nums := map[string]**float64{
		"financials.subtotal": &f.Subtotal, "financials.tax_rate": &f.TaxRate,
		"financials.tax_amount": &f.TaxAmount, "financials.total": &f.Total, "financials.discount": &f.Discount,
		"financials.stamp_duty": &f.StampDuty, "financials.withholding_tax": &f.WithholdingTax,
	}
	if p, ok := nums[path]; ok {
		return slot{f: p}, nil
	}
	return slot{}, fmt.Errorf("%w: %q", ErrUnknownField, path)
}

// Get returns the value of the field at path: a string, a float64, or nil
// when the field is null.
func Get(r *invoice.Result, path string) (any, error) {
	sl, err := slotOf(r, path)
	if err != nil {
		return nil, err
	}
	switch {
	case sl.s != nil && *sl.s != nil:
		return **sl.s, nil
	case sl.f != nil && *sl.f != nil:
		return **sl.f, nil
	}
	return nil, nil
}

// Set stores v (a string for a text field, a float64 for a numeric one,
// nil to clear it) in the field at path.
func Set(r *invoice.Result, path string, v any) error {
	sl, err := slotOf(r, path)
	if err != nil {
		return err
	}
	if v == nil {
		if sl.s != nil {
			*sl.s = nil
		} else {
			*sl.f = nil
		}
		return nil
	}
	switch x := v.(type) {
	case string:
		if sl.s == nil {
			return fmt.Errorf("set %s: a number is expected, not text", path)
		}
		*sl.s = &x
	case float64:
		if sl.f == nil {
			return fmt.Errorf("set %s: text is expected, not a number", path)
		}
		*sl.f = &x
	default:
		return fmt.Errorf("set %s: unsupported value %T", path, v)
	}
	return nil
}

// Paths returns the paths of every field of r: the scalar fields, then
// each line item's, row by row.
func Paths(r *invoice.Result) []string {
	out := Fields()
	names := ItemFields()
	for i := range r.LineItems {
		for _, n := range names {
			out = append(out, fmt.Sprintf("line_items[%d].%s", i, n))
		}
	}
	return out
}

// Diff returns the paths of the fields whose values differ between a and
// b, in the order of Paths; a line item present in one only differs in
// each of its fields.
func Diff(a, b *invoice.Result) []string {
	var out []string
	for _, p := range Fields() {
		x, _ := Get(a, p)
		y, _ := Get(b, p)
		if !Same(x, y) {
			out = append(out, p)
		}
	}
	names := ItemFields()
	for i := range max(len(a.LineItems), len(b.LineItems)) {
		for _, n := range names {
			p := fmt.Sprintf("line_items[%d].%s", i, n)
			var x, y any
			if i < len(a.LineItems) {
				x, _ = Get(a, p)
			}
			if i < len(b.LineItems) {
				y, _ = Get(b, p)
			}
			if !Same(x, y) || (i >= len(a.LineItems)) != (i >= len(b.LineItems)) && n == "description" {
				out = append(out, p)
			}
		}
	}
	return out
}

// Same reports whether two field values are equal: numbers to the cent
// (a thousandth for quantities and rates), text exactly.
func Same(x, y any) bool {
	switch a := x.(type) {
	case nil:
		return y == nil
	case float64:
		b, ok := y.(float64)
		return ok && math.Abs(a-b) < 0.0005
	case string:
		b, ok := y.(string)
		return ok && a == b
	}
	return false
}

// vatPrefixes are the country prefixes of VAT ids (EL for Greece, XI for
// Northern Ireland).
var vatPrefixes = map[string]bool{"AT": true, "BE": true, "BG": true, "CY": true, "CZ": true, "DE": true,
	"DK": true, "EE": true, "EL": true, "ES": true, "FI": true, "FR": true, "GB": true, "HR": true, "HU": true,
	"IE": true, "IT": true, "LT": true, "LU": true, "LV": true, "MT": true, "NL": true, "NO": true, "PL": true,
	"PT": true, "RO": true, "SE": true, "SI": true, "SK": true, "XI": true, "CH": true}

// SupplierKey returns the key that names a supplier by its VAT id: the
// letters and digits upper-cased, without the country prefix, so that
// "IT 01234567890" and "01234567890" name the same supplier. It is
// idempotent: a key is its own key. Empty for an id with no digit.
func SupplierKey(vat string) string {
	var b strings.Builder
	for _, c := range strings.ToUpper(vat) {
		if c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	s := b.String()
	if strings.HasPrefix(s, "CHE") && len(s) > 3 {
		s = s[3:]
	} else if len(s) > 2 && vatPrefixes[s[:2]] {
		s = s[2:]
	}
	if strings.IndexFunc(s, func(c rune) bool { return c >= '0' && c <= '9' }) < 0 {
		return ""
	}
	return s
}
