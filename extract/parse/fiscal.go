package parse

import (
	"strings"

	"github.com/invex/invex/extract/validate"
)

// CodiceFiscale reads one Italian codice fiscale: the 16 characters of a
// person (spaces allowed, any case) or the 11 digits of a company. Value is
// the code upper-cased without spaces, Country "IT". ok reports the form —
// for 16 characters: six letters, year, month letter, day (41–71 for women),
// municipality, check letter, with omocodia letters allowed for the digits —
// and Checked that the check character (or Partita IVA check digit) holds.
func CodiceFiscale(s string) (Match, bool) {
	start, end := valueSpan(s)
	v := compact(s[start:end])
	switch {
	case len(v) == 16 && cfShape(v):
	case len(v) == 11 && allDigits(v):
	default:
		return Match{}, false
	}
	m := newMatch(s, start, end)
	m.Value, m.Country, m.Checked = v, "IT", validate.CodiceFiscale(v)
	return m, true
}

// FindCodiciFiscali returns the codici fiscali in text: 16 upper-case letters
// and digits with the form of a personal code (reported whether or not the
// check character holds, see Checked), and 11 digits whose Partita IVA check
// digit holds — the code of a company, which is usually also its Partita
// IVA and is then found by [FindVATIDs] as well.
func FindCodiciFiscali(text string) []Match {
	var out []Match
	for i := 0; i < len(text); {
		r, size := runeAt(text, i)
		if !isWord(r) {
			i += size
			continue
		}
		end := endOfWord(text, i)
		if wordBoundaryBefore(text, i) {
			if m, ok := cfAt(text, i, end); ok {
				out = append(out, m)
			} else if m, ok := spacedCF(text, i, end); ok {
				out = append(out, m)
				end = m.End
			}
		}
		i = end
	}
	return out
}

// spacedCF reads a personal codice fiscale printed in two to four groups
// of letters and digits split by single spaces from the word text[i:end]
// on ("CRNGRG62H01G803 Y", "RSS MRA 85T10 A562S"): the groups joined
// have its form and its check character holds, which a run of words that
// is no code hardly ever does.
func spacedCF(text string, i, end int) (Match, bool) {
	joined := text[i:end]
	for k := 0; k < 3 && len(joined) < 16; k++ {
		if end+1 >= len(text) || text[end] != ' ' {
			return Match{}, false
		}
		if r, _ := runeAt(text, end+1); !isWord(r) {
			return Match{}, false
		}
		next := endOfWord(text, end+1)
		joined += text[end+1 : next]
		end = next
	}
	if len(joined) != 16 || !cfShape(joined) || !validate.CodiceFiscale(joined) {
		return Match{}, false
	}
	m := newMatch(text, i, end)
	m.Value, m.Country, m.Checked = joined, "IT", true
	return m, true
}

// cfAt reads the codice fiscale that is the word text[i:end].
func cfAt(text string, i, end int) (Match, bool) {
	w := text[i:end]
	switch {
	case len(w) == 16 && cfShape(w):
		m := newMatch(text, i, end)
		m.Value, m.Country, m.Checked = w, "IT", validate.CodiceFiscale(w)
		return m, true
	case len(w) == 11 && allDigits(w) && !continuesNumber(text, i, end) && validate.PartitaIVA(w):
		m := newMatch(text, i, end)
		m.Value, m.Country, m.Checked = w, "IT", true
		return m, true
	}
	return Match{}, false
}

// cfShape reports whether the 16 characters n have the form of a personal
// codice fiscale (upper case): AAAAAA99M99A999A, where 9 is a digit or an
// omocodia letter, M a month letter, and the day is 1–31 or 41–71.
func cfShape(n string) bool {
	const (
		pattern  = "AAAAAA99M99A999A"
		omocodia = "LMNPQRSTUV"
		monthsCF = "ABCDEHLMPRST"
	)
	if len(n) != 16 {
		return false
	}
	digit := func(c byte) int {
		if isDigit(c) {
			return int(c - '0')
		}
		return strings.IndexByte(omocodia, c)
	}
	for i := range 16 {
		c := n[i]
		switch pattern[i] {
		case 'A':
			if !isUpper(c) {
				return false
			}
		case '9':
			if digit(c) < 0 {
				return false
			}
		case 'M':
			if strings.IndexByte(monthsCF, c) < 0 {
				return false
			}
		}
	}
	day := digit(n[9])*10 + digit(n[10])
	return 1 <= day && day <= 31 || 41 <= day && day <= 71
}

// SDICode reads the Italian SDI recipient code (codice destinatario) printed
// beside its label: 7 upper-case letters or digits for a private recipient,
// 6 for the IPA code of a public administration. Spaces inside are removed;
// lower-case letters are not accepted, for printed codes are upper case and
// lower-case words are not codes. All-digit codes are codes:
// "0000000" is valid and means that the invoice goes to the recipient's PEC
// (or tax drawer), "XXXXXXX" is the code for foreign recipients. There is no
// check digit, so the caller must read it only beside a label.
func SDICode(s string) (string, bool) {
	start, end := valueSpan(s)
	v := strings.Map(func(r rune) rune {
		if isHSpace(r) {
			return -1
		}
		return r
	}, s[start:end])
	if len(v) != 6 && len(v) != 7 {
		return "", false
	}
	for i := range len(v) {
		if !isUpper(v[i]) && !isDigit(v[i]) {
			return "", false
		}
	}
	if !validate.SDICode(v) {
		return "", false
	}
	return v, true
}
