package extract

import (
	"context"
	"fmt"
	"strings"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/learn"
	"github.com/invex/invex/extract/parse"
	"github.com/invex/invex/extract/validate"
	"github.com/invex/invex/invoice"
)

// ExampleSource gives the examples that reviews of suppliers' invoices
// left (package learn), by supplier key (learn.SupplierKey), newest first,
// for all the keys asked at once. The service keeps them per account.
type ExampleSource interface {
	Examples(ctx context.Context, suppliers []string) (map[string][]learn.Example, error)
}

// maxSupplierKeys bounds the VAT ids of one page asked for examples.
const maxSupplierKeys = 16

// CodeSupplierExamples is the info note of a result some of whose fields
// were read where reviewed invoices of the same supplier had them.
const CodeSupplierExamples = "SUPPLIER_EXAMPLES"

// applyExamples reads again, on a document of one invoice, the fields the
// reviews of its supplier corrected. The supplier is the vendor's VAT id
// as read, or else any VAT id printed on the page, but the buyer's, that
// has examples.
func applyExamples(ctx context.Context, doc *layout.Document, opt Options, out *Outcome) error {
	if opt.Examples == nil || len(out.Documents) > 0 || doc == nil {
		return nil
	}
	var keys []string
	seen := map[string]bool{}
	add := func(vat string) {
		if k := learn.SupplierKey(vat); k != "" && !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	if out.Result.Vendor.VATNumber != nil {
		add(*out.Result.Vendor.VATNumber)
	}
	// Other VAT ids printed on the page, when the vendor's was misread;
	// never the buyer's (the account's own company, most often).
	if b := out.Result.Buyer.VATNumber; b != nil {
		seen[learn.SupplierKey(*b)] = true
	}
	for _, m := range parse.FindVATIDs(doc.Text()) {
		add(m.Value)
	}
	if len(keys) > maxSupplierKeys {
		keys = keys[:maxSupplierKeys]
	}
	if len(keys) == 0 {
		return nil
	}
	found, err := opt.Examples.Examples(ctx, keys)
	if err != nil {
		return &Error{Code: CodeInternal, Message: "the supplier's reviewed examples could not be read", Err: fmt.Errorf("read examples: %w", err)}
	}
	for _, k := range keys {
		exs := found[k]
		if len(exs) == 0 {
			continue
		}
		if out.Evidence == nil {
			out.Evidence = map[string]layout.Evidence{}
		}
		changed := learn.Apply(doc, &out.Result, out.Evidence, exs, opt.Locale)
		if len(changed) > 0 {
			out.Result.Validation.Warnings = append(out.Result.Validation.Warnings, invoice.Finding{
				Code: CodeSupplierExamples, Severity: invoice.SeverityInfo,
				Message: "read where reviewed invoices of this supplier had them: " + strings.Join(changed, ", "),
			})
			out.Result.Normalize()
			out.Flags = validate.Flags(out.Result)
		}
		return nil
	}
	return nil
}
