// Package raster turns picture files — JPEG, PNG, TIFF (every page) and
// WebP — into upright greyscale pages for OCR: the EXIF orientation (of a
// JPEG's APP1, a PNG's eXIf chunk, a WebP's EXIF chunk) or the TIFF
// orientation tag is applied, and the size of the page in points is taken from the file's
// resolution, or assumed to be an A4 sheet's when the file states none.
//
// Pictures are measured from their headers before any pixel is decoded:
// a page over Limits.MaxPixels or a file over Limits.MaxPages is refused
// with ErrTooLarge, so a decompression bomb costs nothing.
package raster

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/tiff"
	"golang.org/x/image/webp"
)

// Limits bound what one file may decode to.
type Limits struct {
	// MaxPixels bounds one page, width × height as the file declares it.
	// Default DefaultMaxPixels.
	MaxPixels int64
	// MaxPages bounds the pages of a TIFF file. Default DefaultMaxPages.
	MaxPages int
}

// Defaults of Limits.
const (
	DefaultMaxPixels = 40_000_000
	DefaultMaxPages  = 10
)

func (l Limits) withDefaults() Limits {
	if l.MaxPixels <= 0 {
		l.MaxPixels = DefaultMaxPixels
	}
	if l.MaxPages <= 0 {
		l.MaxPages = DefaultMaxPages
	}
	return l
}

// Errors of Check and Pages.
var (
	// ErrTooLarge: a page over the pixel budget, or too many pages.
	ErrTooLarge = errors.New("raster: picture over the budget")
	// ErrDamaged: the file cannot be decoded.
	ErrDamaged = errors.New("raster: damaged picture")
	// ErrUnsupported: not a picture format read here.
	ErrUnsupported = errors.New("raster: unsupported picture format")
)

// Format names, as package document's kinds.
const (
	JPEG = "jpeg"
	PNG  = "png"
	TIFF = "tiff"
	WebP = "webp"
)

// Page is one upright page.
type Page struct {
	Gray *image.Gray
	// Width and Height are the page's size in points.
	Width, Height float64
}

// A4 long side in points, the size assumed for a picture without a
// resolution.
const a4Long = 841.89

// Check measures a picture file from its headers and returns its number of
// pages, or an error wrapping ErrTooLarge, ErrDamaged or ErrUnsupported.
func Check(format string, r io.ReaderAt, size int64, lim Limits) (int, error) {
	lim = lim.withDefaults()
	switch format {
	case TIFF:
		offs, err := tiffPages(r, size, lim.MaxPages)
		if err != nil {
			return 0, err
		}
		for i, off := range offs {
			cfg, err := tiff.DecodeConfig(io.NewSectionReader(&firstIFD{r, off, size}, 0, size))
			if err != nil {
				return 0, fmt.Errorf("%w: page %d: %v", ErrDamaged, i+1, err)
			}
			if err := fits(cfg, lim, i+1); err != nil {
				return 0, err
			}
		}
		return len(offs), nil
	case JPEG, PNG, WebP:
		cfg, err := decodeConfig(format, io.NewSectionReader(r, 0, size))
		if err != nil {
			return 0, fmt.Errorf("%w: %v", ErrDamaged, err)
		}
		return 1, fits(cfg, lim, 1)
	}
	return 0, fmt.Errorf("%w: %q", ErrUnsupported, format)
}

func fits(cfg image.Config, lim Limits, page int) error {
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return fmt.Errorf("%w: page %d has no pixels", ErrDamaged, page)
	}
	if px := int64(cfg.Width) * int64(cfg.Height); px > lim.MaxPixels {
		return fmt.Errorf("%w: page %d is %d×%d pixels (%d million); at most %d million are read",
			ErrTooLarge, page, cfg.Width, cfg.Height, px/1_000_000, lim.MaxPixels/1_000_000)
	}
	return nil
}

func decodeConfig(format string, r io.Reader) (image.Config, error) {
	switch format {
	case JPEG:
		return jpeg.DecodeConfig(r)
	case PNG:
		return png.DecodeConfig(r)
	case WebP:
		return webp.DecodeConfig(r)
	}
	return image.Config{}, ErrUnsupported
}

// Pages decodes every page of a picture file, upright.
func Pages(format string, data []byte, lim Limits) ([]Page, error) {
	lim = lim.withDefaults()
	r := bytes.NewReader(data)
	if _, err := Check(format, r, int64(len(data)), lim); err != nil {
		return nil, err
	}
	var pages []Page
	switch format {
	case TIFF:
		offs, err := tiffPages(r, int64(len(data)), lim.MaxPages)
		if err != nil {
			return nil, err
		}
		for i, off := range offs {
			view := &firstIFD{r, off, int64(len(data))}
			img, err := tiff.Decode(io.NewSectionReader(view, 0, int64(len(data))))
			if err != nil {
				return nil, fmt.Errorf("%w: page %d: %v", ErrDamaged, i+1, err)
			}
			orient, dpi := tiffTags(data, off)
			pages = append(pages, page(img, orient, dpi))
		}
	default:
		var img image.Image
		var err error
		switch format {
		case JPEG:
			img, err = jpeg.Decode(r)
		case PNG:
			img, err = png.Decode(r)
		case WebP:
			img, err = webp.Decode(r)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrDamaged, err)
		}
		orient, dpi := 1, 0.0
		switch format {
		case JPEG:
			orient, dpi = jpegTags(data)
		case PNG:
			orient = pngOrientation(data)
		case WebP:
			orient = webpOrientation(data)
		}
		pages = append(pages, page(img, orient, dpi))
	}
	return pages, nil
}

