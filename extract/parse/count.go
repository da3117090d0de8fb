package parse

import "unicode"

// LettersDigits counts the letters and the digits of s.
func LettersDigits(s string) (letters, digits int) {
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			letters++
		case unicode.IsDigit(r):
			digits++
		}
	}
	return letters, digits
}
