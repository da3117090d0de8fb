package parse

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Match is a value found in a text.
type Match struct {
	Start, End int     // byte offsets in the text: Text is text[Start:End]
	Text       string  // the matched text, as printed
	Value      string  // the normalised value: ISO date, decimal amount, VAT id, IBAN, …
	Number     float64 // the value of an amount or a percentage
	Currency   string  // ISO 4217 code, when an amount carried a sign or a code

	// Ambiguous reports that the same characters have another plausible
	// reading: for an amount, a single '.' or ',' before exactly three digits
	// (1.234), resolved by the locale, or groups joined by an ordinary space
	// (2 234,00); for a date, day and month that could be swapped (only in
	// locale "en").
	Ambiguous bool
	// Checked reports that a check digit was verified (VAT ids, codice
	// fiscale, IBAN).
	Checked bool
	// Country is the ISO 3166 alpha-2 country of an identifier (GR for the
	// VAT prefix EL).
	Country string
}

// newMatch returns the match of text[start:end].
func newMatch(text string, start, end int) Match {
	return Match{Start: start, End: end, Text: text[start:end]}
}

// spans is a set of matches that candidates must not overlap.
type spans struct {
	ms     []Match // sorted by Start
	maxEnd []int   // maxEnd[k] is the largest End of ms[:k+1]
}

// newSpans returns the set of the matches of every list.
func newSpans(lists ...[]Match) spans {
	var sp spans
	for _, l := range lists {
		sp.ms = append(sp.ms, l...)
	}
	sort.Slice(sp.ms, func(i, j int) bool { return sp.ms[i].Start < sp.ms[j].Start })
	sp.maxEnd = make([]int, len(sp.ms))
	for k, m := range sp.ms {
		sp.maxEnd[k] = m.End
		if k > 0 {
			sp.maxEnd[k] = max(m.End, sp.maxEnd[k-1])
		}
	}
	return sp
}

// overlaps reports whether [start, end) overlaps a match of the set.
func (sp spans) overlaps(start, end int) bool {
	k := sort.Search(len(sp.ms), func(k int) bool { return sp.ms[k].Start >= end }) // ms[:k] start before end
	return k > 0 && sp.maxEnd[k-1] > start
}

// locale kinds.
const (
	langIT = iota
	langEN
	langDE
	langFR
)

// lang returns the language of a locale tag; unknown tags read as Italian.
func lang(locale string) int {
	l := strings.ToLower(locale)
	switch {
	case strings.HasPrefix(l, "en"):
		return langEN
	case strings.HasPrefix(l, "de"):
		return langDE
	case strings.HasPrefix(l, "fr"):
		return langFR
	}
	return langIT
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
func isAlnum(c byte) bool { return isDigit(c) || isUpper(c) || isLower(c) }

// digitAt reports whether s has an ASCII digit at byte i.
func digitAt(s string, i int) bool { return i >= 0 && i < len(s) && isDigit(s[i]) }

// byteAt returns s[i], or 0 outside s.
func byteAt(s string, i int) byte {
	if i < 0 || i >= len(s) {
		return 0
	}
	return s[i]
}

// runeAt returns the rune starting at byte i and its size, or (-1, 0)
// outside s.
func runeAt(s string, i int) (rune, int) {
	if i < 0 || i >= len(s) {
		return -1, 0
	}
	return utf8.DecodeRuneInString(s[i:])
}

// runeOr returns the rune at i, or -1 outside s.
func runeOr(s string, i int) rune {
	r, _ := runeAt(s, i)
	return r
}

// runeBefore returns the rune ending at byte i and its size, or (-1, 0) at
// the start of s.
func runeBefore(s string, i int) (rune, int) {
	if i <= 0 || i > len(s) {
		return -1, 0
	}
	return utf8.DecodeLastRuneInString(s[:i])
}

// isWord reports whether r is a letter or a digit.
func isWord(r rune) bool { return r >= 0 && (unicode.IsLetter(r) || unicode.IsDigit(r)) }

// isLetter reports whether r is a letter.
func isLetter(r rune) bool { return r >= 0 && unicode.IsLetter(r) }

// isHSpace reports whether r is horizontal white space, the no-break and
// thin spaces included.
func isHSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\u00a0', '\u202f', '\u2007', '\u2009', '\u2002', '\u2003', '\u2004',
		'\u2005', '\u2006', '\u2008', '\u200a', '\u3000':
		return true
	}
	return false
}

// isMinus reports whether r is a minus sign: the hyphen-minus or U+2212.
func isMinus(r rune) bool { return r == '-' || r == '\u2212' }

// skipHSpace returns the offset after at most max horizontal spaces from i.
func skipHSpace(s string, i, max int) int {
	for n := 0; n < max; n++ {
		r, size := runeAt(s, i)
		if !isHSpace(r) {
			break
		}
		i += size
	}
	return i
}

// backHSpace returns the offset before at most max horizontal spaces ending
// at i.
func backHSpace(s string, i, max int) int {
	for n := 0; n < max; n++ {
		r, size := runeBefore(s, i)
		if !isHSpace(r) {
			break
		}
		i -= size
	}
	return i
}

// tolerated reports whether r may surround a value given to a whole-string
// parser.
func tolerated(r rune) bool {
	if unicode.IsSpace(r) {
		return true
	}
	return strings.ContainsRune(":;,.()[]{}<>\"'«»“”‘’*|", r)
}

// whole returns the first of ms that is all of s but for tolerated runes
// around it.
func whole(s string, ms []Match) (Match, bool) {
	lo, hi := valueSpan(s)
	for _, m := range ms {
		if m.Start <= lo && m.End >= hi {
			return m, true
		}
	}
	return Match{}, false
}

// valueSpan returns the span of s without the tolerated runes around it
// (empty, at the end of s, when every rune is tolerated).
func valueSpan(s string) (lo, hi int) {
	lo = len(s)
	for i, r := range s {
		if !tolerated(r) {
			lo = i
			break
		}
	}
	for hi = len(s); hi > lo; {
		r, size := utf8.DecodeLastRuneInString(s[:hi])
		if !tolerated(r) {
			break
		}
		hi -= size
	}
	return lo, hi
}

// wordBoundaryBefore reports whether no letter or digit ends at i.
func wordBoundaryBefore(s string, i int) bool {
	r, _ := runeBefore(s, i)
	return !isWord(r)
}

// wordBoundaryAfter reports whether no letter or digit starts at i.
func wordBoundaryAfter(s string, i int) bool {
	r, _ := runeAt(s, i)
	return !isWord(r)
}

// readDigits returns the end of the run of ASCII digits starting at i.
func readDigits(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

// readLetters returns the end of the run of letters starting at i.
func readLetters(s string, i int) int {
	for {
		r, size := runeAt(s, i)
		if !isLetter(r) {
			return i
		}
		i += size
	}
}

// atoi converts a short run of ASCII digits; it returns -1 for anything
// else.
func atoi(s string) int {
	if s == "" || len(s) > 9 {
		return -1
	}
	n := 0
	for i := range len(s) {
		if !isDigit(s[i]) {
			return -1
		}
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// upperASCII upper-cases the ASCII letters of s, keeping every byte offset.
func upperASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if isLower(c) {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// compact removes white space, dots and dashes and upper-cases ASCII
// letters, as identifiers are compared.
func compact(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '.' || r == '-' || unicode.IsSpace(r) || isHSpace(r):
		case 'a' <= r && r <= 'z':
			b.WriteRune(r - 'a' + 'A')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
