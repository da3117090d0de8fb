package validate

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/invex/invex/invoice"
)

// Codes of the findings [Flags] returns. The first five are those of the spec
// (§2.4) with the spec's severities; the package documentation lists the
// severity and condition of each.
const (
	CodeArithmeticMismatch   = "ARITHMETIC_MISMATCH"
	CodeInvalidTotal         = "INVALID_TOTAL"
	CodeInvalidITVATRate     = "INVALID_IT_VAT_RATE"
	CodeInvalidPIVAChecksum  = "INVALID_PIVA_CHECKSUM"
	CodeDateIncoherence      = "DATE_INCOHERENCE"
	CodeInvalidVATChecksum   = "INVALID_VAT_CHECKSUM"
	CodeInvalidCFChecksum    = "INVALID_CF_CHECKSUM"
	CodeInvalidIBANChecksum  = "INVALID_IBAN_CHECKSUM"
	CodeLineItemsSumMismatch = "LINE_ITEMS_SUM_MISMATCH"
	CodeTaxRateMismatch      = "TAX_RATE_MISMATCH"
	CodeInvalidDate          = "INVALID_DATE"
)

// Flags returns the data-consistency findings of r, for the validation_flags
// of a job, in the order documented in the package documentation. It never
// returns nil: a consistent result gives an empty slice.
func Flags(r invoice.Result) []invoice.Finding {
	out := []invoice.Finding{}
	for _, check := range []func(invoice.Result) []invoice.Finding{
		arithmetic,
		invalidTotal,
		italianRates,
		pivaChecksums,
		dateIncoherence,
		vatChecksums,
		cfChecksums,
		ibanChecksum,
		lineItemsSum,
		taxRate,
		invalidDates,
	} {
		out = append(out, check(r)...)
	}
	return out
}

// arithmetic raises ARITHMETIC_MISMATCH.
func arithmetic(r invoice.Result) []invoice.Finding {
	f := r.Financials
	sub, ok1 := number(f.Subtotal)
	tax, ok2 := number(f.TaxAmount)
	total, ok3 := number(f.Total)
	if !ok1 || !ok2 || !ok3 {
		return nil
	}
	sum := sub + tax
	stamp, hasStamp := number(f.StampDuty)
	withholding, hasWithholding := number(f.WithholdingTax)
	withholding = math.Abs(withholding)
	explained := []float64{sum}
	if hasStamp {
		explained = append(explained, sum+stamp)
	}
	if hasWithholding {
		explained = append(explained, sum-withholding)
	}
	if hasStamp && hasWithholding {
		explained = append(explained, sum+stamp-withholding)
	}
	tol := tolerance(total)
	for _, want := range explained {
		if within(total-want, tol) {
			return nil
		}
	}
	msg := fmt.Sprintf("subtotal %s + tax %s = %s, but the total is %s", money(sub), money(tax), money(sum), money(total))
	switch {
	case hasStamp && hasWithholding:
		msg += fmt.Sprintf("; neither the stamp duty %s nor the withholding %s explains the difference", money(stamp), money(withholding))
	case hasStamp:
		msg += fmt.Sprintf("; the stamp duty %s does not explain the difference", money(stamp))
	case hasWithholding:
		msg += fmt.Sprintf("; the withholding %s does not explain the difference", money(withholding))
	}
	return []invoice.Finding{finding(CodeArithmeticMismatch, invoice.SeverityError, "financials.total", msg)}
}

// invalidTotal raises INVALID_TOTAL: a total of zero or less, or for a credit
// note, whose amounts are normally negative, a total of zero.
func invalidTotal(r invoice.Result) []invoice.Finding {
	total, ok := number(r.Financials.Total)
	if !ok {
		return nil
	}
	var msg string
	if typ, _ := text(r.Invoice.Type); strings.EqualFold(typ, invoice.TypeCreditNote) {
		if total != 0 {
			return nil
		}
		msg = "the total of the credit note is 0.00"
	} else {
		if total > 0 {
			return nil
		}
		msg = fmt.Sprintf("the total is %s, but a document total must be greater than zero", money(total))
	}
	return []invoice.Finding{finding(CodeInvalidTotal, invoice.SeverityError, "financials.total", msg)}
}

