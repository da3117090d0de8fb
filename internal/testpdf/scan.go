package testpdf

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"

	"github.com/go-pdf/fpdf"
)

// ScannedPDF wraps page pictures in a PDF as a scanner writes one: each
// page is a single greyscale JPEG covering a page of width × height points,
// with no text layer.
func ScannedPDF(pages []*image.Gray, width, height float64) ([]byte, error) {
	return scannedPDF(pages, width, height, 85)
}

func scannedPDF(pages []*image.Gray, width, height float64, quality int) ([]byte, error) {
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: width, Ht: height}})
	for i, pg := range pages {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, pg, &jpeg.Options{Quality: quality}); err != nil {
			return nil, fmt.Errorf("encode scan of page %d: %w", i+1, err)
		}
		name := fmt.Sprintf("scan%d", i+1)
		opt := fpdf.ImageOptions{ImageType: "JPG"}
		f.RegisterImageOptionsReader(name, opt, &buf)
		f.AddPage()
		f.ImageOptions(name, 0, 0, width, height, false, opt, 0, "")
	}
	var out bytes.Buffer
	if err := f.Output(&out); err != nil {
		return nil, fmt.Errorf("write scanned pdf: %w", err)
	}
	return out.Bytes(), nil
}

// Scanlike makes a page picture look scanned: turned by degrees about its
// centre (positive: counter-clockwise, the lines rising to the right), with
// a light grey speckle from seed. Pixels turned in from outside are white.
func Scanlike(src *image.Gray, degrees float64, seed uint64) *image.Gray {
	b := src.Bounds()
	dst := image.NewGray(b)
	rng := rand.New(rand.NewPCG(seed, 0x5ca9))
	th := degrees * math.Pi / 180
	sin, cos := math.Sin(th), math.Cos(th)
	cx, cy := float64(b.Dx())/2, float64(b.Dy())/2
	for y := range b.Dy() {
		for x := range b.Dx() {
			// The source pixel that lands on (x, y): the inverse turn.
			dx, dy := float64(x)-cx, float64(y)-cy
			sx, sy := cx+dx*cos-dy*sin, cy+dx*sin+dy*cos
			v := 255.0
			if ix, iy := int(math.Floor(sx)), int(math.Floor(sy)); ix >= 0 && iy >= 0 && ix+1 < b.Dx() && iy+1 < b.Dy() {
				fx, fy := sx-float64(ix), sy-float64(iy)
				at := func(x, y int) float64 { return float64(src.GrayAt(b.Min.X+x, b.Min.Y+y).Y) }
				v = (at(ix, iy)*(1-fx)+at(ix+1, iy)*fx)*(1-fy) + (at(ix, iy+1)*(1-fx)+at(ix+1, iy+1)*fx)*fy
			}
			v += rng.NormFloat64() * 8
			dst.Pix[y*dst.Stride+x] = uint8(max(0, min(255, v)))
		}
	}
	return dst
}

// ScanCopy makes a scanned copy of rendered pages, as an office scanner or
// a phone app writes one: each page picture (rendered at dpi dots per inch)
// is resampled to the scan's resolution (150 to 300 dpi), turned by a
// small angle (and now and then upside down), tinted like paper (one in
// five lit unevenly and faded, like a phone photo; see Unlit), speckled,
// sometimes blurred, and stored as a greyscale JPEG of varying quality in
// a PDF of pages of width × height points, with no text layer.
func ScanCopy(pages []*image.Gray, dpi, width, height float64, seed uint64) ([]byte, error) {
	rng := rand.New(rand.NewPCG(seed, 0x5ca7))
	target := []float64{150, 200, 200, 240, 300}[rng.IntN(5)]
	quality := 55 + rng.IntN(36)
	blur := rng.IntN(3) == 0
	paper := 232 + rng.IntN(22)
	// One copy in five is a phone photo: uneven light, fainter ink.
	photo := rng.IntN(5) == 0
	light, fade := 0.5+0.3*rng.Float64(), 0.3*rng.Float64()
	var out []*image.Gray
	for i, pg := range pages {
		g := resample(pg, target/dpi)
		deg := (rng.Float64()*2 - 1) * 1.6
		if rng.IntN(30) == 0 {
			deg += 180
		}
		g = Scanlike(g, deg, seed+uint64(i))
		if blur {
			g = boxBlur(g)
		}
		tint(g, paper)
		if photo {
			g = Unlit(g, light, fade, seed+uint64(i))
		}
		out = append(out, g)
	}
	return scannedPDF(out, width, height, quality)
}

