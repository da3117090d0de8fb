package pdf

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"math"
	"strconv"
	"strings"

	"github.com/invex/invex/extract/layout"
	"github.com/klippa-app/go-pdfium/enums"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
	"github.com/klippa-app/go-pdfium/structs"
)

// Page images are what OCR reads: the page's own picture when the page is
// one scanned image, otherwise a greyscale render.

// ImageRequest asks for the picture of a page or of a part of it.
type ImageRequest struct {
	// Page is the 1-based page number.
	Page int
	// Region is the part of the displayed page to render, in points; the
	// zero Rect means the whole page. For the whole page, a page that is one
	// embedded image gives that image as it is stored, without rendering.
	Region Rect
}

// Image formats.
const (
	FormatJPEG = "jpeg" // the bytes of a JPEG file (a scan's own DCT stream)
	FormatPGM  = "pgm"  // a binary 8-bit greyscale PGM (P5) file
)

// Image is a picture of (part of) a page.
type Image struct {
	// Page is the 1-based page number.
	Page int
	// Box is the part of the displayed page the picture shows, in points:
	// pixel (0, 0) is its top-left corner and pixel (Width, Height) its
	// bottom-right one.
	Box Rect
	// Width and Height are the picture's size in pixels.
	Width, Height int
	// Format is FormatJPEG or FormatPGM.
	Format string
	// Data is the image file.
	Data []byte
	// Embedded reports that the picture is the page's own image, not a
	// render.
	Embedded bool
	// Rotation is how many degrees clockwise the picture must be turned to
	// show the page as displayed (the page's /Rotate, for an embedded scan
	// given as stored); Width and Height are the picture's as stored.
	Rotation int
}

// DPI returns the picture's resolution along x in dots per inch.
func (im Image) DPI() float64 {
	w := im.Box.X1 - im.Box.X0
	if w <= 0 {
		return 0
	}
	return float64(im.Width) / w * 72
}

// RenderDPI is the resolution of page renders.
const RenderDPI = 300

// maxRenderPixels bounds the size of one render (an A4 page at 300 dpi is
// 8.7 million pixels); larger pages are rendered at a lower resolution.
const maxRenderPixels = 40_000_000

// maxObjects bounds the page objects inspected to find images, so that a
// page of a million vector paths costs little.
const maxObjects = 5000

var identity = affine{1, 0, 0, 1, 0, 0}

// slowObjects makes imageBoxes walk the page objects through go-pdfium's
// API only, as it does when the direct calls are unavailable; tests set it
// to check that both walks agree.
var slowObjects = false

// imageBoxes returns the boxes of the images the page shows, on the
// displayed page, and counts its vector paths. It looks into form XObjects
// (under their matrices, forms in forms too), where print drivers and
// cairo put a page's picture. It calls pdfium directly in the module when
// it can: go-pdfium registers every page object it hands out under a fresh
// UUID, which makes walking the objects of a dense page cost tens of
// milliseconds.
func (w *worker) imageBoxes(page references.FPDF_PAGE, g geometry) ([]Rect, int, error) {
	if !slowObjects {
		if boxes, paths, ok := w.fastImageBoxes(page, g); ok {
			return boxes, paths, nil
		}
	}
	ref := requests.Page{ByReference: &page}
	n, err := w.inst.FPDFPage_CountObjects(&requests.FPDFPage_CountObjects{Page: ref})
	if err != nil {
		return nil, 0, fmt.Errorf("count page objects: %w", err)
	}
	var boxes []Rect
	paths, budget := 0, maxObjects
	var visit func(o references.FPDF_PAGEOBJECT, m affine, inForm bool, depth int)
	visit = func(o references.FPDF_PAGEOBJECT, m affine, inForm bool, depth int) {
		budget--
		t, err := w.inst.FPDFPageObj_GetType(&requests.FPDFPageObj_GetType{PageObject: o})
		if err != nil {
			return
		}
		switch t.Type {
		case enums.FPDF_PAGEOBJ_PATH:
			paths++
		case enums.FPDF_PAGEOBJ_IMAGE:
			b, err := w.inst.FPDFPageObj_GetBounds(&requests.FPDFPageObj_GetBounds{PageObject: o})
			if err != nil {
				return
			}
			r := structs.FPDF_FS_RECTF{Left: b.Left, Top: b.Top, Right: b.Right, Bottom: b.Bottom}
			if inForm {
				r = m.apply(float64(b.Left), float64(b.Bottom), float64(b.Right), float64(b.Top))
			}
			if box := g.rect(r); box.Area() > 0 {
				boxes = append(boxes, box)
			}
		case enums.FPDF_PAGEOBJ_FORM:
			if depth >= maxFormDepth {
				return
			}
			fm, err := w.inst.FPDFPageObj_GetMatrix(&requests.FPDFPageObj_GetMatrix{PageObject: o})
			if err != nil {
				return
			}
			x := fm.Matrix
			inner := affine{float64(x.A), float64(x.B), float64(x.C), float64(x.D), float64(x.E), float64(x.F)}.then(m)
			k, err := w.inst.FPDFFormObj_CountObjects(&requests.FPDFFormObj_CountObjects{PageObject: o})
			if err != nil {
				return
			}
			for i := 0; i < k.Count && budget > 0; i++ {
				c, err := w.inst.FPDFFormObj_GetObject(&requests.FPDFFormObj_GetObject{PageObject: o, Index: uint64(i)})
				if err == nil {
					visit(c.PageObject, inner, true, depth+1)
				}
			}
		}
	}
	for i := 0; i < n.Count && budget > 0; i++ {
		o, err := w.inst.FPDFPage_GetObject(&requests.FPDFPage_GetObject{Page: ref, Index: i})
		if err == nil {
			visit(o.PageObject, identity, false, 0)
		}
	}
	return boxes, paths, nil
}

