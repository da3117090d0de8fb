package parse

import (
	"strings"
)

// Email reads one e-mail address. A leading "mailto:", "PEC:", "e-mail:",
// "email:" or "mail:" is ignored. Value is the address with its domain in
// lower case and its local part as printed.
func Email(s string) (string, bool) {
	t := strings.TrimFunc(s, tolerated)
	for _, label := range []string{"mailto:", "pec:", "e-mail:", "email:", "mail:"} {
		if len(t) >= len(label) && strings.EqualFold(t[:len(label)], label) {
			t = t[len(label):]
			break
		}
	}
	m, ok := whole(t, FindEmails(t))
	return m.Value, ok
}

// FindEmails returns the e-mail addresses in text: a local part of ASCII
// letters, digits and . _ % + -, '@', and a domain of at least two labels
// whose last is two or more letters. A label glued before the address by a
// colon (PEC:nome@pec.it, mailto:…) is not part of it; a dot ending a
// sentence is not either. Value has the domain in lower case.
func FindEmails(text string) []Match {
	var out []Match
	last := 0
	for i := 0; i < len(text); i++ {
		if text[i] != '@' {
			continue
		}
		a := i
		for a > last && isLocalChar(text[a-1]) {
			a--
		}
		for a < i && text[a] == '.' {
			a++
		}
		b := i + 1
		for b < len(text) && (isAlnum(text[b]) || text[b] == '.' || text[b] == '-') {
			b++
		}
		for b > i+1 && (text[b-1] == '.' || text[b-1] == '-') {
			b--
		}
		local, domain := text[a:i], text[i+1:b]
		if local == "" || strings.HasSuffix(local, ".") || strings.Contains(local, "..") || !validDomain(domain) {
			continue
		}
		if r, _ := runeBefore(text, a); isLetter(r) {
			continue // a non-ASCII letter glued to the local part
		}
		m := newMatch(text, a, b)
		m.Value = local + "@" + strings.ToLower(domain)
		out = append(out, m)
		last, i = b, b-1
	}
	return out
}

// isLocalChar reports whether c may be in the local part of an address.
func isLocalChar(c byte) bool {
	return isAlnum(c) || strings.IndexByte("._%+-", c) >= 0
}

// validDomain reports whether d is a domain name of at least two labels,
// the last of two or more letters.
func validDomain(d string) bool {
	labels := strings.Split(d, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
	}
	tld := labels[len(labels)-1]
	for i := range len(tld) {
		if isDigit(tld[i]) || tld[i] == '-' {
			return false
		}
	}
	return len(tld) >= 2
}

// Phone limits, in digits.
const (
	minPhoneDigits    = 6  // any phone number
	minNationalDigits = 8  // a national number without the international prefix
	maxNationalDigits = 12 // a national number
	maxIntlDigits     = 15 // E.164, without the '+'
)

// Phone reads one telephone number; see [FindPhones]. The value is the
// number as printed, with its white space collapsed to single spaces.
func Phone(s string) (string, bool) {
	m, ok := whole(s, FindPhones(s))
	return m.Value, ok
}

// LabelledPhone reads the telephone number that starts s, the value printed
// after a phone label ("Telefono:"). The label says what the number is, so
// besides the forms of [FindPhones] an unbroken run of 6 to 15 digits is
// taken ("999999999"), when nothing but a separator or the end follows it.
func LabelledPhone(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if ms := FindPhones(s); len(ms) > 0 && ms[0].Start == 0 {
		return ms[0].Value, true
	}
	start := 0
	if strings.HasPrefix(s, "+") {
		start = 1
	}
	end := readDigits(s, start)
	n := end - start
	if n < minPhoneDigits || n > maxIntlDigits {
		return "", false
	}
	if end < len(s) && (!strings.ContainsRune(" ,;|", rune(s[end])) || end+1 < len(s) && isDigit(s[end+1])) {
		return "", false // "12345678,90", "123456789A"
	}
	return s[:end], true
}

// FindPhones returns the telephone numbers in text, as printed with white
// space collapsed (Value). A number is groups of digits separated by one
// space, '.', '-' or '/' (or " / "), with an optional international prefix
// (+39, 0049), a national prefix in parentheses ((0)89, (555)), and at least
// six digits. Without an international prefix it must look national: start
// with 0 (8 to 12 digits; a single unbroken group of 9 or 10), be an
// Italian mobile number (3 and 10 digits), have an area code in
// parentheses ((555) 123-4567), or be grouped 3-3-4 with '-' or '.'
// (555-123-4567). Not reported: numbers inside dates, IBANs, VAT ids and
// codici fiscali (P.IVA 01234567897), numbers followed by decimals
// (02 1234,56), and digits glued to letters.
func FindPhones(text string) []Match {
	ibans := FindIBANs(text)
	return findPhones(text, ibans, findVATIDs(text, false, ibans))
}

// findPhones finds the phone numbers of text outside its dates, codici
// fiscali and the IBANs and VAT ids given.
func findPhones(text string, ibans, vats []Match) []Match {
	masks := newSpans(FindDates(text, "en"), ibans, vats, FindCodiciFiscali(text))
	var out []Match
	for i := 0; i < len(text); {
		c := text[i]
		if (c == '+' || c == '(' || isDigit(c)) && phoneStart(text, i) {
			if m, ok := phoneAt(text, i); ok && !masks.overlaps(m.Start, m.End) {
				out = append(out, m)
				i = m.End
				continue
			}
		}
		if isDigit(c) {
			i = readDigits(text, i)
			continue
		}
		_, size := runeAt(text, i)
		i += size
	}
	return out
}

