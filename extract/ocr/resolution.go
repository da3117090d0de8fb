package ocr

import (
	"image"
	"math"

	"github.com/invex/invex/extract/pdf"
)

// Tesseract reads printed text best when a line of body text is a few
// dozen pixels high: about 300 dpi for invoice fonts. A fax or a
// low-resolution copy holds too few pixels per glyph, and a phone photo or
// a 600-dpi archive scan more than help while they cost time and memory.
// The picture is resampled to ocrDPI when its resolution is outside
// [minDPI, maxDPI], and never gives Tesseract more than maxOCRPixels.
const (
	ocrDPI       = 300
	minDPI       = 190
	maxDPI       = 420
	maxOCRPixels = 24_000_000
)

// prepare returns the picture Tesseract reads for img: resampled as
// Tesseract reads it best (see ocrDPI), its paper flattened when it needs
// it (see flatten, skipped when keep is set), or img itself when neither
// applies. It also returns the decoded grey picture of what it returns, or
// nil for a picture Go cannot decode, which is returned as it is:
// Tesseract may still read it.
func prepare(img pdf.Image, keep bool) (pdf.Image, *image.Gray) {
	g, err := img.Gray()
	if err != nil {
		return img, nil
	}
	changed := false
	if f := scaleFor(img); f != 1 {
		g, changed = resample(g, f), true
	}
	if !keep {
		dpi := img.DPI() * float64(g.Bounds().Dx()) / float64(max(img.Width, 1))
		var flat bool
		g, flat = flatten(g, dpi)
		changed = changed || flat
	}
	if !changed {
		return img, g
	}
	b := g.Bounds()
	out := img
	out.Width, out.Height = b.Dx(), b.Dy()
	out.Format, out.Data, out.Embedded = pdf.FormatPGM, pgmOf(g), false
	return out, g
}

// scaleFor returns the factor by which img is resampled for Tesseract (see
// ocrDPI), 1 when it is read as it is.
func scaleFor(img pdf.Image) float64 {
	dpi := img.DPI()
	if dpi <= 0 || img.Width <= 0 || img.Height <= 0 {
		return 1
	}
	f := 1.0
	switch {
	case dpi < minDPI:
		f = ocrDPI / dpi
	case dpi > maxDPI:
		f = ocrDPI / dpi
	}
	if px := float64(img.Width) * float64(img.Height) * f * f; px > maxOCRPixels {
		f *= math.Sqrt(maxOCRPixels / px)
	}
	if math.Abs(f-1) < 0.05 {
		return 1
	}
	return f
}

// resample scales a grey picture by f: bilinear interpolation to enlarge,
// the mean of the covered pixels to shrink.
func resample(src *image.Gray, f float64) *image.Gray {
	b := src.Bounds()
	sw, sh := b.Dx(), b.Dy()
	w, h := max(1, int(float64(sw)*f)), max(1, int(float64(sh)*f))
	dst := image.NewGray(image.Rect(0, 0, w, h))
	at := func(x, y int) float64 { return float64(src.Pix[(y)*src.Stride+x]) }
	if f >= 1 {
		for y := range h {
			sy := (float64(y)+0.5)/f - 0.5
			y0 := min(max(int(math.Floor(sy)), 0), sh-1)
			y1 := min(y0+1, sh-1)
			fy := min(max(sy-float64(y0), 0), 1)
			for x := range w {
				sx := (float64(x)+0.5)/f - 0.5
				x0 := min(max(int(math.Floor(sx)), 0), sw-1)
				x1 := min(x0+1, sw-1)
				fx := min(max(sx-float64(x0), 0), 1)
				v := (at(x0, y0)*(1-fx)+at(x1, y0)*fx)*(1-fy) + (at(x0, y1)*(1-fx)+at(x1, y1)*fx)*fy
				dst.Pix[y*dst.Stride+x] = uint8(v + 0.5)
			}
		}
		return dst
	}
	for y := range h {
		y0, y1 := int(float64(y)/f), min(max(int(float64(y+1)/f), int(float64(y)/f)+1), sh)
		for x := range w {
			x0, x1 := int(float64(x)/f), min(max(int(float64(x+1)/f), int(float64(x)/f)+1), sw)
			sum, n := 0, 0
			for sy := y0; sy < y1; sy++ {
				row := src.Pix[sy*src.Stride:]
				for sx := x0; sx < x1; sx++ {
					sum += int(row[sx])
					n++
				}
			}
			if n > 0 {
				dst.Pix[y*dst.Stride+x] = uint8(sum / n)
			}
		}
	}
	return dst
}
