package ocr

import (
	"context"
	"image"
	"sort"
	"strconv"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/pdf"
)

// Tesseract's sparse-text mode, which reads invoices best overall, drops
// glyphs that stand alone: the "1" of a quantity column, the "7" of a VAT
// rate next to a cell border. recoverLone finds the ink blobs of the picture
// that no word covers and that have the size of text, lays them out on a
// small strip, spaced apart, and reads the strip once in block mode, which
// keeps single characters.

// maxLone bounds the blobs read in one recovery pass.
const maxLone = 300

// The confidence a recovered word needs, out of 100: single glyphs read
// alone score lower than words, so numbers need less than letters.
const (
	loneMinConfNumber = 50
	loneMinConfText   = 75
)

// blob is a group of ink pixels, as a box in picture pixels.
type blob struct{ x0, y0, x1, y1 int }

func (b blob) w() int { return b.x1 - b.x0 }
func (b blob) h() int { return b.y1 - b.y0 }

// recoverLone returns words for the text-sized ink that words do not cover.
// g is img decoded, or nil to decode it here.
func (e *Engine) recoverLone(ctx context.Context, img pdf.Image, g *image.Gray, lang string, words []rawWord) ([]rawWord, error) {
	if len(words) < 10 {
		return nil, nil
	}
	if g == nil {
		var err error
		if g, err = img.Gray(); err != nil {
			return nil, nil // a picture Go cannot decode: nothing to recover
		}
	}
	hs := make([]float64, 0, len(words))
	for _, w := range words {
		if hasAlnum(w.text) {
			hs = append(hs, w.height())
		}
	}
	if len(hs) < 10 {
		return nil, nil
	}
	sort.Float64s(hs)
	textH := hs[len(hs)/2]
	cands := loneBlobs(g, words, textH)
	if len(cands) == 0 {
		return nil, nil
	}
	strip, places := layStrip(g, cands, int(textH))
	read, err := e.readStrip(ctx, img.Page, strip, img.DPI(), lang, "6")
	if err != nil {
		return nil, err
	}
	var got []rawWord
	for _, r := range read {
		r.text = trimRules(r.text)
		sign := r.text == "%" || r.text == "€"
		if !hasAlnum(r.text) && !sign || r.conf < loneMinConfText && !((numeric(r.text) || sign) && r.conf >= loneMinConfNumber) {
			continue
		}
		// A word must lie within one cell: one that spans two took glyphs
		// of two places for one.
		for k, p := range places {
			if r.x0 >= float64(p.x0) && r.x1 <= float64(p.x1) && r.y0 >= float64(p.y0) && r.y1 <= float64(p.y1) {
				c := cands[k]
				got = append(got, rawWord{text: r.text, x0: float64(c.x0), y0: float64(c.y0), x1: float64(c.x1), y1: float64(c.y1),
					conf: r.conf, line: [3]int{-1 - k, 0, 0}})
				break
			}
		}
	}
	return got, nil
}

// loneBlobs finds groups of ink, each the size of one to four characters of
// the page's text height, that no word box touches but that sit on a row
// with other words.
func loneBlobs(g *image.Gray, words []rawWord, textH float64) []blob {
	comps := components(g, 128)
	var small []blob
	for _, c := range comps {
		h, w := float64(c.h()), float64(c.w())
		if h < 0.55*textH || h > 1.6*textH || w > 1.5*textH || w < 0.08*textH {
			continue
		}
		small = append(small, c)
	}
	// Glue the glyphs of one short word ("10", "7%").
	sort.Slice(small, func(i, j int) bool { return small[i].x0 < small[j].x0 })
	var groups []blob
	used := make([]bool, len(small))
	for i := range small {
		if used[i] {
			continue
		}
		g := small[i]
		used[i] = true
		for j := i + 1; j < len(small); j++ {
			s := small[j]
			if used[j] || float64(s.x0-g.x1) > 0.45*textH {
				continue
			}
			if min(s.y1, g.y1)-max(s.y0, g.y0) > s.h()/2 {
				g = blob{min(g.x0, s.x0), min(g.y0, s.y0), max(g.x1, s.x1), max(g.y1, s.y1)}
				used[j] = true
			}
		}
		if float64(g.w()) <= 4*textH {
			groups = append(groups, g)
		}
	}
	pad := 0.3 * textH
	var out []blob
	for _, c := range groups {
		free, onRow := true, false
		for _, w := range words {
			if float64(c.x1)+pad > w.x0 && float64(c.x0)-pad < w.x1 && float64(c.y1) > w.y0 && float64(c.y0) < w.y1 {
				free = false
				break
			}
			// A lone value sits on a row of text (a table row, a label's
			// line); ink off every row is a logo, a stamp or a signature.
			onRow = onRow || min(float64(c.y1), w.y1)-max(float64(c.y0), w.y0) >= 0.5*float64(c.h())
		}
		if free && onRow {
			out = append(out, c)
			if len(out) == maxLone {
				break
			}
		}
	}
	return out
}

