// Package extract is invex's extraction engine as a library: it turns the
// bytes of a PDF invoice into an invoice.Result, validation flags and a
// confidence, knowing nothing of HTTP, SQL or job queues.
//
//	eng, err := extract.New(extract.Config{})
//	defer eng.Close()
//	out, err := eng.Extract(ctx, pdfBytes, extract.Options{Locale: "it"})
//
// Errors are *Error values carrying a stable machine Code, a message for
// people, and whether trying again could help (Permanent).
package extract

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"sort"
	"strings"
	"unicode"

	"github.com/invex/invex/extract/document"
	"github.com/invex/invex/extract/einvoice"
	"github.com/invex/invex/extract/fields"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/ocr"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/extract/resolve"
	"github.com/invex/invex/extract/validate"
	"github.com/invex/invex/invoice"
)

// Version identifies the engine's rules. With the stored model's digest
// and the build's revision it makes Fingerprint.
const Version = "0.1.0"

// Fingerprint identifies the engine that computes results: Version, the
// digest of the resolver's stored weights, and the source revision the
// binary was built from when the build recorded one. It is part of the
// result cache key, so an upgraded engine never serves results computed by
// an older one.
func Fingerprint() string {
	fp := Version + "+" + resolve.DefaultDigest()
	if info, ok := debug.ReadBuildInfo(); ok {
		var rev, dirty string
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					dirty = "-dirty"
				}
			}
		}
		if rev != "" {
			fp += "+" + rev[:min(12, len(rev))] + dirty
		}
	}
	return fp
}

// Model names, reported in Outcome.Model. Results read from an embedded
// e-invoice are named by einvoice.Model, such as "invex-einvoice-cii-1".
const (
	ModelText = "invex-text-1"
	// ModelOCR names results of documents with pages read by OCR.
	ModelOCR = "invex-ocr-1"
)

// confidenceEInvoice is the confidence of results read from an embedded
// e-invoice: the values are the issuer's own structured data, not a reading
// of the page.
const confidenceEInvoice = 0.99

// Warning codes of extraction-quality notes (Result.Validation.Warnings).
const (
	CodeXMLUnreadable = "EMBEDDED_XML_UNREADABLE"
)

// Config configures an Engine. The zero value is usable.
type Config struct {
	// PDF configures the pdfium reader pool.
	PDF pdf.Config
	// OCR configures Tesseract, which reads scanned pages.
	OCR ocr.Config
	// MaxOCRPages is the number of pages of one document read by OCR; pages
	// beyond it are left unread, with a warning. Default
	// DefaultMaxOCRPages.
	MaxOCRPages int
	// Model is the resolver's fitted model; nil loads the one stored in
	// the repository (resolve.Default).
	Model *resolve.Model
	// WithoutRules keeps the choices of the hand-written rules (package
	// fields) out of the resolver's candidates, so that it decides its
	// fields from its own candidates alone: the measure of how far the
	// rules are from being deleted (invex eval --without-rules). The
	// rules still give the fields the resolver does not decide and their
	// reading of the item table.
	WithoutRules bool
}

// Engine extracts invoices. It is safe for concurrent use; Close it when done.
type Engine struct {
	pdf *pdf.Reader
	// ocr is nil when Tesseract is not installed; ocrErr says why then.
	ocr         *ocr.Engine
	ocrErr      error
	maxOCRPages int
	model       *resolve.Model
	noRules     bool
}

// New starts an Engine: the PDF reader pool is started once here, and
// Tesseract is looked for. A missing Tesseract is not an error: digital
// documents are read as ever, and scanned ones fail with a message that
// says what to install (see OCRError).
func New(cfg Config) (*Engine, error) {
	r, err := pdf.Open(cfg.PDF)
	if err != nil {
		return nil, fmt.Errorf("start engine: %w", err)
	}
	e := &Engine{pdf: r, maxOCRPages: cfg.MaxOCRPages, model: cfg.Model, noRules: cfg.WithoutRules}
	if e.model == nil {
		if e.model, err = resolve.Default(); err != nil {
			r.Close()
			return nil, fmt.Errorf("start engine: %w", err)
		}
	}
	if e.maxOCRPages <= 0 {
		e.maxOCRPages = DefaultMaxOCRPages
	}
	e.ocr, e.ocrErr = ocr.New(cfg.OCR)
	return e, nil
}

