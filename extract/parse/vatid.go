package parse

import (
	"strings"

	"github.com/invex/invex/extract/validate"
)

// vatFormats checks the characters after the country prefix of a VAT id
// (spaces, dots and dashes removed) for the form of each country.
var vatFormats = map[string]func(string) bool{
	"AT": func(r string) bool { return len(r) == 9 && r[0] == 'U' && allDigits(r[1:]) },
	"BE": func(r string) bool { return digitsLen(r, 9, 9) || digitsLen(r, 10, 10) && r[0] <= '1' },
	"BG": func(r string) bool { return digitsLen(r, 9, 10) },
	"CY": func(r string) bool { return len(r) == 9 && allDigits(r[:8]) && isUpper(r[8]) },
	"CZ": func(r string) bool { return digitsLen(r, 8, 10) },
	"DE": func(r string) bool { return digitsLen(r, 9, 9) },
	"DK": func(r string) bool { return digitsLen(r, 8, 8) },
	"EE": func(r string) bool { return digitsLen(r, 9, 9) },
	"EL": func(r string) bool { return digitsLen(r, 9, 9) },
	"ES": spanishVAT,
	"FI": func(r string) bool { return digitsLen(r, 8, 8) },
	"FR": frenchVATForm,
	"GB": britishVATForm,
	"HR": func(r string) bool { return digitsLen(r, 11, 11) },
	"HU": func(r string) bool { return digitsLen(r, 8, 8) },
	"IE": irishVAT,
	"IT": func(r string) bool { return digitsLen(r, 11, 11) },
	"LT": func(r string) bool { return digitsLen(r, 9, 9) || digitsLen(r, 12, 12) },
	"LU": func(r string) bool { return digitsLen(r, 8, 8) },
	"LV": func(r string) bool { return digitsLen(r, 11, 11) },
	"MT": func(r string) bool { return digitsLen(r, 8, 8) },
	"NL": func(r string) bool { return len(r) == 12 && allDigits(r[:9]) && r[9] == 'B' && allDigits(r[10:]) },
	"PL": func(r string) bool { return digitsLen(r, 10, 10) },
	"PT": func(r string) bool { return digitsLen(r, 9, 9) },
	"RO": func(r string) bool { return digitsLen(r, 6, 10) },
	"SE": func(r string) bool { return digitsLen(r, 12, 12) && strings.HasSuffix(r, "01") },
	"SI": func(r string) bool { return digitsLen(r, 8, 8) },
	"SK": func(r string) bool { return digitsLen(r, 10, 10) },
	"XI": britishVATForm,
}

// vatCountry maps the VAT prefixes that are not the ISO country code.
var vatCountry = map[string]string{"EL": "GR", "XI": "GB", "CHE": "CH"}

// swissSuffixes are the words that may follow a Swiss UID used as VAT
// number.
var swissSuffixes = []string{"MWST", "TVA", "IVA", "VAT"}

// VATID reads one VAT identification number. Value is the number upper-cased
// with spaces, dots and dashes removed and its country prefix kept when it
// is printed; a Swiss UID keeps its dashes and dots and loses only its spaces
// (CHE-123.456.789 MWST → "CHE-123.456.789MWST"). Country is the ISO country
// (GR for EL). Checked reports a verified check digit: IT, DE, FR, AT, BE
// (see the validate package), GB and the Swiss UID. A prefixed number is
// read when it has the form of its country, whether or not its check digit
// holds; use Checked, and validate.VATChecksumKnown for the countries whose
// check digit is known. Eleven digits without prefix are an Italian Partita
// IVA, reported even when its check digit fails (Checked false): the caller
// read them beside a VAT label. Lower-case input is accepted.
func VATID(s string) (Match, bool) {
	u := upperASCII(s)
	m, ok := whole(u, findVATIDs(u, true, FindIBANs(u)))
	if ok {
		m.Text = s[m.Start:m.End]
	}
	return m, ok
}