// page makes an upright grey page of img.
func page(img image.Image, orient int, dpi float64) Page {
	g, ok := img.(*image.Gray)
	if !ok || g.Rect.Min != (image.Point{}) {
		b := img.Bounds()
		g = image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(g, g.Rect, img, b.Min, draw.Src)
	}
	g = orientGray(g, orient)
	w, h := float64(g.Rect.Dx()), float64(g.Rect.Dy())
	scale := a4Long / max(w, h)
	if dpi >= 72 && dpi <= 2400 {
		scale = 72 / dpi
	}
	return Page{Gray: g, Width: w * scale, Height: h * scale}
}

// orientGray applies an EXIF / TIFF orientation (1–8): the stored pixels
// are turned and mirrored so that the picture shows upright.
func orientGray(g *image.Gray, o int) *image.Gray {
	if o < 2 || o > 8 {
		return g
	}
	w, h := g.Rect.Dx(), g.Rect.Dy()
	ow, oh := w, h
	if o >= 5 {
		ow, oh = h, w
	}
	out := image.NewGray(image.Rect(0, 0, ow, oh))
	for y := range h {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x, v := range row {
			var dx, dy int
			switch o {
			case 2: // mirrored horizontally
				dx, dy = w-1-x, y
			case 3: // turned 180°
				dx, dy = w-1-x, h-1-y
			case 4: // mirrored vertically
				dx, dy = x, h-1-y
			case 5: // mirrored along the main diagonal
				dx, dy = y, x
			case 6: // stored turned 90° anticlockwise: turn clockwise
				dx, dy = h-1-y, x
			case 7: // mirrored along the other diagonal
				dx, dy = h-1-y, w-1-x
			case 8: // stored turned 90° clockwise: turn anticlockwise
				dx, dy = y, w-1-x
			}
			out.Pix[dy*out.Stride+dx] = v
		}
	}
	return out
}

// PGM encodes a grey picture as a binary PGM (P5) file.
func PGM(g *image.Gray) []byte {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	head := fmt.Sprintf("P5\n%d %d\n255\n", w, h)
	out := make([]byte, 0, len(head)+w*h)
	out = append(out, head...)
	for y := range h {
		out = append(out, g.Pix[y*g.Stride:y*g.Stride+w]...)
	}
	return out
}

// jpegTags reads the EXIF orientation and the resolution (JFIF density or
// EXIF) of a JPEG file's header segments.
func jpegTags(b []byte) (orient int, dpi float64) {
	orient = 1
	i := 2
	for i+4 <= len(b) && b[i] == 0xff {
		marker := b[i+1]
		if marker == 0xda || marker == 0xd9 { // start of scan: no more headers
			break
		}
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		if n < 2 || i+2+n > len(b) {
			break
		}
		seg := b[i+4 : i+2+n]
		switch {
		case marker == 0xe0 && bytes.HasPrefix(seg, []byte("JFIF\x00")) && len(seg) >= 12:
			x := float64(binary.BigEndian.Uint16(seg[8:]))
			switch seg[7] {
			case 1:
				dpi = x
			case 2:
				dpi = x * 2.54
			}
		case marker == 0xe1 && bytes.HasPrefix(seg, []byte("Exif\x00\x00")):
			o, d := exifTags(seg[6:])
			if o != 0 {
				orient = o
			}
			if d > 0 {
				dpi = d
			}
		}
		i += 2 + n
	}
	return orient, dpi
}

// pngOrientation reads the EXIF orientation of a PNG's eXIf chunk, 1 when
// it has none.
func pngOrientation(b []byte) int {
	for i := 8; i+12 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[i:]))
		typ := string(b[i+4 : i+8])
		if n < 0 || i+12+n > len(b) || typ == "IDAT" {
			break
		}
		if typ == "eXIf" {
			if o, _ := exifTags(b[i+8 : i+8+n]); o != 0 {
				return o
			}
		}
		i += 12 + n
	}
	return 1
}

// webpOrientation reads the EXIF orientation of a WebP's EXIF chunk, 1
// when it has none.
func webpOrientation(b []byte) int {
	for i := 12; i+8 <= len(b); {
		n := int(binary.LittleEndian.Uint32(b[i+4:]))
		if n < 0 || i+8+n > len(b) {
			break
		}
		if string(b[i:i+4]) == "EXIF" {
			t := bytes.TrimPrefix(b[i+8:i+8+n], []byte("Exif\x00\x00"))
			if o, _ := exifTags(t); o != 0 {
				return o
			}
		}
		i += 8 + n + n%2
	}
	return 1
}

