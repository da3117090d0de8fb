package pdf

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"testing"
	"time"
)

// grayJPEG is a w×h greyscale JPEG: white with a black bar across the top
// quarter's middle.
func grayJPEG(t testing.TB, w, h int) []byte {
	t.Helper()
	g := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			v := uint8(255)
			if y >= h/8-2 && y < h/8+2 && x >= w/4 && x < 3*w/4 {
				v = 0
			}
			g.Pix[y*g.Stride+x] = v
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, g, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// scanPDF is an A4 page that shows one JPEG, full page, and nothing else.
func scanPDF(t testing.TB, jpg []byte, w, h int, rotate int) []byte {
	return rawPDF(
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Rotate %d /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>", rotate),
		stream("", []byte("q 595 0 0 842 0 0 cm /Im1 Do Q")),
		stream(fmt.Sprintf("/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode", w, h), jpg),
	)
}

func images(t *testing.T, r *Reader, data []byte, reqs ...ImageRequest) []Image {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	imgs, err := r.Images(ctx, data, reqs)
	if err != nil {
		t.Fatalf("Images: %v", err)
	}
	if len(imgs) != len(reqs) {
		t.Fatalf("Images gave %d pictures for %d requests", len(imgs), len(reqs))
	}
	return imgs
}

func TestImagesEmbeddedScan(t *testing.T) {
	jpg := grayJPEG(t, 827, 1170) // A4 at 100 dpi
	data := scanPDF(t, jpg, 827, 1170, 0)
	doc := read(t, data)
	p := doc.Pages[0]
	if p.Chars != 0 || len(p.Images) != 1 || !p.FullPageImage() {
		t.Fatalf("page: chars %d, images %v, full-page image %v", p.Chars, p.Images, p.FullPageImage())
	}
	im := images(t, shared, data, ImageRequest{Page: 1})[0]
	if !im.Embedded || im.Format != FormatJPEG || !bytes.Equal(im.Data, jpg) || im.Width != 827 || im.Height != 1170 {
		t.Errorf("picture: embedded %v, format %s, same bytes %v, %d×%d", im.Embedded, im.Format, bytes.Equal(im.Data, jpg), im.Width, im.Height)
	}
	if im.Box != (Rect{X1: 595, Y1: 842}) || int(im.DPI()+0.5) != 100 {
		t.Errorf("box %v, dpi %.1f; want the whole page at 100 dpi", im.Box, im.DPI())
	}
	g, err := im.Gray()
	if err != nil || g.Bounds().Dx() != 827 {
		t.Fatalf("Gray: %v, %v", err, g.Bounds())
	}
}

func TestImagesRotatedScan(t *testing.T) {
	jpg := grayJPEG(t, 413, 585)
	data := scanPDF(t, jpg, 413, 585, 90)
	im := images(t, shared, data, ImageRequest{Page: 1})[0]
	// The scan is given as stored, with the turn the page's /Rotate asks.
	if !im.Embedded || im.Format != FormatJPEG || im.Rotation != 90 || !bytes.Equal(im.Data, jpg) {
		t.Fatalf("embedded %v, format %s, rotation %d", im.Embedded, im.Format, im.Rotation)
	}
	if im.Box != (Rect{X1: 842, Y1: 595}) || im.Width != 413 || im.Height != 585 {
		t.Errorf("box %v of %d×%d pixels, want the landscape displayed page and the stored size", im.Box, im.Width, im.Height)
	}
}

func TestImagesRenderTextPage(t *testing.T) {
	data := invoicePDF(t)
	im := images(t, shared, data, ImageRequest{Page: 1})[0]
	if im.Embedded || im.Format != FormatPGM || im.Width != 2480 || im.Height != 3508 {
		t.Fatalf("render: embedded %v, format %s, %d×%d; want a 2480×3508 PGM", im.Embedded, im.Format, im.Width, im.Height)
	}
	g, err := im.Gray()
	if err != nil {
		t.Fatal(err)
	}
	// The heading's baseline is at y=100 pt, x from 72 pt: ink just above it.
	ink := 0
	for y := 380; y < 415; y++ {
		for x := 300; x < 900; x++ {
			if g.GrayAt(x, y).Y < 128 {
				ink++
			}
		}
	}
	if ink < 500 {
		t.Errorf("%d ink pixels where the heading is, want many", ink)
	}
	// A region render: the top-left quarter inch of the heading, at 300 dpi.
	part := images(t, shared, data, ImageRequest{Page: 1, Region: Rect{X0: 72, Y0: 80, X1: 144, Y1: 104}})[0]
	if part.Width != 300 || part.Height != 100 || part.Box != (Rect{X0: 72, Y0: 80, X1: 144, Y1: 104}) {
		t.Errorf("region render %d×%d of %v, want 300×100", part.Width, part.Height, part.Box)
	}
}

func TestImagesErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := shared.Images(ctx, invoicePDF(t), []ImageRequest{{Page: 2}}); err == nil {
		t.Error("Images of page 2 of a one-page document succeeded")
	}
	if imgs, err := shared.Images(ctx, invoicePDF(t), nil); err != nil || imgs != nil {
		t.Errorf("Images with no requests = %v, %v", imgs, err)
	}
}

