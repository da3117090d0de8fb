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

// region is a block of text that belongs to one party: the lines (or parts
// of lines) of an address block, a letterhead or a footer.
type region struct {
	parts []part
	score float64 // how sure the block belongs to its party
}

// part is the piece of a line that lies in a region.
type part struct {
	l     *line
	text  string
	box   layout.Rect
	first int // index of its first word in the line
}

// blockUnder collects the address block that a label at (l, h) heads: the
// rest of the label's line when it holds text, then the lines below that
// start in the label's column, until a wide vertical gap, another block
// label, or eight lines.
func blockUnder(p *page, l *line, h labels.Hit) region {
	var r region
	if text, box, ok := restOfLine(l, h); ok && !l.gapAfter(h.Last) {
		r.parts = append(r.parts, part{l: l, text: text, box: box, first: h.Last + 1})
	}
	_, lbox := l.span(h.First, h.Last)
	left := lbox.X0
	prevBottom := l.box.Y1
	valueX := 0.0 // where the values of a block of "Key: value" lines start
	for _, o := range p.lines[l.index+1:] {
		if o.angle != 0 || len(r.parts) >= 14 {
			break
		}
		if o.box.Y0-prevBottom > 2.6*math.Max(o.height, l.height) {
			break
		}
		// The piece of the line that starts in the label's column.
		first := -1
		for i, w := range o.words {
			if w.Box.X0 >= left-0.8*o.height && w.Box.X0 <= left+6*o.height {
				first = i
				break
			}
			if w.Box.X0 > left+6*o.height {
				break
			}
		}
		continued := false
		if first < 0 && valueX > 0 && len(o.words) > 0 && math.Abs(o.words[0].Box.X0-valueX) < 1.5*o.height {
			// A line that continues the value of a "Key: value" line,
			// aligned under the value ("Anschrift: Mühlenstraße 34" /
			// "90429 Nürnberg").
			first, continued = 0, true
		}
		if first < 0 {
			continue
		}
		first = segmentStart(o, first)
		if blockLabel(o, first) || sectionStart(o, first) {
			break
		}
		last := segmentEnd(o, first)
		text, box := o.span(first, last)
		r.parts = append(r.parts, part{l: o, text: text, box: box, first: first})
		prevBottom = o.box.Y1
		if x, ok := valueStart(r.parts[len(r.parts)-1]); ok {
			valueX = x
		} else if !continued {
			valueX = 0
		}
	}
	r.score = h.Score
	return r
}

// valueStart is where the value of a "Key: value" part starts.
func valueStart(pt part) (float64, bool) {
	if _, v, ok := splitKey(pt.text); !ok || v == "" {
		return 0, false
	}
	for i := pt.first; i < len(pt.l.words)-1; i++ {
		if strings.HasSuffix(pt.l.words[i].Text, ":") {
			return pt.l.words[i+1].Box.X0, true
		}
	}
	return 0, false
}

// sectionStart reports whether a heading of another section starts at word
// i of l: a document title ("INVOICE"), a column header of the items
// table, a total or the payment data, which no party block holds.
func sectionStart(l *line, i int) bool {
	for _, h := range l.hits {
		if h.First <= i && h.Last >= i && strings.HasPrefix(string(h.Kind), "party.") {
			return false // "VAT Reg. No.": a party's identifier, not the tax amount
		}
	}
	if text, _ := l.span(i, len(l.words)-1); len(parse.FindVATIDs(text)) > 0 {
		return false // "VAT DE123456788"
	}
	cols := 0
	for _, h := range l.hits {
		if h.First >= i && h.Score >= minLabelScore && strings.HasPrefix(string(h.Kind), "col.") {
			cols++
		}
	}
	if cols >= 2 {
		return true // "Description Qty Unit price": "Unit 9 …" alone is a street
	}
	for _, h := range l.hits {
		if h.First != i || h.Score < minLabelScore {
			continue
		}
		k := string(h.Kind)
		if strings.HasPrefix(k, "type.") || strings.HasPrefix(k, "financials.") ||
			strings.HasPrefix(k, "pay.") || h.Kind == labels.PaymentMethod || h.Kind == labels.PaymentTerms {
			return true
		}
	}
	return false
}

// blockLabel reports whether a party-block label starts at word i of l.
func blockLabel(l *line, i int) bool {
	for _, h := range l.hits {
		if h.First == i && (h.Kind == labels.BuyerBlock || h.Kind == labels.VendorBlock || h.Kind == labels.ShipTo) && h.Score >= minLabelScore {
			return true
		}
	}
	return false
}

// contains reports whether the region holds the line's words from index i.
func (r region) contains(l *line, i int) bool {
	for _, p := range r.parts {
		if p.l == l && i >= p.first {
			return true
		}
	}
	return false
}

// outside returns the text of the line's words that lie before the
// region's part on it (a line shared with a block in another column keeps
// its own words), or the whole line when the region has no part there.
func (r region) outside(l *line) string {
	for _, p := range r.parts {
		if p.l == l {
			text, _ := l.span(0, p.first-1)
			return text
		}
	}
	return l.text
}

// partyData is what was read for one party.
type partyData struct {
	name, vat, fiscal, address, city, zip, country, email, phone, iban, sdi candidate
	guessedCountry                                                          candidate
	office                                                                  bool            // the address is the registered office's
	exclude                                                                 map[string]bool // identifiers labelled as the other party's (idKey)
}

// idKey is an identifier without its country prefix, for comparisons.
func idKey(s string) string {
	if len(s) > 2 && unicode.IsLetter(rune(s[0])) && unicode.IsLetter(rune(s[1])) && unicode.IsDigit(rune(s[2])) {
		return s[2:]
	}
	return s
}

// buyerIDs reads the identifiers whose label names the buyer: a VAT-number
// or fiscal-code label next to a buyer word ("P.IVA cliente:", "CF
// cliente", "Customer VAT No.", "N° TVA client"), with the value after it
// on its line.
func (x *extractor) buyerIDs() (vat, fiscal candidate) {
	// The buyer word makes the key longer than the label, which weakens
	// the label's hit (see extendedKey).
	x.m.hitsAbove(0.3, func(p *page, l *line, h labels.Hit) {
		for _, o := range l.hits {
			if o.Kind != labels.BuyerBlock || o.First != h.Last+1 && o.Last+1 != h.First {
				continue
			}
			last := max(h.Last, o.Last) + 1
			for last < len(l.words) && isFiller(l.words[last].Text) {
				last++
			}
			if last >= len(l.words) {
				return
			}
			text, box := l.span(last, segmentEnd(l, last))
			c := candidate{score: 0.8, page: p.num, box: box, ok: true}
			if vs := parse.FindVATIDs(text); len(vs) > 0 && h.Kind == labels.VATNumber && !vat.ok {
				c.str = vs[0].Value
				vat = c
			}
			if fs := parse.FindCodiciFiscali(text); len(fs) > 0 && !fiscal.ok && (h.Kind == labels.FiscalCode || len(fs[0].Value) == 16) {
				c.str = fs[0].Value
				fiscal = c
			}
			return
		}
	}, labels.VATNumber, labels.FiscalCode)
	return vat, fiscal
}

