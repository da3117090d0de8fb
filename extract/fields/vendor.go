package fields

import (
	"math"
	"regexp"
	"strings"
	"unicode"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/parse"
)

// This file holds the rules that read the vendor (the issuer) from an
// unlabelled letterhead or footer: the registered office printed with the
// company's legal data, the legal name that heads those data, and the
// identifiers labelled in them.

// officeKeyRE finds the words that introduce a registered office ("Sede
// legale:", "Registered office", "Siège social", "Sitz der Gesellschaft"),
// with what follows them.
var officeKeyRE = regexp.MustCompile(`(?i)(?:sede\s+legale|sede\s+sociale|domicilio\s+sociale|registered\s+office|si[èe]ge\s+social|sitz\s+der\s+gesellschaft|firmensitz|gesch[äa]ftssitz)` +
	`(?:\s+e\s+(?:direzione|amministrativa|amministrazione))?\s*(?:[:.]|\s+in\b)?\s*(.{8,})`)

// officeStops are words that end the address of a registered office: the
// contact and registration data printed after it, folded to lower case
// without surrounding punctuation.
var officeStops = map[string]bool{
	"tel": true, "tel.": true, "telefono": true, "phone": true, "fax": true, "telefon": true, "téléphone": true, "tél": true,
	"p.iva": true, "piva": true, "p.i": true, "iva": true, "c.f": true, "cf": true, "cod": true, "codice": true, "partita": true,
	"capitale": true, "cap.soc": true, "capital": true, "registro": true, "registre": true, "register": true,
	"r.e.a": true, "rea": true, "rcs": true, "iscritta": true, "iscrizione": true, "società": true, "societa": true,
	"company": true, "e-mail": true, "email": true, "pec": true, "vat": true, "tva": true, "ust-idnr": true,
	"handelsregister": true, "amtsgericht": true, "hrb": true, "hra": true, "siret": true, "siren": true,
}

// officeSeps are the tokens that separate the pieces of a footer line.
var officeSeps = map[string]bool{"-": true, "–": true, "—": true, "|": true, "·": true, "•": true}

// foldWord is a word folded for the stop lists: lower case, without the
// punctuation around it.
func foldWord(w string) string {
	return strings.ToLower(strings.Trim(w, ".,;:()"))
}

// officeText returns the text after a registered-office key in part i of
// r, continued on the next line of the region when the office's address
// wraps there ("… con sede legale in Via Roma 9, 63100" / "Ascoli Piceno
// (AP), capitale sociale …").
func officeText(r region, i int) (string, bool) {
	pt := r.parts[i]
	m := officeKeyRE.FindStringSubmatch(pt.text)
	if m == nil {
		return "", false
	}
	text := m[1]
	if i+1 < len(r.parts) {
		next := r.parts[i+1]
		if next.l.page == pt.l.page && next.l.index == pt.l.index+1 && next.box.Y0-pt.box.Y1 < 1.5*pt.l.height {
			text += " " + next.text
		}
	}
	return text, true
}

// officeAddress reads the address of a registered office from the text
// that follows its key: a postal code and city, with the street printed
// before them ("Via Roma 1, 20121 Milano", "Foro Bonaccorsi 31 - 20121
// Milano") or after them ("20121 Milano, Via Roma 1", "36045 Lonigo (VI)
// Via del Lavoro 1"). The address ends at the contact and registration
// data that follow it.
func officeAddress(text, locale string) (street string, pa parse.PostalAddress, ok bool) {
	words := strings.Fields(text)
	for k := range words {
		if k > 12 {
			break // the address comes first after its key
		}
		if officeStops[foldWord(words[k])] {
			break
		}
		end := cityEnd(words, k)
		if end <= k+1 {
			continue
		}
		a, found := parse.PostalLine(strings.Join(words[k:end], " "), locale)
		if !found || a.Street != "" || len(strings.Fields(a.City)) > 4 {
			continue
		}
		street = streetBefore(words, k)
		if street == "" {
			street = streetAfter(words, end)
		}
		return street, a, true
	}
	return "", parse.PostalAddress{}, false
}

