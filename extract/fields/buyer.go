package fields

import (
	"math"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/parse"
)

// This file holds the rules that read the buyer beyond its labelled address
// block: what a buyer's name looks like, key/value grids of customer data
// ("Cliente  Mario Rossi" / "Codice fiscale  RSS…"), identifiers labelled
// as the buyer's ("Vs. P.IVA", "Partita IVA cliente" over its value) and
// postal lines printed in forms the generic parser does not read.

// nameParticles are the short words that stay lower-case inside a name
// ("Comune di Roma", "Ludwig van Beethoven", "Rossi e figli").
var nameParticles = map[string]bool{
	"di": true, "de": true, "del": true, "della": true, "dei": true, "degli": true, "delle": true, "dello": true,
	"da": true, "e": true, "ed": true, "von": true, "van": true, "der": true, "den": true, "zu": true, "zum": true,
	"und": true, "du": true, "des": true, "la": true, "le": true, "les": true, "et": true, "of": true, "the": true,
	"and": true, "y": true, "c/o": true, "d'": true, "l'": true, "&": true,
}

// legalFormWord matches a legal form written as one word, which some
// issuers print in lower case ("srl", "spa", "gmbh").
var legalFormWord = regexp.MustCompile(`^(?i:s\.?r\.?l\.?s?|s\.?p\.?a\.?|s\.?a\.?s\.?|s\.?n\.?c\.?|gmbh|ag|kg|ohg|ltd\.?|inc\.?|llc|sarl|sas|sa|bv|nv|plc|co\.?|onlus|coop\.?)$`)

// lowerWord reports whether w is a lower-case word of running text: it
// starts with a lower-case letter, holds no capital, has at least two
// letters and is neither a name particle nor a legal form.
func lowerWord(w string) bool {
	w = strings.Trim(w, ",;:.()\"'’")
	if nameParticles[strings.ToLower(w)] || legalFormWord.MatchString(w) {
		return false
	}
	letters := 0
	for i, r := range w {
		switch {
		case unicode.IsUpper(r):
			return false
		case unicode.IsLetter(r):
			if i == 0 && !unicode.IsLower(r) {
				return false
			}
			letters++
		case i == 0:
			return false
		}
	}
	return letters >= 2
}

// sentenceLike reports whether text reads as running text rather than a
// name: two lower-case words of running text ("Cliente, Le comunichiamo
// che…", "Buyer contact name"), or a final period after a lower-case word
// ("ed un marchio distinti."; an abbreviation such as "pub." is no such
// word).
func sentenceLike(text string) bool {
	return lowerRun(text, 2)
}

// lowerRun is sentenceLike with at least n lower-case words of running
// text.
func lowerRun(text string, n int) bool {
	words := strings.Fields(text)
	k := 0
	for _, w := range words {
		if lowerWord(w) {
			k++
		}
	}
	if k >= n {
		return true
	}
	if len(words) > 0 {
		last := words[len(words)-1]
		if strings.HasSuffix(last, ".") && utf8.RuneCountInString(last) > 5 && lowerWord(last) {
			return true
		}
	}
	return false
}

// addressKeys are the keys of a customer's own address in key/value
// blocks, folded to lower case. A supply address ("Indirizzo di fornitura")
// is where a service is delivered, not the buyer's address, and is left
// out.
var addressKeys = map[string]bool{
	"indirizzo": true, "indirizzo di fatturazione": true, "indirizzo fatturazione": true, "indirizzo cliente": true,
	"indirizzo sede": true, "sede": true, "sede legale": true, "residenza": true, "domicilio": true,
	"address": true, "billing address": true, "adresse": true, "adresse de facturation": true,
	"anschrift": true, "rechnungsadresse": true,
}

// keyOnly reports whether text is only the key of a party's field
// ("Ragione Sociale", "INDIRIZZO"), printed above or beside its value.
func keyOnly(text string) bool {
	k := strings.ToLower(strings.TrimSpace(strings.TrimRight(strings.TrimSpace(text), ":")))
	return partyKeys[k] != "" || addressKeys[k]
}

