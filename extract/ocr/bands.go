package ocr

import (
	"context"
	"image"
	"math"

	"github.com/invex/invex/extract/pdf"
)

// Invoices print a vendor's name, a heading or a table's header in light
// letters on a dark band. Tesseract inverts a line it has found and cannot
// read, which is enough for many bands; but a band it takes for one blot of
// ink gives no line, and its letters are never read. readBands finds the
// bands of the picture that the first reading left without words, turns
// each into its negative (dark letters on white, stretched between the
// band's own levels), and reads them all at once on a strip. Pages without
// such a band cost nothing more; turning every band of every page into its
// negative before the first reading read more bands, but changed how
// bands that were already read split into lines and lost more fields than
// it gained (docs/performance.md).

const (
	// bandCell is the side in pixels of the cells a band is found in:
	// fine enough for its edges, coarse enough to be cheap.
	bandCell = 4
	// bandDark is the mean grey level under which a cell is dark.
	bandDark = 128
	// A band is at least bandMinWidth inches wide and bandMinHeight tall,
	// at most bandMaxHeight tall, and at least bandFill of the cells
	// inside its edges are dark.
	bandMinWidth  = 1.0
	bandMinHeight = 0.07
	bandMaxHeight = 1.5
	bandFill      = 0.6
)

// band is a dark band: on each row of cells from y0 on, the leftmost and
// rightmost cell it covers (a band turned with a skewed page is followed
// along its own edges).
type band struct {
	y0          int
	left, right []int
	// box is the band's bounding box in pixels.
	box blob
}

// findBands returns the dark bands of g, whose resolution is dpi.
func findBands(g *image.Gray, dpi float64) []band {
	b := g.Bounds()
	w, h := b.Dx(), b.Dy()
	cw, ch := (w+bandCell-1)/bandCell, (h+bandCell-1)/bandCell
	if cw < 4 || ch < 4 {
		return nil
	}
	sums := make([]uint32, cw*ch)
	for y := range h {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		cy := y / bandCell * cw
		for x, v := range row {
			sums[cy+x/bandCell] += uint32(v)
		}
	}
	dark := make([]bool, cw*ch)
	for y := range ch {
		for x := range cw {
			n := min(bandCell, w-x*bandCell) * min(bandCell, h-y*bandCell)
			dark[y*cw+x] = sums[y*cw+x] < uint32(bandDark*n)
		}
	}
	// A band is solid: its cells are dark all round. The strokes of
	// letters are a cell or two thick and are not, so a line of text that
	// touches a band does not join it.
	solid := make([]bool, cw*ch)
	for y := 1; y < ch-1; y++ {
		for x := 1; x < cw-1; x++ {
			k := y*cw + x
			solid[k] = dark[k-cw-1] && dark[k-cw] && dark[k-cw+1] && dark[k-1] && dark[k] && dark[k+1] &&
				dark[k+cw-1] && dark[k+cw] && dark[k+cw+1]
		}
	}
	minW := int(bandMinWidth * dpi / bandCell)
	minH, maxH := max(2, int(bandMinHeight*dpi/bandCell)), int(bandMaxHeight*dpi/bandCell)
	seen := make([]bool, cw*ch)
	left, right := make([]int, ch), make([]int, ch)
	for y := range ch {
		left[y], right[y] = cw, -1
	}
	var out []band
	var stack []int
	for start := range solid {
		if !solid[start] || seen[start] {
			continue
		}
		y0, y1 := ch, 0
		seen[start] = true
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := c%cw, c/cw
			y0, y1 = min(y0, y), max(y1, y)
			left[y], right[y] = min(left[y], x), max(right[y], x)
			for _, d := range [4]int{-1, 1, -cw, cw} {
				k := c + d
				if k < 0 || k >= len(solid) || (d == -1 && x == 0) || (d == 1 && x == cw-1) {
					continue
				}
				if solid[k] && !seen[k] {
					seen[k] = true
					stack = append(stack, k)
				}
			}
		}
		// Widen by the cell that being solid took off all round.
		by0, by1 := max(0, y0-1), min(ch-1, y1+1)
		bd := band{y0: by0, left: make([]int, by1-by0+1), right: make([]int, by1-by0+1)}
		x0, x1, area, darkCells := cw, -1, 0, 0
		for y := by0; y <= by1; y++ {
			l, r := cw, -1
			for k := max(0, y-1); k <= min(ch-1, y+1); k++ {
				if right[k] >= left[k] {
					l, r = min(l, max(0, left[k]-1)), max(r, min(cw-1, right[k]+1))
				}
			}
			bd.left[y-by0], bd.right[y-by0] = l, r
			if r < l {
				continue
			}
			x0, x1 = min(x0, l), max(x1, r)
			area += r - l + 1
			for x := l; x <= r; x++ {
				if dark[y*cw+x] {
					darkCells++
				}
			}
		}
		for y := y0; y <= y1; y++ {
			left[y], right[y] = cw, -1
		}
		if bh := by1 - by0 + 1; x1-x0+1 < minW || bh < minH || bh > maxH || float64(darkCells) < bandFill*float64(area) {
			continue
		}
		bd.box = blob{x0 * bandCell, by0 * bandCell, min(w, (x1+1)*bandCell), min(h, (by1+1)*bandCell)}
		out = append(out, bd)
	}
	return out
}

