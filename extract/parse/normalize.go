package parse

import (
	"strings"

	"golang.org/x/text/unicode/norm"
)

// Normalize returns s in Unicode compatibility form (NFKC: ligatures split,
// full-width digits and no-break spaces made plain), with the minus sign
// U+2212 made '-' and every run of white space made one space, trimmed.
// The finders of this package work on the text as extracted, to keep byte
// offsets meaningful; Normalize is for values a caller keeps or compares.
func Normalize(s string) string {
	s = norm.NFKC.String(s)
	s = strings.ReplaceAll(s, "\u2212", "-")
	return strings.Join(strings.Fields(s), " ")
}