// plausibleBuyerName reports whether text can be the buyer's name: a
// name-like line that is neither running text, a key nor a street with its
// number.
func plausibleBuyerName(text string) bool {
	if strings.ContainsAny(text, "0123456789") && parse.IsStreet(text) {
		return false
	}
	return nameLikeBesideWeakLabels(text) && !sentenceLike(text) && !keyOnly(text)
}

// nameLikeBesideWeakLabels is isNameLike, except that words that are only
// weak labels ("Ordine", "Data") do not keep a line that goes on with other
// words from being a name ("ORDINE DEGLI ARCHITETTI").
func nameLikeBesideWeakLabels(text string) bool {
	if isNameLike(text) {
		return true
	}
	words := strings.Fields(text)
	weak := make([]bool, len(words))
	for _, h := range labels.Find(words) {
		if h.Score >= 0.7 {
			return false
		}
		for i := h.First; i <= h.Last; i++ {
			weak[i] = true
		}
	}
	var rest []string
	for i, w := range words {
		if !weak[i] {
			rest = append(rest, w)
		}
	}
	return len(rest) >= 2 && len(rest) < len(words) && isNameLike(strings.Join(rest, " "))
}

// attentionRE finds a name given for the attention of someone ("ATTN:
// Rossi Srl", "z. Hd. Frau Weber", "À l'attention de …").
var attentionRE = regexp.MustCompile(`^(?i:attn\.?|attention|à l'attention de|a l'attention de|all'attenzione di|alla c\.\s?a\.|c\.\s?a\.|z\.\s?hd\.?|zu händen(?: von)?)\s*:?\s+(.+)$`)

// attentionName returns the name of a "for the attention of" line.
func attentionName(text string) (string, bool) {
	m := attentionRE.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil || !plausibleBuyerName(m[1]) {
		return "", false
	}
	return cleanName(m[1]), true
}

// buyerRegionOK reports whether a block under buyer label h on line l can
// be the buyer's: its first line that can be read as a name is a plausible
// name, not running text ("Gentile Cliente, Le comunichiamo che…") or a key
// ("INDIRIZZO"); and a salutation followed by words on its line is
// followed by a name ("Gentile Cliente," greets any customer, and the
// letter's text follows).
func buyerRegionOK(l *line, h labels.Hit, r region) bool {
	if salutation(h.Label) && len(r.parts) > 0 && r.parts[0].l == l && !plausibleBuyerName(r.parts[0].text) {
		return false
	}
	for _, pt := range r.parts {
		t := pt.text
		if name, ok := attentionName(t); ok {
			t = name
		} else if _, _, kv := splitKey(t); kv {
			continue
		}
		// A contact line with a few lower-case words may head a block
		// ("Buyer contact name, Buyer dep"); four make a sentence.
		if lowerRun(t, 4) {
			return false
		}
		if isTitle(t) || !isNameLike(t) {
			continue
		}
		return !keyOnly(t)
	}
	return true
}

// widenBuyerHit extends a buyer label to the start of its column segment
// when only other buyer labels and separators precede it there
// ("Cessionario / Intestazione documento"): the block below starts under
// the first of them.
func widenBuyerHit(l *line, h labels.Hit) labels.Hit {
	first := h.First
	for first > 0 && !l.gapAfter(first-1) {
		prev := first - 1
		if isFiller(l.words[prev].Text) {
			first = prev
			continue
		}
		found := false
		for _, o := range l.hits {
			if o.Kind == labels.BuyerBlock && o.Last == prev {
				first, found = o.First, true
				break
			}
		}
		if !found {
			break
		}
	}
	if first < h.First && !isFiller(l.words[first].Text) {
		h.First = first
	}
	return h
}

