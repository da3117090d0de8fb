package fields

import (
	"math"
	"regexp"
	"strings"
	"unicode"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/parse"
	"github.com/invex/invex/invoice"
)

// candidate is one possible value of a field, with where it was read.
type candidate struct {
	str   string
	num   float64
	score float64
	page  int
	box   layout.Rect
	ok    bool
	under bool // read under its label rather than beside it
	// checked is set when the value's own line proves it (a discount that
	// states its rate and base).
	checked bool
	// label is the score of the label an amount was read at.
	label float64
}

func (c candidate) better(o candidate) bool { return !o.ok || c.score > o.score }

// where weighs a value by its place relative to the label.
func whereWeight(s slot) float64 {
	switch s.where {
	case rightOf:
		return 1
	case under:
		return 0.85
	}
	return 0.75
}

var tdCode = regexp.MustCompile(`^\(?TD(0[1-9]|1[6-9]|2[0-8])\)?[:.,]?$`)

var identRE = regexp.MustCompile(`^[\p{L}\p{N}][\p{L}\p{N}/\-._]*$`)

// identifier reads an invoice or order number at the start of a slot: one
// token holding a digit (or two short ones such as "BO 000731"), stopping at
// a date or the words that introduce one.
func identifier(text string) (string, bool) {
	words := strings.Fields(text)
	for len(words) > 0 && (isFiller(words[0]) || numberKey(words[0])) {
		words = words[1:]
	}
	var parts []string
	for _, w := range words {
		lw := strings.ToLower(strings.Trim(w, ":,;"))
		if lw == "del" || lw == "vom" || lw == "du" || lw == "of" || lw == "dated" || lw == "date" || lw == "data" {
			break
		}
		if _, ok := parse.Date(w, ""); ok && len(parts) > 0 {
			break
		}
		if strings.HasPrefix(w, "(") && strings.HasSuffix(w, ")") {
			continue // a code in brackets: "Handelsrechnung (380) Nr. 58214"
		}
		if isFiller(w) && len(parts) == 0 {
			continue
		}
		w = strings.Trim(w, ":,;()")
		if w == "" || !identRE.MatchString(w) {
			break
		}
		parts = append(parts, w)
		if hasDigit(w) || len(parts) == 2 {
			break
		}
	}
	id := strings.Join(parts, " ")
	if !hasDigit(id) || len(id) > 30 {
		return "", false
	}
	return id, true
}

func hasDigit(s string) bool { return strings.IndexFunc(s, unicode.IsDigit) >= 0 }

// header fills the invoice object.
func (x *extractor) header() {
	x.number()
	x.dates()
	x.docType()
	x.terms()
	x.poNumber()
}

func (x *extractor) number() {
	var best candidate
	if c, ok := x.datedNumber(); ok {
		best = c
	}
	x.m.hits(func(p *page, l *line, h labels.Hit) {
		if reference(l, h) {
			return // "A storno della fattura n. …": another document's number
		}
		for _, s := range x.m.slots(p, l, h, 1) {
			id, ok := identifier(s.text)
			if !ok {
				continue
			}
			c := candidate{str: id, score: h.Score * whereWeight(s), page: s.page, box: s.box, ok: true}
			if numberInProse(l, h) {
				// "Bei Schriftwechsel bitte Ihre Kundennummer … und
				// Belegnummer 4711": a number quoted in running text.
				c.score *= 0.6
			}
			if h.Kind != labels.InvoiceNumber {
				// A heading ("Fattura", "Invoice") followed by the number,
				// beside it or on the next line after "n.", "Nr.", "#".
				c.score *= 0.8
				if s.where != rightOf && !numberMark(s.text) {
					continue
				}
			}
			if c.better(best) {
				best = c
			}
		}
	}, labels.InvoiceNumber, labels.DocInvoice, labels.DocCreditNote, labels.DocDebitNote, labels.DocProforma, labels.DocFeeNote)
	if !best.ok {
		best = x.bareNumberKey()
	}
	x.setString("invoice.number", &x.r.Invoice.Number, best)
}