// FindVATIDs returns the VAT identification numbers in text, as [VATID]
// reads them: a country prefix in upper case followed by the number, with
// at most one space, dot or dash between the prefix and the number and
// between its groups (DE 136 695 976, FR 44 732829320), and Swiss UIDs
// (CHE-123.456.789 MWST). Eleven digits without prefix are reported only
// when their Partita IVA check digit holds, so that other 11-digit numbers
// are not. Numbers inside an IBAN are not reported.
func FindVATIDs(text string) []Match {
	return findVATIDs(text, false, FindIBANs(text))
}

// findVATIDs finds the VAT ids of text outside its IBANs; bare accepts 11
// digits without prefix whose check digit fails.
func findVATIDs(text string, bare bool, ibans []Match) []Match {
	masks := newSpans(ibans)
	var out []Match
	for i := 0; i < len(text); {
		r, size := runeAt(text, i)
		if !isWord(r) {
			i += size
			continue
		}
		if wordBoundaryBefore(text, i) && !joinedCode(text, i) {
			if m, ok := vatAt(text, i, bare); ok && !masks.overlaps(m.Start, m.End) {
				out = append(out, m)
				i = m.End
				continue
			}
		}
		i = endOfWord(text, i)
	}
	return out
}

// joinedCode reports whether i continues a longer code joined by a dash or
// an underscore ("SHIPX7-WHS-DE-123456788" is a document number, not the
// VAT id DE123456788).
func joinedCode(text string, i int) bool {
	if i < 2 {
		return false
	}
	switch text[i-1] {
	case '-', '_':
		r, _ := runeBefore(text, i-1)
		return isWord(r)
	}
	return false
}

// vatAt reads a VAT id starting at i.
func vatAt(text string, i int, bare bool) (Match, bool) {
	switch {
	case strings.HasPrefix(text[i:], "CHE"):
		return swissUID(text, i)
	case strings.HasPrefix(text[i:], "ABN"):
		return australianABN(text, i)
	case isDigit(text[i]):
		return italianBare(text, i, bare)
	case isUpper(text[i]) && isUpper(byteAt(text, i+1)):
		return prefixedVAT(text, i)
	}
	return Match{}, false
}

// prefixedVAT reads a two-letter prefix and the number after it.
func prefixedVAT(text string, i int) (Match, bool) {
	prefix := text[i : i+2]
	form, ok := vatFormats[prefix]
	if !ok {
		return Match{}, false
	}
	j := i + 2
	if k := skipIDSep(text, j); k > j && isAlnum(byteAt(text, k)) {
		j = k
	}
	var b strings.Builder
	var ends, lens []int
	for b.Len() < 14 {
		k := j
		for k < len(text) && (isUpper(text[k]) || isDigit(text[k])) {
			k++
		}
		if k == j {
			break
		}
		b.WriteString(text[j:k])
		ends, lens = append(ends, k), append(lens, b.Len())
		if j = skipIDSep(text, k); j == k || !isAlnum(byteAt(text, j)) {
			break
		}
	}
	rest := b.String()
	best := -1
	for g := len(ends) - 1; g >= 0; g-- {
		if !wordBoundaryAfter(text, ends[g]) || !form(rest[:lens[g]]) {
			continue
		}
		if vatChecked(prefix + rest[:lens[g]]) {
			best = g
			break
		}
		if best < 0 {
			best = g
		}
	}
	if best < 0 {
		return Match{}, false
	}
	m := newMatch(text, i, ends[best])
	m.Value = prefix + rest[:lens[best]]
	m.Country = countryOf(prefix)
	m.Checked = vatChecked(m.Value)
	return m, true
}

// skipIDSep skips one space, dot or dash at i.
func skipIDSep(s string, i int) int {
	r, size := runeAt(s, i)
	if r == '.' || r == '-' || isHSpace(r) && r != '\t' {
		return i + size
	}
	return i
}

