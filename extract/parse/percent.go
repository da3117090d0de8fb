package parse

import (
	"strconv"
	"strings"
)

// Percent reads one percentage: a number with an optional decimal part
// after '.' or ',' and the percent sign, with or without a space before it
// (22%, 22 %, 22,00%, 5,5 %, -10%). Words around it are allowed when the
// phrase holds no other digit ("IVA 22%", "19 % MwSt" → 19). With allowBare
// a number alone is read too (22, 22,00), when it is between 0 and 100: the
// caller found it in a column or beside a label that says it is a rate.
func Percent(s string, allowBare bool) (float64, bool) {
	if ms := FindPercents(s); len(ms) == 1 && !hasDigit(s[:ms[0].Start]) && !hasDigit(s[ms[0].End:]) {
		return ms[0].Number, true
	}
	if !allowBare {
		return 0, false
	}
	start, end := valueSpan(s)
	t := s[start:end]
	neg := false
	if r, size := runeAt(t, 0); isMinus(r) {
		neg, t = true, t[size:]
	}
	v, n := percentNumber(t, 0)
	if n != len(t) || n == 0 || neg {
		return 0, false
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f > 100 {
		return 0, false
	}
	return f, true
}

// FindPercents returns the percentages in text: Number is the percentage
// (22 for 22%), Value its decimal string with '.' ("5.5" for 5,5 %). The
// number may carry a minus sign; a number that continues another (1.5 in
// 1.234.5%) or is glued to a digit is not read.
func FindPercents(text string) []Match {
	var out []Match
	for i := 0; i < len(text); {
		if !isDigit(text[i]) {
			_, size := runeAt(text, i)
			i += size
			continue
		}
		if m, ok := percentAt(text, i); ok {
			out = append(out, m)
			i = m.End
			continue
		}
		i = readDigits(text, i)
	}
	return out
}

// percentAt reads a percentage whose digits start at i.
func percentAt(s string, i int) (Match, bool) {
	if r, size := runeBefore(s, i); isDigit(byteAt(s, i-1)) ||
		strings.ContainsRune(".,'’", r) && digitAt(s, i-size-1) {
		return Match{}, false
	}
	v, n := percentNumber(s, i)
	if n == 0 {
		return Match{}, false
	}
	p := skipHSpace(s, i+n, 1)
	if r, _ := runeAt(s, p); r != '%' {
		return Match{}, false
	}
	start := i
	neg := false
	if q, ok := minusBefore(s, i); ok {
		start, neg = q, true
	}
	m := newMatch(s, start, p+1)
	if neg {
		v = "-" + v
	}
	m.Value = v
	m.Number, _ = strconv.ParseFloat(v, 64)
	return m, true
}

// percentNumber reads the number of a percentage at i: 1 to 4 digits and
// up to 4 decimals after '.' or ','. It returns the decimal string and the
// bytes read (0 when there is no number).
func percentNumber(s string, i int) (string, int) {
	j := readDigits(s, i)
	if j == i || j-i > 4 {
		return "", 0
	}
	v := s[i:j]
	if c := byteAt(s, j); (c == '.' || c == ',') && digitAt(s, j+1) {
		k := readDigits(s, j+1)
		if k-j-1 > 4 {
			return "", 0
		}
		v += "." + s[j+1:k]
		j = k
	}
	return v, j - i
}

// hasDigit reports whether s holds an ASCII digit.
func hasDigit(s string) bool { return strings.IndexAny(s, "0123456789") >= 0 }
