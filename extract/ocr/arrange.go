package ocr

import (
	"math"
	"sort"
	"strings"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/pdf"
)

// Skew limits: below minSkew a page is taken as straight; beyond maxSkew the
// measurement is not trusted (a page turned that far is not a skewed scan).
const (
	minSkew = 0.05 // degrees
	maxSkew = 8.0  // degrees
)

// looseAbove and looseBelow are the room in ems a text layer's loose box
// has above the tallest ink of a line (ascent over cap height) and below
// its lowest (descent under the descenders, or under the baseline of a
// line without them, partly).
const (
	looseAbove = 0.2
	looseBelow = 0.1
)

// emPerLine is the height of a line's ink (ascender top to descender bottom)
// in ems, used to estimate the font size of OCR words.
const emPerLine = 0.9

// arrange turns Tesseract's words into page words: the page skew measured
// from the words' lines is undone by turning every word's centre about the
// picture's centre, the words of one Tesseract line share that line's top
// and bottom (as the loose boxes of a text layer do), and pixels become
// points of the displayed page. It returns the words and the skew in
// degrees (positive when lines rise to the right).
func arrange(words []rawWord, img pdf.Image) ([]layout.Word, float64) {
	if len(words) == 0 || img.Width <= 0 || img.Height <= 0 {
		return nil, 0
	}
	slope := skewSlope(words, float64(img.Width))
	theta := math.Atan(slope)
	cx, cy := float64(img.Width)/2, float64(img.Height)/2
	sin, cos := math.Sin(theta), math.Cos(theta)
	straight := make([]rawWord, len(words))
	for i, w := range words {
		x, y := (w.x0+w.x1)/2-cx, (w.y0+w.y1)/2-cy
		nx, ny := cx+x*cos+y*sin, cy-x*sin+y*cos
		hw, hh := (w.x1-w.x0)/2, (w.y1-w.y0)/2
		w.x0, w.x1, w.y0, w.y1 = nx-hw, nx+hw, ny-hh, ny+hh
		straight[i] = w
	}
	bands := lineBands(straight)
	sx := (img.Box.X1 - img.Box.X0) / float64(img.Width)
	sy := (img.Box.Y1 - img.Box.Y0) / float64(img.Height)
	out := make([]layout.Word, 0, len(straight))
	for _, w := range straight {
		// Every word takes its line's band, as loose boxes of a text layer
		// do: a "/" or a "g" reaching out of the line must not pull the
		// line into the next one. Only a word far taller than its line
		// (a heading Tesseract put among small words) keeps its own box.
		b := bands[w.line]
		top, bottom := b[0], b[1]
		if w.height() > 2*(b[1]-b[0]) {
			top, bottom = w.y0, w.y1
		}
		// A text layer's boxes are loose: from the font's ascent to its
		// descent, taller than the ink. OCR's words get the same room
		// round their ink, so that gaps between lines measure alike on
		// scans and on digital pages.
		em := (bottom - top) / emPerLine
		top, bottom = top-looseAbove*em, bottom+looseBelow*em
		out = append(out, layout.Word{
			Text: w.text,
			Box: layout.Rect{
				X0: img.Box.X0 + w.x0*sx, Y0: img.Box.Y0 + top*sy,
				X1: img.Box.X0 + w.x1*sx, Y1: img.Box.Y0 + bottom*sy,
			},
			FontSize: (b[1] - b[0]) * sy / emPerLine,
			OCR:      true,
			Conf:     min(max(w.conf/100, 0), 1),
		})
	}
	separate(out)
	return out, -theta * 180 / math.Pi
}

// separate moves a word of punctuation only (a colon after a label) off a
// word it overlaps on the same row: OCR boxes of "Date" and its ":" may
// overlap, and line building takes words drawn over each other for
// separate lines.
func separate(words []layout.Word) {
	for i := range words {
		p := &words[i]
		if hasAlnum(p.Text) {
			continue
		}
		for j := range words {
			o := words[j]
			if j == i || !hasAlnum(o.Text) {
				continue
			}
			vert := min(p.Box.Y1, o.Box.Y1) - max(p.Box.Y0, o.Box.Y0)
			horiz := min(p.Box.X1, o.Box.X1) - max(p.Box.X0, o.Box.X0)
			if vert <= 0.5*min(p.Box.Y1-p.Box.Y0, o.Box.Y1-o.Box.Y0) || horiz <= 0 {
				continue
			}
			w := p.Box.X1 - p.Box.X0
			if (p.Box.X0+p.Box.X1)/2 >= (o.Box.X0+o.Box.X1)/2 {
				p.Box.X0 = o.Box.X1 + 0.1
			} else {
				p.Box.X0 = o.Box.X0 - 0.1 - w
			}
			p.Box.X1 = p.Box.X0 + w
		}
	}
}

// lineBands returns, per Tesseract line, the top and bottom of its typical
// words: words more than 1.5 times as tall as the line's median word (a
// rule read into a word, a bracket) do not stretch it.
func lineBands(words []rawWord) map[[3]int][2]float64 {
	byLine := map[[3]int][]rawWord{}
	for _, w := range words {
		byLine[w.line] = append(byLine[w.line], w)
	}
	bands := make(map[[3]int][2]float64, len(byLine))
	for key, ws := range byLine {
		hs := make([]float64, len(ws))
		for i, w := range ws {
			hs[i] = w.height()
		}
		sort.Float64s(hs)
		med := hs[len(hs)/2]
		top, bottom := math.Inf(1), math.Inf(-1)
		for _, w := range ws {
			if w.height() <= 1.5*med {
				top, bottom = min(top, w.y0), max(bottom, w.y1)
			}
		}
		bands[key] = [2]float64{top, bottom}
	}
	return bands
}

// skewSlope measures the page's skew as the median slope (dy/dx in picture
// pixels, y down) of the straight lines through the bottoms of the words of
// each Tesseract line at least a sixth of the picture wide. Only words
// without descenders count (their bottom is the baseline). It returns 0
// when fewer than three lines say, or the slope is out of the trusted
// range.
func skewSlope(words []rawWord, width float64) float64 {
	byLine := map[[3]int][]rawWord{}
	for _, w := range words {
		if hasAlnum(w.text) && !strings.ContainsAny(w.text, descenders) {
			byLine[w.line] = append(byLine[w.line], w)
		}
	}
	var slopes []float64
	for _, ws := range byLine {
		if len(ws) < 2 {
			continue
		}
		var sx, sy, sxx, sxy float64
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, w := range ws {
			x, y := (w.x0+w.x1)/2, w.y1
			sx, sy, sxx, sxy = sx+x, sy+y, sxx+x*x, sxy+x*y
			lo, hi = min(lo, w.x0), max(hi, w.x1)
		}
		if hi-lo < width/6 {
			continue
		}
		n := float64(len(ws))
		den := n*sxx - sx*sx
		if den <= 0 {
			continue
		}
		slopes = append(slopes, (n*sxy-sx*sy)/den)
	}
	if len(slopes) < 3 {
		return 0
	}
	sort.Float64s(slopes)
	m := slopes[len(slopes)/2]
	deg := math.Abs(math.Atan(m) * 180 / math.Pi)
	if deg < minSkew || deg > maxSkew {
		return 0
	}
	return m
}

// descenders are the characters that reach below the baseline.
const descenders = "gjpqyQ(),;[]{}|/µ"
