package pdf

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"encoding/ascii85"
	"encoding/hex"
	"fmt"
	"io"
	"regexp"
	"slices"

	"github.com/klippa-app/go-pdfium/enums"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
	"github.com/klippa-app/go-pdfium/structs"
)

// Budgets of one document beyond time, memory and pages (see Config):
// what its streams may inflate to, and how large an image may be decoded
// for OCR.

// maxFlateRatio is the largest output-to-input ratio of one Flate layer
// (deflate's longest match, 258 bytes, costs at least 2 bits).
const maxFlateRatio = 1032

// maxDictBack is how far before a "stream" keyword its dictionary is looked
// for.
const maxDictBack = 4096

// streamFilter is one filter of a stream's chain that the budget check can
// decode.
type streamFilter int

const (
	filterFlate streamFilter = iota
	filterHex
	filterA85
)

// rawStream is the raw data of one stream and the chain of its filters.
type rawStream struct {
	data    []byte
	filters []streamFilter
}

// bound is the largest size the stream could inflate to.
func (s rawStream) bound() float64 {
	b := float64(len(s.data))
	for _, f := range s.filters {
		if f == filterFlate {
			b *= maxFlateRatio
		}
	}
	return b
}

// checkInflated fails with ErrDecompressedSize when the Flate, ASCIIHex and
// ASCII85 streams of data inflate to more than limit bytes in all. Nothing is
// decoded when the largest possible inflation fits in limit.
func checkInflated(data []byte, limit int64) error {
	if limit < 0 {
		return nil
	}
	streams := findStreams(data)
	var bound float64
	for _, s := range streams {
		bound += s.bound()
	}
	if bound <= float64(limit) {
		return nil
	}
	remaining := limit
	for _, s := range streams {
		if s.bound() <= 1 {
			continue
		}
		n := inflatedSize(s, remaining+1)
		remaining -= n
		if remaining < 0 {
			return fmt.Errorf("%w: more than %d MiB", ErrDecompressedSize, limit>>20)
		}
	}
	return nil
}

// inflatedSize decodes s and returns its decoded size, counting at most most
// bytes. A stream that is damaged counts what decodes before the damage.
func inflatedSize(s rawStream, most int64) int64 {
	var r io.Reader = bytes.NewReader(s.data)
	for _, f := range s.filters {
		switch f {
		case filterFlate:
			r = flateReader(r)
		case filterHex:
			r = hex.NewDecoder(hexOnly{r})
		case filterA85:
			r = ascii85.NewDecoder(a85Only{r})
		}
	}
	n, _ := io.Copy(io.Discard, io.LimitReader(r, most))
	return n
}

// flateReader reads a zlib stream, or a raw deflate stream when the zlib
// header is missing (pdfium accepts both).
func flateReader(r io.Reader) io.Reader {
	br := &peekReader{r: r}
	head := br.peek(2)
	if len(head) == 2 && head[0]&0x0f == 8 && (uint16(head[0])<<8|uint16(head[1]))%31 == 0 {
		if zr, err := zlib.NewReader(br); err == nil {
			return zr
		}
		return bytes.NewReader(nil)
	}
	return flate.NewReader(br)
}

// peekReader lets the first bytes of a reader be looked at before reading.
type peekReader struct {
	r   io.Reader
	buf []byte
}

func (p *peekReader) peek(n int) []byte {
	for len(p.buf) < n {
		b := make([]byte, n-len(p.buf))
		k, err := p.r.Read(b)
		p.buf = append(p.buf, b[:k]...)
		if err != nil {
			break
		}
	}
	return p.buf
}

func (p *peekReader) Read(b []byte) (int, error) {
	if len(p.buf) > 0 {
		n := copy(b, p.buf)
		p.buf = p.buf[n:]
		return n, nil
	}
	return p.r.Read(b)
}

// hexOnly passes on hex digits up to the '>' that ends ASCIIHex data.
type hexOnly struct{ r io.Reader }

func (h hexOnly) Read(b []byte) (int, error) {
	n, err := h.r.Read(b)
	k := 0
	for _, c := range b[:n] {
		switch {
		case c == '>':
			return k, io.EOF
		case '0' <= c && c <= '9', 'a' <= c && c <= 'f', 'A' <= c && c <= 'F':
			b[k] = c
			k++
		}
	}
	return k, err
}

// a85Only passes on ASCII85 data up to its "~>" end.
type a85Only struct{ r io.Reader }

