package validate

import (
	"fmt"
	"strings"
	"unicode"
)

// PartitaIVA reports whether s is a valid Italian Partita IVA: 11 digits, not
// all zero, whose last digit is the Luhn-style check digit of the first ten,
// optionally preceded by the country prefix IT. The 11-digit codice fiscale of
// a company follows the same rule.
func PartitaIVA(s string) bool {
	return pivaProblem(strings.TrimPrefix(normalize(s), "IT")) == ""
}

// CodiceFiscale reports whether s is a valid Italian codice fiscale: either the
// 16-character code of a person or the 11-digit code of a company (checked as
// by [PartitaIVA]).
//
// A personal code is six letters (surname and name), two year digits, a month
// letter (A B C D E H L M P R S T), two day digits (01–31, or 41–71 for
// women), a letter and three digits (municipality) and a check letter. Any
// digit may be replaced by its omocodia letter (L M N P Q R S T U V for 0–9);
// the check letter is computed over the characters as written.
func CodiceFiscale(s string) bool {
	n := normalize(s)
	if len(n) != 16 {
		return PartitaIVA(n)
	}
	want, ok := cfCheckChar(n)
	return ok && n[15] == want
}

// IBAN reports whether s is a valid International Bank Account Number (ISO
// 13616): two country letters, two check digits and letters and digits, of
// the length the country uses (15 to 34 characters for a country this package
// does not list), whose mod-97 remainder is 1.
func IBAN(s string) bool {
	return ibanProblem(normalize(s)) == ""
}

// VATNumber reports whether s is a valid EU VAT identification number with its
// country prefix, and returns that prefix. The check digit is verified for IT
// (Partita IVA), DE (ISO 7064 MOD 11,10), FR (a SIREN that passes [SIREN],
// and a numeric key computed from it or a key with letters), AT (ATU and 8 digits) and BE
// (10 digits, mod 97); NL (9 digits, B, 2 digits) and ES (9 characters, a
// letter first or last) are checked for format only, see [VATChecksumKnown].
//
// country is the two-letter prefix whenever s starts with two letters, even
// when ok is false; any other country is reported as not valid.
func VATNumber(s string) (country string, ok bool) {
	n := normalize(s)
	if len(n) < 2 || !isUpper(n[0]) || !isUpper(n[1]) {
		return "", false
	}
	country, rest := n[:2], n[2:]
	switch country {
	case "IT":
		ok = pivaProblem(rest) == ""
	case "DE":
		ok = germanVAT(rest)
	case "FR":
		ok = frenchVAT(rest)
	case "AT":
		ok = austrianVAT(rest)
	case "BE":
		ok = belgianVAT(rest)
	case "NL":
		ok = len(rest) == 12 && allDigits(rest[:9]) && rest[9] == 'B' && allDigits(rest[10:])
	case "ES":
		ok = len(rest) == 9 && isAlnum(rest[0]) && allDigits(rest[1:8]) && isAlnum(rest[8]) &&
			(isUpper(rest[0]) || isUpper(rest[8]))
	}
	return country, ok
}

// VATChecksumKnown reports whether [VATNumber] verifies a check digit for the
// VAT numbers of country (IT, DE, FR, AT, BE). It is false for the countries
// checked for format only (NL, ES) and for countries VATNumber does not know.
func VATChecksumKnown(country string) bool {
	switch normalize(country) {
	case "IT", "DE", "FR", "AT", "BE":
		return true
	}
	return false
}

// SIREN reports whether s is a valid French SIREN: 9 digits, not all zero,
// passing the Luhn check.
func SIREN(s string) bool {
	n := normalize(s)
	return len(n) == 9 && allDigits(n) && n != "000000000" && luhn(n)
}

// SIRET reports whether s is a valid French SIRET: 14 digits (SIREN and a
// 5-digit establishment number), not all zero, passing the Luhn check. The
// establishments of La Poste (SIREN 356000000) do not follow Luhn; their SIRET
// is valid when its digits add up to a multiple of 5.
func SIRET(s string) bool {
	n := normalize(s)
	if len(n) != 14 || !allDigits(n) || n == "00000000000000" {
		return false
	}
	if strings.HasPrefix(n, "356000000") {
		sum := 0
		for i := range len(n) {
			sum += int(n[i] - '0')
		}
		return sum%5 == 0
	}
	return luhn(n)
}

