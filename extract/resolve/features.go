package resolve

import (
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/parse"
)

// fv is one feature of a candidate: its index in featureNames and value.
type fv struct {
	id int32
	x  float32
}

// Label directions: where a label stands from a value.
const (
	dirBlock = "B" // a party heading over the value's block (Spett.le, Bill to, Lieferant)
	dirSame  = "S" // earlier in the value's own cell ("Fattura n. 123")
	dirLeft  = "L" // in a cell to the left on the value's line
	dirAbove = "A" // in the cell above, in the value's column (a key over its value)
	dirHead  = "H" // a column heading far above (a table's header row)
	dirRight = "R" // in the cell to the right
	dirLine  = "N" // anywhere on the value's line
	dirIn    = "I" // inside the value ("SARL au capital de", "Kreditinstitut: X")
)

var labelDirs = []string{dirSame, dirLeft, dirAbove, dirHead, dirRight, dirLine, dirBlock, dirIn}

// plainFeatures are the features that are not about labels.
var plainFeatures = []string{
	"bias",
	// where the value is
	"page.first", "page.last", "y", "y.sq", "x", "zone.head", "zone.foot",
	"size", "bold", "alone", "line.same", "recur", "nolabel",
	// amounts
	"amt.cur", "amt.neg", "amt.int", "amt.rank1", "amt.rank2", "amt.rank3", "amt.maxpage", "amt.lastpage.max",
	"ar.total", "ar.sub", "ar.tax", "ar.total.lab", "ar.added", "amt.zero", "amt.small",
	// a number of a row the item table reader reads as an item (its
	// quantity, price, discount, rate or amount): an item's, not a sum of
	// the document ("Kurtaxe 3 2,50 7,50": a quantity, no tax)
	"item.num",
	// an amount that is the sum of the amounts right over it in its
	// column, and one of those amounts (see Doc.columnSums); the same
	// where the column is of a VAT summary's per-rate lines (the value
	// is also their sum, or one line's base or tax: rl.basesum or
	// rl.taxsum, rl.part)
	"col.sum", "col.part", "col.rlsum", "col.rlpart",
	// payment methods (see Doc.payWords): the method named, several
	// methods named; a word in a line of prose, a word starting its cell
	"pm.bank_transfer", "pm.sepa_direct_debit", "pm.card", "pm.cash", "pm.cheque", "pm.riba", "pm.paypal", "pm.several",
	"kw.prose", "kw.start",
	// document types (see Doc.typeWords): the type named, an Italian
	// type code, a number's label, several types named, the largest type
	// word, the first line holding one
	"dt.invoice", "dt.credit_note", "dt.debit_note", "dt.proforma", "dt.fee_note", "dt.receipt",
	"dt.code", "dt.num", "dt.several", "dt.largest", "dt.firstline",
	// payment terms (see Doc.termsWords): read after, from or under the
	// label, over how many lines, the longest reading, one the next line
	// goes on, ending a sentence, the label's colon and score, stating
	// days the way terms do, words, digits, a date, an amount
	"tm.after", "tm.from", "tm.below", "tm.lines", "tm.whole", "tm.cut", "tm.end", "tm.colon", "tm.label", "tm.explicit",
	"tm.words", "tm.digit", "tm.date", "tm.amount",
	// a currency carried by an amount (see Doc.currencies)
	"cur.amount",
	// dates
	"d.first", "d.last", "d.ambig", "d.only",
	// a date after a place and a comma, as a letter dates itself
	// ("Milano, 12/03/2026", "Berlin, den 5. März 2026")
	"d.place",
	// a date and an identifier joined by a word, as a document states its
	// own number and date in one line: the number, a joining word, the
	// date ("n. 318 del 02/11/2026", "Nr. RE-2207 vom 14.10.2026"; see
	// Doc.dated)
	"d.numbered", "id.dated",
	// identifiers
	"id.len", "id.digits", "id.letters", "id.slash", "id.dash", "id.date", "id.amount", "id.year",
	"id.vat", "id.phone", "id.short", "id.long", "id.dot", "id.prefix", "id.zip", "id.measure",
	// percentages
	"pct.vat", "pct.zero", "pct.big", "pct.only", "pct.rates", "pct.bare", "pct.split",
	// identifiers with check digits
	"checked",
	// a codice fiscale of a person (16 letters and digits), not the 11
	// digits of a company's, which are its VAT number as well
	"fc.person",
	// the value's block and, for names, the name itself
	"blk.first", "blk.second", "blk.lines", "blk.postal", "blk.street", "blk.vat", "blk.contact", "blk.amounts",
	"blk.postalrank", "blk.window",
	// the key of the buyer's customer or contract number in the value's
	// block or over it (see Doc.customerKeyed)
	"blk.customer",
	"under.street", "under.postal", "name.legal", "name.words", "name.upper", "name.digits", "name.cell",
	// names among the document's names: words of the label lexicon in it,
	// the topmost and the largest on the first page, the first of its
	// block, a word of it in a web or e-mail domain, other lines naming it
	"name.lex", "name.top", "name.maxsize", "name.blkfirst", "name.domain", "name.mentions",
	// a name that is a code of letters and digits, alone or with its
	// meaning in brackets ("TD04", "RF01 (ordinario)"), a person's name joined from its given and
	// family names (see Doc.keyedAddresses)
	"name.code", "name.joined",
	// a name made only of the words of legal forms ("Limitata
	// semplificata"): a piece of a company's name cut off over two lines
	"name.formonly",
	// a company named in passing in words about another ("Società con
	// unico socio Rossi Holding S.p.A."): its parent, not a party
	"name.passing",
	// a name that reads as prose: the share of its words written in
	// lower case, and whether it ends with a word no name ends with (a
	// preposition, article or conjunction: "… riscossi dal fornitore di")
	"name.lower", "name.fnend",
	// a name made of the words that head a section of an invoice ("Note",
	// "Dettaglio", "Hinweise", "Returns"): the share of its words that are
	"name.heading",
	// a person addressed by title under a block's first line ("Herrn Max
	// Muster", "Alla c.a. Sig. Rossi" under a company's name): the
	// company's contact, not a party
	"name.attn",
	// a company's officer named in its legal data ("Geschäftsführer: Max
	// Muster", "Vorstand: … (Vorsitz)", "Amministratore unico: Mario
	// Rossi"): a person of the vendor's, not a party (see officerName)
	"name.officer",
	// the lines of a VAT summary per rate (see rateSummary): the sum of
	// their bases or of their taxes, a part of several lines' sum, a sum
	// printed nowhere
	"rl.basesum", "rl.taxsum", "rl.part", "rl.unprinted",
	// a street or postal line read inside a line of prose
	"emb", "street.weak",
	// the value the hand-written rules chose for the field, and their
	// confidence in it (see Doc.SetRules)
	"rule", "rule.conf", "rule.only",
	// a key of the field's own kind before the value in its cell, to
	// its left or over it, or none (see Value.features; a label merely
	// elsewhere on the line or in the next cell keys its own value, and
	// has its features N: and R:); and the key of another field or
	// reference, none of the field's own, in its own cell, to its left or
	// over it: a value keyed as something else (a transmission id after
	// its key is no document number; see otherFeatures)
	"own", "own.none", "own.other",
	// a value read by OCR: always, with no label, and how much OCR doubts
	// its least sure word (1 − its confidence)
	"ocr", "ocr.nolabel", "ocr.doubt",
}