// fastImageBoxes is imageBoxes through direct calls into the module; ok is
// false when go-pdfium's internals do not look as expected.
func (w *worker) fastImageBoxes(page references.FPDF_PAGE, g geometry) (boxes []Rect, paths int, ok bool) {
	handle, ok := pageHandle(w.inst.GetImplementation(), page)
	if !ok {
		return nil, 0, false
	}
	mod := w.mod
	count := mod.ExportedFunction("FPDFPage_CountObjects")
	get := mod.ExportedFunction("FPDFPage_GetObject")
	typ := mod.ExportedFunction("FPDFPageObj_GetType")
	bounds := mod.ExportedFunction("FPDFPageObj_GetBounds")
	formCount := mod.ExportedFunction("FPDFFormObj_CountObjects")
	formGet := mod.ExportedFunction("FPDFFormObj_GetObject")
	matrix := mod.ExportedFunction("FPDFPageObj_GetMatrix")
	malloc, free := mod.ExportedFunction("malloc"), mod.ExportedFunction("free")
	mem := mod.Memory()
	if count == nil || get == nil || typ == nil || bounds == nil || formCount == nil || formGet == nil ||
		matrix == nil || malloc == nil || free == nil || mem == nil {
		return nil, 0, false
	}
	ctx := context.Background()
	res, err := malloc.Call(ctx, 24)
	if err != nil || len(res) == 0 || res[0] == 0 {
		return nil, 0, false
	}
	buf := uint32(res[0])
	defer free.Call(ctx, uint64(buf))
	floats := func(n int) ([]float64, bool) {
		v := make([]float64, n)
		for k := range v {
			bits, ok := mem.ReadUint32Le(buf + uint32(4*k))
			if !ok {
				return nil, false
			}
			v[k] = float64(math.Float32frombits(bits))
		}
		return v, true
	}
	stack := make([]uint64, 5)
	budget := maxObjects
	failed := false
	var visit func(obj uint64, m affine, inForm bool, depth int)
	visit = func(obj uint64, m affine, inForm bool, depth int) {
		budget--
		stack[0] = obj
		if typ.CallWithStack(ctx, stack) != nil {
			failed = true
			return
		}
		switch int32(stack[0]) {
		case int32(enums.FPDF_PAGEOBJ_PATH):
			paths++
		case int32(enums.FPDF_PAGEOBJ_IMAGE):
			stack[0], stack[1], stack[2], stack[3], stack[4] = obj, uint64(buf), uint64(buf+4), uint64(buf+8), uint64(buf+12)
			if bounds.CallWithStack(ctx, stack) != nil {
				failed = true
				return
			}
			if int32(stack[0]) == 0 {
				return
			}
			v, ok := floats(4) // left, bottom, right, top
			if !ok {
				failed = true
				return
			}
			r := structs.FPDF_FS_RECTF{Left: float32(v[0]), Bottom: float32(v[1]), Right: float32(v[2]), Top: float32(v[3])}
			if inForm {
				r = m.apply(v[0], v[1], v[2], v[3])
			}
			if box := g.rect(r); box.Area() > 0 {
				boxes = append(boxes, box)
			}
		case int32(enums.FPDF_PAGEOBJ_FORM):
			if depth >= maxFormDepth {
				return
			}
			stack[0], stack[1] = obj, uint64(buf)
			if matrix.CallWithStack(ctx, stack) != nil {
				failed = true
				return
			}
			if int32(stack[0]) == 0 {
				return
			}
			v, ok := floats(6)
			if !ok {
				failed = true
				return
			}
			inner := affine{v[0], v[1], v[2], v[3], v[4], v[5]}.then(m)
			stack[0] = obj
			if formCount.CallWithStack(ctx, stack) != nil {
				failed = true
				return
			}
			n := int(int32(stack[0]))
			for i := 0; i < n && budget > 0 && !failed; i++ {
				stack[0], stack[1] = obj, uint64(i)
				if formGet.CallWithStack(ctx, stack) != nil {
					failed = true
					return
				}
				if child := stack[0]; child != 0 {
					visit(child, inner, true, depth+1)
				}
			}
		}
	}
	stack[0] = handle
	if count.CallWithStack(ctx, stack) != nil {
		return nil, 0, false
	}
	n := int(int32(stack[0]))
	for i := 0; i < n && budget > 0 && !failed; i++ {
		stack[0], stack[1] = handle, uint64(i)
		if get.CallWithStack(ctx, stack) != nil {
			return nil, 0, false
		}
		if obj := stack[0]; obj != 0 {
			visit(obj, identity, false, 0)
		}
	}
	if failed {
		return nil, 0, false
	}
	return boxes, paths, true
}

