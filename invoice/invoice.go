// Package invoice is the vocabulary shared by every part of invex: the
// extraction result of the API contract (spec §2.3), the validation findings
// attached to it (spec §2.4) and the enumerations the contract leaves open and
// DESIGN.md §2 fixes.
//
// Every field of the result is a pointer or a slice so that "unknown" is
// distinguishable from a zero value: the JSON encoding of an empty Result has
// every key of the schema present with a null value, never a made-up default.
//
// The package imports only the standard library and may be imported by anyone.
package invoice

// Result is the extracted invoice data, the "result" object of a completed
// job. All fields are null where the value is absent from the document.
type Result struct {
	Vendor     Vendor     `json:"vendor"`
	Buyer      Buyer      `json:"buyer"`
	Invoice    Header     `json:"invoice"`
	Financials Financials `json:"financials"`
	LineItems  []LineItem `json:"line_items" nullable:"false"`
	Validation Validation `json:"validation"`
}

// Vendor is the party that issued the invoice (cedente/prestatore,
// Rechnungssteller, vendeur).
type Vendor struct {
	Name      *string `json:"name"`
	VATNumber *string `json:"vat_number"`
	// FiscalCode is the Italian codice fiscale: 16 characters for people, 11
	// digits for companies.
	FiscalCode *string `json:"fiscal_code"`
	Address    *string `json:"address"`
	City       *string `json:"city"`
	ZipCode    *string `json:"zip_code"`
	// Country is an ISO 3166-1 alpha-2 code.
	Country *string `json:"country"`
	Email   *string `json:"email"`
	Phone   *string `json:"phone"`
	IBAN    *string `json:"iban"`
	// SDICode is the Italian electronic-invoicing recipient code
	// (CodiceDestinatario) printed by the vendor.
	SDICode *string `json:"sdi_code"`
}

// Buyer is the party the invoice is addressed to (cessionario/committente,
// Rechnungsempfänger, client).
type Buyer struct {
	Name       *string `json:"name"`
	VATNumber  *string `json:"vat_number"`
	FiscalCode *string `json:"fiscal_code"`
	Address    *string `json:"address"`
	City       *string `json:"city"`
	ZipCode    *string `json:"zip_code"`
	Country    *string `json:"country"`
	Email      *string `json:"email"`
}

// Header holds the invoice's identifying data: the "invoice" object.
type Header struct {
	Number *string `json:"number"`
	// Date and DueDate are YYYY-MM-DD.
	Date    *string `json:"date"`
	DueDate *string `json:"due_date"`
	// Type is one of the DocType values.
	Type *string `json:"type"`
	// Currency is an ISO 4217 code.
	Currency *string `json:"currency"`
	// PaymentTerms is free text as printed.
	PaymentTerms *string `json:"payment_terms"`
	// PaymentMethod is one of the PaymentMethod values.
	PaymentMethod *string `json:"payment_method"`
	PONumber      *string `json:"po_number"`
}

// Financials holds the document totals. Amounts are in Currency.
type Financials struct {
	// Subtotal is the taxable amount before VAT.
	Subtotal *float64 `json:"subtotal"`
	// TaxRate is a percentage: 22 means 22%.
	TaxRate   *float64 `json:"tax_rate"`
	TaxAmount *float64 `json:"tax_amount"`
	// Total is the document total, VAT included, before any withholding is
	// deducted (DESIGN.md §2).
	Total          *float64 `json:"total"`
	Discount       *float64 `json:"discount"`
	StampDuty      *float64 `json:"stamp_duty"`
	WithholdingTax *float64 `json:"withholding_tax"`
	Currency       *string  `json:"currency"`
}

// LineItem is one row of the invoice's item table.
type LineItem struct {
	Description *string  `json:"description"`
	Quantity    *float64 `json:"quantity"`
	Unit        *string  `json:"unit"`
	UnitPrice   *float64 `json:"unit_price"`
	Amount      *float64 `json:"amount"`
	// TaxRate and DiscountPct are percentages.
	TaxRate     *float64 `json:"tax_rate"`
	DiscountPct *float64 `json:"discount_pct"`
}

// Validation is the "validation" object of the result: extraction-quality
// information about this result.
type Validation struct {
	// Confidence is in [0, 1], the same value as the job's confidence.
	Confidence float64 `json:"confidence"`
	// IsScanned is true when any page had to be read by OCR.
	IsScanned bool `json:"is_scanned"`
	// Warnings are extraction-quality notes (LOW_CONFIDENCE, OCR_USED, …).
	Warnings []Finding `json:"warnings" nullable:"false"`
}

