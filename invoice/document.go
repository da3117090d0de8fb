package invoice

import "github.com/invex/invex/extract/layout"

// Document is one invoice of a submission that held several: a batch of
// FatturaPA bodies (lotto), a ZIP of e-invoices, or a PDF or picture file
// with several invoices on its pages. A job's result is the first; its
// documents list every one.
type Document struct {
	// Index is the document's place in the submission, from 0.
	Index int `json:"index" minimum:"0" doc:"Place of the invoice in the submission, from 0."`
	// Pages are the 1-based page numbers the invoice was read from, for
	// PDFs and pictures.
	Pages []int `json:"pages,omitempty" doc:"1-based pages of a PDF or picture file the invoice was read from."`
	// Body is the 1-based FatturaElettronicaBody of a FatturaPA batch.
	Body int `json:"body,omitempty" doc:"1-based index of the body (FatturaElettronicaBody) of a FatturaPA batch."`
	// File is the name of the ZIP entry that held the invoice.
	File string `json:"file,omitempty" doc:"Name of the ZIP entry that held the invoice."`
	// Model names the reader, Confidence is its overall confidence.
	Model      string  `json:"model" doc:"Name of the extraction model used for this invoice."`
	Confidence float64 `json:"confidence" minimum:"0" maximum:"1" doc:"Overall extraction confidence of this invoice, 0 to 1."`
	Result     Result  `json:"result" doc:"The invoice's extracted data."`
	// Flags are the invoice's data-consistency findings.
	Flags []Finding `json:"validation_flags" nullable:"false" doc:"Data-consistency findings of this invoice."`
	// Evidence maps field paths to where the values were read; absent for
	// e-invoices.
	Evidence map[string]layout.Evidence `json:"evidence,omitempty" doc:"Page, box and confidence of each value read from a page."`
}
