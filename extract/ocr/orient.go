package ocr

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/pdf"
)

// Pages scanned sideways or upside down: when the first reading of a page
// finds little text it can trust, Tesseract's orientation detection (page
// segmentation mode 0) says by how much the picture must be turned, and the
// page is read again turned. The words are then in the frame of the turned
// page (Result.Turned), as if the paper had been fed upright.

// minOSDConfidence is the orientation confidence (Tesseract's scale) above
// which a turn is believed.
const minOSDConfidence = 2.0

// poor reports a reading with too little trustworthy text for a page of an
// invoice: fewer than 15 words of three letters or more read with
// confidence 70, or a mean confidence under 0.5.
func poor(p pass) bool {
	good := 0
	for _, w := range p.words {
		if w.conf >= 70 && letters(w.text) >= 3 {
			good++
		}
	}
	return good < 15 || p.confidence < 0.5
}

func letters(s string) int {
	n := 0
	for _, r := range s {
		if r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r > 0x7f {
			n++
		}
	}
	return n
}

// orientation asks Tesseract by how many degrees clockwise img must be
// turned to be upright: 0, 90, 180 or 270, with its confidence.
func (e *Engine) orientation(ctx context.Context, img pdf.Image) (int, float64, error) {
	out, err := e.runMode(ctx, img, "osd", "0")
	if err != nil {
		return 0, 0, err
	}
	rotate, conf := -1, 0.0
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		switch strings.TrimSpace(k) {
		case "Rotate":
			rotate, _ = strconv.Atoi(v)
		case "Orientation confidence":
			conf, _ = strconv.ParseFloat(v, 64)
		}
	}
	if rotate < 0 {
		return 0, 0, nil // no answer: too little text to tell
	}
	return rotate % 360, conf, nil
}

// turned returns img turned clockwise by deg (90, 180 or 270) as a PGM
// picture, with Box giving the turned frame: its top-left corner stays at
// the original box's, and its sides are swapped for a quarter turn.
func turned(img pdf.Image, deg int) (pdf.Image, error) {
	g, err := img.Gray()
	if err != nil {
		return pdf.Image{}, err
	}
	t := turn(g, deg)
	w, h := img.Box.X1-img.Box.X0, img.Box.Y1-img.Box.Y0
	if deg == 90 || deg == 270 {
		w, h = h, w
	}
	b := t.Bounds()
	return pdf.Image{Page: img.Page, Box: layout.Rect{X0: img.Box.X0, Y0: img.Box.Y0, X1: img.Box.X0 + w, Y1: img.Box.Y0 + h},
		Width: b.Dx(), Height: b.Dy(), Format: pdf.FormatPGM, Data: pgmOf(t)}, nil
}

// turn turns a grey picture clockwise by deg, a multiple of 90.
func turn(src *image.Gray, deg int) *image.Gray {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	deg = ((deg % 360) + 360) % 360
	if deg == 0 {
		return src
	}
	dw, dh := w, h
	if deg != 180 {
		dw, dh = h, w
	}
	dst := image.NewGray(image.Rect(0, 0, dw, dh))
	for y := range h {
		row := src.Pix[(y)*src.Stride : (y)*src.Stride+w]
		for x, v := range row {
			var dx, dy int
			switch deg {
			case 90: // the left edge becomes the top
				dx, dy = h-1-y, x
			case 180:
				dx, dy = w-1-x, h-1-y
			case 270:
				dx, dy = y, w-1-x
			}
			dst.Pix[dy*dst.Stride+dx] = v
		}
	}
	return dst
}

// upright turns a picture that pdf gave as stored, for a page with /Rotate,
// into the displayed orientation; others are returned as they are.
func upright(img pdf.Image) (pdf.Image, error) {
	if img.Rotation == 0 {
		return img, nil
	}
	box := img.Box
	t, err := turned(img, img.Rotation)
	if err != nil {
		return pdf.Image{}, fmt.Errorf("turn picture of page %d: %w", img.Page, err)
	}
	t.Box = box // already the displayed box
	return t, nil
}
