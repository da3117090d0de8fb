package resolve

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/parse"
)

// Type is the type of a value found on a page.
type Type uint8

// Value types.
const (
	TDate Type = iota
	TAmount
	TPercent
	TID // a token holding a digit: a document number, an order number, a code
	TVAT
	TIBAN
	TStreet // a street line: Via Roma 1, 12 rue de la Paix, Hauptstraße 5
	TPostal // a postal line: postal code and city
	TName   // a few words that may name a party
	TEmail  // an e-mail address
	TPhone  // a telephone number
	TFiscal // an Italian codice fiscale
	// TPayMethod is a word naming a way to pay, its Norm one of invoice's
	// Pay values: Bonifico, Lastschrift, Virement, Credit card.
	TPayMethod
	// TCurrency is a currency, its Norm an ISO 4217 code: an amount's sign
	// or code, a code printed alone.
	TCurrency
	// TDocType is a word stating what the document is, its Norm one of
	// invoice's Type values: Fattura, Credit note, Gutschrift, TD04.
	TDocType
	// TTerms is the payment terms: a few words or a sentence after or
	// under a label of terms ("30 gg d.f.", "Zahlbar innerhalb 14 Tagen").
	TTerms
	numTypes //
)

// Value is one typed value printed on a page: a candidate for the fields
// of its type.
type Value struct {
	Type Type
	// Text is the value as printed; Norm its normal form (ISO date, decimal
	// amount, VAT id, IBAN without spaces, the identifier as printed).
	Text, Norm string
	// Num is an amount's or a percentage's value.
	Num float64
	// Page is the index of the value's page in Doc.Pages, Line the index of
	// its line in the page's lines, First and Last its word positions in
	// the line, Cell the index of the cell holding its first word.
	Page, Line, First, Last, Cell int
	Box                           layout.Rect
	Currency                      string
	Checked, Ambiguous            bool
	// Zip, City and Country are a postal line's parts; guessed marks a
	// Country the line does not name, given by the postal code's form and
	// the document's language.
	Zip, City, Country string
	guessed            bool
	// block is 1 + the index of the value's block (see Doc.blocks), 0
	// when it has none.
	block int
	// feats are the value's features, set by describe.
	feats []fv
	// bare marks a percentage printed without its sign (see bareRates).
	bare bool
	// embedded marks a street or postal line read inside a line of prose
	// (see Doc.embedded).
	embedded bool
	// weak marks a street that names no kind of street (see weakStreet).
	weak bool
	// joined marks a person's name joined from its given and family
	// names (see Doc.keyedAddresses).
	joined bool
	// added is, for an amount that is a total plus the charges printed
	// under it, that total's cents (see Doc.addedTotals).
	added int64
	// onAmount marks a currency carried by an amount.
	onAmount bool
	// typeNum marks a type word starting a number's label, typeCode an
	// Italian type code (see Doc.typeWords).
	typeNum, typeCode bool
	// terms is how a terms candidate was read (see Doc.termsWords).
	terms termsFacts
	// rule holds, for each field the hand-written rules chose this value
	// for, their confidence (see Doc.SetRules).
	rule map[string]float64
	// placeKeyed marks a name printed after a key of a part of an
	// address ("Comune: ROMA", "Nazione: IT"): a city or a country,
	// however name-like, is no party's name (see placeKeys).
	placeKeyed bool
	// keyedNearer marks a value with another value between it and the
	// label before it in its cell ("Nr. 318 del 02/11/2026": the label
	// keys the number, not the date).
	keyedNearer bool
	// perUnit marks an amount per unit of something ("0,15 €/kWh",
	// "6,60 €/anno"): a price or a tariff, never a sum of the document.
	perUnit bool
	// ruleOnly marks a value no candidate gave, added for the rules'
	// choice (see Doc.SetRules).
	ruleOnly bool
}

// Rule is the value the hand-written rules read for a field: its text as
// the result holds it (an ISO date, a VAT id, an identifier) or its
// number, with their confidence, page (1-based) and box.
type Rule struct {
	Text string
	Num  float64
	Conf float64
	Page int
	Box  layout.Rect
}

