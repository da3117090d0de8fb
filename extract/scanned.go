package extract

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/invex/invex/extract/fields"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/ocr"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/invoice"
)

// Warning codes about OCR (Result.Validation.Warnings).
const (
	CodeOCRUsed        = "OCR_USED"
	CodeOCRUnavailable = "OCR_UNAVAILABLE"
	CodeOCRSkipped     = "OCR_PAGES_SKIPPED"
)

// CodeOCRMissing is the error code of a scanned document that cannot be
// read because Tesseract is not installed.
const CodeOCRMissing = "ocr_unavailable"

// DefaultMaxOCRPages is the default of Config.MaxOCRPages.
const DefaultMaxOCRPages = 10

// minScanWords is the number of readable words under which the text layer
// of a page that is one full-page image is not trusted: such a layer is a
// stamp or a page number, not the invoice.
const minScanWords = 20

// Reasons a page is read by OCR.
const (
	reasonNoText     = "no text layer"
	reasonUnreadable = "unreadable text layer"
	reasonImage      = "full-page image"
	// reasonLast is a page read only because the document has no text
	// anywhere and the page shows something (see readScanned).
	reasonLast = "no text layer, a last try"
)

// lastTryBudget bounds the picture of a page read as a last try: a page
// that looked blank by its images and paths is often a hostile one, whose
// rendering may never end. A normal page renders in well under a second.
const lastTryBudget = 5 * time.Second

// Thresholds under which a page without text is taken as blank (a
// separator page, a page with a logo) rather than as a picture of text:
// the share of the page covered by images, and the number of vector paths
// (text drawn as outlines makes one or more per glyph).
const (
	minImageShare = 0.3
	minOutlines   = 100
)

// ocrReason says why page p must be read by OCR, or "" when its text layer
// serves: it has none but shows pictures or outlines that may hold text,
// its characters are mostly unreadable glyphs, or the page is one image
// with hardly any text over it.
func ocrReason(p layout.Page) string {
	readable, total := 0, 0
	for _, w := range p.Words {
		for _, r := range w.Text {
			total++
			if readableRune(r) {
				readable++
			}
		}
	}
	switch {
	case (total == 0 || readable == 0) && !drawn(p):
		return "" // blank: nothing OCR could read
	case total == 0 || readable == 0:
		return reasonNoText
	case float64(readable) < 0.7*float64(total):
		return reasonUnreadable
	case p.FullPageImage() && readableWords(p) < minScanWords:
		return reasonImage
	}
	return ""
}

// drawn reports whether a page shows images over a good part of it, or
// enough vector paths to be text drawn as outlines.
func drawn(p layout.Page) bool {
	var covered float64
	for _, b := range p.Images {
		covered += area(b)
	}
	return covered >= minImageShare*p.Width*p.Height || p.Paths >= minOutlines
}

// painted reports whether a page shows anything: an image or a vector
// path, on the page or in a form XObject.
func painted(p layout.Page) bool {
	return len(p.Images) > 0 || p.Paths > 0
}

// readableRune reports characters a text layer of a Latin-script invoice
// is made of: letters and digits of the scripts a font maps sensibly,
// punctuation and symbols. Private-use code points, U+FFFD and controls,
// which fonts without a Unicode map produce, are not.
func readableRune(r rune) bool {
	switch {
	case r == '\uFFFD', unicode.Is(unicode.Co, r), unicode.IsControl(r):
		return false
	case unicode.IsLetter(r):
		return unicode.In(r, unicode.Latin, unicode.Greek, unicode.Cyrillic)
	}
	return unicode.IsDigit(r) || unicode.IsPunct(r) || unicode.IsSymbol(r)
}

// readableWords counts the words with a letter or digit.
func readableWords(p layout.Page) int {
	n := 0
	for _, w := range p.Words {
		if strings.IndexFunc(w.Text, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			n++
		}
	}
	return n
}

// scanOutcome is what reading the scanned pages of a document did.
type scanOutcome struct {
	pages    []int // pages whose words came from OCR
	warnings []invoice.Finding
}