// gridIDs reads the identifiers of a header grid: a row of column labels
// naming a VAT number or fiscal code beside document fields (number, date,
// customer number), with the values on the row below, each under its label
// ("Partita IVA  Cod.fiscale  Documento Nr." / "00749430427  GSTP…  130").
// Such a grid describes the customer: the issuer prints its own identifiers
// with its name.
func (x *extractor) gridIDs() (vat, fiscal candidate) {
	for _, p := range x.m.pages[:min(1, len(x.m.pages))] {
		for _, l := range p.lines {
			docFields := 0
			for _, h := range l.hits {
				switch h.Kind {
				case labels.InvoiceNumber, labels.InvoiceDate, labels.CustomerNumber:
					if h.Score >= minLabelScore {
						docFields++
					}
				}
			}
			if docFields == 0 || l.index+1 >= len(p.lines) {
				continue
			}
			for _, h := range l.hits {
				if h.Score < minLabelScore || h.Kind != labels.VATNumber && h.Kind != labels.FiscalCode {
					continue
				}
				if h.Last+1 < len(l.words) && !l.gapAfter(h.Last) {
					continue // "P.IVA 0123…": a value on the label's line
				}
				_, lbox := l.span(h.First, h.Last)
				next := p.lines[l.index+1]
				if next.box.Y0-l.box.Y1 > 1.5*next.height {
					continue
				}
				i := -1
				for k, w := range next.words {
					if w.Box.X0 >= lbox.X0-next.height && w.Box.X0 <= lbox.X1 {
						i = k
						break
					}
				}
				if i < 0 {
					continue
				}
				text, box := next.span(i, segmentEnd(next, i))
				c := candidate{score: 0.7, page: p.num, box: box, ok: true}
				if vs := parse.FindVATIDs(text); len(vs) > 0 && h.Kind == labels.VATNumber && !vat.ok {
					c.str = vs[0].Value
					vat = c
				} else if fs := parse.FindCodiciFiscali(text); len(fs) > 0 && !fiscal.ok {
					c.str = fs[0].Value
					fiscal = c
				}
			}
		}
	}
	return vat, fiscal
}

// parties finds the buyer's and the vendor's blocks and reads them.
func (x *extractor) parties() {
	buyer, vendor := x.partyRegions()
	var b, v partyData
	bvat, bfiscal := x.buyerIDs()
	if gvat, gfiscal := x.gridIDs(); !bvat.ok && !bfiscal.ok {
		bvat, bfiscal = gvat, gfiscal
	}
	bvat, bfiscal = x.moreBuyerIDs(buyer, bvat, bfiscal)
	x.readBlock(buyer, &b, true)
	addSurname(buyer, &b)
	if g, ok := x.buyerGrid(); ok {
		mergeGrid(&b, buyer.score, g)
		bvat, bfiscal = b.vat, b.fiscal
	}
	v.exclude = map[string]bool{idKey(bvat.str): bvat.ok, idKey(bfiscal.str): bfiscal.ok}
	x.readBlock(vendor, &v, false)
	addSurname(vendor, &v)
	x.senderBlockName(vendor, buyer, &v)
	if bvat.ok && (!b.vat.ok || idKey(b.vat.str) != idKey(bvat.str)) {
		b.vat = bvat
	}
	if bfiscal.ok && (!b.fiscal.ok || idKey(b.fiscal.str) != idKey(bfiscal.str)) {
		b.fiscal = bfiscal
	}
	x.vendorContacts(buyer, &v)
	x.nearbyVAT(buyer, vendor, &b, &v)
	if !b.fiscal.ok && b.vat.ok {
		b.fiscal = x.fiscalLikeVAT(b.vat)
	}
	b.inferCountry()
	v.inferCountry()

	x.setString("buyer.name", &x.r.Buyer.Name, b.name)
	x.setString("buyer.vat_number", &x.r.Buyer.VATNumber, b.vat)
	x.setString("buyer.fiscal_code", &x.r.Buyer.FiscalCode, b.fiscal)
	x.setString("buyer.address", &x.r.Buyer.Address, b.address)
	x.setString("buyer.city", &x.r.Buyer.City, b.city)
	x.setString("buyer.zip_code", &x.r.Buyer.ZipCode, b.zip)
	x.setString("buyer.country", &x.r.Buyer.Country, b.country)
	x.setString("buyer.email", &x.r.Buyer.Email, b.email)

	x.setString("vendor.name", &x.r.Vendor.Name, v.name)
	x.setString("vendor.vat_number", &x.r.Vendor.VATNumber, v.vat)
	x.setString("vendor.fiscal_code", &x.r.Vendor.FiscalCode, v.fiscal)
	x.setString("vendor.address", &x.r.Vendor.Address, v.address)
	x.setString("vendor.city", &x.r.Vendor.City, v.city)
	x.setString("vendor.zip_code", &x.r.Vendor.ZipCode, v.zip)
	x.setString("vendor.country", &x.r.Vendor.Country, v.country)
	x.setString("vendor.email", &x.r.Vendor.Email, v.email)
	x.setString("vendor.phone", &x.r.Vendor.Phone, v.phone)
	x.setString("vendor.iban", &x.r.Vendor.IBAN, v.iban)
	x.setString("vendor.sdi_code", &x.r.Vendor.SDICode, v.sdi)
}

// partyRegions returns the buyer's block (from its label, or the address
// window) and the vendor's (from its label, or the letterhead and footer of
// the first page).
func (x *extractor) partyRegions() (buyer, vendor region) {
	x.m.hits(func(p *page, l *line, h labels.Hit) {
		if h.Kind == labels.VendorBlock && inProse(l, h) {
			return
		}
		if h.Kind == labels.BuyerBlock {
			h = widenBuyerHit(l, h)
		}
		r := blockUnder(p, l, h)
		if len(r.parts) == 0 || !partyContent(r) || h.Kind == labels.BuyerBlock && !buyerRegionOK(l, h, r) {
			return
		}
		if p.num > 1 {
			r.score *= 0.7
		}
		switch {
		case h.Kind == labels.BuyerBlock && r.score > buyer.score:
			buyer = r
		case h.Kind == labels.VendorBlock && r.score > vendor.score:
			vendor = r
		}
	}, labels.BuyerBlock, labels.VendorBlock)
	if len(x.m.pages) == 0 {
		return buyer, vendor
	}
	p := x.m.pages[0]
	if len(buyer.parts) == 0 {
		buyer = addressWindow(p, vendor)
		if len(buyer.parts) == 0 {
			buyer = weakBuyerLine(p)
		}
	} else if buyer.parts[0].l.page == 1 && !hasPostalLine(buyer, x.locale) || buyer.score < 0.7 {
		// A salutation ("Gentile Rossi Srl,") or a block without a postal
		// line names the buyer; the address window that starts with the
		// same name holds the postal address.
		if w := addressWindow(p, vendor); len(w.parts) > 0 && !w.has(buyer.parts[0].l) && sameName(w.parts[0].text, buyer.parts[0].text) {
			w.score = math.Max(w.score, buyer.score)
			buyer = w
		}
	}
	if len(vendor.parts) == 0 {
		vendor = letterhead(p, buyer)
	}
	return buyer, vendor
}

// partyContent reports whether a block holds what a party's block does: a
// line that can be a name, a postal line or a VAT number. Prose under a
// word like "Fornitore" in a glossary holds none.
func partyContent(r region) bool {
	for _, pt := range r.parts {
		if _, _, kv := splitKey(pt.text); !kv && isNameLike(pt.text) {
			return true
		}
		if _, ok := parse.PostalLine(pt.text, ""); ok || len(parse.FindVATIDs(pt.text)) > 0 {
			return true
		}
		for _, kv := range keyPairs(pt.text) {
			if partyKeys[strings.ToLower(kv[0])] == "name" {
				return true
			}
		}
	}
	return false
}

// hasPostalLine reports whether a region holds a postal line.
func hasPostalLine(r region, locale string) bool {
	for _, pt := range r.parts {
		if _, ok := postalLine(pt.text, locale); ok {
			return true
		}
	}
	return false
}

