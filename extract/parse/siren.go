package parse

import (
	"strings"

	"github.com/invex/invex/extract/validate"
)

// findSIRENs returns the French SIREN (9 digits) and SIRET (14 digits)
// numbers of text whose Luhn check holds, in one piece or grouped 3 3 3 and
// 5 by single spaces (732 829 320 00074). They are not amounts.
func findSIRENs(text string) []Match {
	var out []Match
	for i := 0; i < len(text); {
		if !isDigit(text[i]) {
			_, size := runeAt(text, i)
			i += size
			continue
		}
		end := readDigits(text, i)
		if m, ok := sirenAt(text, i); ok {
			out = append(out, m)
			end = m.End
		}
		i = end
	}
	return out
}

// sirenAt reads a SIREN or SIRET starting at i.
func sirenAt(text string, i int) (Match, bool) {
	if !wordBoundaryBefore(text, i) || continuesNumber(text, i, i) {
		return Match{}, false
	}
	var groups []string
	var ends []int
	for j := i; len(groups) < 4; {
		k := readDigits(text, j)
		groups, ends = append(groups, text[j:k]), append(ends, k)
		r, size := runeAt(text, k)
		if !isHSpace(r) || r == '\t' || !digitAt(text, k+size) {
			break
		}
		j = k + size
	}
	// The groupings of a SIREN or SIRET, longest first.
	for _, shape := range [][]int{{3, 3, 3, 5}, {9, 5}, {3, 3, 3}} {
		if len(shape) > len(groups) || !groupSizes(groups, shape) {
			continue
		}
		n := len(shape)
		if m, ok := sirenMatch(text, i, ends[n-1], strings.Join(groups[:n], "")); ok {
			return m, true
		}
	}
	if d := groups[0]; len(d) == 9 || len(d) == 14 {
		return sirenMatch(text, i, ends[0], d)
	}
	return Match{}, false
}

// sirenMatch returns the match of the digits d at text[i:end] when they are
// a valid SIREN or SIRET that does not run on.
func sirenMatch(text string, i, end int, d string) (Match, bool) {
	if !wordBoundaryAfter(text, end) || continuesNumber(text, end, end) {
		return Match{}, false
	}
	if len(d) == 9 && validate.SIREN(d) || len(d) == 14 && validate.SIRET(d) {
		m := newMatch(text, i, end)
		m.Value, m.Country, m.Checked = d, "FR", true
		return m, true
	}
	return Match{}, false
}

// groupSizes reports whether the first groups have the lengths of shape.
func groupSizes(groups []string, shape []int) bool {
	for g, n := range shape {
		if len(groups[g]) != n {
			return false
		}
	}
	return true
}