// Finding is one element of validation_flags or validation.warnings.
type Finding struct {
	// Code is a stable upper-case identifier such as ARITHMETIC_MISMATCH.
	Code     string   `json:"code"`
	Severity Severity `json:"severity" enum:"error,warning,info"`
	// Message says in words what was found, for a person.
	Message string `json:"message"`
	// Field is the path of the field concerned, such as "financials.total",
	// or empty when the finding concerns the whole document.
	Field string `json:"field"`
}

// Severity grades a Finding.
type Severity string

// Severities of findings.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
	SeverityInfo    Severity = "info"
)

// Document types: the allowed values of Header.Type.
const (
	TypeInvoice    = "invoice"
	TypeCreditNote = "credit_note"
	TypeDebitNote  = "debit_note"
	TypeFeeNote    = "fee_note"
	TypeProforma   = "proforma"
	TypeReceipt    = "receipt"
)

// Payment methods: the allowed values of Header.PaymentMethod.
const (
	PayBankTransfer    = "bank_transfer"
	PaySEPADirectDebit = "sepa_direct_debit"
	PayCard            = "card"
	PayCash            = "cash"
	PayCheque          = "cheque"
	PayRiba            = "riba"
	PayPaypal          = "paypal"
	PayOther           = "other"
)

// Locales are the language hints a client may send. The first is the default.
var Locales = []string{"it", "en", "de", "fr"}

// DefaultLocale is the hint used when a client sends none.
const DefaultLocale = "it"

// ValidLocale reports whether s is one of Locales.
func ValidLocale(s string) bool {
	for _, l := range Locales {
		if s == l {
			return true
		}
	}
	return false
}

// Empty returns a Result whose every value is unknown, with non-nil slices so
// that it encodes as empty arrays rather than null.
func Empty() Result {
	return Result{
		LineItems:  []LineItem{},
		Validation: Validation{Warnings: []Finding{}},
	}
}

// HasContent reports whether r holds invoice data: a date, an amount, a
// line item, or a party's tax identifier, IBAN, address or contact. A
// number, terms, names, a type or a currency alone are not: a reader finds
// such things on any page.
func (r Result) HasContent() bool {
	if len(r.LineItems) > 0 {
		return true
	}
	for _, p := range []*string{
		r.Invoice.Date, r.Invoice.DueDate,
		r.Vendor.VATNumber, r.Vendor.FiscalCode, r.Vendor.Address, r.Vendor.City, r.Vendor.ZipCode,
		r.Vendor.Email, r.Vendor.Phone, r.Vendor.IBAN, r.Vendor.SDICode,
		r.Buyer.VATNumber, r.Buyer.FiscalCode, r.Buyer.Address, r.Buyer.City, r.Buyer.ZipCode, r.Buyer.Email,
	} {
		if p != nil {
			return true
		}
	}
	f := r.Financials
	for _, p := range []*float64{f.Subtotal, f.TaxAmount, f.TaxRate, f.Total, f.Discount, f.StampDuty, f.WithholdingTax} {
		if p != nil {
			return true
		}
	}
	return false
}

// Normalize cleans every string with CleanText (capped at MaxText, or
// MaxLongText for descriptions and payment terms) and replaces nil slices
// with empty ones so the JSON encoding always carries arrays. It is safe to
// call more than once.
func (r *Result) Normalize() {
	r.sanitize()
	if r.LineItems == nil {
		r.LineItems = []LineItem{}
	}
	if r.Validation.Warnings == nil {
		r.Validation.Warnings = []Finding{}
	}
}

// String returns a pointer to s, or nil when s is empty.
func String(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// Number returns a pointer to f.
func Number(f float64) *float64 { return &f }

// FatturaPAType maps an Italian e-invoice document type code (TipoDocumento,
// TD01…TD28), as the documents print it, to a Type value; "" for codes with
// no faithful equivalent (self-billing, integrations).
func FatturaPAType(code string) string {
	switch code {
	case "TD01", "TD02", "TD07", "TD24", "TD25", "TD26":
		return TypeInvoice
	case "TD03", "TD06":
		return TypeFeeNote
	case "TD04", "TD08":
		return TypeCreditNote
	case "TD05", "TD09":
		return TypeDebitNote
	}
	return ""
}
