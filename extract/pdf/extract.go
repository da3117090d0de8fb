package pdf

import (
	"context"
	"errors"
	"fmt"

	"github.com/invex/invex/extract/layout"
	pdfiumerr "github.com/klippa-app/go-pdfium/errors"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
)

// request is one job for a pdfium instance: read the document, or, when
// Images is set, produce those pictures of its pages.
type request struct {
	Data   []byte
	Images []ImageRequest
}

// reply is the answer to a request.
type reply struct {
	Doc    *Document
	Images []Image
}

// serve runs req on the worker within the budgets of cfg. Panics from
// go-pdfium are turned into ErrCorrupt errors.
func (w *worker) serve(ctx context.Context, req request, cfg Config) (rep reply, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("pdfium panic: %v: %w", p, ErrCorrupt)
		}
	}()
	if err := checkInflated(req.Data, cfg.MaxDecompressedBytes); err != nil {
		return reply{}, fmt.Errorf("check streams: %w", err)
	}
	loaded, err := w.inst.FPDF_LoadMemDocument64(&requests.FPDF_LoadMemDocument64{Data: &req.Data})
	if err != nil {
		return reply{}, fmt.Errorf("load document: %w", loadError(err))
	}
	defer w.inst.FPDF_CloseDocument(&requests.FPDF_CloseDocument{Document: loaded.Document})
	if req.Images != nil {
		if err := w.checkPages(loaded.Document, req.Images); err != nil {
			return reply{}, err
		}
		rep.Images, err = w.images(loaded.Document, req.Images, cfg.MaxImagePixels)
		return rep, err
	}
	rep.Doc, err = w.document(ctx, loaded.Document, cfg.MaxPages)
	return rep, err
}

// checkPages fails when a request names a page the document does not have.
func (w *worker) checkPages(doc references.FPDF_DOCUMENT, reqs []ImageRequest) error {
	count, err := w.inst.FPDF_GetPageCount(&requests.FPDF_GetPageCount{Document: doc})
	if err != nil {
		return fmt.Errorf("count pages: %w", err)
	}
	for _, r := range reqs {
		if r.Page < 1 || r.Page > count.PageCount {
			return fmt.Errorf("image of page %d: the document has %d pages", r.Page, count.PageCount)
		}
	}
	return nil
}

// loadError maps pdfium's FPDF_GetLastError codes to the sentinel errors.
// Other errors (e.g. from wasm) are returned as they are.
func loadError(err error) error {
	switch {
	case errors.Is(err, pdfiumerr.ErrPassword), errors.Is(err, pdfiumerr.ErrSecurity):
		return fmt.Errorf("%w: %w", ErrEncrypted, err)
	case errors.Is(err, pdfiumerr.ErrFormat), errors.Is(err, pdfiumerr.ErrFile),
		errors.Is(err, pdfiumerr.ErrUnknown), errors.Is(err, pdfiumerr.ErrPage),
		errors.Is(err, pdfiumerr.ErrSuccess), errors.Is(err, pdfiumerr.ErrUnexpected):
		return fmt.Errorf("%w: %w", ErrCorrupt, err)
	default:
		return err
	}
}

func (w *worker) document(ctx context.Context, doc references.FPDF_DOCUMENT, maxPages int) (*Document, error) {
	count, err := w.inst.FPDF_GetPageCount(&requests.FPDF_GetPageCount{Document: doc})
	if err != nil {
		return nil, fmt.Errorf("count pages: %w", err)
	}
	if count.PageCount > maxPages {
		return nil, fmt.Errorf("count pages: %d pages, limit %d: %w", count.PageCount, maxPages, ErrTooManyPages)
	}
	d := &Document{Pages: make([]Page, 0, count.PageCount)}
	for i := range count.PageCount {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p, err := w.page(doc, i)
		if err != nil {
			return nil, fmt.Errorf("read page %d: %w", i+1, err)
		}
		d.Pages = append(d.Pages, p)
	}
	if d.Attachments, err = w.attachments(doc); err != nil {
		return nil, err
	}
	return d, nil
}

func (w *worker) attachments(doc references.FPDF_DOCUMENT) ([]Attachment, error) {
	res, err := w.inst.GetAttachments(&requests.GetAttachments{Document: doc})
	if err != nil {
		return nil, fmt.Errorf("read attachments: %w", err)
	}
	var out []Attachment
	for _, a := range res.Attachments {
		out = append(out, Attachment{Name: a.Name, Data: a.Content})
	}
	return out, nil
}