// phoneStart reports whether a phone number may start at i: not inside a
// word or a number.
func phoneStart(s string, i int) bool {
	r, size := runeBefore(s, i)
	if isWord(r) || r == '+' {
		return false
	}
	return !strings.ContainsRune(".,/-", r) || !digitAt(s, i-size-1)
}

// phoneGroup is a group of digits of a phone number.
type phoneGroup struct {
	end    int    // offset after the group
	digits int    // digits so far, the group's included
	sep    string // the separator before the group
	size   int    // digits in the group
}

// phoneAt reads a phone number at i.
func phoneAt(s string, i int) (Match, bool) {
	intl := s[i] == '+'
	j := i
	if intl {
		j++
	}
	var groups []phoneGroup
	digits, paren, sep := 0, false, ""
	for len(groups) < 8 {
		k, n, inParens := phoneGroupAt(s, j)
		if k == j || inParens && j == i+1 && intl {
			break
		}
		paren = paren || inParens && n >= 2
		digits += n
		groups = append(groups, phoneGroup{end: k, digits: digits, sep: sep, size: n})
		var ok bool
		if j, sep, ok = phoneSep(s, k, inParens); !ok {
			break
		}
	}
	if len(groups) == 0 {
		return Match{}, false
	}
	lead := leadDigits(s[i:groups[len(groups)-1].end], 3)
	if lead == "" || strings.HasPrefix(lead, "000") || intl && lead[0] == '0' {
		return Match{}, false // no country code starts with 0
	}
	limit := maxNationalDigits
	if intl || strings.HasPrefix(lead, "00") {
		limit = maxIntlDigits + 2
	}
	n := len(groups)
	for n > 0 && groups[n-1].digits > limit {
		n--
	}
	if n == 0 {
		return Match{}, false
	}
	groups = groups[:n]
	end := groups[n-1].end
	if !phoneShape(groups, intl, paren, lead[0]) || phoneGlued(s, end) {
		return Match{}, false
	}
	m := newMatch(s, i, end)
	m.Value = strings.Join(strings.Fields(m.Text), " ")
	return m, true
}

// leadDigits returns the first n digits of s (fewer when s has fewer).
func leadDigits(s string, n int) string {
	var b []byte
	for i := 0; i < len(s) && len(b) < n; i++ {
		if isDigit(s[i]) {
			b = append(b, s[i])
		}
	}
	return string(b)
}

// phoneGroupAt reads a group of digits at j, or a group in parentheses
// ("(555)", or the trunk prefix "(0)", which counts no digit). It returns
// the offset after the group (j when there is none) and its digits.
func phoneGroupAt(s string, j int) (end, digits int, inParens bool) {
	if byteAt(s, j) != '(' {
		k := readDigits(s, j)
		return k, k - j, false
	}
	k := readDigits(s, j+1)
	n := k - j - 1
	if n < 1 || n > 5 || byteAt(s, k) != ')' {
		return j, 0, false
	}
	if s[j+1:k] == "0" {
		n = 0
	}
	return k + 1, n, true
}

// phoneSep reads the separator after a group of a phone number, at k: one
// space, '.', '-' or '/', or " / "; after a group in parentheses it may be
// missing. ok is false when no group follows.
func phoneSep(s string, k int, afterParens bool) (next int, sep string, ok bool) {
	if afterParens && digitAt(s, k) {
		return k, "", true
	}
	r, size := runeAt(s, k)
	j := k + size
	switch {
	case r == '.' || r == '-' || r == '/':
		sep = string(r)
	case isHSpace(r) && r != '\t':
		sep = " "
		if byteAt(s, j) == '/' && isHSpace(runeOr(s, j+1)) {
			j += 2
			sep = "/"
		}
	default:
		return k, "", false
	}
	return j, sep, digitAt(s, j) || byteAt(s, j) == '(' && sep == " "
}

// phoneShape reports whether the groups read make a phone number.
func phoneShape(groups []phoneGroup, intl, paren bool, first byte) bool {
	digits := groups[len(groups)-1].digits
	switch {
	case digits < minPhoneDigits:
		return false
	case intl || paren:
		return digits >= minNationalDigits || intl
	case first == '0' && len(groups) == 1:
		return digits == 9 || digits == 10
	case first == '0':
		return digits >= minNationalDigits
	case first == '3' && digits == 10:
		return groups[0].size == 3 || len(groups) == 1
	}
	return first >= '2' && usShape(groups)
}

// usShape reports whether the groups are 3-3-4 digits joined by the same
// '-' or '.', the first digit 2–9.
func usShape(groups []phoneGroup) bool {
	if len(groups) != 3 || groups[0].size != 3 || groups[1].size != 3 || groups[2].size != 4 {
		return false
	}
	return (groups[1].sep == "-" || groups[1].sep == ".") && groups[2].sep == groups[1].sep
}

// phoneGlued reports whether the number ending at e goes on: a letter, a
// digit, or decimals.
func phoneGlued(s string, e int) bool {
	r, size := runeAt(s, e)
	if isWord(r) {
		return true
	}
	return (r == ',' || r == '.') && digitAt(s, e+size)
}
