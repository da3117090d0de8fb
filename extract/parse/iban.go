package parse

import (
	"strings"

	"github.com/invex/invex/extract/validate"
)

// Length limits of an IBAN (ISO 13616).
const (
	minIBAN = 15
	maxIBAN = 34
)

// IBAN reads one IBAN, printed in one piece or in groups: Value is the IBAN
// upper-cased without spaces, Country its first two letters. ok reports the
// form of an IBAN (two letters, two digits, letters and digits, 15 to 34 in
// all); Checked reports that its length is the country's and its mod-97
// check holds.
func IBAN(s string) (Match, bool) {
	start, end := valueSpan(s)
	var b strings.Builder
	for _, r := range s[start:end] {
		if isHSpace(r) || r == '\n' || r == '\r' {
			continue
		}
		if r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		b.WriteRune(r)
	}
	v := b.String()
	if len(v) < minIBAN || len(v) > maxIBAN || !isUpper(v[0]) || !isUpper(v[1]) || !isDigit(v[2]) || !isDigit(v[3]) {
		return Match{}, false
	}
	for i := range len(v) {
		if !isUpper(v[i]) && !isDigit(v[i]) {
			return Match{}, false
		}
	}
	m := newMatch(s, start, end)
	m.Value, m.Country, m.Checked = v, v[:2], validate.IBAN(v)
	return m, true
}

// FindIBANs returns the valid IBANs in text: upper-case letters and digits,
// in one piece or in groups separated by up to three spaces or by one line
// break. Groups are joined as long as the result can still be an IBAN, and
// the longest join whose length is the country's and whose mod-97 check
// holds is reported, so an IBAN split across lines is found whole. Value is
// the IBAN without spaces, Country its first two letters, Checked true.
func FindIBANs(text string) []Match {
	var out []Match
	for i := 0; i+4 <= len(text); i++ {
		if !isUpper(text[i]) || !isUpper(text[i+1]) || !isDigit(text[i+2]) || !isDigit(text[i+3]) ||
			!wordBoundaryBefore(text, i) {
			continue
		}
		if m, ok := ibanAt(text, i); ok {
			out = append(out, m)
			i = m.End - 1
		}
	}
	return out
}

// ibanAt reads the longest valid IBAN whose groups start at i.
func ibanAt(text string, i int) (Match, bool) {
	var b strings.Builder
	var ends, lens []int
	for j := i; b.Len() < maxIBAN; {
		k := j
		for k < len(text) && (isUpper(text[k]) || isDigit(text[k])) {
			k++
		}
		if k == j {
			break
		}
		b.WriteString(text[j:k])
		ends = append(ends, k)
		lens = append(lens, b.Len())
		if j = ibanSep(text, k); j == k {
			break
		}
	}
	v := b.String()
	for g := len(ends) - 1; g >= 0; g-- {
		if lens[g] > maxIBAN || lens[g] < minIBAN || !wordBoundaryAfter(text, ends[g]) {
			continue
		}
		if validate.IBAN(v[:lens[g]]) {
			m := newMatch(text, i, ends[g])
			m.Value, m.Country, m.Checked = v[:lens[g]], v[:2], true
			return m, true
		}
	}
	return Match{}, false
}

// ibanSep returns the offset after the separator between two groups of an
// IBAN at i — one to three spaces, or one line break with spaces around —
// or i when there is none.
func ibanSep(s string, i int) int {
	j := skipHSpace(s, i, 3)
	if byteAt(s, j) == '\r' {
		j++
	}
	if byteAt(s, j) == '\n' {
		j = skipHSpace(s, j+1, 3)
	}
	if j == i || !isUpper(byteAt(s, j)) && !isDigit(byteAt(s, j)) {
		return i
	}
	return j
}
