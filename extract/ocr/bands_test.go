package ocr

import (
	"image"
	"testing"
)

func TestFindBands(t *testing.T) {
	const w, h = 1240, 600
	g := image.NewGray(image.Rect(0, 0, w, h))
	for i := range g.Pix {
		g.Pix[i] = 245
	}
	fill := func(x0, y0, x1, y1 int, v uint8) {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				g.Pix[y*g.Stride+x] = v
			}
		}
	}
	// A table header: a dark band 60 px high (a fifth of an inch) with
	// light letters 30 px high, and a line of dark letters touching its
	// lower edge.
	fill(100, 100, 1140, 160, 40)
	for x := 130; x < 1100; x += 30 {
		fill(x, 115, x+5, 145, 250)
		fill(x, 115, x+20, 120, 250)
		fill(x, 160, x+6, 190, 30)
	}
	// A bold heading on paper: strokes 12 px wide, letters 70 px high.
	for x := 100; x < 600; x += 50 {
		fill(x, 300, x+12, 370, 20)
		fill(x, 300, x+40, 312, 20)
		fill(x, 358, x+40, 370, 20)
	}
	// A table rule.
	fill(100, 450, 1140, 454, 0)
	bands := findBands(g, 300)
	if len(bands) != 1 {
		t.Fatalf("found %d bands, want the header only: %+v", len(bands), bands)
	}
	bd := bands[0]
	if b := bd.box; b.x0 > 100 || b.x1 < 1140 || b.y0 > 100 || b.y1 < 160 || b.y1 > 168 {
		t.Errorf("band box %+v, want about 100,100–1140,160 without the letters below", b)
	}
	neg, ok := bd.negative(g)
	if !ok {
		t.Fatal("band has no light letters")
	}
	at := func(x, y int) uint8 { return neg.Pix[(y-bd.box.y0)*neg.Stride+x-bd.box.x0] }
	if v := at(132, 130); v > 40 {
		t.Errorf("letter in the band is %d in the negative, want black", v)
	}
	if v := at(145, 135); v < 215 {
		t.Errorf("band between letters is %d in the negative, want white", v)
	}
	blank := image.NewGray(image.Rect(0, 0, w, h))
	for i := range blank.Pix {
		blank.Pix[i] = 245
	}
	if bs := findBands(blank, 300); len(bs) != 0 {
		t.Errorf("bands found on blank paper: %+v", bs)
	}
}