// OCRError returns nil when the engine can read scanned pages, and otherwise
// why not (wrapping ocr.ErrNotInstalled), for a warning at start-up.
func (e *Engine) OCRError() error { return e.ocrErr }

// Close releases the engine's resources.
func (e *Engine) Close() error { return e.pdf.Close() }

// Options are the per-document settings of an extraction.
type Options struct {
	// Locale is the client's language hint: it, en, de or fr. It steers OCR
	// and label dictionaries but never stops the engine reading a document in
	// another language.
	Locale string
	// DeferOCR makes Extract return ErrNeedsOCR instead of running OCR when
	// a page needs it, so that the caller can hand the document to workers
	// that do OCR (with their own concurrency). Without Tesseract it has no
	// effect.
	DeferOCR bool
	// Model, when set, replaces the engine's fitted model for this
	// document: held-out evaluation extracts each layout family with the
	// model fitted without it.
	Model *resolve.Model
	// Examples, when set, gives what reviews of the supplier's earlier
	// invoices taught (package learn): the fields they corrected are read
	// where those invoices had them, with a SUPPLIER_EXAMPLES note.
	Examples ExampleSource
}

// ErrEmbedded is returned by Candidates for a document that carries an
// e-invoice: its values come from the XML, not from the page.
var ErrEmbedded = errors.New("the document carries an embedded e-invoice")

// ErrNeedsOCR is returned by Extract with Options.DeferOCR for a document
// with pages that need OCR.
var ErrNeedsOCR = errors.New("the document has pages that need OCR")

// Outcome is the result of a successful extraction.
type Outcome struct {
	Result invoice.Result
	// Flags are data-consistency findings (the job's validation_flags).
	Flags []invoice.Finding
	// Confidence is the overall confidence in [0, 1].
	Confidence float64
	// Model names the reader that produced the result.
	Model string
	// Pages is the number of pages read.
	Pages int
	// Evidence maps field paths ("financials.total", "vendor.name") to the
	// page, box and confidence of their value; nil for e-invoices, whose
	// values come from the XML.
	Evidence map[string]layout.Evidence
	// Kind is the kind of file read, told from its bytes.
	Kind document.Kind
	// Documents lists every invoice of a file that held more than one (a
	// FatturaPA batch, a ZIP of e-invoices, a PDF or picture file with
	// several invoices); Result, Flags, Confidence and Evidence are then
	// the first's. Nil for a file of one invoice.
	Documents []invoice.Document
}

// Error codes of failed extractions. The budget codes (page_limit,
// decompressed_size_limit, render_size_limit, memory_limit, timeout) name
// the per-document limit the document passed; see pdf.Config.
const (
	CodeNoText     = "no_text"
	CodeEncrypted  = "pdf_encrypted"
	CodeCorrupt    = "pdf_corrupt"
	CodePageLimit  = "page_limit"
	CodeTimeout    = "timeout"
	CodeInternal   = "internal"
	CodeNotAPDF    = "not_a_pdf"
	CodeCanceled   = "canceled"
	CodeUnreadable = "unreadable"
	// CodeDecompressedSize: the document's streams inflate beyond
	// pdf.Config.MaxDecompressedBytes (a decompression bomb).
	CodeDecompressedSize = "decompressed_size_limit"
	// CodeRenderSize: a page needing OCR holds an image larger than
	// pdf.Config.MaxImagePixels.
	CodeRenderSize = "render_size_limit"
	// CodeMemoryLimit: pdfium needed more than pdf.Config.MemoryLimit.
	CodeMemoryLimit = "memory_limit"
	// CodeReaderCrashed: the process reading the document died. It is
	// retried, since the machine (e.g. its out-of-memory killer) may be the
	// cause; a document that kills the reader on every attempt fails after
	// the last one.
	CodeReaderCrashed = "reader_crashed"
)