// SetRules marks the candidates that give the values the hand-written
// rules chose, so that the fitted model can weigh the rules' choice against
// the other candidates. A value no candidate gives is added as a
// candidate of its own (feature rule.only).
func (d *Doc) SetRules(rules map[string]Rule) {
	// In the order of the field names, so that the candidates the rules
	// add stand in the same order on every run (the fit samples among
	// them).
	names := make([]string, 0, len(rules))
	for name := range rules {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		r := rules[name]
		f, ok := FieldByName(name)
		if !ok {
			continue
		}
		probe := Value{Type: f.Type, Norm: r.Text, Num: r.Num}
		key := Key(&probe)
		found := false
		for i := range d.Values {
			v := &d.Values[i]
			if v.Type == f.Type && Key(v) == key {
				if v.rule == nil {
					v.rule = map[string]float64{}
				}
				v.rule[name] = r.Conf
				found = true
			}
		}
		if found || f.Type == TName && (period(strings.Fields(r.Text)) || creditLine(r.Text)) {
			// A date or a period of months ("August 28, 2025", "April
			// 2015"), or a program's credit line ("powered by …"), is no
			// party's name, whoever reads it.
			continue
		}
		pi := 0
		for i, p := range d.Pages {
			if p.Num == r.Page {
				pi = i
			}
		}
		v := Value{Type: f.Type, Text: r.Text, Norm: r.Text, Num: r.Num, Page: pi, Line: -1, Box: r.Box,
			rule: map[string]float64{name: r.Conf}, ruleOnly: true, feats: []fv{{fid("bias"), 1}, {fid("rule.only"), 1}}}
		d.Values = append(d.Values, v)
	}
}

// hasOwn reports whether a label of the field's kind stands by v (one of
// ownFeatures).
func (v *Value) hasOwn(field string) bool {
	own := ownFeatures[field]
	for _, f := range v.feats {
		if own[f.id] {
			return true
		}
	}
	return false
}

// keyedOther reports whether the key of another field or reference, and
// none of the field's own, stands in v's cell, to its left or over it
// (see otherFeatures); a label in its cell with another value between
// keys that value.
func (v *Value) keyedOther(field string) bool {
	other := otherFeatures[field]
	keyed, keyedOwn := false, false
	for _, f := range v.feats {
		keyed, keyedOwn = v.keyMark(other[f.id], keyed, keyedOwn)
	}
	return keyed && !keyedOwn
}

// keyMark folds the mark of one of v's features in otherFeatures into
// whether a key of another field and one of the field's own key v; a key
// in v's cell with another value between keys that value.
func (v *Value) keyMark(m int8, keyed, keyedOwn bool) (bool, bool) {
	if v.keyedNearer && (m == 2 || m == -2) {
		return keyed, keyedOwn
	}
	return keyed || m > 0, keyedOwn || m < 0
}

// features returns a value's features for a field: its own, whether a
// label of the field's kind stands near it, and the rules' choice.
func (v *Value) features(field string) []fv {
	out := make([]fv, len(v.feats), len(v.feats)+3)
	copy(out, v.feats)
	if v.hasOwn(field) {
		out = append(out, fv{idOwn, 1})
	} else {
		out = append(out, fv{idOwnNone, 1})
	}
	if v.keyedOther(field) {
		out = append(out, fv{idOwnOther, 1})
	}
	if c, ok := v.rule[field]; ok {
		out = append(out, fv{fid("rule"), 1}, fv{fid("rule.conf"), float32(c)})
	}
	return out
}

// oneDecimalMark reads the amounts of d with one decimal mark: a document
// prints its numbers one way, and one whose amounts put their decimals
// only after a dot ("48.50", "10.00") though its language groups
// thousands with a dot (a program that ignores the language) means a
// decimal too by the dot of "3.125" or "6.000", which the language reads
// as thousands; and the same for a comma in English. Two amounts with the
// mark, four times as many as with the other, decide.
func (d *Doc) oneDecimalMark() {
	var dots, commas int
	for _, v := range d.Values {
		if v.Type != TAmount || v.Ambiguous {
			continue
		}
		switch decimalMark(v.Text) {
		case '.':
			dots++
		case ',':
			commas++
		}
	}
	grouping := byte('.')
	if strings.HasPrefix(d.Locale, "en") {
		grouping = ','
	}
	// A line typed by hand in the language's way (a share capital in the
	// legal line) may stand among them.
	if grouping == '.' && (dots < 2 || 4*commas > dots) || grouping == ',' && (commas < 2 || 4*dots > commas) {
		return
	}
	for i := range d.Values {
		v := &d.Values[i]
		if v.Type != TAmount || !v.Ambiguous || strings.Count(v.Text, string(grouping)) != 1 || strings.ContainsAny(v.Text, " \u00a0\u202f'’") {
			continue
		}
		// Read as the other languages read it: the mark as decimals.
		if m, ok := parse.Amount(v.Text, decimalsAfter[grouping]); ok {
			v.Num, v.Norm, v.Ambiguous = m.Number, m.Value, false
		}
	}
}