// nanpPhone is a North American phone number without its country code
// ("415-555-0134", "(415) 555-0134", "415.555.0134"), shaped as an
// identifier.
var nanpPhone = regexp.MustCompile(`^(\(\d{3}\) ?|\d{3}[-.])\d{3}[-.]\d{4}$`)

var (
	featureNames []string
	featureIndex map[string]int32
)

func init() {
	featureIndex = map[string]int32{}
	add := func(n string) {
		featureIndex[n] = int32(len(featureNames))
		featureNames = append(featureNames, n)
	}
	for _, n := range plainFeatures {
		add(n)
	}
	for _, k := range labels.Kinds() {
		for _, d := range labelDirs {
			add(d + ":" + string(k))
		}
	}
}

func init() {
	idOwn, idOwnNone, idOwnOther, idRule, idRuleConf = fid("own"), fid("own.none"), fid("own.other"), fid("rule"), fid("rule.conf")
}

// ownKinds maps a field to the label kinds that name it.
var ownKinds = map[string][]labels.Kind{}

// ownFeatures marks, for each field, the features of its own keys: a
// label of its kind in the value's cell, to its left or over it. A label
// elsewhere on the line or in the cell to the right is another value's
// key as often (a row of keys "Art. 5 | Numero documento" puts the
// number's key right of a legal reference).
var ownFeatures = map[string][]bool{}

// otherFeatures marks, for each field of identifiers or dates, the
// features of a key in the value's cell (±2), to its left or over it
// (±1): positive for a key of another field or reference (the kinds of the result's fields
// and of the look-alike references, not party headings, document types,
// payment methods, column headers or the keys of a party's parts, which
// label a value of several fields), negative for a key of the field's
// own (see keyMark). A
// value keyed only as something else is no value of the field, whatever
// label stands elsewhere on its line ("Nr. Documento … Da pagare entro
// 25/05/…" keys the date as the due date). (Amounts are left out: a grid
// of totals sets the key of one over the key of the next.)
var otherFeatures = map[string][]int8{}