// SDICode reports whether s has the form of an Italian SDI recipient code
// (CodiceDestinatario): 7 letters or digits for a private recipient, or the
// 6-character IPA code of a public administration. The code carries no check
// digit.
func SDICode(s string) bool {
	n := normalize(s)
	if len(n) != 6 && len(n) != 7 {
		return false
	}
	for i := range len(n) {
		if !isAlnum(n[i]) {
			return false
		}
	}
	return true
}

// normalize removes white space, dots and dashes and upper-cases ASCII
// letters.
func normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '.' || r == '-' || unicode.IsSpace(r):
		case 'a' <= r && r <= 'z':
			b.WriteRune(r - 'a' + 'A')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isAlnum(c byte) bool { return isDigit(c) || isUpper(c) }

// allDigits reports whether s is non-empty and made of ASCII digits only.
func allDigits(s string) bool {
	for i := range len(s) {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// pivaProblem says what is wrong with the 11 digits d of a Partita IVA, or ""
// when they are valid.
func pivaProblem(d string) string {
	if len(d) != 11 || !allDigits(d) {
		return "a Partita IVA has 11 digits"
	}
	if d == "00000000000" {
		return "it is all zeros"
	}
	if want := PartitaIVACheckDigit(d[:10]); d[10] != want {
		return fmt.Sprintf("its check digit is %c but should be %c", d[10], want)
	}
	return ""
}

// cfCheckChar returns the check character of the 16-character personal codice
// fiscale n, or false when the first 15 characters do not have its structure.
func cfCheckChar(n string) (byte, bool) {
	const (
		pattern  = "AAAAAA99M99A999" // A: letter, 9: digit or omocodia letter, M: month letter
		omocodia = "LMNPQRSTUV"      // the letters that stand for 0–9
		months   = "ABCDEHLMPRST"
	)
	if len(n) != 16 || !isUpper(n[15]) {
		return 0, false
	}
	for i := range 15 {
		c := n[i]
		switch pattern[i] {
		case 'A':
			if !isUpper(c) {
				return 0, false
			}
		case '9':
			if !isDigit(c) && strings.IndexByte(omocodia, c) < 0 {
				return 0, false
			}
		case 'M':
			if strings.IndexByte(months, c) < 0 {
				return 0, false
			}
		}
	}
	digit := func(c byte) int {
		if isDigit(c) {
			return int(c - '0')
		}
		return strings.IndexByte(omocodia, c)
	}
	if day := digit(n[9])*10 + digit(n[10]); !(1 <= day && day <= 31 || 41 <= day && day <= 71) {
		return 0, false
	}
	// Values of A–Z in odd positions; a digit counts as the letter of the
	// same rank (0 as A, 1 as B, …).
	odd := [26]int{1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23}
	sum := 0
	for i := range 15 {
		v := int(n[i] - 'A')
		if isDigit(n[i]) {
			v = int(n[i] - '0')
		}
		if i%2 == 0 { // 1st, 3rd, … counting from 1
			sum += odd[v]
		} else {
			sum += v
		}
	}
	return byte('A' + sum%26), true
}

// ibanProblem says what is wrong with the normalised IBAN n, or "" when it is
// valid.
func ibanProblem(n string) string {
	if len(n) < 5 || !isUpper(n[0]) || !isUpper(n[1]) || !isDigit(n[2]) || !isDigit(n[3]) {
		return "does not start with a country code and two check digits"
	}
	for i := range len(n) {
		if !isAlnum(n[i]) {
			return "contains characters other than letters and digits"
		}
	}
	if want := ibanLength(n[:2]); want != 0 && len(n) != want {
		return fmt.Sprintf("has %d characters, but %s IBANs have %d", len(n), n[:2], want)
	}
	if len(n) < 15 || len(n) > 34 {
		return fmt.Sprintf("has %d characters, outside the 15 to 34 of an IBAN", len(n))
	}
	if c := n[2:4]; c == "00" || c == "01" || c == "99" {
		return fmt.Sprintf("has check digits %s, outside 02 to 98", c)
	}
	r := 0
	for i := range len(n) {
		c := n[(i+4)%len(n)] // the first four characters moved to the end
		if isDigit(c) {
			r = (r*10 + int(c-'0')) % 97
		} else {
			r = (r*100 + int(c-'A') + 10) % 97
		}
	}
	if r != 1 {
		return "fails the mod-97 check"
	}
	return ""
}

// ibanLength returns the IBAN length of a country in the SEPA area, or 0 for a
// country not listed.
func ibanLength(country string) int {
	switch country {
	case "NO":
		return 15
	case "BE":
		return 16
	case "DK", "FI", "NL":
		return 18
	case "SI":
		return 19
	case "AT", "EE", "LT", "LU":
		return 20
	case "CH", "HR", "LI", "LV":
		return 21
	case "BG", "DE", "GB", "IE", "VA":
		return 22
	case "GI":
		return 23
	case "AD", "CZ", "ES", "RO", "SE", "SK":
		return 24
	case "PT":
		return 25
	case "IS":
		return 26
	case "FR", "GR", "IT", "MC", "SM":
		return 27
	case "CY", "HU", "PL":
		return 28
	case "MT":
		return 31
	}
	return 0
}

// germanVAT checks the 9 digits of a USt-IdNr: first digit non-zero, last the
// ISO 7064 MOD 11,10 check digit of the first eight.
func germanVAT(d string) bool {
	if len(d) != 9 || !allDigits(d) || d[0] == '0' {
		return false
	}
	p := 10
	for i := range 8 {
		s := (int(d[i]-'0') + p) % 10
		if s == 0 {
			s = 10
		}
		p = 2 * s % 11
	}
	check := 11 - p
	if check == 10 {
		check = 0
	}
	return int(d[8]-'0') == check
}

// frenchVAT checks the 11 characters after FR: a 2-character key and a SIREN.
// The SIREN must be valid (see [SIREN]): a number whose SIREN fails Luhn
// names no company, whatever its key. A numeric key must also equal
// (12 + 3 × (SIREN mod 97)) mod 97; a key with letters (I and O excluded)
// cannot be computed.
func frenchVAT(r string) bool {
	const keyChars = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"
	if len(r) != 11 || !allDigits(r[2:]) ||
		strings.IndexByte(keyChars, r[0]) < 0 || strings.IndexByte(keyChars, r[1]) < 0 {
		return false
	}
	if !SIREN(r[2:]) {
		return false
	}
	if !isDigit(r[0]) || !isDigit(r[1]) {
		return true
	}
	key := int(r[0]-'0')*10 + int(r[1]-'0')
	return key == (12+3*modDigits(r[2:], 97))%97
}

// austrianVAT checks the 9 characters after AT: U and 8 digits, the last the
// check digit of the first seven.
func austrianVAT(r string) bool {
	if len(r) != 9 || r[0] != 'U' || !allDigits(r[1:]) {
		return false
	}
	d := r[1:]
	sum := 0
	for i := range 7 {
		n := int(d[i] - '0')
		if i%2 == 1 {
			n *= 2
			n = n/10 + n%10
		}
		sum += n
	}
	return int(d[7]-'0') == (10-(sum+4)%10)%10
}

// belgianVAT checks the digits after BE: 10 digits starting with 0 or 1 (9
// digits in the old form, read with a leading 0) whose last two are 97 minus
// the first eight mod 97.
func belgianVAT(d string) bool {
	if len(d) == 9 {
		d = "0" + d
	}
	if len(d) != 10 || !allDigits(d) || d[0] > '1' {
		return false
	}
	return 97-modDigits(d[:8], 97) == int(d[8]-'0')*10+int(d[9]-'0')
}

// modDigits returns the decimal number written by the digits d, mod m.
func modDigits(d string, m int) int {
	r := 0
	for i := range len(d) {
		r = (r*10 + int(d[i]-'0')) % m
	}
	return r
}

// luhn reports whether the digits d pass the Luhn check: doubling every second
// digit from the right, the digit sum is a multiple of 10.
func luhn(d string) bool {
	sum := 0
	for i := range len(d) {
		n := int(d[len(d)-1-i] - '0')
		if i%2 == 1 {
			n *= 2
			if n > 9 {
				n -= 9
			}
		}
		sum += n
	}
	return sum%10 == 0
}

// PartitaIVACheckDigit returns the check digit that completes the first ten
// digits of a Partita IVA (a Luhn variant).
func PartitaIVACheckDigit(first10 string) byte {
	sum := 0
	for i := range 10 {
		n := int(first10[i] - '0')
		if i%2 == 1 {
			n *= 2
			if n > 9 {
				n -= 9
			}
		}
		sum += n
	}
	return byte('0' + (10-sum%10)%10)
}
