package extract

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/invex/invex/invoice"
)

// CodeOCRRepaired is the warning of a value that OCR misread by one digit
// and the invoice's own arithmetic put right.
const CodeOCRRepaired = "OCR_REPAIRED"

// On a poor scan Tesseract takes one digit for another of a like shape: an
// 8 for a 6 or a 3, a 1 for a 7. A misread amount breaks an equation the
// invoice must satisfy (quantity × unit price = amount, the rows add up to
// the subtotal, subtotal + VAT = total), and a misread date puts the due
// date before the issue date. repairOCR looks for the one-digit changes,
// among the confusions below, that make the broken equation hold, and makes
// a change only when exactly one does: the equation confirms the repair the
// way a check digit confirms a repaired VAT id. Nothing is filled in that
// was not read, and a value no single confusion explains stays as read (and
// keeps its validation flag).

// confusable lists, for each digit, the digits OCR reads in its place.
var confusable = [10]string{
	0: "689",
	1: "47",
	2: "7",
	3: "589",
	4: "1",
	5: "368",
	6: "058",
	7: "12",
	8: "03569",
	9: "038",
}

// repairOCR repairs the amounts and dates of a result read by OCR (see
// above) and returns a warning per repair.
func repairOCR(r *invoice.Result) []invoice.Finding {
	var out []invoice.Finding
	for i := range r.LineItems {
		out = append(out, repairRow(&r.LineItems[i], i)...)
	}
	out = append(out, repairRowSum(r)...)
	out = append(out, repairTotals(&r.Financials)...)
	out = append(out, repairDates(&r.Invoice)...)
	return out
}

// repaired is the warning of one repair.
func repaired(field, was, now, why string) invoice.Finding {
	return invoice.Finding{Code: CodeOCRRepaired, Severity: invoice.SeverityInfo, Field: field,
		Message: fmt.Sprintf("%s read as %s by OCR; repaired to %s, which %s", field, was, now, why)}
}

// digitVariants returns the numbers that digits (a decimal string) reads as
// with one digit confused (see confusable), without a leading zero.
func digitVariants(digits string) []string {
	var out []string
	for i := range len(digits) {
		d := digits[i] - '0'
		if d > 9 {
			continue
		}
		for _, c := range confusable[d] {
			if i == 0 && c == '0' && len(digits) > 1 {
				continue
			}
			out = append(out, digits[:i]+string(c)+digits[i+1:])
		}
	}
	return out
}

// scaled is a non-negative number as printed: its digits and the count
// of them after the decimal mark.
type scaled struct {
	digits string
	places int
}

// scaledOf writes x with places decimals, or with as few as it needs when
// places is negative.
func scaledOf(x float64, places int) scaled {
	s := strconv.FormatFloat(math.Abs(x), 'f', places, 64)
	whole, frac, _ := strings.Cut(s, ".")
	return scaled{strings.TrimLeft(whole, "0") + frac, len(frac)}
}

func (s scaled) value() float64 {
	v, _ := strconv.ParseFloat(s.digits, 64)
	return v / math.Pow10(s.places)
}

// variantsOf returns the values x reads as with one digit confused, with
// x's sign; amounts have two decimals (places 2), other numbers as few as
// they need (places -1).
func variantsOf(x float64, places int) []float64 {
	s := scaledOf(x, places)
	var out []float64
	for _, d := range digitVariants(s.digits) {
		v := scaled{d, s.places}.value()
		if x < 0 {
			v = -v
		}
		out = append(out, v)
	}
	return out
}

// sameCents reports whether a and b are equal to the cent.
func sameCents(a, b float64) bool { return math.Abs(math.Round(a*100)-math.Round(b*100)) <= 1 }