func init() {
	for _, f := range Fields {
		var kinds []labels.Kind
		leaf := f.Name[strings.LastIndexByte(f.Name, '.')+1:]
		for _, k := range labels.Kinds() {
			if string(k) == f.Name || string(k) == "party."+leaf || leaf == "postal" && k == labels.Kind("party.postal") {
				kinds = append(kinds, k)
			}
		}
		ownKinds[f.Name] = kinds
		set := make([]bool, len(featureNames))
		for _, k := range kinds {
			for _, d := range []string{dirSame, dirLeft, dirAbove} {
				set[fid(d+":"+string(k))] = true
			}
		}
		ownFeatures[f.Name] = set
		other := make([]int8, len(featureNames))
		for _, k := range labels.Kinds() {
			if f.Type != TID && f.Type != TDate || !keysValue(k) {
				continue
			}
			mark := int8(1)
			if slices.Contains(kinds, k) {
				mark = -1
			}
			other[fid(dirSame+":"+string(k))] = 2 * mark
			for _, d := range []string{dirLeft, dirAbove} {
				other[fid(d+":"+string(k))] = mark
			}
		}
		otherFeatures[f.Name] = other
	}
}

// keysValue reports whether a label of kind k keys one value of one
// field or reference: not a party's heading or a part of its block, a
// document type, a payment method or a column header.
func keysValue(k labels.Kind) bool {
	switch k {
	case labels.BuyerBlock, labels.VendorBlock, labels.ShipTo:
		return false
	}
	return !k.IsKey() && !k.IsDocType() && !k.IsPayment() && !k.IsColumn()
}

// fid returns a feature's index; the name must be known.
func fid(name string) int32 {
	i, ok := featureIndex[name]
	if !ok {
		panic("resolve: unknown feature " + name)
	}
	return i
}

// vatRates are the VAT rates of the countries the engine reads, and
// others common in Europe.
var vatRates = []float64{2.1, 4, 5, 5.5, 6, 7, 7.7, 8, 8.1, 9, 10, 12, 13, 13.5, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27}

func isVATRate(v float64) bool {
	for _, r := range vatRates {
		if math.Abs(v-r) < 0.001 {
			return true
		}
	}
	return false
}

var yearRe = regexp.MustCompile(`(19|20)\d\d`)

