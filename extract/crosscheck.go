package extract

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/invex/invex/invoice"
)

// CodeXMLTextMismatch is the warning raised when the printed page contradicts
// the embedded e-invoice.
const CodeXMLTextMismatch = "EMBEDDED_XML_TEXT_MISMATCH"

// crossCheck compares the number, date and total of an e-invoice with the
// text printed on the document's pages, and returns a warning naming the
// fields the pages do not show. Pages without text (scans) cannot contradict
// anything.
func crossCheck(r invoice.Result, text string) []invoice.Finding {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	var fields []string
	if n := r.Invoice.Number; n != nil && !containsNumber(text, *n) {
		fields = append(fields, "invoice.number")
	}
	if d := r.Invoice.Date; d != nil && !containsDate(text, *d) {
		fields = append(fields, "invoice.date")
	}
	if t := r.Financials.Total; t != nil && !containsAmount(text, *t) {
		fields = append(fields, "financials.total")
	}
	if len(fields) == 0 {
		return nil
	}
	return []invoice.Finding{{
		Code:     CodeXMLTextMismatch,
		Severity: invoice.SeverityWarning,
		Message: fmt.Sprintf("the embedded e-invoice gives %s that the printed pages do not show; the result follows the e-invoice",
			strings.Join(fields, ", ")),
		Field: fields[0],
	}}
}

// squash removes white space, for comparing identifiers that may be printed
// with spaces.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\u00a0' {
			return -1
		}
		return r
	}, strings.ToLower(s))
}

// containsNumber reports whether the identifier appears in the text, white
// space ignored, and not as part of a longer number.
func containsNumber(text, number string) bool {
	n, t := squash(number), squash(text)
	if n == "" {
		return true
	}
	for i := 0; i < len(t); {
		k := strings.Index(t[i:], n)
		if k < 0 {
			return false
		}
		k += i
		end := k + len(n)
		before := k == 0 || !isDigit(t[k-1]) || !isDigit(n[0])
		after := end == len(t) || !isDigit(t[end]) || !isDigit(n[len(n)-1])
		if before && after {
			return true
		}
		i = k + 1
	}
	return false
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

var (
	numericDate = regexp.MustCompile(`\b(\d{1,4})[./-](\d{1,2})[./-](\d{2,4})\b`)
	wordDate    = regexp.MustCompile(`(?i)\b(\d{1,2})\.?\s+([a-zàâäéèêëîïôöûüç]{3,10})\.?\s+(\d{4})\b`)
)

var monthNames = map[string]time.Month{}

func init() {
	names := [][]string{
		{"january", "jan", "gennaio", "gen", "januar", "jänner", "janvier", "janv"},
		{"february", "feb", "febbraio", "februar", "février", "févr", "fevrier"},
		{"march", "mar", "marzo", "märz", "maerz", "mars"},
		{"april", "apr", "aprile", "avril", "avr"},
		{"may", "maggio", "mag", "mai"},
		{"june", "jun", "giugno", "giu", "juni", "juin"},
		{"july", "jul", "luglio", "lug", "juli", "juillet", "juil"},
		{"august", "aug", "agosto", "ago", "août", "aout"},
		{"september", "sep", "sept", "settembre", "set", "septembre"},
		{"october", "oct", "ottobre", "ott", "oktober", "okt", "octobre"},
		{"november", "nov", "novembre"},
		{"december", "dec", "dicembre", "dic", "dezember", "dez", "décembre", "déc"},
	}
	for i, ns := range names {
		for _, n := range ns {
			monthNames[n] = time.Month(i + 1)
		}
	}
}

// containsDate reports whether the ISO date (YYYY-MM-DD) is printed in the
// text in a common numeric or written form of it, en, de or fr.
func containsDate(text, iso string) bool {
	want, err := time.Parse("2006-01-02", iso)
	if err != nil {
		return true
	}
	for _, m := range numericDate.FindAllStringSubmatch(text, -1) {
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		c, _ := strconv.Atoi(m[3])
		candidates := [][3]int{{c, b, a}, {c, a, b}} // day-month-year, month-day-year
		if len(m[1]) == 4 {
			candidates = [][3]int{{a, b, c}}
		}
		for _, ymd := range candidates {
			y := ymd[0]
			if y < 100 {
				y += 2000
			}
			if y == want.Year() && ymd[1] == int(want.Month()) && ymd[2] == want.Day() {
				return true
			}
		}
	}
	for _, m := range wordDate.FindAllStringSubmatch(text, -1) {
		d, _ := strconv.Atoi(m[1])
		y, _ := strconv.Atoi(m[3])
		if mon, ok := monthNames[strings.ToLower(m[2])]; ok && y == want.Year() && mon == want.Month() && d == want.Day() {
			return true
		}
	}
	return false
}

var amountRE = regexp.MustCompile(`\d{1,3}(?:[.,' \x{00a0}\x{202f}]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`)

// containsAmount reports whether the amount is printed in the text, with
// either decimal separator and any thousands separator.
func containsAmount(text string, amount float64) bool {
	for _, s := range amountRE.FindAllString(text, -1) {
		if v, ok := parseLooseAmount(s); ok && math.Abs(math.Abs(v)-math.Abs(amount)) < 0.005 {
			return true
		}
	}
	return false
}

// parseLooseAmount reads a printed amount: the last '.' or ',' followed by one
// or two digits is the decimal separator; other separators group thousands.
func parseLooseAmount(s string) (float64, bool) {
	dec := -1
	if i := strings.LastIndexAny(s, ".,"); i >= 0 && len(s)-i-1 <= 2 {
		dec = i
	}
	var b strings.Builder
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case i == dec:
			b.WriteByte('.')
		}
	}
	v, err := strconv.ParseFloat(b.String(), 64)
	return v, err == nil
}
