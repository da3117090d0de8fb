package ocr

import (
	"image"
	"math"
	"math/rand/v2"
	"testing"
)

// sheet draws a 300-dpi test page: rows of glyph-sized ink marks on paper.
// light gives the paper's brightness at a pixel; ink is the ink's level
// under full light. isInk tells the marks' pixels.
func sheet(w, h int, light func(x, y int) float64, ink float64) (*image.Gray, func(x, y int) bool) {
	rng := rand.New(rand.NewPCG(1, 2))
	isInk := func(x, y int) bool {
		// 10-point text: 40-px lines, glyphs 22 px wide with 8-px gaps,
		// strokes 5 px; a margin all round.
		if x < 150 || y < 150 || x >= w-150 || y >= h-150 {
			return false
		}
		ly, gx := (y-150)%60, (x-150)%30
		if ly >= 40 || gx >= 22 {
			return false
		}
		return gx < 5 || ly < 5 || ly >= 35
	}
	g := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			v := 255.0
			if isInk(x, y) {
				v = ink
			}
			v = v*light(x, y) + rng.NormFloat64()*4
			g.Pix[y*g.Stride+x] = uint8(math.Max(0, math.Min(255, v)))
		}
	}
	return g, isInk
}

// separable reports whether one threshold puts every ink pixel below it
// and every paper pixel above it, as Tesseract's global binarisation needs.
func separable(g *image.Gray, isInk func(x, y int) bool) (darkestPaper, lightestInk int, ok bool) {
	darkestPaper, lightestInk = 255, 0
	b := g.Bounds()
	for y := range b.Dy() {
		for x := range b.Dx() {
			v := int(g.Pix[y*g.Stride+x])
			if isInk(x, y) {
				lightestInk = max(lightestInk, v)
			} else {
				darkestPaper = min(darkestPaper, v)
			}
		}
	}
	return darkestPaper, lightestInk, lightestInk < darkestPaper
}

func TestFlatten(t *testing.T) {
	const w, h = 1240, 1754 // half an A4 page at 300 dpi
	for _, tc := range []struct {
		name  string
		light func(x, y int) float64
		ink   float64
		want  bool
	}{
		{"office scan", func(x, y int) float64 { return 0.95 }, 20, false},
		{"light falling off toward a corner", func(x, y int) float64 {
			return 1 - 0.6*math.Hypot(float64(x), float64(y))/math.Hypot(w, h)
		}, 25, true},
		{"shadow across the sheet", func(x, y int) float64 {
			// A shadow's edge is soft: a third of an inch wide.
			d := (float64(x) + 0.5*float64(y) - 900) / 100
			return 0.97 - 0.47*math.Min(1, math.Max(0, d))
		}, 25, true},
		{"faded print", func(x, y int) float64 { return 0.94 }, 175, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, isInk := sheet(w, h, tc.light, tc.ink)
			out, did := flatten(g, 300)
			if did != tc.want {
				t.Fatalf("flatten = %v, want %v", did, tc.want)
			}
			if !did {
				if out != g {
					t.Error("a picture taken as it is was changed")
				}
				return
			}
			if p, i, ok := separable(g, isInk); ok && tc.ink < 100 {
				t.Logf("before: one threshold already separates ink (≤ %d) from paper (≥ %d)", i, p)
			}
			// After flattening, the paper is white and the ink dark all
			// over the page.
			paperLow, inkHigh := 0, 0
			paperN, inkN := 0, 0
			b := out.Bounds()
			for y := range b.Dy() {
				for x := range b.Dx() {
					v := out.Pix[y*out.Stride+x]
					if isInk(x, y) {
						inkN++
						if v > 110 {
							inkHigh++
						}
					} else {
						paperN++
						if v < 170 {
							paperLow++
						}
					}
				}
			}
			if f := float64(paperLow) / float64(paperN); f > 0.005 {
				t.Errorf("%.2f%% of the paper is darker than 170 after flattening", 100*f)
			}
			if f := float64(inkHigh) / float64(inkN); f > 0.01 {
				t.Errorf("%.2f%% of the ink is lighter than 110 after flattening", 100*f)
			}
		})
	}
}

func BenchmarkFlatten(b *testing.B) {
	g, _ := sheet(2480, 3508, func(x, y int) float64 { return 1 - 0.5*float64(x)/2480 }, 25)
	b.ResetTimer()
	for b.Loop() {
		flatten(g, 300)
	}
}