// readScanned replaces the words of the pages that need OCR with the words
// OCR reads on their pictures (or returns ErrNeedsOCR with
// Options.DeferOCR). Pages beyond Config.MaxOCRPages are left as
// they are, with a warning; a page whose OCR stops at its time limit too.
// Without Tesseract, a document with no text at all fails with
// CodeOCRMissing and one with some text gets a warning.
func (e *Engine) readScanned(ctx context.Context, data []byte, doc *layout.Document, opt Options) (scanOutcome, error) {
	var todo []int // indexes into doc.Pages
	reasons := map[int]string{}
	for i, p := range doc.Pages {
		if r := ocrReason(p); r != "" {
			todo = append(todo, i)
			reasons[i] = r
		}
	}
	if len(todo) == 0 && !hasText(doc) {
		// No page looks like a picture of text and none has any: before
		// the document is called empty, OCR reads every page that shows
		// anything at all (a small picture of a receipt, a few shapes).
		for i, p := range doc.Pages {
			if painted(p) {
				todo = append(todo, i)
				reasons[i] = reasonLast
			}
		}
	}
	var out scanOutcome
	if len(todo) == 0 {
		return out, nil
	}
	if e.ocr == nil {
		if !hasText(doc) {
			return out, &Error{Code: CodeOCRMissing, Permanent: true, Err: e.ocrErr,
				Message: "the document is scanned and needs OCR, which is not installed on this server: " + ocr.ErrNotInstalled.Error()}
		}
		out.warnings = append(out.warnings, warning(CodeOCRUnavailable,
			fmt.Sprintf("%s not read: OCR is needed there but not installed on this server", pageList(pageNumbers(doc, todo)))))
		return out, nil
	}
	if opt.DeferOCR {
		return out, ErrNeedsOCR
	}
	if len(todo) > e.maxOCRPages {
		skipped := todo[e.maxOCRPages:]
		todo = todo[:e.maxOCRPages]
		out.warnings = append(out.warnings, warning(CodeOCRSkipped,
			fmt.Sprintf("%s not read: OCR reads at most %d %s of a document", pageList(pageNumbers(doc, skipped)), e.maxOCRPages, plural(e.maxOCRPages, "page", "pages"))))
	}
	results := make([]ocr.Result, len(todo))
	errs := make([]error, len(todo))
	var wg sync.WaitGroup
	for k, i := range todo {
		wg.Go(func() {
			budget := time.Duration(0)
			if reasons[i] == reasonLast {
				budget = lastTryBudget
			}
			results[k], errs[k] = e.ocrPage(ctx, data, doc.Pages[i], opt.Locale, budget)
		})
	}
	wg.Wait()
	var timedOut []int
	var timeout error
	var confSum float64
	langs := map[string]bool{}
	for k, i := range todo {
		switch err := errs[k]; {
		case err != nil && reasons[i] == reasonLast && ctx.Err() == nil:
			// A last try that fails reads nothing: the document is as
			// empty as it looked.
			continue
		case errors.Is(err, ocr.ErrTimeout) && ctx.Err() == nil:
			timedOut = append(timedOut, i)
			timeout = err
			continue
		case err != nil:
			return scanOutcome{}, ocrError(ctx, err)
		}
		p := &doc.Pages[i]
		if t := results[k].Turned; t == 90 || t == 270 {
			p.Width, p.Height = p.Height, p.Width // the words are in the turned page's frame
		}
		if reasons[i] == reasonImage && results[k].Turned == 0 {
			p.SetWords(merge(p.Words, results[k].Words))
		} else {
			p.SetWords(results[k].Words)
		}
		out.pages = append(out.pages, p.Number)
		confSum += results[k].Confidence
		langs[results[k].Lang] = true
	}
	if len(out.pages) > 0 {
		out.warnings = append(out.warnings, warning(CodeOCRUsed,
			fmt.Sprintf("%s read by OCR (%s; language %s; mean word confidence %.2f)", pageList(out.pages),
				reasonList(todo, reasons), strings.Join(slices.Sorted(maps.Keys(langs)), ", "), confSum/float64(len(out.pages)))))
	}
	if len(timedOut) > 0 {
		if !hasText(doc) {
			// Nothing was read: a busy machine may do better on another
			// attempt, so this is no "no text" verdict.
			return scanOutcome{}, &Error{Code: CodeTimeout, Err: timeout,
				Message: "reading the scanned pages took longer than the time allowed"}
		}
		out.warnings = append(out.warnings, warning(CodeOCRSkipped,
			fmt.Sprintf("%s not read: OCR stopped at its time limit per page", pageList(pageNumbers(doc, timedOut)))))
	}
	return out, nil
}

