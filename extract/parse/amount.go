package parse

import (
	"strconv"
	"strings"
)

// Limits on the digits of an amount.
const (
	maxPlainDigits   = 9  // integer part without grouping separators
	maxGroupedDigits = 15 // integer part with grouping separators
	maxDecimals      = 6
	maxGroups        = 12 // digit groups read in a run
)

// Amount reads one amount: digits with grouping and decimal separators, an
// optional currency sign or code before or after, and an optional sign.
// See [FindAmounts] for the forms read.
func Amount(s, locale string) (Match, bool) {
	mode := amountMode{en: lang(locale) == langEN, spaces: true}
	return whole(s, findAmounts(s, mode, amountMasks(s, locale)))
}

// FindAmounts returns the amounts in text. Value is the amount as a
// decimal string with '.' before the decimals as printed and '-' when
// negative (1.234,50 → "1234.50"), Number its value, Currency the ISO 4217
// code of a sign or code printed beside it (see [Currency]).
//
// Separators: "1.234,56" and "1,234.56" read the same in every locale, as do
// "1 234,56" with a no-break, narrow no-break or thin space, "1'234.56" and
// "1’234.56". One '.' or ',' followed by exactly three digits (1.234, 12,500)
// is ambiguous: in it, de and fr the dot groups thousands and the comma is
// decimal, in en the reverse; the match is marked Ambiguous. An ordinary
// space groups thousands only in locale fr (and in [Amount], which is given
// one value): such a match is Ambiguous too, for "2 234,00" may be a
// quantity and a price. German "12,-" is 12.00.
//
// Negative amounts: -1.234,56, - 1.234,56, −12,00 (U+2212), (1.234,56),
// 1.234,56- (trailing minus), € -5,00, -€5,00.
//
// Integers without separators are reported too (up to nine digits, no
// leading zero): the caller decides whether 2026 or 20121 is an amount.
//
// Not reported:
//   - the digits of the dates, IBANs, VAT ids, phone numbers and e-mail
//     addresses this package finds, and of French SIREN and SIRET numbers
//     (9 or 14 digits, grouped 3 3 3 5 or not) whose Luhn check holds;
//   - percentages (22%, 22 %);
//   - numbers glued to a letter (IT60, 30gg, 2x) other than a currency code,
//     or to '/', ':' and a digit, '+', '#', '_', '@', '°' (12/2026, 10:30,
//     +39), or joined by '-' to a letter or digit (ART-123, 10-20);
//   - numbers with a leading zero (00184), digit runs too long for an
//     amount, and groups that follow no rule (1.23.456, 15.03.2026).
//
// The groups of an IBAN whose check fails are not masked: those that look
// like integers (2811 in IT60 X054 2811 …) are reported.
func FindAmounts(text, locale string) []Match {
	mode := amountMode{en: lang(locale) == langEN, spaces: lang(locale) == langFR, flagSpaces: true}
	return findAmounts(text, mode, amountMasks(text, locale))
}

// amountMode says how numbers are read.
type amountMode struct {
	en         bool // a lone separator before three digits: ',' groups (en) or '.' groups
	spaces     bool // an ordinary space may group thousands
	flagSpaces bool // mark Ambiguous an amount grouped by ordinary spaces
}

// amountMasks returns the spans of the values whose digits are not amounts.
func amountMasks(text, locale string) spans {
	ibans := FindIBANs(text)
	vats := findVATIDs(text, false, ibans)
	return newSpans(FindDates(text, locale), ibans, vats, findPhones(text, ibans, vats), FindEmails(text),
		findSIRENs(text))
}

// findAmounts returns the amounts of text outside masks.
func findAmounts(text string, mode amountMode, masks spans) []Match {
	var out []Match
	for i := 0; i < len(text); {
		if !isDigit(text[i]) {
			_, size := runeAt(text, i)
			i += size
			continue
		}
		m, next, ok := amountAt(text, i, mode)
		if ok && !masks.overlaps(m.Start, m.End) {
			out = append(out, m)
			i = m.End
			continue
		}
		i = max(next, i+1)
	}
	return out
}

// sepKind is a separator between the digit groups of a number.
type sepKind byte

const (
	sepDot   sepKind = iota + 1 // .
	sepComma                    // ,
	sepApos                     // ' or ’
	sepThin                     // no-break, narrow no-break, thin or figure space
	sepSpace                    // an ordinary space
)

// isSpace reports whether k is a kind of space.
func (k sepKind) isSpace() bool { return k == sepThin || k == sepSpace }

// numberRun is a run of digit groups joined by single separators.
type numberRun struct {
	groups []string
	seps   []sepKind // seps[k] comes after groups[k]
	ends   []int     // ends[k] is the offset after groups[k]
}