// capAfterCity finds an Italian postal line that gives the postcode after
// the city and province, with its key ("Via Roma, 3, Ancona (AN) CAP:
// 60121 - IT").
var capAfterCity = regexp.MustCompile(`^(.*?),?\s+(\p{Lu}[\p{L}' ]*?)\s*\(([A-Z]{2})\)\s*(?i:CAP|C\.A\.P\.)\s*:?\s*(\d{5})\b\s*(?:-\s*([A-Z]{2}))?\s*$`)

// postalLine reads a postal line as parse.PostalLine does, and also a
// postcode after the city and province with its key followed by a
// country code.
func postalLine(text, locale string) (parse.PostalAddress, bool) {
	t := strings.TrimSpace(text)
	if m := capAfterCity.FindStringSubmatch(t); m != nil {
		pa, ok := parse.PostalLine(m[4]+" "+strings.TrimSpace(m[2])+" ("+m[3]+")", locale)
		if !ok {
			return parse.PostalAddress{}, false
		}
		pa.Street = strings.TrimSpace(strings.TrimRight(m[1], " ,"))
		if m[5] != "" {
			pa.Country, pa.Guessed = m[5], false
		}
		return pa, true
	}
	return parse.PostalLine(text, locale)
}

// gridRow is one row of a key/value grid: a key printed in the grid's key
// column and its value in the value column, continued on the lines below
// that hold only a value.
type gridRow struct {
	key   string
	hits  []labels.Hit
	value string
	box   layout.Rect
	page  int
}

// buyerGrid reads the buyer from a key/value grid whose first row is a
// buyer label with the buyer's name as its value ("Cliente  Mario Rossi",
// "INTESTATARIO CONTRATTO  MARIO ROSSI") and whose other rows give the
// buyer's identifiers or address ("Codice fiscale  RSS…", "Indirizzo  Via
// Roma 1 …"). The label must start its key, so that "Tipologia cliente
// Domestico" is no such grid. Of several grids, the first page's first
// wins.
func (x *extractor) buyerGrid() (partyData, bool) {
	var best partyData
	found := false
	x.m.hitsAbove(0.25, func(p *page, l *line, h labels.Hit) {
		if found {
			return
		}
		rows, ok := gridRows(p, l, h)
		if !ok {
			return
		}
		if d, ok := x.readGrid(rows); ok {
			best, found = d, true
		}
	}, labels.BuyerBlock)
	return best, found
}

// gridRows collects the rows of the grid whose first row's key holds label
// h on line l: the label starts its column segment, at most one word
// qualifies it ("Intestatario contratto"), and a value follows across a
// gap. The grid goes on while lines start at the key's or the value's
// column, up to a wide vertical gap, another block label or a section
// heading.
func gridRows(p *page, l *line, h labels.Hit) ([]gridRow, bool) {
	if l.angle != 0 || h.First > 0 && !l.gapAfter(h.First-1) {
		return nil, false
	}
	keyEnd := h.Last
	for keyEnd < len(l.words)-1 && !l.gapAfter(keyEnd) {
		keyEnd++
	}
	if keyEnd-h.Last > 1 || keyEnd >= len(l.words)-1 {
		return nil, false
	}
	keyX, valueX := l.words[h.First].Box.X0, l.words[keyEnd+1].Box.X0
	key, _ := l.span(h.First, keyEnd)
	value, box := l.span(keyEnd+1, segmentEnd(l, keyEnd+1))
	rows := []gridRow{{key: key, hits: []labels.Hit{h}, value: value, box: box, page: p.num}}
	prevBottom := l.box.Y1
	for _, o := range p.lines[l.index+1:] {
		if o.angle != 0 || len(rows) >= 14 || o.box.Y0-prevBottom > 2.6*math.Max(o.height, l.height) {
			break
		}
		k := wordAt(o, keyX)
		if k > 0 && !o.gapAfter(k-1) {
			k = -1
		}
		if k >= 0 {
			if blockLabel(o, k) || sectionStart(o, k) {
				break
			}
			end := k
			for end < len(o.words)-1 && !o.gapAfter(end) {
				end++
			}
			row := gridRow{page: p.num}
			row.key, row.box = o.span(k, end)
			for _, oh := range o.hits {
				if oh.First >= k && oh.Last <= end {
					row.hits = append(row.hits, oh)
				}
			}
			if end+1 < len(o.words) && math.Abs(o.words[end+1].Box.X0-valueX) < 1.5*o.height {
				var vbox layout.Rect
				row.value, vbox = o.span(end+1, segmentEnd(o, end+1))
				row.box = union(row.box, vbox)
			}
			rows = append(rows, row)
			prevBottom = o.box.Y1
			continue
		}
		if v := wordAt(o, valueX); v >= 0 && (v == 0 || o.gapAfter(v-1)) {
			text, vbox := o.span(v, segmentEnd(o, v))
			last := &rows[len(rows)-1]
			last.value = strings.TrimSpace(last.value + " " + text)
			last.box = union(last.box, vbox)
			prevBottom = o.box.Y1
		}
	}
	return rows, len(rows) >= 2
}

