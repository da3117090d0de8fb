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
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: width, Ht: height}})
	for i, pg := range pages {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, pg, &jpeg.Options{Quality: 85}); err != nil {
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