func (a a85Only) Read(b []byte) (int, error) {
	n, err := a.r.Read(b)
	if i := bytes.IndexByte(b[:n], '~'); i >= 0 {
		return i, io.EOF
	}
	return n, err
}

var (
	streamKeyword = []byte("stream")
	endKeyword    = []byte("endstream")
	filterRe      = regexp.MustCompile(`/Filter\s*(\[[^\]]*\]|/[A-Za-z0-9#]+)`)
	filterNameRe  = regexp.MustCompile(`/([A-Za-z0-9#]+)`)
)

// findStreams finds the streams of a PDF file by its "stream" keywords, and
// the filters in the dictionary before each. Streams whose chain holds a
// filter the check cannot decode are left out (pdfium decodes images only
// to render them, which MaxImagePixels bounds).
func findStreams(data []byte) []rawStream {
	var out []rawStream
	for pos := 0; ; {
		i := bytes.Index(data[pos:], streamKeyword)
		if i < 0 {
			return out
		}
		i += pos
		pos = i + len(streamKeyword)
		if i >= 3 && string(data[i-3:i]) == "end" {
			continue
		}
		start := pos
		switch {
		case bytes.HasPrefix(data[start:], []byte("\r\n")):
			start += 2
		case bytes.HasPrefix(data[start:], []byte("\n")), bytes.HasPrefix(data[start:], []byte("\r")):
			start++
		default:
			continue
		}
		dict := data[max(0, i-maxDictBack):i]
		if j := bytes.LastIndex(dict, []byte("obj")); j >= 0 {
			dict = dict[j:]
		}
		filters, ok := parseFilters(dict)
		end := bytes.Index(data[start:], endKeyword)
		if end < 0 {
			end = len(data) - start
		}
		pos = start + end
		if ok && len(filters) > 0 {
			out = append(out, rawStream{data: data[start : start+end], filters: filters})
		}
	}
}

// parseFilters reads the /Filter entry of a stream dictionary; ok is false
// when it names a filter the check does not decode.
func parseFilters(dict []byte) ([]streamFilter, bool) {
	m := filterRe.FindSubmatch(dict)
	if m == nil {
		return nil, true
	}
	var out []streamFilter
	for _, n := range filterNameRe.FindAllSubmatch(m[1], -1) {
		switch string(n[1]) {
		case "FlateDecode", "Fl":
			out = append(out, filterFlate)
		case "ASCIIHexDecode", "AHx":
			out = append(out, filterHex)
		case "ASCII85Decode", "A85":
			out = append(out, filterA85)
		default:
			return nil, false
		}
	}
	return out, true
}

// checkImagePixels fails with ErrRenderSize when one of the page's image
// objects declares more than limit pixels, before anything decodes it.
func (w *worker) checkImagePixels(page requests.Page, limit int64) error {
	objs, err := w.imageObjects(page)
	if err != nil {
		return err
	}
	for _, o := range objs {
		sz, err := w.inst.FPDFImageObj_GetImagePixelSize(&requests.FPDFImageObj_GetImagePixelSize{ImageObject: o})
		if err != nil {
			continue
		}
		if px := float64(sz.Width) * float64(sz.Height); px > float64(limit) {
			return fmt.Errorf("%w: an image of %d×%d pixels, limit %d million", ErrRenderSize, sz.Width, sz.Height, limit/1_000_000)
		}
	}
	return nil
}

// seenWords drops the words a reader of the page cannot see because of how
// they are painted (see paint), so that text planted in white on white or
// in invisible render mode is never read as invoice data:
//   - white words are kept over an image or a dark filled shape (a table
//     header in white on a coloured band), and otherwise only when a
//     low-resolution render of the page shows something in their box (a
//     colour pdfium reports as white but prints otherwise, such as a spot
//     colour, or a background drawn in a way not looked into);
//   - invisible words are kept only over an image, where they are the text
//     layer of a searchable scan.
//
// The page's objects are looked at, and the page rendered, only when some
// word needs it.
func (w *worker) seenWords(page requests.Page, g geometry, words []Word, paints []paint) ([]Word, error) {
	if !slices.ContainsFunc(paints, func(p paint) bool { return p != paintNormal }) {
		return words, nil
	}
	images, dark, err := w.backdrops(page, g)
	if err != nil {
		return nil, err
	}
	var shot *glance
	out := words[:0]
	for i, wd := range words {
		switch paints[i] {
		case paintWhite:
			if over(wd.Box, images) || over(wd.Box, dark) {
				break
			}
			if shot == nil {
				if shot, err = w.glance(page, g); err != nil {
					return nil, err
				}
			}
			if !shot.inked(wd.Box) {
				continue
			}
		case paintInvisible:
			if !over(wd.Box, images) {
				continue
			}
		}
		out = append(out, wd)
	}
	return out, nil
}