func TestImagesIsolated(t *testing.T) {
	r := openIsolated(t, Config{Instances: 1})
	jpg := grayJPEG(t, 413, 585)
	im := images(t, r, scanPDF(t, jpg, 413, 585, 0), ImageRequest{Page: 1})[0]
	if !im.Embedded || !bytes.Equal(im.Data, jpg) {
		t.Errorf("isolated: embedded %v, same bytes %v", im.Embedded, bytes.Equal(im.Data, jpg))
	}
}

func TestPageObjects(t *testing.T) {
	// A text page with a small logo and a few rules.
	data := rawPDF(
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 6 0 R >> /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>",
		stream("", []byte("q 100 0 0 50 40 760 cm /Im1 Do Q 0 0 m 100 0 l S 0 10 m 100 10 l S BT /F1 12 Tf 72 700 Td (Fattura) Tj ET")),
		stream("/Type /XObject /Subtype /Image /Width 20 /Height 10 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode", grayJPEG(t, 20, 10)),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	)
	p := read(t, data).Pages[0]
	if len(p.Images) != 1 || p.Paths != 2 || p.FullPageImage() {
		t.Fatalf("images %v, paths %d, full-page %v; want one logo and two rules", p.Images, p.Paths, p.FullPageImage())
	}
	want := Rect{X0: 40, Y0: 842 - 810, X1: 140, Y1: 842 - 760}
	if b := p.Images[0]; abs(b.X0-want.X0) > 0.5 || abs(b.Y0-want.Y0) > 0.5 || abs(b.X1-want.X1) > 0.5 || abs(b.Y1-want.Y1) > 0.5 {
		t.Errorf("logo box %v, want %v", b, want)
	}
	// The region of the logo renders at 300 dpi.
	im := images(t, shared, data, ImageRequest{Page: 1, Region: want})[0]
	if im.Width != 417 || im.Height != 208 && im.Height != 209 {
		t.Errorf("logo render %d×%d, want 417×208", im.Width, im.Height)
	}
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

func TestPageObjectsInForms(t *testing.T) {
	// A logo drawn inside a form XObject with a transparency group, under a
	// flipped page matrix and a scaling form matrix, and a second one two
	// forms deep: both count, at their places on the displayed page.
	data := rawPDF(
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Fm0 6 0 R /Fm1 7 0 R >> >> /Contents 4 0 R >>",
		stream("", []byte("q 1 0 0 -1 0 842 cm /Fm0 Do Q 0 0 m 100 0 l S /Fm1 Do")),
		stream("/Type /XObject /Subtype /Image /Width 20 /Height 10 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode", grayJPEG(t, 20, 10)),
		stream("/Type /XObject /Subtype /Form /BBox [0 0 300 421] /Matrix [2 0 0 2 0 0] /Group << /Type /Group /S /Transparency >> /Resources << /XObject << /Im1 5 0 R >> >>",
			[]byte("q 50 0 0 -25 20 80 cm /Im1 Do Q")),
		stream("/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Matrix [1 0 0 1 0 400] /Resources << /XObject << /Fm2 8 0 R >> >>",
			[]byte("q 1 0 0 1 100 0 cm /Fm2 Do Q")),
		stream("/Type /XObject /Subtype /Form /BBox [0 0 200 100] /Resources << /XObject << /Im1 5 0 R >> >>",
			[]byte("q 200 0 0 100 0 0 cm /Im1 Do Q 0 0 m 10 10 l S")),
	)
	want := []Rect{
		{X0: 40, Y0: 110, X1: 140, Y1: 160},
		{X0: 100, Y0: 842 - 500, X1: 300, Y1: 842 - 400},
	}
	for _, slow := range []bool{false, true} {
		// The walk through go-pdfium's API, used when direct calls into
		// the module are unavailable, must find the same.
		slowObjects = slow
		p := read(t, data).Pages[0]
		slowObjects = false
		if len(p.Images) != len(want) || p.Paths != 2 {
			t.Fatalf("slow walk %v: images %v, paths %d; want %v and two paths", slow, p.Images, p.Paths, want)
		}
		for i, b := range p.Images {
			if w := want[i]; abs(b.X0-w.X0) > 0.5 || abs(b.Y0-w.Y0) > 0.5 || abs(b.X1-w.X1) > 0.5 || abs(b.Y1-w.Y1) > 0.5 {
				t.Errorf("slow walk %v: image %d box %v, want %v", slow, i, b, w)
			}
		}
	}
}
