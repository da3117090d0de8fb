package validate_test

import (
	"fmt"

	"github.com/invex/invex/extract/validate"
	"github.com/invex/invex/invoice"
)

func ExampleFlags() {
	r := invoice.Empty()
	r.Vendor.Country = invoice.String("IT")
	r.Vendor.VATNumber = invoice.String("IT01234567897")
	r.Invoice.Date = invoice.String("2024-03-01")
	r.Invoice.DueDate = invoice.String("2024-02-01")
	r.Financials.Subtotal = invoice.Number(100)
	r.Financials.TaxRate = invoice.Number(22)
	r.Financials.TaxAmount = invoice.Number(22)
	r.Financials.Total = invoice.Number(125)

	for _, f := range validate.Flags(r) {
		fmt.Printf("%s (%s, %s): %s\n", f.Code, f.Severity, f.Field, f.Message)
	}
	// Output:
	// ARITHMETIC_MISMATCH (error, financials.total): subtotal 100.00 + tax 22.00 = 122.00, but the total is 125.00
	// DATE_INCOHERENCE (warning, invoice.due_date): the issue date 2024-03-01 is later than the due date 2024-02-01
}

func ExampleVATNumber() {
	for _, s := range []string{"DE136695976", "FR 44 732 829 320", "NL123456789B01", "DE136695977"} {
		country, ok := validate.VATNumber(s)
		fmt.Println(country, ok, validate.VATChecksumKnown(country))
	}
	// Output:
	// DE true true
	// FR true true
	// NL true false
	// DE false true
}