// Error is an extraction failure.
type Error struct {
	Code      string
	Message   string // for people: what went wrong and, where useful, what to do
	Permanent bool   // true when trying the same document again cannot help
	Err       error  // the underlying cause, for logs
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Code + ": " + e.Message + ": " + e.Err.Error()
	}
	return e.Code + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// Extract reads one document: a PDF; e-invoice XML, plain, signed (.p7m)
// or in a ZIP archive; or a picture (JPEG, PNG, TIFF, WebP), read by OCR.
// The kind is told from the bytes.
func (e *Engine) Extract(ctx context.Context, data []byte, opt Options) (Outcome, error) {
	if opt.Locale == "" {
		opt.Locale = invoice.DefaultLocale
	}
	switch kind := document.Detect(data); {
	case kind.Structured():
		return e.extractEInvoices(kind, data)
	case kind.Image():
		return e.extractPictures(ctx, kind, data, opt)
	}
	doc, err := e.pdf.Read(ctx, data)
	if err != nil {
		return Outcome{}, classifyReadError(ctx, err)
	}
	xml, warnings := embedded(doc)
	if xml != nil {
		out := fromEInvoice(doc, xml, warnings)
		e.fillFromPage(ctx, data, doc, opt, &out)
		return out, nil
	}
	r, err := e.readPage(ctx, data, doc, opt)
	if err != nil {
		return Outcome{}, err
	}
	if parts := e.splitPages(doc, opt); len(parts) > 1 {
		if out, ok := e.splitOutcome(doc, parts, r, warnings, opt); ok {
			out.Kind = document.PDF
			return out, nil
		}
	}
	out := e.decide(r, len(doc.Pages), warnings, opt)
	out.Kind = document.PDF
	if err := applyExamples(ctx, doc, opt, &out); err != nil {
		return Outcome{}, err
	}
	return out, nil
}

// identified reports whether a result names what only an invoice does:
// its number, or a party's VAT id.
func identified(r invoice.Result) bool {
	return r.Invoice.Number != nil || r.Vendor.VATNumber != nil || r.Buyer.VATNumber != nil
}

// decide resolves the fields of a page reading and finishes the outcome.
func (e *Engine) decide(r pageRead, pages int, warnings []invoice.Finding, opt Options) Outcome {
	m := opt.Model
	if m == nil {
		m = e.model
	}
	f := r.fields
	noInvoice := fields.NoInvoice(f.Result)
	resolveFields(&f, r.candidates, m, e.noRules)
	if !f.Result.HasContent() || noInvoice && !identified(f.Result) {
		// The resolver also reads numbers without a label: alone, a
		// word with digits is not an invoice, nor a date and an amount
		// on a page where nothing else reads as one.
		f.ClearNoInvoice()
	}
	res := f.Result
	res.Validation.Warnings = append(append(res.Validation.Warnings, warnings...), r.warnings...)
	model := ModelText
	if r.scanned {
		res.Validation.IsScanned = true
		model = ModelOCR
		res.Validation.Warnings = append(res.Validation.Warnings, repairOCR(&res)...)
	}
	out := finish(res, model, f.Confidence, pages)
	out.Evidence = f.Evidence
	return out
}

// pageRead is what reading a document's pages gives: the hand-written
// rules' fields and the resolver's candidates.
type pageRead struct {
	fields     fields.Outcome
	candidates *resolve.Doc
	warnings   []invoice.Finding
	scanned    bool
}

// readPage reads the fields of a document without an e-invoice from its
// pages: OCR of scanned pages, the rules, OCR of letterhead pictures when
// the rules miss a party, and the resolver's candidates with the rules'
// choices marked.
func (e *Engine) readPage(ctx context.Context, data []byte, doc *layout.Document, opt Options) (pageRead, error) {
	scan, err := e.readScanned(ctx, data, doc, opt)
	if err != nil {
		return pageRead{}, err
	}
	if !hasText(doc) {
		return pageRead{}, &Error{Code: CodeNoText, Permanent: true,
			Message: "no text could be extracted from the document"}
	}
	f := fields.Extract(doc, opt.Locale)
	if len(scan.pages) == 0 {
		more, err := e.letterhead(ctx, data, doc, opt, &f)
		if err != nil {
			return pageRead{}, err
		}
		scan.warnings = append(scan.warnings, more...)
	}
	r := e.candidates(doc, f, opt)
	r.warnings, r.scanned = scan.warnings, len(scan.pages) > 0
	return r, nil
}