// describe computes every value's features.
func (d *Doc) describe() {
	d.blocks()
	d.nameFacts()
	// Document-wide facts about amounts and dates.
	type key struct {
		t    Type
		norm string
	}
	recur := map[key]int{}
	for _, v := range d.Values {
		recur[key{v.Type, v.Norm}]++
	}
	var amounts []float64
	pageMax := make([]float64, len(d.Pages))
	var dates []string
	for _, v := range d.Values {
		switch v.Type {
		case TAmount:
			a := math.Abs(v.Num)
			amounts = append(amounts, a)
			pageMax[v.Page] = math.Max(pageMax[v.Page], a)
		case TDate:
			dates = append(dates, v.Norm)
		}
	}
	distinct := distinctDesc(amounts)
	rates := map[int64]bool{}
	for _, v := range d.Values {
		if v.Type == TPercent && isVATRate(v.Num) {
			rates[cents(v.Num)] = true
		}
	}
	summary := d.rateLines()
	d.summary = summary
	split := len(summary.rates()) >= 2
	methods := d.distinctMethods()
	types := d.typeStatsOf()
	sort.Strings(dates)
	roles := arithmetic(distinct)
	d.sumRoles(summary, distinct, roles)
	rows := d.amountRows()
	d.addedTotals(roles, rows)
	inItem := d.itemNumbers()
	colSum, colPart := d.columnSums(rows)
	// Values per line and per cell, by type. Readings of a type starting
	// at the same word are one value read two ways ("Via Po" and, with
	// the house number keyed under it, "Via Po 7"), not two on the line.
	type lineKey struct{ page, line int }
	type startKey struct {
		page, line, first int
		t                 Type
	}
	perLine := map[lineKey][numTypes]int{}
	starts := map[startKey]bool{}
	d.cellTypes = map[cellKey]uint16{}
	for _, v := range d.Values {
		d.cellTypes[cellKey{v.Page, v.Line, v.Cell}] |= 1 << v.Type
		if sk := (startKey{v.Page, v.Line, v.First, v.Type}); !starts[sk] {
			starts[sk] = true
			k := lineKey{v.Page, v.Line}
			c := perLine[k]
			c[v.Type]++
			perLine[k] = c
		}
	}
	lastMax := 0.0
	for _, v := range d.Values {
		if v.Type == TAmount && d.Pages[v.Page].Last {
			lastMax = math.Max(lastMax, math.Abs(v.Num))
		}
	}

	for i := range d.Values {
		v := &d.Values[i]
		p := d.Pages[v.Page]
		s := p.S
		var f []fv
		set := func(name string, x float64) {
			if x != 0 {
				f = append(f, fv{fid(name), float32(x)})
			}
		}
		set("bias", 1)
		set("page.first", flag(p.First))
		set("page.last", flag(p.Last))
		h := s.Page.Height
		if h > 0 {
			y := (v.Box.Y0 + v.Box.Y1) / 2 / h
			set("y", y)
			set("y.sq", y*y)
		}
		if w := s.Page.Width; w > 0 {
			set("x", (v.Box.X0+v.Box.X1)/2/w)
		}
		switch s.Zone(v.Box, p.First) {
		case layout.ZoneHead:
			set("zone.head", 1)
		case layout.ZoneFoot:
			set("zone.foot", 1)
		}
		l := s.Page.Lines[v.Line]
		w0 := s.Page.Words[l.Words[v.First]]
		if s.FontSize > 0 {
			set("size", math.Max(-1, math.Min(2, w0.FontSize/s.FontSize-1)))
		}
		set("bold", flag(w0.Bold))
		if len(s.Cells[v.Line]) > v.Cell {
			c := s.Cells[v.Line][v.Cell]
			set("alone", flag(c.First == v.First && c.Last == v.Last))
		}
		set("line.same", math.Log(float64(perLine[lineKey{v.Page, v.Line}][v.Type])))
		set("recur", math.Log(float64(max(1, recur[key{v.Type, v.Norm}]))))
		set("checked", flag(v.Checked))
		set("emb", flag(v.embedded))
		set("street.weak", flag(v.weak))
		set("item.num", flag(inItem[i]))

		switch v.Type {
		case TPayMethod, TCurrency:
			d.paymentFeatures(v, methods, set)
		case TDocType:
			d.typeFeatures(v, types, set)
		case TTerms:
			d.termsFeatures(v, set)
		case TFiscal:
			set("fc.person", flag(len(v.Norm) == 16))
		case TAmount:
			a := math.Abs(v.Num)
			set("amt.cur", flag(v.Currency != ""))
			set("amt.neg", flag(v.Num < 0))
			set("amt.int", flag(!strings.ContainsAny(v.Text, ".,") || strings.HasSuffix(v.Text, ",-")))
			set("amt.zero", flag(a == 0))
			set("amt.small", flag(a > 0 && a < 1))
			for r, x := range distinct[:min(3, len(distinct))] {
				if a == x {
					set([]string{"amt.rank1", "amt.rank2", "amt.rank3"}[r], 1)
				}
			}
			set("amt.maxpage", flag(a == pageMax[v.Page] && a > 0))
			set("amt.lastpage.max", flag(p.Last && a == lastMax && a > 0))
			r := roles[cents(a)]
			set("ar.total", flag(r&roleTotal != 0))
			set("ar.sub", flag(r&roleSub != 0))
			set("ar.tax", flag(r&roleTax != 0))
			set("ar.added", flag(v.added != 0))
			set("col.sum", flag(colSum[i]))
			set("col.part", flag(colPart[i]))
			summary.features(i, cents(a), set)
			if colSum[i] && (cents(a) == summary.baseSum || cents(a) == summary.taxSum) {
				set("col.rlsum", 1)
			}
			if colPart[i] && summary.several() && (summary.base[i] || summary.tax[i]) {
				set("col.rlpart", 1)
			}
		case TDate:
			set("d.first", flag(len(dates) > 0 && v.Norm == dates[0]))
			set("d.last", flag(len(dates) > 0 && v.Norm == dates[len(dates)-1]))
			set("d.ambig", flag(v.Ambiguous))
			set("d.only", flag(len(dates) > 0 && dates[0] == dates[len(dates)-1]))
			set("d.place", flag(d.placeBefore(v)))
			set("d.numbered", flag(d.dated(v)))
		case TID:
			t := v.Text
			digits, letters := 0, 0
			for _, r := range t {
				switch {
				case r >= '0' && r <= '9':
					digits++
				case r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z':
					letters++
				}
			}
			n := len([]rune(t))
			set("id.len", float64(n)/10)
			set("id.digits", float64(digits)/float64(n))
			set("id.letters", flag(letters > 0))
			set("id.slash", flag(strings.Contains(t, "/")))
			set("id.dash", flag(strings.Contains(t, "-")))
			set("id.dot", flag(strings.Contains(t, ".")))
			set("id.prefix", flag(strings.Contains(t, " ")))
			// A date after a short capital word ("IL 25/05/2026", "DU
			// 03/04/2025") is a date with a word before it, not a numbered
			// series.
			_, isDate := parse.Date(t, d.Locale)
			if w, rest, ok := strings.Cut(t, " "); !isDate && ok && len(w) <= 3 {
				_, isDate = parse.Date(rest, d.Locale)
			}
			set("id.date", flag(isDate))
			m, isAmount := parse.Amount(t, d.Locale)
			set("id.amount", flag(isAmount && strings.ContainsAny(m.Text, ".,")))
			set("id.year", flag(yearRe.MatchString(t)))
			// A tax id: a VAT id, or a person's codice fiscale, with the
			// IT of an Italian fiscal id for VAT before it or not.
			_, isVAT := parse.VATID(t)
			if cf, ok := parse.CodiceFiscale(strings.TrimPrefix(t, "IT")); ok && len(cf.Value) == 16 {
				isVAT = true
			}
			set("id.vat", flag(isVAT))
			set("id.phone", flag((strings.HasPrefix(t, "+") || strings.HasPrefix(t, "0")) && digits >= 9 || nanpPhone.MatchString(t)))
			set("id.short", flag(n <= 2))
			set("id.long", flag(n >= 14))
			set("id.zip", flag(n == 5 && digits == 5))
			set("id.measure", flag(measure.MatchString(t)))
			set("id.dated", flag(d.dated(v)))
		case TPercent:
			set("pct.vat", flag(isVATRate(v.Num)))
			set("pct.zero", flag(v.Num == 0))
			set("pct.big", flag(v.Num > 30))
			set("pct.only", flag(len(rates) == 1 && rates[cents(v.Num)]))
			set("pct.rates", math.Log(float64(max(1, len(rates)))))
			set("pct.bare", flag(v.bare))
			set("pct.split", flag(split))
		}
		read, sure := false, 1.0
		for k := v.First; k <= v.Last && k < len(l.Words); k++ {
			if w := s.Page.Words[l.Words[k]]; w.OCR {
				read, sure = true, math.Min(sure, w.Conf)
			}
		}
		set("ocr", flag(read))
		if read {
			set("ocr.doubt", 1-sure)
		}
		d.blockFeatures(v, set)
		nl := len(f)
		d.labelFeatures(v, set)
		if len(f) == nl {
			set("nolabel", 1)
			set("ocr.nolabel", flag(read))
		}
		v.feats = f
	}
	d.addSums(summary)
}

