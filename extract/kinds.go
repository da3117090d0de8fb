package extract

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/invex/invex/extract/document"
	"github.com/invex/invex/extract/einvoice"
	"github.com/invex/invex/extract/fields"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/ocr"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/extract/raster"
	"github.com/invex/invex/invoice"
)

// Warning codes about signed e-invoices (.p7m).
const (
	// CodeSigned notes a signature that matches the content: who signed
	// and when.
	CodeSigned = "SIGNED"
	// CodeSignatureInvalid warns of a signature that does not verify; the
	// content was read all the same.
	CodeSignatureInvalid = "SIGNATURE_NOT_VERIFIED"
)

// extractEInvoices reads a file of e-invoice XML: plain, signed or in a
// ZIP archive. Every invoice it holds is a document of the outcome.
func (e *Engine) extractEInvoices(kind document.Kind, data []byte) (Outcome, error) {
	invs, err := document.EInvoices(kind, data)
	if err != nil {
		return Outcome{}, documentError(err)
	}
	outs := make([]Outcome, len(invs))
	docs := make([]invoice.Document, len(invs))
	for i, inv := range invs {
		res := inv.Doc.Result
		res.Validation.Warnings = append(append([]invoice.Finding{}, res.Validation.Warnings...), signatureNotes(inv)...)
		outs[i] = finish(res, einvoice.Model(inv.Doc.Format), confidenceEInvoice, 0)
		docs[i] = invoice.Document{Index: i, Body: inv.Body, File: inv.File, Model: outs[i].Model,
			Confidence: outs[i].Confidence, Result: outs[i].Result, Flags: outs[i].Flags}
	}
	out := outs[0]
	out.Kind = kind
	if len(docs) > 1 {
		out.Documents = docs
	}
	return out, nil
}

// signatureNotes reports the signers of a signed e-invoice.
func signatureNotes(inv document.Invoice) []invoice.Finding {
	if !inv.Signed {
		return nil
	}
	if len(inv.Signers) == 0 {
		return []invoice.Finding{warning(CodeSignatureInvalid, "the signed envelope holds no signature; the content was read all the same")}
	}
	var out []invoice.Finding
	for _, s := range inv.Signers {
		who := "an unnamed signer"
		if s.Name != "" {
			who = s.Name
		}
		msg := "signed by " + who
		if s.Time != nil {
			msg += " at " + s.Time.UTC().Format("2006-01-02T15:04:05Z")
		}
		if s.Verified {
			out = append(out, invoice.Finding{Code: CodeSigned, Severity: invoice.SeverityInfo,
				Message: msg + "; the signature matches the content (the certificate was not checked against a list of trusted authorities)"})
			continue
		}
		out = append(out, warning(CodeSignatureInvalid, msg+"; the signature does not verify ("+s.Problem+"); the content was read all the same"))
	}
	return out
}

// documentError turns an error of package document or raster into the
// engine's.
func documentError(err error) error {
	var de *document.Error
	if errors.As(err, &de) {
		return &Error{Code: de.Code, Message: de.Msg, Permanent: true, Err: de.Err}
	}
	if errors.Is(err, raster.ErrTooLarge) || errors.Is(err, raster.ErrDamaged) || errors.Is(err, raster.ErrUnsupported) {
		pe := document.PictureError(err)
		return &Error{Code: pe.Code, Message: pe.Msg, Permanent: true, Err: err}
	}
	return &Error{Code: CodeInternal, Err: err, Message: "the document could not be read"}
}

// PictureLimits bound the pictures of picture files: per page the pixel
// budget of pages rendered for OCR, and the pages OCR reads.
func (e *Engine) PictureLimits() raster.Limits {
	return raster.Limits{MaxPixels: raster.DefaultMaxPixels, MaxPages: e.maxOCRPages}
}

