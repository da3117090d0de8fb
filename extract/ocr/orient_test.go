package ocr

import (
	"image"
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
