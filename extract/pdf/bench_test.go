package pdf

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
			b.ReportMetric(msPer(b, pages), "ms/page")
		})
	}
}

// BenchmarkReadDense reads one page of 60 lines of 14 words (~5,100 chars),
// denser than most invoices.
func BenchmarkReadDense(b *testing.B) {
	f := newDoc()
	tr := f.UnicodeTranslatorFromDescriptor("cp1252")
	f.AddPage()
	f.SetFont("Helvetica", "", 9)
	for i := range 60 {
		line := fmt.Sprintf("Riga %02d articolo descrizione quantità 12,00 prezzo 1.234,56 IVA 22%% totale € 1.506,16", i)
		f.Text(40, float64(40+12*i), tr(line))
	}
	data := render(b, f)
	ctx := context.Background()
	for b.Loop() {
		if _, err := shared.Read(ctx, data); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(msPer(b, 1), "ms/page")
}

// msPer is the elapsed time in milliseconds per page, for b.N documents of
// the given number of pages.
func msPer(b *testing.B, pages int) float64 {
	return float64(b.Elapsed().Microseconds()) / 1000 / float64(b.N*pages)
}

// BenchmarkProducers reads the one-page invoices printed by real producers
// (Chromium, LibreOffice, Ghostscript) and reports the time per page.
func BenchmarkProducers(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("testdata", "producers", "*.pdf"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strings.TrimSuffix(filepath.Base(f), ".pdf"), func(b *testing.B) {
			ctx := context.Background()
			for b.Loop() {
				if _, err := shared.Read(ctx, data); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(msPer(b, 1), "ms/page")
		})
	}
}