// decimalsAfter names a language that puts its decimals after a mark.
var decimalsAfter = map[byte]string{'.': "en", ',': "it"}

// decimalMark returns the mark before an amount's cents, '.' or ',', when
// its text has one followed by two digits; 0 otherwise ("0,5 l" in a
// product's name is no money).
func decimalMark(text string) byte {
	k := strings.LastIndexAny(text, ".,")
	if k < 0 {
		return 0
	}
	n := 0
	for j := k + 1; j < len(text) && text[j] >= '0' && text[j] <= '9'; j++ {
		n++
	}
	if n == 2 {
		return text[k]
	}
	return 0
}

// findValues finds the typed values of every line.
func (d *Doc) findValues() {
	for pi, p := range d.Pages {
		for li, text := range p.texts {
			if text == "" {
				continue
			}
			add := func(t Type, m parse.Match) {
				first, last := p.wordSpan(li, m.Start, m.End)
				if first < 0 {
					return
				}
				// A match that ends (or starts) inside a word with only a
				// sign of that word ("12,00 €" of "12,00 €15,00") keeps
				// the word out of its box.
				for last > first && !hasDigit(text[max(m.Start, p.offsets[li][last]):m.End]) {
					last--
				}
				for first < last && !hasDigit(text[m.Start:min(m.End, p.offsets[li][first]+len(p.S.Page.Words[p.S.Page.Lines[li].Words[first]].Text))]) {
					first++
				}
				v := Value{Type: t, Text: m.Text, Norm: m.Value, Num: m.Number, Page: pi, Line: li, First: first, Last: last,
					Box: p.box(li, first, last), Currency: m.Currency, Checked: m.Checked, Ambiguous: m.Ambiguous}
				if ref, ok := p.S.CellAt(li, first); ok {
					v.Cell = ref.Index
				}
				v.perUnit = t == TAmount && perUnit(text[m.End:])
				d.Values = append(d.Values, v)
			}
			for _, m := range d.findDates(text) {
				add(TDate, m)
			}
			amounts := parse.FindAmounts(text, d.Locale)
			amounts = append(amounts, p.cellAmounts(li, d.Locale, amounts)...)
			for _, m := range amounts {
				add(TAmount, m)
			}
			d.currencies(pi, li, amounts)
			d.payWords(pi, li)
			d.typeWords(pi, li)
			d.termsWords(pi, li)
			for _, m := range parse.FindPercents(text) {
				add(TPercent, m)
			}
			for _, m := range parse.FindVATIDs(text) {
				add(TVAT, m)
			}
			for _, m := range parse.FindIBANs(text) {
				add(TIBAN, m)
			}
			// A number printed in groups is one identifier: its groups
			// alone are none.
			ids := identifiers(text)
			var grouped []parse.Match
			for _, m := range ids {
				if !digitsSpaced(m.Text) {
					continue
				}
				if first, last := p.wordSpan(li, m.Start, m.End); first != last && p.wholeGroups(li, first, last) {
					grouped = append(grouped, m)
				}
			}
			for _, m := range ids {
				if digitsSpaced(m.Text) {
					continue
				}
				if !slices.ContainsFunc(grouped, func(g parse.Match) bool { return g.Start <= m.Start && m.End <= g.End }) {
					add(TID, m)
				}
			}
			for _, m := range grouped {
				add(TID, m)
			}
			d.labelledIBANs(pi, li)
			d.labelledPhones(pi, li)
			d.findParties(pi, li)
		}
		d.keyedAddresses(pi)
	}
	d.bareRates()
	d.weakStreets()
	d.wrappedNames()
}

