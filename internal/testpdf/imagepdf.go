package testpdf

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"image"
	"image/jpeg"
	"maps"
	"slices"
	"strings"
)

// ImageWriting is a way a program writes a page picture into a PDF with no
// text layer. Each is a structure seen in image-only PDFs from scanners,
// print drivers and converters; ImagePDF writes them.
type ImageWriting string

// The ways ImagePDF writes a page picture.
const (
	// FormFlipped draws the picture inside a form XObject that carries a
	// transparency group, under a flipped page matrix, the way cairo and
	// several print-to-PDF drivers write a page.
	FormFlipped ImageWriting = "form-flipped"
	// NestedForms draws the picture two form XObjects deep, each with its
	// own matrix.
	NestedForms ImageWriting = "nested-forms"
	// Strips cuts the picture into horizontal strips, one image each, as
	// some scanners write a page.
	Strips ImageWriting = "strips"
	// Tiles cuts the picture into a grid of tiles inside a form XObject.
	Tiles ImageWriting = "tiles"
	// SoftMask stores the picture with a soft mask (an opaque alpha
	// channel), the way image editors export a flattened page.
	SoftMask ImageWriting = "soft-mask"
	// TurnedImage stores the picture a quarter turn clockwise and turns it
	// back with the image matrix, as a phone app that keeps the sensor's
	// orientation does.
	TurnedImage ImageWriting = "turned-image"
	// Scaled draws a picture of a smaller page scaled up to fill the page,
	// the way a fax or a low-resolution copy is written, with a white
	// background painted first.
	Scaled ImageWriting = "scaled"
	// Small draws the picture at half size in the top-left corner of the
	// page, a quarter of it, as when a receipt-sized scan is put on an A4
	// page.
	Small ImageWriting = "small"
)

// ImageWritings lists every ImageWriting.
var ImageWritings = []ImageWriting{FormFlipped, NestedForms, Strips, Tiles, SoftMask, TurnedImage, Scaled, Small}

// ImagePDF writes a one-page PDF of width × height points whose only
// content is the picture g, in the structure of how.
func ImagePDF(g *image.Gray, width, height float64, how ImageWriting) ([]byte, error) {
	w := &rawPDF{}
	b := g.Bounds()
	pw, ph := b.Dx(), b.Dy()
	var content string
	xobjects := map[string]int{}
	switch how {
	case FormFlipped:
		im, err := w.jpegImage(g, "")
		if err != nil {
			return nil, err
		}
		// In the form, y runs down (the page matrix flips it); the
		// picture's matrix flips it back so that its first row is on top.
		form := w.stream(fmt.Sprintf("/Type /XObject /Subtype /Form /BBox [0 0 %s %s] /Group << /Type /Group /S /Transparency /CS /DeviceRGB /I true >> /Resources << /XObject << /Im0 %d 0 R >> >>", num(width), num(height), im),
			fmt.Sprintf("q %s 0 0 %s 0 %s cm /Im0 Do Q", num(width), num(-height), num(height)))
		xobjects["Fm0"] = form
		content = fmt.Sprintf("q 1 0 0 -1 0 %s cm /Fm0 Do Q", num(height))
	case NestedForms:
		im, err := w.flateImage(g, "")
		if err != nil {
			return nil, err
		}
		inner := w.stream(fmt.Sprintf("/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /Im0 %d 0 R >> >>", im), "/Im0 Do")
		outer := w.stream(fmt.Sprintf("/Type /XObject /Subtype /Form /BBox [0 0 %s %s] /Matrix [0.5 0 0 0.5 0 0] /Resources << /XObject << /Fm1 %d 0 R >> >>", num(2*width), num(2*height), inner),
			fmt.Sprintf("q %s 0 0 %s 0 0 cm /Fm1 Do Q", num(2*width), num(2*height)))
		xobjects["Fm0"] = outer
		content = "/Fm0 Do"
	case Strips, Tiles:
		rows, cols := 7, 1
		if how == Tiles {
			rows, cols = 3, 2
		}
		var sb strings.Builder
		for r := range rows {
			y0, y1 := ph*r/rows, ph*(r+1)/rows
			for c := range cols {
				x0, x1 := pw*c/cols, pw*(c+1)/cols
				sub := g.SubImage(image.Rect(b.Min.X+x0, b.Min.Y+y0, b.Min.X+x1, b.Min.Y+y1)).(*image.Gray)
				var id int
				var err error
				if how == Strips {
					id, err = w.flateImage(sub, "")
				} else {
					id, err = w.jpegImage(sub, "")
				}
				if err != nil {
					return nil, err
				}
				name := fmt.Sprintf("Im%d_%d", r, c)
				xobjects[name] = id
				sx, sy := width*float64(x1-x0)/float64(pw), height*float64(y1-y0)/float64(ph)
				fmt.Fprintf(&sb, "q %s 0 0 %s %s %s cm /%s Do Q\n", num(sx), num(sy), num(width*float64(x0)/float64(pw)), num(height-height*float64(y1)/float64(ph)), name)
			}
		}
		content = sb.String()
		if how == Tiles {
			form := w.stream(fmt.Sprintf("/Type /XObject /Subtype /Form /BBox [0 0 %s %s] /Resources << %s >>", num(width), num(height), xobjectDict(xobjects)), content)
			xobjects = map[string]int{"Fm0": form}
			content = "/Fm0 Do"
		}
	case SoftMask:
		opaque := image.NewGray(b)
		for i := range opaque.Pix {
			opaque.Pix[i] = 255
		}
		mask, err := w.flateImage(opaque, "")
		if err != nil {
			return nil, err
		}
		im, err := w.jpegImage(g, fmt.Sprintf("/SMask %d 0 R", mask))
		if err != nil {
			return nil, err
		}
		xobjects["Im0"] = im
		content = fmt.Sprintf("q %s 0 0 %s 0 0 cm /Im0 Do Q", num(width), num(height))
	case TurnedImage:
		turned := image.NewGray(image.Rect(0, 0, ph, pw))
		for y := range ph {
			for x := range pw {
				// Clockwise: pixel (x, y) goes to (ph-1-y, x).
				turned.Pix[x*turned.Stride+ph-1-y] = g.Pix[(y)*g.Stride+x]
			}
		}
		im, err := w.jpegImage(turned, "")
		if err != nil {
			return nil, err
		}
		xobjects["Im0"] = im
		// The stored picture's left edge is the page's bottom and its top
		// edge the page's right: the unit square's u runs up the page and
		// its v from right to left.
		content = fmt.Sprintf("q 0 %s %s 0 %s 0 cm /Im0 Do Q", num(height), num(-width), num(width))
	case Scaled:
		small := resample(g, 0.5)
		im, err := w.flateImage(small, "")
		if err != nil {
			return nil, err
		}
		xobjects["Im0"] = im
		content = fmt.Sprintf("1 g 0 0 %s %s re f q %s 0 0 %s 0 0 cm /Im0 Do Q", num(width), num(height), num(width), num(height))
	case Small:
		im, err := w.jpegImage(g, "")
		if err != nil {
			return nil, err
		}
		xobjects["Im0"] = im
		content = fmt.Sprintf("q %s 0 0 %s 20 %s cm /Im0 Do Q", num(width/2), num(height/2), num(height/2-20))
	default:
		return nil, fmt.Errorf("write image pdf: unknown way %q", how)
	}
	return w.page(width, height, xobjectDict(xobjects), content), nil
}

