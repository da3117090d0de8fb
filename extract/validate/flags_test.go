package validate

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/invex/invex/invoice"
)

var (
	str = invoice.String
	num = invoice.Number
)

// consistent returns an Italian invoice that raises no finding.
func consistent() invoice.Result {
	r := invoice.Empty()
	r.Vendor = invoice.Vendor{
		Name:       str("Rossi S.r.l."),
		VATNumber:  str("IT01234567897"),
		FiscalCode: str("01234567897"),
		Country:    str("IT"),
		IBAN:       str("IT60 X054 2811 1010 0000 0123 456"),
		SDICode:    str("ABC1234"),
	}
	r.Buyer = invoice.Buyer{
		Name:       str("Mario Rossi"),
		VATNumber:  str("12345678903"),
		FiscalCode: str("RSSMRA85T10A562S"),
		Country:    str("IT"),
	}
	r.Invoice = invoice.Header{
		Number:  str("2024/17"),
		Date:    str("2024-03-01"),
		DueDate: str("2024-03-31"),
		Type:    str(invoice.TypeInvoice),
	}
	r.Financials = invoice.Financials{
		Subtotal:  num(100),
		TaxRate:   num(22),
		TaxAmount: num(22),
		Total:     num(122),
	}
	r.LineItems = []invoice.LineItem{
		{Description: str("Consulenza"), Quantity: num(3), UnitPrice: num(20), Amount: num(60), TaxRate: num(22)},
		{Description: str("Trasferta"), Quantity: num(1), UnitPrice: num(40), Amount: num(40), TaxRate: num(22)},
	}
	return r
}

// amounts sets the financials and drops the line items.
func amounts(r *invoice.Result, subtotal, rate, tax, total float64) {
	r.Financials.Subtotal = num(subtotal)
	r.Financials.TaxRate = num(rate)
	r.Financials.TaxAmount = num(tax)
	r.Financials.Total = num(total)
	r.LineItems = []invoice.LineItem{}
}

// rate sets every tax rate and the amounts of a 100.00 subtotal.
func rate(r *invoice.Result, pct float64) {
	r.Financials.TaxRate = num(pct)
	r.Financials.TaxAmount = num(pct)
	r.Financials.Total = num(100 + pct)
	for i := range r.LineItems {
		r.LineItems[i].TaxRate = num(pct)
	}
}

// german makes the invoice one of a German vendor at 19%.
func german(r *invoice.Result) {
	r.Vendor = invoice.Vendor{VATNumber: str("DE136695976"), Country: str("DE"), IBAN: str("DE89370400440532013000")}
	rate(r, 19)
}

// flag is what the table compares of a finding.
type flag struct {
	Code     string
	Severity invoice.Severity
	Field    string
}