// resample scales a picture by f (< 1 shrinks) by averaging the source
// pixels each target pixel covers.
func resample(src *image.Gray, f float64) *image.Gray {
	if f >= 0.999 {
		return src
	}
	b := src.Bounds()
	w, h := int(float64(b.Dx())*f), int(float64(b.Dy())*f)
	dst := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		y0, y1 := int(float64(y)/f), max(int(float64(y+1)/f), int(float64(y)/f)+1)
		for x := range w {
			x0, x1 := int(float64(x)/f), max(int(float64(x+1)/f), int(float64(x)/f)+1)
			sum, n := 0, 0
			for sy := y0; sy < min(y1, b.Dy()); sy++ {
				row := src.Pix[(sy)*src.Stride:]
				for sx := x0; sx < min(x1, b.Dx()); sx++ {
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

// boxBlur softens a picture with a 3×3 box filter, as a scanner out of
// focus does.
func boxBlur(src *image.Gray) *image.Gray {
	b := src.Bounds()
	dst := image.NewGray(b)
	w, h := b.Dx(), b.Dy()
	for y := range h {
		for x := range w {
			sum, n := 0, 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if xx, yy := x+dx, y+dy; xx >= 0 && yy >= 0 && xx < w && yy < h {
						sum += int(src.Pix[yy*src.Stride+xx])
						n++
					}
				}
			}
			dst.Pix[y*dst.Stride+x] = uint8(sum / n)
		}
	}
	return dst
}

// tint maps white to the paper's grey level and keeps black black.
func tint(g *image.Gray, paper int) {
	for i, v := range g.Pix {
		g.Pix[i] = uint8(int(v) * paper / 255)
	}
}

// Unlit lights a picture as a phone photo of a sheet on a desk is lit: the
// light falls off from one side toward a corner (to strength of its
// brightness there, 0 < strength ≤ 1), a soft shadow lies across part of
// the sheet, and the ink is faded toward grey by fade (0: black ink, 1: no
// ink left). seed picks the corner and the shadow.
func Unlit(src *image.Gray, strength, fade float64, seed uint64) *image.Gray {
	rng := rand.New(rand.NewPCG(seed, 0x117))
	b := src.Bounds()
	w, h := float64(b.Dx()), float64(b.Dy())
	dst := image.NewGray(b)
	// The lit point, off one edge of the sheet, and the shadow's edge: a
	// line across the sheet with a soft border.
	lx, ly := rng.Float64()*w, []float64{-0.2 * h, 1.2 * h}[rng.IntN(2)]
	far := math.Hypot(w, 1.4*h)
	ang := rng.Float64() * math.Pi
	sx, sy := math.Cos(ang), math.Sin(ang)
	cx, cy := w*(0.3+0.4*rng.Float64()), h*(0.3+0.4*rng.Float64())
	soft := 0.08 * w
	for y := range b.Dy() {
		for x := range b.Dx() {
			fx, fy := float64(x), float64(y)
			light := 1 - (1-strength)*math.Min(1, math.Hypot(fx-lx, fy-ly)/far)
			if d := (fx-cx)*sx + (fy-cy)*sy; d > -soft {
				light *= 1 - 0.25*math.Min(1, (d+soft)/(2*soft))
			}
			v := float64(src.Pix[y*src.Stride+x])
			v = 255 - (255-v)*(1-fade)
			dst.Pix[y*dst.Stride+x] = uint8(math.Max(0, math.Min(255, v*light)))
		}
	}
	return dst
}