// xobjectDict is the /XObject entry of a resource dictionary naming the
// objects of xobjects, in the order of their names so that the same
// picture always gives the same file.
func xobjectDict(xobjects map[string]int) string {
	var b strings.Builder
	b.WriteString("/XObject <<")
	for _, name := range slices.Sorted(maps.Keys(xobjects)) {
		fmt.Fprintf(&b, " /%s %d 0 R", name, xobjects[name])
	}
	b.WriteString(" >>")
	return b.String()
}

// num formats a number for a content stream.
func num(v float64) string {
	s := fmt.Sprintf("%.4f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" || s == "" {
		return "0"
	}
	return s
}

// rawPDF collects the objects of a small PDF file.
type rawPDF struct {
	objs [][]byte // object i+1
}

// add stores an object and returns its number.
func (w *rawPDF) add(body []byte) int {
	w.objs = append(w.objs, body)
	return len(w.objs)
}

// stream stores a stream object with the dictionary entries dict.
func (w *rawPDF) stream(dict, data string) int {
	return w.add([]byte(fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)))
}

// binary stores a stream object of binary data.
func (w *rawPDF) binary(dict string, data []byte) int {
	var b bytes.Buffer
	fmt.Fprintf(&b, "<< %s /Length %d >>\nstream\n", dict, len(data))
	b.Write(data)
	b.WriteString("\nendstream")
	return w.add(b.Bytes())
}

// jpegImage stores g as a DCT-encoded greyscale image.
func (w *rawPDF) jpegImage(g *image.Gray, extra string) (int, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, g, &jpeg.Options{Quality: 85}); err != nil {
		return 0, fmt.Errorf("encode jpeg: %w", err)
	}
	b := g.Bounds()
	return w.binary(fmt.Sprintf("/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode %s", b.Dx(), b.Dy(), extra), buf.Bytes()), nil
}

// flateImage stores g as a Flate-encoded greyscale image.
func (w *rawPDF) flateImage(g *image.Gray, extra string) (int, error) {
	var buf bytes.Buffer
	zw := zlib.NewWriter(&buf)
	b := g.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		off := g.PixOffset(b.Min.X, y)
		if _, err := zw.Write(g.Pix[off : off+b.Dx()]); err != nil {
			return 0, fmt.Errorf("compress image: %w", err)
		}
	}
	if err := zw.Close(); err != nil {
		return 0, fmt.Errorf("compress image: %w", err)
	}
	return w.binary(fmt.Sprintf("/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode %s", b.Dx(), b.Dy(), extra), buf.Bytes()), nil
}

// page finishes the file: one page with the resources res and the content
// stream content, the page tree, the catalog and the cross-reference table.
func (w *rawPDF) page(width, height float64, res, content string) []byte {
	contents := w.stream("", content)
	pages := len(w.objs) + 2
	pg := w.add([]byte(fmt.Sprintf("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %s %s] /Resources << %s >> /Contents %d 0 R >>", pages, num(width), num(height), res, contents)))
	w.add([]byte(fmt.Sprintf("<< /Type /Pages /Kids [%d 0 R] /Count 1 >>", pg)))
	catalog := w.add([]byte(fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R >>", pages)))
	var out bytes.Buffer
	out.WriteString("%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(w.objs))
	for i, o := range w.objs {
		offsets[i] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n", i+1)
		out.Write(o)
		out.WriteString("\nendobj\n")
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(w.objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(w.objs)+1, catalog, xref)
	return out.Bytes()
}