func TestFlags(t *testing.T) {
	t.Parallel()
	const (
		errorSev = invoice.SeverityError
		warning  = invoice.SeverityWarning
	)
	for _, tt := range []struct {
		name   string
		modify func(r *invoice.Result)
		want   []flag
	}{
		{"consistent Italian invoice", func(r *invoice.Result) {}, nil},
		{"everything unknown", func(r *invoice.Result) { *r = invoice.Result{} }, nil},
		{"blank strings are unknown", func(r *invoice.Result) {
			r.Vendor.VATNumber, r.Vendor.IBAN, r.Invoice.Date = str(" "), str(" "), new(string)
		}, nil},

		// ARITHMETIC_MISMATCH
		{"total off by 3.00", func(r *invoice.Result) { r.Financials.Total = num(125) },
			[]flag{{CodeArithmeticMismatch, errorSev, "financials.total"}}},
		{"difference of 0.01 exactly", func(r *invoice.Result) { amounts(r, 10, 22, 2.2, 12.21) }, nil},
		{"difference of 0.02 on a small total", func(r *invoice.Result) { amounts(r, 10, 22, 2.2, 12.22) },
			[]flag{{CodeArithmeticMismatch, errorSev, "financials.total"}}},
		{"difference of 0.05% of a large total", func(r *invoice.Result) { amounts(r, 1_000_000, 22, 220_000, 1_220_610) }, nil},
		{"difference beyond 0.05% of a large total", func(r *invoice.Result) { amounts(r, 1_000_000, 22, 220_000, 1_220_700) },
			[]flag{{CodeArithmeticMismatch, errorSev, "financials.total"}}},
		{"stamp duty 2.00 included in the total", func(r *invoice.Result) {
			r.Financials.StampDuty, r.Financials.Total = num(2), num(124)
		}, nil},
		{"2.00 more without a stamp duty", func(r *invoice.Result) { r.Financials.Total = num(124) },
			[]flag{{CodeArithmeticMismatch, errorSev, "financials.total"}}},
		{"stamp duty that does not explain", func(r *invoice.Result) {
			r.Financials.StampDuty, r.Financials.Total = num(2), num(126)
		}, []flag{{CodeArithmeticMismatch, errorSev, "financials.total"}}},
		{"total before withholding", func(r *invoice.Result) {
			amounts(r, 1000, 22, 220, 1220)
			r.Financials.WithholdingTax = num(200)
		}, nil},
		{"amount due after withholding", func(r *invoice.Result) {
			amounts(r, 1000, 22, 220, 1020)
			r.Financials.WithholdingTax = num(200)
		}, nil},
		{"withholding extracted as negative", func(r *invoice.Result) {
			amounts(r, 1000, 22, 220, 1020)
			r.Financials.WithholdingTax = num(-200)
		}, nil},
		{"stamp duty and withholding", func(r *invoice.Result) {
			amounts(r, 1000, 22, 220, 1022)
			r.Financials.StampDuty, r.Financials.WithholdingTax = num(2), num(200)
		}, nil},
		{"withholding that does not explain", func(r *invoice.Result) {
			amounts(r, 1000, 22, 220, 1100)
			r.Financials.WithholdingTax = num(200)
		}, []flag{{CodeArithmeticMismatch, errorSev, "financials.total"}}},
		{"unknown tax", func(r *invoice.Result) {
			r.Financials.TaxAmount, r.Financials.Total = nil, num(500)
		}, nil},
		{"NaN total is unknown", func(r *invoice.Result) { r.Financials.Total = num(math.NaN()) }, nil},

		// INVALID_TOTAL
		{"zero total", func(r *invoice.Result) { amounts(r, 0, 22, 0, 0) },
			[]flag{{CodeInvalidTotal, errorSev, "financials.total"}}},
		{"negative invoice total", func(r *invoice.Result) { amounts(r, -100, 22, -22, -122) },
			[]flag{{CodeInvalidTotal, errorSev, "financials.total"}}},
		{"negative total of unknown type", func(r *invoice.Result) {
			amounts(r, -100, 22, -22, -122)
			r.Invoice.Type = nil
		}, []flag{{CodeInvalidTotal, errorSev, "financials.total"}}},
		{"credit note negative total", func(r *invoice.Result) {
			amounts(r, -100, 22, -22, -122)
			r.Invoice.Type = str(invoice.TypeCreditNote)
		}, nil},
		{"credit note positive total", func(r *invoice.Result) { r.Invoice.Type = str(invoice.TypeCreditNote) }, nil},
		{"credit note zero total", func(r *invoice.Result) {
			amounts(r, 0, 22, 0, 0)
			r.Invoice.Type = str(invoice.TypeCreditNote)
		}, []flag{{CodeInvalidTotal, errorSev, "financials.total"}}},

		// INVALID_IT_VAT_RATE
		{"Italian 10%", func(r *invoice.Result) { rate(r, 10) }, nil},
		{"Italian 4%", func(r *invoice.Result) { rate(r, 4) }, nil},
		{"Italian 0%", func(r *invoice.Result) { rate(r, 0) }, nil},
		{"19% on an Italian invoice", func(r *invoice.Result) { rate(r, 19) }, []flag{
			{CodeInvalidITVATRate, warning, "financials.tax_rate"},
			{CodeInvalidITVATRate, warning, "line_items[0].tax_rate"},
			{CodeInvalidITVATRate, warning, "line_items[1].tax_rate"},
		}},
		{"one line at 19%", func(r *invoice.Result) { r.LineItems[1].TaxRate = num(19) },
			[]flag{{CodeInvalidITVATRate, warning, "line_items[1].tax_rate"}}},
		{"21% on 2013-09-30", func(r *invoice.Result) {
			rate(r, 21)
			r.Invoice.Date, r.Invoice.DueDate = str("2013-09-30"), nil
		}, nil},
		{"21% on 2013-10-01", func(r *invoice.Result) {
			rate(r, 21)
			r.Invoice.Date, r.Invoice.DueDate = str("2013-10-01"), nil
			r.LineItems = r.LineItems[:0]
		}, []flag{{CodeInvalidITVATRate, warning, "financials.tax_rate"}}},
		{"21% on 2010-01-01: lower bound not enforced", func(r *invoice.Result) {
			rate(r, 21)
			r.Invoice.Date, r.Invoice.DueDate = str("2010-01-01"), nil
		}, nil},
		{"20% on 2011-09-16", func(r *invoice.Result) {
			rate(r, 20)
			r.Invoice.Date, r.Invoice.DueDate = str("2011-09-16"), nil
		}, nil},
		{"20% on 2011-09-17", func(r *invoice.Result) {
			rate(r, 20)
			r.Invoice.Date, r.Invoice.DueDate = str("2011-09-17"), nil
			r.LineItems = r.LineItems[:0]
		}, []flag{{CodeInvalidITVATRate, warning, "financials.tax_rate"}}},
		{"21% with an unknown date", func(r *invoice.Result) {
			rate(r, 21)
			r.Invoice.Date = nil
			r.LineItems = r.LineItems[:0]
		}, []flag{{CodeInvalidITVATRate, warning, "financials.tax_rate"}}},
		{"Italian by VAT prefix", func(r *invoice.Result) {
			german(r)
			r.Vendor.VATNumber = str("IT01234567897")
			r.LineItems = r.LineItems[:0]
		}, []flag{{CodeInvalidITVATRate, warning, "financials.tax_rate"}}},
		{"Italian by 11 digits and unknown country", func(r *invoice.Result) {
			german(r)
			r.Vendor.VATNumber, r.Vendor.Country = str("01234567897"), nil
			r.LineItems = r.LineItems[:0]
		}, []flag{{CodeInvalidITVATRate, warning, "financials.tax_rate"}}},
		{"German invoice at 19%", german, nil},
		{"German invoice at 7% with a 19% line", func(r *invoice.Result) {
			german(r)
			r.LineItems[0].TaxRate = num(7)
		}, nil},
		{"unknown rates", func(r *invoice.Result) {
			r.Financials.TaxRate = nil
			r.LineItems[0].TaxRate = nil
		}, nil},

		// INVALID_PIVA_CHECKSUM
		{"vendor Partita IVA check digit", func(r *invoice.Result) { r.Vendor.VATNumber = str("IT01234567898") },
			[]flag{{CodeInvalidPIVAChecksum, warning, "vendor.vat_number"}}},
		{"vendor Partita IVA too short", func(r *invoice.Result) { r.Vendor.VATNumber = str("IT0123456789") },
			[]flag{{CodeInvalidPIVAChecksum, warning, "vendor.vat_number"}}},
		{"buyer 11 digits, country unknown", func(r *invoice.Result) {
			r.Buyer.VATNumber, r.Buyer.Country = str("12345678904"), nil
		}, []flag{{CodeInvalidPIVAChecksum, warning, "buyer.vat_number"}}},
		{"buyer 11 digits, country FR", func(r *invoice.Result) {
			r.Buyer.VATNumber, r.Buyer.Country, r.Buyer.FiscalCode = str("12345678904"), str("FR"), nil
		}, nil},
		{"both Partita IVA wrong", func(r *invoice.Result) {
			r.Vendor.VATNumber, r.Buyer.VATNumber = str("IT01234567898"), str("IT12345678904")
		}, []flag{
			{CodeInvalidPIVAChecksum, warning, "vendor.vat_number"},
			{CodeInvalidPIVAChecksum, warning, "buyer.vat_number"},
		}},

		// DATE_INCOHERENCE and INVALID_DATE
		{"issue date after due date", func(r *invoice.Result) { r.Invoice.Date = str("2024-04-01") },
			[]flag{{CodeDateIncoherence, warning, "invoice.due_date"}}},
		{"issue date equal to due date", func(r *invoice.Result) { r.Invoice.Date = str("2024-03-31") }, nil},
		{"unknown due date", func(r *invoice.Result) { r.Invoice.DueDate = nil }, nil},
		{"due date not a calendar date", func(r *invoice.Result) { r.Invoice.DueDate = str("2024-02-30") },
			[]flag{{CodeInvalidDate, warning, "invoice.due_date"}}},
		{"issue date in another form", func(r *invoice.Result) { r.Invoice.Date = str("01/03/2024") },
			[]flag{{CodeInvalidDate, warning, "invoice.date"}}},
		{"both dates invalid", func(r *invoice.Result) {
			r.Invoice.Date, r.Invoice.DueDate = str("2024-13-01"), str("2024-3-1")
		}, []flag{
			{CodeInvalidDate, warning, "invoice.date"},
			{CodeInvalidDate, warning, "invoice.due_date"},
		}},
		{"leap day", func(r *invoice.Result) { r.Invoice.Date = str("2024-02-29") }, nil},

		// INVALID_VAT_CHECKSUM
		{"buyer German VAT number wrong", func(r *invoice.Result) {
			r.Buyer.VATNumber, r.Buyer.Country, r.Buyer.FiscalCode = str("DE136695977"), str("DE"), nil
		}, []flag{{CodeInvalidVATChecksum, warning, "buyer.vat_number"}}},
		{"buyer French VAT number", func(r *invoice.Result) {
			r.Buyer.VATNumber, r.Buyer.Country, r.Buyer.FiscalCode = str("FR44732829320"), str("FR"), nil
		}, nil},
		{"buyer French key wrong", func(r *invoice.Result) {
			r.Buyer.VATNumber, r.Buyer.Country, r.Buyer.FiscalCode = str("FR45732829320"), str("FR"), nil
		}, []flag{{CodeInvalidVATChecksum, warning, "buyer.vat_number"}}},
		{"buyer Dutch VAT number malformed: format-only country", func(r *invoice.Result) {
			r.Buyer.VATNumber, r.Buyer.Country, r.Buyer.FiscalCode = str("NL12345678B01"), str("NL"), nil
		}, nil},
		{"buyer VAT number of an unknown country", func(r *invoice.Result) {
			r.Buyer.VATNumber, r.Buyer.Country, r.Buyer.FiscalCode = str("EL000000000"), str("GR"), nil
		}, nil},
		{"German vendor VAT number wrong", func(r *invoice.Result) {
			german(r)
			r.Vendor.VATNumber = str("DE136695986")
		}, []flag{{CodeInvalidVATChecksum, warning, "vendor.vat_number"}}},

		// INVALID_CF_CHECKSUM
		{"buyer fiscal code check letter", func(r *invoice.Result) { r.Buyer.FiscalCode = str("RSSMRA85T10A562T") },
			[]flag{{CodeInvalidCFChecksum, warning, "buyer.fiscal_code"}}},
		{"buyer fiscal code with omocodia", func(r *invoice.Result) { r.Buyer.FiscalCode = str("RSSMRA85T10A56NH") }, nil},
		{"vendor numeric fiscal code wrong", func(r *invoice.Result) { r.Vendor.FiscalCode = str("01234567898") },
			[]flag{{CodeInvalidCFChecksum, warning, "vendor.fiscal_code"}}},
		{"fiscal code of a foreign buyer", func(r *invoice.Result) {
			r.Buyer.Country, r.Buyer.VATNumber, r.Buyer.FiscalCode = str("DE"), nil, str("12/345/67890")
		}, nil},
		{"fiscal code of a buyer of unknown country", func(r *invoice.Result) {
			r.Buyer.Country, r.Buyer.FiscalCode = nil, str("RSSMRA85T10A562")
		}, []flag{{CodeInvalidCFChecksum, warning, "buyer.fiscal_code"}}},

		// INVALID_IBAN_CHECKSUM
		{"vendor IBAN check digits", func(r *invoice.Result) { r.Vendor.IBAN = str("IT61X0542811101000000123456") },
			[]flag{{CodeInvalidIBANChecksum, warning, "vendor.iban"}}},
		{"vendor IBAN short", func(r *invoice.Result) { r.Vendor.IBAN = str("IT60X054281110100000012345") },
			[]flag{{CodeInvalidIBANChecksum, warning, "vendor.iban"}}},

		// LINE_ITEMS_SUM_MISMATCH
		{"lines short of the subtotal", func(r *invoice.Result) { r.LineItems[1].Amount = num(30) },
			[]flag{{CodeLineItemsSumMismatch, warning, "financials.subtotal"}}},
		{"lines before the discount", func(r *invoice.Result) {
			r.LineItems[1].Amount = num(50)
			r.Financials.Discount = num(10)
		}, nil},
		{"discount that does not explain", func(r *invoice.Result) {
			r.LineItems[1].Amount = num(50)
			r.Financials.Discount = num(5)
		}, []flag{{CodeLineItemsSumMismatch, warning, "financials.subtotal"}}},
		{"lines off by 0.01", func(r *invoice.Result) { r.LineItems[1].Amount = num(40.01) }, nil},
		{"a line amount unknown", func(r *invoice.Result) {
			r.LineItems[1].Amount = nil
			r.LineItems[0].Amount = num(10)
		}, nil},
		{"no lines", func(r *invoice.Result) { r.LineItems = nil }, nil},

		// TAX_RATE_MISMATCH
		{"tax is not 22% of the subtotal", func(r *invoice.Result) {
			r.Financials.TaxAmount, r.Financials.Total = num(20), num(120)
		}, []flag{{CodeTaxRateMismatch, warning, "financials.tax_amount"}}},
		{"tax within 0.5%", func(r *invoice.Result) {
			r.Financials.TaxAmount, r.Financials.Total = num(22.11), num(122.11)
		}, nil},
		{"tax beyond 0.5%", func(r *invoice.Result) {
			r.Financials.TaxAmount, r.Financials.Total = num(22.12), num(122.12)
		}, []flag{{CodeTaxRateMismatch, warning, "financials.tax_amount"}}},
		{"tax within 0.02 of a small amount", func(r *invoice.Result) { amounts(r, 1, 22, 0.24, 1.24) }, nil},
		{"mixed rates", func(r *invoice.Result) {
			r.LineItems[1].TaxRate = num(10)
			r.Financials.TaxAmount, r.Financials.Total = num(17.2), num(117.2)
		}, nil},

		{"several findings in order", func(r *invoice.Result) {
			r.Financials.Total = num(-1)
			r.Vendor.IBAN = str("IT61X0542811101000000123456")
			r.Buyer.VATNumber = str("IT12345678904")
			r.Vendor.VATNumber = str("IT01234567898")
			r.Invoice.Date, r.Invoice.DueDate = str("2024-04-01"), str("2024-03-01")
		}, []flag{
			{CodeArithmeticMismatch, errorSev, "financials.total"},
			{CodeInvalidTotal, errorSev, "financials.total"},
			{CodeInvalidPIVAChecksum, warning, "vendor.vat_number"},
			{CodeInvalidPIVAChecksum, warning, "buyer.vat_number"},
			{CodeDateIncoherence, warning, "invoice.due_date"},
			{CodeInvalidIBANChecksum, warning, "vendor.iban"},
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := consistent()
			tt.modify(&r)
			findings := Flags(r)
			if findings == nil {
				t.Fatal("Flags returned nil, want a non-nil slice")
			}
			got := []flag{}
			for _, f := range findings {
				if f.Message == "" {
					t.Errorf("finding %s has no message", f.Code)
				}
				got = append(got, flag{f.Code, f.Severity, f.Field})
			}
			want := tt.want
			if want == nil {
				want = []flag{}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Flags() mismatch (-want +got):\n%s\nfindings: %v", diff, findings)
			}
		})
	}
}

