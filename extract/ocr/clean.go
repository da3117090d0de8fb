package ocr

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/invex/invex/extract/validate"
)

// clean drops what OCR reads in table rules and noise, trims rule
// characters stuck to words, joins numbers whose decimal part came apart,
// and repairs confusable characters where a number's shape or a check digit
// proves the repair.
func clean(words []rawWord) []rawWord {
	out := make([]rawWord, 0, len(words))
	for _, w := range words {
		w.text = trimRules(w.text)
		if noise(w.text) {
			continue
		}
		w.text = fixLetters(fixNumber(w.text))
		out = append(out, w)
	}
	out = dropTallNoise(out)
	out = joinDecimals(out)
	out = joinAt(out)
	repairIdentifiers(out)
	return out
}

// dropTallNoise drops short or doubtful words much taller than the page's
// text: OCR reads the edges of shaded boxes and rules as "D" or "pi" two
// lines high, and such a word would glue two rows of the page into one.
func dropTallNoise(words []rawWord) []rawWord {
	var hs []float64
	for _, w := range words {
		if hasAlnum(w.text) {
			hs = append(hs, w.height())
		}
	}
	if len(hs) < 10 {
		return words
	}
	sort.Float64s(hs)
	med := hs[len(hs)/2]
	out := words[:0]
	for _, w := range words {
		if w.height() > 1.8*med && (utf8.RuneCountInString(w.text) <= 3 || w.conf < 60) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// ruleChars are what table borders and box edges read as.
const ruleChars = "|[]{}¦"

// trimRules removes rule characters from both ends of a word, and, from a
// word with a digit, the stray marks OCR attaches to numbers next to a rule
// (an apostrophe, an exclamation mark, a backtick).
func trimRules(s string) string {
	for {
		t := strings.Trim(s, ruleChars)
		if hasDigit(t) {
			t = strings.TrimRight(t, "'`´‘’!")
			t = strings.Trim(t, ruleChars)
			if n := strings.TrimRight(t, ")"); n != t && !strings.Contains(n, "(") && numeric(n) {
				t = n // a cell's right rule read as ")"
			}
		}
		if t == s {
			return s
		}
		s = t
	}
}

// symbols are the one-character words without a letter or digit that
// carry meaning on an invoice.
const symbols = "€$£%&+-–:/#*@()"

// noise reports a word that is not text: empty, punctuation that means
// nothing alone, or a run of marks with few letters or digits in it (a
// dotted line, a rule read as "=_---=").
func noise(s string) bool {
	if s == "" {
		return true
	}
	n, alnum := 0, 0
	for _, r := range s {
		n++
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			alnum++
		}
	}
	if alnum == 0 {
		return !(n == 1 && strings.ContainsRune(symbols, []rune(s)[0]) || unitSign(s))
	}
	return n >= 4 && float64(alnum) < 0.4*float64(n)
}

// unitSign reports a short word that holds a currency or percent sign in
// brackets or punctuation, as in "IVA (%):" or "Total (€)".
func unitSign(s string) bool {
	if utf8.RuneCountInString(s) > 5 || strings.IndexAny(s, "€$£%") < 0 {
		return false
	}
	return strings.Trim(s, "€$£%()[]:.,;/") == ""
}

// digitLike maps the letters OCR confuses with digits to those digits.
var digitLike = map[rune]rune{'O': '0', 'o': '0', 'D': '0', 'Q': '0', 'I': '1', 'l': '1', '|': '1', 'i': '1', 'S': '5', 's': '5', 'B': '8', 'Z': '2', 'z': '2', 'G': '6', 'g': '9'}

// numberLike are the letters repaired inside amounts and dates: the
// confusions frequent enough that a number's shape alone decides.
var numberLike = map[rune]rune{'O': '0', 'o': '0', 'l': '1', 'I': '1'}

// letterLike maps digits OCR reads for letters back to those letters.
var letterLike = map[rune]rune{'0': 'O', '1': 'I', '5': 'S', '8': 'B', '2': 'Z', '6': 'G', '7': 'T'}

// fixNumber repairs O for 0 and l or I for 1 inside a word that is
// otherwise an amount or a date: at least two real digits, only digits,
// separators and at most two such letters, and a letter never first unless a
// digit follows it. Other words are returned as they are.
func fixNumber(s string) string {
	core := strings.TrimLeft(s, "-+€$£")
	prefix := s[:len(s)-len(core)]
	core, suffix := trimSuffix(core, "%€")
	digits, letters := 0, 0
	for _, r := range core {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '.' || r == ',' || r == '/' || r == '-':
		case numberLike[r] != 0:
			letters++
		default:
			return s
		}
	}
	if letters == 0 || letters > 2 || digits < 2 || letters*2 > digits {
		return s
	}
	first, _ := utf8.DecodeRuneInString(core)
	if first < '0' || first > '9' {
		// "lO" or "Il" could be a word; a letter leads only in "O,50".
		if len(core) < 2 || (core[1] != ',' && core[1] != '.' && (core[1] < '0' || core[1] > '9')) {
			return s
		}
	}
	var b strings.Builder
	for _, r := range core {
		if d, ok := numberLike[r]; ok {
			r = d
		}
		b.WriteRune(r)
	}
	return prefix + b.String() + suffix
}

