package raster_test

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/invex/invex/extract/raster"
	"github.com/invex/invex/internal/testimage"
)

// marked is a white w×h picture with a black square in its top-left corner.
func marked(w, h int) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	for y := range h / 4 {
		for x := range w / 4 {
			g.Pix[y*g.Stride+x] = 0
		}
	}
	return g
}

// upright checks that g is w×h with the mark top-left.
func upright(t *testing.T, g *image.Gray, w, h int) {
	t.Helper()
	if g.Rect.Dx() != w || g.Rect.Dy() != h {
		t.Fatalf("page is %d×%d, want %d×%d", g.Rect.Dx(), g.Rect.Dy(), w, h)
	}
	tl := g.GrayAt(w/8, h/8).Y
	br := g.GrayAt(w-1-w/8, h-1-h/8).Y
	if tl > 64 || br < 192 {
		t.Errorf("the mark is not top-left: top-left %d, bottom-right %d", tl, br)
	}
}

func TestJPEGOrientation(t *testing.T) {
	u := marked(160, 80)
	for o, stored := range map[int]*image.Gray{
		1: u,
		6: testimage.TurnCCW(u),
		3: testimage.TurnCCW(testimage.TurnCCW(u)),
		8: testimage.TurnCCW(testimage.TurnCCW(testimage.TurnCCW(u))),
	} {
		b, err := testimage.JPEG(stored, o, 95)
		if err != nil {
			t.Fatal(err)
		}
		pages, err := raster.Pages(raster.JPEG, b, raster.Limits{})
		if err != nil {
			t.Fatalf("orientation %d: %v", o, err)
		}
		if len(pages) != 1 {
			t.Fatalf("%d pages", len(pages))
		}
		upright(t, pages[0].Gray, 160, 80)
		if pages[0].Width < pages[0].Height {
			t.Errorf("orientation %d: page %.0f×%.0f points, want landscape", o, pages[0].Width, pages[0].Height)
		}
	}
}

func TestPNGOrientation(t *testing.T) {
	u := marked(160, 80)
	b, err := testimage.PNG(testimage.TurnCCW(u), 6)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := raster.Pages(raster.PNG, b, raster.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	upright(t, pages[0].Gray, 160, 80)
}

func TestTIFFPages(t *testing.T) {
	pages := []*image.Gray{marked(100, 200), marked(120, 240), marked(140, 280)}
	b := testimage.TIFF(pages, 100)
	n, err := raster.Check(raster.TIFF, bytes.NewReader(b), int64(len(b)), raster.Limits{})
	if err != nil || n != 3 {
		t.Fatalf("Check = %d, %v; want 3 pages", n, err)
	}
	got, err := raster.Pages(raster.TIFF, b, raster.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range got {
		upright(t, p.Gray, 100+20*i, 200+40*i)
		// 100 dpi: 100 pixels are 72 points.
		if want := float64(100+20*i) * 0.72; p.Width < want-0.01 || p.Width > want+0.01 {
			t.Errorf("page %d width %.2f points, want %.2f", i+1, p.Width, want)
		}
	}
	if _, err := raster.Check(raster.TIFF, bytes.NewReader(b), int64(len(b)), raster.Limits{MaxPages: 2}); !errors.Is(err, raster.ErrTooLarge) {
		t.Errorf("3 pages over a limit of 2: err = %v, want ErrTooLarge", err)
	}
}

// A picture that declares more pixels than the budget is refused from its
// header, before any pixel is decoded.
func TestBombs(t *testing.T) {
	b := testimage.PNGBomb(60000, 60000)
	if _, err := raster.Pages(raster.PNG, b, raster.Limits{}); !errors.Is(err, raster.ErrTooLarge) {
		t.Errorf("png bomb: err = %v, want ErrTooLarge", err)
	}
	big := image.NewGray(image.Rect(0, 0, 3000, 3000))
	tb := testimage.TIFF([]*image.Gray{big}, 300)
	if _, err := raster.Pages(raster.TIFF, tb, raster.Limits{MaxPixels: 1_000_000}); !errors.Is(err, raster.ErrTooLarge) {
		t.Errorf("tiff over the pixel budget: err = %v, want ErrTooLarge", err)
	}
	for _, tc := range []struct {
		format string
		data   []byte
	}{
		{raster.JPEG, []byte("\xff\xd8\xff\xe0garbage")},
		{raster.TIFF, []byte("II*\x00\xff\xff\xff\x7f")},
		{raster.TIFF, tb[:len(tb)/2]},
		{raster.WebP, []byte("RIFF\x10\x00\x00\x00WEBPVP8 xx")},
	} {
		if _, err := raster.Pages(tc.format, tc.data, raster.Limits{}); !errors.Is(err, raster.ErrDamaged) {
			t.Errorf("%s damaged: err = %v, want ErrDamaged", tc.format, err)
		}
	}
}

func FuzzPages(f *testing.F) {
	f.Add(testimage.TIFF([]*image.Gray{marked(8, 8), marked(8, 8)}, 100))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, format := range []string{raster.TIFF, raster.JPEG, raster.PNG, raster.WebP} {
			raster.Pages(format, b, raster.Limits{MaxPixels: 1 << 20})
		}
	})
}

// A WebP picture written by ImageMagick (libwebp) decodes upright.
func TestWebP(t *testing.T) {
	convert, err := exec.LookPath("convert")
	if err != nil {
		t.Skip("ImageMagick is not installed (apt-get install -y imagemagick); .ci/run installs it")
	}
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := png.Encode(&buf, marked(160, 80)); err != nil {
		t.Fatal(err)
	}
	in, out := filepath.Join(dir, "in.png"), filepath.Join(dir, "out.webp")
	if err := os.WriteFile(in, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command(convert, in, "-define", "webp:lossless=true", out).CombinedOutput(); err != nil {
		t.Skipf("ImageMagick cannot write WebP here: %v: %s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := raster.Pages(raster.WebP, data, raster.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	upright(t, pages[0].Gray, 160, 80)
}
