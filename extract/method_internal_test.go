package extract

import (
	"strings"
	"testing"

	"github.com/invex/invex/extract/fields"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/resolve"
	"github.com/invex/invex/invoice"
)

// page lays lines of text out on one page, a line every 14 points.
func page(lines ...string) *layout.Document {
	p := layout.Page{Number: 1, Width: 595, Height: 842}
	for i, l := range lines {
		x, y := 40.0, 60+14*float64(i)
		for _, w := range strings.Fields(l) {
			width := 5 * float64(len([]rune(w)))
			p.Words = append(p.Words, layout.Word{Text: w, Box: layout.Rect{X0: x, Y0: y, X1: x + width, Y1: y + 10}, FontSize: 9})
			x += width + 3
		}
	}
	p.SetWords(p.Words)
	return &layout.Document{Pages: []layout.Page{p}}
}

// An invoice that names no payment method but prints a bank code under its
// label (BIC, SWIFT, sort code, routing number, BLZ) asks for a bank
// transfer; one that names its method keeps it, and one with no bank
// coordinates gets none.
func TestBankTransferByCoordinates(t *testing.T) {
	card := invoice.PayCard
	for _, tt := range []struct {
		name, locale string
		lines        []string
		method       *string
		want         string
	}{
		{"SWIFT", "en", []string{"Payment Instructions", "Bank Name: First Harbour Bank", "Account: 123456789900", "SWIFT: HARBGB2L"}, nil, invoice.PayBankTransfer},
		{"sort code", "en", []string{"Payment details:", "Account Name: Harbour Supplies", "Account Number: 12345678", "Sort Code: 12-34-56"}, nil, invoice.PayBankTransfer},
		{"BLZ", "de", []string{"Bankverbindung: Sparkasse Musterstadt", "Kto.-Nr. 1234567", "BLZ 700 500 00"}, nil, invoice.PayBankTransfer},
		{"a method named", "en", []string{"Paid by card", "SWIFT: HARBGB2L"}, &card, invoice.PayCard},
		{"no bank code", "en", []string{"Thank you for your business", "Questions? hello@harbour.example"}, nil, ""},
	} {
		d := page(tt.lines...)
		f := fields.Outcome{Evidence: map[string]layout.Evidence{}}
		f.Result.Invoice.PaymentMethod = tt.method
		bankTransferByCoordinates(&f, resolve.Build(d, tt.locale))
		got := ""
		if m := f.Result.Invoice.PaymentMethod; m != nil {
			got = *m
		}
		if got != tt.want {
			t.Errorf("%s: payment method %q, want %q", tt.name, got, tt.want)
		}
		if ev, ok := f.Evidence["invoice.payment_method"]; tt.method == nil && tt.want != "" && (!ok || ev.Page != 1 || ev.Box.X1 <= ev.Box.X0) {
			t.Errorf("%s: evidence %+v, want the code's label", tt.name, ev)
		}
	}
}

// TestResolverAloneReadsTypeAndTerms checks that the resolver alone decides
// the document type and payment terms itself, whatever the rules read,
// and that with the rules running their values stay; an identified
// document with no type word is an invoice.
func TestResolverAloneReadsTypeAndTerms(t *testing.T) {
	w := func(feature string) *resolve.FieldModel {
		return &resolve.FieldModel{Threshold: 0.5, Weights: map[string]float64{"bias": -1, feature: 3}}
	}
	m := &resolve.Model{Fields: map[string]*resolve.FieldModel{
		"invoice.type":          w("dt.credit_note"),
		"invoice.payment_terms": w("tm.after"),
	}}
	data, err := m.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if m, err = resolve.Parse(data); err != nil {
		t.Fatal(err)
	}
	// The rules' values are set apart from anything on the page, so that
	// the result shows which source decided.
	rulesType, rulesTerms := invoice.TypeProforma, "the rules' terms"
	read := func(alone bool, lines ...string) invoice.Result {
		doc := page(lines...)
		f := fields.Extract(doc, "it")
		f.Result.Invoice.Type, f.Result.Invoice.PaymentTerms = &rulesType, &rulesTerms
		resolveFields(&f, resolve.Build(doc, "it"), m, alone)
		return f.Result
	}
	str := func(p *string) string {
		if p == nil {
			return "<nil>"
		}
		return *p
	}
	lines := []string{"Nota di credito n. 12", "Condizioni di pagamento: 30 gg d.f."}
	got := read(true, lines...)
	if str(got.Invoice.Type) != invoice.TypeCreditNote || str(got.Invoice.PaymentTerms) != "30 gg d.f." {
		t.Errorf("alone: type %s, terms %s; want credit_note and 30 gg d.f.", str(got.Invoice.Type), str(got.Invoice.PaymentTerms))
	}
	got = read(false, lines...)
	if str(got.Invoice.Type) != rulesType || str(got.Invoice.PaymentTerms) != rulesTerms {
		t.Errorf("with the rules: type %s, terms %s; want the rules' values", str(got.Invoice.Type), str(got.Invoice.PaymentTerms))
	}
	got = read(true, "Documento n. 12", "P.IVA 01234567897")
	if str(got.Invoice.Type) != invoice.TypeInvoice || got.Invoice.PaymentTerms != nil {
		t.Errorf("alone, no type word nor terms: type %s, terms %s; want invoice and none", str(got.Invoice.Type), str(got.Invoice.PaymentTerms))
	}
	got = read(true, "Grazie per la visita")
	if got.Invoice.Type != nil {
		t.Errorf("alone, nothing identified: type %s, want none", str(got.Invoice.Type))
	}
}

func TestResolverAloneReadsItsOwnItems(t *testing.T) {
	m := &resolve.Model{Fields: map[string]*resolve.FieldModel{}}
	doc := page("Descrizione Q.tà Prezzo Importo", "Staffa di fissaggio 4 2,50 10,00", "Imponibile 10,00")
	read := func(alone bool) []invoice.LineItem {
		f := fields.Extract(doc, "it")
		// The rules' row is set apart from the page's, so that the
		// result shows which reading decided.
		f.Result.LineItems = []invoice.LineItem{{Description: invoice.String("the rules' row"), Amount: invoice.Number(99)}}
		d := resolve.Build(doc, "it")
		d.RuleItems = ruleItems(f.Result.LineItems)
		resolveFields(&f, d, m, alone)
		return f.Result.LineItems
	}
	got := read(true)
	if len(got) != 1 || got[0].Amount == nil || *got[0].Amount != 10 || got[0].Description == nil || *got[0].Description != "Staffa di fissaggio" {
		t.Errorf("alone: items %+v, want the page's row of 10,00", got)
	}
	if got := read(false); len(got) != 1 || got[0].Amount == nil || *got[0].Amount != 99 {
		t.Errorf("with the rules and no fitted choice: items %+v, want the rules' row", got)
	}
}