// cityEnd returns the end (exclusive) of the postal code and city that
// start at word k: the code, then up to five words of the city and its
// province, up to a separator, a comma, a street or a stop word.
func cityEnd(words []string, k int) int {
	if !startsWithDigit(words[k]) {
		return k
	}
	j := k + 1
	for j < len(words) && j-k <= 5 {
		w := words[j]
		f := foldWord(w)
		if officeSeps[w] || officeStops[f] || parse.IsStreet(f+" 1") && !isProvince(w) {
			break
		}
		if r := []rune(w); !unicode.IsUpper(r[0]) && r[0] != '(' && !cityLinks[f] {
			break
		}
		j++
		if strings.HasSuffix(w, ",") || strings.HasSuffix(w, ")") {
			break
		}
	}
	return j
}

// cityLinks are the short words inside city names ("Sesto al Reghena",
// "Frankfurt am Main", "Saint-Denis sur Mer").
var cityLinks = map[string]bool{"di": true, "del": true, "della": true, "al": true, "sul": true, "in": true,
	"am": true, "an": true, "der": true, "im": true, "bei": true, "sur": true, "en": true, "le": true, "la": true, "de": true, "upon": true}

// isProvince reports whether w is a province code in parentheses ("(MI)").
func isProvince(w string) bool {
	w = strings.TrimRight(w, ",")
	return len(w) == 4 && w[0] == '(' && w[3] == ')'
}