// candidates builds the resolver's candidates of a document whose words
// are read, with the rules' choices f marked.
func (e *Engine) candidates(doc *layout.Document, f fields.Outcome, opt Options) pageRead {
	rd := resolve.Build(doc, opt.Locale)
	if !e.noRules {
		rd.SetRules(rulesOf(&f))
	}
	rd.RuleItems = ruleItems(f.Result.LineItems)
	return pageRead{fields: f, candidates: rd}
}

// Layout reads the pages of a document as the field rules see them: the
// text layer, with the words of scanned pages read by OCR. It is meant for
// tools that show the layout, and for learning from reviews; embedded
// e-invoices are ignored. A picture file is read by OCR.
func (e *Engine) Layout(ctx context.Context, data []byte, opt Options) (*layout.Document, error) {
	if kind := document.Detect(data); kind.Image() {
		doc, _, err := e.readPictures(ctx, kind, data, opt)
		return doc, err
	}
	doc, err := e.pdf.Read(ctx, data)
	if err != nil {
		return nil, classifyReadError(ctx, err)
	}
	if _, err := e.readScanned(ctx, data, doc, opt); err != nil {
		return nil, err
	}
	return doc, nil
}

// Candidates reads a document as the resolver sees it: its pages' structure,
// labels and typed values with their features and the rules' choices, for
// fitting the model.
func (e *Engine) Candidates(ctx context.Context, data []byte, opt Options) (*resolve.Doc, error) {
	if opt.Locale == "" {
		opt.Locale = invoice.DefaultLocale
	}
	doc, err := e.pdf.Read(ctx, data)
	if err != nil {
		return nil, classifyReadError(ctx, err)
	}
	if xml, _ := embedded(doc); xml != nil {
		return nil, ErrEmbedded
	}
	r, err := e.readPage(ctx, data, doc, opt)
	if err != nil {
		return nil, err
	}
	return r.candidates, nil
}

// finish computes the flags and fills in the confidence.
func finish(res invoice.Result, model string, confidence float64, pages int) Outcome {
	res.Normalize()
	res.Validation.Confidence = confidence
	return Outcome{
		Result:     res,
		Flags:      validate.Flags(res),
		Confidence: confidence,
		Model:      model,
		Pages:      pages,
	}
}

// embedded returns the first e-invoice among the document's attachments, in
// the order of einvoice.Rank, and warnings about attachments that looked
// like e-invoices but could not be read.
func embedded(doc *layout.Document) (*einvoice.Document, []invoice.Finding) {
	cands := make([]layout.Attachment, 0, len(doc.Attachments))
	for _, a := range doc.Attachments {
		if einvoice.Candidate(a.Name) && len(a.Data) > 0 {
			cands = append(cands, a)
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return einvoice.Rank(cands[i].Name) < einvoice.Rank(cands[j].Name) })
	var warnings []invoice.Finding
	for _, a := range cands {
		x, err := einvoice.Parse(a.Data)
		if err == nil {
			return x, warnings
		}
		if errors.Is(err, einvoice.ErrNotEInvoice) {
			continue
		}
		warnings = append(warnings, invoice.Finding{
			Code:     CodeXMLUnreadable,
			Severity: invoice.SeverityWarning,
			Message:  fmt.Sprintf("the attached file %q looks like an e-invoice but could not be read safely; the printed pages were read instead", cleanName(a.Name)),
		})
	}
	return nil, warnings
}

