package einvoice

import (
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/invex/invex/invoice"
)

// clean trims s and collapses every run of white space to one space.
func clean(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// str returns a pointer to the cleaned s, nil when it is empty.
func str(s string) *string { return invoice.String(clean(s)) }

// compact removes all white space: for identifiers such as VAT numbers,
// IBANs, codes.
func compact(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// parseNumber parses an XML decimal ("1234.50", "-7.9", "+3"). A comma is
// accepted as decimal separator when there is no dot, as some producers
// write it despite the schemas. NaN, infinities and anything else give nil.
func parseNumber(s string) *float64 {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	if !strings.Contains(s, ".") && strings.Count(s, ",") == 1 {
		s = strings.Replace(s, ",", ".", 1)
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r == '.' || r == '-' || r == '+' || r == 'e' || r == 'E') {
			return nil
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return nil
	}
	if f == 0 {
		f = 0 // no negative zero
	}
	return &f
}

// isoDate returns s as YYYY-MM-DD when it is a valid calendar date written
// as YYYY-MM-DD (optionally followed by a time, as in xs:dateTime) or, for
// format "102" or no format, as YYYYMMDD. Other formats (610 months, 616
// weeks) are not dates and give nil.
func isoDate(s, format string) *string {
	s = strings.TrimSpace(s)
	switch format {
	case "", "102":
	default:
		return nil
	}
	var layout string
	switch {
	case len(s) >= 10 && s[4] == '-' && s[7] == '-':
		s, layout = s[:10], "2006-01-02"
	case len(s) == 8:
		layout = "20060102"
	default:
		return nil
	}
	t, err := time.Parse(layout, s)
	if err != nil {
		return nil
	}
	d := t.Format("2006-01-02")
	return &d
}

// country returns an upper-case ISO 3166-1 alpha-2 code, nil unless s is
// two letters.
func country(s string) *string {
	s = strings.ToUpper(strings.TrimSpace(s))
	if len(s) != 2 || s[0] < 'A' || s[0] > 'Z' || s[1] < 'A' || s[1] > 'Z' {
		return nil
	}
	return &s
}

// currency returns an upper-case ISO 4217 code, nil unless s is three
// letters.
func currency(s string) *string {
	s = strings.ToUpper(strings.TrimSpace(s))
	if len(s) != 3 {
		return nil
	}
	for i := range 3 {
		if s[i] < 'A' || s[i] > 'Z' {
			return nil
		}
	}
	return &s
}

// vatNumber removes white space from a VAT identifier as written.
func vatNumber(s string) *string {
	return invoice.String(strings.ToUpper(compact(s)))
}

// iban returns s in the electronic format (no spaces, upper case) when it
// has the shape of an IBAN: two letters, two check digits, 11 to 30
// alphanumerics.
func iban(s string) *string {
	s = strings.ToUpper(compact(s))
	if len(s) < 15 || len(s) > 34 {
		return nil
	}
	for i, r := range s {
		switch {
		case i < 2 && (r < 'A' || r > 'Z'):
			return nil
		case i >= 2 && i < 4 && (r < '0' || r > '9'):
			return nil
		case i >= 4 && !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'):
			return nil
		}
	}
	return &s
}

// email strips a mailto: scheme and white space.
func email(s string) *string {
	s = compact(s)
	if len(s) > 7 && strings.EqualFold(s[:7], "mailto:") {
		s = s[7:]
	}
	return invoice.String(s)
}

// upperCode returns s without spaces, upper-cased: for fiscal codes and
// SDI codes.
func upperCode(s string) *string {
	return invoice.String(strings.ToUpper(compact(s)))
}

// hasDigit reports whether s contains a decimal digit.
func hasDigit(s string) bool {
	return strings.IndexFunc(s, unicode.IsDigit) >= 0
}

// streetLine chooses the street address among a party's address lines: the
// first line, unless it holds no number while the second one does, in
// which case the first is an addressee line (a person, "c/o", a department)
// and the second is the street. Further lines (building, floor) are left
// out: address is the street line, city and postcode have their own fields.
func streetLine(lines ...string) *string {
	var ls []string
	for _, l := range lines {
		if l = clean(l); l != "" {
			ls = append(ls, l)
		}
	}
	switch {
	case len(ls) == 0:
		return nil
	case len(ls) >= 2 && !hasDigit(ls[0]) && hasDigit(ls[1]):
		return &ls[1]
	}
	return &ls[0]
}

// isItalian reports whether a party with this country and VAT number is
// Italian: only Italian parties have a codice fiscale.
func isItalian(countryCode, vat *string) bool {
	if countryCode != nil && *countryCode == "IT" {
		return true
	}
	return vat != nil && strings.HasPrefix(*vat, "IT")
}

// unique returns the single distinct non-nil value of vs, nil when there
// is none or there are several: a field takes a value only when the
// document gives one unambiguously.
func unique[T comparable](vs []*T) *T {
	var got *T
	for _, v := range vs {
		if v == nil {
			continue
		}
		if got != nil && *got != *v {
			return nil
		}
		got = v
	}
	return got
}

// uniqueRate returns the single distinct rate, comparing to 0.001. An
// entry without a rate (such as VAT category O, outside the scope of VAT)
// next to others counts as a rate of its own.
func uniqueRate(rates []*float64) *float64 {
	var got *float64
	for _, r := range rates {
		if r == nil {
			if len(rates) > 1 {
				return nil
			}
			continue
		}
		if got != nil && math.Abs(*got-*r) > 0.0005 {
			return nil
		}
		if got == nil {
			got = r
		}
	}
	return got
}

// sum adds the non-nil values; nil when all are nil.
func sum(vs []*float64) *float64 {
	var total float64
	any := false
	for _, v := range vs {
		if v != nil {
			total += *v
			any = true
		}
	}
	if !any {
		return nil
	}
	return invoice.Number(round(total, 6))
}

// round rounds f to n decimals, removing the binary noise of sums.
func round(f float64, n int) float64 {
	p := math.Pow(10, float64(n))
	r := math.Round(f*p) / p
	if r == 0 {
		return 0
	}
	return r
}

// isZero reports whether v is nil or zero.
func isZero(v *float64) bool { return v == nil || *v == 0 }

// docTypeUNTDID1001 maps UNTDID 1001 document name codes (CII TypeCode,
// UBL InvoiceTypeCode/CreditNoteTypeCode) to invoice.type. Codes of the
// invoice family map to "invoice", credit and debit notes to their types,
// 325 to "proforma". Self-billed documents (389 self-billed invoice, 261
// self-billed credit note, 527 self-billed debit note) are issued by the
// buyer: invoice.type has no faithful equivalent for them and they are left
// null with a note, as are codes not listed here.
var docTypeUNTDID1001 = map[string]string{
	"380": invoice.TypeInvoice,    // commercial invoice
	"71":  invoice.TypeInvoice,    // request for payment
	"82":  invoice.TypeInvoice,    // metered services invoice
	"202": invoice.TypeInvoice,    // direct payment valuation
	"203": invoice.TypeInvoice,    // provisional payment valuation
	"204": invoice.TypeInvoice,    // payment valuation
	"211": invoice.TypeInvoice,    // interim application for payment
	"218": invoice.TypeInvoice,    // final payment request based on completion of work
	"219": invoice.TypeInvoice,    // payment request for completed units
	"295": invoice.TypeInvoice,    // price variation invoice
	"326": invoice.TypeInvoice,    // partial invoice
	"331": invoice.TypeInvoice,    // commercial invoice which includes a packing list
	"382": invoice.TypeInvoice,    // commission note
	"384": invoice.TypeInvoice,    // corrected invoice
	"385": invoice.TypeInvoice,    // consolidated invoice
	"386": invoice.TypeInvoice,    // prepayment invoice
	"387": invoice.TypeInvoice,    // hire invoice
	"388": invoice.TypeInvoice,    // tax invoice
	"390": invoice.TypeInvoice,    // delcredere invoice
	"393": invoice.TypeInvoice,    // factored invoice
	"394": invoice.TypeInvoice,    // lease invoice
	"395": invoice.TypeInvoice,    // consignment invoice
	"575": invoice.TypeInvoice,    // insurer's invoice
	"623": invoice.TypeInvoice,    // forwarder's invoice
	"633": invoice.TypeInvoice,    // port charges documents
	"751": invoice.TypeInvoice,    // invoice information for accounting purposes
	"780": invoice.TypeInvoice,    // freight invoice
	"870": invoice.TypeInvoice,    // consular invoice
	"875": invoice.TypeInvoice,    // partial construction invoice
	"876": invoice.TypeInvoice,    // partial final construction invoice
	"877": invoice.TypeInvoice,    // final construction invoice
	"935": invoice.TypeInvoice,    // customs invoice
	"325": invoice.TypeProforma,   // proforma invoice
	"381": invoice.TypeCreditNote, // credit note
	"81":  invoice.TypeCreditNote, // credit note related to goods or services
	"83":  invoice.TypeCreditNote, // credit note related to financial adjustments
	"262": invoice.TypeCreditNote, // consolidated credit note - goods and services
	"296": invoice.TypeCreditNote, // credit note for price variation
	"308": invoice.TypeCreditNote, // delcredere credit note
	"396": invoice.TypeCreditNote, // factored credit note
	"420": invoice.TypeCreditNote, // optical character reading (OCR) payment credit note
	"457": invoice.TypeCreditNote, // reversal of debit
	"532": invoice.TypeCreditNote, // forwarder's credit note
	"383": invoice.TypeDebitNote,  // debit note
	"80":  invoice.TypeDebitNote,  // debit note related to goods or services
	"84":  invoice.TypeDebitNote,  // debit note related to financial adjustments
	"458": invoice.TypeDebitNote,  // reversal of credit
}

// selfBilledUNTDID1001 lists the self-billing codes left null.
var selfBilledUNTDID1001 = map[string]string{
	"389": "self-billed invoice",
	"261": "self-billed credit note",
	"527": "self-billed debit note",
}

// paymentUNTDID4461 maps UNTDID 4461 payment means codes (CII TypeCode,
// UBL PaymentMeansCode) to invoice.payment_method. Codes not listed map to
// "other".
var paymentUNTDID4461 = map[string]string{
	"10": invoice.PayCash,            // in cash
	"20": invoice.PayCheque,          // cheque
	"21": invoice.PayCheque,          // banker's draft
	"23": invoice.PayCheque,          // bank cheque
	"30": invoice.PayBankTransfer,    // credit transfer
	"31": invoice.PayBankTransfer,    // debit transfer
	"42": invoice.PayBankTransfer,    // payment to bank account
	"58": invoice.PayBankTransfer,    // SEPA credit transfer
	"49": invoice.PaySEPADirectDebit, // direct debit
	"59": invoice.PaySEPADirectDebit, // SEPA direct debit
	"48": invoice.PayCard,            // bank card
	"54": invoice.PayCard,            // credit card
	"55": invoice.PayCard,            // debit card
}

// paymentMethod4461 maps one UNTDID 4461 code; nil for an empty code.
func paymentMethod4461(code string) *string {
	code = strings.ToUpper(strings.TrimSpace(code))
	if code == "" {
		return nil
	}
	if m, ok := paymentUNTDID4461[code]; ok {
		return &m
	}
	m := invoice.PayOther
	return &m
}

// unitRec20 maps common UN/ECE Recommendation 20 (and Rec 21 "X"-prefixed
// package) unit codes to the short readable unit an invoice prints. Codes
// not listed are kept as written.
var unitRec20 = map[string]string{
	"C62": "pcs", "H87": "pcs", "EA": "pcs", "NAR": "pcs", "XPP": "pcs", "PCE": "pcs",
	"NPR": "pair", "PR": "pair", "SET": "set", "LS": "lump sum", "P1": "%",
	"SEC": "s", "MIN": "min", "HUR": "h", "DAY": "day", "WEE": "week", "MON": "month", "ANN": "year",
	"MGM": "mg", "GRM": "g", "KGM": "kg", "TNE": "t",
	"MLT": "ml", "CLT": "cl", "LTR": "l", "HLT": "hl", "MTQ": "m³",
	"MMT": "mm", "CMT": "cm", "MTR": "m", "KMT": "km", "MTK": "m²",
	"KWH": "kWh", "MWH": "MWh", "KWT": "kW",
	"XBX": "box", "XCT": "carton", "XPK": "package", "XPX": "pallet", "XBO": "bottle",
}

// unit maps a unit code to its readable form.
func unit(code string) *string {
	code = strings.TrimSpace(code)
	if code == "" {
		return nil
	}
	if u, ok := unitRec20[strings.ToUpper(code)]; ok {
		return &u
	}
	return &code
}