// bareNumberKey reads a bare "Numero:" / "Numéro :" / "Nummer:" key that
// starts a cell of the first page, for documents whose header box names
// nothing else: the weakest evidence of a number, taken only when no label
// says more.
func (x *extractor) bareNumberKey() candidate {
	if len(x.m.pages) == 0 {
		return candidate{}
	}
	p := x.m.pages[0]
	for _, l := range p.lines {
		for i, w := range l.words {
			if !numberKey(w.Text) {
				continue
			}
			colon := strings.HasSuffix(w.Text, ":") || i+1 < len(l.words) && l.words[i+1].Text == ":"
			if !colon || i > 0 && !l.gapAfter(i-1) {
				continue
			}
			h := labels.Hit{Kind: labels.InvoiceNumber, First: i, Last: i, Score: 0.6}
			if s, ok := rightSlot(l, h); ok {
				if id, ok := identifier(s.text); ok {
					return candidate{str: id, score: 0.55, page: p.num, box: s.box, ok: true}
				}
			}
		}
	}
	return candidate{}
}

func (x *extractor) dates() {
	var date, due candidate
	pick := func(kind labels.Kind, dst *candidate, weight float64) {
		x.m.hitsAbove(0.45, func(p *page, l *line, h labels.Hit) {
			if reference(l, h) || endsSentence(l, h) {
				return
			}
			slots := x.m.slots(p, l, h, 1)
			if text, box, ok := restOfLine(l, h); ok {
				// "n. 318      del 02/11/2026": the date may sit past a gap.
				slots = append(slots, slot{text: text, box: box, page: l.page, where: rightOf, line: l, label: h})
			}
			for _, s := range slots {
				ms := x.findDates(s.text)
				if len(ms) == 0 {
					continue
				}
				c := candidate{str: ms[0].Value, score: h.Score * whereWeight(s) * weight, page: s.page, box: s.box, ok: true}
				if c.better(*dst) {
					*dst = c
				}
			}
		}, kind)
	}
	pick(labels.InvoiceDate, &date, 1)
	// "Fattura n. 12 del 15/03/2026": the date that follows the number.
	pick(labels.InvoiceNumber, &date, 0.7)
	for _, k := range []labels.Kind{labels.DocInvoice, labels.DocCreditNote, labels.DocDebitNote} {
		pick(k, &date, 0.6)
	}
	pick(labels.DueDate, &due, 1)
	if !due.ok {
		due = x.dueInSentence(date)
	}
	if d, ok := x.numberDated(); ok && (!date.ok || d.score > date.score) {
		date = d
	}
	x.setString("invoice.date", &x.r.Invoice.Date, date)
	x.setString("invoice.due_date", &x.r.Invoice.DueDate, due)
}