// negative returns a copy of the band's box of g in which the band (and
// the letters inside it) is turned into its negative, stretched so that
// its background is white and its letters black, and the rest of the box
// is white; ok is false for a band without light letters.
func (bd band) negative(g *image.Gray) (*image.Gray, bool) {
	bx := bd.box
	out := image.NewGray(image.Rect(0, 0, bx.w(), bx.h()))
	for i := range out.Pix {
		out.Pix[i] = 255
	}
	var hist [256]int
	n := 0
	each := func(fn func(src uint8, dst *uint8)) {
		for i := range bd.left {
			l, r := bd.left[i], bd.right[i]
			if r < l {
				continue
			}
			for y := (bd.y0 + i) * bandCell; y < min(bx.y1, (bd.y0+i+1)*bandCell); y++ {
				src := g.Pix[y*g.Stride:]
				dst := out.Pix[(y-bx.y0)*out.Stride:]
				for x := l * bandCell; x < min(bx.x1, (r+1)*bandCell); x++ {
					fn(src[x], &dst[x-bx.x0])
				}
			}
		}
	}
	each(func(v uint8, _ *uint8) { hist[v]++; n++ })
	dark, light := float64(level(hist[:], n, 0.4)), float64(level(hist[:], n, 0.97))
	if light-dark < 40 {
		return nil, false
	}
	var lut [256]uint8
	for v := range lut {
		lut[v] = uint8(math.Max(0, math.Min(255, 255*(light-float64(v))/(light-dark))))
	}
	each(func(v uint8, d *uint8) { *d = lut[v] })
	return out, true
}

// readBands reads the dark bands of img (decoded as g) that words leaves
// without a word, and returns their words in img's pixels.
func (e *Engine) readBands(ctx context.Context, img pdf.Image, g *image.Gray, lang string, words []rawWord) ([]rawWord, error) {
	if g == nil {
		var err error
		if g, err = img.Gray(); err != nil {
			return nil, nil // a picture Go cannot decode: Tesseract read it as it could
		}
	}
	dpi := img.DPI() * float64(g.Bounds().Dx()) / float64(max(img.Width, 1))
	var unread []band
	var pics []*image.Gray
	for _, bd := range findBands(g, dpi) {
		read := false
		for _, w := range words {
			cx, cy := (w.x0+w.x1)/2, (w.y0+w.y1)/2
			if cx >= float64(bd.box.x0) && cx < float64(bd.box.x1) && cy >= float64(bd.box.y0) && cy < float64(bd.box.y1) && hasAlnum(w.text) {
				read = true
				break
			}
		}
		if read {
			continue
		}
		if pic, ok := bd.negative(g); ok {
			unread = append(unread, bd)
			pics = append(pics, pic)
		}
	}
	if len(unread) == 0 {
		return nil, nil
	}
	// One strip, the bands one under the other, a third of an inch apart.
	gap := int(dpi / 3)
	sw, sh := 0, gap
	for _, p := range pics {
		sw = max(sw, p.Bounds().Dx()+2*gap)
		sh += p.Bounds().Dy() + gap
	}
	strip := image.NewGray(image.Rect(0, 0, sw, sh))
	for i := range strip.Pix {
		strip.Pix[i] = 255
	}
	tops := make([]int, len(pics))
	y := gap
	for k, p := range pics {
		tops[k] = y
		for py := range p.Bounds().Dy() {
			copy(strip.Pix[(y+py)*strip.Stride+gap:], p.Pix[py*p.Stride:py*p.Stride+p.Bounds().Dx()])
		}
		y += p.Bounds().Dy() + gap
	}
	read, err := e.readStrip(ctx, img.Page, strip, dpi, lang, "11")
	if err != nil {
		return nil, err
	}
	var got []rawWord
	for _, r := range clean(read) {
		cy := (r.y0 + r.y1) / 2
		for k, bd := range unread {
			top := float64(tops[k])
			if cy < top || cy >= top+float64(bd.box.h()) {
				continue
			}
			dx, dy := float64(bd.box.x0-gap), float64(bd.box.y0)-top
			r.x0, r.x1, r.y0, r.y1 = r.x0+dx, r.x1+dx, r.y0+dy, r.y1+dy
			// Lines of the strip must not share keys with the page's.
			r.line = [3]int{-1000 * (k + 1), r.line[1], r.line[0]*1000 + r.line[2]}
			got = append(got, r)
			break
		}
	}
	return got, nil
}