// placeKeys are the keys of the parts of an address: what follows one
// of them is a street, a house number, a postal code, a city, a province
// or a country, never a party's name.
var placeKeys = map[labels.Kind]bool{labels.Street: true, labels.HouseNumber: true, labels.ZipCode: true,
	labels.City: true, labels.Province: true, labels.Country: true}

// labelFeatures sets the label features of a value: the nearest label in
// each direction, its kind and match score. A name after a key of a part
// of an address is marked placeKeyed.
func (d *Doc) labelFeatures(v *Value, set func(string, float64)) {
	p := d.Pages[v.Page]
	s := p.S
	cells := p.labels[v.Line]
	lab := func(dir string, h labelHit, weight float64) {
		set(dir+":"+string(h.kind), h.score*weight)
	}
	// The same cell, before the value: the nearest label.
	if v.Cell < len(cells) {
		best := -1
		for i, h := range cells[v.Cell] {
			if h.last < v.First && (best < 0 || h.last > cells[v.Cell][best].last) {
				best = i
			}
		}
		if best >= 0 {
			h := cells[v.Cell][best]
			lab(dirSame, h, 1)
			v.placeKeyed = v.Type == TName && placeKeys[h.kind]
			for _, k := range d.valuesAt[cellKey{v.Page, v.Line, v.Cell}] {
				if u := &d.Values[k]; u.First > h.last && u.Last < v.First {
					v.keyedNearer = true
				}
			}
		}
	}
	// Inside the value: the labels its own words make.
	if v.Cell < len(cells) && (v.Type == TName || v.Type == TStreet || v.Type == TPostal) {
		for _, h := range cells[v.Cell] {
			if h.first >= v.First && h.last <= v.Last {
				lab(dirIn, h, 1)
			}
		}
	}
	// Cells to the left: the nearest cell with a label, unless a value of
	// the same type stands between. A count under a quantity column does
	// not: a table's totals row sums the hours or pieces too ("Total
	// 20.50 1,110.00"), and its label is the amount's.
	for ci, dist := v.Cell-1, 1; ci >= 0 && dist <= 3; ci, dist = ci-1, dist+1 {
		if hs := cells[ci]; len(hs) > 0 {
			lab(dirLeft, hs[len(hs)-1], 1/float64(dist))
			break
		}
		if d.cellHolds(v.Page, v.Line, ci, v.Type) {
			if d.columnKind(v.Page, v.Line, ci) != labels.ColQuantity {
				break
			}
			dist-- // the count is the row's, not a cell between
		}
	}
	// The cell to the right.
	if v.Cell+1 < len(cells) {
		if hs := cells[v.Cell+1]; len(hs) > 0 {
			lab(dirRight, hs[0], 1)
		}
	}
	// Anywhere on the line.
	seen := map[labels.Kind]bool{}
	for _, hs := range cells {
		for _, h := range hs {
			if !seen[h.kind] {
				seen[h.kind] = true
				lab(dirLine, h, 1)
			}
		}
	}
	if v.Cell >= len(s.Cells[v.Line]) {
		return
	}
	ref := layout.CellRef{Line: v.Line, Index: v.Cell}
	// Above, in the value's column: a key over its value. A key followed
	// by words in its own cell ("Partita IVA: 123…" over "Nome: Rossi")
	// is its own value's, not this one's.
	keyOnly := func(up layout.CellRef) []labelHit {
		hs := p.labels[up.Line][up.Index]
		if len(hs) == 0 || hs[len(hs)-1].last < s.Cells[up.Line][up.Index].Last {
			return nil
		}
		return hs
	}
	// The nearest key above in the value's column: found as Above finds
	// cells, or as the column of a row of keys over a grid of wide cells
	// (the key at a cell's left, the value at its right), whichever row is
	// nearer.
	var key []labelHit
	keyLine, keyWeight := -1, 0.0
	sameType := func(r layout.CellRef) bool { return d.cellHolds(v.Page, r.Line, r.Index, v.Type) }
	for n, up := range s.AboveThrough(ref, 3, 3.5, sameType) {
		if hs := keyOnly(up); hs != nil {
			key, keyLine, keyWeight = hs, up.Line, 1/float64(1+n/2)
			break
		}
	}
	// A grid row's key is also the heading of its column down the rows
	// under it, nearer than any heading further up, which is another
	// table's; over its first rows (a grid per VAT rate and their sums)
	// it is their key, as a key straight above is.
	isKey := func(r layout.CellRef) bool { return wholeKey(p.labels[r.Line][r.Index], s.Cells[r.Line][r.Index]) }
	up, through, headed := s.Owner(ref, 3, 3.5, isKey)
	if headed && through <= 3 && up.Line > keyLine {
		key, keyWeight = p.labels[up.Line][up.Index], 1/float64(1+through/2)
	}
	if key != nil {
		lab(dirAbove, key[0], keyWeight)
	}
	if headed {
		if h := p.labels[up.Line][up.Index][0]; h.kind.IsColumn() || len(s.Cells[up.Line]) >= 3 {
			lab(dirHead, h, 1)
		}
	}
	// The party heading of the value's block: the nearest party label
	// above, up to a dozen lines, starting near the value's left edge or
	// over it.
	d.blockLabel(v, func(h labelHit) { lab(dirBlock, h, 1) })
	// A column heading further up.
	for _, up := range s.Above(ref, 60, 120) {
		if headed {
			break
		}
		hs := p.labels[up.Line][up.Index]
		if len(hs) > 0 && (hs[0].kind.IsColumn() || len(s.Cells[up.Line]) >= 3) {
			lab(dirHead, hs[0], 1)
			break
		}
	}
}