// extractPictures reads a picture file (JPEG, PNG, TIFF, WebP) by OCR,
// each page upright as its orientation tag says.
func (e *Engine) extractPictures(ctx context.Context, kind document.Kind, data []byte, opt Options) (Outcome, error) {
	doc, note, err := e.readPictures(ctx, kind, data, opt)
	if err != nil {
		return Outcome{}, err
	}
	out := e.pagesOutcome(doc, []invoice.Finding{note}, opt, kind, true)
	if err := applyExamples(ctx, doc, opt, &out); err != nil {
		return Outcome{}, err
	}
	return out, nil
}

// readPictures reads the pages of a picture file by OCR, with the note
// that says so.
func (e *Engine) readPictures(ctx context.Context, kind document.Kind, data []byte, opt Options) (*layout.Document, invoice.Finding, error) {
	// The picture is decoded first: a damaged one fails for what it is,
	// wherever it is read.
	pages, err := raster.Pages(string(kind), data, e.PictureLimits())
	if err != nil {
		return nil, invoice.Finding{}, documentError(err)
	}
	if e.ocr == nil {
		return nil, invoice.Finding{}, &Error{Code: CodeOCRMissing, Permanent: true, Err: e.ocrErr,
			Message: "the document is a picture and needs OCR, which is not installed on this server: " + ocr.ErrNotInstalled.Error()}
	}
	if opt.DeferOCR {
		return nil, invoice.Finding{}, ErrNeedsOCR
	}
	doc := &layout.Document{Pages: make([]layout.Page, len(pages))}
	results := make([]ocr.Result, len(pages))
	errs := make([]error, len(pages))
	var wg sync.WaitGroup
	for i, p := range pages {
		doc.Pages[i] = layout.Page{Number: i + 1, Width: p.Width, Height: p.Height,
			Images: []layout.Rect{{X1: p.Width, Y1: p.Height}}}
		img := pdf.Image{Page: i + 1, Box: layout.Rect{X1: p.Width, Y1: p.Height},
			Width: p.Gray.Rect.Dx(), Height: p.Gray.Rect.Dy(), Format: pdf.FormatPGM, Data: raster.PGM(p.Gray)}
		pages[i].Gray = nil // the PGM copy is what OCR reads
		wg.Go(func() { results[i], errs[i] = e.ocr.Read(ctx, img, opt.Locale) })
	}
	wg.Wait()
	var confSum float64
	var read []int
	for i, err := range errs {
		if err != nil {
			return nil, invoice.Finding{}, ocrError(ctx, err)
		}
		p := &doc.Pages[i]
		if t := results[i].Turned; t == 90 || t == 270 {
			p.Width, p.Height = p.Height, p.Width
		}
		p.SetWords(results[i].Words)
		confSum += results[i].Confidence
		read = append(read, p.Number)
	}
	if !hasText(doc) {
		return nil, invoice.Finding{}, &Error{Code: CodeNoText, Permanent: true,
			Message: "no text could be read on the picture"}
	}
	note := warning(CodeOCRUsed, fmt.Sprintf("%s read by OCR (a %s picture; mean word confidence %.2f)",
		pageList(read), strings.ToUpper(string(kind)), confSum/float64(len(read))))
	return doc, note, nil
}

// pagesOutcome decides the fields of a document whose words are read, as
// one invoice or, when its pages hold several, one per invoice.
func (e *Engine) pagesOutcome(doc *layout.Document, notes []invoice.Finding, opt Options, kind document.Kind, scanned bool) Outcome {
	f := fields.Extract(doc, opt.Locale)
	r := e.candidates(doc, f, opt)
	r.warnings, r.scanned = notes, scanned
	if parts := e.splitPages(doc, opt); len(parts) > 1 {
		if out, ok := e.splitOutcome(doc, parts, r, nil, opt); ok {
			out.Kind = kind
			return out
		}
	}
	out := e.decide(r, len(doc.Pages), nil, opt)
	out.Kind = kind
	return out
}
