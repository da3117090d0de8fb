package pdf

import (
	"fmt"
	"context"
	"testing"

	"github.com/klippa-app/go-pdfium/requests"
)

func TestDebugChars(t *testing.T) {
	f := newDoc()
	f.AddPage()
	f.SetFont("Helvetica", "", 12)
	f.Text(72, 100, "ABC")
	f.TransformBegin()
	f.TransformRotate(90, 100, 100)
	f.Text(100, 100, "DEF")
	f.TransformEnd()
	data := render(t, f)
	w, err := shared.acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer shared.release(w, true)
	d, err := w.inst.FPDF_LoadMemDocument64(&requests.FPDF_LoadMemDocument64{Data: &data})
	if err != nil {
		t.Fatal(err)
	}
	defer w.inst.FPDF_CloseDocument(&requests.FPDF_CloseDocument{Document: d.Document})
	pg, _ := w.inst.FPDF_LoadPage(&requests.FPDF_LoadPage{Document: d.Document, Index: 0})
	tp, _ := w.inst.FPDFText_LoadPage(&requests.FPDFText_LoadPage{Page: requests.Page{ByReference: &pg.Page}})
	n, _ := w.inst.FPDFText_CountChars(&requests.FPDFText_CountChars{TextPage: tp.TextPage})
	txt, _ := w.inst.FPDFText_GetText(&requests.FPDFText_GetText{TextPage: tp.TextPage, Count: n.Count})
	t.Logf("%q", txt.Text)
	for i := range n.Count {
		a, _ := w.inst.FPDFText_GetCharAngle(&requests.FPDFText_GetCharAngle{TextPage: tp.TextPage, Index: i})
		m, _ := w.inst.FPDFText_GetMatrix(&requests.FPDFText_GetMatrix{TextPage: tp.TextPage, Index: i})
		g, _ := w.inst.FPDFText_IsGenerated(&requests.FPDFText_IsGenerated{TextPage: tp.TextPage, Index: i})
		t.Logf("%d angle %v matrix %+v gen %v", i, a.CharAngle, m.Matrix, g.IsGenerated)
	}
}

func TestDebugRotate(t *testing.T) {
	for _, rot := range []int{0, 90, 180, 270} {
		data := onePagePDF(fmt.Sprintf("/MediaBox [0 0 200 100] /Rotate %d", rot), "BT /F1 10 Tf 10 20 Td (Hi there) Tj ET")
		doc := read(t, data)
		t.Logf("rot %d: %+v", rot, doc.Pages[0])
		w, _ := shared.acquire(context.Background())
		d, _ := w.inst.FPDF_LoadMemDocument64(&requests.FPDF_LoadMemDocument64{Data: &data})
		pg, _ := w.inst.FPDF_LoadPage(&requests.FPDF_LoadPage{Document: d.Document, Index: 0})
		p := requests.Page{ByReference: &pg.Page}
		wd, _ := w.inst.FPDF_GetPageWidthF(&requests.FPDF_GetPageWidthF{Page: p})
		ht, _ := w.inst.FPDF_GetPageHeightF(&requests.FPDF_GetPageHeightF{Page: p})
		dev, err := w.inst.FPDF_PageToDevice(&requests.FPDF_PageToDevice{Page: p, SizeX: int(wd.PageWidth), SizeY: int(ht.PageHeight), PageX: 10, PageY: 20})
		t.Logf("pdfium size %vx%v, (10,20) -> device %+v %v", wd.PageWidth, ht.PageHeight, dev, err)
		w.inst.FPDF_CloseDocument(&requests.FPDF_CloseDocument{Document: d.Document})
		shared.release(w, true)
	}
}