// cellAmounts returns the amounts of line li's cells, read cell by
// cell, that the line read whole (whole) does not give: a number never spans
// two cells, and the whole line may join the numbers of neighbouring
// cells into the shape of something else ("344.00   688.00" read as a
// mobile phone number, whose digits are not amounts).
func (p *Page) cellAmounts(li int, locale string, whole []parse.Match) []parse.Match {
	cells := p.S.Cells[li]
	if len(cells) < 2 {
		return nil
	}
	text := p.texts[li]
	var out []parse.Match
	for _, c := range cells {
		start := p.offsets[li][c.First]
		end := len(text)
		if c.Last+1 < len(p.offsets[li]) {
			end = p.offsets[li][c.Last+1] - 1
		}
		if !strings.ContainsAny(text[start:end], "0123456789") {
			continue
		}
		for _, m := range parse.FindAmounts(text[start:end], locale) {
			m.Start, m.End = m.Start+start, m.End+start
			taken := false
			for _, w := range whole {
				taken = taken || m.Start < w.End && w.Start < m.End
			}
			if !taken {
				out = append(out, m)
			}
		}
	}
	return out
}

// bareRates adds the VAT rates printed without a percent sign, as numbers
// under or after a rate's label ("Aliquota IVA 22", "IVA (%): 22.00", a
// column headed "% IVA"): an amount that is a VAT rate, with such a label
// in its cell before it, in the cell to its left, or heading its column, is
// a percentage candidate too (feature pct.bare).
func (d *Doc) bareRates() {
	n := len(d.Values)
	for i := 0; i < n; i++ {
		v := d.Values[i]
		if v.Type != TAmount || v.Currency != "" || v.Num <= 0 || !isVATRate(v.Num) || strings.ContainsAny(v.Text, "%€$£") {
			continue
		}
		if !d.rateLabelled(&v) {
			continue
		}
		v.Type, v.bare = TPercent, true
		d.Values = append(d.Values, v)
	}
}

// rateLabelled reports whether a rate's label stands before a value in its
// cell, in the cell to its left, or over its column.
func (d *Doc) rateLabelled(v *Value) bool {
	p := d.Pages[v.Page]
	isRate := func(hs []labelHit, before int) bool {
		for _, h := range hs {
			if (h.kind == labels.TaxRate || h.kind == labels.ColTaxRate) && h.last < before {
				return true
			}
		}
		return false
	}
	cells := p.labels[v.Line]
	if v.Cell < len(cells) && isRate(cells[v.Cell], v.First) {
		return true
	}
	if v.Cell > 0 && v.Cell-1 < len(cells) && isRate(cells[v.Cell-1], math.MaxInt) {
		return true
	}
	if v.Cell >= len(p.S.Cells[v.Line]) {
		return false
	}
	for _, up := range p.S.Above(layout.CellRef{Line: v.Line, Index: v.Cell}, 40, 80) {
		if hs := p.labels[up.Line][up.Index]; len(hs) > 0 {
			return isRate(hs, math.MaxInt)
		}
	}
	return false
}

// maxIDLen bounds the length of an identifier.
const maxIDLen = 30

// identifiers returns the tokens of a line that may be document numbers or
// references: runs of non-space characters holding a digit, trimmed of the
// punctuation around them and of a number sign ("#123", "N°123", "n.123"),
// and a short prefix of capitals joined to the number after it ("FT 123",
// "NC 12/2026"), unless a colon ends it.
func identifiers(text string) []parse.Match {
	type tok struct{ start, end int }
	var toks []tok
	for i := 0; i < len(text); {
		if text[i] == ' ' {
			i++
			continue
		}
		j := strings.IndexByte(text[i:], ' ')
		if j < 0 {
			j = len(text)
		} else {
			j += i
		}
		toks = append(toks, tok{i, j})
		i = j
	}
	var out []parse.Match
	for k, t := range toks {
		s, e := trimID(text, t.start, t.end)
		if e <= s || e-s > maxIDLen || !hasDigit(text[s:e]) {
			continue
		}
		// A prefix of one to four capitals before the number: "FT 123".
		// One that ends in a colon labels the number ("ID: 123").
		if k > 0 {
			p := toks[k-1]
			ps, pe := trimID(text, p.start, p.end)
			if w := text[ps:pe]; pe-ps >= 1 && pe-ps <= 4 && allUpper(w) && e-ps <= maxIDLen && !strings.HasSuffix(text[p.start:p.end], ":") {
				out = append(out, parse.Match{Start: ps, End: e, Text: text[ps:e], Value: text[ps:e]})
			}
		}
		out = append(out, parse.Match{Start: s, End: e, Text: text[s:e], Value: text[s:e]})
	}
	// Two or three groups of digits set apart by single spaces: a number
	// printed in groups (a till's or a branch's code and a sequence, "017
	// 04288"), unless the groups are those of a thousands separator ("12
	// 500").
	for k := 0; k < len(toks); {
		j := k
		for j < len(toks) && digitsOnly(text[toks[j].start:toks[j].end], 2, 6) && (j == k || toks[j].start == toks[j-1].end+1) {
			j++
		}
		// Every two or three neighbouring groups of the run: the run may
		// join numbers of neighbouring cells, which findValues drops.
		for a := k; a < j; a++ {
			for b := a + 2; b <= min(a+3, j); b++ {
				if s, e := toks[a].start, toks[b-1].end; e-s <= maxIDLen && !thousands(text, s, e) {
					out = append(out, parse.Match{Start: s, End: e, Text: text[s:e], Value: text[s:e]})
				}
			}
		}
		k = max(j, k+1)
	}
	return out
}