// ocrPage gets the picture of page p and reads it. A budget above zero
// bounds the time taken to get the picture.
func (e *Engine) ocrPage(ctx context.Context, data []byte, p layout.Page, locale string, budget time.Duration) (ocr.Result, error) {
	pctx := ctx
	if budget > 0 {
		var cancel context.CancelFunc
		pctx, cancel = context.WithTimeout(ctx, budget)
		defer cancel()
	}
	imgs, err := e.pdf.Images(pctx, data, []pdf.ImageRequest{{Page: p.Number}})
	if err != nil {
		return ocr.Result{}, err
	}
	if len(imgs) != 1 {
		return ocr.Result{}, fmt.Errorf("page %d: no picture", p.Number)
	}
	return e.ocr.Read(ctx, imgs[0], locale)
}

// ocrError classifies a failure while reading scanned pages.
func ocrError(ctx context.Context, err error) error {
	var pe *Error
	if errors.As(err, &pe) {
		return pe
	}
	if errors.Is(err, pdf.ErrTimeout) || errors.Is(err, pdf.ErrCorrupt) || errors.Is(err, pdf.ErrClosed) ||
		errors.Is(err, pdf.ErrRenderSize) || errors.Is(err, pdf.ErrMemoryLimit) || errors.Is(err, pdf.ErrCrashed) || ctx.Err() != nil {
		return classifyReadError(ctx, err)
	}
	return &Error{Code: CodeInternal, Err: err, Message: "the scanned pages could not be read"}
}

// merge adds to a page's text-layer words the OCR words that do not lie on
// any of them: the text layer wins where both have a word.
func merge(text, ocrWords []layout.Word) []layout.Word {
	out := append([]layout.Word(nil), text...)
	for _, o := range ocrWords {
		covered := false
		for _, t := range text {
			if overlap(o.Box, t.Box) > 0.3*area(o.Box) {
				covered = true
				break
			}
		}
		if !covered {
			out = append(out, o)
		}
	}
	return out
}