// idWords find the words of an identifier key that name a fiscal code and
// a VAT number.
var (
	fiscalWord = regexp.MustCompile(`(?i)fisc|(?:^|[^\p{L}])c\.?\s?f\.?(?:[^\p{L}]|$)`)
	vatWord    = regexp.MustCompile(`(?i)iva|vat|tva|ust|mwst|(?:^|[^\p{L}])p\.?\s?i\.?(?:[^\p{L}]|$)`)
)

// readGrid reads a buyer's data from the rows of a grid: the name from the
// first row, the identifiers from rows keyed by a VAT-number or fiscal-code
// label, the address from a row keyed by an address key. It reports
// whether a name and some other datum were read.
func (x *extractor) readGrid(rows []gridRow) (partyData, bool) {
	var d partyData
	first := rows[0]
	if !plausibleBuyerName(first.value) {
		return d, false
	}
	d.name = candidate{str: cleanName(first.value), score: 0.75, page: first.page, box: first.box, ok: true}
	others := 0
	for _, r := range rows[1:] {
		if r.value == "" {
			continue
		}
		if idKey := gridIDKey(r); idKey {
			vat, fiscal := readIDs(r.key, r.value)
			if vat != "" && !d.vat.ok {
				d.vat = candidate{str: vat, score: 0.75, page: r.page, box: r.box, ok: true}
				others++
			}
			if fiscal != "" && !d.fiscal.ok {
				d.fiscal = candidate{str: fiscal, score: 0.75, page: r.page, box: r.box, ok: true}
				others++
			}
			continue
		}
		if addressKeys[strings.ToLower(strings.TrimSpace(strings.TrimRight(r.key, ": ")))] && !d.zip.ok {
			if pa, ok := postalLine(r.value, x.locale); ok {
				sc := 0.7
				d.zip = candidate{str: pa.Zip, score: sc, page: r.page, box: r.box, ok: true}
				d.city = candidate{str: trimCodes(pa.City), score: sc, page: r.page, box: r.box, ok: pa.City != ""}
				if st := streetPart(pa.Street); st != "" && parse.IsStreet(st) {
					d.address = candidate{str: firstAddressLine(st), score: sc * 0.9, page: r.page, box: r.box, ok: true}
				}
				if pa.Country != "" && !pa.Guessed {
					d.country = candidate{str: pa.Country, score: sc, page: r.page, box: r.box, ok: true}
				} else if pa.Country != "" {
					d.guessedCountry = candidate{str: pa.Country, score: 0.45, page: r.page, box: r.box, ok: true}
				}
				others++
			}
		}
	}
	return d, others > 0
}

// gridIDKey reports whether a grid row's key labels a VAT number or fiscal
// code.
func gridIDKey(r gridRow) bool {
	for _, h := range r.hits {
		if h.Kind == labels.VATNumber || h.Kind == labels.FiscalCode {
			return true
		}
	}
	return false
}

