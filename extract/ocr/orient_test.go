package ocr

import (
	"image"
	"math"
	"testing"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/pdf"
)

func TestTurn(t *testing.T) {
	// A 3×2 picture: pixel values name their position.
	src := image.NewGray(image.Rect(0, 0, 3, 2))
	copy(src.Pix, []byte{1, 2, 3, 4, 5, 6})
	for _, tc := range []struct {
		deg  int
		w, h int
		want []byte
	}{
		{90, 2, 3, []byte{4, 1, 5, 2, 6, 3}},
		{180, 3, 2, []byte{6, 5, 4, 3, 2, 1}},
		{270, 2, 3, []byte{3, 6, 2, 5, 1, 4}},
		{0, 3, 2, []byte{1, 2, 3, 4, 5, 6}},
	} {
		got := turn(src, tc.deg)
		if got.Bounds().Dx() != tc.w || got.Bounds().Dy() != tc.h || string(got.Pix) != string(tc.want) {
			t.Errorf("turn %d = %d×%d %v, want %d×%d %v", tc.deg, got.Bounds().Dx(), got.Bounds().Dy(), got.Pix, tc.w, tc.h, tc.want)
		}
	}
}

func TestUpright(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 30, 20))
	img := pdf.Image{Page: 1, Box: layout.Rect{X1: 842, Y1: 595}, Width: 30, Height: 20, Format: pdf.FormatPGM, Data: pgmOf(g), Rotation: 90}
	up, err := upright(img)
	if err != nil {
		t.Fatal(err)
	}
	if up.Width != 20 || up.Height != 30 || up.Rotation != 0 || up.Box != img.Box {
		t.Errorf("upright: %d×%d, rotation %d, box %v", up.Width, up.Height, up.Rotation, up.Box)
	}
	if same, _ := upright(pdf.Image{Width: 5}); same.Width != 5 {
		t.Error("upright changed a picture without rotation")
	}
}

func TestPoor(t *testing.T) {
	var good []rawWord
	for range 20 {
		good = append(good, rawWord{text: "Fattura", conf: 92})
	}
	if poor(pass{words: good, confidence: 0.92}) {
		t.Error("a page of 20 well-read words is poor")
	}
	if !poor(pass{words: good[:5], confidence: 0.92}) {
		t.Error("a page of 5 words is not poor")
	}
	if !poor(pass{words: good, confidence: 0.3}) {
		t.Error("a page read with confidence 0.3 is not poor")
	}
}

func TestResolution(t *testing.T) {
	page := func(w, h int) pdf.Image {
		g := image.NewGray(image.Rect(0, 0, w, h))
		for i := range g.Pix {
			g.Pix[i] = uint8(i % 251)
		}
		return pdf.Image{Page: 1, Box: layout.Rect{X1: 595, Y1: 842}, Width: w, Height: h, Format: pdf.FormatPGM, Data: pgmOf(g), Embedded: true}
	}
	for _, tc := range []struct {
		name         string
		in           pdf.Image
		wantDPI      float64
		wantResample bool
	}{
		{"fax, 100 dpi", page(827, 1170), 300, true},
		{"office scan, 200 dpi", page(1654, 2339), 200, false},
		{"300 dpi", page(2480, 3508), 300, false},
		{"photo, 600 dpi", page(4960, 7016), 300, true},
	} {
		got, _ := prepare(tc.in, true)
		if math.Abs(got.DPI()-tc.wantDPI) > 2 || got.Box != tc.in.Box || (got.Width != tc.in.Width) != tc.wantResample {
			t.Errorf("%s: %d×%d at %.0f dpi, box %v; want %.0f dpi, the same box", tc.name, got.Width, got.Height, got.DPI(), got.Box, tc.wantDPI)
		}
		if g, err := got.Gray(); err != nil || g.Bounds().Dx() != got.Width || g.Bounds().Dy() != got.Height {
			t.Errorf("%s: picture does not decode to its size: %v", tc.name, err)
		}
	}
	// However fine the picture, Tesseract gets at most maxOCRPixels.
	huge := page(6000, 6000)
	huge.Box = layout.Rect{X1: 1440, Y1: 1440} // a 20-inch square at 300 dpi
	if got, _ := prepare(huge, true); got.Width*got.Height > maxOCRPixels || got.Width < 4000 {
		t.Errorf("huge: %d×%d at %.0f dpi", got.Width, got.Height, got.DPI())
	}
}