// columnKind returns the kind of the column heading over a cell: the
// first label of the nearest cell above in a row of three or more cells,
// or "". A heading word too weak to stand as a label alone ("Hours",
// "Stunden": a count, or a duration in prose) counts here, in its column's
// heading cell.
func (d *Doc) columnKind(page, line, cell int) labels.Kind {
	p := d.Pages[page]
	for _, up := range p.S.Above(layout.CellRef{Line: line, Index: cell}, 60, 120) {
		if len(p.S.Cells[up.Line]) < 3 {
			continue
		}
		if hs := p.labels[up.Line][up.Index]; len(hs) > 0 {
			return hs[0].kind
		}
		c := p.S.Cells[up.Line][up.Index]
		words := strings.Fields(p.text(up.Line, c.First, c.Last))
		if hs := labels.FindFunc(words, labels.Kind.IsColumn); len(hs) > 0 && hs[0].Score >= weakColumnScore {
			return hs[0].Kind
		}
	}
	return ""
}

// weakColumnScore is the weakest match of a column heading columnKind
// takes.
const weakColumnScore = 0.5

// wholeKey reports whether the label hits hs of cell c cover all of its
// words: a cell that is a key and nothing else ("Totale documento"), not a
// value that holds a label's word ("Unit 5, Main Street").
func wholeKey(hs []labelHit, c layout.Cell) bool {
	if len(hs) == 0 {
		return false
	}
	for k := c.First; k <= c.Last; k++ {
		if !slices.ContainsFunc(hs, func(h labelHit) bool { return h.first <= k && k <= h.last }) {
			return false
		}
	}
	return true
}

// cellHolds reports whether a cell holds a value of type t.
func (d *Doc) cellHolds(page, line, cell int, t Type) bool {
	return d.cellTypes[cellKey{page, line, cell}]&(1<<t) != 0
}

// cellKey names a cell of a document.
type cellKey struct{ page, line, cell int }

// distinctDesc returns the distinct values of xs, largest first.
func distinctDesc(xs []float64) []float64 {
	seen := map[int64]bool{}
	var out []float64
	for _, x := range xs {
		if c := cents(x); !seen[c] {
			seen[c] = true
			out = append(out, x)
		}
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(out)))
	return out
}

func cents(x float64) int64 { return int64(math.Round(x * 100)) }

// Arithmetic roles of an amount.
const (
	roleSub = 1 << iota
	roleTax
	roleTotal
)

// arithmetic finds the amounts that take part in a sum base + tax = total
// whose tax is base × a VAT rate (rounded to the cent either way): the
// totals of an invoice even without labels.
func arithmetic(distinct []float64) map[int64]int {
	roles := map[int64]int{}
	have := map[int64]bool{}
	for _, x := range distinct {
		have[cents(x)] = true
	}
	for i, base := range distinct {
		if base <= 0 {
			continue
		}
		for _, tax := range distinct[i+1:] {
			if tax <= 0 {
				continue
			}
			rate := tax / base * 100
			if !plausibleRate(rate, base) {
				continue
			}
			t := cents(base) + cents(tax)
			for _, c := range []int64{t, t - 1, t + 1} {
				if have[c] {
					roles[cents(base)] |= roleSub
					roles[cents(tax)] |= roleTax
					roles[c] |= roleTotal
				}
			}
		}
	}
	return roles
}

