package extract

import (
	"testing"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/invoice"
)

func words(texts ...string) []layout.Word {
	var ws []layout.Word
	for i, s := range texts {
		x := float64(60 * i)
		ws = append(ws, layout.Word{Text: s, Box: layout.Rect{X0: x, X1: x + 50, Y0: 100, Y1: 110}})
	}
	return ws
}

func TestOCRReason(t *testing.T) {
	a4 := func(p layout.Page) layout.Page { p.Width, p.Height = 595, 842; return p }
	full := []layout.Rect{{X1: 595, Y1: 842}}
	many := make([]string, 30)
	for i := range many {
		many[i] = "Fattura"
	}
	for _, tc := range []struct {
		name string
		page layout.Page
		want string
	}{
		{"digital page", a4(layout.Page{Words: words("Fattura", "n.", "12", "del", "3/3/2026")}), ""},
		{"blank page", a4(layout.Page{}), ""},
		{"blank page with a logo", a4(layout.Page{Images: []layout.Rect{{X0: 40, Y0: 40, X1: 140, Y1: 90}}}), ""},
		{"scan", a4(layout.Page{Images: full}), reasonNoText},
		{"whitespace only", a4(layout.Page{Words: words("\u00a0"), Images: full}), reasonNoText},
		{"text as outlines", a4(layout.Page{Paths: 2400}), reasonNoText},
		{"unmapped glyphs", a4(layout.Page{Words: words("\ue001\ue002\ue003", "\ufffd\ufffd", "ab")}), reasonUnreadable},
		{"scan with a stamp", a4(layout.Page{Words: words("Scanned", "by", "PhoneApp"), Images: full}), reasonImage},
		{"searchable scan", a4(layout.Page{Words: words(many...), Images: full}), ""},
	} {
		if got := ocrReason(tc.page); got != tc.want {
			t.Errorf("%s: ocrReason = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestMergeKeepsTextLayer(t *testing.T) {
	text := []layout.Word{{Text: "Scanned", Box: layout.Rect{X0: 10, X1: 60, Y0: 800, Y1: 810}}}
	ocrWords := []layout.Word{
		{Text: "Scanncd", Box: layout.Rect{X0: 11, X1: 59, Y0: 801, Y1: 809}, OCR: true}, // the same word, misread
		{Text: "Fattura", Box: layout.Rect{X0: 50, X1: 120, Y0: 100, Y1: 115}, OCR: true},
	}
	got := merge(text, ocrWords)
	if len(got) != 2 || got[0].Text != "Scanned" || got[1].Text != "Fattura" {
		t.Errorf("merge = %+v", got)
	}
}

func TestPageList(t *testing.T) {
	for _, tc := range []struct {
		in   []int
		want string
	}{{[]int{2}, "page 2"}, {[]int{1, 2}, "pages 1 and 2"}, {[]int{1, 3, 5}, "pages 1, 3 and 5"}} {
		if got := pageList(tc.in); got != tc.want {
			t.Errorf("pageList(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestFillMissing(t *testing.T) {
	s := func(v string) *string { return &v }
	dst := invoice.Result{Vendor: invoice.Vendor{Name: s("Text Layer S.r.l.")}}
	src := invoice.Result{
		Vendor:    invoice.Vendor{Name: s("Logo Tagline"), VATNumber: s("IT02468135799")},
		LineItems: []invoice.LineItem{{Description: s("Viti")}},
	}
	filled := fillMissing(&dst, src)
	if *dst.Vendor.Name != "Text Layer S.r.l." || dst.Vendor.VATNumber == nil || *dst.Vendor.VATNumber != "IT02468135799" || len(dst.LineItems) != 1 {
		t.Errorf("fillMissing gave %+v", dst.Vendor)
	}
	if len(filled) != 2 || filled[0] != "vendor.vat_number" || filled[1] != "line_items" {
		t.Errorf("filled = %q", filled)
	}
}
