package parse

import (
	"fmt"
	"strings"
	"time"
)

// Year range of a date: anything outside is not read as a date.
const (
	minYear = 1990
	maxYear = 2099
)

// months maps the lower-case month names and abbreviations of it, en, de
// and fr to 1–12. No word names two different months.
var months = map[string]int{
	"gennaio": 1, "gen": 1, "january": 1, "jan": 1, "januar": 1, "jänner": 1, "jän": 1, "janvier": 1, "janv": 1,
	"febbraio": 2, "feb": 2, "february": 2, "febr": 2, "februar": 2, "feber": 2, "février": 2, "fevrier": 2,
	"févr": 2, "fevr": 2, "fév": 2, "fev": 2,
	"marzo": 3, "mar": 3, "march": 3, "märz": 3, "maerz": 3, "marz": 3, "mär": 3, "mrz": 3, "mars": 3,
	"aprile": 4, "apr": 4, "april": 4, "avril": 4, "avr": 4,
	"maggio": 5, "mag": 5, "may": 5, "mai": 5,
	"giugno": 6, "giu": 6, "june": 6, "jun": 6, "juni": 6, "juin": 6,
	"luglio": 7, "lug": 7, "july": 7, "jul": 7, "juli": 7, "juillet": 7, "juil": 7,
	"agosto": 8, "ago": 8, "august": 8, "aug": 8, "août": 8, "aout": 8,
	"settembre": 9, "set": 9, "sett": 9, "september": 9, "sep": 9, "sept": 9, "septembre": 9,
	"ottobre": 10, "ott": 10, "october": 10, "oct": 10, "oktober": 10, "okt": 10, "octobre": 10,
	"novembre": 11, "nov": 11, "november": 11,
	"dicembre": 12, "dic": 12, "december": 12, "dec": 12, "dezember": 12, "dez": 12, "décembre": 12,
	"decembre": 12, "déc": 12,
}

// weekdays holds the lower-case weekday names and abbreviations of it, en,
// de and fr, which may precede a date.
var weekdays = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`
		lunedì lunedi martedì martedi mercoledì mercoledi giovedì giovedi venerdì venerdi sabato domenica
		lun mer gio ven sab dom
		monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun
		montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag mo di mi do fr sa so
		lundi mardi mercredi jeudi vendredi samedi dimanche jeu sam dim`) {
		weekdays[w] = true
	}
	weekdays["mar"] = true // martedì, mardi: also a month, told apart by what follows
}

// Date reads one date and returns it as YYYY-MM-DD. A weekday name before
// the date is ignored ("lunedì 15 marzo 2026"). See [FindDates] for the
// forms read and the role of the locale.
func Date(s, locale string) (string, bool) {
	lo, hi := valueSpan(s)
	for _, m := range FindDates(s, locale) {
		if m.End < hi {
			continue
		}
		if m.Start <= lo || m.Start <= maxWeekdayPrefix && isWeekday(s[:m.Start]) {
			return m.Value, true
		}
	}
	return "", false
}

// maxWeekdayPrefix bounds the bytes of a weekday name and the punctuation
// around it before a date.
const maxWeekdayPrefix = 32

// isWeekday reports whether s is a weekday name with tolerated runes
// around it.
func isWeekday(s string) bool {
	return weekdays[strings.ToLower(strings.TrimFunc(s, tolerated))]
}

// FindDates returns the dates in text, with Value in YYYY-MM-DD form.
//
// The forms read are numeric day-month-year with '/', '.' or '-' (15/03/2026,
// 15.03.26, 1-3-2026), ISO year-month-day (2026-03-15, 2026/03/15), and the
// day, month name and year of it, en, de and fr: 15 marzo 2026, 15 mar 2026,
// 15. März 2026, 1er mars 2026, 1° marzo 2026, 15th March 2026,
// 15-Mar-2026, 15-Mar-26, March 15, 2026, Mar. 15, 2026. Impossible dates
// (31/02/2026) and years outside 1990–2099 are skipped. A date right after
// a letter or a digit, right before a digit, or continued by its separator
// and a digit (1/15/03/2026) is not read; "12/2026" has no day and is not a
// date. A weekday before the date is not part of the match.
//
// Numeric dates are day first. With locale "en" a date that can only be
// month first (03/15/2026) is read so, and one that reads both ways
// (04/05/2026) is read day first and marked Ambiguous; in it, de and fr
// 03/15/2026 is not a date.
func FindDates(text, locale string) []Match {
	return findDates(text, lang(locale) == langEN, false)
}

// FindDatesMonthFirst finds dates as FindDates does in a document that
// prints its numeric dates month first, as the United States do, whatever
// its language: a date with slashes or dashes that reads both ways
// (04/05/2026) is read month first (April 5) and marked Ambiguous, one
// that can only be day first (15/03/2026) day first. Dates with dots
// (04.05.2026) are the European notation and stay day first.
func FindDatesMonthFirst(text string) []Match {
	return findDates(text, true, true)
}

