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
	bands := rowBands(straight, lineBands(straight))
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

// Tesseract's sparse-text mode makes a line of every run of words it finds
// apart: the cells of one table row are as many lines, each with its own
// top and bottom (a cell of digits has no descenders, one of words has).
// Lines whose baselines agree are one row of the page, and rowBands gives
// their words one band, so that the row is read as one line however its
// cells' ink reaches up and down, and is kept apart from the rows above
// and below however close they are.

// Limits of lines on one row: their baselines differ by at most
// rowBaseline of the smaller line's height, and their heights by at most
// the factor rowHeight (a heading beside body text keeps its own band).
const (
	rowBaseline = 0.25
	rowHeight   = 1.5
)

// tline is one Tesseract line for rowBands.
type tline struct {
	key                 [3]int
	x0, x1, top, bottom float64
	base                float64
}

// rowBands groups the Tesseract lines whose words lie on one baseline (see
// rowBaseline, rowHeight) and do not overlap across the page, and returns
// per line the band of its row: from the highest top to the lowest bottom
// of the row's lines, measured from their mean baseline.
func rowBands(words []rawWord, bands map[[3]int][2]float64) map[[3]int][2]float64 {
	byLine := map[[3]int]*tline{}
	var bases = map[[3]int][]float64{}
	for _, w := range words {
		l := byLine[w.line]
		if l == nil {
			b := bands[w.line]
			l = &tline{key: w.line, x0: w.x0, x1: w.x1, top: b[0], bottom: b[1]}
			byLine[w.line] = l
		}
		l.x0, l.x1 = min(l.x0, w.x0), max(l.x1, w.x1)
		if hasAlnum(w.text) && !strings.ContainsAny(w.text, descenders) && w.y1 <= l.bottom+0.5 {
			bases[w.line] = append(bases[w.line], w.y1)
		}
	}
	lines := make([]*tline, 0, len(byLine))
	for key, l := range byLine {
		if bs := bases[key]; len(bs) > 0 {
			sort.Float64s(bs)
			l.base = bs[len(bs)/2]
		} else {
			// Every word reaches below the baseline: a descender is about
			// a fifth of a line's ink.
			l.base = l.bottom - 0.2*(l.bottom-l.top)
		}
		lines = append(lines, l)
	}
	sort.Slice(lines, func(i, j int) bool {
		if lines[i].base != lines[j].base {
			return lines[i].base < lines[j].base
		}
		return lines[i].x0 < lines[j].x0
	})
	type row struct {
		members []*tline
		base, h float64 // the first member's baseline and height
	}
	var rows []*row
	out := make(map[[3]int][2]float64, len(bands))
	for _, l := range lines {
		h := l.bottom - l.top
		var into *row
		// Lines come by baseline: only the last rows can take this one.
		for k := len(rows) - 1; k >= 0 && k >= len(rows)-6; k-- {
			r := rows[k]
			if math.Abs(l.base-r.base) > rowBaseline*min(h, r.h) || max(h, r.h) > rowHeight*min(h, r.h) {
				continue
			}
			apart := true
			for _, m := range r.members {
				if min(m.x1, l.x1)-max(m.x0, l.x0) > 0 {
					apart = false
					break
				}
			}
			if apart {
				into = r
				break
			}
		}
		if into == nil {
			rows = append(rows, &row{members: []*tline{l}, base: l.base, h: h})
			continue
		}
		into.members = append(into.members, l)
	}
	for _, r := range rows {
		up, down, base := 0.0, 0.0, 0.0
		for _, m := range r.members {
			up, down = max(up, m.base-m.top), max(down, m.bottom-m.base)
			base += m.base / float64(len(r.members))
		}
		for _, m := range r.members {
			out[m.key] = [2]float64{base - up, base + down}
		}
	}
	return out
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