// readNumberRun reads the digit groups starting at i. Ordinary spaces join
// groups only when spaces is set.
func readNumberRun(s string, i int, spaces bool) numberRun {
	var run numberRun
	for j := i; ; {
		k := readDigits(s, j)
		run.groups = append(run.groups, s[j:k])
		run.ends = append(run.ends, k)
		kind, size := sepAt(s, k, spaces)
		if kind == 0 || !digitAt(s, k+size) || len(run.groups) == maxGroups {
			break
		}
		run.seps = append(run.seps, kind)
		j = k + size
	}
	return run
}

// sepAt returns the kind and size of the separator at i, or 0.
func sepAt(s string, i int, spaces bool) (sepKind, int) {
	r, size := runeAt(s, i)
	switch r {
	case '.':
		return sepDot, size
	case ',':
		return sepComma, size
	case '\'', '’':
		return sepApos, size
	case '\u00a0', '\u202f', '\u2009', '\u2007':
		return sepThin, size
	case ' ':
		if spaces {
			return sepSpace, size
		}
	}
	return 0, 0
}

// number is the reading of a run of digit groups.
type number struct {
	intPart, frac string
	ambiguous     bool
	spaced        bool // ordinary spaces grouped the digits
}

// value returns the decimal string of n.
func (n number) value(neg bool) string {
	v := n.intPart
	if n.frac != "" {
		v += "." + n.frac
	}
	if neg && strings.Trim(v, "0.") != "" {
		v = "-" + v
	}
	return v
}

// chooseNumber returns the longest reading of the run, cut only at spaces,
// and the number of groups it takes.
func chooseNumber(run numberRun, en bool) (number, int, bool) {
	for n := len(run.groups); n >= 1; n-- {
		if n < len(run.groups) && !run.seps[n-1].isSpace() {
			continue
		}
		if num, ok := interpret(run.groups[:n], run.seps[:n-1], en); ok {
			for _, k := range run.seps[:n-1] {
				num.spaced = num.spaced || k == sepSpace
			}
			return num, n, true
		}
	}
	return number{}, 0, false
}

// interpret reads digit groups and the separators between them.
func interpret(groups []string, seps []sepKind, en bool) (number, bool) {
	n := len(seps)
	if n == 0 {
		return number{intPart: groups[0]}, plainInt(groups[0])
	}
	allGroups := thousands(groups, seps)
	last := seps[n-1]
	frac := groups[n]
	decimal := (last == sepDot || last == sepComma) && len(frac) <= maxDecimals
	if decimal {
		if n == 1 {
			decimal = plainInt(groups[0])
		} else {
			decimal = seps[0] != last && thousands(groups[:n], seps[:n-1])
		}
	}
	switch {
	case allGroups && decimal: // one '.' or ',' before three digits
		if (last == sepComma) == en {
			return number{intPart: groups[0] + frac, ambiguous: true}, true
		}
		return number{intPart: groups[0], frac: frac, ambiguous: true}, true
	case allGroups:
		return number{intPart: strings.Join(groups, "")}, true
	case decimal:
		return number{intPart: strings.Join(groups[:n], ""), frac: frac}, true
	}
	return number{}, false
}

// plainInt reports whether g is an integer part without grouping: no
// leading zero, not too long.
func plainInt(g string) bool {
	return g != "" && len(g) <= maxPlainDigits && (g[0] != '0' || len(g) == 1)
}

// thousands reports whether the groups are grouped by thousands with one
// kind of separator: 1 to 3 digits, no leading zero, then groups of 3.
func thousands(groups []string, seps []sepKind) bool {
	g0 := groups[0]
	if len(g0) < 1 || len(g0) > 3 || g0[0] == '0' {
		return false
	}
	total := len(g0)
	for k, g := range groups[1:] {
		if len(g) != 3 || seps[k] != seps[0] {
			return false
		}
		total += 3
	}
	return total <= maxGroupedDigits
}

// amountAt reads the amount whose digits start at i. next is where to go on
// when there is none.
func amountAt(s string, i int, mode amountMode) (m Match, next int, ok bool) {
	run := readNumberRun(s, i, mode.spaces)
	next = run.ends[0]
	for k, kind := range run.seps {
		if kind.isSpace() {
			break
		}
		next = run.ends[k+1]
	}
	plus := explicitPlus(s, i)
	if !plus && gluedBefore(s, i) {
		return Match{}, next, false
	}
	num, n, ok := chooseNumber(run, mode.en)
	if !ok || plus && (len(num.frac) != 2 || num.ambiguous) {
		return Match{}, next, false
	}
	e := run.ends[n-1]
	if n == len(run.groups) {
		num, e = dashDecimals(s, run, num, e, mode.en)
	}
	if gluedAfter(s, e) {
		return Match{}, max(next, e), false
	}
	m, neg := signAndCurrency(s, i, e)
	m.Value = num.value(neg)
	m.Number, _ = strconv.ParseFloat(m.Value, 64)
	m.Ambiguous = num.ambiguous || mode.flagSpaces && num.spaced
	return m, m.End, true
}