// DateOrders counts the numeric dates of text that read one way only:
// day first (15/03/2026, 15.03.2026) and month first (03/15/2026). A
// document decides how its dates that read both ways are read by those
// that do not.
func DateOrders(text string) (dayFirst, monthFirst int) {
	for _, m := range findDates(text, true, false) {
		if m.Ambiguous {
			continue
		}
		a, b, ok := numericParts(m.Text)
		switch {
		case !ok:
		case a > 12 && b <= 12:
			dayFirst++
		case b > 12 && a <= 12:
			monthFirst++
		}
	}
	return dayFirst, monthFirst
}

// MonthFirst decides how a document, its lines texts, reads its numeric
// dates that read both ways (04/05/2026): a document prints all its dates
// one way, so those that read one way only decide, month first
// (03/15/2026) against day first (15/03/2026, 15.03.2026), whatever its
// language. Where none decides, a document on US Letter paper is read
// month first, as the United States write dates, and any other day first.
// Read month first, its dates are found by FindDatesMonthFirst.
func MonthFirst(texts []string, usLetter bool) bool {
	day, month := 0, 0
	for _, t := range texts {
		a, b := DateOrders(t)
		day += a
		month += b
	}
	return month > day || month == day && usLetter
}

// numericParts returns the first two numbers of a numeric date with the
// year last (15/03/2026, 3-15-26), and false for other dates.
func numericParts(s string) (a, b int, ok bool) {
	i := readDigits(s, 0)
	if i == 0 || i > 2 || i >= len(s) {
		return 0, 0, false
	}
	sep := s[i]
	j := readDigits(s, i+1)
	if j-i-1 < 1 || j-i-1 > 2 || j >= len(s) || s[j] != sep {
		return 0, 0, false
	}
	return atoi(s[:i]), atoi(s[i+1 : j]), true
}

// findDates finds the dates of text; en reads a date that can only be
// month first, mf reads month first what reads both ways (see
// FindDatesMonthFirst).
func findDates(text string, en, mf bool) []Match {
	var out []Match
	for i := 0; i < len(text); {
		r, size := runeAt(text, i)
		if !isWord(r) {
			i += size
			continue
		}
		if wordBoundaryBefore(text, i) {
			if h, ok := matchDate(text, i, en, mf); ok {
				m := newMatch(text, i, h.end)
				m.Value, m.Ambiguous = h.iso, h.ambiguous
				out = append(out, m)
				i = h.end
				continue
			}
		}
		i = endOfWord(text, i)
	}
	return out
}

// endOfWord returns the end of the run of letters and digits starting at i,
// at least one rune on.
func endOfWord(s string, i int) int {
	_, size := runeAt(s, i)
	i += max(size, 1)
	for {
		r, size := runeAt(s, i)
		if !isWord(r) {
			return i
		}
		i += size
	}
}

// dateHit is a date read at some offset.
type dateHit struct {
	end       int    // offset after the date
	iso       string // YYYY-MM-DD
	ambiguous bool   // day and month could be swapped
}

// matchDate reads a date starting at i, which starts a word.
func matchDate(s string, i int, en, mf bool) (dateHit, bool) {
	if !isDigit(byteAt(s, i)) {
		return monthFirst(s, i)
	}
	var prevSep byte // the separator before i, when a digit precedes it
	if r, size := runeBefore(s, i); (r == '/' || r == '.' || r == '-') && digitAt(s, i-size-1) {
		prevSep = byte(r)
	}
	if h, ok := numericDate(s, i, en, mf); ok && prevSep != byteAt(s, readDigits(s, i)) {
		return h, true // not the tail of a longer sequence with the same separator (1/15/03/2026)
	}
	if prevSep == '/' || prevSep == '.' {
		return dateHit{}, false
	}
	return dayFirst(s, i) // after a dash: the end of a range (1-15 marzo 2026)
}

// numericDate reads 15/03/2026, 15.03.26 or 2026-03-15 at i.
func numericDate(s string, i int, en, mf bool) (dateHit, bool) {
	j := readDigits(s, i)
	sep := byteAt(s, j)
	if sep != '/' && sep != '.' && sep != '-' {
		return dateHit{}, false
	}
	k := readDigits(s, j+1)
	if k-j-1 < 1 || k-j-1 > 2 || byteAt(s, k) != sep {
		return dateHit{}, false
	}
	l := readDigits(s, k+1)
	if byteAt(s, l) == sep && digitAt(s, l+1) {
		return dateHit{}, false // a fourth part: not a date
	}
	a, b, c := s[i:j], s[j+1:k], s[k+1:l]
	if len(a) == 4 && len(c) >= 1 && len(c) <= 2 {
		iso, ok := makeDate(atoi(a), atoi(b), atoi(c))
		return dateHit{end: l, iso: iso}, ok
	}
	if len(a) > 2 || len(c) != 2 && len(c) != 4 {
		return dateHit{}, false
	}
	y := year(c)
	x, z := atoi(a), atoi(b)
	if mf && sep != '.' {
		if iso, ok := makeDate(y, x, z); ok {
			_, swapped := makeDate(y, z, x)
			return dateHit{end: l, iso: iso, ambiguous: swapped && x != z}, true
		}
	}
	if iso, ok := makeDate(y, z, x); ok {
		_, swapped := makeDate(y, x, z)
		return dateHit{end: l, iso: iso, ambiguous: en && swapped && x != z}, true
	}
	if iso, ok := makeDate(y, x, z); ok && en {
		return dateHit{end: l, iso: iso}, true
	}
	return dateHit{}, false
}