// taxNames are the names of VAT in column headers, which are printed
// after a percent sign ("%IVA") that OCR reads as an X.
var taxNames = set("IVA", "VAT", "TVA", "MWST", "UST")

// fixLetters repairs letters OCR reads as digits or symbols at the start of
// a word of capitals: "1BAN" is IBAN and "1D" is ID (a 1 never leads
// capitals), and "XIVA" is %IVA.
func fixLetters(s string) string {
	if len(s) < 2 {
		return s
	}
	rest := s[1:]
	upper := strings.IndexFunc(rest, func(r rune) bool { return r < 'A' || r > 'Z' }) < 0
	switch {
	case (s[0] == '1' || s[0] == 'l') && upper:
		return "I" + rest
	case (s[0] == 'X' || s[0] == 'x') && taxNames[strings.ToUpper(rest)]:
		return "%" + rest
	}
	return s
}

// numeric reports whether s is an amount, a rate or a quantity as printed:
// digits with separators, an optional sign and percent sign.
func numeric(s string) bool {
	s = strings.TrimSuffix(strings.TrimLeft(s, "+-"), "%")
	if !hasDigit(s) {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != '.' && r != ',' {
			return false
		}
	}
	return true
}

// trimSuffix splits off trailing characters of set.
func trimSuffix(s, set string) (string, string) {
	t := strings.TrimRight(s, set)
	return t, s[len(t):]
}

// joinDecimals joins a number and its decimal part that OCR read as two
// words ("1.234" ",56" or "1.234," "56"): same line, next to each other,
// with a gap narrower than half the line height.
func joinDecimals(words []rawWord) []rawWord {
	out := words[:0]
	for i := 0; i < len(words); i++ {
		w := words[i]
		if i+1 < len(words) {
			n := words[i+1]
			if n.line == w.line && n.x0 >= w.x0 && n.x0-w.x1 < 0.5*max(w.height(), n.height()) && splitDecimal(w.text, n.text) {
				w.text += n.text
				w.x1, w.y0, w.y1 = n.x1, min(w.y0, n.y0), max(w.y1, n.y1)
				w.conf = min(w.conf, n.conf)
				i++
			}
		}
		out = append(out, w)
	}
	return out
}

// joinAt joins the halves of an e-mail address that OCR split at its "@"
// ("billing@" "example.it" or "billing" "@example.it"): same line, next to
// each other, a gap narrower than the line height.
func joinAt(words []rawWord) []rawWord {
	out := words[:0]
	for i := 0; i < len(words); i++ {
		w := words[i]
		for i+1 < len(words) {
			n := words[i+1]
			split := strings.HasSuffix(w.text, "@") && hasAlnum(n.text) || strings.HasPrefix(n.text, "@") && hasAlnum(w.text)
			if !split || n.line != w.line || n.x0 < w.x0 || n.x0-w.x1 > max(w.height(), n.height()) || strings.Count(w.text+n.text, "@") != 1 {
				break
			}
			w.text += n.text
			w.x1, w.y0, w.y1 = n.x1, min(w.y0, n.y0), max(w.y1, n.y1)
			w.conf = min(w.conf, n.conf)
			i++
		}
		out = append(out, w)
	}
	return out
}

