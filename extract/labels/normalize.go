package labels

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Normalize folds s the way the matcher compares labels, word by word:
//
//   - compatibility decomposition (NFKD) and removal of the diacritics, so
//     "Quantità" and "Quantita", "Fälligkeit" and "Falligkeit", "Désignation"
//     and "Designation" fold alike; ß becomes "ss", æ "ae", œ "oe", ø "o";
//   - lower case;
//   - punctuation dropped, joining the pieces of a word: "P.IVA", "P.Iva" and
//     "PIVA" all fold to "piva", "E-mail" to "email", "d'acconto" to "dacconto";
//   - "%" is kept ("IVA %" is a rate label, "Sc.%" a column header) and "#"
//     becomes "nr";
//   - a word that is only a number abbreviation folds to "nr": "N°", "Nº",
//     "n.", "No.", "Nr.", "N.ro", "Num.", "#", "numero", "numéro", "number",
//     "Nummer" (a degree sign right after an n reads as "o").
//
// Words are split on white space and joined with single spaces; words that
// fold to nothing (":", "-", "€") are dropped.
func Normalize(s string) string {
	var b []byte
	for _, w := range strings.Fields(s) {
		n := len(b)
		if n > 0 {
			b = append(b, ' ')
		}
		start := len(b)
		b = foldAppend(b, w)
		if len(b) == start { // folded to nothing: drop the separator again
			b = b[:n]
		}
	}
	return string(b)
}

// foldAppend appends the folded form of one word (no spaces) to dst.
func foldAppend(dst []byte, w string) []byte {
	start := len(dst)
	for i := 0; i < len(w); {
		c := w[i]
		if c < utf8.RuneSelf {
			dst = foldASCII(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(w[i:])
		i += size
		switch {
		case r == '°' || r == 'º' || r == '˚':
			// "N°" is "No": a degree sign right after an n reads as "o".
			if len(dst) > start && dst[len(dst)-1] == 'n' {
				dst = append(dst, 'o')
			}
		case r < latinEnd:
			dst = append(dst, latinFold[r-utf8.RuneSelf]...)
		case r >= 0x2000 && r <= 0x206f, r >= 0x20a0 && r <= 0x20cf:
			// general punctuation, currency signs: dropped
		default:
			dst = foldRune(dst, r)
		}
	}
	if numberWord(dst[start:]) {
		dst = append(dst[:start], "nr"...)
	}
	return dst
}

// latinEnd bounds the runes folded through latinFold (Latin-1 Supplement,
// Latin Extended-A and -B, IPA and spacing modifiers).
const latinEnd = 0x300

// latinFold holds the folded form of the runes from utf8.RuneSelf to latinEnd.
var latinFold = func() []string {
	t := make([]string, latinEnd-utf8.RuneSelf)
	for r := rune(utf8.RuneSelf); r < latinEnd; r++ {
		t[r-utf8.RuneSelf] = string(foldRune(nil, r))
	}
	return t
}()

// foldRune appends the folded form of one non-ASCII rune: its compatibility
// decomposition without diacritics, lower-cased, letters and digits only.
func foldRune(dst []byte, r rune) []byte {
	if s, ok := letterFold(r); ok {
		return append(dst, s...)
	}
	var enc [utf8.UTFMax]byte
	n := utf8.EncodeRune(enc[:], r)
	dec := norm.NFKD.Bytes(enc[:n])
	for len(dec) > 0 {
		d, size := utf8.DecodeRune(dec)
		dec = dec[size:]
		if s, ok := letterFold(d); ok {
			dst = append(dst, s...)
			continue
		}
		switch {
		case d < utf8.RuneSelf:
			dst = foldASCII(dst, byte(d))
		case unicode.Is(unicode.Mn, d):
		case unicode.IsLetter(d) || unicode.IsDigit(d):
			dst = utf8.AppendRune(dst, unicode.ToLower(d))
		}
	}
	return dst
}

// letterFold folds the letters that have no decomposition to plain letters.
func letterFold(r rune) (string, bool) {
	switch r {
	case 'ß', 'ẞ':
		return "ss", true
	case 'æ', 'Æ':
		return "ae", true
	case 'œ', 'Œ':
		return "oe", true
	case 'ø', 'Ø':
		return "o", true
	case 'ł', 'Ł':
		return "l", true
	case 'đ', 'Đ':
		return "d", true
	case 'ı':
		return "i", true
	}
	return "", false
}

// foldASCII appends the folded form of one ASCII byte.
func foldASCII(dst []byte, c byte) []byte {
	switch {
	case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '%':
		return append(dst, c)
	case c >= 'A' && c <= 'Z':
		return append(dst, c+'a'-'A')
	case c == '#':
		return append(dst, "nr"...)
	}
	return dst
}

// numberWord reports whether a folded word is an abbreviation of "number".
func numberWord(b []byte) bool {
	switch string(b) {
	case "n", "no", "nr", "nro", "num", "numero", "number", "nummer":
		return true
	}
	return false
}
