// Package testpdf generates PDF documents for tests: invoices with known
// content in the four supported languages, and edge cases such as blank
// pages. Documents are built with fpdf's core fonts (WinAnsi encoding), so
// accented letters and the euro sign are real text.
//
// [Generate] and [Set] make realistic invoices from a seed: a [Spec] gives
// the PDF ([Spec.PDF]) and what a perfect extraction returns, as corpus
// truth ([Spec.Truth]) and as an invoice.Result ([Spec.Result]). They vary
// the language (it, en, de, fr, with local labels, dates and amounts), the
// layout, the item table's columns, the document type, VAT rates, Italian
// withholding and stamp duty, discounts and two-page tables; identifiers
// carry valid check digits and the arithmetic is exact to the cent. The
// gencorpus command writes them as corpus cases for invex eval.
package testpdf

import (
	"bytes"
	"fmt"

	"github.com/go-pdf/fpdf"
)

// Line is one line item of a generated invoice.
type Line struct {
	Description string
	Quantity    float64
	UnitPrice   float64
	VATRate     float64
}

// Invoice describes a generated invoice. Zero fields get plausible values.
type Invoice struct {
	Number     string
	Date       string // as printed
	VendorName string
	VendorVAT  string
	VendorAddr string
	BuyerName  string
	BuyerVAT   string
	BuyerAddr  string
	Lines      []Line
	// Pages adds blank continuation pages after the first.
	Pages int
	// Salt is printed in the footer so that otherwise equal invoices differ.
	Salt string
}

// Italian returns an Italian invoice with two lines at 22%.
func Italian() Invoice {
	return Invoice{
		Number:     "2026/0042",
		Date:       "15/03/2026",
		VendorName: "Rossi Forniture S.r.l.",
		VendorVAT:  "IT01234567897",
		VendorAddr: "Via Roma 1, 20121 Milano (MI)",
		BuyerName:  "Bianchi Caffè S.p.A.",
		BuyerVAT:   "IT12345678903",
		BuyerAddr:  "Corso Italia 10, 00184 Roma (RM)",
		Lines: []Line{
			{"Consulenza tecnica", 2, 150, 22},
			{"Licenza software annuale", 1, 700, 22},
		},
	}
}

func (inv Invoice) totals() (net, vat float64) {
	for _, l := range inv.Lines {
		n := l.Quantity * l.UnitPrice
		net += n
		vat += n * l.VATRate / 100
	}
	return net, vat
}

// Totals returns the invoice's net amount, VAT and total.
func (inv Invoice) Totals() (net, vat, total float64) {
	net, vat = inv.totals()
	return net, vat, net + vat
}

// euro formats an amount the Italian way: 1.234,56.
func euro(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	intPart, dec := s[:len(s)-3], s[len(s)-2:]
	var b bytes.Buffer
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(c)
	}
	return b.String() + "," + dec
}

// PDF renders the invoice.
func (inv Invoice) PDF() []byte {
	pdf := fpdf.New("P", "mm", "A4", "")
	tr := pdf.UnicodeTranslatorFromDescriptor("cp1252")
	pdf.SetCompression(false)
	pdf.AddPage()
	pdf.SetFont("Helvetica", "B", 14)
	pdf.Text(20, 20, tr(inv.VendorName))
	pdf.SetFont("Helvetica", "", 10)
	pdf.Text(20, 26, tr(inv.VendorAddr))
	pdf.Text(20, 31, "P.IVA "+inv.VendorVAT)

	pdf.Text(120, 45, "Spett.le")
	pdf.SetFont("Helvetica", "B", 10)
	pdf.Text(120, 50, tr(inv.BuyerName))
	pdf.SetFont("Helvetica", "", 10)
	pdf.Text(120, 55, tr(inv.BuyerAddr))
	pdf.Text(120, 60, "P.IVA "+inv.BuyerVAT)

	pdf.SetFont("Helvetica", "B", 12)
	pdf.Text(20, 75, tr("Fattura n. "+inv.Number+" del "+inv.Date))
	pdf.SetFont("Helvetica", "B", 10)
	y := 90.0
	pdf.Text(20, y, "Descrizione")
	pdf.Text(110, y, tr("Quantità"))
	pdf.Text(135, y, "Prezzo")
	pdf.Text(160, y, "IVA")
	pdf.Text(175, y, "Importo")
	pdf.SetFont("Helvetica", "", 10)
	for _, l := range inv.Lines {
		y += 7
		pdf.Text(20, y, tr(l.Description))
		pdf.Text(110, y, fmt.Sprintf("%g", l.Quantity))
		pdf.Text(135, y, euro(l.UnitPrice))
		pdf.Text(160, y, fmt.Sprintf("%g%%", l.VATRate))
		pdf.Text(175, y, euro(l.Quantity*l.UnitPrice))
	}
	net, vat, total := inv.Totals()
	y += 15
	pdf.Text(135, y, "Imponibile")
	pdf.Text(175, y, euro(net))
	pdf.Text(135, y+6, "IVA 22%")
	pdf.Text(175, y+6, euro(vat))
	pdf.SetFont("Helvetica", "B", 10)
	pdf.Text(135, y+12, "Totale documento")
	pdf.Text(175, y+12, tr("€ "+euro(total)))
	pdf.SetFont("Helvetica", "", 8)
	pdf.Text(20, 280, tr("Pagamento: bonifico bancario a 30 giorni. "+inv.Salt))
	for i := 0; i < inv.Pages; i++ {
		pdf.AddPage()
		pdf.Text(20, 20, fmt.Sprintf("Pagina %d", i+2))
	}
	return output(pdf)
}

// Blank returns a valid one-page PDF with nothing on the page.
func Blank() []byte {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddPage()
	return output(pdf)
}

func output(pdf *fpdf.Fpdf) []byte {
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		panic(fmt.Sprintf("testpdf: %v", err))
	}
	return buf.Bytes()
}