// measure matches a quantity with its unit or an amount with its
// currency sign ("~500ml", "40€", "3,5 kg", "$120"): a token holding
// digits that is no document number.
var measure = regexp.MustCompile(`(?i)^[~≈<>±+-]?(?:[€$£]\d+(?:[.,]\d+)*|\d+(?:[.,]\d+)*\s?(?:€|\$|£|%|ml|cl|dl|l|mg|g|kg|t|mm|cm|m|km|m2|m²|m3|m³|h|min|w|kw|kwh|mwh|v|gb|mb|tb|pz|pcs|pc|stk|x))$`)

// plausibleRate reports whether rate (in percent) is a VAT rate once the
// rounding of a tax on base to the cent is allowed for.
func plausibleRate(rate, base float64) bool {
	tol := 0.5/base*100 + 0.01
	for _, r := range vatRates {
		if math.Abs(rate-r) <= tol {
			return true
		}
	}
	return false
}

// partyKinds are the labels that head a party's block.
func partyKind(k labels.Kind) bool {
	return k == labels.BuyerBlock || k == labels.VendorBlock || k == labels.ShipTo
}

// blockLabel calls found with the party heading of the block a value is in,
// if any: on the value's line before it, or on a line above (at most 12
// lines and 14 line heights up) in a cell that starts near the value's
// block's left edge or overlaps the value.
func (d *Doc) blockLabel(v *Value, found func(labelHit)) {
	p := d.Pages[v.Page]
	s := p.S
	for ci := v.Cell; ci >= 0; ci-- {
		for _, h := range p.labels[v.Line][ci] {
			if partyKind(h.kind) && h.last < v.First {
				found(h)
				return
			}
		}
	}
	if v.Cell >= len(s.Cells[v.Line]) || s.Page.Lines[v.Line].Angle != 0 {
		return
	}
	left := s.Cells[v.Line][v.Cell].Box.X0
	if v.Cell >= 1 && partyType(v.Type) && keyCell(p, v.Line, v.Cell-1) {
		// A party's key–value row ("Name:  Alfa GmbH" under "Verkäufer",
		// the value far right of the key, and the other party's keys and
		// values further right): the block is the keys' column, and its
		// heading stands over the key.
		left = s.Cells[v.Line][v.Cell-1].Box.X0
	}
	// The block's left edge: the leftmost cell start of the lines just
	// above that line up with the value's cell.
	top := s.Page.Lines[v.Line].Box.Y0
	for li, n := v.Line-1, 0; li >= 0 && n < 12; li-- {
		cells := s.Cells[li]
		if len(cells) == 0 {
			continue
		}
		n++
		if top-s.Page.Lines[li].Box.Y1 > 14*s.Height {
			return
		}
		for ci, c := range cells {
			if math.Abs(c.Box.X0-left) > 2*s.Height && layout.Overlap(c.Box, v.Box) <= 0 {
				continue
			}
			for _, h := range p.labels[li][ci] {
				if partyKind(h.kind) {
					found(h)
					return
				}
			}
		}
	}
}

// partyType reports whether values of type t belong to a party: its name,
// address, contacts and identifiers.
func partyType(t Type) bool {
	switch t {
	case TName, TStreet, TPostal, TEmail, TPhone, TVAT, TFiscal, TIBAN:
		return true
	}
	return false
}

// keyCell reports whether cell ci of line li is a key alone: words ending
// in a colon, or labels that make the whole cell and hold no digit (not
// "12 Market Street", whose last word is a street key).
func keyCell(p *Page, li, ci int) bool {
	c := p.S.Cells[li][ci]
	if strings.HasSuffix(strings.TrimSpace(c.Text), ":") {
		return true
	}
	hs := p.labels[li][ci]
	return len(hs) > 0 && hs[0].first == c.First && hs[len(hs)-1].last == c.Last && !strings.ContainsAny(c.Text, "0123456789")
}

// placeWords may stand between a place and its date ("Berlin, den 5. März
// 2026", "Paris, le 3 mars 2026", "Milano, lì 12/03/2026").
var placeWords = map[string]bool{"den": true, "am": true, "le": true, "lì": true, "li": true, "il": true, "addì": true, "the": true}

