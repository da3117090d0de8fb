// Package einvoice reads structured e-invoices — UN/CEFACT CII (Factur-X,
// ZUGFeRD 2.x, XRechnung CII, every profile from MINIMUM to EXTENDED),
// ZUGFeRD 1.0, OASIS UBL 2.1 invoices and credit notes, and Italian
// FatturaPA 1.2 (FPR12/FPA12) — and maps them exactly to invoice.Result.
//
// Parse takes the bytes of one XML file (an attachment of a PDF/A-3, or a
// file on its own), detects the flavour from the root element and its
// namespace, and returns every field the XML gives; a field the XML does not
// give stays nil. Parse never fetches anything, refuses DTDs and entities,
// and bounds the size, nesting and element count of its input.
//
// Mapping rules that the standards leave open are decided once, for every
// document:
//
//   - total is the document total VAT included, before withholding and
//     before prepayments (CII GrandTotalAmount, UBL TaxInclusiveAmount,
//     FatturaPA ImportoTotaleDocumento). A FatturaPA without
//     ImportoTotaleDocumento gets Σ ImponibileImporto + Σ Imposta of its
//     DatiRiepilogo, with the info warning EINVOICE_TOTAL_COMPUTED. The
//     stamp duty is not added: when it is re-charged to the buyer it is a
//     line, so already in the summary; when not, it is no part of the total.
//     The amount to pay (after withholding and prepayments) is AmountDue.
//   - subtotal is the tax base (TaxBasisTotalAmount, TaxExclusiveAmount,
//     Σ ImponibileImporto); tax_amount the VAT in the invoice currency;
//     discount the document-level allowances (AllowanceTotalAmount, or the
//     amounts of FatturaPA's SC ScontoMaggiorazione when all are stated).
//   - tax_rate is set only when the document has one VAT rate; the per-rate
//     summary is always in Document.TaxBreakdown.
//   - A field with several distinct values in the document (alternative
//     payment methods, instalments with different due dates) is left nil
//     rather than guessed; vendor.iban takes the first payee account.
//   - invoice.type from UNTDID 1001 (CII, UBL): the invoice family (380,
//     384 corrected, 386 prepayment, 575 insurer's, …) is "invoice", 381
//     and its kin "credit_note", 383 and its kin "debit_note", 325
//     "proforma"; a UBL CreditNote without a type code is a credit note.
//     From FatturaPA TipoDocumento: TD01, TD02, TD07, TD24–TD26 "invoice",
//     TD03 (advance on a fee note) and TD06 "fee_note", TD04/TD08
//     "credit_note", TD05/TD09 "debit_note". Self-billed documents (389,
//     261, 527) and FatturaPA self-invoices and integrations (TD16–TD23,
//     TD27, TD28) have no equivalent and are left nil with the info warning
//     EINVOICE_TYPE_UNMAPPED, as are unknown codes. The type is taken as
//     coded even when the amounts are negative.
//   - payment_method from UNTDID 4461: 10 cash; 20, 21, 23 cheque; 30, 31,
//     42, 58 bank_transfer; 49, 59 sepa_direct_debit; 48, 54, 55 card; any
//     other code (1, 57, 68, 97, ZZZ, …) other. From FatturaPA
//     ModalitaPagamento: see modalitaPagamento.
//   - payment_terms is the free text of CII SpecifiedTradePaymentTerms
//     Description and UBL PaymentTerms Note. FatturaPA has no such text
//     (CondizioniPagamento is a code), so it stays nil.
//   - FatturaPA's CodiceDestinatario and PECDestinatario address the
//     recipient (the buyer); they are returned in Document.BuyerSDICode and
//     Document.BuyerPEC, never as vendor.sdi_code, which the XML does not
//     carry. The placeholders 0000000 and XXXXXXX are not codes.
//   - fiscal_code is set only for Italian parties: FatturaPA CodiceFiscale;
//     in CII and UBL a tax registration of scheme FC or an identifier of
//     scheme 0210 (IT:CF). Elsewhere FC is a national tax number, not a
//     codice fiscale.
//   - address is the street line: FatturaPA Indirizzo + NumeroCivico; UBL
//     StreetName (+ BuildingNumber); CII LineOne, or LineTwo when LineOne
//     holds no number and LineTwo does (LineOne is then an addressee line).
//   - vat_number is the identifier as written, white space removed (with
//     IdPaese prefixed in FatturaPA); IBANs are in electronic format.
//   - Line units: UN/ECE Rec 20 codes are shown readable (C62/H87/EA "pcs",
//     HUR "h", KGM "kg", LTR "l", …, see unitRec20), other codes as
//     written; FatturaPA's UnitaMisura is free text and kept as written.
//   - A line's unit_price is the price before the line's discount when the
//     line states that discount as one percentage (discount_pct); otherwise
//     it is the net price of one unit (price ÷ basis quantity). A line
//     without Quantita has a nil quantity.
//   - Text-only lines (no quantity, no price, no amount) are left out.
//   - discount, stamp_duty and withholding_tax stay nil when the document
//     states them as zero: they are for amounts actually applied.
//   - Amounts keep the sign the XML gives them: a credit note's amounts are
//     not negated.
//   - Strings are trimmed with inner white space collapsed; dates are
//     YYYY-MM-DD (CII format 102 converted; other CII formats, which are not
//     days, are left out).
package einvoice

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/invex/invex/invoice"
)

