package resolve

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/parse"
	"github.com/invex/invex/invoice"
)

// docTypes are the type values a document's words can name.
var docTypes = []string{invoice.TypeInvoice, invoice.TypeCreditNote, invoice.TypeDebitNote,
	invoice.TypeProforma, invoice.TypeFeeNote, invoice.TypeReceipt}

// payMethods are the payment method values a document's words can name.
var payMethods = []string{invoice.PayBankTransfer, invoice.PaySEPADirectDebit, invoice.PayCard,
	invoice.PayCash, invoice.PayCheque, invoice.PayRiba, invoice.PayPaypal}

// tdCode matches an Italian e-invoice's document type code as its
// renderings print it ("TD04", "(TD01)").
var tdCode = regexp.MustCompile(`^\(?TD(0[1-9]|1[6-9]|2[0-8])\)?[:.,]?$`)

// docWords adds the document type and payment method candidates of a
// line: the words naming a kind of document ("Fattura", "Gutschrift",
// "Avoir", "Credit note"), the first word of a number's label that names
// one ("Rechnung Nr."), an Italian e-invoice's type code (TDnn), and the
// words naming a way to pay ("Bonifico bancario", "Lastschrift",
// "Virement", "Credit card").
func (d *Doc) docWords(pi, li int) {
	p := d.Pages[pi]
	l := p.S.Page.Lines[li]
	add := func(t Type, norm string, ci, first, last int) {
		d.Values = append(d.Values, Value{Type: t, Text: p.text(li, first, last), Norm: norm,
			Page: pi, Line: li, First: first, Last: last, Cell: ci, Box: p.box(li, first, last)})
	}
	for ci, hs := range p.labels[li] {
		for _, h := range hs {
			switch {
			case h.kind.IsDocType():
				add(TDocType, strings.TrimPrefix(string(h.kind), "type."), ci, h.first, h.last)
			case strings.HasPrefix(string(h.kind), "pay."):
				add(TPayMethod, strings.TrimPrefix(string(h.kind), "pay."), ci, h.first, h.last)
			case h.kind == labels.InvoiceNumber:
				first := p.S.Page.Words[l.Words[h.first]].Text
				if fh := labels.Find([]string{first}); len(fh) > 0 && fh[0].Kind.IsDocType() && fh[0].Score >= minLabelScore {
					add(TDocType, strings.TrimPrefix(string(fh[0].Kind), "type."), ci, h.first, h.first)
				}
			}
		}
	}
	for k, wi := range l.Words {
		m := tdCode.FindStringSubmatch(p.S.Page.Words[wi].Text)
		if m == nil {
			continue
		}
		if t := invoice.FatturaPAType("TD" + m[1]); t != "" {
			ci := 0
			if ref, ok := p.S.CellAt(li, k); ok {
				ci = ref.Index
			}
			v := Value{Type: TDocType, Text: p.S.Page.Words[wi].Text, Norm: t, Page: pi, Line: li, First: k, Last: k, Cell: ci, Box: p.box(li, k, k)}
			v.code = true
			d.Values = append(d.Values, v)
		}
	}
}

// currencies adds the currency candidates of a line: the sign or code of
// each amount that carries one, and a currency's code or "euro" printed
// as a word of its own ("Beträge in EUR", "Valuta: EUR").
func (d *Doc) currencies(pi, li int, amounts []parse.Match) {
	p := d.Pages[pi]
	l := p.S.Page.Lines[li]
	add := func(code, text string, first, last int, onAmount bool) {
		v := Value{Type: TCurrency, Text: text, Norm: code, Page: pi, Line: li, First: first, Last: last, Box: p.box(li, first, last)}
		if ref, ok := p.S.CellAt(li, first); ok {
			v.Cell = ref.Index
		}
		v.onAmount = onAmount
		d.Values = append(d.Values, v)
	}
	for _, m := range amounts {
		if m.Currency == "" {
			continue
		}
		if first, last := p.wordSpan(li, m.Start, m.End); first >= 0 {
			add(m.Currency, m.Text, first, last, true)
		}
	}
	for k, wi := range l.Words {
		t := strings.Trim(p.S.Page.Words[wi].Text, ":;,.()[]")
		if strings.EqualFold(t, "euro") {
			t = "EUR"
		}
		if code, ok := parse.Currency(t); ok && currencyCode(t) {
			add(code, p.S.Page.Words[wi].Text, k, k, false)
		}
	}
}

// currencyCode reports whether t is three letters, as a currency's code is.
func currencyCode(t string) bool {
	if len(t) != 3 {
		return false
	}
	for _, r := range t {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// docFeatures sets the features of a document type, payment method or
// currency candidate; methods is the number of distinct payment methods
// the document names.
func (d *Doc) docFeatures(v *Value, methods int, set func(string, float64)) {
	b := func(ok bool) float64 {
		if ok {
			return 1
		}
		return 0
	}
	switch v.Type {
	case TDocType:
		for _, t := range docTypes {
			set("dt."+t, b(v.Norm == t))
		}
		set("dt.code", b(v.code))
	case TPayMethod:
		for _, m := range payMethods {
			set("pm."+m, b(v.Norm == m))
		}
		set("pm.several", b(methods > 1))
	case TCurrency:
		set("cur.amount", b(v.onAmount))
		return
	}
	// A word naming a kind of document or a way to pay: in a line of prose
	// or a heading, at the start of its cell.
	l := d.Pages[v.Page].S.Page.Lines[v.Line]
	set("kw.prose", b(len(l.Words) > 8))
	if cells := d.Pages[v.Page].S.Cells[v.Line]; v.Cell < len(cells) {
		set("kw.start", b(cells[v.Cell].First == v.First))
	}
}

// distinctMethods returns the number of distinct payment methods named.
func (d *Doc) distinctMethods() int {
	seen := map[string]bool{}
	for _, v := range d.Values {
		if v.Type == TPayMethod {
			seen[v.Norm] = true
		}
	}
	return len(seen)
}

// addDefaultType adds the type every numbered document has when it names
// none: an invoice (feature dt.default), marked when a word of another
// kind of document stands anywhere (dt.other).
func (d *Doc) addDefaultType() {
	other := false
	for _, v := range d.Values {
		if v.Type == TDocType && v.Norm != invoice.TypeInvoice {
			other = true
		}
	}
	feats := []fv{{fid("bias"), 1}, {fid("dt.default"), 1}, {fid("dt." + invoice.TypeInvoice), 1}}
	if other {
		feats = append(feats, fv{fid("dt.other"), 1})
	}
	d.Values = append(d.Values, Value{Type: TDocType, Text: invoice.TypeInvoice, Norm: invoice.TypeInvoice, Line: -1, feats: feats})
}
