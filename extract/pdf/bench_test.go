package pdf

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkRead reads generated invoices (3 lines, 9 words per page) and
// reports the time per page.
func BenchmarkRead(b *testing.B) {
	for _, pages := range []int{1, 10} {
		b.Run(fmt.Sprintf("pages=%d", pages), func(b *testing.B) {
			data := render(b, invoiceDoc(pages))
			ctx := context.Background()
			for b.Loop() {
				if _, err := shared.Read(ctx, data); err != nil {
					b.Fatal(err)
				}
			}
			perPage := float64(b.Elapsed().Milliseconds()) / float64(b.N*pages)
			b.ReportMetric(perPage, "ms/page")
		})
	}
}

// BenchmarkReadDense reads one page of 60 lines of 12 words (~4,300 chars),
// closer to a busy invoice.
func BenchmarkReadDense(b *testing.B) {
	f := newDoc()
	f.AddPage()
	f.SetFont("Helvetica", "", 9)
	for i := range 60 {
		f.Text(40, float64(40+12*i), fmt.Sprintf("Riga %02d articolo descrizione quantità 12,00 prezzo 1.234,56 IVA 22%% totale 1.506,16", i))
	}
	data := render(b, f)
	ctx := context.Background()
	for b.Loop() {
		if _, err := shared.Read(ctx, data); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/page")
}