// digitsSpaced reports whether s is groups of digits set apart by spaces.
func digitsSpaced(s string) bool {
	return strings.Contains(s, " ") && strings.Trim(s, "0123456789 ") == ""
}

// wholeGroups reports whether words first to last of line li, groups of
// digits, stand in one cell and are all the groups of digits in a row
// there: "017 04288" beside its label, not two groups of a card or
// account number printed in four.
func (p *Page) wholeGroups(li, first, last int) bool {
	a, ok1 := p.S.CellAt(li, first)
	b, ok2 := p.S.CellAt(li, last)
	if !ok1 || !ok2 || a != b {
		return false
	}
	c := p.S.Cells[li][a.Index]
	ws := p.S.Page.Lines[li].Words
	digits := func(k int) bool { return digitsOnly(p.S.Page.Words[ws[k]].Text, 1, 64) }
	return (first == c.First || !digits(first-1)) && (last == c.Last || !digits(last+1))
}

// digitsOnly reports whether s is min to max ASCII digits.
func digitsOnly(s string, min, max int) bool {
	if len(s) < min || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigitByte(s[i]) {
			return false
		}
	}
	return true
}

// thousands reports whether text[s:e], groups of digits set apart by
// spaces, is a number with a space for thousands separator: one to three
// digits, then groups of three.
func thousands(text string, s, e int) bool {
	groups := strings.Split(text[s:e], " ")
	if len(groups[0]) > 3 {
		return false
	}
	for _, g := range groups[1:] {
		if len(g) != 3 {
			return false
		}
	}
	return true
}

// trimID trims the punctuation around a token and a number sign before it.
func trimID(text string, s, e int) (int, int) {
	for s < e {
		r, size := utf8.DecodeRuneInString(text[s:])
		switch {
		case r == '#' || r == ':' || r == '(' || r == '[' || r == '"' || r == '\'' || r == '«':
			s += size
			continue
		case r == 'N' || r == 'n':
			// "N°123", "n.123", "Nr.123", "No.123".
			rest := text[s:e]
			for _, p := range []string{"N°", "n°", "Nº", "nº", "N.", "n.", "Nr.", "nr.", "No.", "no."} {
				if strings.HasPrefix(rest, p) && len(rest) > len(p) && isDigitByte(rest[len(p)]) {
					return trimID(text, s+len(p), e)
				}
			}
		}
		break
	}
	for e > s {
		r, size := utf8.DecodeLastRuneInString(text[s:e])
		if r == ',' || r == ';' || r == ':' || r == ')' || r == ']' || r == '.' || r == '"' || r == '\'' || r == '»' {
			e -= size
			continue
		}
		break
	}
	return s, e
}

func isDigitByte(b byte) bool { return '0' <= b && b <= '9' }

func hasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if isDigitByte(s[i]) {
			return true
		}
	}
	return false
}

func allUpper(s string) bool {
	n := 0
	for _, r := range s {
		if !unicode.IsUpper(r) {
			return false
		}
		n++
	}
	return n > 0
}