// sameName reports whether two lines give the same name, one maybe with
// more words ("Gentile COMUNE DI X," and "COMUNE DI X").
func sameName(a, b string) bool {
	norm := func(s string) string {
		return strings.ToLower(strings.Join(strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }), " "))
	}
	a, b = norm(a), norm(b)
	if len(a) > len(b) {
		a, b = b, a
	}
	return len(a) >= 6 && strings.Contains(b, a)
}

func (r region) has(l *line) bool {
	for _, p := range r.parts {
		if p.l == l {
			return true
		}
	}
	return false
}

// addressWindow finds an unlabelled recipient block: a short block in the
// upper half of the first page that holds a postal line and no contact or
// registration data (those mark a letterhead), where window envelopes show
// the address — on the right (Italian and French layouts) or on the left
// (DIN 5008).
func addressWindow(p *page, avoid region) region {
	if r := underSenderLine(p, avoid); len(r.parts) > 0 {
		return r
	}
	for _, side := range []bool{true, false} {
		for _, l := range p.lines {
			if l.angle != 0 || l.box.Y0 > p.height/2 || senderLine(l.text) {
				continue
			}
			for i, w := range l.words {
				if (w.Box.X0 >= p.width*0.45) != side || avoid.contains(l, i) || i > 0 && !l.gapAfter(i-1) {
					continue
				}
				text, pbox := l.span(i, segmentEnd(l, i))
				if _, ok := parse.PostalLine(text, ""); !ok {
					continue
				}
				// Walk up to the block's start: up to four lines above in
				// the same column, each starting a column segment there (a
				// word inside a wider line, "Brennan Office Supplies Ltd",
				// is no block's edge).
				start := l
				for k := l.index - 1; k >= 0 && k >= l.index-4; k-- {
					o := p.lines[k]
					j := wordAt(o, w.Box.X0)
					if j < 0 && outsideColumn(o, w.Box.X0, pbox.X1) && start.box.Y0-o.box.Y1 <= 2*o.height {
						continue // a line of another column
					}
					if start.box.Y0-o.box.Y1 > 2*o.height || j < 0 || j > 0 && !o.gapAfter(j-1) || senderLine(o.text) {
						break
					}
					start = o
				}
				r := blockFrom(p, start, wordAt(start, w.Box.X0))
				if len(r.parts) == 0 || letterheadData(r) {
					break
				}
				r.score = 0.55
				return r
			}
		}
	}
	return region{}
}

// underSenderLine finds the recipient's block printed right under the
// sender's one-line return address in the upper half of the first page (DIN
// 5008 and its French and Italian likes): the lines that start in the
// return address's column, when they hold a postal line and no contact
// data.
func underSenderLine(p *page, avoid region) region {
	for _, l := range p.lines {
		if l.angle != 0 || l.box.Y0 > p.height/2 || len(l.words) == 0 {
			continue
		}
		if l.index+1 >= len(p.lines) || !senderLine(l.text) {
			continue
		}
		next := p.lines[l.index+1]
		i := wordAt(next, l.words[0].Box.X0)
		// The recipient's block starts right under the sender line, or
		// below the empty notes zone of a window envelope (DIN 5008).
		if i < 0 || next.box.Y0-l.box.Y1 > math.Max(2*next.height, 0.08*p.height) || avoid.contains(next, i) {
			continue
		}
		r := blockFrom(p, next, i)
		if len(r.parts) == 0 || letterheadData(r) {
			continue
		}
		if !hasPostalLine(r, "") {
			var ok bool
			if r, ok = upToCountry(r); !ok {
				continue
			}
		}
		r.score = 0.6
		return r
	}
	return region{}
}

// senderLine reports whether a line is the sender's one-line return address
// printed above an envelope window ("Rossi Srl · Via Roma 1 · 20121 Milano").
func senderLine(text string) bool {
	n := strings.Count(text, "●") + strings.Count(text, "•") + strings.Count(text, "·") + strings.Count(text, " | ")
	_, ok := parse.PostalLine(text, "")
	if n < 2 {
		// Dashes separate the pieces too ("Rossi Srl - Via Roma 1 - 20121
		// Milano"), when the line ends with the postal code and city.
		dashes := strings.Count(text, " - ") + strings.Count(text, " – ")
		return dashes >= 2 && ok
	}
	return ok || len(parse.FindAmounts(text, "")) == 0
}

// upToCountry cuts a block without a postal line after its line naming a
// country, the third or a later one: an address abroad without a postal
// code ("Hong Kong"). ok is false when no such line ends an address.
func upToCountry(r region) (region, bool) {
	for k := 2; k < len(r.parts); k++ {
		text := strings.Trim(r.parts[k].text, " .,")
		if len(strings.Fields(text)) <= 3 && countryCode(text) != "" {
			r.parts = r.parts[:k+1]
			return r, true
		}
	}
	return r, false
}

// letterheadData reports whether a block carries a vendor's contact or
// registration data, which a recipient's address block does not.
func letterheadData(r region) bool {
	for _, pt := range r.parts {
		t := strings.ToLower(pt.text)
		if len(parse.FindEmails(pt.text)) > 0 || len(parse.FindPhones(pt.text)) > 0 || len(parse.FindIBANs(pt.text)) > 0 ||
			strings.Contains(t, "http") || strings.Contains(t, "www.") {
			return true
		}
	}
	return false
}

// startsNear reports whether line o has a word starting near x.
func startsNear(o *line, x float64) bool { return wordAt(o, x) >= 0 }

func wordAt(o *line, x float64) int {
	for i, w := range o.words {
		if math.Abs(w.Box.X0-x) < 1.5*o.height {
			return i
		}
	}
	return -1
}

// blockFrom collects a block that starts at word first of line start.
func blockFrom(p *page, start *line, first int) region {
	var r region
	left, right := start.words[first].Box.X0, start.words[first].Box.X1
	prevBottom := start.box.Y0
	for _, o := range p.lines[start.index:] {
		if o.angle != 0 || len(r.parts) >= 7 {
			break
		}
		if o != start && o.box.Y0-prevBottom > 2.2*o.height {
			break
		}
		i := wordAt(o, left)
		if i < 0 {
			if o == start || outsideColumn(o, left, right) {
				continue
			}
			break
		}
		last := i
		for last < len(o.words)-1 && !o.gapAfter(last) {
			last++
		}
		text, box := o.span(i, last)
		r.parts = append(r.parts, part{l: o, text: text, box: box, first: i})
		prevBottom = o.box.Y1
		right = math.Max(right, box.X1)
	}
	return r
}

// letterhead is the vendor's unlabelled block: the top of the first page
// above the buyer's block and outside it, plus the footer and any vertical
// margin text, where issuers print their legal data.
func letterhead(p *page, buyer region) region {
	top := p.height * 0.3
	for _, pt := range buyer.parts {
		top = math.Max(top, pt.l.box.Y0)
		break
	}
	bb, hasBuyer := buyer.bounds(p.num)
	var r region
	for _, l := range p.lines {
		inTop := l.angle == 0 && l.box.Y1 <= top
		inFooter := l.angle == 0 && (l.box.Y0 >= p.height*0.85 || l.box.Y0 >= p.height*0.5 && legalData(l.text))
		if !inTop && !inFooter && l.angle == 0 {
			continue
		}
		// One part per column segment of the line, outside the buyer's
		// block and without party-block labels.
		for first := 0; first < len(l.words); {
			last := first
			for last < len(l.words)-1 && !l.gapAfter(last) {
				last++
			}
			text, box := l.span(first, last)
			// Below the buyer's block and in its column: the buyer's
			// details, not the letterhead.
			underBuyer := !inFooter && hasBuyer && box.Y0 > bb.Y1 && overlapX(box, bb) > 0
			if !underBuyer && !buyer.contains(l, last) && !segmentHasBlockLabel(l, first, last) && !buyer.repeats(text) {
				r.parts = append(r.parts, part{l: l, text: text, box: box, first: first})
			}
			first = last + 1
		}
	}
	r.score = 0.6
	return r
}