// readIDs reads the identifiers a key labels from its value: a personal
// fiscal code (16 characters) is the fiscal code; an 11-digit number is the
// VAT number or the fiscal code as the key says, both when it names both
// ("C.F./P.IVA 01234567890"); two numbers under a key naming both are
// given in the key's order ("CF/P.IVA 80012345678 / 01234567890").
func readIDs(key, value string) (vat, fiscal string) {
	fi, vi := fiscalWord.FindStringIndex(key), vatWord.FindStringIndex(key)
	var numbers []string
	for _, m := range parse.FindCodiciFiscali(value) {
		if len(m.Value) == 16 {
			if fi != nil && fiscal == "" {
				fiscal = m.Value
			}
			continue
		}
		numbers = append(numbers, m.Value)
	}
	if len(numbers) == 0 {
		for _, m := range parse.FindVATIDs(value) {
			numbers = append(numbers, m.Value)
		}
	}
	switch {
	case len(numbers) == 0:
	case fi != nil && vi != nil && len(numbers) >= 2:
		if fi[0] < vi[0] {
			fiscal, vat = firstNonEmpty(fiscal, numbers[0]), numbers[1]
		} else {
			vat, fiscal = numbers[0], firstNonEmpty(fiscal, numbers[1])
		}
	case vi != nil:
		vat = numbers[0]
		if fi != nil && fiscal == "" && allDigits(vat) {
			fiscal = numbers[0]
		}
	case fi != nil && fiscal == "" && allDigits(numbers[0]):
		fiscal = numbers[0]
	}
	return vat, fiscal
}

// allDigits reports whether s is a number without a country prefix.
func allDigits(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) < 0
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// namesAgree reports whether two printings name the same party: one
// contains the other, or they differ only by particles ("COMUNE SAN
// MARTINO AL PIANO" and "COMUNE DI SAN MARTINO AL PIANO").
func namesAgree(a, b string) bool {
	if sameName(a, b) {
		return true
	}
	key := func(s string) string {
		var out []string
		for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			if !nameParticles[w] {
				out = append(out, w)
			}
		}
		return strings.Join(out, " ")
	}
	ka, kb := key(a), key(b)
	return len(ka) >= 6 && ka == kb
}

// mergeGrid completes the buyer read from its block with a grid of customer
// data. When the block names the same party (or none) the grid fills what
// the block lacks, its identifiers override the block's, and of two
// printings of the name the fuller one stays; when a weak block (an address
// window, a salutation) names another party the labelled grid replaces it.
// A strongly labelled block that names another party keeps its data.
func mergeGrid(b *partyData, blockScore float64, g partyData) {
	switch {
	case !b.name.ok || !namesAgree(b.name.str, g.name.str) && blockScore < 0.7:
		b.name, b.address, b.zip, b.city, b.country, b.guessedCountry = g.name, g.address, g.zip, g.city, g.country, g.guessedCountry
		b.email = candidate{}
	case !namesAgree(b.name.str, g.name.str):
		return
	default:
		if len(strings.Fields(g.name.str)) > len(strings.Fields(b.name.str)) {
			b.name = g.name
		}
		if !b.zip.ok {
			b.address, b.zip, b.city = g.address, g.zip, g.city
			if !b.country.ok {
				b.country, b.guessedCountry = g.country, g.guessedCountry
			}
		}
	}
	if g.vat.ok {
		b.vat = g.vat
	}
	if g.fiscal.ok {
		b.fiscal = g.fiscal
	}
}

// keyedBuyerIDs reads the identifiers that keys inside the buyer's block
// label ("Codice Fiscale: 80012345678", "Partita IVA: 01234567890", or a
// key alone on its line over its value): the key tells a fiscal code from
// a VAT number where the bare number does not.
func keyedBuyerIDs(r region) (vat, fiscal candidate) {
	for i, pt := range r.parts {
		for _, h := range pt.l.hits {
			if h.Score < minLabelScore || h.First < pt.first || h.Kind != labels.VATNumber && h.Kind != labels.FiscalCode {
				continue
			}
			key, _ := pt.l.span(h.First, h.Last)
			value, box := "", pt.box
			if h.Last+1 < len(pt.l.words) {
				value, box = pt.l.span(h.Last+1, segmentEnd(pt.l, h.Last+1))
			} else if i+1 < len(r.parts) {
				value, box = r.parts[i+1].text, r.parts[i+1].box
			}
			v, f := readIDs(key, value)
			c := candidate{score: 0.8, page: pt.l.page, box: box, ok: true}
			if v != "" && !vat.ok {
				c.str = v
				vat = c
			}
			if f != "" && !fiscal.ok {
				c.str = f
				fiscal = c
			}
		}
	}
	return vat, fiscal
}

