package extract_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/internal/testpdf"
)

// BenchmarkLongInvoice extracts digital invoices of 5 and 20 pages of item
// rows and reports the time per page: the two figures should be close
// (extraction linear in the document's length). Before the per-document
// indexes of resolve (values by cell, lines by text) and the sweep of
// fields' column clustering, 20 pages took 4.5 s, 2.5 times the per-page
// time of 5.
func BenchmarkLongInvoice(b *testing.B) {
	ctx := context.Background()
	for _, pages := range []int{5, 20} {
		data, err := testpdf.LongInvoice(pages)
		if err != nil {
			b.Fatal(err)
		}
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
