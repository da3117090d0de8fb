package ocr

import (
	"image"
	"math"
	"slices"
)

// Tesseract binarises a picture with one threshold for the whole page
// (Otsu's). That works for an office scan: white paper, black ink, the same
// light everywhere. It fails for a phone photo with a shadow across the
// sheet or light falling off toward a corner, where the paper in the dark
// part is darker than the ink in the bright part, and it loses faded print
// (thermal paper, a light toner) whose ink is barely darker than the paper.
// flatten measures the paper's brightness over the page and, only when it
// varies or the ink is faint, divides it out and stretches the ink back to
// black: the single threshold then separates ink from paper everywhere.

// Limits of a picture taken as it is: the paper's brightness may vary by
// maxPaperSpread grey levels across the page (a scanner's own unevenness
// and the tint of paper stay below), and the darkest ink must be at least
// minInkContrast levels under the paper.
const (
	maxPaperSpread = 36
	minInkContrast = 110
)

// paperPercentile is the share of a tile's pixels at or below the level
// taken as the tile's paper: most of any tile is paper, even in a block of
// text.
const paperPercentile = 0.85

// flatten returns g with its paper made even and white and its ink dark,
// and true, when the picture needs it (see maxPaperSpread, minInkContrast);
// otherwise g itself and false. dpi sizes the tiles over which the paper is
// measured: about a quarter of an inch, larger than any glyph of body text.
func flatten(g *image.Gray, dpi float64) (*image.Gray, bool) {
	b := g.Bounds()
	w, h := b.Dx(), b.Dy()
	tile := max(16, int(dpi/4))
	if w < 2*tile || h < 2*tile {
		return g, false
	}
	nx, ny := (w+tile-1)/tile, (h+tile-1)/tile
	paper := make([]float64, nx*ny)
	var all [256]int
	for ty := range ny {
		for tx := range nx {
			var hist [256]int
			n := 0
			for y := ty * tile; y < min(h, (ty+1)*tile); y++ {
				row := g.Pix[y*g.Stride : y*g.Stride+w]
				for _, v := range row[tx*tile : min(w, (tx+1)*tile)] {
					hist[v]++
				}
			}
			for v, c := range hist {
				all[v] += c
				n += c
			}
			paper[ty*nx+tx] = float64(level(hist[:], n, paperPercentile))
		}
	}
	// A tile inside a logo or a dark band shows no paper: a closing (the
	// brightest of its neighbours, then the darkest of theirs) lets the
	// paper round it stand in while the edge of a shadow stays where it
	// is, and a mean over neighbours smooths the steps between tiles.
	paper = smooth(extreme(extreme(paper, nx, ny, math.Max), nx, ny, math.Min), nx, ny)
	sorted := slices.Clone(paper)
	slices.Sort(sorted)
	spread := sorted[len(sorted)*95/100] - sorted[len(sorted)*5/100]
	mid := sorted[len(sorted)/2]
	ink := float64(level(all[:], w*h, 0.005))
	if spread <= maxPaperSpread && mid-ink >= minInkContrast {
		return g, false
	}
	// The ink's level once the paper is white, and the stretch that makes
	// it black while the paper (and its noise) stays white.
	lo := math.Min(ink/math.Max(mid, 1)*255, 200)
	hi := 245.0
	scale := 255 / (hi - lo)
	out := image.NewGray(image.Rect(0, 0, w, h))
	bg := make([]float64, w)
	cols := make([]between, w)
	for x := range cols {
		cols[x] = betweenCentres(x, tile, nx)
	}
	for y := range h {
		paperRow(bg, paper, cols, nx, betweenCentres(y, tile, ny))
		src := g.Pix[y*g.Stride : y*g.Stride+w]
		dst := out.Pix[y*out.Stride : y*out.Stride+w]
		for x, v := range src {
			n := float64(v) * 255 / math.Max(bg[x], 1)
			dst[x] = uint8(math.Max(0, math.Min(255, (n-lo)*scale)))
		}
	}
	return out, true
}

// level returns the grey level at or below which share q of the n counted
// pixels lie.
func level(hist []int, n int, q float64) int {
	want := int(q * float64(n))
	sum := 0
	for v, c := range hist {
		sum += c
		if sum > want {
			return v
		}
	}
	return len(hist) - 1
}

// extreme returns the 3×3 maximum (pick math.Max) or minimum (math.Min) of
// a grid of nx × ny values.
func extreme(grid []float64, nx, ny int, pick func(a, b float64) float64) []float64 {
	out := make([]float64, len(grid))
	for y := range ny {
		for x := range nx {
			m := grid[y*nx+x]
			for yy := max(0, y-1); yy <= min(ny-1, y+1); yy++ {
				for xx := max(0, x-1); xx <= min(nx-1, x+1); xx++ {
					m = pick(m, grid[yy*nx+xx])
				}
			}
			out[y*nx+x] = m
		}
	}
	return out
}

// smooth returns the 3×3 mean of a grid of nx × ny values.
func smooth(grid []float64, nx, ny int) []float64 {
	out := make([]float64, len(grid))
	for y := range ny {
		for x := range nx {
			s, n := 0.0, 0
			for yy := max(0, y-1); yy <= min(ny-1, y+1); yy++ {
				for xx := max(0, x-1); xx <= min(nx-1, x+1); xx++ {
					s += grid[yy*nx+xx]
					n++
				}
			}
			out[y*nx+x] = s / float64(n)
		}
	}
	return out
}

// between says where a pixel lies between the centres of two tiles: their
// indices and the weight of the second.
type between struct {
	i0, i1 int
	a      float64
}

// betweenCentres places pixel p among n tiles of the given size.
func betweenCentres(p, tile, n int) between {
	f := (float64(p)+0.5)/float64(tile) - 0.5
	i0 := min(max(int(math.Floor(f)), 0), n-1)
	return between{i0, min(i0+1, n-1), min(max(f-float64(i0), 0), 1)}
}

// paperRow fills row with the paper's level at every pixel of a picture
// row placed at ry, interpolated between the centres of the tiles.
func paperRow(row, grid []float64, cols []between, nx int, ry between) {
	r0, r1 := grid[ry.i0*nx:], grid[ry.i1*nx:]
	for x, c := range cols {
		top := r0[c.i0]*(1-c.a) + r0[c.i1]*c.a
		bottom := r1[c.i0]*(1-c.a) + r1[c.i1]*c.a
		row[x] = top*(1-ry.a) + bottom*ry.a
	}
}