func (w *worker) page(doc references.FPDF_DOCUMENT, index int) (Page, error) {
	loaded, err := w.inst.FPDF_LoadPage(&requests.FPDF_LoadPage{Document: doc, Index: index})
	if err != nil {
		return Page{}, fmt.Errorf("load page: %w", err)
	}
	defer w.inst.FPDF_ClosePage(&requests.FPDF_ClosePage{Page: loaded.Page})
	ref := requests.Page{ByReference: &loaded.Page}
	g, err := w.geometry(ref)
	if err != nil {
		return Page{}, err
	}
	p := Page{Number: index + 1, Rotation: g.rotation}
	p.Width, p.Height = g.size()
	tp, err := w.inst.FPDFText_LoadPage(&requests.FPDFText_LoadPage{Page: ref})
	if err != nil {
		return Page{}, fmt.Errorf("load text page: %w", err)
	}
	defer w.inst.FPDFText_ClosePage(&requests.FPDFText_ClosePage{TextPage: tp.TextPage})
	var paints []paint
	p.Chars, p.Words, paints, err = w.words(tp.TextPage, g)
	if err != nil {
		return Page{}, err
	}
	if p.Words, err = w.seenWords(ref, g, p.Words, paints); err != nil {
		return Page{}, err
	}
	p.Words = visibleWords(p.Words, p.Width, p.Height)
	p.Words = overprinted(p.Words)
	p.Lines = layout.BuildLines(p.Words)
	if p.Images, p.Paths, err = w.imageBoxes(loaded.Page, g); err != nil {
		return Page{}, err
	}
	return p, nil
}

// geometry reads the page box and rotation.
func (w *worker) geometry(page requests.Page) (geometry, error) {
	box, err := w.inst.FPDF_GetPageBoundingBox(&requests.FPDF_GetPageBoundingBox{Page: page})
	if err != nil {
		return geometry{}, fmt.Errorf("get page box: %w", err)
	}
	rot, err := w.inst.FPDFPage_GetRotation(&requests.FPDFPage_GetRotation{Page: page})
	if err != nil {
		return geometry{}, fmt.Errorf("get page rotation: %w", err)
	}
	r := box.Rect
	return geometry{
		rotation: int(rot.PageRotation) % 4 * 90,
		left:     float64(min(r.Left, r.Right)),
		right:    float64(max(r.Left, r.Right)),
		bottom:   float64(min(r.Bottom, r.Top)),
		top:      float64(max(r.Bottom, r.Top)),
	}, nil
}

// minVisibleSize is the smallest glyph height, in points, that a reader can
// see on a printed page.
const minVisibleSize = 1.0

// overprinted keeps one of the copies of a word printed several times in
// the same place, as programs embolden text by printing it again shifted
// by a fraction of a point: the reader sees one bold word. A copy is a
// word of the same text and direction whose box overlaps the kept one's
// by at least 70 % of the smaller box.
func overprinted(words []Word) []Word {
	kept := map[string][]int{} // text → indexes in out
	out := words[:0]
	for _, w := range words {
		copyOf := -1
		for _, k := range kept[w.Text] {
			if o := out[k]; o.Angle == w.Angle && overlapShare(o.Box, w.Box) >= 0.7 {
				copyOf = k
				break
			}
		}
		if copyOf >= 0 {
			out[copyOf].Bold = true
			out[copyOf].Box = out[copyOf].Box.Union(w.Box)
			continue
		}
		kept[w.Text] = append(kept[w.Text], len(out))
		out = append(out, w)
	}
	return out
}

// overlapShare is the area two boxes share over the smaller one's area.
func overlapShare(a, b Rect) float64 {
	w := min(a.X1, b.X1) - max(a.X0, b.X0)
	h := min(a.Y1, b.Y1) - max(a.Y0, b.Y0)
	if w <= 0 || h <= 0 {
		return 0
	}
	small := min((a.X1-a.X0)*(a.Y1-a.Y0), (b.X1-b.X0)*(b.Y1-b.Y0))
	if small <= 0 {
		return 0
	}
	return w * h / small
}

// visibleWords drops the words nobody sees on the page: those lying
// wholly outside the page box, and those set in a tiny or zero font size.
// A document can carry such text to plant values a reader never saw.
func visibleWords(words []Word, width, height float64) []Word {
	out := words[:0]
	for _, w := range words {
		b := w.Box
		if b.X1 <= 0 || b.Y1 <= 0 || b.X0 >= width || b.Y0 >= height {
			continue
		}
		if b.Y1-b.Y0 < minVisibleSize && w.FontSize < minVisibleSize {
			continue
		}
		out = append(out, w)
	}
	return out
}