// startsWithDigit reports whether w starts with a digit or a country prefix
// and a digit ("20121", "I-20121").
func startsWithDigit(w string) bool {
	w = strings.TrimLeft(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ-")
	return w != "" && w[0] >= '0' && w[0] <= '9'
}

// streetBefore reads the street printed before the postal code at word k:
// the words back to the previous separator (or the one before, when a
// separator stands right before the code), from the word that names a
// kind of street; or, without one, a name and a house number ("Foro
// Bonaccorsi 31").
func streetBefore(words []string, k int) string {
	i := k - 1
	if i >= 0 && officeSeps[words[i]] {
		i--
	}
	start := i + 1
	for start > 0 && !officeSeps[words[start-1]] && !strings.HasSuffix(words[start-1], ":") && !officeStops[foldWord(words[start-1])] {
		start--
	}
	if start > i {
		return ""
	}
	return streetIn(words[start : i+1])
}

// streetAfter reads the street printed after the city, up to the next
// separator, comma or stop word: only a line that names a kind of street.
func streetAfter(words []string, end int) string {
	for end < len(words) && (officeSeps[words[end]] || words[end] == ",") {
		end++
	}
	var piece []string
	for _, w := range words[end:] {
		if officeSeps[w] || officeStops[foldWord(w)] || len(piece) >= 8 {
			break
		}
		piece = append(piece, w)
		if strings.HasSuffix(w, ",") && len(piece) > 1 && startsWithDigit(w) {
			break // "Via del Lavoro 1, Tel. …"
		}
	}
	s := strings.TrimRight(strings.Join(piece, " "), " ,;")
	if !parse.IsStreet(s) {
		return ""
	}
	return streetIn(strings.Fields(s))
}

// streetIn returns the street in a piece of a footer line: from its last
// word that starts a street ("e Direzione via Garibaldi 7" → "via
// Garibaldi 7"), or the piece itself when it is a name and a house number.
func streetIn(piece []string) string {
	for s := len(piece) - 2; s >= 0; s-- {
		if st := strings.TrimRight(strings.Join(piece[s:], " "), " ,;"); parse.IsStreet(st) && strings.ContainsAny(st, "0123456789") {
			return st
		}
	}
	st := strings.TrimRight(strings.Join(piece, " "), " ,;")
	if numberedStreet(st) {
		return st
	}
	return ""
}

// houseNumberRE is a house number: digits with an optional letter or
// "/A" suffix.
var houseNumberRE = regexp.MustCompile(`^\d{1,4}(?:[a-zA-Z]|/\w{1,3})?$`)

// numberedStreet reports whether s reads as a street without a word naming
// its kind: two to six words, capitalised, ending with a house number
// ("Foro Bonaccorsi 31", "Ecke 12").
func numberedStreet(s string) bool {
	f := strings.Fields(s)
	if len(f) < 2 || len(f) > 6 || !houseNumberRE.MatchString(strings.TrimRight(f[len(f)-1], ",")) {
		return false
	}
	r := []rune(f[0])
	if !unicode.IsUpper(r[0]) {
		return false
	}
	for _, w := range f[:len(f)-1] {
		if officeStops[foldWord(w)] || strings.ContainsAny(w, "0123456789@") {
			return false
		}
	}
	return true
}

// vendorOffice reads the vendor's address from the registered office that
// a letterhead or footer prints with the company's legal data. It falls
// back on registeredOffice for the forms it does not read.
func (x *extractor) vendorOffice(r region, d *partyData, base float64) {
	for i, pt := range r.parts {
		text, ok := officeText(r, i)
		if !ok {
			continue
		}
		street, pa, ok := officeAddress(text, x.locale)
		if !ok {
			continue
		}
		d.setOffice(pt, street, pa, base*0.95)
		return
	}
	x.registeredOffice(r, d, base)
}

// legalDataRE finds the data only an issuer prints about itself: its
// registered office, share capital and company register entry.
var legalDataRE = regexp.MustCompile(`(?i)sede\s+legale|sede\s+sociale|domicilio\s+sociale|capitale\s+sociale|cap\.\s?soc|registro\s+(?:delle\s+)?imprese|\br\.\s?e\.\s?a\.|\brea\b|` +
	`registered\s+office|share\s+capital|registered\s+in\s+england|company\s+(?:no\.?|number|registration)\b|` +
	`handelsregister|amtsgericht|registergericht|stammkapital|sitz\s+der\s+gesellschaft|` +
	`si[èe]ge\s+social|au\s+capital\s+de|capital\s+social|\brcs\b`)

// legalData reports whether a line carries the issuer's legal data.
func legalData(text string) bool { return legalDataRE.MatchString(text) }

// letterheadName returns the company a letterhead or footer names with
// its legal form, and the index of its part: first the one that heads the
// issuer's legal data on its line ("Rossi S.p.A. – Sede legale …, Capitale
// sociale …"), which a printer, a distributor or a bank named elsewhere
// never does; else the first one in reading order.
func letterheadName(r region) (string, int, bool) {
	first, firstIdx := "", -1
	for i, pt := range r.parts {
		name, ok := legalName(pt.text)
		if !ok {
			continue
		}
		if legalData(pt.text) && !namedInPassing(pt.text, name) {
			return withSoleShareholder(pt.text, name), i, true
		}
		if firstIdx < 0 {
			first, firstIdx = name, i
		}
	}
	if firstIdx < 0 {
		return "", -1, false
	}
	return withSoleShareholder(r.parts[firstIdx].text, first), firstIdx, true
}

// namedInPassing reports whether the company is named inside a sentence
// about another one ("soggetta a direzione e coordinamento di Rossi
// S.p.A."): a lower-case word stands right before its name.
func namedInPassing(text, name string) bool {
	i := strings.Index(text, name)
	if i <= 0 {
		return false
	}
	before := strings.Fields(text[:i])
	if len(before) == 0 {
		return false
	}
	r := []rune(before[len(before)-1])
	return unicode.IsLower(r[0])
}

// soleShareholderRE is the qualifier Italian companies with one member add
// to their legal name ("Rossi S.p.A. con socio unico").
var soleShareholderRE = regexp.MustCompile(`^\s*(?i:(?:con|a)\s+socio\s+unico)\b`)

// withSoleShareholder extends a legal name with the qualifier that follows
// it in text.
func withSoleShareholder(text, name string) string {
	i := strings.Index(text, name)
	if i < 0 {
		return name
	}
	if m := soleShareholderRE.FindString(text[i+len(name):]); m != "" {
		return name + " " + strings.TrimSpace(m)
	}
	return name
}

// labelWords returns the word index of match m in part pt and the index
// of the first word of its label: the words after the previous word with
// a digit (the previous value), at most six.
func labelWords(pt part, m parse.Match) (first, at int) {
	at = pt.first + strings.Count(pt.text[:m.Start], " ")
	first = at
	for first > pt.first && at-first < 6 && !strings.ContainsAny(pt.l.words[first-1].Text, "0123456789") {
		first--
	}
	return first, at
}

// vatLabelWeight weighs a number read as a VAT number in the vendor's
// letterhead by its label: a VAT label ("Partita IVA del gruppo n.",
// "P.I.") raises it, a fiscal-code label alone ("Codice Fiscale n.")
// lowers it, for an Italian company's two numbers are both 11 digits.
func vatLabelWeight(pt part, m parse.Match) float64 {
	first, at := labelWords(pt, m)
	vat, fiscal := false, false
	for _, h := range pt.l.hits {
		if h.First < first || h.Last >= at {
			continue
		}
		switch h.Kind {
		case labels.VATNumber:
			vat = true
		case labels.FiscalCode:
			fiscal = true
		}
	}
	switch {
	case vat:
		return 0.05
	case fiscal:
		return -0.05
	}
	return 0
}

// yourID reports whether the identifier m in part pt is labelled as the
// reader's.
func yourID(pt part, m parse.Match) bool {
	first, at := labelWords(pt, m)
	for _, w := range pt.l.words[first:at] {
		if yourWords[foldWord(w.Text)] {
			return true
		}
	}
	return false
}

// inProse reports whether a block label is a word of a sentence ("…
// consegnata dal venditore (per te è …", "… dal / Fornitore."): a
// lower-case word or three words run into it on its line, with no column
// gap or separator between them, or it ends a sentence. Such a word heads
// no block.
func inProse(l *line, h labels.Hit) bool {
	if w := l.words[h.Last].Text; strings.HasSuffix(w, ".") && len([]rune(w)) > 6 && l.gapAfter(h.Last) {
		return true // "… Indipendente dal / Fornitore.": a full word, no abbreviation
	}
	before := 0
	for i := h.First - 1; i >= 0 && !l.gapAfter(i) && !officeSeps[l.words[i].Text]; i-- {
		before++
	}
	if before == 0 {
		return false
	}
	prev := []rune(l.words[h.First-1].Text)
	return unicode.IsLower(prev[0]) || before >= 3
}

// personOfCompany reports whether a personal fiscal code (16 characters)
// is read for a vendor named with a legal form: a company's codice fiscale
// has 11 digits, so the code is a person's, most often the customer's.
func personOfCompany(name, code string) bool {
	if len(code) != 16 || name == "" {
		return false
	}
	_, company := legalName(name)
	return company
}

// addressSepRE splits a one-line address into its pieces ("Rossi Srl ●
// Via Roma 1 ● 20121 Milano").
var addressSepRE = regexp.MustCompile(`\s+[●•·|–-]\s+|\s*[●•·|]\s*`)

// streetAfterName reads the street printed before the postal code on a
// line that also names the party: after the company's name ("Rossi Srl
// Via Roma 1, 20121 Milano"), or as the last piece before the code on a
// line of separated pieces, when it ends with a house number ("Rossi GmbH
// ● Ecke 12 ● 12345 Stadt").
func streetAfterName(before, name string) (string, bool) {
	pieces := addressSepRE.Split(strings.TrimSpace(before), -1)
	for len(pieces) > 0 && strings.Trim(pieces[len(pieces)-1], " ,;") == "" {
		pieces = pieces[:len(pieces)-1]
	}
	if len(pieces) == 0 {
		return "", false
	}
	last := strings.Trim(pieces[len(pieces)-1], " ,;")
	if len(pieces) > 1 && numberedStreet(last) && !isCompany(last, name) {
		return last, true
	}
	rest := ""
	switch {
	case name != "" && len(last) > len(name) && strings.EqualFold(last[:len(name)], name):
		rest = last[len(name):]
	default:
		if n, ok := legalName(last); ok && strings.HasPrefix(last, n) {
			rest = last[len(n):]
		}
	}
	rest = strings.Trim(rest, " ,;")
	if rest != "" && parse.IsStreet(rest) && strings.ContainsAny(rest, "0123456789") && !isCompany(rest, name) {
		return rest, true
	}
	return "", false
}

// repeats reports whether text repeats a line of the region: a letterhead
// that prints the buyer's name and address again ("Cod. cliente …" over a
// copy of the address block) holds them as the buyer's, not the vendor's.
func (r region) repeats(text string) bool {
	norm := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	t := norm(text)
	if len(t) < 8 {
		return false
	}
	for _, pt := range r.parts {
		if norm(pt.text) == t {
			return true
		}
	}
	return false
}

// senderBlockName names the vendor of a letterhead after the address
// block printed on the left of the first page's top: the line right above
// a street line that is followed by its postal line and then by the
// sender's contact or tax data ("Maison Dupont / 12 rue des Lilas / 69002
// LYON / Tél. …"). That block is the issuer's own, and its first line
// beats a name read from a "Nom :" of the payment data; not a company
// named with its legal form, nor a line of the buyer's block.
func (x *extractor) senderBlockName(r, buyer region, d *partyData) {
	if r.score >= 0.7 || len(x.m.pages) == 0 {
		return
	}
	if _, company := legalName(d.name.str); company {
		return
	}
	p := x.m.pages[0]
	for i := 1; i+2 < len(r.parts); i++ {
		name, street, postal := r.parts[i-1], r.parts[i], r.parts[i+1]
		if street.l.page != 1 || street.box.X0 > 0.45*p.width || street.box.Y0 > 0.4*p.height {
			continue
		}
		if !sameColumn(name, street) || !sameColumn(street, postal) || !parse.IsStreet(street.text) {
			continue
		}
		if _, ok := parse.PostalLine(postal.text, x.locale); !ok {
			continue
		}
		if _, _, kv := splitKey(name.text); kv || !isNameLike(name.text) || buyer.repeats(name.text) || !senderData(r, i+2, street) {
			continue
		}
		d.name = candidate{str: cleanName(name.text), score: math.Min(1, r.score+0.25) * 0.9, page: 1, box: name.box, ok: true}
		return
	}
}

// sameColumn reports whether part b is on the line right under part a,
// starting at the same x.
func sameColumn(a, b part) bool {
	return a.l.page == b.l.page && b.l.index == a.l.index+1 && math.Abs(a.box.X0-b.box.X0) < 1.5*a.l.height
}

// senderData reports whether the parts from index i on, in the column of
// part col and within four lines, hold contact or tax data: an e-mail, a
// phone number or a VAT number.
func senderData(r region, i int, col part) bool {
	for _, pt := range r.parts[i:min(i+6, len(r.parts))] {
		if pt.l.page != col.l.page || pt.l.index > col.l.index+5 || math.Abs(pt.box.X0-col.box.X0) > 1.5*col.l.height {
			continue
		}
		if len(parse.FindEmails(pt.text)) > 0 || len(parse.FindPhones(pt.text)) > 0 || len(parse.FindVATIDs(pt.text)) > 0 {
			return true
		}
	}
	return false
}