// year reads a year of two or four digits; 00–69 are 2000–2069, 70–99 are
// 1970–1999.
func year(d string) int {
	y := atoi(d)
	if len(d) == 2 {
		if y < 70 {
			return 2000 + y
		}
		return 1900 + y
	}
	return y
}

// dayFirst reads 15 marzo 2026, 15. März 2026, 1er mars 2026 or 15-Mar-26 at
// i.
func dayFirst(s string, i int) (dateHit, bool) {
	j := readDigits(s, i)
	if j-i > 2 {
		return dateHit{}, false
	}
	day := atoi(s[i:j])
	j = skipOrdinal(s, j, "er", "st", "nd", "rd", "th", "°", "º", "ª")
	j, tight1, ok := dateSep(s, j)
	if !ok {
		return dateHit{}, false
	}
	mon, j := monthAt(s, j)
	if mon == 0 {
		return dateHit{}, false
	}
	j, tight2, ok := dateSep(s, j)
	if !ok {
		return dateHit{}, false
	}
	k := readDigits(s, j)
	if k-j != 4 && !(k-j == 2 && tight1 && tight2) {
		return dateHit{}, false
	}
	if digitAt(s, k) {
		return dateHit{}, false
	}
	iso, ok := makeDate(year(s[j:k]), mon, day)
	return dateHit{end: k, iso: iso}, ok
}

// monthFirst reads March 15, 2026 or Mar. 15th 2026 at i.
func monthFirst(s string, i int) (dateHit, bool) {
	mon, j := monthAt(s, i)
	if mon == 0 {
		return dateHit{}, false
	}
	if byteAt(s, j) == '.' {
		j++
	}
	k := skipHSpace(s, j, 3)
	if k == j && byteAt(s, j-1) != '.' {
		return dateHit{}, false
	}
	l := readDigits(s, k)
	if l-k < 1 || l-k > 2 {
		return dateHit{}, false
	}
	day := atoi(s[k:l])
	l = skipOrdinal(s, l, "st", "nd", "rd", "th")
	m := l
	if c := skipHSpace(s, m, 1); byteAt(s, c) == ',' {
		m = c + 1 // "September 5, 2014", also "September 5 , 2014"
	}
	n := skipHSpace(s, m, 3)
	if n == l {
		return dateHit{}, false
	}
	e := readDigits(s, n)
	if e-n != 4 || digitAt(s, e) {
		return dateHit{}, false
	}
	iso, ok := makeDate(atoi(s[n:e]), mon, day)
	return dateHit{end: e, iso: iso}, ok
}

// monthAt reads a month name at i and returns its number (0 when there is
// none) and the offset after it.
func monthAt(s string, i int) (int, int) {
	j := readLetters(s, i)
	if j == i || j-i > 12 || !wordBoundaryAfter(s, j) {
		return 0, i
	}
	return months[strings.ToLower(s[i:j])], j
}

// skipOrdinal skips one of the ordinal suffixes at i, when it is not the
// start of a longer word.
func skipOrdinal(s string, i int, suffixes ...string) int {
	for _, suf := range suffixes {
		if len(s)-i >= len(suf) && strings.EqualFold(s[i:i+len(suf)], suf) {
			if r, _ := runeAt(s, i+len(suf)); !isLetter(r) {
				return i + len(suf)
			}
		}
	}
	return i
}

// dateSep skips the separator between the parts of a written date: a dot,
// a comma, spaces, or one '-' or '/'. tight reports a separator without
// spaces (which allows a two-digit year).
func dateSep(s string, i int) (end int, tight, ok bool) {
	j := i
	if c := byteAt(s, j); c == '-' || c == '/' {
		return j + 1, true, true
	}
	if c := byteAt(s, j); c == '.' || c == ',' {
		j++
		if byteAt(s, j) == ',' { // "Mar.,"
			j++
		}
	}
	k := skipHSpace(s, j, 3)
	if k == i {
		return i, false, false
	}
	return k, k == j, true
}

// makeDate returns the ISO form of a real calendar date within the year
// range.
func makeDate(y, m, d int) (string, bool) {
	if y < minYear || y > maxYear || m < 1 || m > 12 || d < 1 || d > 31 {
		return "", false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d {
		return "", false
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, m, d), true
}

// IsMonth reports whether word names a month (in it, en, de or fr, in
// full or abbreviated), a trailing dot or comma aside.
func IsMonth(word string) bool {
	return months[strings.ToLower(strings.TrimRight(word, ".,"))] != 0
}