// money formats an amount for a message.
func money(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

// rowAdds reports whether quantity × unit price, less the discount, is the
// amount (to the cent, as the invoice rounds it).
func rowAdds(q, p, a, disc float64) bool {
	return sameCents(q*p*(1-disc/100), a)
}

// repairRow repairs one of quantity, unit price and amount of a row whose
// product does not give its amount.
func repairRow(it *invoice.LineItem, i int) []invoice.Finding {
	if it.Quantity == nil || it.UnitPrice == nil || it.Amount == nil {
		return nil
	}
	q, p, a := *it.Quantity, *it.UnitPrice, *it.Amount
	disc := 0.0
	if it.DiscountPct != nil {
		disc = *it.DiscountPct
	}
	if q == 0 || rowAdds(q, p, a, disc) {
		return nil
	}
	var fixes []numFix
	for _, v := range variantsOf(a, 2) {
		if rowAdds(q, p, v, disc) {
			fixes = append(fixes, numFix{"amount", &it.Amount, v})
		}
	}
	for _, v := range variantsOf(p, -1) {
		if rowAdds(q, v, a, disc) {
			fixes = append(fixes, numFix{"unit_price", &it.UnitPrice, v})
		}
	}
	for _, v := range variantsOf(q, -1) {
		if v != 0 && rowAdds(v, p, a, disc) {
			fixes = append(fixes, numFix{"quantity", &it.Quantity, v})
		}
	}
	if len(fixes) != 1 {
		return nil
	}
	was := fixes[0].apply()
	field := fmt.Sprintf("line_items[%d].%s", i, fixes[0].field)
	return []invoice.Finding{repaired(field, trimNum(was), trimNum(fixes[0].v), "makes quantity × unit price give the amount")}
}

// numFix is a candidate repair: the number field (its name, and where it
// points) would read v.
type numFix struct {
	field string
	ptr   **float64
	v     float64
}

// apply makes the repair, pointing the field at a new value, and returns
// the value it read before.
func (x numFix) apply() float64 {
	was := **x.ptr
	v := x.v
	*x.ptr = &v
	return was
}

// trimNum formats a number with as few decimals as it needs.
func trimNum(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// repairRowSum repairs the one row amount that keeps the rows from adding
// up to the subtotal, when the row has no quantity and unit price to
// check it by (repairRow checked those that have).
func repairRowSum(r *invoice.Result) []invoice.Finding {
	sub := r.Financials.Subtotal
	if sub == nil || len(r.LineItems) < 2 {
		return nil
	}
	sum := 0.0
	for _, it := range r.LineItems {
		if it.Amount == nil {
			return nil
		}
		sum += *it.Amount
	}
	if sameCents(sum, *sub) {
		return nil
	}
	row, val := -1, 0.0
	for i, it := range r.LineItems {
		if it.Quantity != nil && it.UnitPrice != nil {
			continue
		}
		for _, v := range variantsOf(*it.Amount, 2) {
			if sameCents(sum-*it.Amount+v, *sub) {
				if row >= 0 {
					return nil // two repairs explain it: neither is confirmed
				}
				row, val = i, v
			}
		}
	}
	if row < 0 {
		return nil
	}
	was := *r.LineItems[row].Amount
	r.LineItems[row].Amount = &val
	return []invoice.Finding{repaired(fmt.Sprintf("line_items[%d].amount", row), money(was), money(val), "makes the rows add up to the subtotal")}
}

// totalsAdd reports whether subtotal + tax, with or without the stamp duty
// and the withholding, is the total (as validate's ARITHMETIC_MISMATCH
// reads it).
func totalsAdd(sub, tax, total float64, stamp, withholding *float64) bool {
	sums := []float64{sub + tax}
	if stamp != nil {
		sums = append(sums, sub+tax+*stamp)
	}
	if withholding != nil {
		w := math.Abs(*withholding)
		sums = append(sums, sub+tax-w)
		if stamp != nil {
			sums = append(sums, sub+tax+*stamp-w)
		}
	}
	for _, s := range sums {
		if sameCents(s, total) {
			return true
		}
	}
	return false
}

// repairTotals repairs the one of subtotal, tax and total that keeps them
// from adding up. When the document gives its VAT rate, a repair must
// keep the tax at that rate of the subtotal if it was before, and of two
// repairs the one that puts it at that rate wins.
func repairTotals(f *invoice.Financials) []invoice.Finding {
	if f.Subtotal == nil || f.TaxAmount == nil || f.Total == nil {
		return nil
	}
	s, t, T := *f.Subtotal, *f.TaxAmount, *f.Total
	if totalsAdd(s, t, T, f.StampDuty, f.WithholdingTax) {
		return nil
	}
	atRate := func(s, t float64) bool {
		return f.TaxRate != nil && math.Abs(s**f.TaxRate/100-t) <= 0.01+0.005*math.Abs(t)
	}
	rated := atRate(s, t)
	var fixes []numFix
	for _, v := range variantsOf(s, 2) {
		if totalsAdd(v, t, T, f.StampDuty, f.WithholdingTax) && (!rated || atRate(v, t)) {
			fixes = append(fixes, numFix{"subtotal", &f.Subtotal, v})
		}
	}
	for _, v := range variantsOf(t, 2) {
		if totalsAdd(s, v, T, f.StampDuty, f.WithholdingTax) && (!rated || atRate(s, v)) {
			fixes = append(fixes, numFix{"tax_amount", &f.TaxAmount, v})
		}
	}
	for _, v := range variantsOf(T, 2) {
		if totalsAdd(s, t, v, f.StampDuty, f.WithholdingTax) {
			fixes = append(fixes, numFix{"total", &f.Total, v})
		}
	}
	if len(fixes) > 1 && f.TaxRate != nil {
		var rated []numFix
		for _, x := range fixes {
			s, t := s, t
			switch x.field {
			case "subtotal":
				s = x.v
			case "tax_amount":
				t = x.v
			}
			if atRate(s, t) {
				rated = append(rated, x)
			}
		}
		fixes = rated
	}
	if len(fixes) != 1 {
		return nil
	}
	was := fixes[0].apply()
	return []invoice.Finding{repaired("financials."+fixes[0].field, money(was), money(fixes[0].v), "makes subtotal + VAT give the total")}
}

// paymentTerms are the days between issue and due date that invoices
// give; a due date at the end of a month within maxTermDays is one too.
var paymentTerms = []int{0, 7, 10, 14, 15, 20, 21, 28, 30, 45, 60, 90, 120, 150, 180}

const maxTermDays = 190

// termDays reports whether due follows issue by a payment term.
func termDays(issue, due time.Time) bool {
	days := int(due.Sub(issue).Hours()/24 + 0.5)
	if days < 0 || days > maxTermDays {
		return false
	}
	if due.AddDate(0, 0, 1).Day() == 1 {
		return true // the end of a month
	}
	for _, d := range paymentTerms {
		if days == d {
			return true
		}
	}
	return false
}

// repairDates repairs the issue or the due date when the due date comes
// before the issue date or more than a year after it, and exactly one
// confused digit of one of them makes the due date follow the issue date
// by a payment term (see termDays).
func repairDates(h *invoice.Header) []invoice.Finding {
	if h.Date == nil || h.DueDate == nil {
		return nil
	}
	const layout = "2006-01-02"
	issue, err1 := time.Parse(layout, *h.Date)
	due, err2 := time.Parse(layout, *h.DueDate)
	if err1 != nil || err2 != nil {
		return nil
	}
	if days := due.Sub(issue).Hours() / 24; days >= 0 && days <= 400 {
		return nil
	}
	type fix struct {
		field string
		ptr   **string
		v     string
	}
	var fixes []fix
	try := func(field string, ptr **string, ok func(time.Time) bool) {
		s := **ptr
		for i := range len(s) {
			d := s[i] - '0'
			if d > 9 {
				continue
			}
			for _, c := range confusable[d] {
				v := s[:i] + string(c) + s[i+1:]
				if t, err := time.Parse(layout, v); err == nil && ok(t) {
					fixes = append(fixes, fix{field, ptr, v})
				}
			}
		}
	}
	try("date", &h.Date, func(t time.Time) bool { return termDays(t, due) })
	try("due_date", &h.DueDate, func(t time.Time) bool { return termDays(issue, t) })
	if len(fixes) != 1 {
		return nil
	}
	x := fixes[0]
	was := **x.ptr
	*x.ptr = &x.v
	return []invoice.Finding{repaired("invoice."+x.field, was, x.v, "puts the due date a payment term after the issue date")}
}