// Formats reported in Document.Format.
const (
	FormatCII       = "cii"
	FormatZUGFeRD1  = "zugferd1"
	FormatUBL       = "ubl"
	FormatFatturaPA = "fatturapa"
)

// Errors returned by Parse. Errors about the input wrap ErrUnsafe or
// ErrMalformed.
var (
	// ErrNotEInvoice means the input is well-formed XML of no supported
	// flavour.
	ErrNotEInvoice = errors.New("einvoice: not a supported e-invoice")
	// ErrUnsafe means the input was refused before being read in full: it is
	// larger than MaxSize, nests deeper than MaxDepth, has more than
	// MaxElements elements, or declares a DTD or uses entities.
	ErrUnsafe = errors.New("einvoice: unsafe XML refused")
	// ErrMalformed means the input is not well-formed XML, or uses an
	// encoding that is not supported.
	ErrMalformed = errors.New("einvoice: malformed XML")
)

// Warning codes of Document.Warnings.
const (
	WarnMultipleBodies   = "FATTURAPA_MULTIPLE_BODIES"
	WarnTotalComputed    = "EINVOICE_TOTAL_COMPUTED"
	WarnTypeUnmapped     = "EINVOICE_TYPE_UNMAPPED"
	WarnEncodingFallback = "EINVOICE_ENCODING_FALLBACK"
	WarnBolloNoAmount    = "FATTURAPA_BOLLO_WITHOUT_AMOUNT"
)

// Document is a parsed e-invoice.
type Document struct {
	// Result holds every field the XML gives, nil where it gives nothing;
	// LineItems and Validation.Warnings are non-nil, Validation.Warnings
	// equals Warnings and Validation.Confidence is left 0.
	Result invoice.Result
	// Format is FormatCII, FormatZUGFeRD1, FormatUBL or FormatFatturaPA.
	Format string
	// Profile is the guideline or profile identifier: CII
	// GuidelineSpecifiedDocumentContextParameter/ID, UBL CustomizationID,
	// FatturaPA versione (FPR12/FPA12).
	Profile string
	// Warnings are notes about the mapping, such as
	// FATTURAPA_MULTIPLE_BODIES.
	Warnings []invoice.Finding
	// TaxBreakdown is the per-rate VAT summary as the document gives it.
	TaxBreakdown []TaxLine
	// AmountDue is the amount the buyer is asked to pay (CII
	// DuePayableAmount, UBL PayableAmount, FatturaPA ImportoPagamento: the
	// sum of instalments, alternatives with the same amount counted once),
	// nil when absent. It differs from the total by prepayments and
	// withholding.
	AmountDue *float64
	// BuyerSDICode is FatturaPA's CodiceDestinatario: the SDI code of the
	// recipient. Empty when absent or a placeholder (0000000, XXXXXXX).
	BuyerSDICode string
	// BuyerPEC is FatturaPA's PECDestinatario.
	BuyerPEC string
}