func TestFlagsMessages(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		modify func(r *invoice.Result)
		want   string
	}{
		{"arithmetic", func(r *invoice.Result) { r.Financials.Total = num(125) },
			"subtotal 100.00 + tax 22.00 = 122.00, but the total is 125.00"},
		{"arithmetic with withholding", func(r *invoice.Result) {
			amounts(r, 1000, 22, 220, 1100)
			r.Financials.WithholdingTax = num(200)
		}, "subtotal 1000.00 + tax 220.00 = 1220.00, but the total is 1100.00; the withholding 200.00 does not explain the difference"},
		{"total", func(r *invoice.Result) { amounts(r, 0, 22, 0, 0) },
			"the total is 0.00, but a document total must be greater than zero"},
		{"rate", func(r *invoice.Result) { r.LineItems[1].TaxRate = num(21) },
			"the VAT rate 21% of line 2 is not an Italian rate (22, 10, 5, 4 or 0%); 21% applied to invoices dated before 2013-10-01"},
		{"piva", func(r *invoice.Result) { r.Vendor.VATNumber = str("IT01234567898") },
			`the vendor VAT number "IT01234567898" is not a valid Partita IVA: its check digit is 8 but should be 7`},
		{"date", func(r *invoice.Result) { r.Invoice.Date = str("2024-04-01") },
			"the issue date 2024-04-01 is later than the due date 2024-03-31"},
		{"cf", func(r *invoice.Result) { r.Buyer.FiscalCode = str("RSSMRA85T10A562T") },
			`the buyer fiscal code "RSSMRA85T10A562T" is not a valid codice fiscale: its check character is T but should be S`},
		{"iban", func(r *invoice.Result) { r.Vendor.IBAN = str("IT60X054281110100000012345") },
			`the vendor IBAN "IT60X054281110100000012345" has 26 characters, but IT IBANs have 27`},
		{"lines", func(r *invoice.Result) { r.LineItems[1].Amount = num(30) },
			"the 2 line amounts add up to 90.00, but the subtotal is 100.00"},
		{"tax", func(r *invoice.Result) { r.Financials.TaxAmount, r.Financials.Total = num(20), num(120) },
			"22% of the subtotal 100.00 is 22.00, but the tax is 20.00"},
	} {
		r := consistent()
		tt.modify(&r)
		findings := Flags(r)
		if len(findings) != 1 {
			t.Errorf("%s: Flags() = %v, want one finding", tt.name, findings)
			continue
		}
		if got := findings[0].Message; got != tt.want {
			t.Errorf("%s: message = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func FuzzFlags(f *testing.F) {
	f.Add("IT01234567897", "RSSMRA85T10A562S", "IT60X0542811101000000123456", "2024-03-01", "2024-02-30", 100.0, 22.0, 22.0, 124.0, 2.0)
	f.Add("DE136695976", "", "", "x", "", math.NaN(), math.Inf(1), -1.0, 0.0, -5.0)
	f.Fuzz(func(t *testing.T, vat, cf, iban, date, due string, sub, rate, tax, total, extra float64) {
		r := invoice.Result{
			Vendor:     invoice.Vendor{VATNumber: &vat, FiscalCode: &cf, IBAN: &iban, Country: &vat},
			Buyer:      invoice.Buyer{VATNumber: &cf, FiscalCode: &vat},
			Invoice:    invoice.Header{Date: &date, DueDate: &due, Type: &cf},
			Financials: invoice.Financials{Subtotal: &sub, TaxRate: &rate, TaxAmount: &tax, Total: &total, StampDuty: &extra, WithholdingTax: &extra, Discount: &extra},
			LineItems:  []invoice.LineItem{{Amount: &sub, TaxRate: &rate}, {Amount: &extra, TaxRate: &extra}},
		}
		for _, fd := range Flags(r) {
			if fd.Code == "" || fd.Message == "" || fd.Field == "" {
				t.Errorf("incomplete finding %+v", fd)
			}
		}
	})
}