// exifTags reads the orientation and resolution of a TIFF-structured EXIF
// block's first IFD.
func exifTags(t []byte) (orient int, dpi float64) {
	if len(t) < 8 {
		return 0, 0
	}
	return ifdTags(t, int64(order(t).Uint32(t[4:])))
}

func order(t []byte) binary.ByteOrder {
	if len(t) >= 2 && t[0] == 'M' {
		return binary.BigEndian
	}
	return binary.LittleEndian
}

// tiffTags reads the orientation and resolution of the IFD at off.
func tiffTags(t []byte, off int64) (orient int, dpi float64) {
	o, d := ifdTags(t, off)
	if o == 0 {
		o = 1
	}
	return o, d
}

// ifdTags reads tags 274 (Orientation), 282 (XResolution) and 296
// (ResolutionUnit) of the IFD at off in a TIFF structure t.
func ifdTags(t []byte, off int64) (orient int, dpi float64) {
	bo := order(t)
	if off < 8 || off+2 > int64(len(t)) {
		return 0, 0
	}
	n := int64(bo.Uint16(t[off:]))
	unit := 2 // inches, TIFF's default
	var xres float64
	for k := range n {
		e := off + 2 + 12*k
		if e+12 > int64(len(t)) {
			break
		}
		tag, typ := bo.Uint16(t[e:]), bo.Uint16(t[e+2:])
		switch {
		case tag == 274 && typ == 3:
			orient = int(bo.Uint16(t[e+8:]))
		case tag == 296 && typ == 3:
			unit = int(bo.Uint16(t[e+8:]))
		case tag == 282 && typ == 5:
			p := int64(bo.Uint32(t[e+8:]))
			if p >= 0 && p+8 <= int64(len(t)) {
				if den := bo.Uint32(t[p+4:]); den != 0 {
					xres = float64(bo.Uint32(t[p:])) / float64(den)
				}
			}
		}
	}
	switch unit {
	case 2:
		dpi = xres
	case 3:
		dpi = xres * 2.54
	}
	return orient, dpi
}

// tiffPages returns the offsets of a TIFF file's IFDs (one per page),
// refusing more than maxPages and loops.
func tiffPages(r io.ReaderAt, size int64, maxPages int) ([]int64, error) {
	head := make([]byte, 8)
	if _, err := r.ReadAt(head, 0); err != nil {
		return nil, fmt.Errorf("%w: no TIFF header", ErrDamaged)
	}
	var bo binary.ByteOrder
	switch string(head[:4]) {
	case "II*\x00":
		bo = binary.LittleEndian
	case "MM\x00*":
		bo = binary.BigEndian
	default:
		return nil, fmt.Errorf("%w: not a TIFF file", ErrUnsupported)
	}
	var offs []int64
	seen := map[int64]bool{}
	off := int64(bo.Uint32(head[4:]))
	buf := make([]byte, 4)
	for off != 0 {
		if off < 8 || off+2 > size || seen[off] {
			return nil, fmt.Errorf("%w: bad page directory offset", ErrDamaged)
		}
		if len(offs) == maxPages {
			return nil, fmt.Errorf("%w: the TIFF file has more than %d pages", ErrTooLarge, maxPages)
		}
		seen[off] = true
		offs = append(offs, off)
		if _, err := r.ReadAt(buf[:2], off); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrDamaged, err)
		}
		next := off + 2 + 12*int64(bo.Uint16(buf[:2]))
		if _, err := r.ReadAt(buf, next); err != nil {
			return nil, fmt.Errorf("%w: truncated page directory", ErrDamaged)
		}
		off = int64(bo.Uint32(buf))
	}
	if len(offs) == 0 {
		return nil, fmt.Errorf("%w: the TIFF file has no page", ErrDamaged)
	}
	return offs, nil
}

// firstIFD shows a TIFF file with its first-page pointer set to off, so
// that a decoder that reads only the first page reads the page at off.
type firstIFD struct {
	r    io.ReaderAt
	off  int64
	size int64
}

func (f *firstIFD) ReadAt(p []byte, at int64) (int, error) {
	n, err := f.r.ReadAt(p, at)
	// Bytes 4–7 of the header hold the first IFD's offset.
	for i := range n {
		pos := at + int64(i)
		if pos >= 4 && pos < 8 {
			var b [4]byte
			head := make([]byte, 2)
			f.r.ReadAt(head, 0)
			if head[0] == 'M' {
				binary.BigEndian.PutUint32(b[:], uint32(f.off))
			} else {
				binary.LittleEndian.PutUint32(b[:], uint32(f.off))
			}
			p[i] = b[pos-4]
		}
	}
	return n, err
}