func overlap(a, b layout.Rect) float64 {
	w := min(a.X1, b.X1) - max(a.X0, b.X0)
	h := min(a.Y1, b.Y1) - max(a.Y0, b.Y0)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

func area(r layout.Rect) float64 { return max(0, r.X1-r.X0) * max(0, r.Y1-r.Y0) }

func warning(code, msg string) invoice.Finding {
	return invoice.Finding{Code: code, Severity: invoice.SeverityWarning, Message: msg}
}

// pageNumbers maps page indexes to page numbers.
func pageNumbers(doc *layout.Document, idx []int) []int {
	out := make([]int, len(idx))
	for k, i := range idx {
		out[k] = doc.Pages[i].Number
	}
	return out
}

// pageList writes page numbers for a message: "page 2", "pages 1, 2 and 5".
func pageList(nums []int) string {
	parts := make([]string, len(nums))
	for i, n := range nums {
		parts[i] = strconv.Itoa(n)
	}
	switch len(parts) {
	case 0:
		return "no page"
	case 1:
		return "page " + parts[0]
	}
	return "pages " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// reasonList says why the pages were read by OCR, e.g. "no text layer".
func reasonList(idx []int, reasons map[int]string) string {
	seen := map[string]bool{}
	var out []string
	for _, i := range idx {
		if r := reasons[i]; !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return strings.Join(out, "; ")
}

// plural picks the singular or plural word for n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// CodeOCRImageText is the warning code of text read by OCR from images on
// a digital page (a letterhead or footer printed as a picture).
const CodeOCRImageText = "OCR_IMAGE_TEXT"

// Letterhead images: the sizes of an image that may hold a line of text,
// in points, and how many are read at most.
const (
	minTextImageWidth  = 40
	minTextImageHeight = 10
	maxTextImages      = 4
)

// textImages returns the boxes of the images on page p that may hold text
// beside the text layer: at least a word wide and a line high, and not a
// background covering most of the page. Larger ones come first.
func textImages(p layout.Page) []layout.Rect {
	var out []layout.Rect
	for _, b := range p.Images {
		w, h := b.X1-b.X0, b.Y1-b.Y0
		if w < minTextImageWidth || h < minTextImageHeight || area(b) > 0.5*p.Width*p.Height {
			continue
		}
		out = append(out, b)
	}
	sort.Slice(out, func(i, j int) bool { return area(out[i]) > area(out[j]) })
	return out[:min(len(out), maxTextImages)]
}

// missingParty reports whether the result lacks what a letterhead printed
// as a picture would hold: the vendor's name or VAT number.
func missingParty(res invoice.Result) bool {
	return res.Vendor.Name == nil || res.Vendor.VATNumber == nil
}

// readImageText reads by OCR the images of the first page that may hold
// text (see textImages) and adds their words where the text layer has
// none. It returns how many words it added.
func (e *Engine) readImageText(ctx context.Context, data []byte, doc *layout.Document, locale string) (int, error) {
	if e.ocr == nil || len(doc.Pages) == 0 {
		return 0, nil
	}
	p := &doc.Pages[0]
	boxes := textImages(*p)
	if len(boxes) == 0 {
		return 0, nil
	}
	reqs := make([]pdf.ImageRequest, len(boxes))
	for i, b := range boxes {
		reqs[i] = pdf.ImageRequest{Page: p.Number, Region: b}
	}
	imgs, err := e.pdf.Images(ctx, data, reqs)
	if err != nil {
		return 0, err
	}
	var found []layout.Word
	for _, im := range imgs {
		res, err := e.ocr.Read(ctx, im, locale)
		if errors.Is(err, ocr.ErrTimeout) && ctx.Err() == nil {
			continue
		}
		if err != nil {
			return 0, err
		}
		found = append(found, res.Words...)
	}
	merged := merge(p.Words, found)
	added := len(merged) - len(p.Words)
	if added > 0 {
		p.SetWords(merged)
	}
	return added, nil
}

// fillMissing sets the values dst lacks (nil pointers in the vendor,
// buyer, invoice and financials objects) from src, and the line items when
// dst has none; it returns the paths it filled ("vendor.vat_number"). The
// text layer's reading wins wherever it found a value: words read by OCR
// from a picture only fill gaps.
func fillMissing(dst *invoice.Result, src invoice.Result) []string {
	var filled []string
	d, s := reflect.ValueOf(dst).Elem(), reflect.ValueOf(src)
	for i := range d.NumField() {
		f := d.Type().Field(i)
		obj := strings.Split(f.Tag.Get("json"), ",")[0]
		if f.Type.Kind() != reflect.Struct || obj == "validation" {
			continue
		}
		dv, sv := d.Field(i), s.Field(i)
		for k := range dv.NumField() {
			df, sf := dv.Field(k), sv.Field(k)
			if df.Kind() == reflect.Pointer && df.IsNil() && !sf.IsNil() {
				df.Set(sf)
				filled = append(filled, obj+"."+strings.Split(dv.Type().Field(k).Tag.Get("json"), ",")[0])
			}
		}
	}
	if len(dst.LineItems) == 0 && len(src.LineItems) > 0 {
		dst.LineItems = src.LineItems
		filled = append(filled, "line_items")
	}
	return filled
}

// letterhead completes a digital document's fields from the pictures of its
// first page when the text layer gave no vendor name or VAT number: those
// may be printed in a letterhead or footer image. Only fields the text
// layer left empty are filled, and a warning names them. With
// Options.DeferOCR it returns ErrNeedsOCR instead. A failure to read the
// pictures costs only what they would have added.
func (e *Engine) letterhead(ctx context.Context, data []byte, doc *layout.Document, opt Options, f *fields.Outcome) ([]invoice.Finding, error) {
	if e.ocr == nil || !missingParty(f.Result) || fields.NoInvoice(f.Result) || len(textImages(doc.Pages[0])) == 0 {
		return nil, nil
	}
	if opt.DeferOCR {
		return nil, ErrNeedsOCR
	}
	added, err := e.readImageText(ctx, data, doc, opt.Locale)
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, ocrError(ctx, err)
	case err != nil || added == 0:
		return nil, nil
	}
	again := fields.Extract(doc, opt.Locale)
	filled := fillMissing(&f.Result, again.Result)
	if len(filled) == 0 {
		return nil, nil
	}
	if f.Evidence == nil {
		f.Evidence = map[string]layout.Evidence{}
	}
	for _, path := range filled {
		for k, ev := range again.Evidence {
			if k == path || strings.HasPrefix(k, path+"[") {
				f.Evidence[k] = ev
			}
		}
	}
	return []invoice.Finding{warning(CodeOCRImageText,
		fmt.Sprintf("%s read by OCR from images on page %d", strings.Join(filled, ", "), doc.Pages[0].Number))}, nil
}
