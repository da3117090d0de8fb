package resolve

import (
	"index/suffixarray"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/parse"
	"github.com/invex/invex/extract/validate"
)

// A party's data is found as segments: the parts of a cell between the
// separators letterheads join them with ("Via Roma 1 - 20121 Milano -
// P.IVA …", "Hauptstr. 5 · 80331 München"). A segment that reads as a
// postal line (postal code and city) is a TPostal candidate, one that reads
// as a street a TStreet candidate, and a short one of words a TName
// candidate. Segments are grouped into blocks: lines stacked closely one
// under the other and aligned on the left, the right or their centres,
// as an address is printed; a party's name, street and postal line come
// from one block.

// separators split a cell into segments: a dash, a bar, a slash or a
// bullet between spaces, and a bullet at either end of the cell
// ("12345 Tannenfeld ●" when the gap after it splits the cell).
var separators = regexp.MustCompile(`\s+[-–—|·•●∙◦]\s+|\s*\|\s*|\s+/\s+|\s+[·•●∙◦]$|^[·•●∙◦]\s+`)

// maxNameWords bounds the words of a name candidate.
const maxNameWords = 9

// legalForms mark company names.
var legalForms = regexp.MustCompile(`(?i)(^|[\s,])(s\.?r\.?l\.?s?|s\.?p\.?a\.?|s\.?n\.?c\.?|s\.?a\.?s\.?|s\.?s\.?|gmbh|ag|kg|ohg|e\.?k\.?|ug|gbr|sarl|sas|sasu|eurl|sa|sci|ltd\.?|limited|llp|plc|llc|inc\.?|corp\.?|co\.|dac|bv|nv|s\.?l\.?|s\.?a\.?u\.?)([\s,.)]|$)`)

// findParties adds the party candidates of a line: postal lines, streets,
// names, e-mail addresses, phone numbers and codici fiscali.
func (d *Doc) findParties(pi, li int) {
	p := d.Pages[pi]
	text := p.texts[li]
	add := func(t Type, start, end int, norm string, num float64) *Value {
		first, last := p.wordSpan(li, start, end)
		if first < 0 {
			return nil
		}
		v := Value{Type: t, Text: text[start:end], Norm: norm, Num: num, Page: pi, Line: li, First: first, Last: last, Box: p.box(li, first, last)}
		if ref, ok := p.S.CellAt(li, first); ok {
			v.Cell = ref.Index
		}
		d.Values = append(d.Values, v)
		return &d.Values[len(d.Values)-1]
	}
	for _, m := range parse.FindEmails(text) {
		add(TEmail, m.Start, m.End, m.Value, 0)
	}
	for _, m := range parse.FindPhones(text) {
		add(TPhone, m.Start, m.End, m.Value, 0)
	}
	for _, m := range parse.FindCodiciFiscali(text) {
		add(TFiscal, m.Start, m.End, m.Value, 0)
	}
	cells := p.S.Cells[li]
	for _, c := range cells {
		cs := p.offsets[li][c.First]
		ce := p.offsets[li][c.Last] + len(p.S.Page.Words[p.S.Page.Lines[li].Words[c.Last]].Text)
		cell := text[cs:ce]
		bounds := separators.FindAllStringIndex(cell, -1)
		type span struct{ s, e int }
		var segs []span
		start := 0
		for k := 0; k <= len(bounds); k++ {
			end := len(cell)
			if k < len(bounds) {
				end = bounds[k][0]
			}
			s, e := trimSegment(cell, start, end)
			if k < len(bounds) {
				start = bounds[k][1]
			}
			if e > s {
				segs = append(segs, span{s, e})
			}
		}
		for k := 0; k < len(segs); k++ {
			sg := segs[k]
			// A postal code set apart from its city ("40100 - San Lazzaro
			// Marittima (AN)") is one postal line.
			if k+1 < len(segs) && isZip(cell[sg.s:sg.e]) {
				if pa, ok := parse.PostalLine(cell[sg.s:segs[k+1].e], d.Locale); ok && pa.Street == "" && pa.City != "" {
					if v := add(TPostal, cs+sg.s, cs+segs[k+1].e, PostalKey(pa.Zip, pa.City), 0); v != nil {
						v.Zip, v.City, v.Country, v.guessed = pa.Zip, pa.City, pa.Country, pa.Guessed
					}
					k++
					continue
				}
			}
			d.segment(pi, li, cs+sg.s, cs+sg.e, add)
		}
	}
	d.embedded(pi, li, add)
}

// keyedValue is a value printed after its key: line, cell and word range.
type keyedValue struct{ line, cell, first, last int }

// keyed returns the values after a key of kind k on line li: the rest of
// the key's cell up to the next key ("CAP: 00100 Comune: Roma"), or the
// next cell when the key stands alone in its own.
func (p *Page) keyed(li int, k labels.Kind) []keyedValue {
	cells := p.S.Cells[li]
	var out []keyedValue
	for ci, hs := range p.labels[li] {
		c := cells[ci]
		for _, h := range hs {
			if h.kind != k {
				continue
			}
			end := c.Last
			for _, o := range hs {
				if o.first > h.last && o.first-1 < end {
					end = o.first - 1
				}
			}
			if h.last < end {
				out = append(out, keyedValue{li, ci, h.last + 1, end})
			} else if h.last == c.Last && ci+1 < len(cells) && len(p.labels[li][ci+1]) == 0 {
				out = append(out, keyedValue{li, ci + 1, cells[ci+1].First, cells[ci+1].Last})
			}
		}
	}
	return out
}

// words returns the text of a keyed value.
func (p *Page) words(kv keyedValue) string {
	l := p.S.Page.Lines[kv.line]
	parts := make([]string, 0, kv.last-kv.first+1)
	for _, wi := range l.Words[kv.first : kv.last+1] {
		parts = append(parts, p.S.Page.Words[wi].Text)
	}
	return strings.Trim(strings.Join(parts, " "), " ,;:")
}