// readBlock reads name, identifiers and address from a party's region.
func (x *extractor) readBlock(r region, d *partyData, isBuyer bool) {
	if len(r.parts) == 0 {
		return
	}
	base := math.Min(1, r.score+0.25)
	// Name: the first line of a labelled block; in a letterhead, the most
	// prominent line with letters.
	nameIdx := -1
	bestSize := 0.0
	keyed := x.keyedBlock(r, d, base)
	for i, pt := range r.parts {
		if d.name.ok {
			break
		}
		if name, ok := attentionName(pt.text); ok && isBuyer {
			d.name = candidate{str: name, score: base * 0.85, page: pt.l.page, box: pt.box, ok: true}
			nameIdx = i
			break
		}
		if _, _, ok := splitKey(pt.text); ok {
			continue // "Nummer : 549910", "Tel: …": not a name
		}
		if keyed && i > 0 {
			// A block of "Key: value" lines names its party with a key; a
			// free line in it is a section title.
			continue
		}
		if !isBuyer && !isNameLike(pt.text) || isTitle(pt.text) || isBuyer && !plausibleBuyerName(pt.text) {
			continue
		}
		if isBuyer || r.score >= 0.7 {
			nameIdx = i
			break
		}
		if pt.l.angle != 0 || pt.l.box.Y0 > pt.l.box.Y1+1000 {
			continue
		}
		size := pt.l.words[pt.first].FontSize
		if pt.l.words[pt.first].Bold {
			size *= 1.15
		}
		if size > bestSize+0.5 {
			bestSize, nameIdx = size, i
		}
	}
	if !isBuyer && r.score < 0.7 && !d.name.ok {
		// In a letterhead, footer or margin, a company is named with its
		// legal form ("Rossi Energia S.p.A.", "Lieferant GmbH").
		if name, i, ok := letterheadName(r); ok {
			pt := r.parts[i]
			d.name = candidate{str: name, score: base * 0.9, page: pt.l.page, box: pt.box, ok: true}
			nameIdx = i
		}
	}
	if nameIdx >= 0 && !d.name.ok {
		pt := r.parts[nameIdx]
		d.name = candidate{str: cleanName(pt.text), score: base * 0.85, page: pt.l.page, box: pt.box, ok: true}
		if nx, ok := nameContinues(r, nameIdx, x.locale); ok {
			d.name.str = cleanName(pt.text + " " + nx.text)
			d.name.box = union(pt.box, nx.box)
		}
	}
	if !isBuyer && r.score < 0.7 {
		x.vendorOffice(r, d, base)
	}
	for i, pt := range r.parts {
		for _, m := range parse.FindVATIDs(pt.text) {
			if d.exclude[idKey(m.Value)] {
				continue
			}
			score := base
			if m.Checked {
				score = math.Min(1, score+0.1)
			}
			if !isBuyer {
				score += vatLabelWeight(pt, m)
			}
			if i == nameIdx && !isBuyer && r.score < 0.7 {
				// In a letterhead, the number printed with the company's
				// name is the company's.
				score += 0.05
			}
			c := candidate{str: m.Value, score: score, page: pt.l.page, box: pt.box, ok: true}
			if c.better(d.vat) {
				d.vat = c
			}
		}
		for _, m := range parse.FindCodiciFiscali(pt.text) {
			if d.exclude[idKey(m.Value)] || !isBuyer && personOfCompany(d.name.str, m.Value) {
				continue
			}
			c := candidate{str: m.Value, score: base * 0.9, page: pt.l.page, box: pt.box, ok: true}
			if i == nameIdx && !isBuyer && r.score < 0.7 {
				c.score += 0.05
			}
			// A personal code (16 characters) says more than an 11-digit
			// company code, which is usually the VAT number again.
			if len(m.Value) == 16 && len(d.fiscal.str) != 16 || c.better(d.fiscal) && (len(m.Value) == 16 || len(d.fiscal.str) != 16) {
				d.fiscal = c
			}
		}
		if cc := countryCode(strings.Trim(pt.text, " .,")); cc != "" && !d.country.ok {
			d.country = candidate{str: cc, score: base * 0.85, page: pt.l.page, box: pt.box, ok: true}
		}
		pa, ok := postalLine(pt.text, x.locale)
		var wrapped part
		if !ok || pa.City == "" || pa.Street != "" && !parse.IsStreet(pa.Street) {
			if w, above, wok := wrappedPostalLine(r, i, x.locale); wok {
				pa, ok, wrapped = w, true, above
			}
		}
		if ok && !d.zip.ok && !d.office {
			sc := base * 0.85
			d.zip = candidate{str: pa.Zip, score: sc, page: pt.l.page, box: pt.box, ok: true}
			d.city = candidate{str: trimCodes(pa.City), score: sc, page: pt.l.page, box: pt.box, ok: pa.City != ""}
			switch {
			case pa.Country != "" && !pa.Guessed:
				d.country = candidate{str: pa.Country, score: sc, page: pt.l.page, box: pt.box, ok: true}
			case pa.Country != "":
				// Inferred from the postcode's form and the language hint:
				// kept only if nothing better says otherwise.
				d.guessedCountry = candidate{str: pa.Country, score: 0.45, page: pt.l.page, box: pt.box, ok: true}
			}
			if wrapped.l != nil {
				d.address = candidate{str: firstAddressLine(pa.Street), score: sc * 0.9, page: wrapped.l.page, box: wrapped.box, ok: true}
			} else if a, street, ok := streetOf(r, i, nameIdx, d.name.str, pa); ok {
				d.address = candidate{str: firstAddressLine(street), score: sc * 0.9, page: a.l.page, box: a.box, ok: true}
			}
		}
		if isBuyer {
			for _, m := range parse.FindEmails(pt.text) {
				if !d.email.ok {
					d.email = candidate{str: m.Value, score: base * 0.8, page: pt.l.page, box: pt.box, ok: true}
				}
			}
		}
	}
	if isBuyer && !d.zip.ok && !d.address.ok && nameIdx >= 0 {
		d.address = streetWithoutPostal(r, nameIdx, base)
	}
	d.inferCountry()
}

// streetWithoutPostal reads the street of an address printed without a
// postal code (abroad: "93B Harbour Road" over "Hong Kong"): the line
// right under the name, a street by its form, followed by the last lines
// of the block, the last of them a country.
func streetWithoutPostal(r region, nameIdx int, base float64) candidate {
	k := nameIdx + 1
	n := len(r.parts)
	if k >= n-1 || n-k > 3 || countryCode(strings.Trim(r.parts[n-1].text, " .,")) == "" {
		return candidate{}
	}
	pt := r.parts[k]
	if !parse.IsStreet(pt.text) || !isAddressLike(pt.text) {
		return candidate{}
	}
	return candidate{str: firstAddressLine(strings.TrimSpace(pt.text)), score: base * 0.7, page: pt.l.page, box: pt.box, ok: true}
}