// VATCountry returns the ISO country of a VAT id's prefix, upper case
// ("IT…" Italy, "EL…" Greece, "XI…" the United Kingdom, "CHE…"
// Switzerland); ok is false when it has none.
func VATCountry(vat string) (string, bool) {
	n := 0
	for n < len(vat) && vat[n] >= 'A' && vat[n] <= 'Z' {
		n++
	}
	switch {
	case n >= 3 && vat[:3] == "CHE":
		return countryOf("CHE"), true
	case n >= 2 && n < len(vat):
		return countryOf(vat[:2]), true
	}
	return "", false
}

// countryOf returns the ISO country of a VAT prefix.
func countryOf(prefix string) string {
	if c, ok := vatCountry[prefix]; ok {
		return c
	}
	return prefix
}

// vatChecked reports whether the check digit of the VAT id v (prefix
// included, nothing else) is known and holds.
func vatChecked(v string) bool {
	if len(v) < 2 {
		return false
	}
	switch prefix := v[:2]; prefix {
	case "GB", "XI":
		return britishVATCheck(v[2:])
	default:
		country, ok := validate.VATNumber(v)
		return ok && validate.VATChecksumKnown(country)
	}
}

// italianBare reads 11 digits without prefix: a Partita IVA when its check
// digit holds (or always, with bare).
func italianBare(text string, i int, bare bool) (Match, bool) {
	j := readDigits(text, i)
	if j-i != 11 || !wordBoundaryAfter(text, j) || continuesNumber(text, i, j) {
		return Match{}, false
	}
	v := text[i:j]
	checked := validate.PartitaIVA(v)
	if !checked && (!bare || v == "00000000000") {
		return Match{}, false
	}
	m := newMatch(text, i, j)
	m.Value, m.Country, m.Checked = v, "IT", checked
	return m, true
}

// continuesNumber reports whether the digits text[i:j] are part of a longer
// number: a separator and a digit before or after them.
func continuesNumber(text string, i, j int) bool {
	if r, size := runeBefore(text, i); strings.ContainsRune(".,/-:", r) && digitAt(text, i-size-1) {
		return true
	}
	r, size := runeAt(text, j)
	return strings.ContainsRune(".,/-:", r) && digitAt(text, j+size)
}

// swissUID reads CHE-123.456.789 with an optional MWST, TVA, IVA or VAT
// after it.
func swissUID(text string, i int) (Match, bool) {
	j := i + 3
	var digits strings.Builder
	for g := 0; g < 3; g++ {
		j = skipIDSep(text, j)
		k := j
		for k < j+3 && digitAt(text, k) {
			k++
		}
		if k-j != 3 {
			return Match{}, false
		}
		digits.WriteString(text[j:k])
		j = k
	}
	if !wordBoundaryAfter(text, j) || continuesNumber(text, i, j) {
		return Match{}, false
	}
	if k := skipHSpace(text, j, 1); k < len(text) {
		for _, suf := range swissSuffixes {
			if strings.HasPrefix(text[k:], suf) && wordBoundaryAfter(text, k+len(suf)) {
				j = k + len(suf)
				break
			}
		}
	}
	m := newMatch(text, i, j)
	m.Value = strings.Map(func(r rune) rune {
		if isHSpace(r) {
			return -1
		}
		return r
	}, upperASCII(m.Text))
	m.Country = "CH"
	m.Checked = swissCheck(digits.String())
	return m, true
}

// australianABN reads an Australian Business Number after its "ABN"
// label ("ABN: 51 824 753 556"): eleven digits, grouped 2-3-3-3 or not,
// whose check holds. Value is the digits, Country AU.
func australianABN(text string, i int) (Match, bool) {
	j := i + 3
	if byteAt(text, j) == ':' || byteAt(text, j) == '.' {
		j++
	}
	j = skipHSpace(text, j, 2)
	start := j
	var digits strings.Builder
	for digits.Len() < 11 && j < len(text) {
		switch {
		case isDigit(text[j]):
			digits.WriteByte(text[j])
			j++
		case text[j] == ' ' && j > start && isDigit(byteAt(text, j+1)):
			j++
		default:
			return Match{}, false
		}
	}
	d := digits.String()
	if len(d) != 11 || !wordBoundaryAfter(text, j) || !abnCheck(d) {
		return Match{}, false
	}
	m := newMatch(text, i, j)
	m.Value, m.Country, m.Checked = d, "AU", true
	return m, true
}