// pageHandle reads the native pointer of a loaded page from go-pdfium's
// webassembly implementation (its pageRefs map).
func pageHandle(impl any, page references.FPDF_PAGE) (uint64, bool) {
	return nativeHandle(impl, "pageRefs", page)
}

// images produces the pictures asked for, in the order of reqs.
func (w *worker) images(doc references.FPDF_DOCUMENT, reqs []ImageRequest, maxPixels int64) ([]Image, error) {
	out := make([]Image, 0, len(reqs))
	for _, req := range reqs {
		im, err := w.image(doc, req, maxPixels)
		if err != nil {
			return nil, fmt.Errorf("page %d image: %w", req.Page, err)
		}
		out = append(out, im)
	}
	return out, nil
}

// image produces one picture: the page's embedded scan when the whole page
// is asked for and the page is one upright image, a render otherwise.
func (w *worker) image(doc references.FPDF_DOCUMENT, req ImageRequest, maxPixels int64) (Image, error) {
	loaded, err := w.inst.FPDF_LoadPage(&requests.FPDF_LoadPage{Document: doc, Index: req.Page - 1})
	if err != nil {
		return Image{}, fmt.Errorf("load page: %w", err)
	}
	defer w.inst.FPDF_ClosePage(&requests.FPDF_ClosePage{Page: loaded.Page})
	ref := requests.Page{ByReference: &loaded.Page}
	if err := w.checkImagePixels(ref, maxPixels); err != nil {
		return Image{}, err
	}
	g, err := w.geometry(ref)
	if err != nil {
		return Image{}, err
	}
	width, height := g.size()
	region := req.Region
	if region == (Rect{}) {
		if im, ok := w.embeddedScan(ref, g); ok {
			im.Page = req.Page
			return im, nil
		}
		region = Rect{X1: width, Y1: height}
	}
	region = Rect{X0: max(region.X0, 0), Y0: max(region.Y0, 0), X1: min(region.X1, width), Y1: min(region.Y1, height)}
	if region.Area() <= 0 {
		return Image{}, fmt.Errorf("empty region %v", req.Region)
	}
	im, err := w.render(ref, region)
	im.Page = req.Page
	return im, err
}