// glanceScale is the resolution of the render that tells whether white
// text shows: 1.5 pixels a point (108 dpi).
const glanceScale = 1.5

// glance is a greyscale render of a page.
type glance struct {
	grey          []byte
	width, height int
}

// glance renders the page in grey at glanceScale.
func (w *worker) glance(page requests.Page, g geometry) (*glance, error) {
	pw, ph := g.size()
	bw, bh := max(1, int(pw*glanceScale)), max(1, int(ph*glanceScale))
	bm, err := w.inst.FPDFBitmap_CreateEx(&requests.FPDFBitmap_CreateEx{
		Width: bw, Height: bh, Format: enums.FPDF_BITMAP_FORMAT_GRAY, Pointer: uint64(0)})
	if err != nil {
		return nil, fmt.Errorf("create bitmap: %w", err)
	}
	defer w.inst.FPDFBitmap_Destroy(&requests.FPDFBitmap_Destroy{Bitmap: bm.Bitmap})
	if _, err := w.inst.FPDFBitmap_FillRect(&requests.FPDFBitmap_FillRect{
		Bitmap: bm.Bitmap, Width: bw, Height: bh, Color: 0xFFFFFFFF}); err != nil {
		return nil, fmt.Errorf("clear bitmap: %w", err)
	}
	s := float32(glanceScale)
	if _, err := w.inst.FPDF_RenderPageBitmapWithMatrix(&requests.FPDF_RenderPageBitmapWithMatrix{
		Bitmap: bm.Bitmap, Page: page,
		Matrix:   structs.FPDF_FS_MATRIX{A: s, D: s},
		Clipping: structs.FPDF_FS_RECTF{Right: float32(bw), Bottom: float32(bh)},
		Flags:    enums.FPDF_RENDER_FLAG_GRAYSCALE,
	}); err != nil {
		return nil, fmt.Errorf("render page: %w", err)
	}
	grey, gw, gh, err := w.greyOf(bm.Bitmap)
	if err != nil {
		return nil, err
	}
	return &glance{grey: grey, width: gw, height: gh}, nil
}

// inkLevel is the brightest pixel taken for ink.
const inkLevel = 200

// inked reports whether the render shows anything but white in box.
func (s *glance) inked(box Rect) bool {
	x0, y0 := max(0, int(box.X0*glanceScale)), max(0, int(box.Y0*glanceScale))
	x1, y1 := min(s.width, int(box.X1*glanceScale)+1), min(s.height, int(box.Y1*glanceScale)+1)
	for y := y0; y < y1; y++ {
		for _, px := range s.grey[y*s.width+x0 : y*s.width+max(x0, x1)] {
			if px <= inkLevel {
				return true
			}
		}
	}
	return false
}

// over reports whether the centre of box lies inside one of rects.
func over(box Rect, rects []Rect) bool {
	cx, cy := (box.X0+box.X1)/2, (box.Y0+box.Y1)/2
	for _, r := range rects {
		if cx >= r.X0 && cx <= r.X1 && cy >= r.Y0 && cy <= r.Y1 {
			return true
		}
	}
	return false
}

// darkLevel is the highest mean channel value of a fill that white text
// stands out on.
const darkLevel = 200

// maxFormDepth bounds the nesting of form XObjects looked into.
const maxFormDepth = 4

// affine is a PDF transformation matrix [a b c d e f].
type affine [6]float64

