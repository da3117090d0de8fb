package eval

import (
	"math"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Tolerances of numeric comparisons (FORMAT.md): amounts are equal within a
// cent, rates and quantities within a thousandth. floatSlack absorbs the
// binary representation error of decimal values, so that 100.01 and 100.00
// are still within 0.01.
const (
	amountTolerance = 0.01
	rateTolerance   = 0.001
	floatSlack      = 1e-9
)

// A containment match needs the shorter text to be at least
// containNum/containDen (60%) of the longer; integers keep the bound exact.
const (
	containNum = 3
	containDen = 5
)

// Field names, the last element of a path, that select a comparison rule.
var (
	// containFields match when one normalised text contains the other.
	containFields = set("name", "address", "description", "payment_terms")
	// codeFields drop all spaces and are upper-cased.
	codeFields = set("iban", "zip_code", "sdi_code", "fiscal_code")
	// dateFields are compared exactly.
	dateFields = set("date", "due_date")
	// fineFields are rates and quantities; every other number is an amount.
	fineFields = set("tax_rate", "discount_pct", "quantity")
)

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// equal reports whether got matches the non-null truth value want of the
// field named field.
func equal(field string, want, got any) bool {
	switch w := want.(type) {
	case float64:
		g, ok := got.(float64)
		return ok && equalNumber(field, w, g)
	case string:
		g, ok := got.(string)
		return ok && equalString(field, w, g)
	}
	return reflect.DeepEqual(want, got)
}

// equalNumber compares with the field's tolerance.
func equalNumber(field string, want, got float64) bool {
	tol := amountTolerance
	if fineFields[field] {
		tol = rateTolerance
	}
	return math.Abs(want-got) <= tol+floatSlack
}

// equalString applies the field's rule for strings.
func equalString(field, want, got string) bool {
	switch {
	case dateFields[field]:
		return want == got
	case field == "vat_number":
		return vatKey(want) == vatKey(got)
	case codeFields[field]:
		return codeKey(want) == codeKey(got)
	}
	w, g := normText(want), normText(got)
	if w == g {
		return true
	}
	return containFields[field] && contains(w, g)
}

// contains reports whether one text contains the other and the shorter is
// at least 60% of the longer, counted in characters.
func contains(a, b string) bool {
	na, nb := utf8.RuneCountInString(a), utf8.RuneCountInString(b)
	if na < nb {
		a, b, na, nb = b, a, nb, na
	}
	return strings.Contains(a, b) && containDen*nb >= containNum*na
}

// fold is full Unicode case folding (ß → ss, ς → σ).
var fold = cases.Fold()

// normText is the normal form of free text: NFKC, case-folded, white space
// collapsed to single spaces, and punctuation and spaces at both ends
// dropped.
func normText(s string) string {
	s = fold.String(norm.NFKC.String(s))
	s = strings.Join(strings.Fields(s), " ")
	return strings.TrimFunc(s, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
}

// codeKey is the normal form of identifiers: NFKC, no white space at all,
// upper case.
func codeKey(s string) string {
	s = norm.NFKC.String(s)
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
	return strings.ToUpper(s)
}

// vatKey is the normal form of VAT numbers: as codeKey, without dots and
// dashes (any Unicode dash), and without a leading two-letter country prefix.
func vatKey(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '.' || unicode.Is(unicode.Pd, r) {
			return -1
		}
		return r
	}, codeKey(s))
	if len(s) >= 2 && isASCIIUpper(s[0]) && isASCIIUpper(s[1]) {
		s = s[2:]
	}
	return s
}

func isASCIIUpper(b byte) bool { return b >= 'A' && b <= 'Z' }

// isNull reports whether a value of our result counts as no value: null,
// a blank string, an empty array, or an object whose values are all null.
func isNull(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return strings.TrimSpace(x) == ""
	case []any:
		return len(x) == 0
	case map[string]any:
		for _, e := range x {
			if !isNull(e) {
				return false
			}
		}
		return true
	}
	return false
}

// Equal reports whether got matches the non-null truth value want of a
// field, by the rules of the corpus format; field is the last element of
// the field's path ("total", "vat_number", "date").
func Equal(field string, want, got any) bool { return equal(field, want, got) }