// keyedAddresses adds the streets, postal lines and names of persons of a
// page printed as keys and values over several lines, as the SdI
// stylesheet and many forms print them ("Indirizzo: Via Po" / "Numero
// civico: 7" / "CAP: 00100" / "Comune: Roma", "Nome: Paolo" / "Cognome:
// Rossi"): the street with its house number, the postal code with its
// city, the given names with the family name.
func (d *Doc) keyedAddresses(pi int) {
	p := d.Pages[pi]
	// near returns the value of a key of kind k within three lines of kv
	// (below it when below is set) in kv's column.
	near := func(kv keyedValue, k labels.Kind, below bool) (keyedValue, bool) {
		x := p.S.Cells[kv.line][kv.cell].Box.X0
		best, bestD := keyedValue{}, math.Inf(1)
		for lj := max(0, kv.line-3); lj < len(p.labels) && lj <= kv.line+3; lj++ {
			if lj == kv.line || below && lj < kv.line {
				continue
			}
			for _, o := range p.keyed(lj, k) {
				dx := math.Abs(p.S.Cells[o.line][o.cell].Box.X0 - x)
				if dist := dx + float64(abs(lj-kv.line))*p.S.Height; dx < 4*p.S.Height && dist < bestD {
					best, bestD = o, dist
				}
			}
		}
		return best, bestD < math.Inf(1)
	}
	add := func(t Type, kv keyedValue, other keyedValue, text, norm string) *Value {
		v := Value{Type: t, Text: text, Norm: norm, Page: pi, Line: kv.line, First: kv.first, Last: kv.last,
			Box: p.box(kv.line, kv.first, kv.last).Union(p.box(other.line, other.first, other.last)), Cell: kv.cell}
		d.Values = append(d.Values, v)
		return &d.Values[len(d.Values)-1]
	}
	// parts are the spans of the given and family names joined: alone,
	// neither is the person's name, so they are no name candidates.
	type span struct{ line, first, last int }
	parts := map[span]bool{}
	for li := range p.labels {
		for _, given := range p.keyed(li, labels.GivenName) {
			if family, ok := near(given, labels.FamilyName, false); ok {
				text := p.words(given) + " " + p.words(family)
				if nameLike(text) {
					add(TName, given, family, text, text).joined = true
					parts[span{given.line, given.first, given.last}] = true
					parts[span{family.line, family.first, family.last}] = true
				}
			}
		}
		for _, st := range p.keyed(li, labels.Street) {
			if num, ok := near(st, labels.HouseNumber, true); ok {
				text := p.words(st) + " " + p.words(num)
				add(TStreet, st, num, text, text)
			} else if text := p.words(st); p.colonBefore(st) && keyedStreet(text) && !d.streetOn(pi, st) {
				// A street its key names, with no house number to read
				// it by ("Indirizzo: Galleria Verdi", "Adresse : Lieu-dit
				// Les Granges"); the key's colon tells it from a heading
				// that goes on ("Indirizzo di fatturazione").
				add(TStreet, st, st, text, text)
			}
		}
		for _, zip := range p.keyed(li, labels.ZipCode) {
			city, ok := near(zip, labels.City, false)
			if !ok {
				continue
			}
			z, c := p.words(zip), p.words(city)
			pa, ok := parse.PostalLine(z+" "+c, d.Locale)
			if !ok || pa.Street != "" || pa.Zip == "" {
				continue
			}
			v := add(TPostal, zip, city, z+" "+c, PostalKey(pa.Zip, pa.City))
			v.Zip, v.City, v.Country, v.guessed = pa.Zip, pa.City, pa.Country, pa.Guessed
		}
	}
	if len(parts) == 0 {
		return
	}
	d.Values = slices.DeleteFunc(d.Values, func(v Value) bool {
		return v.Type == TName && v.Page == pi && !v.joined && parts[span{v.Line, v.First, v.Last}]
	})
}

// keyedStreet reports whether the value of a street's key may be a
// street: words starting with a letter, no more than eight, neither a
// postal line nor a contact.
func keyedStreet(text string) bool {
	r, _ := utf8.DecodeRuneInString(text)
	if !unicode.IsLetter(r) || len(strings.Fields(text)) > 8 || strings.ContainsAny(text, "@") {
		return false
	}
	_, postal := parse.PostalLine(text, "")
	return !postal
}

// colonBefore reports whether the word before a keyed value, the key's
// last, ends in a colon or is one.
func (p *Page) colonBefore(kv keyedValue) bool {
	l := p.S.Page.Lines[kv.line]
	return kv.first > 0 && strings.HasSuffix(p.S.Page.Words[l.Words[kv.first-1]].Text, ":")
}