// TaxLine is one line of a VAT summary.
type TaxLine struct {
	// Rate is the percentage (22 means 22%).
	Rate float64
	// Base is the taxable amount and Amount the tax at Rate.
	Base, Amount float64
	// Category is the VAT category code (CII/UBL: S, Z, E, AE, K, G, O, L,
	// M) or the FatturaPA Natura (N1…N7), empty when not given.
	Category string
}

// Model returns the model name reported for results read from a document of
// the given format, such as "invex-einvoice-cii-1"; "" for an unknown
// format.
func Model(format string) string {
	switch format {
	case FormatCII, FormatZUGFeRD1, FormatUBL, FormatFatturaPA:
		return "invex-einvoice-" + format + "-1"
	}
	return ""
}

// Candidate reports whether an attachment name looks like an e-invoice XML
// file: factur-x.xml, zugferd-invoice.xml, ZUGFeRD-invoice.xml,
// xrechnung.xml, FatturaPA names such as IT01234567890_00001.xml, or any
// other *.xml. The comparison ignores case and any directory part.
func Candidate(name string) bool {
	return Rank(name) >= 0
}

// Rank orders candidate attachment names: 0 for factur-x.xml, 1 for
// zugferd-invoice.xml (any case), 2 for xrechnung.xml, 3 for a FatturaPA
// file name, 4 for any other .xml, and -1 for a name that is no candidate.
// Try attachments in increasing Rank.
func Rank(name string) int {
	base := strings.ToLower(path.Base(strings.ReplaceAll(strings.TrimSpace(name), `\`, "/")))
	if !strings.HasSuffix(base, ".xml") {
		return -1
	}
	switch base {
	case "factur-x.xml":
		return 0
	case "zugferd-invoice.xml":
		return 1
	case "xrechnung.xml":
		return 2
	}
	if fatturaPAName(strings.TrimSuffix(base, ".xml")) {
		return 3
	}
	return 4
}

// fatturaPAName reports whether s (lower case, no extension) has the shape
// of an SDI file name: country code, identifier, underscore, progressive.
func fatturaPAName(s string) bool {
	id, prog, ok := strings.Cut(s, "_")
	if !ok || len(id) < 4 || len(prog) == 0 || len(prog) > 5 {
		return false
	}
	if id[0] < 'a' || id[0] > 'z' || id[1] < 'a' || id[1] > 'z' {
		return false
	}
	for _, r := range id[2:] + prog {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// Namespaces that identify the flavours.
const (
	nsCII        = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
	nsZUGFeRD1   = "urn:ferd:CrossIndustryDocument:invoice:1p0"
	nsUBLInvoice = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
	nsUBLCredit  = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
	nsFatturaPA  = "http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"
)

// Parse reads one e-invoice XML document. It returns ErrNotEInvoice for
// well-formed XML of another kind, and an error wrapping ErrUnsafe or
// ErrMalformed for input it refuses or cannot read.
func Parse(data []byte) (*Document, error) {
	root, space, fellBack, err := parseTree(data)
	if err != nil {
		return nil, err
	}
	doc, err := parseRoot(root, space, fellBack, 0)
	if err != nil {
		return nil, err
	}
	if root.name == "FatturaElettronica" {
		if n := fatturaPABodies(root); n > 1 {
			doc.warn(WarnMultipleBodies, invoice.SeverityWarning, "",
				fmt.Sprintf("the file holds %d invoices (FatturaElettronicaBody); only the first is extracted", n))
			doc.Result.Validation.Warnings = append([]invoice.Finding{}, doc.Warnings...)
		}
	}
	return doc, nil
}

// ParseAll reads every invoice of one e-invoice XML document: one for CII
// and UBL, one per FatturaElettronicaBody for a FatturaPA file holding a
// batch (lotto), each with the header the bodies share. Errors are those
// of Parse.
func ParseAll(data []byte) ([]*Document, error) {
	root, space, fellBack, err := parseTree(data)
	if err != nil {
		return nil, err
	}
	n := 1
	if root.name == "FatturaElettronica" {
		n = max(1, fatturaPABodies(root))
	}
	docs := make([]*Document, 0, n)
	for i := range n {
		doc, err := parseRoot(root, space, fellBack, i)
		if err != nil {
			return nil, err
		}
		docs = append(docs, doc)
	}
	return docs, nil
}

// parseRoot maps the invoice of index which of a parsed tree.
func parseRoot(root *node, space string, fellBack bool, which int) (*Document, error) {
	var doc *Document
	switch {
	case root.name == "CrossIndustryInvoice" && space == nsCII:
		doc = parseCII(root, FormatCII)
	case root.name == "CrossIndustryDocument" && space == nsZUGFeRD1:
		doc = parseCII(root, FormatZUGFeRD1)
	case root.name == "Invoice" && space == nsUBLInvoice,
		root.name == "CreditNote" && space == nsUBLCredit:
		doc = parseUBL(root)
	case root.name == "FatturaElettronica" && isFatturaPANamespace(space):
		doc = parseFatturaPA(root, which)
	default:
		return nil, ErrNotEInvoice
	}
	// Zero discount, stamp duty or withholding means there is none: the
	// fields are for amounts the document actually applies.
	f := &doc.Result.Financials
	for _, p := range []**float64{&f.Discount, &f.StampDuty, &f.WithholdingTax} {
		if *p != nil && **p == 0 {
			*p = nil
		}
	}
	if fellBack {
		doc.warn(WarnEncodingFallback, invoice.SeverityInfo, "",
			"the XML is not valid UTF-8 as declared; it was read as windows-1252")
	}
	doc.Result.Normalize()
	doc.Result.Validation.Warnings = append([]invoice.Finding{}, doc.Warnings...)
	return doc, nil
}

// isFatturaPANamespace accepts the FatturaPA 1.2 namespace (all 1.2.x
// schema versions share it), the namespaces of the older 1.0/1.1 schemas
// (same structure for the fields mapped here), and the missing namespace
// some producers write.
func isFatturaPANamespace(ns string) bool {
	ns = strings.TrimSuffix(strings.TrimSpace(ns), "/")
	switch ns {
	case nsFatturaPA, "", "http://www.fatturapa.gov.it/sdi/fatturapa/v1.1", "http://www.fatturapa.gov.it/sdi/fatturapa/v1.0":
		return true
	}
	return false
}

// newDocument returns a Document with an empty result.
func newDocument(format, profile string) *Document {
	return &Document{Result: invoice.Empty(), Format: format, Profile: clean(profile), Warnings: []invoice.Finding{}}
}

func (d *Document) warn(code string, sev invoice.Severity, field, msg string) {
	d.Warnings = append(d.Warnings, invoice.Finding{Code: code, Severity: sev, Message: msg, Field: field})
}

// setType1001 sets invoice.type from a UNTDID 1001 code, noting codes
// without an equivalent.
func (d *Document) setType1001(code string) {
	code = strings.TrimSpace(code)
	if code == "" {
		return
	}
	if t, ok := docTypeUNTDID1001[code]; ok {
		d.Result.Invoice.Type = &t
		return
	}
	msg := "document type code " + code + " is not mapped to invoice.type; type left empty"
	if s, ok := selfBilledUNTDID1001[code]; ok {
		msg = "document type code " + code + " (" + s + ") has no equivalent in invoice.type; type left empty"
	}
	d.warn(WarnTypeUnmapped, invoice.SeverityInfo, "invoice.type", msg)
}