// embeddedScan returns the page's image as stored when the page shows
// nothing but one image, upright and unflipped in the page's own space: a
// JPEG stream as it is, other encodings decoded by pdfium to greyscale. On
// a page with /Rotate, Image.Rotation says how to turn it.
func (w *worker) embeddedScan(page requests.Page, g geometry) (Image, bool) {
	n, err := w.inst.FPDFPage_CountObjects(&requests.FPDFPage_CountObjects{Page: page})
	if err != nil || n.Count > 20 {
		return Image{}, false
	}
	objs, err := w.imageObjects(page)
	if err != nil || len(objs) != 1 {
		return Image{}, false
	}
	obj := objs[0]
	m, err := w.inst.FPDFPageObj_GetMatrix(&requests.FPDFPageObj_GetMatrix{PageObject: obj})
	if err != nil || m.Matrix.B != 0 || m.Matrix.C != 0 || m.Matrix.A <= 0 || m.Matrix.D <= 0 {
		return Image{}, false
	}
	b, err := w.inst.FPDFPageObj_GetBounds(&requests.FPDFPageObj_GetBounds{PageObject: obj})
	if err != nil {
		return Image{}, false
	}
	box := g.rect(structs.FPDF_FS_RECTF{Left: b.Left, Top: b.Top, Right: b.Right, Bottom: b.Bottom})
	width, height := g.size()
	if box.Area() < layout.FullPageShare*width*height {
		return Image{}, false
	}
	im := Image{Box: box, Embedded: true, Rotation: g.rotation}
	if data, ok := w.jpegStream(obj); ok {
		if cfgW, cfgH, ok := jpegSize(data); ok {
			im.Format, im.Data, im.Width, im.Height = FormatJPEG, data, cfgW, cfgH
			return im, true
		}
	}
	bm, err := w.inst.FPDFImageObj_GetBitmap(&requests.FPDFImageObj_GetBitmap{ImageObject: obj})
	if err != nil {
		return Image{}, false
	}
	defer w.inst.FPDFBitmap_Destroy(&requests.FPDFBitmap_Destroy{Bitmap: bm.Bitmap})
	grey, gw, gh, err := w.greyOf(bm.Bitmap)
	if err != nil {
		return Image{}, false
	}
	im.Format, im.Data, im.Width, im.Height = FormatPGM, pgm(grey, gw, gh), gw, gh
	return im, true
}

// jpegStream returns the image's stream when its only filter is DCTDecode
// and it is greyscale or RGB (a CMYK JPEG would need the PDF's /Decode).
func (w *worker) jpegStream(obj references.FPDF_PAGEOBJECT) ([]byte, bool) {
	n, err := w.inst.FPDFImageObj_GetImageFilterCount(&requests.FPDFImageObj_GetImageFilterCount{ImageObject: obj})
	if err != nil || n.Count != 1 {
		return nil, false
	}
	f, err := w.inst.FPDFImageObj_GetImageFilter(&requests.FPDFImageObj_GetImageFilter{ImageObject: obj, Index: 0})
	if err != nil || f.ImageFilter != "DCTDecode" {
		return nil, false
	}
	raw, err := w.inst.FPDFImageObj_GetImageDataRaw(&requests.FPDFImageObj_GetImageDataRaw{ImageObject: obj})
	if err != nil || len(raw.Data) == 0 {
		return nil, false
	}
	return raw.Data, true
}