// duePhrase matches the end of the text before a date that makes the date
// the day payment is due: a payment word, at most a few words, and the
// particle that introduces the deadline ("Please remit until", "TOTAL
// AMOUNT DUE ON", "zahlbar netto bis", "da pagare entro il", "à régler
// au plus tard le").
var duePhrase = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(due|payable|pay|paid|payment|remit|zahlbar|zahlen|zahlung|überweisen|fällig|pagare|pagabile|pagata|pagamento|saldare|versare|scade|payer|paiement|régler|réglée|réglé)((?:\s+\S+){0,4}?)\s+(on|by|until|before|no later than|bis|bis zum|bis spätestens|spätestens|spätestens am|entro|entro il|entro e non oltre il|avant le|au plus tard le|jusqu'au)\s*$`)

// debitPhrase matches a direct debit's collection day stated in a
// sentence: "wird am 20.03.2014 … eingezogen", "sarà addebitato il
// 20/03/2014", "sera prélevé le 20/03/2014", "will be debited on".
var debitPhrase = regexp.MustCompile(`(?i)(?:wird|werden)\s+am\s*$|(?:addebitat[oa]|addebito)\s+(?:\S+\s+){0,3}?il\s*$|prélevée?\s+(?:\S+\s+){0,3}?le\s*$|debited\s+(?:\S+\s+){0,3}?on\s*$`)

// debitWords confirm a "wird am <date>" sentence speaks of a debit.
var debitWords = regexp.MustCompile(`(?i)eingezogen|abgebucht|belastet|lastschrift`)

// dueInSentence finds a due date stated in running text rather than under a
// label: "Please remit until 2019-07-01.", "Der Betrag wird am 20.03.2014
// … per SEPA-Lastschrift eingezogen". A date in a clause about a cash
// discount ("3% Skonto innerhalb 10 Tagen bis …") is not the due date, nor
// one before the invoice date.
func (x *extractor) dueInSentence(date candidate) candidate {
	for _, p := range x.m.pages {
		for _, l := range p.lines {
			for _, m := range x.findDates(l.text) {
				before := l.text[:m.Start]
				ok := false
				if g := duePhrase.FindStringSubmatch(before); g != nil && !discountClause(g[2]) {
					ok = true
				} else if debitPhrase.MatchString(before) {
					ok = !strings.HasSuffix(strings.ToLower(strings.TrimSpace(before)), "am") ||
						debitWords.MatchString(l.text+" "+nextLines(p, l, 2))
				}
				if !ok || date.ok && m.Value < date.str {
					continue
				}
				return candidate{str: m.Value, score: 0.75, page: p.num, box: l.box, ok: true}
			}
		}
	}
	return candidate{}
}

// nextLines joins the texts of the n lines that follow l on its page.
func nextLines(p *page, l *line, n int) string {
	var b strings.Builder
	for _, o := range p.lines[l.index+1 : min(len(p.lines), l.index+1+n)] {
		b.WriteString(o.text)
		b.WriteByte(' ')
	}
	return b.String()
}

// discountClause reports whether words between a payment word and a
// deadline speak of a cash discount.
func discountClause(s string) bool {
	t := strings.ToLower(s)
	for _, w := range []string{"skonto", "sconto", "escompte", "discount", "rabatt", "remise"} {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// docType reads the document type from headings; credit and debit notes
// are told apart from invoices by their own words.
func (x *extractor) docType() {
	kinds := map[labels.Kind]string{
		labels.DocInvoice:    invoice.TypeInvoice,
		labels.DocCreditNote: invoice.TypeCreditNote,
		labels.DocDebitNote:  invoice.TypeDebitNote,
		labels.DocProforma:   invoice.TypeProforma,
		labels.DocFeeNote:    invoice.TypeFeeNote,
		labels.DocReceipt:    invoice.TypeReceipt,
	}
	var best candidate
	x.m.hits(func(p *page, l *line, h labels.Hit) {
		if p.num != 1 {
			return
		}
		if h.Kind == labels.InvoiceNumber {
			// "Fattura n.", "Facture N°", "Rechnung Nr.": the label names the
			// document type too.
			if len(l.words) == 0 {
				return
			}
			hs := labels.Find([]string{l.words[h.First].Text})
			if len(hs) == 0 || !hs[0].Kind.IsDocType() {
				return
			}
			h.Kind, h.Score = hs[0].Kind, hs[0].Score*0.9
		}
		if h.First > 0 && len(l.words) > 4 && !l.gapAfter(h.First-1) {
			return // a heading starts its line or column; not a word inside a sentence
		}
		_, box := l.span(h.First, h.Last)
		size := l.words[h.First].FontSize
		// Headings are large, high on the page, and not inside a sentence.
		score := h.Score * (0.5 + 0.5*(1-box.Y0/p.height)) * (1 + size/40)
		if len(l.words) > 8 {
			score *= 0.5
		}
		if kinds[h.Kind] != invoice.TypeInvoice {
			score *= 1.2 // the specific word wins over a generic "invoice" nearby
		}
		c := candidate{str: kinds[h.Kind], score: score, page: p.num, box: box, ok: true}
		if c.better(best) {
			best = c
		}
	}, labels.DocInvoice, labels.DocCreditNote, labels.DocDebitNote, labels.DocProforma, labels.DocFeeNote, labels.DocReceipt, labels.InvoiceNumber)
	// Italian e-invoice renderings print the document type code (TD01…):
	// it is the most exact statement of the type.
	// The first code printed wins.
codes:
	for _, p := range x.m.pages {
		for _, l := range p.lines {
			for _, w := range l.words {
				m := tdCode.FindStringSubmatch(w.Text)
				if m == nil {
					continue
				}
				if t := invoice.FatturaPAType("TD" + m[1]); t != "" {
					best = candidate{str: t, score: 0.95, page: p.num, box: w.Box, ok: true}
					break codes
				}
			}
		}
	}
	if !best.ok && x.r.Invoice.Number != nil && !x.otherDocWords() {
		// A numbered document with no heading we know ("K O S T E N
		// R E C H N U N G", "Nr. Documento …") and no word of another
		// document type anywhere is an invoice, the common case.
		best = candidate{str: invoice.TypeInvoice, score: 0.5, page: x.ev["invoice.number"].Page, box: x.ev["invoice.number"].Box, ok: true}
	}
	best.score = min(best.score, 0.95)
	x.setString("invoice.type", &x.r.Invoice.Type, best)
}

// otherDocWords reports whether a word of a document type other than a
// plain invoice stands anywhere in the document, even inside a sentence.
func (x *extractor) otherDocWords() bool {
	found := false
	x.m.hitsAbove(0.5, func(p *page, l *line, h labels.Hit) { found = true },
		labels.DocCreditNote, labels.DocDebitNote, labels.DocProforma, labels.DocFeeNote, labels.DocReceipt)
	return found
}

func (x *extractor) terms() {
	var terms candidate
	x.m.hits(func(p *page, l *line, h labels.Hit) {
		slots := x.m.slots(p, l, h, 1)
		if len(slots) == 0 || slots[0].where != rightOf {
			// Terms are sentences: the rest of the line and the lines that
			// continue it, even when they name a payment method ("Bonifico
			// bancario a 30 giorni") that ends the label's plain slot.
			_, box := l.span(h.Last+1, len(l.words)-1)
			slots = append([]slot{{box: box, page: p.num, where: rightOf, line: l, label: h}}, slots...)
		}
		for _, s := range slots {
			text := strings.TrimSpace(s.text)
			if s.where == rightOf {
				text = continued(p, l, h)
				if !strings.HasSuffix(l.words[h.Last].Text, ":") && !l.gapAfter(h.Last) && sentenceLabel(h.Label) {
					// "Zahlbar innerhalb von 30 Tagen": the label starts the
					// printed terms.
					text = sentenceFrom(p, l, h.First)
				}
			} else if strings.HasSuffix(text, ":") || startsLabel(s.line, text) {
				continue // the next key, not a value
			} else if i := wordAt(s.line, s.box.X0); i >= 0 {
				// A sentence under a heading runs on past column gaps
				// and onto the lines that continue it.
				text = sentenceFrom(p, s.line, i)
			}
			text = strings.TrimRight(text, " –—-;,")
			if len(text) < 2 || len(text) > 200 {
				continue
			}
			if _, explicit := parse.PaymentTerms(text, x.locale); !explicit && !hasWord(text) {
				continue // "30 gg d.f." has no long word but is terms
			}
			c := candidate{str: text, score: h.Score * whereWeight(s) * 0.8, page: s.page, box: s.box, ok: true}
			if c.better(terms) {
				terms = c
			}
		}
	}, labels.PaymentTerms)
	x.setString("invoice.payment_terms", &x.r.Invoice.PaymentTerms, terms)

	// A due date computed from explicit terms, when none is printed.
	if x.r.Invoice.DueDate == nil && x.r.Invoice.Date != nil && terms.ok {
		if t, ok := parse.PaymentTerms(terms.str, x.locale); ok {
			if due, ok := parse.DueDate(*x.r.Invoice.Date, t); ok {
				x.setString("invoice.due_date", &x.r.Invoice.DueDate,
					candidate{str: due, score: terms.score * 0.9, page: terms.page, box: terms.box, ok: true})
			}
		}
	}

	methods := map[labels.Kind]string{
		labels.PayBankTransfer: invoice.PayBankTransfer, labels.PaySEPA: invoice.PaySEPADirectDebit,
		labels.PayCard: invoice.PayCard, labels.PayCash: invoice.PayCash, labels.PayCheque: invoice.PayCheque,
		labels.PayRiba: invoice.PayRiba, labels.PayPaypal: invoice.PayPaypal,
	}
	var method candidate
	found := map[string]bool{}
	x.m.hits(func(p *page, l *line, h labels.Hit) {
		found[methods[h.Kind]] = true
		_, box := l.span(h.First, h.Last)
		c := candidate{str: methods[h.Kind], score: h.Score * 0.85, page: p.num, box: box, ok: true}
		if c.better(method) {
			method = c
		}
	}, labels.PayBankTransfer, labels.PaySEPA, labels.PayCard, labels.PayCash, labels.PayCheque, labels.PayRiba, labels.PayPaypal)
	if len(found) > 1 {
		method.score *= 0.6 // several methods named: less sure which applies
	}
	x.setString("invoice.payment_method", &x.r.Invoice.PaymentMethod, method)
}

func (x *extractor) poNumber() {
	var best candidate
	x.m.hits(func(p *page, l *line, h labels.Hit) {
		for _, s := range x.m.slots(p, l, h, 1) {
			id, ok := identifier(s.text)
			weight := 0.9
			if !ok && s.where == rightOf {
				// "Vs ordine : conferma telefonica", "Vs.Ord. ORDCLIENTE":
				// an order reference need not hold a digit.
				id, ok = wordReference(s.text)
				weight = 0.7
			}
			if !ok {
				continue
			}
			c := candidate{str: id, score: h.Score * whereWeight(s) * weight, page: s.page, box: s.box, ok: true}
			if inProse(l, h) {
				c.score *= 0.6 // "Rechnung gemäß Bestellung Nr. …": quoted in a sentence
			}
			if c.better(best) {
				best = c
			}
		}
	}, labels.PONumber)
	x.setString("invoice.po_number", &x.r.Invoice.PONumber, best)
}

// hasWord reports whether text has a word of three letters or more.
func hasWord(text string) bool {
	for _, f := range strings.Fields(text) {
		n := 0
		for _, r := range f {
			if unicode.IsLetter(r) {
				n++
			}
		}
		if n >= 3 {
			return true
		}
	}
	return false
}

// numberMark reports whether text starts with a number abbreviation.
func numberMark(text string) bool {
	f := strings.Fields(text)
	if len(f) == 0 {
		return false
	}
	switch strings.ToLower(strings.TrimSuffix(f[0], ":")) {
	case "n.", "n", "nr.", "nr", "no.", "no", "n°", "nº", "#", "num.", "numero":
		return true
	}
	return false
}

// continued is the text after hit h to the end of its line, followed by the
// lines right below that continue it, as a wrapped sentence.
func continued(p *page, l *line, h labels.Hit) string {
	if !l.gapAfter(h.Last) {
		// A paragraph that opens with its key wraps under the key.
		_, lbox := l.span(h.First, h.Last)
		return sentenceFrom(p, l, h.Last+1, lbox.X0)
	}
	return sentenceFrom(p, l, h.Last+1)
}

// sentenceFrom reads a sentence that starts at word first of line l: the
// rest of the line up to another key or bank data, then the lines below
// that start in the same column (or at one of wrapX) and continue it. Lines
// further right in between (a date in a table's next column) are passed
// over.
func sentenceFrom(p *page, l *line, first int, wrapX ...float64) string {
	end := len(l.words) - 1
	for _, o := range l.hits {
		if termsStop(l, o) && o.First >= first && o.First > 0 && o.First-1 < end {
			end = o.First - 1
		}
	}
	for first <= end && isFiller(l.words[first].Text) {
		first++
	}
	if first > end {
		return ""
	}
	text, span := l.span(first, end)
	if end < len(l.words)-1 {
		return text // cut by bank data or another key: the sentence ends here
	}
	x0 := l.words[first].Box.X0
	// Lines follow each other at about 1.2 times the font size; word boxes
	// may be much taller than that, so the pitch is measured top to top.
	size := l.words[first].FontSize
	if size <= 0 || size > l.height {
		size = 0.75 * l.height
	}
	prev := l
	for _, o := range p.lines[l.index+1:] {
		if o.angle != 0 || o.box.Y0-prev.box.Y0 > 1.7*size {
			break
		}
		if len(o.words) == 0 || o.box.Y0-prev.box.Y0 < 0.5*size {
			continue
		}
		if o.words[0].Box.X0 > span.X1 {
			continue // beside the sentence, in the next column
		}
		aligned := math.Abs(o.words[0].Box.X0-x0) <= 1.5*size
		for _, x := range wrapX {
			aligned = aligned || math.Abs(o.words[0].Box.X0-x) <= 1.5*size
		}
		if !aligned || !sentenceLine(o) {
			break
		}
		text += " " + o.text
		prev = o
	}
	return text
}

// termsStop reports whether hit o ends a sentence of terms: another key
// ("Bankverbindung:") or bank and contact data. Words such as "Skonto" or
// "netto" inside the sentence are no boundary.
func termsStop(l *line, o labels.Hit) bool {
	if o.Score < minLabelScore {
		return false
	}
	switch o.Kind {
	case labels.IBAN, labels.BIC, labels.Bank, labels.VATNumber, labels.Email, labels.Phone:
		return true
	}
	return strings.HasSuffix(l.words[o.Last].Text, ":")
}

// sentenceLine reports whether line o may continue a sentence of terms: it
// holds no key or bank data, and does not open with a label set off from
// its value ("Totale   100,00"). Words that are labels elsewhere
// ("Rechnung", "Skonto") may occur inside the sentence.
func sentenceLine(o *line) bool {
	for _, h := range o.hits {
		if h.Score < minLabelScore {
			continue
		}
		if termsStop(o, h) {
			return false
		}
		switch h.Kind {
		case labels.Discount, labels.PaymentTerms, labels.PayBankTransfer, labels.PaySEPA,
			labels.PayCard, labels.PayCash, labels.PayCheque, labels.PayRiba, labels.PayPaypal:
			continue
		}
		if h.First == 0 && (h.Last == len(o.words)-1 || o.gapAfter(h.Last)) {
			return false
		}
	}
	return true
}

// sentenceLabel reports whether a payment-terms label opens a sentence that
// is the terms ("Zahlbar innerhalb", "Payable within", "Pagamento a"),
// rather than naming them ("Zahlungsbedingungen", "Conditions de paiement").
func sentenceLabel(label string) bool {
	for _, w := range strings.Fields(strings.ToLower(label)) {
		switch strings.Trim(w, ".:,") {
		case "zahlbar", "payable", "bei", "innerhalb", "within", "entro", "a", "à", "net", "netto", "due", "sofort", "binnen":
			return true
		}
	}
	return false
}

// numberDate matches "n. 12/2026 del 15/03/2026", "Nr. 58214 vom
// 07.04.2026", "No. 7 of 15 March 2026", "N° 12 du 15/03/2026": the way
// invoices, bills and notes state their number and date together.
var numberDate = regexp.MustCompile(`(?i)(?:^|\s)(?:n\.?|nr\.?|no\.?|n°|nº|num\.?|numero)\s*:?\s*(\p{N}[\p{L}\p{N}/\-._]*|[\p{L}\p{N}][\p{L}\p{N}/\-._]*\p{N}[\p{L}\p{N}/\-._]*)\s+(?:del|vom|du|of|dated|dd\.?):?(?:\s+(.+))?$`)

// datedNumber finds a number stated with its date on one line.
func (x *extractor) datedNumber() (candidate, bool) {
	c, _, ok := x.numberAndDate()
	return c, ok
}

// numberDated is the date of datedNumber.
func (x *extractor) numberDated() (candidate, bool) {
	_, d, ok := x.numberAndDate()
	return d, ok && d.ok
}

func (x *extractor) numberAndDate() (num, date candidate, ok bool) {
	for _, p := range x.m.pages {
		if p.num > 1 {
			break
		}
		for _, l := range p.lines {
			loc := numberDate.FindStringSubmatchIndex(l.text)
			if loc == nil {
				if n, d, ok := x.numberThenDateLine(p, l); ok {
					return n, d, true
				}
				continue
			}
			if referenceText(l.text[:loc[0]]) {
				continue
			}
			m := []string{l.text[loc[0]:loc[1]], l.text[loc[2]:loc[3]], ""}
			if loc[4] >= 0 {
				m[2] = l.text[loc[4]:loc[5]]
			} else if l.index+1 < len(p.lines) {
				// "Rechnung Nr. 4711 vom" / "06.12.2018": the date wraps
				// onto the next line (of a heading whose boxes overlap).
				if next := p.lines[l.index+1]; next.angle == 0 && next.box.Y0 > l.box.Y0 && next.box.Y0-l.box.Y1 < 1.5*l.height {
					m[2] = next.text
				}
			}
			ds := x.findDates(m[2])
			if len(ds) == 0 || ds[0].Start > 2 {
				continue
			}
			num = candidate{str: strings.TrimRight(m[1], ".,"), score: 0.8, page: p.num, box: l.box, ok: true}
			date = candidate{str: ds[0].Value, score: 0.8, page: p.num, box: l.box, ok: true}
			return num, date, true
		}
	}
	return candidate{}, candidate{}, false
}

// numberOnly matches a line that ends with a number after "Nr.", "n.",
// "No." whose date follows on the next line.
var numberOnly = regexp.MustCompile(`(?i)(?:^|\s)(?:n\.?|nr\.?|no\.?|n°|nº|num\.?|numero)\s*:?\s*(\p{N}[\p{L}\p{N}/\-._]*|[\p{L}\p{N}][\p{L}\p{N}/\-._]*\p{N}[\p{L}\p{N}/\-._]*)$`)

// dateOpening matches a line that starts with the date of a number on the
// line above: "vom 31.10.2018", "del 15/03/2026".
var dateOpening = regexp.MustCompile(`(?i)^(?:del|vom|du|of|dated|dd\.?)\s+(.+)$`)

// numberThenDateLine reads "Rechnung Nr. 4711" / "vom 31.10.2018": a
// heading whose date phrase wraps onto the next line.
func (x *extractor) numberThenDateLine(p *page, l *line) (num, date candidate, ok bool) {
	loc := numberOnly.FindStringSubmatchIndex(l.text)
	if loc == nil || referenceText(l.text[:loc[0]]) || l.index+1 >= len(p.lines) {
		return candidate{}, candidate{}, false
	}
	next := p.lines[l.index+1]
	if next.angle != 0 || next.box.Y0 <= l.box.Y0 || next.box.Y0-l.box.Y1 > 1.5*l.height ||
		math.Abs(next.box.X0-l.box.X0) > 2*l.height {
		return candidate{}, candidate{}, false
	}
	g := dateOpening.FindStringSubmatch(next.text)
	if g == nil {
		return candidate{}, candidate{}, false
	}
	ds := x.findDates(g[1])
	if len(ds) == 0 || ds[0].Start > 2 {
		return candidate{}, candidate{}, false
	}
	n := candidate{str: strings.TrimRight(l.text[loc[2]:loc[3]], ".,"), score: 0.8, page: p.num, box: l.box, ok: true}
	d := candidate{str: ds[0].Value, score: 0.8, page: p.num, box: next.box, ok: true}
	return n, d, true
}

// startsLabel reports whether text, read from line l, begins with a label
// hit of l: a key of its own such as "Scadenza" or "Fällig am".
func startsLabel(l *line, text string) bool {
	if l == nil {
		return false
	}
	for i, w := range l.words {
		if !strings.HasPrefix(text, w.Text) {
			continue
		}
		for _, h := range l.hits {
			if h.First == i && h.Score >= minLabelScore {
				return true
			}
		}
		return false
	}
	return false
}

// referenceWords introduce another document: the invoice a credit note
// corrects, an order, a delivery note.
var referenceWords = map[string]bool{
	"storno": true, "rif": true, "rif.": true, "riferimento": true, "relativa": true, "relativo": true, "rettifica": true,
	"relates": true, "related": true, "relating": true, "refers": true, "ref.": true, "reference": true, "against": true, "original": true, "corrects": true,
	"zu": true, "zur": true, "bezüglich": true, "bezug": true, "korrektur": true, "storno-": true,
	"sur": true, "relative": true, "concernant": true, "annule": true, "rectifie": true,
	// Transport documents and orders a line refers to.
	"rifer": true, "rifer.": true, "ddt": true, "d.d.t.": true, "d.d.t": true, "bolla": true, "ordine": true,
	"order": true, "delivery": true, "lieferschein": true, "bestellung": true, "auftrag": true,
	"commande": true, "livraison": true, "bl": true,
}

// reference reports whether hit h on line l names another document: a
// reference word stands right before the label in the same phrase.
func reference(l *line, h labels.Hit) bool {
	for i := h.First - 1; i >= 0 && i >= h.First-4; i-- {
		if l.gapAfter(i) {
			return false
		}
		if referenceWords[strings.ToLower(strings.Trim(l.words[i].Text, ",:;()"))] {
			return true
		}
	}
	return false
}

// referenceText reports whether the text before a number names another
// document ("Gutschrift zu", "Avoir sur").
func referenceText(before string) bool {
	f := strings.Fields(before)
	for i := len(f) - 1; i >= 0 && i >= len(f)-4; i-- {
		if referenceWords[strings.ToLower(strings.Trim(f[i], ",:;()"))] {
			return true
		}
	}
	return false
}

// wordReference reads a reference made of words beside its key: one to
// three words before the next key or gap, none of them a label, a date or
// a filler, no longer than 30 characters.
func wordReference(text string) (string, bool) {
	words := strings.Fields(text)
	for len(words) > 0 && isFiller(words[0]) {
		words = words[1:]
	}
	var parts []string
	for _, w := range words {
		if strings.HasSuffix(w, ":") || len(parts) == 3 {
			break
		}
		parts = append(parts, w)
	}
	if len(parts) == 0 || len(parts) == 3 && len(words) > 3 {
		return "", false
	}
	ref := strings.Join(parts, " ")
	if len(ref) > 30 || strings.IndexFunc(ref, unicode.IsLetter) < 0 || len(labels.Find(parts)) > 0 {
		return "", false
	}
	if _, ok := parse.Date(ref, ""); ok {
		return "", false
	}
	return ref, true
}

// numberInProse reports whether a label stands inside running text: at least
// three words precede it in its phrase, one of them a lower-case word.
func numberInProse(l *line, h labels.Hit) bool {
	start := h.First
	for start > 0 && !l.gapAfter(start-1) {
		start--
	}
	if h.First-start < 3 {
		return false
	}
	for _, w := range l.words[start:h.First] {
		t := strings.Trim(w.Text, ",.;:()")
		if t != "" && strings.ToLower(t) == t && strings.IndexFunc(t, unicode.IsLetter) >= 0 {
			return true
		}
	}
	return false
}

// endsSentence reports whether a label is the last words of a phrase that
// began before it ("30 jours date de facture", "60 giorni data fattura"):
// words of terms, not a key with a value.
func endsSentence(l *line, h labels.Hit) bool {
	return h.First > 0 && !l.gapAfter(h.First-1) && h.Last == len(l.words)-1 &&
		!strings.HasSuffix(l.words[h.Last].Text, ":")
}

// numberKey reports whether a word is a bare "number" key: "Numero:",
// "Numéro", "Nummer", "Number".
func numberKey(w string) bool {
	switch strings.ToLower(strings.TrimSuffix(w, ":")) {
	case "numero", "numéro", "nummer", "number":
		return true
	}
	return false
}
