package pdf

import (
	"image"
	"testing"
)

func TestDecodePGM(t *testing.T) {
	data := append([]byte("P5\n6 3\n255\n"), make([]byte, 18)...)
	for i := range 18 {
		data[len(data)-18+i] = byte(i * 10)
	}
	g, err := decodePGM(data)
	if err != nil {
		t.Fatal(err)
	}
	if g.Bounds() != image.Rect(0, 0, 6, 3) || g.GrayAt(5, 2).Y != 170 {
		t.Fatalf("decoded %v, last pixel %d", g.Bounds(), g.GrayAt(5, 2).Y)
	}
	for _, bad := range []string{"P6\n1 1\n255\n\x00\x00\x00", "P5\n4 4\n255\n\x00", "P5\n0 1\n255\n", ""} {
		if _, err := decodePGM([]byte(bad)); err == nil {
			t.Errorf("decodePGM(%q) took a bad picture", bad)
		}
	}
}

func TestDrawer(t *testing.T) {
	d := NewDrawer(Config{CacheDir: testCacheDir()})
	data := invoicePDF(t)
	sizes, err := d.PageSizes(t.Context(), data, 20)
	if err != nil {
		t.Fatal(err)
	}
	// fpdf's A4 in points.
	if len(sizes) != 1 || int(sizes[0].W+0.5) != 595 || int(sizes[0].H+0.5) != 842 {
		t.Fatalf("sizes = %v, want one A4 page", sizes)
	}
	g, err := d.DrawPage(t.Context(), data, 1)
	if err != nil {
		t.Fatal(err)
	}
	// The whole page at RenderDPI: a pixel is 72/RenderDPI points.
	if w := g.Bounds().Dx(); abs(float64(w)-sizes[0].W*RenderDPI/72) > 2 {
		t.Errorf("picture is %d pixels wide, want %.0f", w, sizes[0].W*RenderDPI/72)
	}
	dark := 0
	for _, v := range g.Pix {
		if v < 128 {
			dark++
		}
	}
	if dark == 0 {
		t.Error("the drawn page has no ink")
	}
	if _, err := d.DrawPage(t.Context(), []byte("not a pdf"), 1); err == nil {
		t.Error("drew a page of a document that is not a PDF")
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := d.PageSizes(t.Context(), data, 20); err == nil {
		t.Error("a closed drawer read a document")
	}
}