// wrappedPostalLine reads the postal line r.parts[i], without a city or a
// street of its own, whose city starts at the end of the street line just
// above it, aligned with it in the same column ("Via Verdi, 40 San" over
// "Donato (MI) CAP: 20097"): the two lines joined read as one postal line
// with a street before the city. It returns the line above too.
func wrappedPostalLine(r region, i int, locale string) (parse.PostalAddress, part, bool) {
	pt := r.parts[i]
	j := i - 1
	for j >= 0 && (r.parts[j].l == pt.l || math.Abs(r.parts[j].box.X0-pt.box.X0) > 3) {
		j-- // a piece of another column
	}
	if j < 0 {
		return parse.PostalAddress{}, part{}, false
	}
	above := r.parts[j]
	if gap := pt.box.Y0 - above.box.Y1; gap < -1 || gap > pt.box.Y1-pt.box.Y0 {
		return parse.PostalAddress{}, part{}, false
	}
	if _, _, kv := splitKey(above.text); kv {
		return parse.PostalAddress{}, part{}, false
	}
	head := strings.TrimSpace(above.text)
	pa, ok := postalLine(head+" "+strings.TrimSpace(pt.text), locale)
	if !ok || pa.City == "" || !parse.IsStreet(pa.Street) || !strings.HasPrefix(head, pa.Street) ||
		strings.Trim(head[len(pa.Street):], " ,") == "" {
		// The street must end on the line above, the city start there.
		return parse.PostalAddress{}, part{}, false
	}
	return pa, above, true
}

// officeRE finds a registered office's address in a letterhead or footer
// ("Sede legale: 00198 Roma, Via Boccherini 15 - Registro…").
var officeRE = regexp.MustCompile(`(?i)(?:sede\s+legale|sede\s+sociale|registered\s+office|si[èe]ge\s+social|sitz\s+der\s+gesellschaft|firmensitz|gesch[äa]ftssitz)\s*(?:[:.]|e\s+amministrativa\s*:?|in)?\s*(.{8,120})`)

// officeSep separates the pieces of a registered office's address.
var officeSep = regexp.MustCompile(`\s[-–|·•]\s|,\s`)

// registeredOffice reads the vendor's address from the registered office a
// letterhead or footer prints: the postal line and the street among its
// comma- or dash-separated pieces.
func (x *extractor) registeredOffice(r region, d *partyData, base float64) {
	for _, pt := range r.parts {
		m := officeRE.FindStringSubmatch(pt.text)
		if m == nil {
			continue
		}
		var pieces []string
		for _, chunk := range officeSep.Split(m[1], 6) {
			pieces = append(pieces, strings.TrimSpace(chunk))
		}
		var pa parse.PostalAddress
		found := false
		street := ""
		for k, pc := range pieces {
			if k > 3 {
				break
			}
			if a, ok := parse.PostalLine(pc, x.locale); ok && !found && len(strings.Fields(a.City)) <= 4 {
				pa, found = a, true
				if st := streetPart(a.Street); st != "" && parse.IsStreet(st) {
					street = st
				}
				continue
			}
			if street == "" && parse.IsStreet(pc) {
				street = pc
			}
		}
		if !found {
			continue
		}
		d.setOffice(pt, street, pa, base*0.95)
		return
	}
}

// setOffice takes a registered office's street and postal address, read in
// part pt, as the party's address, with score sc.
func (d *partyData) setOffice(pt part, street string, pa parse.PostalAddress, sc float64) {
	d.office = true
	d.zip = candidate{str: pa.Zip, score: sc, page: pt.l.page, box: pt.box, ok: true}
	d.city = candidate{str: trimCodes(pa.City), score: sc, page: pt.l.page, box: pt.box, ok: pa.City != ""}
	if street != "" {
		d.address = candidate{str: street, score: sc * 0.95, page: pt.l.page, box: pt.box, ok: true}
	}
	if pa.Country != "" && !pa.Guessed {
		d.country = candidate{str: pa.Country, score: sc, page: pt.l.page, box: pt.box, ok: true}
	} else if pa.Country != "" {
		d.guessedCountry = candidate{str: pa.Country, score: 0.45, page: pt.l.page, box: pt.box, ok: true}
	}
}

// streetOf finds the street of the postal line at part i: printed before
// the postcode on its line, or on a line above it in the block. Of up to
// three lines above, up to the name, the nearest that reads as a street
// wins ("Pappelallee 15" over "Hof 3"); when none does, the line right
// above.
func streetOf(r region, i, nameIdx int, name string, pa parse.PostalAddress) (part, string, bool) {
	pt := r.parts[i]
	if _, _, kv := splitKey(pt.text); kv {
		return part{}, "", false
	}
	if st := streetPart(pa.Street); st != "" && isAddressLike(st) && !isCompany(st, name) && parse.IsStreet(st) {
		return pt, st, true
	}
	if st, ok := streetAfterName(pa.Street, name); ok && isAddressLike(st) {
		return pt, st, true
	}
	found, foundText := -1, ""
	above := 0 // parts above in the postal line's column
	for j := i - 1; j >= 0 && above < 3 && j != nameIdx; j-- {
		a := r.parts[j]
		if a.l == pt.l || overlapX(a.box, pt.box) <= 0 {
			// A piece of another column of a letterhead or footer
			// ("C.F. …", "IBAN …" printed beside the street).
			continue
		}
		above++
		text := strings.TrimSpace(a.text)
		if k, v, ok := splitKey(text); ok {
			// "Anschrift: Mühlenstraße 34" over the postal line.
			if partyKeys[strings.ToLower(k)] != "address" {
				break
			}
			text = v
		}
		if text == "" || !isAddressLike(text) || overlapX(a.box, pt.box) <= 0 || isCompany(text, name) {
			break
		}
		if parse.IsStreet(text) {
			return a, text, true
		}
		if above == 1 {
			found, foundText = j, text
		}
	}
	if found < 0 {
		return part{}, "", false
	}
	return r.parts[found], foundText, true
}

// firstAddressLine keeps the street and house number of a street line
// that goes on with a second address line after a comma ("35 rue d'ici,
// Bâtiment B" → "35 rue d'ici"); "Via Roma, 1" keeps its number.
func firstAddressLine(s string) string {
	i := strings.Index(s, ", ")
	if i < 0 {
		return s
	}
	head, tail := s[:i], strings.TrimSpace(s[i+2:])
	r, _ := utf8.DecodeRuneInString(tail)
	if !strings.ContainsAny(head, "0123456789") || !parse.IsStreet(head) || !unicode.IsLetter(r) {
		return s
	}
	return head
}

// streetPart is the street in what precedes a postcode on its line: after
// the last separator ("Rossi Srl · Via Roma 1 ·"), without trailing ones.
func streetPart(s string) string {
	for _, sep := range []string{" · ", " | ", " • "} {
		if i := strings.LastIndex(s, sep); i >= 0 {
			s = s[i+len(sep):]
		}
	}
	// After a dash only when what follows reads as a street ("Rossi Srl -
	// Via Roma 1 -"): "Via Roma 1 - Scala B" keeps its street.
	s = strings.TrimSpace(strings.TrimRight(s, " –-,;"))
	for _, sep := range []string{" - ", " – "} {
		if i := strings.LastIndex(s, sep); i >= 0 && parse.IsStreet(s[i+len(sep):]) {
			s = s[i+len(sep):]
		}
	}
	return strings.TrimSpace(strings.TrimRight(s, " ·•|–-,;"))
}

// inferCountry fills the country from the VAT prefix, or else from the
// postcode's form, when the block prints none.
func (d *partyData) inferCountry() {
	if d.country.ok {
		return
	}
	if d.vat.ok && len(d.vat.str) > 2 && unicode.IsLetter(rune(d.vat.str[0])) && unicode.IsLetter(rune(d.vat.str[1])) {
		cc := d.vat.str[:2]
		if cc == "EL" {
			cc = "GR"
		}
		d.country = candidate{str: cc, score: d.vat.score * 0.9, page: d.vat.page, box: d.vat.box, ok: true}
		return
	}
	d.country = d.guessedCountry
}