// render draws region of the displayed page into a greyscale bitmap at
// RenderDPI (less for huge regions).
func (w *worker) render(page requests.Page, region Rect) (Image, error) {
	scale := float64(RenderDPI) / 72
	rw, rh := region.X1-region.X0, region.Y1-region.Y0
	if px := rw * rh * scale * scale; px > maxRenderPixels {
		scale *= math.Sqrt(maxRenderPixels / px)
	}
	pw, ph := max(1, int(math.Round(rw*scale))), max(1, int(math.Round(rh*scale)))
	bm, err := w.inst.FPDFBitmap_CreateEx(&requests.FPDFBitmap_CreateEx{
		Width: pw, Height: ph, Format: enums.FPDF_BITMAP_FORMAT_GRAY, Pointer: uint64(0)})
	if err != nil {
		return Image{}, fmt.Errorf("create bitmap: %w", err)
	}
	defer w.inst.FPDFBitmap_Destroy(&requests.FPDFBitmap_Destroy{Bitmap: bm.Bitmap})
	if _, err := w.inst.FPDFBitmap_FillRect(&requests.FPDFBitmap_FillRect{
		Bitmap: bm.Bitmap, Width: pw, Height: ph, Color: 0xFFFFFFFF}); err != nil {
		return Image{}, fmt.Errorf("clear bitmap: %w", err)
	}
	s := float32(scale)
	if _, err := w.inst.FPDF_RenderPageBitmapWithMatrix(&requests.FPDF_RenderPageBitmapWithMatrix{
		Bitmap:   bm.Bitmap,
		Page:     page,
		Matrix:   structs.FPDF_FS_MATRIX{A: s, D: s, E: -float32(region.X0) * s, F: -float32(region.Y0) * s},
		Clipping: structs.FPDF_FS_RECTF{Right: float32(pw), Bottom: float32(ph)},
		Flags:    enums.FPDF_RENDER_FLAG_ANNOT | enums.FPDF_RENDER_FLAG_GRAYSCALE,
	}); err != nil {
		return Image{}, fmt.Errorf("render page: %w", err)
	}
	grey, gw, gh, err := w.greyOf(bm.Bitmap)
	if err != nil {
		return Image{}, err
	}
	return Image{Box: region, Width: gw, Height: gh, Format: FormatPGM, Data: pgm(grey, gw, gh)}, nil
}

// greyOf copies a pdfium bitmap out of the wasm memory as 8-bit grey, one
// byte per pixel, rows packed.
func (w *worker) greyOf(bm references.FPDF_BITMAP) ([]byte, int, int, error) {
	wd, err := w.inst.FPDFBitmap_GetWidth(&requests.FPDFBitmap_GetWidth{Bitmap: bm})
	if err != nil {
		return nil, 0, 0, fmt.Errorf("bitmap width: %w", err)
	}
	ht, err := w.inst.FPDFBitmap_GetHeight(&requests.FPDFBitmap_GetHeight{Bitmap: bm})
	if err != nil {
		return nil, 0, 0, fmt.Errorf("bitmap height: %w", err)
	}
	st, err := w.inst.FPDFBitmap_GetStride(&requests.FPDFBitmap_GetStride{Bitmap: bm})
	if err != nil {
		return nil, 0, 0, fmt.Errorf("bitmap stride: %w", err)
	}
	f, err := w.inst.FPDFBitmap_GetFormat(&requests.FPDFBitmap_GetFormat{Bitmap: bm})
	if err != nil {
		return nil, 0, 0, fmt.Errorf("bitmap format: %w", err)
	}
	buf, err := w.inst.FPDFBitmap_GetBuffer(&requests.FPDFBitmap_GetBuffer{Bitmap: bm})
	if err != nil {
		return nil, 0, 0, fmt.Errorf("bitmap buffer: %w", err)
	}
	grey, err := toGrey(buf.Buffer, wd.Width, ht.Height, st.Stride, f.Format)
	return grey, wd.Width, ht.Height, err
}

// toGrey converts a pdfium bitmap buffer to packed 8-bit grey.
func toGrey(buf []byte, width, height, stride int, format enums.FPDF_BITMAP_FORMAT) ([]byte, error) {
	bpp := map[enums.FPDF_BITMAP_FORMAT]int{
		enums.FPDF_BITMAP_FORMAT_GRAY: 1, enums.FPDF_BITMAP_FORMAT_BGR: 3,
		enums.FPDF_BITMAP_FORMAT_BGRX: 4, enums.FPDF_BITMAP_FORMAT_BGRA: 4,
	}[format]
	if bpp == 0 {
		return nil, fmt.Errorf("unsupported bitmap format %d", format)
	}
	if width <= 0 || height <= 0 || stride < width*bpp || len(buf) < stride*(height-1)+width*bpp {
		return nil, fmt.Errorf("bitmap of %d×%d with stride %d does not fit its buffer of %d bytes", width, height, stride, len(buf))
	}
	out := make([]byte, width*height)
	for y := range height {
		row := buf[y*stride:]
		dst := out[y*width : (y+1)*width]
		if bpp == 1 {
			copy(dst, row[:width])
			continue
		}
		for x := range width {
			px := row[x*bpp:]
			// ITU-R BT.601 luma from B, G, R.
			dst[x] = byte((114*int(px[0]) + 587*int(px[1]) + 299*int(px[2]) + 500) / 1000)
		}
	}
	return out, nil
}