// dashDecimals reads the German "12,-" (no cents) after a number without
// decimals.
func dashDecimals(s string, run numberRun, num number, e int, en bool) (number, int) {
	kind, size := sepAt(s, e, false)
	if num.frac != "" && !num.ambiguous || kind != sepDot && kind != sepComma {
		return num, e
	}
	j := e + size
	dashes := 0
	for dashes < 2 {
		r, size := runeAt(s, j)
		if r != '-' && r != '\u2013' {
			break
		}
		j += size
		dashes++
	}
	if dashes == 0 || !wordBoundaryAfter(s, j) {
		return num, e
	}
	groups := append(append([]string(nil), run.groups...), "00")
	seps := append(append([]sepKind(nil), run.seps...), kind)
	if with, ok := interpret(groups, seps, en); ok && with.frac == "00" {
		with.spaced = num.spaced
		return with, j
	}
	return num, e
}

// explicitPlus reports whether the digits at i follow a free-standing plus
// sign ("+3.00", "+ 5,80" on a charge line). Such a number is an amount only
// with two decimals: "+39 02…" is a phone number.
func explicitPlus(s string, i int) bool {
	p := backHSpace(s, i, 1)
	r, size := runeBefore(s, p)
	if r != '+' {
		return false
	}
	before, _ := runeBefore(s, p-size)
	return before < 0 || before == ' ' || before == '\t' || before == '(' || before == '\u00a0'
}

// gluedBefore reports whether the digits at i continue a word or a code:
// they follow a letter (other than a currency code), '/', '+', '#', '_',
// '@', '°', '\', a separator after a digit (10:30), or a dash after a
// letter or digit (ART-123).
func gluedBefore(s string, i int) bool {
	r, size := runeBefore(s, i)
	switch {
	case r < 0:
		return false
	case isLetter(r):
		_, _, ok := currencyBefore(s, i)
		return !ok
	case strings.ContainsRune("/+#_@°\\", r):
		return true
	case r == ':' || r == '.' || r == ',' || r == '\'' || r == '’':
		return digitAt(s, i-size-1)
	case isMinus(r):
		before, _ := runeBefore(s, i-size)
		return isWord(before)
	}
	return isWord(r)
}

// gluedAfter reports whether the number ending at e continues a word or a
// code, or is a percentage.
func gluedAfter(s string, e int) bool {
	r, size := runeAt(s, e)
	switch {
	case r < 0:
		return false
	case isLetter(r):
		_, _, ok := currencyAfter(s, e)
		return !ok
	case strings.ContainsRune("/@_°º\\", r):
		return true
	case r == ':' || r == '.' || r == ',' || r == '\'' || r == '’':
		return digitAt(s, e+size)
	case isMinus(r):
		after, _ := runeAt(s, e+size)
		return isWord(after)
	}
	if r, _ := runeAt(s, skipHSpace(s, e, 1)); r == '%' || r == '‰' {
		return true
	}
	return isWord(r)
}

// signAndCurrency extends the number s[i:e] with the currency and the signs
// printed around it, and reports whether it is negative.
func signAndCurrency(s string, i, e int) (Match, bool) {
	start, end := i, e
	neg := false
	cur := ""
	if p, ok := minusBefore(s, start); ok {
		neg, start = true, p
	}
	if code, p, ok := currencyBefore(s, backHSpace(s, start, 2)); ok {
		cur, start = code, p
		if p, ok := minusBefore(s, start); ok && !neg {
			neg, start = true, p
		}
	}
	if r, size := runeAt(s, end); isMinus(r) {
		if after, _ := runeAt(s, end+size); !isWord(after) {
			neg, end = true, end+size
		}
	}
	if cur == "" {
		// A sign glued to the next number is that number's, with a space
		// before it ("42.50 $3612.50": hours, then dollars) or without
		// ("0$0": two matches never share the sign).
		p := skipHSpace(s, end, 2)
		code, q, ok := currencyAfter(s, p)
		if glued := digitAt(s, q) && !isLetter(firstRune(s[p:])); ok && !glued {
			cur, end = code, q
			if r, size := runeAt(s, end); isMinus(r) && !neg {
				if after, _ := runeAt(s, end+size); !isWord(after) {
					neg, end = true, end+size
				}
			}
		}
	}
	if open := backHSpace(s, start, 1); byteAt(s, open-1) == '(' {
		if q := skipHSpace(s, end, 1); byteAt(s, q) == ')' {
			neg, start, end = true, open-1, q+1
		}
	}
	m := newMatch(s, start, end)
	m.Currency = cur
	return m, neg
}

// minusBefore finds a minus sign before i, with at most one space between,
// that is not glued to a word before it.
func minusBefore(s string, i int) (int, bool) {
	p := backHSpace(s, i, 1)
	r, size := runeBefore(s, p)
	if !isMinus(r) {
		return i, false
	}
	if before, _ := runeBefore(s, p-size); isWord(before) || isMinus(before) {
		return i, false
	}
	return p - size, true
}
