package ocr

import (
	"image"
	"testing"
)

// paint draws a dark rectangle on a white picture.
func paint(g *image.Gray, x0, y0, x1, y1 int) {
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			g.Pix[y*g.Stride+x] = 20
		}
	}
}

func TestLoneBlobs(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 1000, 400))
	for i := range g.Pix {
		g.Pix[i] = 250
	}
	paint(g, 100, 100, 300, 120) // a word OCR read
	paint(g, 500, 100, 508, 120) // a lone "1" beside it
	paint(g, 600, 100, 610, 120) // "1" and "0" of one number
	paint(g, 614, 100, 624, 120)
	paint(g, 100, 300, 900, 302) // a rule: too flat
	paint(g, 700, 200, 702, 202) // a speck: too small
	paint(g, 800, 200, 810, 220) // glyph-sized but on no row of text: a logo's piece
	words := []rawWord{{text: "Consulenza", x0: 100, y0: 100, x1: 300, y1: 120}}
	got := loneBlobs(g, words, 20)
	want := []blob{{500, 100, 508, 120}, {600, 100, 624, 120}}
	if len(got) != len(want) {
		t.Fatalf("loneBlobs = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("blob %d = %v, want %v", i, got[i], want[i])
		}
	}
	strip, places := layStrip(g, got, 20)
	for k, c := range got {
		p := places[k]
		if p.w() < c.w() || p.h() < c.h() {
			t.Errorf("cell %v cannot hold blob %v", p, c)
		}
		// The blob's ink is on the strip inside its cell.
		ink := false
		for y := p.y0; y < p.y1 && !ink; y++ {
			for x := max(p.x0, 0); x < p.x1; x++ {
				if y >= 0 && strip.GrayAt(x, y).Y < 100 {
					ink = true
					break
				}
			}
		}
		if !ink {
			t.Errorf("no ink in cell %v for blob %v", p, c)
		}
	}
}