// splitDecimal reports whether a and b are the two halves of an amount.
func splitDecimal(a, b string) bool {
	isNum := func(s string) bool {
		if s == "" {
			return false
		}
		for _, r := range s {
			if (r < '0' || r > '9') && r != '.' && r != ',' {
				return false
			}
		}
		return true
	}
	twoDigits := func(s string) bool { return len(s) == 2 && s[0] >= '0' && s[0] <= '9' && s[1] >= '0' && s[1] <= '9' }
	switch {
	case isNum(a) && hasDigit(a) && (strings.HasPrefix(b, ",") || strings.HasPrefix(b, ".")) && twoDigits(b[1:]):
		return !strings.HasSuffix(a, ",") && !strings.HasSuffix(a, ".")
	case isNum(a) && len(a) > 1 && (strings.HasSuffix(a, ",") || strings.HasSuffix(a, ".")) && twoDigits(b):
		return hasDigit(a)
	}
	return false
}

// repairIdentifiers repairs VAT ids and IBANs whose check digits fail as
// read but hold once confusable characters are swapped: "1T" for "IT", O
// for 0 among digits, and so on. A repair is made only when exactly one
// reading of the word (or of a run of words, for an IBAN printed in groups)
// passes the check.
func repairIdentifiers(words []rawWord) {
	for i := range words {
		if fixed, ok := repairVAT(words[i].text); ok {
			words[i].text = fixed
		}
	}
	for i := range words {
		repairIBANRun(words, i)
	}
}

// repairVAT returns the one valid VAT id that s reads as, when s itself is
// not valid.
func repairVAT(s string) (string, bool) {
	core := strings.TrimRight(s, ".,;:")
	if len(core) < 10 || len(core) > 15 {
		return "", false
	}
	if _, ok := validate.VATNumber(core); ok {
		return "", false
	}
	if validate.PartitaIVA(core) && len(core) == 11 {
		return "", false
	}
	var found []string
	for _, c := range readings(core, vatShape) {
		if _, ok := validate.VATNumber(c); ok {
			found = append(found, c)
		} else if len(c) == 11 && validate.PartitaIVA(c) {
			found = append(found, c)
		}
	}
	if len(found) != 1 {
		return "", false
	}
	return found[0] + s[len(core):], true
}

// vatShape says which positions of a VAT-id candidate hold letters: the
// two-letter country prefix of a 13-character id (IT and 11 digits) or of an
// 11-character one whose start is not digit-like (DE and 9 digits), digits
// everywhere else. Words with fewer than all but four real digits are not
// candidates.
func vatShape(s string) []class {
	digits := 0
	for i := range len(s) {
		if s[i] >= '0' && s[i] <= '9' {
			digits++
		}
	}
	if digits < len(s)-4 {
		return nil
	}
	var prefixed bool
	switch len(s) {
	case 13:
		prefixed = true
	case 11:
		prefixed = !allDigitsLike(s[:2])
	default:
		return nil
	}
	cls := make([]class, len(s))
	for i := range cls {
		cls[i] = digit
		if prefixed && i < 2 {
			cls[i] = letter
		}
	}
	return cls
}

// class is what a position of an identifier must hold.
type class int

const (
	anyChar class = iota
	letter
	digit
)

// readings returns the strings s can be read as when each position is
// forced to its class: confusable characters swapped, others kept. Only
// words with at most six confusable positions are tried.
func readings(s string, shape func(string) []class) []string {
	cls := shape(s)
	if cls == nil || len(cls) != len(s) {
		return nil
	}
	b := []byte(s)
	var swaps []int
	for i := range b {
		switch cls[i] {
		case digit:
			if b[i] >= '0' && b[i] <= '9' {
				continue
			}
			d, ok := digitLike[rune(b[i])]
			if !ok {
				return nil
			}
			b[i] = byte(d)
			swaps = append(swaps, i)
		case letter:
			if b[i] >= 'A' && b[i] <= 'Z' {
				continue
			}
			l, ok := letterLike[rune(b[i])]
			if !ok {
				return nil
			}
			b[i] = byte(l)
			swaps = append(swaps, i)
		}
	}
	if len(swaps) == 0 || len(swaps) > 6 {
		return nil
	}
	return []string{string(b)}
}