// placeBefore reports whether date v follows a place and a comma in its
// cell, as a letter dates itself: one to three capitalised words of
// letters, the last ending in a comma, and no label.
func (d *Doc) placeBefore(v *Value) bool {
	if v.Line < 0 {
		return false
	}
	p := d.Pages[v.Page]
	c := p.S.Cells[v.Line][v.Cell]
	l := p.S.Page.Lines[v.Line]
	word := func(k int) string { return p.S.Page.Words[l.Words[k]].Text }
	start := v.First // a month's name before the day is the date's
	for start > c.First && parse.IsMonth(strings.Trim(word(start-1), ".,")) {
		start--
	}
	var words []string
	for k := c.First; k < start; k++ {
		words = append(words, word(k))
	}
	for len(words) > 0 && placeWords[strings.ToLower(words[len(words)-1])] {
		words = words[:len(words)-1]
	}
	if len(words) == 0 || len(words) > 4 || !strings.HasSuffix(words[len(words)-1], ",") {
		return false
	}
	for i, w := range words {
		w = strings.TrimSuffix(w, ",")
		if i < len(words)-1 && strings.HasSuffix(words[i], ",") {
			return false
		}
		r := []rune(w)
		if len(r) < 2 || strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' && r != '.' && r != '\'' }) >= 0 {
			return false
		}
		// Capitalised words, with short joining words between them
		// ("Frankfurt am Main", "Châlons-en-Champagne", "Reggio nell'Emilia").
		if !unicode.IsUpper(r[0]) && (i == 0 || i == len(words)-1 || len(r) > 5) {
			return false
		}
	}
	for _, h := range labels.Find(words) {
		if h.Score >= minLabelScore {
			return false
		}
	}
	return true
}

// datedWords join a document's number to its date in every language the
// engine reads: del (it), vom (de), du (fr), dated, of, dd. (en), as in
// "n. 318 del 02/11/2026", "Nr. RE-2207 vom 14.10.2026", "n° 5120 du
// 09/10/2026", "Invoice 77 dated 3 March 2026".
var datedWords = map[string]bool{"del": true, "vom": true, "du": true, "dated": true, "of": true, "dd": true, "dd.": true}

// versionLike matches a short decimal such as a version or a quantity
// ("2.3", "4,0"): a date after it joined by such a word is the date of
// that version, as a stylesheet prints its own ("Profil-Version: 2.3 vom
// 17.06.2024"), not the document's.
var versionLike = regexp.MustCompile(`^\d{1,2}[.,]\d{1,2}$`)

// dated reports whether value v, an identifier or a date, is one of a
// number and a date joined by one of datedWords in one line: the date
// after the number, the number a word with a digit that is neither a
// date nor a short decimal (versionLike).
func (d *Doc) dated(v *Value) bool {
	if v.Line < 0 {
		return false
	}
	p := d.Pages[v.Page]
	l := p.S.Page.Lines[v.Line]
	word := func(k int) string { return p.S.Page.Words[l.Words[k]].Text }
	joins := func(k int) bool { return k >= 0 && k < len(l.Words) && datedWords[strings.ToLower(word(k))] }
	isDate := func(s string) bool { _, ok := parse.Date(s, d.Locale); return ok }
	switch v.Type {
	case TDate:
		k := v.First - 1
		if !joins(k) || k == 0 {
			return false
		}
		n := strings.Trim(word(k-1), ",;:")
		return strings.ContainsAny(n, "0123456789") && !isDate(n) && !versionLike.MatchString(n)
	case TID:
		k := v.Last + 1
		if !joins(k) || versionLike.MatchString(v.Text) {
			return false
		}
		var words []string
		for j := k + 1; j < len(l.Words) && j <= k+3; j++ {
			words = append(words, strings.TrimRight(word(j), ",;"))
			if isDate(strings.Join(words, " ")) {
				return true
			}
		}
	}
	return false
}

// flag is a feature's value for a yes-or-no fact.
func flag(ok bool) float64 {
	if ok {
		return 1
	}
	return 0
}

// itemNumbers marks the values that are the numbers of an item row the
// table reader reads (see ReadItems): amounts and percentages inside the
// row's box equal to its quantity, unit price, discount, rate or amount.
func (d *Doc) itemNumbers() map[int]bool {
	t := ReadItems(d)
	d.table = &t
	if len(t.Items) == 0 {
		return nil
	}
	onPage := map[int][]int{} // by 1-based page number
	for i := range d.Values {
		v := &d.Values[i]
		if (v.Type == TAmount || v.Type == TPercent) && v.Line >= 0 && v.Page >= 0 && v.Page < len(d.Pages) {
			n := d.Pages[v.Page].Num
			onPage[n] = append(onPage[n], i)
		}
	}
	out := map[int]bool{}
	for _, it := range t.Items {
		var nums []int64
		for _, x := range []*float64{it.Quantity, it.UnitPrice, it.Amount, it.DiscountPct, it.TaxRate} {
			if x != nil {
				nums = append(nums, cents(math.Abs(*x)))
			}
		}
		for _, i := range onPage[it.Page] {
			v := &d.Values[i]
			cx, cy := (v.Box.X0+v.Box.X1)/2, (v.Box.Y0+v.Box.Y1)/2
			if cx < it.Box.X0 || cx > it.Box.X1 || cy < it.Box.Y0 || cy > it.Box.Y1 {
				continue
			}
			if slices.Contains(nums, cents(math.Abs(v.Num))) {
				out[i] = true
			}
		}
	}
	return out
}