// italianRates raises INVALID_IT_VAT_RATE for the document rate and each line
// rate of an Italian invoice.
func italianRates(r invoice.Result) []invoice.Finding {
	if !italian(r.Vendor) {
		return nil
	}
	date, hasDate := parseDate(r.Invoice.Date)
	var out []invoice.Finding
	if rate, ok := number(r.Financials.TaxRate); ok && !italianRate(rate, date, hasDate) {
		msg := fmt.Sprintf("the VAT rate %s%% is not an Italian rate (22, 10, 5, 4 or 0%%)%s", percent(rate), historicNote(rate))
		out = append(out, finding(CodeInvalidITVATRate, invoice.SeverityWarning, "financials.tax_rate", msg))
	}
	for i, li := range r.LineItems {
		if rate, ok := number(li.TaxRate); ok && !italianRate(rate, date, hasDate) {
			msg := fmt.Sprintf("the VAT rate %s%% of line %d is not an Italian rate (22, 10, 5, 4 or 0%%)%s", percent(rate), i+1, historicNote(rate))
			out = append(out, finding(CodeInvalidITVATRate, invoice.SeverityWarning, fmt.Sprintf("line_items[%d].tax_rate", i), msg))
		}
	}
	return out
}

// italian reports whether the vendor makes the invoice Italian.
func italian(v invoice.Vendor) bool {
	country, hasCountry := text(v.Country)
	if hasCountry && strings.EqualFold(country, "IT") {
		return true
	}
	vat, hasVAT := text(v.VATNumber)
	if !hasVAT {
		return false
	}
	n := normalize(vat)
	return strings.HasPrefix(n, "IT") || !hasCountry && len(n) == 11 && allDigits(n)
}

// italianRate reports whether rate is an Italian VAT rate on an invoice of the
// given date: the current 22, 10, 5, 4 and 0, or the earlier standard rates
// 20 (before 17 September 2011) and 21 (before 1 October 2013).
func italianRate(rate float64, date time.Time, hasDate bool) bool {
	for _, v := range []float64{22, 10, 5, 4, 0} {
		if sameRate(rate, v) {
			return true
		}
	}
	switch {
	case !hasDate:
		return false
	case sameRate(rate, 20):
		return date.Before(time.Date(2011, time.September, 17, 0, 0, 0, 0, time.UTC))
	case sameRate(rate, 21):
		return date.Before(time.Date(2013, time.October, 1, 0, 0, 0, 0, time.UTC))
	}
	return false
}

// historicNote explains when the historic standard rates applied.
func historicNote(rate float64) string {
	switch {
	case sameRate(rate, 20):
		return "; 20% applied to invoices dated before 2011-09-17"
	case sameRate(rate, 21):
		return "; 21% applied to invoices dated before 2013-10-01"
	}
	return ""
}

// pivaChecksums raises INVALID_PIVA_CHECKSUM for the Italian VAT numbers of
// vendor and buyer.
func pivaChecksums(r invoice.Result) []invoice.Finding {
	var out []invoice.Finding
	for _, p := range parties(r) {
		vat, ok := text(p.vat)
		if !ok {
			continue
		}
		n := normalize(vat)
		country, hasCountry := text(p.country)
		isItalian := strings.HasPrefix(n, "IT") ||
			len(n) == 11 && allDigits(n) && (!hasCountry || strings.EqualFold(country, "IT"))
		if !isItalian {
			continue
		}
		if problem := pivaProblem(strings.TrimPrefix(n, "IT")); problem != "" {
			msg := fmt.Sprintf("the %s VAT number %q is not a valid Partita IVA: %s", p.name, vat, problem)
			out = append(out, finding(CodeInvalidPIVAChecksum, invoice.SeverityWarning, p.name+".vat_number", msg))
		}
	}
	return out
}