// components returns the bounding boxes of the 8-connected groups of pixels
// darker than level.
func components(g *image.Gray, level uint8) []blob {
	b := g.Bounds()
	w, h := b.Dx(), b.Dy()
	seen := make([]bool, w*h)
	dark := func(x, y int) bool { return g.Pix[(y)*g.Stride+x] < level }
	var out []blob
	var stack []int
	for y := range h {
		for x := range w {
			if seen[y*w+x] || !dark(x, y) {
				continue
			}
			bb := blob{x, y, x + 1, y + 1}
			stack = append(stack[:0], y*w+x)
			seen[y*w+x] = true
			n := 0
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				px, py := p%w, p/w
				n++
				bb.x0, bb.y0, bb.x1, bb.y1 = min(bb.x0, px), min(bb.y0, py), max(bb.x1, px+1), max(bb.y1, py+1)
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						nx, ny := px+dx, py+dy
						if nx < 0 || ny < 0 || nx >= w || ny >= h || seen[ny*w+nx] || !dark(nx, ny) {
							continue
						}
						seen[ny*w+nx] = true
						stack = append(stack, ny*w+nx)
					}
				}
			}
			if n >= 4 {
				out = append(out, bb)
			}
		}
	}
	return out
}

// layStrip copies the candidates onto a white strip, a few to a row and far
// apart, and returns it with the cell of each candidate on it.
func layStrip(g *image.Gray, cands []blob, textH int) (*image.Gray, []blob) {
	const perRow = 6
	gap := 4 * max(textH, 8)
	cellW := 0
	for _, c := range cands {
		cellW = max(cellW, c.w())
	}
	cellW += gap
	rowH := 3 * max(textH, 8)
	rows := (len(cands) + perRow - 1) / perRow
	strip := image.NewGray(image.Rect(0, 0, gap+perRow*cellW, gap+rows*rowH))
	for i := range strip.Pix {
		strip.Pix[i] = 255
	}
	b := g.Bounds()
	places := make([]blob, len(cands))
	for k, c := range cands {
		ox, oy := gap+(k%perRow)*cellW, gap+(k/perRow)*rowH
		for y := c.y0; y < c.y1; y++ {
			copy(strip.Pix[(oy+y-c.y0)*strip.Stride+ox:], g.Pix[(y-b.Min.Y)*g.Stride+(c.x0-b.Min.X):(y-b.Min.Y)*g.Stride+(c.x1-b.Min.X)])
		}
		places[k] = blob{ox - gap/2, oy - rowH/3, ox + c.w() + gap/2, oy + c.h() + rowH/3}
	}
	return strip, places
}

// readStrip reads a strip of pieces of page img (numbered page) laid out
// at the page's resolution dpi, in page segmentation mode psm, and returns
// its words in the strip's pixels.
func (e *Engine) readStrip(ctx context.Context, page int, strip *image.Gray, dpi float64, lang, psm string) ([]rawWord, error) {
	w, h := strip.Bounds().Dx(), strip.Bounds().Dy()
	dpi = max(dpi, 1)
	sub := pdf.Image{Page: page, Box: layout.Rect{X1: float64(w) * 72 / dpi, Y1: float64(h) * 72 / dpi},
		Width: w, Height: h, Format: pdf.FormatPGM, Data: pgmOf(strip)}
	out, err := e.runMode(ctx, sub, lang, psm)
	if err != nil {
		return nil, err
	}
	return parseTSV(out)
}

// pgmOf encodes a grey image as a binary PGM file.
func pgmOf(g *image.Gray) []byte {
	b := g.Bounds()
	head := []byte("P5\n" + strconv.Itoa(b.Dx()) + " " + strconv.Itoa(b.Dy()) + "\n255\n")
	out := make([]byte, 0, len(head)+b.Dx()*b.Dy())
	out = append(out, head...)
	for y := range b.Dy() {
		out = append(out, g.Pix[y*g.Stride:y*g.Stride+b.Dx()]...)
	}
	return out
}