// pgm encodes packed 8-bit grey pixels as a binary PGM file.
func pgm(grey []byte, width, height int) []byte {
	var b bytes.Buffer
	b.Grow(len(grey) + 20)
	b.WriteString("P5\n" + strconv.Itoa(width) + " " + strconv.Itoa(height) + "\n255\n")
	b.Write(grey)
	return b.Bytes()
}

// jpegSize reads the pixel size of a JPEG stream from its first
// start-of-frame marker.
func jpegSize(data []byte) (int, int, bool) {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 0, 0, false
	}
	i := 2
	for i+9 < len(data) {
		if data[i] != 0xFF {
			return 0, 0, false
		}
		marker := data[i+1]
		if marker == 0xFF { // fill byte
			i++
			continue
		}
		length := int(data[i+2])<<8 | int(data[i+3])
		if marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
			h := int(data[i+5])<<8 | int(data[i+6])
			w := int(data[i+7])<<8 | int(data[i+8])
			return w, h, w > 0 && h > 0
		}
		if length < 2 {
			return 0, 0, false
		}
		i += 2 + length
	}
	return 0, 0, false
}

// String describes an image request for messages.
func (r ImageRequest) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "page %d", r.Page)
	if r.Region != (Rect{}) {
		fmt.Fprintf(&b, " region %.0f,%.0f-%.0f,%.0f", r.Region.X0, r.Region.Y0, r.Region.X1, r.Region.Y1)
	}
	return b.String()
}

// imageObjects returns the page's top-level image objects.
func (w *worker) imageObjects(page requests.Page) ([]references.FPDF_PAGEOBJECT, error) {
	objs, _, err := w.pageObjects(page)
	return objs, err
}

// pageObjects returns the page's top-level image objects and counts its
// path objects.
func (w *worker) pageObjects(page requests.Page) ([]references.FPDF_PAGEOBJECT, int, error) {
	n, err := w.inst.FPDFPage_CountObjects(&requests.FPDFPage_CountObjects{Page: page})
	if err != nil {
		return nil, 0, fmt.Errorf("count page objects: %w", err)
	}
	var out []references.FPDF_PAGEOBJECT
	paths := 0
	for i := range min(n.Count, maxObjects) {
		o, err := w.inst.FPDFPage_GetObject(&requests.FPDFPage_GetObject{Page: page, Index: i})
		if err != nil {
			continue
		}
		t, err := w.inst.FPDFPageObj_GetType(&requests.FPDFPageObj_GetType{PageObject: o.PageObject})
		switch {
		case err != nil:
		case t.Type == enums.FPDF_PAGEOBJ_IMAGE:
			out = append(out, o.PageObject)
		case t.Type == enums.FPDF_PAGEOBJ_PATH:
			paths++
		}
	}
	return out, paths, nil
}

// Gray decodes the picture into a Go image.
func (im Image) Gray() (*image.Gray, error) {
	switch im.Format {
	case FormatJPEG:
		m, err := jpeg.Decode(bytes.NewReader(im.Data))
		if err != nil {
			return nil, fmt.Errorf("decode jpeg: %w", err)
		}
		if g, ok := m.(*image.Gray); ok {
			return g, nil
		}
		g := image.NewGray(m.Bounds())
		draw.Draw(g, g.Bounds(), m, m.Bounds().Min, draw.Src)
		return g, nil
	case FormatPGM:
		var w, h, maxv, n int
		var magic string
		r := bytes.NewReader(im.Data)
		if _, err := fmt.Fscan(r, &magic, &w, &h, &maxv); err != nil || magic != "P5" || maxv != 255 {
			return nil, fmt.Errorf("decode pgm: bad header")
		}
		if _, err := r.ReadByte(); err != nil { // the white space after the header
			return nil, fmt.Errorf("decode pgm: %w", err)
		}
		n = r.Len()
		if w <= 0 || h <= 0 || n < w*h {
			return nil, fmt.Errorf("decode pgm: %d bytes of pixels for %d×%d", n, w, h)
		}
		g := image.NewGray(image.Rect(0, 0, w, h))
		copy(g.Pix, im.Data[len(im.Data)-n:len(im.Data)-n+w*h])
		return g, nil
	}
	return nil, fmt.Errorf("decode picture: unknown format %q", im.Format)
}
