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
//   - white words are kept only over a dark filled shape or an image (a
//     table header in white on a coloured band is visible);
//   - invisible words are kept only over an image, where they are the text
//     layer of a searchable scan.
//
// The page's objects are looked at only when some word needs it.
func (w *worker) seenWords(page requests.Page, g geometry, words []Word, paints []paint) ([]Word, error) {
	if !slices.ContainsFunc(paints, func(p paint) bool { return p != paintNormal }) {
		return words, nil
	}
	images, dark, err := w.backdrops(page, g)
	if err != nil {
		return nil, err
	}
	out := words[:0]
	for i, wd := range words {
		switch paints[i] {
		case paintWhite:
			if !over(wd.Box, images) && !over(wd.Box, dark) {
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
const darkLevel = 160

// backdrops returns the boxes of the page's top-level images and of its
// shapes filled in a dark colour.
func (w *worker) backdrops(page requests.Page, g geometry) (images, dark []Rect, err error) {
	n, err := w.inst.FPDFPage_CountObjects(&requests.FPDFPage_CountObjects{Page: page})
	if err != nil {
		return nil, nil, fmt.Errorf("count page objects: %w", err)
	}
	for i := range min(n.Count, maxObjects) {
		o, err := w.inst.FPDFPage_GetObject(&requests.FPDFPage_GetObject{Page: page, Index: i})
		if err != nil {
			continue
		}
		t, err := w.inst.FPDFPageObj_GetType(&requests.FPDFPageObj_GetType{PageObject: o.PageObject})
		if err != nil || t.Type != enums.FPDF_PAGEOBJ_IMAGE && t.Type != enums.FPDF_PAGEOBJ_PATH {
			continue
		}
		if t.Type == enums.FPDF_PAGEOBJ_PATH {
			mode, err := w.inst.FPDFPath_GetDrawMode(&requests.FPDFPath_GetDrawMode{PageObject: o.PageObject})
			if err != nil || mode.FillMode == enums.FPDF_FILLMODE_NONE {
				continue
			}
			c, err := w.inst.FPDFPageObj_GetFillColor(&requests.FPDFPageObj_GetFillColor{PageObject: o.PageObject})
			if err != nil || c.FillColor.A == 0 || (c.FillColor.R+c.FillColor.G+c.FillColor.B)/3 > darkLevel {
				continue
			}
		}
		b, err := w.inst.FPDFPageObj_GetBounds(&requests.FPDFPageObj_GetBounds{PageObject: o.PageObject})
		if err != nil {
			continue
		}
		box := g.rect(structs.FPDF_FS_RECTF{Left: b.Left, Top: b.Top, Right: b.Right, Bottom: b.Bottom})
		if t.Type == enums.FPDF_PAGEOBJ_IMAGE {
			images = append(images, box)
		} else {
			dark = append(dark, box)
		}
	}
	return images, dark, nil
}
