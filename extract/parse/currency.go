package parse

import "strings"

// currencyCodes are the ISO 4217 codes read beside an amount.
var currencyCodes = map[string]bool{
	"EUR": true, "USD": true, "GBP": true, "CHF": true, "SEK": true, "NOK": true, "DKK": true, "PLN": true,
	"CZK": true, "HUF": true, "RON": true, "JPY": true, "CNY": true, "AUD": true, "CAD": true, "INR": true,
}

// currencyWords are the currency names read beside an amount, as printed.
var currencyWords = map[string]string{
	"euro": "EUR", "Euro": "EUR", "EURO": "EUR", "euros": "EUR", "Euros": "EUR", "EUROS": "EUR",
	"eur": "EUR", "Eur": "EUR",
}

// currencySigns are the currency signs, longest first so that US$ is found
// before $.
var currencySigns = []struct{ sign, code string }{
	{"SFr.", "CHF"}, {"US$", "USD"}, {"AU$", "AUD"}, {"CA$", "CAD"}, {"Fr.", "CHF"},
	{"A$", "AUD"}, {"C$", "CAD"}, {"zł", "PLN"}, {"Kč", "CZK"}, {"Rs.", "INR"}, {"Rs", "INR"},
	{"€", "EUR"}, {"$", "USD"}, {"£", "GBP"}, {"¥", "JPY"}, {"₹", "INR"},
}

// Currency returns the ISO 4217 code of a currency sign or code given
// alone: EUR, USD, GBP, CHF, SEK, NOK, DKK, PLN, CZK, HUF, RON, JPY, CNY,
// AUD, CAD, INR in any case, the word euro, and the signs € $ £ ¥ ₹ US$ A$
// C$ Fr. SFr. zł Kč Rs. A bare $ is USD and ¥ is JPY.
func Currency(s string) (string, bool) {
	t := strings.TrimFunc(s, tolerated)
	if u := strings.ToUpper(t); currencyCodes[u] {
		return u, true
	}
	if code, ok := currencyWords[strings.ToLower(t)]; ok {
		return code, true
	}
	for _, c := range currencySigns {
		if t != "" && (t == c.sign || t+"." == c.sign) {
			return c.code, true
		}
	}
	return "", false
}

// gluedSign reports whether a sign starting at start is joined to what
// precedes it by a dash or a dot ("Mo.-Fr.").
func gluedSign(s string, start int) bool {
	return start > 0 && (s[start-1] == '-' || s[start-1] == '.')
}

// currencyBefore returns the currency whose sign or code ends at i, and
// where it starts.
func currencyBefore(s string, i int) (code string, start int, ok bool) {
	head := s[:max(0, min(i, len(s)))]
	for _, c := range currencySigns {
		if strings.HasSuffix(head, c.sign) {
			start := i - len(c.sign)
			// A sign made of letters stands apart: "Mo.-Fr. 08.30" is
			// no amount in francs.
			if !isLetter(firstRune(c.sign)) || wordBoundaryBefore(s, start) && !gluedSign(s, start) {
				return c.code, start, true
			}
		}
	}
	start = i
	for start > 0 && i-start < 5 && (isUpper(s[start-1]) || isLower(s[start-1])) {
		start--
	}
	if start == i || !wordBoundaryBefore(s, start) {
		return "", i, false
	}
	code, ok = currencyWord(s[start:i])
	return code, start, ok
}

// currencyAfter returns the currency whose sign or code starts at i, and
// where it ends.
func currencyAfter(s string, i int) (code string, end int, ok bool) {
	if i < 0 || i > len(s) {
		return "", i, false
	}
	tail := s[i:]
	for _, c := range currencySigns {
		if strings.HasPrefix(tail, c.sign) {
			end := i + len(c.sign)
			if c.sign[len(c.sign)-1] == '.' || !isLetter(lastRune(c.sign)) || wordBoundaryAfter(s, end) {
				return c.code, end, true
			}
		}
	}
	end = i
	for end < len(s) && end-i < 5 && (isUpper(s[end]) || isLower(s[end])) {
		end++
	}
	if end == i || !wordBoundaryAfter(s, end) {
		return "", i, false
	}
	code, ok = currencyWord(s[i:end])
	return code, end, ok
}

// currencyWord reads a currency code (upper case only) or word.
func currencyWord(w string) (string, bool) {
	if currencyCodes[w] {
		return w, true
	}
	code, ok := currencyWords[w]
	return code, ok
}

func firstRune(s string) rune {
	r, _ := runeAt(s, 0)
	return r
}

func lastRune(s string) rune {
	r, _ := runeBefore(s, len(s))
	return r
}
