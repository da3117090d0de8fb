package pdf

import (
	"context"
	"testing"
	"time"

	"github.com/klippa-app/go-pdfium/requests"
)

func TestTmpTiming(t *testing.T) {
	data := invoicePDF(t)
	w, _ := shared.acquire(context.Background())
	defer shared.release(w, true)
	for iter := range 3 {
		var ts []time.Duration
		mark := time.Now()
		lap := func() { ts = append(ts, time.Since(mark)); mark = time.Now() }
		d, _ := w.inst.FPDF_LoadMemDocument64(&requests.FPDF_LoadMemDocument64{Data: &data})
		lap()
		pg, _ := w.inst.FPDF_LoadPage(&requests.FPDF_LoadPage{Document: d.Document, Index: 0})
		lap()
		tp, _ := w.inst.FPDFText_LoadPage(&requests.FPDFText_LoadPage{Page: requests.Page{ByReference: &pg.Page}})
		lap()
		for i := range 100 {
			w.inst.FPDFText_GetLooseCharBox(&requests.FPDFText_GetLooseCharBox{TextPage: tp.TextPage, Index: i % 50})
		}
		lap()
		w.inst.GetAttachments(&requests.GetAttachments{Document: d.Document})
		lap()
		w.inst.FPDFText_ClosePage(&requests.FPDFText_ClosePage{TextPage: tp.TextPage})
		w.inst.FPDF_ClosePage(&requests.FPDF_ClosePage{Page: pg.Page})
		w.inst.FPDF_CloseDocument(&requests.FPDF_CloseDocument{Document: d.Document})
		lap()
		t.Logf("iter %d: load doc %v, load page %v, text page %v, 100 boxes %v, attach %v, close %v", iter, ts[0], ts[1], ts[2], ts[3], ts[4], ts[5])
	}
}