// dateIncoherence raises DATE_INCOHERENCE.
func dateIncoherence(r invoice.Result) []invoice.Finding {
	date, ok1 := parseDate(r.Invoice.Date)
	due, ok2 := parseDate(r.Invoice.DueDate)
	if !ok1 || !ok2 || !date.After(due) {
		return nil
	}
	msg := fmt.Sprintf("the issue date %s is later than the due date %s", date.Format(time.DateOnly), due.Format(time.DateOnly))
	return []invoice.Finding{finding(CodeDateIncoherence, invoice.SeverityWarning, "invoice.due_date", msg)}
}

// vatChecksums raises INVALID_VAT_CHECKSUM for the prefixed, non-Italian VAT
// numbers of vendor and buyer whose country has a known checksum.
func vatChecksums(r invoice.Result) []invoice.Finding {
	var out []invoice.Finding
	for _, p := range parties(r) {
		vat, ok := text(p.vat)
		if !ok {
			continue
		}
		country, valid := VATNumber(vat)
		if valid || country == "IT" || !VATChecksumKnown(country) {
			continue
		}
		msg := fmt.Sprintf("the %s VAT number %q is not a valid %s VAT number: wrong format or check digits", p.name, vat, country)
		out = append(out, finding(CodeInvalidVATChecksum, invoice.SeverityWarning, p.name+".vat_number", msg))
	}
	return out
}

// cfChecksums raises INVALID_CF_CHECKSUM for the fiscal codes of vendor and
// buyer whose country is Italy or unknown.
func cfChecksums(r invoice.Result) []invoice.Finding {
	var out []invoice.Finding
	for _, p := range parties(r) {
		code, ok := text(p.fiscalCode)
		if !ok {
			continue
		}
		if country, ok := text(p.country); ok && !strings.EqualFold(country, "IT") {
			continue
		}
		if CodiceFiscale(code) {
			continue
		}
		why := "neither a 16-character personal code nor an 11-digit number with a valid check digit"
		if n := normalize(code); len(n) == 16 {
			if want, ok := cfCheckChar(n); ok {
				why = fmt.Sprintf("its check character is %c but should be %c", n[15], want)
			}
		}
		msg := fmt.Sprintf("the %s fiscal code %q is not a valid codice fiscale: %s", p.name, code, why)
		out = append(out, finding(CodeInvalidCFChecksum, invoice.SeverityWarning, p.name+".fiscal_code", msg))
	}
	return out
}

// ibanChecksum raises INVALID_IBAN_CHECKSUM for the vendor's IBAN.
func ibanChecksum(r invoice.Result) []invoice.Finding {
	iban, ok := text(r.Vendor.IBAN)
	if !ok {
		return nil
	}
	problem := ibanProblem(normalize(iban))
	if problem == "" {
		return nil
	}
	msg := fmt.Sprintf("the vendor IBAN %q %s", iban, problem)
	return []invoice.Finding{finding(CodeInvalidIBANChecksum, invoice.SeverityWarning, "vendor.iban", msg)}
}

// lineItemsSum raises LINE_ITEMS_SUM_MISMATCH.
func lineItemsSum(r invoice.Result) []invoice.Finding {
	sub, ok := number(r.Financials.Subtotal)
	if !ok || len(r.LineItems) == 0 {
		return nil
	}
	sum := 0.0
	for _, li := range r.LineItems {
		amount, ok := number(li.Amount)
		if !ok {
			return nil
		}
		sum += amount
	}
	tol := tolerance(sub)
	if within(sum-sub, tol) {
		return nil
	}
	discount, hasDiscount := number(r.Financials.Discount)
	discount = math.Abs(discount)
	if hasDiscount && within(sum-discount-sub, tol) {
		return nil
	}
	msg := fmt.Sprintf("the %d line amounts add up to %s, but the subtotal is %s", len(r.LineItems), money(sum), money(sub))
	if len(r.LineItems) == 1 {
		msg = fmt.Sprintf("the line amount is %s, but the subtotal is %s", money(sum), money(sub))
	}
	if hasDiscount {
		msg += fmt.Sprintf(" (%s after the discount of %s)", money(sum-discount), money(discount))
	}
	return []invoice.Finding{finding(CodeLineItemsSumMismatch, invoice.SeverityWarning, "financials.subtotal", msg)}
}

