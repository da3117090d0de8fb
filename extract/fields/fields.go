package fields

import (
	"math"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/parse"
	"github.com/invex/invex/invoice"
)

// Evidence says where a value was read and how sure the engine is of it.
type Evidence = layout.Evidence

// Outcome is what Extract read.
type Outcome struct {
	Result invoice.Result
	// Evidence maps a field path such as "financials.total" or
	// "line_items[2].amount" to where its value was read.
	Evidence map[string]Evidence
	// Confidence is the overall confidence in [0, 1].
	Confidence float64
}

// extractor holds the state of one extraction.
type extractor struct {
	m      *model
	locale string
	r      invoice.Result
	ev     map[string]Evidence
	// multiRate is set when a VAT summary lists several rates.
	multiRate bool
	// monthFirst reads the numeric dates that read both ways month first
	// (see parse.MonthFirst).
	monthFirst bool
}

// Extract reads the fields of an invoice from its pages. locale is the
// client's language hint (it, en, de, fr); the labels of every language are
// matched whatever it says.
func Extract(doc *layout.Document, locale string) Outcome {
	x := &extractor{m: newModel(doc), locale: locale, r: invoice.Empty(), ev: map[string]Evidence{}}
	var texts []string
	for _, pg := range x.m.pages {
		for _, l := range pg.lines {
			texts = append(texts, l.text)
		}
	}
	x.monthFirst = len(doc.Pages) > 0 && parse.MonthFirst(texts, doc.Pages[0].USLetter())
	x.header()
	x.lineItems()
	x.totals()
	x.dueWithCharges()
	x.itemRatesFromDocument()
	x.parties()
	x.currency()
	x.r.Normalize()
	out := Outcome{Result: x.r, Evidence: x.ev, Confidence: x.overall()}
	// The rules read a number, terms or an order reference only under
	// their labels, so these count as invoice data here.
	if r := out.Result; !r.HasContent() && r.Invoice.Number == nil && r.Invoice.PaymentTerms == nil && r.Invoice.PONumber == nil {
		out.ClearNoInvoice()
	}
	return out
}

// findDates finds the dates of text, month first where the document
// reads them so.
func (x *extractor) findDates(text string) []parse.Match {
	if x.monthFirst {
		return parse.FindDatesMonthFirst(text)
	}
	return parse.FindDates(text, x.locale)
}

// confidence turns a candidate's score into a confidence.
func confidence(score float64) float64 {
	return math.Round(math.Min(math.Max(score, 0), 0.97)*100) / 100
}

// minScore is the weakest candidate reported; weaker ones leave the field
// null rather than risk a wrong value.
const minScore = 0.35

func (x *extractor) setString(field string, dst **string, c candidate) {
	if !c.ok || c.score < minScore || c.str == "" {
		return
	}
	s := c.str
	*dst = &s
	x.ev[field] = Evidence{Page: c.page, Box: c.box, Confidence: confidence(c.score)}
}

func (x *extractor) setNumber(field string, dst **float64, c candidate) {
	if !c.ok || c.score < minScore {
		return
	}
	v := c.num
	*dst = &v
	x.ev[field] = Evidence{Page: c.page, Box: c.box, Confidence: confidence(c.score)}
}

// overall is the confidence of the whole result: the mean of the key
// fields' confidences, missing ones counting as zero.
func (x *extractor) overall() float64 {
	key := []string{"invoice.number", "invoice.date", "financials.total", "vendor.name", "vendor.vat_number", "financials.subtotal", "financials.tax_amount"}
	var sum float64
	for _, k := range key {
		sum += x.ev[k].Confidence
	}
	return math.Round(sum/float64(len(key))*100) / 100
}

// CodeNoInvoice flags a document in which no invoice data was found.
const CodeNoInvoice = "NO_INVOICE_CONTENT"

// NoInvoice reports whether r was flagged as holding no invoice data.
func NoInvoice(r invoice.Result) bool {
	for _, w := range r.Validation.Warnings {
		if w.Code == CodeNoInvoice {
			return true
		}
	}
	return false
}

// ClearNoInvoice clears o and flags it with CodeNoInvoice. It is meant
// for a result with no invoice data (see invoice.Result.HasContent): what
// a reader takes from such a page (its first line for a vendor's name, a
// word with digits for a number, a stray currency sign) is not invoice
// data, and a wrong value is worse than none.
func (o *Outcome) ClearNoInvoice() {
	warnings := o.Result.Validation.Warnings
	if !NoInvoice(o.Result) {
		warnings = append(warnings, invoice.Finding{Code: CodeNoInvoice, Severity: invoice.SeverityWarning,
			Message: "no invoice data was found in the document: no date, amount, line item, tax identifier or address"})
	}
	o.Result = invoice.Empty()
	o.Result.Validation.Warnings = warnings
	o.Evidence = map[string]Evidence{}
	o.Confidence = 0
}