// yourWords are the possessives that make a VAT label the reader's, that
// is the buyer's ("Vs. P.IVA", "Vostra Partita IVA", "Your VAT No.",
// "Ihre USt-IdNr.", "Votre N° TVA").
var yourWords = map[string]bool{"vs": true, "vs.": true, "vostra": true, "vostro": true, "vostri": true, "vostre": true,
	"your": true, "ihre": true, "ihr": true, "votre": true, "vos": true}

// yourVAT reads the VAT number labelled as the reader's: the buyer's.
func (x *extractor) yourVAT() candidate {
	var c candidate
	x.m.hits(func(p *page, l *line, h labels.Hit) {
		if c.ok {
			return
		}
		first := strings.ToLower(l.words[h.First].Text)
		if !yourWords[first] && (h.First == 0 || !yourWords[strings.ToLower(l.words[h.First-1].Text)]) {
			return
		}
		text, box, ok := restOfLine(l, h)
		if !ok {
			return
		}
		if vs := parse.FindVATIDs(firstSegment(text)); len(vs) > 0 {
			c = candidate{str: vs[0].Value, score: 0.8, page: p.num, box: box, ok: true}
		}
	}, labels.VATNumber)
	return c
}

// firstSegment is text up to its first wide separator.
func firstSegment(text string) string {
	if i := strings.Index(text, "  "); i > 0 {
		return text[:i]
	}
	return text
}

// buyerIDsBelow reads identifiers printed under a heading that labels them
// as the buyer's and ends its line ("Partita IVA e codice fiscale cliente"
// over "IT01234567890  RSSMRA80A01H501U"): the values on the next line
// within the heading's width.
func (x *extractor) buyerIDsBelow() (vat, fiscal candidate) {
	x.m.hitsAbove(0.3, func(p *page, l *line, h labels.Hit) {
		if vat.ok || fiscal.ok {
			return
		}
		var buyerHit *labels.Hit
		for i, o := range l.hits {
			if o.Kind == labels.BuyerBlock && (o.First == h.Last+1 || o.Last+1 == h.First) {
				buyerHit = &l.hits[i]
			}
		}
		if buyerHit == nil {
			return
		}
		last := max(h.Last, buyerHit.Last)
		if last < len(l.words)-1 && !l.gapAfter(last) {
			return
		}
		_, lbox := l.span(min(h.First, buyerHit.First), last)
		next := p.below(l, 1.5)
		if len(next) == 0 {
			return
		}
		o := next[0]
		var parts []string
		var box layout.Rect
		for i, w := range o.words {
			if w.Box.X0 >= lbox.X0-o.height && w.Box.X0 <= lbox.X1 {
				parts = append(parts, w.Text)
				if len(parts) == 1 {
					box = w.Box
				} else {
					box = union(box, o.words[i].Box)
				}
			}
		}
		if len(parts) == 0 {
			return
		}
		key, _ := l.span(h.First, h.Last)
		value := strings.Join(parts, " ")
		v, f := readIDs(key, value)
		if v == "" && h.Kind == labels.VATNumber {
			if vs := parse.FindVATIDs(value); len(vs) > 0 {
				v = vs[0].Value
			}
		}
		if v != "" {
			vat = candidate{str: v, score: 0.75, page: p.num, box: box, ok: true}
		}
		if f != "" {
			fiscal = candidate{str: f, score: 0.75, page: p.num, box: box, ok: true}
		}
	}, labels.VATNumber, labels.FiscalCode)
	return vat, fiscal
}