func (m affine) then(n affine) affine {
	return affine{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

// apply maps a rectangle in the object's space to the bounding box of its
// image.
func (m affine) apply(l, b, r, t float64) structs.FPDF_FS_RECTF {
	xs, ys := [4]float64{}, [4]float64{}
	for i, p := range [4][2]float64{{l, b}, {l, t}, {r, b}, {r, t}} {
		xs[i] = m[0]*p[0] + m[2]*p[1] + m[4]
		ys[i] = m[1]*p[0] + m[3]*p[1] + m[5]
	}
	return structs.FPDF_FS_RECTF{Left: float32(slices.Min(xs[:])), Right: float32(slices.Max(xs[:])),
		Bottom: float32(slices.Min(ys[:])), Top: float32(slices.Max(ys[:]))}
}

// backdrops returns the boxes of the page's images and of its shapes
// filled in a colour white text stands out on, looking into form XObjects.
func (w *worker) backdrops(page requests.Page, g geometry) (images, dark []Rect, err error) {
	n, err := w.inst.FPDFPage_CountObjects(&requests.FPDFPage_CountObjects{Page: page})
	if err != nil {
		return nil, nil, fmt.Errorf("count page objects: %w", err)
	}
	budget := maxObjects
	var walk func(objs []references.FPDF_PAGEOBJECT, m *affine, depth int)
	walk = func(objs []references.FPDF_PAGEOBJECT, m *affine, depth int) {
		for _, o := range objs {
			if budget--; budget < 0 {
				return
			}
			t, err := w.inst.FPDFPageObj_GetType(&requests.FPDFPageObj_GetType{PageObject: o})
			if err != nil {
				continue
			}
			switch t.Type {
			case enums.FPDF_PAGEOBJ_FORM:
				if depth < maxFormDepth {
					fm, err := w.inst.FPDFPageObj_GetMatrix(&requests.FPDFPageObj_GetMatrix{PageObject: o})
					if err != nil {
						continue
					}
					f := affine{float64(fm.Matrix.A), float64(fm.Matrix.B), float64(fm.Matrix.C), float64(fm.Matrix.D), float64(fm.Matrix.E), float64(fm.Matrix.F)}
					if m != nil {
						f = f.then(*m)
					}
					walk(w.formObjects(o), &f, depth+1)
				}
				continue
			case enums.FPDF_PAGEOBJ_PATH:
				mode, err := w.inst.FPDFPath_GetDrawMode(&requests.FPDFPath_GetDrawMode{PageObject: o})
				if err != nil || mode.FillMode == enums.FPDF_FILLMODE_NONE {
					continue
				}
				// A fill pdfium cannot give as a colour (a pattern) counts
				// as dark.
				c, err := w.inst.FPDFPageObj_GetFillColor(&requests.FPDFPageObj_GetFillColor{PageObject: o})
				if err == nil && (c.FillColor.A == 0 || (c.FillColor.R+c.FillColor.G+c.FillColor.B)/3 > darkLevel) {
					continue
				}
			case enums.FPDF_PAGEOBJ_IMAGE, enums.FPDF_PAGEOBJ_SHADING:
			default:
				continue
			}
			b, err := w.inst.FPDFPageObj_GetBounds(&requests.FPDFPageObj_GetBounds{PageObject: o})
			if err != nil {
				continue
			}
			r := structs.FPDF_FS_RECTF{Left: b.Left, Top: b.Top, Right: b.Right, Bottom: b.Bottom}
			if m != nil {
				r = m.apply(float64(b.Left), float64(b.Bottom), float64(b.Right), float64(b.Top))
			}
			if t.Type == enums.FPDF_PAGEOBJ_IMAGE {
				images = append(images, g.rect(r))
			} else {
				dark = append(dark, g.rect(r))
			}
		}
	}
	top := make([]references.FPDF_PAGEOBJECT, 0, min(n.Count, maxObjects))
	for i := range min(n.Count, maxObjects) {
		if o, err := w.inst.FPDFPage_GetObject(&requests.FPDFPage_GetObject{Page: page, Index: i}); err == nil {
			top = append(top, o.PageObject)
		}
	}
	walk(top, nil, 0)
	return images, dark, nil
}

// formObjects returns the objects of a form XObject.
func (w *worker) formObjects(form references.FPDF_PAGEOBJECT) []references.FPDF_PAGEOBJECT {
	n, err := w.inst.FPDFFormObj_CountObjects(&requests.FPDFFormObj_CountObjects{PageObject: form})
	if err != nil {
		return nil
	}
	out := make([]references.FPDF_PAGEOBJECT, 0, min(n.Count, maxObjects))
	for i := range min(n.Count, maxObjects) {
		if o, err := w.inst.FPDFFormObj_GetObject(&requests.FPDFFormObj_GetObject{PageObject: form, Index: uint64(i)}); err == nil {
			out = append(out, o.PageObject)
		}
	}
	return out
}