// repairIBANRun repairs an IBAN that starts at word i, printed as one word
// or as groups of characters.
func repairIBANRun(words []rawWord, i int) {
	if len(words[i].text) < 4 || !ibanStart(words[i].text) {
		return
	}
	joined := ""
	for j := i; j < len(words) && j < i+9 && words[j].line == words[i].line; j++ {
		t := words[j].text
		if !isAlnumASCII(t) {
			break
		}
		joined += t
		if len(joined) < 15 || countDigits(joined) < 10 {
			continue
		}
		if validate.IBAN(joined) {
			return
		}
		for _, c := range readings(joined, ibanShape) {
			if validate.IBAN(c) {
				// Same length: give each word its repaired characters back.
				k := 0
				for m := i; m <= j; m++ {
					n := len(words[m].text)
					words[m].text = c[k : k+n]
					k += n
				}
				return
			}
		}
	}
}

// ibanStart reports whether s can begin an IBAN: two letters (or "1T"-like)
// then two digits (or O-like).
func ibanStart(s string) bool {
	if len(s) < 4 {
		return false
	}
	for k := 0; k < 2; k++ {
		c := rune(s[k])
		if !(c >= 'A' && c <= 'Z') {
			if _, ok := letterLike[c]; !ok {
				return false
			}
		}
	}
	for k := 2; k < 4; k++ {
		c := rune(s[k])
		if !(c >= '0' && c <= '9') {
			if _, ok := digitLike[c]; !ok {
				return false
			}
		}
	}
	return true
}

// bbanFormats are the account formats (after country and check digits) of
// the IBANs OCR repairs: n a digit, a a capital letter, c either.
var bbanFormats = map[string]string{
	"IT": "annnnnnnnnncccccccccccc", "SM": "annnnnnnnnncccccccccccc",
	"FR": "nnnnnnnnnncccccccccccnn", "MC": "nnnnnnnnnncccccccccccnn",
	"DE": "nnnnnnnnnnnnnnnnnn", "AT": "nnnnnnnnnnnnnnnn", "BE": "nnnnnnnnnnnn",
	"NL": "aaaannnnnnnnnn", "ES": "nnnnnnnnnnnnnnnnnnnn", "PT": "nnnnnnnnnnnnnnnnnnnnn",
	"CH": "nnnnnccccccccccccc", "LI": "nnnnnccccccccccccc", "LU": "nnnccccccccccccc",
	"GB": "aaaannnnnnnnnnnnnn",
}

// ibanShape gives the class of every position of an IBAN candidate:
// country letters, check digits, then the country's account format; nil for
// a country not listed or a candidate of the wrong length.
func ibanShape(s string) []class {
	if len(s) < 5 {
		return nil
	}
	country := []byte(strings.ToUpper(s[:2]))
	for k, c := range country {
		if l, ok := letterLike[rune(c)]; ok {
			country[k] = byte(l)
		}
	}
	format, ok := bbanFormats[string(country)]
	if !ok || len(s) != 4+len(format) {
		return nil
	}
	cls := make([]class, len(s))
	cls[0], cls[1], cls[2], cls[3] = letter, letter, digit, digit
	for k, f := range format {
		switch f {
		case 'n':
			cls[4+k] = digit
		case 'a':
			cls[4+k] = letter
		}
	}
	return cls
}

func hasDigit(s string) bool {
	return strings.IndexFunc(s, unicode.IsDigit) >= 0
}

func hasAlnum(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

func isAlnumASCII(s string) bool {
	for i := range len(s) {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
			return false
		}
	}
	return s != ""
}

func allDigitsLike(s string) bool {
	for _, r := range s {
		if r >= '0' && r <= '9' {
			continue
		}
		if _, ok := digitLike[r]; !ok {
			return false
		}
	}
	return true
}

func countDigits(s string) int {
	n := 0
	for i := range len(s) {
		if s[i] >= '0' && s[i] <= '9' {
			n++
		}
	}
	return n
}