// moreBuyerIDs adds to the buyer's labelled identifiers those that keys in
// its block, a heading over them, or a "your VAT number" label give.
func (x *extractor) moreBuyerIDs(buyer region, vat, fiscal candidate) (candidate, candidate) {
	kvat, kfiscal := keyedBuyerIDs(buyer)
	bvat, bfiscal := x.buyerIDsBelow()
	for _, c := range []candidate{kvat, bvat, x.yourVAT()} {
		if c.ok && !vat.ok {
			vat = c
		}
	}
	for _, c := range []candidate{kfiscal, bfiscal} {
		if c.ok && !fiscal.ok {
			fiscal = c
		}
	}
	return vat, fiscal
}

// outsideColumn reports whether line o lies wholly outside a column that
// spans x0 to x1: a line of another column, printed between two lines of an
// address block, is no edge of the block.
func outsideColumn(o *line, x0, x1 float64) bool {
	for _, w := range o.words {
		if w.Box.X1 >= x0-o.height && w.Box.X0 <= x1+o.height {
			return false
		}
	}
	return len(o.words) > 0
}

// segmentStart is the first word of the column segment that holds word i:
// a block's line starts there even when its label is indented.
func segmentStart(o *line, i int) int {
	for i > 0 && !o.gapAfter(i-1) {
		i--
	}
	return i
}

// bilingualCountry reads a country named in two languages ("Deutschland /
// Germany"): both names must give the same code.
func bilingualCountry(a, b string) string {
	if ca := countryCode(a); ca != "" && ca == countryCode(b) {
		return ca
	}
	return ""
}

// weakBuyerLine reads a buyer named after a weak label at the start of a
// line on the first page ("To: Foo Widgets Ltd"), when no block or window
// names one: the label must end in a colon and what follows on its line
// must be a company name with its legal form, and nothing else.
func weakBuyerLine(p *page) region {
	for _, l := range p.lines {
		for _, h := range l.hits {
			if h.Kind != labels.BuyerBlock || h.Score < 0.25 || h.Score >= minLabelScore || h.First != 0 {
				continue
			}
			first := h.Last + 1
			if first < len(l.words) && l.words[first].Text == ":" {
				first++
			} else if !strings.HasSuffix(l.words[h.Last].Text, ":") {
				continue
			}
			if first >= len(l.words) {
				continue
			}
			text, box := l.span(first, segmentEnd(l, first))
			words := strings.Fields(text)
			if len(words) < 2 || len(words) > 6 || !legalFormWord.MatchString(words[len(words)-1]) || !plausibleBuyerName(text) {
				continue
			}
			return region{parts: []part{{l: l, text: text, box: box, first: first}}, score: 0.5}
		}
	}
	return region{}
}

// Keys of a person's given name and surname in structured blocks.
var (
	givenNameKeys = map[string]bool{"nome": true, "name": true, "first name": true, "given name": true, "vorname": true, "prénom": true, "prenom": true}
	surnameKeys   = map[string]bool{"cognome": true, "surname": true, "last name": true, "family name": true, "nachname": true, "nom de famille": true}
)

// addSurname completes a name read from a given-name key ("Nome: MARIO")
// with the surname key that follows it in the block ("Cognome: ROSSI"), as
// e-invoice viewers print a person.
func addSurname(r region, d *partyData) {
	if !d.name.ok {
		return
	}
	given := false
	for _, pt := range r.parts {
		for _, kv := range keyPairs(pt.text) {
			key := strings.ToLower(strings.TrimSpace(kv[0]))
			switch {
			case givenNameKeys[key] && kv[1] == d.name.str:
				given = true
			case surnameKeys[key] && given && kv[1] != "" && isNameLike(kv[1]):
				d.name.str += " " + kv[1]
				d.name.box = union(d.name.box, pt.box)
				return
			}
		}
	}
}
