package jobs

import (
	"image"
	"testing"
)

func TestShrink(t *testing.T) {
	t.Parallel()
	g := image.NewGray(image.Rect(0, 0, 6, 3))
	for i := range 18 {
		g.Pix[i] = byte(i * 10)
	}
	s := shrink(g, 3)
	if s.Bounds() != image.Rect(0, 0, 2, 1) {
		t.Fatalf("shrunk to %v", s.Bounds())
	}
	// The first 3×3 block holds 0,10,20, 60,70,80, 120,130,140: mean 70.
	if s.GrayAt(0, 0).Y != 70 {
		t.Errorf("block mean = %d, want 70", s.GrayAt(0, 0).Y)
	}
}
