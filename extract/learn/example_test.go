package learn

import (
	"strings"
	"testing"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/invoice"
)

// page lays out lines of cells: each cell is "x|text", the words of a
// cell 5 points apart, 12 points high, lines 20 points apart.
func page(lines ...[]string) *layout.Document {
	var words []layout.Word
	for i, cells := range lines {
		y := 100 + float64(i)*20
		for _, c := range cells {
			xs, text, _ := strings.Cut(c, "|")
			x := float64(len(xs)) * 10 // the x is written as that many '.'
			for _, w := range strings.Fields(text) {
				wd := float64(len(w)) * 5
				words = append(words, layout.Word{Text: w, Box: layout.Rect{X0: x, Y0: y, X1: x + wd, Y1: y + 12}, FontSize: 10})
				x += wd + 4
			}
		}
	}
	p := layout.Page{Number: 1, Width: 600, Height: 800}
	p.SetWords(words)
	return &layout.Document{Pages: []layout.Page{p}}
}

// A label that begins a longer label elsewhere ("Totale" and "Totale
// imponibile") is read only where it stands alone.
func TestApplyWholeLabel(t *testing.T) {
	at := func(n int) string { return strings.Repeat(".", n) + "|" }
	reviewed := page(
		[]string{at(5) + "Totale imponibile", at(40) + "200,00"},
		[]string{at(5) + "IVA 22%", at(40) + "44,00"},
		[]string{at(5) + "Totale", at(40) + "244,00"},
	)
	ex, ok := Locate(reviewed, "financials.total", 244.0, nil, "it")
	if !ok || ex.Label != "totale" {
		t.Fatalf("Locate = %+v, %v; want the label totale", ex, ok)
	}
	// The next invoice has one more line above: every place moved down.
	next := page(
		[]string{at(5) + "Spese di trasporto", at(40) + "10,00"},
		[]string{at(5) + "Totale imponibile", at(40) + "310,00"},
		[]string{at(5) + "IVA 22%", at(40) + "68,20"},
		[]string{at(5) + "Totale", at(40) + "378,20"},
	)
	var r invoice.Result
	changed := Apply(next, &r, map[string]layout.Evidence{}, []Example{ex}, "it")
	if got, _ := Get(&r, "financials.total"); len(changed) != 1 || !Same(got, 378.2) {
		t.Errorf("total read = %v (changed %v), want 378.2 beside the whole label", got, changed)
	}
}

// A value whose label is above it (a grid of labels over values) is read
// under the same label on the next invoice, wherever the grid moved.
func TestApplyLabelAbove(t *testing.T) {
	at := func(n int) string { return strings.Repeat(".", n) + "|" }
	reviewed := page(
		[]string{at(5) + "Documento", at(20) + "Data", at(35) + "Pagina"},
		[]string{at(5) + "A/118", at(20) + "03/02/2026", at(35) + "1"},
	)
	ex, ok := Locate(reviewed, "invoice.number", "A/118", nil, "it")
	if !ok || ex.Label != "documento" {
		t.Fatalf("Locate = %+v, %v; want the label above", ex, ok)
	}
	next := page(
		[]string{at(1) + "Spett.le Rossi"},
		[]string{at(1) + "Via Roma 1"},
		[]string{at(5) + "Documento", at(20) + "Data", at(35) + "Pagina"},
		[]string{at(5) + "A/2231", at(20) + "04/03/2026", at(35) + "1"},
	)
	var r invoice.Result
	Apply(next, &r, nil, []Example{ex}, "it")
	if got, _ := Get(&r, "invoice.number"); got != "A/2231" {
		t.Errorf("number read = %v, want A/2231 under its label", got)
	}
}

// An example whose label the page no longer prints reads nothing: the
// supplier changed its layout, and its old place holds something else.
func TestApplyLabelGone(t *testing.T) {
	at := func(n int) string { return strings.Repeat(".", n) + "|" }
	reviewed := page(
		[]string{at(5) + "Rif.", at(12) + "A/118"},
	)
	ex, ok := Locate(reviewed, "invoice.number", "A/118", nil, "it")
	if !ok || ex.Label != "rif" {
		t.Fatalf("Locate = %+v, %v", ex, ok)
	}
	next := page(
		[]string{at(5) + "Cliente", at(12) + "Bianchi"},
	)
	r := invoice.Result{Invoice: invoice.Header{Number: invoice.String("B/7")}}
	if changed := Apply(next, &r, nil, []Example{ex}, "it"); len(changed) != 0 || *r.Invoice.Number != "B/7" {
		t.Errorf("Apply without the label changed %v: number %v", changed, *r.Invoice.Number)
	}
}