// abnCheck verifies an ABN: one taken from its first digit, the digits
// weighted 10 1 3 5 7 9 11 13 15 17 19, the sum a multiple of 89.
func abnCheck(d string) bool {
	weights := [11]int{10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19}
	sum := 0
	for k, w := range weights {
		v := int(d[k] - '0')
		if k == 0 {
			v--
		}
		sum += v * w
	}
	return sum%89 == 0
}

// swissCheck verifies the mod-11 check digit of the 9 digits of a Swiss
// UID: weights 5 4 3 2 7 6 5 4 over the first eight; 11 − (sum mod 11), 11
// meaning 0 and 10 impossible.
func swissCheck(d string) bool {
	weights := [8]int{5, 4, 3, 2, 7, 6, 5, 4}
	sum := 0
	for i, w := range weights {
		sum += int(d[i]-'0') * w
	}
	check := (11 - sum%11) % 11
	return check != 10 && int(d[8]-'0') == check
}

// britishVATForm checks the number of a British VAT id: 9 digits, 12 digits
// (a branch), or GD or HA and 3 digits (government departments, health
// authorities).
func britishVATForm(r string) bool {
	if digitsLen(r, 9, 9) || digitsLen(r, 12, 12) {
		return true
	}
	return len(r) == 5 && (strings.HasPrefix(r, "GD") || strings.HasPrefix(r, "HA")) && allDigits(r[2:])
}

// britishVATCheck verifies the check digits of 9 (or 12) digits of a British
// VAT id: weights 8 to 2 over the first seven digits plus the last two must
// be a multiple of 97, or be 55 short of one (numbers issued since 2010).
func britishVATCheck(r string) bool {
	if !digitsLen(r, 9, 9) && !digitsLen(r, 12, 12) {
		return false
	}
	sum := 0
	for i := range 7 {
		sum += int(r[i]-'0') * (8 - i)
	}
	sum += int(r[7]-'0')*10 + int(r[8]-'0')
	return sum%97 == 0 || (sum+55)%97 == 0
}

// frenchVATForm checks the form of a French number: a 2-character key
// (digits or letters but I and O) and a 9-digit SIREN.
func frenchVATForm(r string) bool {
	const keyChars = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"
	return len(r) == 11 && strings.IndexByte(keyChars, r[0]) >= 0 && strings.IndexByte(keyChars, r[1]) >= 0 &&
		allDigits(r[2:])
}

// spanishVAT checks the form of a Spanish NIF: 9 characters, a letter or
// digit, 7 digits, a letter or digit, with a letter at one end.
func spanishVAT(r string) bool {
	return len(r) == 9 && isAlnum(r[0]) && allDigits(r[1:8]) && isAlnum(r[8]) && (isUpper(r[0]) || isUpper(r[8]))
}

// irishVAT checks the form of an Irish number: 7 digits and one or two
// letters, or a digit, a letter, '+' or '*', 5 digits and a letter.
func irishVAT(r string) bool {
	if (len(r) == 8 || len(r) == 9) && allDigits(r[:7]) && isUpper(r[7]) && (len(r) == 8 || isUpper(r[8])) {
		return true
	}
	return len(r) == 8 && isDigit(r[0]) && isUpper(r[1]) && allDigits(r[2:7]) && isUpper(r[7])
}

// digitsLen reports whether r is made of digits only, between lo and hi of
// them.
func digitsLen(r string, lo, hi int) bool { return len(r) >= lo && len(r) <= hi && allDigits(r) }

// allDigits reports whether s is non-empty and made of ASCII digits only.
func allDigits(s string) bool {
	for i := range len(s) {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}
