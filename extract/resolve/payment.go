package resolve

import (
	"strings"
	"unicode"

	"github.com/invex/invex/extract/parse"
	"github.com/invex/invex/invoice"
)

// payMethods are the payment method values a document's words can name.
var payMethods = []string{invoice.PayBankTransfer, invoice.PaySEPADirectDebit, invoice.PayCard,
	invoice.PayCash, invoice.PayCheque, invoice.PayRiba, invoice.PayPaypal}

// payWords adds the payment method candidates of a line: the words naming
// a way to pay ("Bonifico bancario", "Lastschrift", "Virement", "Credit
// card").
func (d *Doc) payWords(pi, li int) {
	p := d.Pages[pi]
	for ci, hs := range p.labels[li] {
		for _, h := range hs {
			if strings.HasPrefix(string(h.kind), "pay.") {
				d.Values = append(d.Values, Value{Type: TPayMethod, Text: p.text(li, h.first, h.last), Norm: strings.TrimPrefix(string(h.kind), "pay."),
					Page: pi, Line: li, First: h.first, Last: h.last, Cell: ci, Box: p.box(li, h.first, h.last)})
			}
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

// paymentFeatures sets the features of a payment method or currency
// candidate; methods is the number of distinct payment methods the
// document names.
func (d *Doc) paymentFeatures(v *Value, methods int, set func(string, float64)) {
	switch v.Type {
	case TPayMethod:
		for _, m := range payMethods {
			set("pm."+m, flag(v.Norm == m))
		}
		set("pm.several", flag(methods > 1))
		// A word naming a way to pay: in a line of prose or a heading, at
		// the start of its cell.
		l := d.Pages[v.Page].S.Page.Lines[v.Line]
		set("kw.prose", flag(len(l.Words) > 8))
		if cells := d.Pages[v.Page].S.Cells[v.Line]; v.Cell < len(cells) {
			set("kw.start", flag(cells[v.Cell].First == v.First))
		}
	case TCurrency:
		set("cur.amount", flag(v.onAmount))
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
