package extract_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/go-pdf/fpdf"

	"github.com/invex/invex/extract"
)

// longInvoice is a digital invoice of pages pages of 70 item rows each,
// every row starting with the same word (so that each line could begin a
// table's header).
func longInvoice(b *testing.B, pages int) []byte {
	b.Helper()
	f := fpdf.New("P", "pt", "A4", "")
	f.SetFont("Helvetica", "", 9)
	for p := range pages {
		f.AddPage()
		if p == 0 {
			f.Text(40, 40, "Forniture Generiche S.r.l. - Partita IVA 01234567897")
			f.Text(40, 55, "Fattura n. 7 del 15/03/2026")
		}
		for i := range 70 {
			f.Text(40, 80+float64(i)*10.5, fmt.Sprintf("Articolo %d-%d materiale fornito   2   10,00   20,00   22%%", p, i))
		}
	}
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkLongInvoice extracts digital invoices of 5 and 20 pages of item
// rows and reports the time per page: the two figures should be close
// (extraction linear in the document's length). Before the per-document
// indexes of resolve (values by cell, lines by text) and the sweep of
// fields' column clustering, 20 pages took 4.5 s, 2.5 times the per-page
// time of 5.
func BenchmarkLongInvoice(b *testing.B) {
	ctx := context.Background()
	for _, pages := range []int{5, 20} {
		data := longInvoice(b, pages)
		b.Run(fmt.Sprintf("pages=%d", pages), func(b *testing.B) {
			for b.Loop() {
				if _, err := engine.Extract(ctx, data, extract.Options{Locale: "it"}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*pages), "ms/page")
		})
	}
}