// vendorContacts reads the vendor's IBAN, e-mail, phone and SDI code from
// anywhere outside the buyer's block, preferring labelled values.
func (x *extractor) vendorContacts(buyer region, v *partyData) {
	for _, p := range x.m.pages {
		for _, l := range p.lines {
			text := buyer.outside(l)
			if text == "" {
				continue
			}
			for _, m := range parse.FindIBANs(text) {
				c := candidate{str: m.Value, score: 0.75, page: p.num, box: l.box, ok: true}
				if p.num == 1 {
					c.score = 0.8
				}
				if c.better(v.iban) {
					v.iban = c
				}
			}
			if !v.email.ok {
				for _, m := range parse.FindEmails(text) {
					v.email = candidate{str: m.Value, score: 0.6, page: p.num, box: l.box, ok: true}
					break
				}
			}
		}
	}
	x.m.hits(func(p *page, l *line, h labels.Hit) {
		if buyer.contains(l, h.First) {
			return
		}
		text, box, ok := restOfLine(l, h)
		if !ok {
			return
		}
		// The first value after a phone or e-mail label.
		firstOf := func(ms []parse.Match, weight float64, dst *candidate) {
			if len(ms) == 0 {
				return
			}
			c := candidate{str: ms[0].Value, score: h.Score * weight, page: p.num, box: box, ok: true}
			if c.better(*dst) {
				*dst = c
			}
		}
		switch h.Kind {
		case labels.Phone:
			ms := parse.FindPhones(text)
			if len(ms) == 0 {
				if ph, ok := parse.LabelledPhone(text); ok {
					ms = []parse.Match{{Value: ph}}
				}
			}
			firstOf(ms, 0.75, &v.phone)
		case labels.Email:
			firstOf(parse.FindEmails(text), 0.8, &v.email)
		case labels.IBAN:
			if c, ok := printedIBAN(text, h); ok && !v.iban.ok {
				c.page, c.box = p.num, box
				v.iban = c
			}
		case labels.SDICode:
			if w := firstWord(text); w != "" {
				if code, ok := parse.SDICode(w); ok {
					v.sdi = candidate{str: code, score: h.Score * 0.8, page: p.num, box: box, ok: true}
				}
			}
		}
	}, labels.Phone, labels.Email, labels.SDICode, labels.IBAN)
}

// printedIBAN reads the IBAN printed after an unmistakable IBAN label when
// no valid IBAN was found: all that follows the label has the form of an
// IBAN, so the document states it even when its check digits fail (the
// validation raises INVALID_IBAN_CHECKSUM then). Its score stays below
// every IBAN found by its check digits.
func printedIBAN(text string, h labels.Hit) (candidate, bool) {
	if h.Score < 1 {
		return candidate{}, false
	}
	m, ok := parse.IBAN(text)
	if !ok || m.Checked {
		return candidate{}, false
	}
	return candidate{str: m.Value, score: 0.5, ok: true}, true
}

func firstWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return strings.Trim(f[0], ":;,.")
}

// isNameLike reports whether text could be a party's name: mostly letters,
// not a postal line, an identifier or a label.
func isNameLike(text string) bool {
	letters, digits := parse.LettersDigits(text)
	if letters < 3 || digits > letters || remark(text) {
		return false
	}
	if _, ok := parse.PostalLine(text, ""); ok {
		return false
	}
	if len(parse.FindVATIDs(text)) > 0 || len(parse.FindEmails(text)) > 0 {
		return false
	}
	words := strings.Fields(text)
	if len(words) > 8 {
		return false // a sentence or a line of legal data, not a name
	}
	covered := 0
	for _, h := range labels.Find(words) {
		if h.Score < minLabelScore {
			continue
		}
		switch h.Kind {
		case labels.VendorBlock, labels.BuyerBlock, labels.ShipTo:
			covered += h.Last - h.First + 1
		default:
			return false // "Facture N° F-2026-031", "Totale 12,00": a field, not a name
		}
	}
	// "Lieferant GmbH" is a name that starts with a label word; "Rechnungs-
	// empfänger" alone is a label.
	return covered < len(words) && (covered == 0 || len(words) >= 2)
}

// remark reports whether text is wholly in parentheses or brackets: a note
// printed in a block ("(Not for remittance)"), not a name.
func remark(text string) bool {
	t := strings.TrimSpace(text)
	return len(t) > 2 && (t[0] == '(' && t[len(t)-1] == ')' || t[0] == '[' && t[len(t)-1] == ']') &&
		!strings.ContainsAny(t[1:len(t)-1], "()[]")
}

// titles are forms of address printed before a person's name.
var titles = map[string]bool{"sig.": true, "sig": true, "sig.ra": true, "sig.na": true, "sigg.": true, "dott.": true,
	"dott.ssa": true, "ing.": true, "avv.": true, "geom.": true, "rag.": true, "arch.": true, "prof.": true,
	"herrn": true, "herr": true, "frau": true, "mr": true, "mr.": true, "mrs": true, "mrs.": true, "ms": true, "ms.": true,
	"m.": true, "mme": true, "mlle": true, "monsieur": true, "madame": true, "dr.": true, "dr": true}

// isTitle reports whether text is only a form of address ("Sig.",
// "Herrn"): the name follows on the next line.
func isTitle(text string) bool {
	f := strings.Fields(strings.ToLower(strings.TrimSpace(text)))
	return len(f) == 1 && titles[strings.TrimRight(f[0], ",")]
}

// isAddressLike reports whether text could be a street line.
func isAddressLike(text string) bool {
	return isNameLikeLoose(text) && len(parse.FindVATIDs(text)) == 0
}

func isNameLikeLoose(text string) bool {
	return strings.IndexFunc(text, unicode.IsLetter) >= 0 && len(text) < 120
}

// cleanName trims punctuation left around a name.
func cleanName(s string) string {
	return strings.TrimFunc(strings.TrimSpace(s), func(r rune) bool { return r == ',' || r == ':' || r == ';' || r == '-' })
}

// splitKey splits a "Key: value" line: a key of at most four words and 45
// bytes, without digits, ending in a colon.
func splitKey(text string) (key, value string, ok bool) {
	i := strings.Index(text, ":")
	if i <= 0 || i > 45 {
		return "", "", false
	}
	key = strings.TrimSpace(text[:i])
	if len(strings.Fields(key)) > 4 || strings.IndexFunc(key, unicode.IsLetter) < 0 {
		return "", "", false
	}
	// "https://…" or a time "10:30" is no key.
	if strings.HasPrefix(text[i:], "://") || strings.IndexFunc(key, unicode.IsDigit) >= 0 {
		return "", "", false
	}
	return key, strings.TrimSpace(text[i+1:]), true
}

// nameKey reports whether a key introduces a party's name.
func nameKey(key string) bool {
	switch strings.ToLower(key) {
	case "name", "nome", "nom", "ragione sociale", "denominazione", "company", "firma", "société", "raison sociale", "company name":
		return true
	}
	return false
}

var keyValue = regexp.MustCompile(`(\p{L}[\p{L}.' ]{0,40}?)\s*:\s*(.*?)\s*(?:(?:\s\p{Lu}[\p{L}.']{1,20}(?:\s[\p{L}.']{1,20}){0,2}\s*:)|$)`)

// keyPairs splits a line of "Key: value" pairs ("Cap: 20060 Nazione: IT").
func keyPairs(text string) [][2]string {
	var out [][2]string
	rest := text
	for len(out) < 4 {
		loc := keyValue.FindStringSubmatchIndex(rest)
		if loc == nil || loc[0] != 0 && strings.TrimSpace(rest[:loc[0]]) != "" {
			break
		}
		key := strings.TrimSpace(rest[loc[2]:loc[3]])
		val := strings.TrimSpace(rest[loc[4]:loc[5]])
		out = append(out, [2]string{key, val})
		if loc[5] >= len(rest) {
			break
		}
		rest = strings.TrimSpace(rest[loc[5]:])
	}
	return out
}