// labelledIBANs adds the IBANs printed after an IBAN label whose check
// fails (a misprint, or a sample): the words after the label in its cell,
// or the next cell.
func (d *Doc) labelledIBANs(pi, li int) {
	p := d.Pages[pi]
	l := p.S.Page.Lines[li]
	p.afterLabels(li, labels.IBAN, func(ci, first, last int) {
		var parts []string
		for _, wi := range l.Words[first : last+1] {
			parts = append(parts, p.S.Page.Words[wi].Text)
		}
		m, ok := parse.IBAN(strings.Join(parts, " "))
		if !ok || m.Checked || d.hasValue(pi, li, TIBAN, m.Value) {
			return
		}
		v := Value{Type: TIBAN, Text: m.Text, Norm: m.Value, Page: pi, Line: li, First: first, Last: last,
			Box: p.box(li, first, last), Cell: ci}
		d.Values = append(d.Values, v)
	})
}

// afterLabels calls fn with the words after each label of kind k on line
// li: the rest of the label's cell, or the next cell when the label ends
// its own. A colon or a dash set apart after the label ("IBAN :") is the
// label's, not the value's.
func (p *Page) afterLabels(li int, k labels.Kind, fn func(ci, first, last int)) {
	cells := p.S.Cells[li]
	words := p.S.Page.Lines[li].Words
	for ci, hs := range p.labels[li] {
		for _, h := range hs {
			if h.kind != k {
				continue
			}
			first, last := h.last+1, cells[ci].Last
			for first <= last && strings.Trim(p.S.Page.Words[words[first]].Text, ":-–=") == "" {
				first++
			}
			if first > last && ci+1 < len(cells) {
				first, last = cells[ci+1].First, cells[ci+1].Last
			}
			if first <= last {
				fn(ci, first, last)
			}
		}
	}
}

// labelledPhones adds the phone numbers printed right after a phone label
// that parse.FindPhones does not take on their own ("Telefono: 555123456",
// "Mobile: +00 1111 222333"): the label vouches for the number. The number
// is the run of digit groups after the label in its cell, or at the start
// of the next cell, with six to fifteen digits.
func (d *Doc) labelledPhones(pi, li int) {
	p := d.Pages[pi]
	l := p.S.Page.Lines[li]
	p.afterLabels(li, labels.Phone, func(ci, first, last int) {
		digits, end := 0, first-1
		for k := first; k <= last; k++ {
			n := phoneDigits(strings.Trim(p.S.Page.Words[l.Words[k]].Text, ",;"))
			if n < 0 {
				break
			}
			digits += n
			end = k
		}
		if end < first || digits < 6 || digits > 15 {
			return
		}
		var parts []string
		for _, wi := range l.Words[first : end+1] {
			parts = append(parts, strings.Trim(p.S.Page.Words[wi].Text, ",;"))
		}
		text := strings.Join(parts, " ")
		if d.hasValue(pi, li, TPhone, text) {
			return
		}
		v := Value{Type: TPhone, Text: text, Norm: text, Page: pi, Line: li, First: first, Last: end,
			Box: p.box(li, first, end), Cell: ci}
		d.Values = append(d.Values, v)
	})
}

// phoneDigits returns the digits of w when it is a group of a phone
// number (digits with "+", "(", ")", "-", "/" or "."), -1 otherwise.
func phoneDigits(w string) int {
	n := 0
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= '0' && c <= '9':
			n++
		case strings.IndexByte("+()-/.", c) >= 0:
		default:
			return -1
		}
	}
	if n == 0 {
		return -1
	}
	return n
}

// hasValue reports whether a line already holds a value of type t.
// It is called while the line's values are found: they are the last of
// d.Values, so only those are looked at.
func (d *Doc) hasValue(pi, li int, t Type, norm string) bool {
	for i := len(d.Values) - 1; i >= 0; i-- {
		v := &d.Values[i]
		if v.Page != pi || v.Line != li {
			return false
		}
		if v.Type == t && v.Norm == norm {
			return true
		}
	}
	return false
}

// perUnit reports whether the text after an amount makes it one per unit:
// a slash and a unit ("/kWh", " / Stk", "€/mese" after "4,80 €").
func perUnit(after string) bool {
	rest, ok := strings.CutPrefix(strings.TrimLeft(after, " "), "/")
	if !ok {
		return false
	}
	r, _ := utf8.DecodeRuneInString(strings.TrimLeft(rest, " "))
	return unicode.IsLetter(r)
}