// fromEInvoice builds the outcome of a document that carries an e-invoice:
// its data are exact; the printed pages only serve to warn of contradictions.
func fromEInvoice(doc *layout.Document, x *einvoice.Document, warnings []invoice.Finding) Outcome {
	res := x.Result
	res.Validation.Warnings = append(append(append([]invoice.Finding{}, res.Validation.Warnings...), warnings...),
		crossCheck(res, doc.Text())...)
	return finish(res, einvoice.Model(x.Format), confidenceEInvoice, len(doc.Pages))
}

// cleanName shortens an attachment name for a message.
func cleanName(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
	if len(s) > 80 {
		s = s[:80]
	}
	return s
}

func classifyReadError(ctx context.Context, err error) error {
	switch {
	case errors.Is(err, pdf.ErrEncrypted):
		return &Error{Code: CodeEncrypted, Permanent: true, Err: err,
			Message: "the document is protected by a password; upload it without the password"}
	case errors.Is(err, pdf.ErrTooManyPages):
		return &Error{Code: CodePageLimit, Permanent: true, Err: err,
			Message: "the document has more pages than the service reads"}
	case errors.Is(err, pdf.ErrDecompressedSize):
		return &Error{Code: CodeDecompressedSize, Permanent: true, Err: err,
			Message: "the document's compressed contents expand beyond the size the service reads"}
	case errors.Is(err, pdf.ErrRenderSize):
		return &Error{Code: CodeRenderSize, Permanent: true, Err: err,
			Message: "the document holds an image too large to read"}
	case errors.Is(err, pdf.ErrMemoryLimit):
		return &Error{Code: CodeMemoryLimit, Permanent: true, Err: err,
			Message: "reading the document needs more memory than the service allows"}
	case errors.Is(err, pdf.ErrCrashed):
		return &Error{Code: CodeReaderCrashed, Err: err,
			Message: "the PDF reader stopped unexpectedly while reading the document"}
	case errors.Is(err, pdf.ErrTimeout), errors.Is(err, context.DeadlineExceeded):
		return &Error{Code: CodeTimeout, Err: err,
			Message: "reading the document took longer than the time allowed"}
	case ctx.Err() != nil:
		return &Error{Code: CodeCanceled, Err: err, Message: "the extraction was interrupted"}
	case errors.Is(err, pdf.ErrCorrupt):
		return &Error{Code: CodeCorrupt, Permanent: true, Err: err,
			Message: "the document is damaged and cannot be read as a PDF"}
	}
	return &Error{Code: CodeInternal, Err: err, Message: "the document could not be read"}
}

// hasText reports whether any page carries a word with a letter or digit.
func hasText(doc *layout.Document) bool {
	for _, p := range doc.Pages {
		for _, w := range p.Words {
			if strings.IndexFunc(w.Text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
				return true
			}
		}
	}
	return false
}

// FieldConfidences returns the confidence of every value in the result, by
// field path ("vendor.name", "line_items[2].amount"): from the evidence of
// text-layer reads, and the overall confidence for each value read from an
// embedded e-invoice.
func (o Outcome) FieldConfidences() map[string]float64 {
	out := map[string]float64{}
	if o.Evidence != nil && !strings.HasPrefix(o.Model, "invex-einvoice") {
		for k, ev := range o.Evidence {
			out[k] = ev.Confidence
		}
		return out
	}
	defer func() {
		// Values an e-invoice lacked and the page gave carry their own.
		for k, ev := range o.Evidence {
			out[k] = ev.Confidence
		}
	}()
	b, err := json.Marshal(o.Result)
	if err != nil {
		return out
	}
	var tree map[string]any
	if json.Unmarshal(b, &tree) != nil {
		return out
	}
	delete(tree, "validation")
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		switch t := v.(type) {
		case map[string]any:
			for k, sub := range t {
				p := k
				if prefix != "" {
					p = prefix + "." + k
				}
				walk(p, sub)
			}
		case []any:
			for i, sub := range t {
				walk(fmt.Sprintf("%s[%d]", prefix, i), sub)
			}
		case nil:
		default:
			out[prefix] = o.Confidence
		}
	}
	walk("", tree)
	return out
}