// Keys of structured party blocks, as printed by e-invoice viewers and many
// accounting programs, folded to lower case.
var partyKeys = map[string]string{
	"denominazione": "name", "ragione sociale": "name", "name": "name", "nome": "name", "nom": "name",
	"company": "name", "company name": "name", "firma": "name", "raison sociale": "name", "cognome nome": "name",
	"indirizzo": "address", "address": "address", "adresse": "address", "anschrift": "address",
	"straße": "address", "strasse": "address", "via": "address", "sede": "address",
	"numero civico": "number", "n. civico": "number", "civico": "number", "hausnummer": "number",
	"cap": "zip", "c.a.p.": "zip", "plz": "zip", "postleitzahl": "zip", "code postal": "zip", "zip": "zip",
	"zip code": "zip", "postcode": "zip", "postal code": "zip",
	"comune": "city", "città": "city", "citta": "city", "località": "city", "localita": "city", "city": "city",
	"ort": "city", "stadt": "city", "ville": "city", "town": "city",
	"nazione": "country", "paese": "country", "country": "country", "land": "country", "pays": "country",
	"telefono": "phone", "tel": "phone", "tel.": "phone", "phone": "phone", "telefon": "phone", "téléphone": "phone",
	"email": "email", "e-mail": "email", "mail": "email", "courriel": "email",
}

// keyedBlock reads a block of "Key: value" lines and reports whether the
// block is one (it named the party or its address by keys).
func (x *extractor) keyedBlock(r region, d *partyData, base float64) bool {
	found := 0
	var number string
	var addr part
	for _, pt := range r.parts {
		for _, kv := range keyPairs(pt.text) {
			field := partyKeys[strings.ToLower(strings.TrimSpace(kv[0]))]
			val := kv[1]
			if field == "" || val == "" {
				continue
			}
			c := candidate{str: val, score: base * 0.9, page: pt.l.page, box: pt.box, ok: true}
			switch field {
			case "name":
				if !d.name.ok && isNameLike(val) {
					c.str = cleanName(val)
					d.name = c
					found++
				}
			case "address":
				if !d.address.ok {
					d.address, addr = c, pt
					found++
				}
			case "number":
				number = val
			case "zip":
				if z := strings.Fields(val); len(z) > 0 && !d.zip.ok {
					c.str = z[0]
					d.zip = c
					found++
				}
			case "city":
				if !d.city.ok {
					c.str = trimCodes(val)
					d.city = c
					found++
				}
			case "country":
				if cc := countryCode(val); cc != "" && !d.country.ok {
					c.str = cc
					d.country = c
				}
			case "phone":
				if p, ok := parse.LabelledPhone(val); ok && !d.phone.ok {
					c.str = p
					d.phone = c
				}
			case "email":
				if e, ok := parse.Email(val); ok && !d.email.ok {
					c.str = e
					d.email = c
				}
			}
		}
	}
	if number != "" && d.address.ok && !strings.Contains(d.address.str, number) {
		d.address.str += " " + number
		d.address.box = union(d.address.box, addr.box)
	}
	return found >= 2
}

// countryCode reads a country given as a code or a common name.
func countryCode(s string) string {
	s = strings.TrimSpace(s)
	if a, b, ok := strings.Cut(s, "/"); ok {
		return bilingualCountry(a, b)
	}
	if len(s) == 2 && strings.ToUpper(s) == s && unicode.IsLetter(rune(s[0])) && unicode.IsLetter(rune(s[1])) {
		return s
	}
	names := map[string]string{"italia": "IT", "italy": "IT", "germany": "DE", "deutschland": "DE", "germania": "DE",
		"france": "FR", "francia": "FR", "frankreich": "FR", "österreich": "AT", "austria": "AT", "schweiz": "CH",
		"suisse": "CH", "svizzera": "CH", "switzerland": "CH", "spain": "ES", "spagna": "ES", "españa": "ES",
		"united kingdom": "GB", "regno unito": "GB", "ireland": "IE", "irlanda": "IE", "irland": "IE", "irlande": "IE", "belgique": "BE", "belgium": "BE", "nederland": "NL", "netherlands": "NL"}
	if cc := names[strings.ToLower(s)]; cc != "" {
		return cc
	}
	return parse.CountryName(s)
}

// trimCodes drops what follows a city on its line after a separator, and
// trailing province and country codes ("ROMA RM IT" → "ROMA", "München ·
// USt-IdNr. DE…" → "München").
func trimCodes(city string) string {
	for _, sep := range []string{" · ", " | ", " - ", " – ", ", ", " • "} {
		if i := strings.Index(city, sep); i > 0 {
			city = city[:i]
		}
	}
	city = strings.TrimRight(city, " ●•·|–-,;")
	f := strings.Fields(city)
	for len(f) > 1 {
		last := strings.Trim(f[len(f)-1], "()")
		if len(last) == 2 && strings.ToUpper(last) == last && !strings.ContainsAny(last, "0123456789") {
			f = f[:len(f)-1]
			continue
		}
		break
	}
	return strings.Join(f, " ")
}

// segmentHasBlockLabel reports whether words [first, last] of l hold a
// party-block label.
func segmentHasBlockLabel(l *line, first, last int) bool {
	for _, h := range l.hits {
		if h.First >= first && h.First <= last && h.Score >= minLabelScore &&
			(h.Kind == labels.BuyerBlock || h.Kind == labels.VendorBlock || h.Kind == labels.ShipTo) {
			return true
		}
	}
	return false
}

// segmentEnd is the last word of the column segment that starts at first. A
// segment that ends with a key ("Name:", "Anschrift :") takes the value
// printed across the gap after it too.
func segmentEnd(l *line, first int) int {
	last := first
	for last < len(l.words)-1 && !l.gapAfter(last) {
		last++
	}
	if last < len(l.words)-1 && (strings.HasSuffix(l.words[last].Text, ":") || strings.HasPrefix(l.words[last+1].Text, ":")) {
		last++
		for last < len(l.words)-1 && !l.gapAfter(last) {
			last++
		}
	}
	return last
}

// bounds is the box around a region's parts on one page, and whether the
// region has any part there.
func (r region) bounds(page int) (layout.Rect, bool) {
	var box layout.Rect
	found := false
	for _, pt := range r.parts {
		if pt.l.page != page {
			continue
		}
		if !found {
			box, found = pt.box, true
		} else {
			box = union(box, pt.box)
		}
	}
	return box, found
}

// distance between two boxes, 0 when they overlap.
func distance(a, b layout.Rect) float64 {
	dx := math.Max(0, math.Max(a.X0-b.X1, b.X0-a.X1))
	dy := math.Max(0, math.Max(a.Y0-b.Y1, b.Y0-a.Y1))
	return math.Hypot(dx, dy)
}

// nearbyVAT gives a party without a VAT number the one printed closest to
// its block (party data sections often continue below the address block,
// after a blank line), when that number is nearer to its block than to the
// other party's, on the same page. The buyer's e-mail is found the same way.
func (x *extractor) nearbyVAT(buyer, vendor region, b, v *partyData) {
	x.nearby(buyer, vendor, parse.FindVATIDs, &b.vat, &v.vat)
	var none candidate
	x.nearby(buyer, vendor, parse.FindEmails, &b.email, &none)
}