// streetOn reports whether a street candidate covers a word of the keyed
// value kv on page pi.
func (d *Doc) streetOn(pi int, kv keyedValue) bool {
	for i := range d.Values {
		v := &d.Values[i]
		if v.Type == TStreet && v.Page == pi && v.Line == kv.line && v.First <= kv.last && kv.first <= v.Last {
			return true
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// minEmbeddedWords is the length from which a line is prose, whose
// addresses are read by embedded rather than as segments.
const minEmbeddedWords = 8

// embedded adds the streets and postal lines printed inside a line of
// prose, as legal footers print a registered office ("… con sede legale in
// Via dei Tigli 9, 40121 Bologna (BO) …", "Sede Legale 20121 Milano,
// Viale Aurelio 125 - …"): a street from its street word to its
// house number, a postal code with the words of its city. They are marked
// embedded (feature emb).
func (d *Doc) embedded(pi, li int, add func(Type, int, int, string, float64) *Value) {
	text := d.Pages[pi].texts[li]
	toks := parse.WordSpans(text)
	if len(toks) < minEmbeddedWords {
		return
	}
	word := func(k int) string { return strings.Trim(text[toks[k][0]:toks[k][1]], ",;:()") }
	for k := range toks {
		w := word(k)
		if parse.LeadStreetWord(w) {
			// The street ends at its house number, within six words.
			for j := k + 1; j < len(toks) && j <= k+6; j++ {
				n := word(j)
				if houseNumber(n) {
					s, e := trimSegment(text, toks[k][0], toks[j][1])
					if !d.hasValue(pi, li, TStreet, text[s:e]) {
						if v := add(TStreet, s, e, text[s:e], 0); v != nil {
							v.embedded = true
						}
					}
					break
				}
				if strings.ContainsAny(text[toks[j][0]:toks[j][1]], ",;") && !strings.EqualFold(n, "n") && !strings.EqualFold(n, "n.") {
					// "piazzale Verdi, n. 2": a comma before the number is
					// part of a street; elsewhere it ends it.
					if j+1 < len(toks) && (houseNumber(word(j+1)) || strings.EqualFold(word(j+1), "n.") || strings.EqualFold(word(j+1), "n")) {
						continue
					}
					break
				}
			}
		}
		if isZip(w) && k == len(toks)-1 {
			d.wrappedPostal(pi, li, toks[k], w)
		}
		if isZip(w) {
			// The longest postal line of the code and up to four words.
			last := min(len(toks)-1, k+4)
			for j := k + 1; j <= last; j++ {
				t := text[toks[j][0]:toks[j][1]]
				if separators.MatchString(" "+t+" ") || j > k+1 && labelStarts(text, toks[j:min(len(toks), j+3)]) {
					last = j - 1 // "20121 Milano (MI) - P.IVA …", "00154 Roma Tel. 06 …"
					break
				}
				if sentenceEnd(t, j+1 < len(toks) && startsUpper(text[toks[j+1][0]:toks[j+1][1]])) {
					last = j // "00198 Roma. Informativa completa …"
					break
				}
			}
			for n := last; n > k; n-- {
				s, e := toks[k][0], toks[n][1]
				seg := strings.TrimRight(text[s:e], ",;-")
				pa, ok := parse.PostalLine(seg, d.Locale)
				if !ok || pa.Street != "" || pa.City == "" || strings.ContainsAny(pa.City, ",;") || parse.IsStreet(pa.City) {
					continue
				}
				if !d.hasValue(pi, li, TPostal, PostalKey(pa.Zip, pa.City)) {
					if v := add(TPostal, s, s+len(seg), PostalKey(pa.Zip, pa.City), 0); v != nil {
						v.Zip, v.City, v.Country, v.guessed, v.embedded = pa.Zip, pa.City, pa.Country, pa.Guessed, true
					}
				}
				break
			}
		}
	}
	d.embeddedName(pi, li, toks, add)
}

// wrappedPostal adds the postal line of a code that ends line li of
// prose, its city starting the next line, where the sentence wraps ("…
// con sede legale in Via dei Tigli 9, 40121" over "Bologna (BO), capitale
// sociale …"): on the next line, over the city's words, with the code's
// box too, marked embedded. The next line must go on the paragraph: right
// under line li, starting at its left edge.
func (d *Doc) wrappedPostal(pi, li int, zipSpan [2]int, zip string) {
	p := d.Pages[pi]
	nl := li + 1
	if nl >= len(p.texts) {
		return
	}
	cur, next := p.S.Page.Lines[li], p.S.Page.Lines[nl]
	if next.Angle != 0 || math.Abs(next.Box.X0-cur.Box.X0) > 2*p.S.Height || next.Box.Y0-cur.Box.Y1 > 1.5*p.S.Height {
		return
	}
	text := p.texts[nl]
	toks := parse.WordSpans(text)
	if len(toks) == 0 {
		return
	}
	last := min(len(toks)-1, 3)
	for j := 0; j <= last; j++ {
		t := text[toks[j][0]:toks[j][1]]
		if separators.MatchString(" "+t+" ") || j > 0 && labelStarts(text, toks[j:min(len(toks), j+3)]) {
			last = j - 1
			break
		}
		if sentenceEnd(t, j+1 < len(toks) && startsUpper(text[toks[j+1][0]:toks[j+1][1]])) {
			last = j
			break
		}
	}
	zf, zl := p.wordSpan(li, zipSpan[0], zipSpan[1])
	if zf < 0 {
		return
	}
	for i := len(d.Values) - 1; i >= 0 && d.Values[i].Page == pi && d.Values[i].Line == li; i-- {
		if v := &d.Values[i]; v.Type == TPostal && v.First <= zl && zf <= v.Last {
			return // the code's city is on its own line ("Springfield, XY 12345")
		}
	}
	for n := last; n >= 0; n-- {
		seg := strings.TrimRight(text[toks[0][0]:toks[n][1]], ",;-")
		pa, ok := parse.PostalLine(zip+" "+seg, d.Locale)
		if !ok || pa.Street != "" || pa.City == "" || strings.ContainsAny(pa.City, ",;") || parse.IsStreet(pa.City) || legalForms.MatchString(seg) {
			continue
		}
		first, lw := p.wordSpan(nl, toks[0][0], toks[0][0]+len(seg))
		if first < 0 {
			return
		}
		v := Value{Type: TPostal, Text: zip + " " + seg, Norm: PostalKey(pa.Zip, pa.City), Page: pi, Line: nl, First: first, Last: lw,
			Box: p.box(nl, first, lw).Union(p.box(li, zf, zl)), Zip: pa.Zip, City: pa.City, Country: pa.Country, guessed: pa.Guessed, embedded: true}
		if ref, ok := p.S.CellAt(nl, first); ok {
			v.Cell = ref.Index
		}
		d.Values = append(d.Values, v)
		return
	}
}

// labelStarts reports whether a label (Tel., Fax, P.IVA, …) starts at the
// first of the words at spans of text: a city's words end before it.
func labelStarts(text string, spans [][2]int) bool {
	words := make([]string, len(spans))
	for i, sp := range spans {
		words[i] = text[sp[0]:sp[1]]
	}
	for _, h := range labels.Find(words) {
		if h.First == 0 && h.Score >= minLabelScore {
			return true
		}
	}
	return false
}

// sentenceEnd reports whether w, a word of prose, ends its sentence: it
// ends in a full stop, is no abbreviation (one to three letters: "S.",
// "St.", "a.M."), and the next word starts with a capital (nextUpper).
func sentenceEnd(w string, nextUpper bool) bool {
	if !nextUpper || !strings.HasSuffix(w, ".") {
		return false
	}
	letters, _ := parse.LettersDigits(w)
	return letters > 3 && !strings.Contains(strings.TrimSuffix(w, "."), ".")
}

// startsUpper reports whether w starts with a capital letter.
func startsUpper(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

// embeddedName adds the company name a line of prose (its words at spans)
// starts with, up to its legal form, as legal footers print it ("Rossi
// Energia Srl, società soggetta a …", "Martin SAS au capital de …", "ACME
// S.p.A.- Sede legale …"), marked embedded. The legal form must be a word of its
// own written with a capital.
func (d *Doc) embeddedName(pi, li int, spans [][2]int, add func(Type, int, int, string, float64) *Value) {
	text := d.Pages[pi].texts[li]
	if creditLine(text) {
		return
	}
	for k := 1; k < len(spans) && k < maxNameWords; k++ {
		w := strings.TrimRight(text[spans[k][0]:spans[k][1]], ",;:-–—")
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsUpper(r) || !isLegalForm(w) {
			continue
		}
		s, e := spans[0][0], spans[k][0]+len(w)
		name := text[s:e]
		if first, _ := utf8.DecodeRuneInString(name); !unicode.IsUpper(first) || !nameLike(name) || d.hasValue(pi, li, TName, name) {
			return
		}
		if v := add(TName, s, e, name, 0); v != nil {
			v.embedded = true
		}
		return
	}
}

// isLegalForm reports whether w, a word, is a legal form ("Srl", "S.p.A.",
// "GmbH", "SAS", "Ltd.").
func isLegalForm(w string) bool {
	m := legalForms.FindStringSubmatchIndex(w)
	return m != nil && m[4] == 0 && strings.Trim(w[m[5]:], ".") == ""
}

// weakStreet reports whether s may be a street that names no kind of
// street ("Lindenhof 13", "Am Weiher 2a", "Sonnberg 39"): one to four words
// of letters and a house number.
func weakStreet(s string) bool {
	words := strings.Fields(s)
	if len(words) < 2 || len(words) > 5 || !houseNumber(strings.TrimRight(words[len(words)-1], ",")) {
		return false
	}
	for _, w := range words[:len(words)-1] {
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsLetter(r) || strings.IndexFunc(w, unicode.IsDigit) >= 0 {
			return false
		}
	}
	return true
}

// weakStreets adds, over each postal line that starts its cell, the line
// just above in the same column when it may be a street that names no
// kind of street (weakStreet): a German or Tyrolean address block
// ("Lindenhof 13" over "97080 Würzburg"); or when it was read as a postal
// line of four digits that is as well a house number before its street
// ("3071 Juniper Ridge" over "Lakeview, OH 43311", where alone it may
// be "1010 Wien"). They are marked weak.
func (d *Doc) weakStreets() {
	n := len(d.Values)
	for i := 0; i < n; i++ {
		v := d.Values[i]
		if v.Type != TPostal || v.Line <= 0 || v.embedded {
			continue
		}
		p := d.Pages[v.Page]
		s := p.S
		c := s.Cells[v.Line][v.Cell]
		if c.First != v.First {
			continue
		}
		for _, up := range s.Above(layout.CellRef{Line: v.Line, Index: v.Cell}, 1, 1.6) {
			uc := s.Cells[up.Line][up.Index]
			if math.Abs(uc.Box.X0-c.Box.X0) > 2*s.Height {
				continue
			}
			cs := p.offsets[up.Line][uc.First]
			ce := p.offsets[up.Line][uc.Last] + len(s.Page.Words[s.Page.Lines[up.Line].Words[uc.Last]].Text)
			text := p.texts[up.Line][cs:ce]
			if !(weakStreet(text) && !parse.IsStreet(text) || numberFirstPostal(text, d.Locale)) {
				continue
			}
			w := Value{Type: TStreet, Text: text, Norm: text, Page: v.Page, Line: up.Line, First: uc.First, Last: uc.Last,
				Box: uc.Box, Cell: up.Index, weak: true}
			d.Values = append(d.Values, w)
		}
	}
}

// wrappedNames adds the names of companies printed over two lines of one
// column, the legal form wrapped onto the second ("Rossi Costruzioni
// Società a responsabilità" over "limitata semplificata"): a name that
// fills its cell, and under it, starting within two line heights of its
// left edge, a cell of nothing but words of legal forms. The joined name
// stands on the first line; its parts stay candidates too.
func (d *Doc) wrappedNames() {
	n := len(d.Values)
	for i := 0; i < n; i++ {
		v := d.Values[i]
		if v.Type != TName || v.joined || v.embedded || v.Cell >= len(d.Pages[v.Page].S.Cells[v.Line]) {
			continue
		}
		p := d.Pages[v.Page]
		s := p.S
		c := s.Cells[v.Line][v.Cell]
		if c.First != v.First || c.Last != v.Last {
			continue
		}
		for _, down := range s.Below(layout.CellRef{Line: v.Line, Index: v.Cell}, 1, 1.6) {
			dc := s.Cells[down.Line][down.Index]
			if math.Abs(dc.Box.X0-c.Box.X0) > 2*s.Height {
				continue
			}
			words := strings.Fields(dc.Text)
			if len(words) == 0 || !slices.ContainsFunc(d.Values[:n], func(w Value) bool {
				return w.Type == TName && w.Page == v.Page && w.Line == down.Line && w.First == dc.First && w.Last == dc.Last
			}) || slices.IndexFunc(words, func(w string) bool { return !legalWord(w) }) >= 0 {
				continue
			}
			text := v.Text + " " + dc.Text
			w := v
			w.Text, w.Norm, w.Box = text, text, v.Box.Union(dc.Box)
			d.Values = append(d.Values, w)
		}
	}
}

// houseNumber reports whether w is a house number: up to four digits,
// with a letter or a part after a slash ("9", "30a", "26/8").
func houseNumber(w string) bool {
	n := 0
	for n < len(w) && isDigitByte(w[n]) {
		n++
	}
	if n == 0 || n > 4 {
		return false
	}
	rest := w[n:]
	return rest == "" || len(rest) == 1 && unicode.IsLetter(rune(rest[0])) || strings.HasPrefix(rest, "/") && len(rest) <= 4
}

// numberFirstPostal reports whether s reads as a postal line of a
// four-digit code and its city that is also a house number before its
// street (numberFirstStreet).
func numberFirstPostal(s, locale string) bool {
	pa, ok := parse.PostalLine(s, locale)
	return ok && pa.Street == "" && len(pa.Zip) == 4 && isZip(pa.Zip) && numberFirstStreet(s)
}

// numberFirstStreet reports whether s may be a street printed after its
// house number: a house number, then one to four words that start with a
// letter.
func numberFirstStreet(s string) bool {
	words := strings.Fields(s)
	if len(words) < 2 || len(words) > 5 || !houseNumber(strings.TrimRight(words[0], ",")) {
		return false
	}
	for _, w := range words[1:] {
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// isZip reports whether s is a postal code alone: four or five digits.
func isZip(s string) bool {
	if len(s) < 4 || len(s) > 5 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigitByte(s[i]) {
			return false
		}
	}
	return true
}

// trimSegment trims spaces and the punctuation around a segment.
func trimSegment(s string, start, end int) (int, int) {
	for start < end && strings.ContainsRune(" ,;:", rune(s[start])) {
		start++
	}
	for end > start && strings.ContainsRune(" ,;:", rune(s[end-1])) {
		end--
	}
	return start, end
}

// segment adds the candidates of one segment of a line's text. A segment
// that starts with a key ("Denominazione: Rossi S.r.l.", "Anschrift:
// Hauptstr. 5", "Spett.le Rossi S.r.l.") is read from after it: the key is
// not part of the value, and stays its label (dirSame). A street printed
// after other words ("Rossi S.r.l. Via Roma 1", "Sede legale via Po 7") is
// a street from its street word on, and what precedes it a segment of its
// own; a postal line followed by a street after a comma ("00100 Roma, Via
// Po 7") gives both.
func (d *Doc) segment(pi, li, s, e int, add func(Type, int, int, string, float64) *Value) {
	text := d.Pages[pi].texts[li]
	seg := text[s:e]
	if k, colon := keyEnd(seg); k > 0 {
		if vs, ve := trimSegment(text, s+k, e); ve > vs {
			d.segment(pi, li, vs, ve, add)
		}
		if colon {
			return
		}
		// A heading word may be the name's own ("Lieferant Berger GmbH"): the
		// whole segment stays a candidate too.
	}
	for off := 0; ; {
		i := strings.Index(seg[off:], ", ")
		if i < 0 {
			break
		}
		i += off
		after := seg[i+2:]
		if _, ok := parse.PostalLine(seg[:i], d.Locale); ok && parse.IsStreet(after) && parse.StreetStart(after) < 0 {
			d.segment(pi, li, s, s+i, add)
			d.segment(pi, li, s+i+2, e, add)
			return
		}
		off = i + 2
	}
	if pa, ok := parse.PostalLine(seg, d.Locale); ok {
		// The postal line starts where its code or city does; what comes
		// before it on the segment is its street.
		ps := s
		if pa.Street != "" {
			if i := strings.Index(seg, pa.Street); i >= 0 {
				ss, se := trimSegment(text, s+i, s+i+len(pa.Street))
				if se > ss && parse.IsStreet(text[ss:se]) {
					d.street(pi, li, ss, se, add)
				} else if se > ss && weakStreet(text[ss:se]) {
					if v := add(TStreet, ss, se, text[ss:se], 0); v != nil {
						v.weak = true
					}
				}
				ps = s + i + len(pa.Street)
			}
		}
		ps, _ = trimSegment(text, ps, e)
		if v := add(TPostal, ps, e, PostalKey(pa.Zip, pa.City), 0); v != nil {
			v.Country, v.guessed = pa.Country, pa.Guessed
			v.Zip, v.City = pa.Zip, pa.City
		}
		return
	}
	if parse.IsStreet(seg) && !labelsOnly(seg) {
		d.street(pi, li, s, e, add)
		return
	}
	if nameLike(seg) && !keyAlone(text, e) {
		add(TName, s, e, seg, 0)
	} else if k := legalStart(seg); k > 0 {
		// "ACME SARL au capital de 10 000 €": the name before its legal
		// line.
		if ns, ne := trimSegment(text, s, s+k); ne > ns && nameLike(text[ns:ne]) {
			add(TName, ns, ne, text[ns:ne], 0)
		}
	}
}

// legalKind reports whether a label kind starts a company's legal line: its
// share capital or its entry in a register ("au capital de", "Cap. soc.",
// "Stammkapital", "RCS", "HRB", "Registro imprese").
func legalKind(k labels.Kind) bool {
	return k == labels.ShareCapital || k == labels.CompanyRegister
}

// legalStart returns the byte offset in seg of the first label of a legal
// line (see legalKind), or -1.
func legalStart(seg string) int {
	words := strings.Fields(seg)
	for _, h := range labels.Find(words) {
		if h.Score < minLabelScore || !legalKind(h.Kind) {
			continue
		}
		off := wordsEnd(seg, words, h.First)
		return strings.Index(seg[off:], words[h.First]) + off
	}
	return -1
}

// wordsEnd returns the byte offset in seg after its first n words (words
// is strings.Fields(seg)).
func wordsEnd(seg string, words []string, n int) int {
	off := 0
	for _, w := range words[:n] {
		off += strings.Index(seg[off:], w) + len(w)
	}
	return off
}

// keyAlone reports whether the segment of text ending at e was cut before
// a colon: it is a key whose value stands elsewhere, in the next cell or
// the line below ("Name:", "Nummer:"), not a name. (trimSegment takes the
// colon off the segment itself.)
func keyAlone(text string, e int) bool {
	return strings.HasPrefix(strings.TrimLeft(text[e:], " "), ":")
}

// street adds a street candidate, and when the street starts after other
// words, the street from its street word on and the words before it as a
// segment of their own.
func (d *Doc) street(pi, li, s, e int, add func(Type, int, int, string, float64) *Value) {
	text := d.Pages[pi].texts[li]
	add(TStreet, s, e, text[s:e], 0)
	// A street and house number that go on with a second address line
	// after a comma ("12 rue des Lilas, Bâtiment B", "Via Roma 1, scala
	// A"): the first line is the street too. "Via Roma, 1" has no number
	// before its comma, and stays whole.
	if i := strings.Index(text[s:e], ", "); i > 0 {
		head, tail := text[s:s+i], text[s+i+2:e]
		if r, _ := utf8.DecodeRuneInString(tail); unicode.IsLetter(r) && strings.ContainsAny(head, "0123456789") && parse.IsStreet(head) {
			add(TStreet, s, s+i, head, 0)
		}
	}
	if k := parse.StreetStart(text[s:e]); k > 0 {
		add(TStreet, s+k, e, text[s+k:e], 0)
		if ps, pe := trimSegment(text, s, s+k); pe > ps && nameLike(text[ps:pe]) {
			add(TName, ps, pe, text[ps:pe], 0)
		}
	}
}

// keyEnd returns the end of the key a segment starts with, or 0: a label
// ending in a colon ("Denominazione:", "Indirizzo:", "Company name:"), or
// a party heading or a party-name key followed by the value ("Spett.le
// Rossi S.r.l.", "Venduto da Amazon EU", "Bill to ACME Ltd").
func keyEnd(seg string) (end int, colon bool) {
	words := strings.Fields(seg)
	if len(words) < 2 {
		return 0, false
	}
	if i := strings.IndexByte(seg, ':'); i > 0 && i < len(seg)-1 {
		kw := strings.Fields(seg[:i])
		if len(kw) > 0 && len(kw) <= 6 {
			for _, h := range append(labels.Find(kw), labels.FindKeys(kw)...) {
				if h.Score >= minLabelScore && h.Last == len(kw)-1 {
					return i + 1, true
				}
			}
		}
		// A key of one to three words the lexicon does not know ("Name:",
		// "Attn:", "Nome reparto:"): words of letters before a colon.
		if len(kw) > 0 && len(kw) <= 3 && !strings.ContainsAny(seg[:i], "0123456789/@.") {
			return i + 1, true
		}
	}
	for _, h := range labels.Find(words) {
		if h.Score < minLabelScore || h.First != 0 || h.Last >= len(words)-1 {
			continue
		}
		if partyKind(h.Kind) {
			return wordsEnd(seg, words, h.Last+1), false
		}
	}
	return 0, false
}

// PostalKey is the normal form of a postal line: code and city.
func PostalKey(zip, city string) string {
	return strings.ToUpper(strings.ReplaceAll(zip, " ", "")) + "\t" + strings.ToUpper(strings.TrimSpace(city))
}

// nameLike reports whether a segment could be a name: a few words with
// letters, not a label alone, not a sentence, not a value.
// honorifics are the titles printed before a person's name, lower case
// without their dots: alone, they name nobody.
var honorifics = map[string]bool{
	"sig": true, "sigg": true, "sigra": true, "sig.ra": true, "dott": true, "dott.ssa": true, "dssa": true, "dr": true, "ing": true,
	"avv": true, "geom": true, "rag": true, "arch": true, "prof": true, "prof.ssa": true, "egr": true, "gent": true, "gent.mo": true,
	"mr": true, "mrs": true, "ms": true, "miss": true, "mx": true, "sir": true, "madam": true, "dr.": true,
	"herr": true, "herrn": true, "frau": true, "hr": true, "fr": true, "dipl.-ing": true, "mag": true,
	"m": true, "mme": true, "mlle": true, "me": true, "monsieur": true, "madame": true, "mademoiselle": true,
}

func nameLike(seg string) bool {
	letters, digits := parse.LettersDigits(seg)
	words := strings.Fields(seg)
	if letters < 2 || digits > letters || len(words) > maxNameWords || strings.Contains(seg, "@") || period(words) {
		return false
	}
	if t := strings.TrimSpace(seg); strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")") || strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") {
		return false // a remark in brackets
	}
	if strings.Contains(seg, "://") || strings.HasPrefix(strings.ToLower(strings.TrimSpace(seg)), "www.") || strings.HasSuffix(strings.TrimSpace(seg), ":") {
		return false // a web address, or a key alone
	}
	if t := strings.Trim(seg, " ,.-"); parse.CountryName(t) != "" || len(words) == 1 && letters <= 2 || letters <= 2 && digits == 0 {
		return false // a country alone, or a code ("IT", "EU", "- IT")
	}
	if len(words) == 1 && functionWords[strings.ToLower(strings.Trim(words[0], ",.:;"))] {
		return false // a preposition or an article alone ("Für", "Per")
	}
	if !slices.ContainsFunc(words, func(w string) bool { return !honorifics[strings.ToLower(strings.Trim(w, ",.:;"))] }) {
		return false // a title alone ("Dott.", "Mr", "Frau Dr.")
	}
	if len(words) == 1 && len(words[0]) == 16 && validate.CodiceFiscale(words[0]) {
		return false // a person's codice fiscale, which has more letters than digits
	}
	if _, ok := parse.Currency(seg); ok || parse.IsQuantity(seg) {
		return false // a currency alone ("EUR", "Euro"), a quantity ("31 Tage")
	}
	if m := legalForms.FindStringIndex(seg); m != nil && strings.TrimSpace(seg[:m[0]]) == "" && strings.Trim(seg[m[1]:], " .,()") == "" {
		return false // a legal form alone ("GmbH", "S.r.l.")
	}
	if creditLine(seg) {
		return false
	}
	for _, m := range parse.FindDates(seg, "") {
		if utf8.RuneCountInString(seg[m.Start:m.End]) >= 6 {
			return false // a place and a date ("Milano, 12 marzo 2026"), a date with words
		}
	}
	// Not a legal line ("SARL au capital de 10 000 €", "Amtsgericht
	// München HRB 12345"), and not labels and keys alone ("Totale",
	// "Adresse", "Contact details").
	covered, legal := labelWords(words)
	return !legal && slices.Contains(covered, false)
}

// labelWords marks the words of labels and keys found in words, and
// reports whether one of them starts a company's legal line.
func labelWords(words []string) (covered []bool, legal bool) {
	covered = make([]bool, len(words))
	for _, h := range append(labels.Find(words), labels.FindKeys(words)...) {
		if h.Score < minLabelScore {
			continue
		}
		legal = legal || legalKind(h.Kind)
		for k := h.First; k <= h.Last; k++ {
			covered[k] = true
		}
	}
	return covered, legal
}

// labelsOnly reports whether every word of seg with a letter in it is a
// word of a label or key found in it: a label alone ("Käufer:", "Adresse"),
// or a numbered heading ("5 IMPORTO DOVUTO"), which no street is, though
// its words may read as one (a number before a word, a word ending as
// streets end).
func labelsOnly(seg string) bool {
	words := strings.Fields(seg)
	covered, _ := labelWords(words)
	lettered := false
	for i, w := range words {
		if strings.IndexFunc(w, unicode.IsLetter) < 0 {
			continue
		}
		if !covered[i] {
			return false
		}
		lettered = true
	}
	return lettered
}

// creditVerbs and creditWords start the line in which the program that
// made a document, or an agent, credits itself ("powered by …", "Erstellt
// mit …", "Réalisé avec …", "Generato da …"): its company is no party.
var (
	creditVerbs = setOf("powered", "generated", "created", "made", "produced", "designed", "developed", "built",
		"erstellt", "generiert", "erzeugt", "réalisé", "realise", "réalisée", "généré", "genere", "créé", "cree",
		"propulsé", "propulse", "conçu", "realizzato", "realizzata", "generato", "generata", "creato", "creata",
		"sviluppato", "prodotto", "elaborato")
	creditWords = setOf("by", "with", "using", "von", "mit", "durch", "par", "avec", "da", "con", "tramite")
	// agentPhrases say that one party issues the document for another
	// ("Issued by X on behalf of Y"): the line names both, as neither.
	agentPhrases = []string{" on behalf of ", " im auftrag von ", " im namen von ", " pour le compte de ",
		" au nom de ", " per conto di ", " in nome e per conto di "}
)

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// creditLine reports whether seg is a program's or an agent's credit line
// (see creditVerbs), which names no party of the invoice.
func creditLine(seg string) bool {
	words := strings.Fields(strings.ToLower(seg))
	if len(words) >= 2 && creditVerbs[strings.Trim(words[0], ",.:;-–()")] && creditWords[strings.Trim(words[1], ",.:;")] {
		return true
	}
	low := " " + strings.Join(words, " ") + " "
	for _, p := range agentPhrases {
		if strings.Contains(low, p) {
			return true
		}
	}
	return false
}

// period reports whether words name a month or a period of months and
// years ("April 2015", "Jan.–Mar. 2026"), not a name.
func period(words []string) bool {
	month := false
	for _, w := range words {
		switch {
		case parse.IsMonth(w):
			month = true
		case strings.IndexFunc(w, unicode.IsLetter) >= 0:
			return false
		}
	}
	return month
}

// A block is a group of segments stacked one under another.
type block struct {
	page       int
	first      int // its first line
	lines      int // how many lines
	x0, x1, cx float64
	bottom     float64
	has        [numTypes]int
	// customer marks a block holding the key of the customer's or
	// contract number (see Doc.customerKeyed).
	customer bool
	// postalRank counts the blocks before it on its page that hold a
	// postal code.
	postalRank int
}

// inWindow reports whether block b is where a window envelope shows the
// addressee: on the first page, a postal address of two to seven lines no
// wider than half the page, between about 35 and 110 mm from the top of an
// A4 sheet (DIN 5008, and the windows on the left or the right of C5/DL
// envelopes across Europe). A letter prints its recipient there, and an
// invoice sent as a letter its buyer.
func (d *Doc) inWindow(b block) bool {
	p := d.Pages[b.page]
	pg := p.S.Page
	if !p.First || pg.Height <= 0 || pg.Width <= 0 || b.has[TPostal] == 0 || b.lines < 2 || b.lines > 7 {
		return false
	}
	top := pg.Lines[b.first].Box.Y0
	return top >= 0.11*pg.Height && b.bottom <= 0.38*pg.Height && b.x1-b.x0 <= 0.5*pg.Width
}

// blocks groups the cells of every page into blocks and gives each value
// its block.
func (d *Doc) blocks() {
	d.blockOf = map[cellKey]int{}
	for pi, p := range d.Pages {
		s := p.S
		var open []int // indexes into d.blks of blocks still open
		for li, cells := range s.Cells {
			if s.Page.Lines[li].Angle != 0 {
				// A turned line is a block of its own.
				for ci, c := range cells {
					d.blks = append(d.blks, block{page: pi, first: li, lines: 1, x0: c.Box.X0, x1: c.Box.X1, cx: (c.Box.X0 + c.Box.X1) / 2, bottom: c.Box.Y1})
					d.blockOf[cellKey{pi, li, ci}] = len(d.blks) - 1
				}
				continue
			}
			var still []int
			for _, bi := range open {
				if s.Page.Lines[li].Box.Y0-d.blks[bi].bottom <= 1.6*s.Height {
					still = append(still, bi)
				}
			}
			open = still
			for ci, c := range cells {
				best, bestD := -1, math.Inf(1)
				for _, bi := range open {
					b := &d.blks[bi]
					if b.bottom >= c.Box.Y0+0.3*s.Height {
						continue // on the same line
					}
					dist := math.Min(math.Abs(c.Box.X0-b.x0), math.Min(math.Abs(c.Box.X1-b.x1), math.Abs((c.Box.X0+c.Box.X1)/2-b.cx)))
					if dist < 1.5*s.Height && dist < bestD {
						best, bestD = bi, dist
					}
				}
				if best < 0 {
					d.blks = append(d.blks, block{page: pi, first: li, x0: c.Box.X0, x1: c.Box.X1, cx: (c.Box.X0 + c.Box.X1) / 2})
					best = len(d.blks) - 1
				}
				b := &d.blks[best]
				b.lines++
				b.bottom = c.Box.Y1
				d.blockOf[cellKey{pi, li, ci}] = best
				open = append(open, best)
			}
		}
	}
	for k, bi := range d.blockOf {
		if hasKind(d.Pages[k.page].labels[k.line][k.cell], labels.CustomerNumber) {
			d.blks[bi].customer = true
		}
	}
	d.valuesAt = map[cellKey][]int{}
	for i := range d.Values {
		v := &d.Values[i]
		k := cellKey{v.Page, v.Line, v.Cell}
		d.valuesAt[k] = append(d.valuesAt[k], i)
		if bi, ok := d.blockOf[k]; ok {
			d.blks[bi].has[v.Type]++
			v.block = bi + 1
		}
	}
	// The blocks of a page are consecutive in d.blks.
	rank := 0
	for j := range d.blks {
		if j == 0 || d.blks[j].page != d.blks[j-1].page {
			rank = 0
		}
		d.blks[j].postalRank = rank
		if d.blks[j].has[TPostal] > 0 {
			rank++
		}
	}
}

// customerKeyed reports whether the key of the buyer's customer or
// contract number stands in v's block b, on v's line or on one of the two
// lines over it: what a supplier prints beside its customer's number is
// its customer's data ("N° Cliente" in a row of keys over the buyer's
// fiscal code and VAT number, "Kunden-Nr." among the buyer's address
// lines). Lines over v count within two and a half line heights.
func (d *Doc) customerKeyed(v *Value, b block) bool {
	if b.customer {
		return true
	}
	p := d.Pages[v.Page]
	top := p.S.Page.Lines[v.Line].Box.Y0
	for lj := max(0, v.Line-2); lj <= v.Line && lj < len(p.labels); lj++ {
		if top-p.S.Page.Lines[lj].Box.Y1 > 2.5*p.S.Height {
			continue
		}
		for _, hs := range p.labels[lj] {
			if hasKind(hs, labels.CustomerNumber) {
				return true
			}
		}
	}
	return false
}

// hasKind reports whether one of hs is a label of kind k.
func hasKind(hs []labelHit, k labels.Kind) bool {
	return slices.ContainsFunc(hs, func(h labelHit) bool { return h.kind == k })
}

// blockFeatures sets a value's features about its block: where the block
// is, what else it holds, where in it the value stands.
func (d *Doc) blockFeatures(v *Value, set func(string, float64)) {
	bi, ok := d.blockOf[cellKey{v.Page, v.Line, v.Cell}]
	if !ok {
		return
	}
	b := d.blks[bi]
	set("blk.first", flag(v.Line == b.first))
	set("blk.second", flag(v.Line == b.first+1))
	set("blk.lines", math.Log(float64(b.lines)))
	set("blk.postal", flag(b.has[TPostal] > 0))
	set("blk.street", flag(b.has[TStreet] > 0))
	set("blk.vat", flag(b.has[TVAT] > 0))
	set("blk.contact", flag(b.has[TEmail]+b.has[TPhone] > 0))
	set("blk.amounts", flag(b.has[TAmount] > 1))
	set("blk.postalrank", math.Min(float64(b.postalRank), 3))
	set("blk.window", flag(d.inWindow(b)))
	p := d.Pages[v.Page]
	set("blk.customer", flag(d.customerKeyed(v, b)))
	// What stands on the lines right under the value in its block.
	for lj := v.Line + 1; lj < len(p.S.Cells) && lj <= v.Line+2; lj++ {
		for cj := range p.S.Cells[lj] {
			if d.blockOf[cellKey{v.Page, lj, cj}] != bi {
				continue
			}
			for _, k := range d.valuesAt[cellKey{v.Page, lj, cj}] {
				switch d.Values[k].Type {
				case TStreet:
					set("under.street", 1)
				case TPostal:
					set("under.postal", 1)
				}
			}
		}
	}
	if v.Type == TName {
		set("name.legal", flag(legalForms.MatchString(v.Text)))
		words := strings.Fields(v.Text)
		set("name.words", float64(len(words))/5)
		upper := 0
		for _, r := range v.Text {
			if unicode.IsUpper(r) {
				upper++
			}
		}
		set("name.upper", float64(upper)/float64(max(1, len([]rune(v.Text)))))
		set("name.digits", flag(strings.IndexFunc(v.Text, unicode.IsDigit) >= 0))
		set("name.code", flag(len(words) > 0 && codeWord(words[0]) && (len(words) == 1 || strings.HasPrefix(words[1], "("))))
		set("name.joined", flag(v.joined))
		set("name.cell", flag(v.First == p.S.Cells[v.Line][v.Cell].First && v.Last == p.S.Cells[v.Line][v.Cell].Last))
		// Words joined by a slash ("Lieferant/Freiberufler") count one by
		// one.
		lex, n, form := 0, 0, 0
		for _, w := range strings.FieldsFunc(v.Text, func(r rune) bool { return unicode.IsSpace(r) || r == '/' }) {
			n++
			if labels.InLexicon(w) {
				lex++
			}
			if legalWord(w) {
				form++
			}
		}
		set("name.lex", float64(lex)/float64(max(1, n)))
		set("name.formonly", flag(n > 0 && form == n))
		set("name.passing", flag(namedInPassing(v.Text)))
		set("name.lower", lowerShare(words))
		set("name.fnend", flag(len(words) > 1 && functionWords[strings.ToLower(strings.Trim(words[len(words)-1], ",;:"))]))
		set("name.heading", headingShare(words))
		ns := d.names
		set("name.top", flag(p.First && v.Line == ns.topLine))
		set("name.maxsize", flag(p.First && ns.maxSize > 0 && d.fontSize(v) >= ns.maxSize-0.1))
		set("name.blkfirst", flag(ns.blockFirst[bi] == v.Line))
		set("name.attn", flag(ns.blockFirst[bi] != v.Line && addressedByTitle(words)))
		set("name.officer", flag(d.officerName(v)))
		set("name.domain", flag(d.inDomain(v.Text)))
		set("name.mentions", math.Log1p(float64(d.mentions(v))))
	}
}

// officerWords are the words, lower case without their colon or
// brackets, that name the function of a company's officer in its legal
// data: managing directors, boards and their chairs, legal
// representatives. An owner ("Inhaber", "titolare") is left out: a sole
// trader's name is the vendor's.
var officerWords = setOf(
	"geschäftsführer", "geschäftsführerin", "geschäftsführung", "geschäftsführende", "vorstand", "vorstände",
	"vorsitz", "vorsitzender", "vorsitzende", "aufsichtsrat", "aufsichtsratsvorsitzender", "aufsichtsratsvorsitzende", "prokurist",
	"director", "directors", "ceo", "chairman", "chairwoman", "chairperson",
	"amministratore", "amministratori", "amministratrice", "presidente", "rappresentante",
	"gérant", "gérante", "gérants", "président", "présidente", "directeur", "directrice", "dirigeant")

// officerWord reports whether w is one of officerWords once its colon and
// brackets are trimmed.
func officerWord(w string) bool {
	return officerWords[strings.ToLower(strings.Trim(w, ":()[],;."))]
}

// officerName reports whether a name is a company's officer: its own
// words name the function ("Petra Lang (Vorsitz)"); or a key naming one
// stands before it on its line, with its colon ("Geschäftsführer: Max
// Muster", "Amministratore unico: Mario Rossi", "Gérant : Jean Martin");
// or such a key starts the line right over it in its column, the list of
// names going on under it ("Vorstand: Anna Berg," over "Jonas Keller").
func (d *Doc) officerName(v *Value) bool {
	s := d.Pages[v.Page].S
	l := s.Page.Lines[v.Line]
	text := func(k int) string { return s.Page.Words[l.Words[k]].Text }
	for k := v.First; k <= v.Last && k < len(l.Words); k++ {
		if officerWord(text(k)) {
			return true
		}
	}
	colon := false
	for k := v.First - 1; k >= 0 && k >= v.First-4; k-- {
		w := text(k)
		colon = colon || strings.HasSuffix(w, ":") || w == ":"
		if officerWord(w) {
			return colon
		}
	}
	if v.Cell >= len(s.Cells[v.Line]) {
		return false
	}
	for _, up := range s.Above(layout.CellRef{Line: v.Line, Index: v.Cell}, 1, 1.6) {
		ul := s.Page.Lines[up.Line]
		c := s.Cells[up.Line][up.Index]
		if first := s.Page.Words[ul.Words[c.First]].Text; officerWord(first) {
			for k := c.First; k <= c.Last && k <= c.First+3; k++ {
				if w := s.Page.Words[ul.Words[k]].Text; strings.HasSuffix(w, ":") || w == ":" {
					return true
				}
			}
		}
	}
	return false
}

// attentionKeys are the words that introduce a person at a company in an
// address, lower case without their dots, as honorifics are.
var attentionKeys = setOf("attn", "attention", "z.hd", "z.h", "zhd", "c.a", "a.c.a")

// addressedByTitle reports whether a name's words start with a title or
// a key of attention ("Herrn", "Sig.", "Attn.", "z. Hd.", "Alla c.a."),
// as a person is addressed.
func addressedByTitle(words []string) bool {
	if len(words) < 2 {
		return false
	}
	w := func(i int) string { return strings.ToLower(strings.Trim(words[i], ",.:;")) }
	first := w(0)
	switch second := w(1); first {
	case "alla":
		return second == "c.a" || second == "cortese" || second == "att.ne" || second == "attenzione"
	case "z":
		return second == "hd" || second == "h"
	case "all'attenzione", "à", "a":
		return first != "a" && first != "à" || strings.HasPrefix(second, "l'att")
	}
	return honorifics[first] || attentionKeys[first]
}

// legalWords are the words legal forms are spelt out with ("Società a
// responsabilità limitata semplificata", "Gesellschaft mit beschränkter
// Haftung", "Société par actions simplifiée", "Limited Liability
// Company"), folded as labels.Normalize folds them.
var legalWords = map[string]bool{
	"societa": true, "a": true, "responsabilita": true, "limitata": true, "semplificata": true, "unipersonale": true,
	"per": true, "azioni": true, "in": true, "accomandita": true, "semplice": true, "nome": true, "collettivo": true,
	"cooperativa": true, "consortile": true, "gesellschaft": true, "mit": true, "beschrankter": true, "haftung": true,
	"und": true, "co": true, "compagnie": true, "kommanditgesellschaft": true, "aktiengesellschaft": true,
	"societe": true, "anonyme": true, "responsabilite": true, "limitee": true, "simplifiee": true, "par": true,
	"actions": true, "unipersonnelle": true, "limited": true, "liability": true, "company": true, "partnership": true,
	"public": true, "incorporated": true, "corporation": true,
}

// legalWord reports whether a word belongs to a legal form, abbreviated
// ("S.r.l.", "GmbH") or spelt out.
func legalWord(w string) bool {
	if legalForms.MatchString(w) {
		return true
	}
	return w == "&" || legalWords[labels.Normalize(w)]
}

// namedInPassing reports whether text names a company only in passing,
// in words about another ("Società con unico socio Rossi Holding S.p.A.",
// "soggetta a direzione e coordinamento della Bianchi S.r.l."): before its
// first legal form, the capitalised words of the company's name follow
// two or more words in lower case.
func namedInPassing(text string) bool {
	words := strings.Fields(text)
	k := slices.IndexFunc(words, func(w string) bool { return legalForms.MatchString(w) })
	if k < 0 {
		return false
	}
	named := func(w string) bool { return startsUpper(w) || strings.IndexFunc(w, unicode.IsDigit) == 0 }
	for k > 0 && named(words[k-1]) {
		k--
	}
	lower := 0
	for k > 0 && !named(words[k-1]) {
		lower++
		k--
	}
	return lower >= 2
}

// lowerShare is the share of words that start with a lower-case letter,
// among the words that start with a letter.
func lowerShare(words []string) float64 {
	lower, n := 0, 0
	for _, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsLetter(r) {
			continue
		}
		n++
		if unicode.IsLower(r) {
			lower++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(lower) / float64(n)
}

// headingShare is the share of the words of a name, not counting
// function words, that head a section of an invoice (see headingWords).
func headingShare(words []string) float64 {
	heading, n := 0, 0
	for _, w := range words {
		w = strings.ToLower(strings.Trim(w, ",;:.()'’"))
		if w == "" || functionWords[w] || strings.IndexFunc(w, unicode.IsLetter) < 0 {
			continue
		}
		n++
		if headingWords[w] {
			heading++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(heading) / float64(n)
}

// headingWords are words that head a section of an invoice in the four
// languages (notes, details, summaries, periods, notices), which a
// party's name is seldom made of.
var headingWords = map[string]bool{
	// Italian
	"note": true, "annotazioni": true, "informativa": true, "privacy": true, "dati": true, "riepilogo": true,
	"dettaglio": true, "dettagli": true, "comunicazioni": true, "avvisi": true, "avviso": true, "causale": true,
	"periodo": true, "letture": true, "consumi": true, "informazioni": true, "aggiuntive": true,
	"versione": true,
	// English
	"notes": true, "remarks": true, "returns": true, "details": true, "summary": true, "information": true,
	"period": true, "comments": true, "instructions": true, "notice": true, "additional": true,
	"version": true,
	// German
	"hinweise": true, "hinweis": true, "bemerkungen": true, "bemerkung": true, "anmerkungen": true,
	"zeitraum": true, "übersicht": true, "informationen": true, "zusammenfassung": true,
	"abrechnungszeitraum": true, "verbrauch": true, "zusätzliche": true, "fassung": true,
	// French
	"remarques": true, "remarque": true, "informations": true, "détails": true, "récapitulatif": true,
	"période": true, "commentaires": true, "observations": true, "complémentaires": true,
}

// functionWords are the prepositions, articles and conjunctions of the
// four languages that a phrase may end with and a name does not: a name
// ending with one is a piece of a sentence cut at a line's end.
var functionWords = map[string]bool{
	// Italian
	"di": true, "del": true, "della": true, "dei": true, "degli": true, "delle": true, "da": true, "dal": true,
	"dalla": true, "al": true, "alla": true, "nel": true, "nella": true, "per": true, "con": true, "su": true,
	"e": true, "ed": true, "il": true, "lo": true, "la": true, "gli": true, "le": true, "un": true, "una": true,
	"che": true, "o": true,
	// English
	"of": true, "the": true, "a": true, "an": true, "and": true, "or": true, "to": true, "for": true, "in": true,
	"on": true, "at": true, "by": true, "with": true, "from": true,
	// German
	"der": true, "die": true, "das": true, "den": true, "dem": true, "des": true, "und": true, "oder": true,
	"von": true, "vom": true, "zu": true, "zum": true, "zur": true, "für": true, "mit": true, "bei": true,
	"im": true, "auf": true, "aus": true,
	// French
	"de": true, "du": true, "les": true, "et": true, "ou": true, "à": true, "au": true, "aux": true,
	"pour": true, "par": true, "en": true, "sur": true, "avec": true,
}

// codeWord reports whether a word is a code of letters and digits: both
// kinds of character, and no lower-case letter after the first ("RF01",
// "TD04", "N2.2", "FPR12"; not "3M" alone nor "Büro2000").
func codeWord(w string) bool {
	letters, digits, lower := 0, 0, 0
	for i, r := range w {
		switch {
		case unicode.IsDigit(r):
			digits++
		case unicode.IsLetter(r):
			letters++
			if i > 0 && unicode.IsLower(r) {
				lower++
			}
		}
	}
	return letters > 0 && digits > 0 && lower == 0 && letters+digits >= 3
}

// nameStats are document-wide facts about the name candidates.
type nameStats struct {
	topLine    int         // the first line of the first page holding a name
	maxSize    float64     // the largest font of a name on the first page
	blockFirst map[int]int // per block, the first line holding a name
	domains    []string    // web and e-mail domains printed, lower case
	lower      [][]string  // per page, per line, its text in lower case
	// all indexes the lines of lower, joined by NULs in their order;
	// starts holds each line's offset in it and first each page's first
	// line (see mentions). all is built when first needed.
	all    *suffixarray.Index
	starts []int
	first  []int
}

// fontSize returns the font size of a value's first word.
func (d *Doc) fontSize(v *Value) float64 {
	s := d.Pages[v.Page].S
	return s.Page.Words[s.Page.Lines[v.Line].Words[v.First]].FontSize
}

var domainRe = regexp.MustCompile(`(?i)(?:@|www\.|https?://)([a-z0-9][a-z0-9.-]*\.[a-z]{2,})`)

// nameFacts computes the name statistics, once the blocks are known.
func (d *Doc) nameFacts() {
	ns := nameStats{topLine: -1, blockFirst: map[int]int{}}
	for i := range d.Values {
		v := &d.Values[i]
		if v.Type != TName || v.Line < 0 {
			continue
		}
		if d.Pages[v.Page].First {
			if ns.topLine < 0 || v.Line < ns.topLine {
				ns.topLine = v.Line
			}
			ns.maxSize = math.Max(ns.maxSize, d.fontSize(v))
		}
		if bi, ok := d.blockOf[cellKey{v.Page, v.Line, v.Cell}]; ok {
			if l, seen := ns.blockFirst[bi]; !seen || v.Line < l {
				ns.blockFirst[bi] = v.Line
			}
		}
	}
	for _, p := range d.Pages {
		low := make([]string, len(p.texts))
		for li, t := range p.texts {
			low[li] = strings.ToLower(t)
			for _, m := range domainRe.FindAllStringSubmatch(t, -1) {
				ns.domains = append(ns.domains, strings.ToLower(m[1]))
			}
		}
		ns.lower = append(ns.lower, low)
	}
	d.names = ns
}

// inDomain reports whether a word of a name (of four letters or more) is
// part of a web or e-mail domain printed on the document: a company's
// name and its site's ("Rossi Impianti", "www.rossiimpianti.it").
func (d *Doc) inDomain(name string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len([]rune(w)) < 4 {
			continue
		}
		for _, dom := range d.names.domains {
			if strings.Contains(dom, w) {
				return true
			}
		}
	}
	return false
}

// mentions counts the other lines of the document that name a name's text
// (a company named in its letterhead, its footer and its payment line).
func (d *Doc) mentions(v *Value) int {
	t := strings.ToLower(strings.TrimSpace(v.Text))
	if len(t) < 4 {
		return 0
	}
	if !strings.Contains(t, "\x00") {
		return d.names.mentions(t, v.Page, v.Line)
	}
	n := 0
	for pi, low := range d.names.lower {
		for li, l := range low {
			if (pi != v.Page || li != v.Line) && strings.Contains(l, t) {
				n++
			}
		}
	}
	return n
}

// mentions counts the lines that hold t, other than line li of page pi, by
// looking t up in the index of all lines rather than in each line: one
// name is looked for, and a document may hold as many names as lines. t
// holds no NUL, so that its occurrences lie within one line.
func (ns *nameStats) mentions(t string, pi, li int) int {
	if ns.all == nil {
		var b []byte
		for _, low := range ns.lower {
			ns.first = append(ns.first, len(ns.starts))
			for _, l := range low {
				ns.starts = append(ns.starts, len(b))
				b = append(append(b, l...), 0)
			}
		}
		ns.all = suffixarray.New(b)
	}
	own := -1
	if pi >= 0 && pi < len(ns.lower) && li >= 0 && li < len(ns.lower[pi]) {
		own = ns.first[pi] + li
	}
	offs := ns.all.Lookup([]byte(t), -1)
	sort.Ints(offs)
	n, last := 0, -1
	for _, off := range offs {
		k := sort.SearchInts(ns.starts, off+1) - 1 // the line holding off
		if k != last && k != own {
			n++
		}
		last = k
	}
	return n
}
