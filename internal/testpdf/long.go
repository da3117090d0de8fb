package testpdf

import (
	"bytes"
	"fmt"

	"github.com/go-pdf/fpdf"
)

// LongInvoice is a digital invoice of pages pages of 70 item rows each,
// every row starting with the same word (so that each line could begin a
// table's header): a document long enough to take the engine seconds, for
// benchmarks of extraction by length and for tests that must catch an
// attempt while it runs.
func LongInvoice(pages int) ([]byte, error) {
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
		return nil, fmt.Errorf("write long invoice: %w", err)
	}
	return buf.Bytes(), nil
}