// nearby assigns values found by find outside both blocks to the party
// whose block is nearer, when that party has none yet.
func (x *extractor) nearby(buyer, vendor region, find func(string) []parse.Match, bDst, vDst *candidate) {
	if bDst.ok && vDst.ok {
		return
	}
	for _, p := range x.m.pages {
		bb, hasB := buyer.bounds(p.num)
		vb, hasV := vendor.bounds(p.num)
		if !hasB && !hasV {
			continue
		}
		for _, l := range p.lines {
			for _, m := range find(l.text) {
				if m.Value == bDst.str || m.Value == vDst.str {
					continue
				}
				db, dv := math.Inf(1), math.Inf(1)
				if hasB {
					db = distance(l.box, bb)
				}
				if hasV {
					dv = distance(l.box, vb)
				}
				limit := 0.2 * p.height
				c := candidate{str: m.Value, score: 0.6, page: p.num, box: l.box, ok: true}
				if x0, ok := valueColumn(l, m); ok && !buyer.has(l) && !vendor.has(l) {
					gb, gv := buyer.gapAbove(l, x0), vendor.gapAbove(l, x0)
					switch {
					case gv < gb && gv < 3*l.height && !vDst.ok:
						*vDst = c
						continue
					case gb < gv && gb < 3*l.height && !bDst.ok:
						*bDst = c
						continue
					}
				}
				switch {
				case db < dv && db < limit && !bDst.ok:
					*bDst = c
				case vDst.ok && !bDst.ok && db < limit && overlapX(l.box, bb) > 0 && l.box.Y0 > bb.Y1 && (!vendor.has(l) || vendor.score < 0.7):
					// A letterhead spans the top of the page and is near
					// everything: with the vendor's number known, another
					// one below the buyer's block and in its column is the
					// buyer's, unless a labelled vendor block holds it.
					*bDst = c
				case dv < db && dv < limit && !vDst.ok:
					*vDst = c
				}
			}
		}
	}
}

// legalNameRE finds a company name: up to six words, the first capitalised,
// ending in a legal form.
var legalNameRE = regexp.MustCompile(`(?:^|[\s:;,(–-])((?:[\p{Lu}\p{N}][\p{L}\p{N}&'’.\-]*\s+(?:[\p{L}\p{N}&'’.\-]+\s+){0,5}?)` +
	`(?i:S\.?\s?p\.?\s?A\.?|S\.?\s?r\.?\s?l\.?(?:\s?s\.?)?|S\.?a\.?s\.?|S\.?n\.?c\.?|GmbH(?:\s&\sCo\.\sKG)?|AG|KG|OHG|UG|SE|SARL|S\.A\.R\.L\.?|S\.a\.r\.L\.?|SAS|SA|EURL|SNC|Ltd\.?|Limited|LLC|Inc\.?|Corp\.?|PLC|LLP|B\.?V\.?|N\.?V\.?))(?:$|[\s,;)–-])`)

// endLegalFormRE matches a legal form ending a line, those of legalNameRE
// and the German forms of associations and mutuals (e.V., eG, a.G.).
var endLegalFormRE = regexp.MustCompile(`(?i)(?:^|\s)(?:S\.?\s?p\.?\s?A\.?|S\.?\s?r\.?\s?l\.?|GmbH|mbH|AG|KG|SARL|SAS|SA|Ltd\.?|Limited|LLC|Inc\.?|Corp\.?|PLC|e\.\s?V\.|eG|a\.\s?G\.)$`)

// nameContinues returns the line that continues a block's name, printed
// over two lines ("MVM Musterhafter" / "Versicherungsverein Musterstadt
// a.G."): right under it, in its column, ending with the legal form the
// first line lacks, and neither a street nor a postal line.
func nameContinues(r region, nameIdx int, locale string) (part, bool) {
	if nameIdx+1 >= len(r.parts) {
		return part{}, false
	}
	pt, nx := r.parts[nameIdx], r.parts[nameIdx+1]
	if endLegalFormRE.MatchString(strings.TrimSpace(pt.text)) || !endLegalFormRE.MatchString(strings.TrimSpace(nx.text)) {
		return part{}, false
	}
	if nx.l == pt.l || math.Abs(nx.box.X0-pt.box.X0) > 3 || nx.box.Y0-pt.box.Y1 > pt.l.height {
		return part{}, false
	}
	if _, _, kv := splitKey(nx.text); kv || parse.IsStreet(nx.text) || !isNameLike(nx.text) {
		return part{}, false
	}
	if _, ok := postalLine(nx.text, locale); ok {
		return part{}, false
	}
	return nx, true
}

// legalName returns the company name in text, if it carries a legal form.
func legalName(text string) (string, bool) {
	m := legalNameRE.FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	name := strings.TrimSpace(m[1])
	// Drop a leading key or label ("Fornitore: …", "Sede legale …").
	if _, v, ok := splitKey(name); ok && v != "" {
		name = v
	}
	words := strings.Fields(name)
	for len(words) > 1 {
		hs := labels.Find(words[:1])
		if len(hs) == 0 || hs[0].Score < minLabelScore || hs[0].Kind == labels.VendorBlock || hs[0].Kind == labels.BuyerBlock {
			break // "Lieferant GmbH" keeps its first word
		}
		words = words[1:]
	}
	name = strings.Join(words, " ")
	if len(words) < 2 || !isNameLike(name) {
		return "", false
	}
	return cleanName(name), true
}

// isCompany reports whether text names a company (the party's name, or any
// text with a legal form) rather than a street.
func isCompany(text, name string) bool {
	if name != "" && strings.EqualFold(cleanName(text), name) {
		return true
	}
	_, ok := legalName(text)
	return ok
}

// valueColumn is the left edge of the column a value of a line spanning
// several columns stands in: that of the label right before it ("USt-IdNr
// : DE123456789" beside another column's "USt-IdNr :"), or of its segment
// when no label precedes it.
func valueColumn(l *line, m parse.Match) (float64, bool) {
	first, at := -1, 0
	for i, w := range l.words {
		if end := at + len(w.Text); end > m.Start && at < m.End {
			first = i
			break
		}
		at += len(w.Text) + 1
	}
	if first < 0 {
		return 0, false
	}
	k := first - 1
	for k >= 0 && strings.Trim(l.words[k].Text, ":") == "" {
		k--
	}
	for _, h := range l.hits {
		if k >= 0 && h.Last == k && h.Score >= minLabelScore {
			return l.words[h.First].Box.X0, true
		}
	}
	return l.words[segmentStart(l, first)].Box.X0, true
}

// gapAbove is the distance from l up to the nearest line of r above it
// whose piece starts at x0, in the same column; +Inf when none does.
func (r region) gapAbove(l *line, x0 float64) float64 {
	best := math.Inf(1)
	for _, pt := range r.parts {
		if pt.l.page != l.page || pt.box.Y1 > l.box.Y0+1 || math.Abs(pt.box.X0-x0) > 3 {
			continue
		}
		best = math.Min(best, l.box.Y0-pt.box.Y1)
	}
	return best
}

// fiscalLikeVAT finds a company's codice fiscale printed under or after a
// fiscal-code label anywhere: the same eleven digits as the party's VAT
// number say whose it is.
func (x *extractor) fiscalLikeVAT(vat candidate) candidate {
	want := idKey(vat.str)
	var out candidate
	x.m.hits(func(p *page, l *line, h labels.Hit) {
		if out.ok {
			return
		}
		texts := []string{}
		boxes := []layout.Rect{}
		if text, box, ok := restOfLine(l, h); ok {
			texts, boxes = append(texts, text), append(boxes, box)
		}
		_, lbox := l.span(h.First, h.Last)
		if next := p.below(l, 2); len(next) > 0 {
			o := next[0]
			if i := wordAt(o, lbox.X0); i >= 0 && (i == 0 || o.gapAfter(i-1)) {
				text, box := o.span(i, segmentEnd(o, i))
				texts, boxes = append(texts, text), append(boxes, box)
			}
		}
		for k, text := range texts {
			for _, m := range parse.FindCodiciFiscali(text) {
				if m.Value == want {
					out = candidate{str: m.Value, score: vat.score * 0.9, page: p.num, box: boxes[k], ok: true}
					return
				}
			}
		}
	}, labels.FiscalCode)
	return out
}