// taxRate raises TAX_RATE_MISMATCH when a single rate applies.
func taxRate(r invoice.Result) []invoice.Finding {
	f := r.Financials
	sub, ok1 := number(f.Subtotal)
	rate, ok2 := number(f.TaxRate)
	tax, ok3 := number(f.TaxAmount)
	if !ok1 || !ok2 || !ok3 {
		return nil
	}
	for _, li := range r.LineItems {
		if lr, ok := number(li.TaxRate); ok && !sameRate(lr, rate) {
			return nil
		}
	}
	want := sub * rate / 100
	if within(tax-want, math.Max(0.02, 0.005*math.Abs(want))) {
		return nil
	}
	msg := fmt.Sprintf("%s%% of the subtotal %s is %s, but the tax is %s", percent(rate), money(sub), money(want), money(tax))
	return []invoice.Finding{finding(CodeTaxRateMismatch, invoice.SeverityWarning, "financials.tax_amount", msg)}
}

// invalidDates raises INVALID_DATE for the issue and due dates.
func invalidDates(r invoice.Result) []invoice.Finding {
	var out []invoice.Finding
	for _, d := range []struct {
		field, name string
		value       *string
	}{
		{"invoice.date", "issue date", r.Invoice.Date},
		{"invoice.due_date", "due date", r.Invoice.DueDate},
	} {
		s, ok := text(d.value)
		if !ok {
			continue
		}
		if _, ok := parseDate(d.value); !ok {
			msg := fmt.Sprintf("the %s %q is not a calendar date in YYYY-MM-DD form", d.name, s)
			out = append(out, finding(CodeInvalidDate, invoice.SeverityWarning, d.field, msg))
		}
	}
	return out
}

// party is what the checks need of the vendor or the buyer.
type party struct {
	name                     string // "vendor" or "buyer", the start of the field path
	vat, fiscalCode, country *string
}

// parties returns the vendor and the buyer, in that order.
func parties(r invoice.Result) []party {
	return []party{
		{"vendor", r.Vendor.VATNumber, r.Vendor.FiscalCode, r.Vendor.Country},
		{"buyer", r.Buyer.VATNumber, r.Buyer.FiscalCode, r.Buyer.Country},
	}
}

func finding(code string, sev invoice.Severity, field, msg string) invoice.Finding {
	return invoice.Finding{Code: code, Severity: sev, Message: msg, Field: field}
}

// number returns the value of p, or false when it is unknown: nil, NaN or
// infinite.
func number(p *float64) (float64, bool) {
	if p == nil || math.IsNaN(*p) || math.IsInf(*p, 0) {
		return 0, false
	}
	return *p, true
}

// text returns p trimmed, or false when it is nil or blank.
func text(p *string) (string, bool) {
	if p == nil {
		return "", false
	}
	s := strings.TrimSpace(*p)
	return s, s != ""
}

// parseDate returns the date p holds, or false when it is unknown or not a
// real calendar date in YYYY-MM-DD form.
func parseDate(p *string) (time.Time, bool) {
	s, ok := text(p)
	if !ok {
		return time.Time{}, false
	}
	t, err := time.Parse(time.DateOnly, s)
	return t, err == nil
}

// tolerance is the difference allowed between two amounts adding up to total:
// 0.05% of it, and at least one cent.
func tolerance(total float64) float64 {
	return math.Max(0.01, 0.0005*math.Abs(total))
}

// within reports whether diff is no larger than tol, allowing for the error of
// floating-point arithmetic on amounts written with two decimals.
func within(diff, tol float64) bool {
	return math.Abs(diff) <= tol+1e-9
}

// sameRate reports whether two percentages are equal to two decimals.
func sameRate(a, b float64) bool {
	return math.Abs(a-b) < 0.005
}

// money formats an amount with two decimals, without a negative zero.
func money(x float64) string {
	if math.Abs(x) < 0.005 {
		x = 0
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}

// percent formats a percentage with as many decimals as it has.
func percent(x float64) string {
	return strconv.FormatFloat(x, 'f', -1, 64)
}
