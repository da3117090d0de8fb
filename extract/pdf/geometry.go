package pdf

import (
	"math"

	"github.com/klippa-app/go-pdfium/structs"
)

// geometry maps pdfium's user space (origin bottom-left, y up, unrotated) to
// the displayed page (origin top-left, y down, after /Rotate).
type geometry struct {
	rotation                 int // degrees clockwise
	left, bottom, right, top float64
}

func (g geometry) size() (width, height float64) {
	width, height = g.right-g.left, g.top-g.bottom
	if g.rotation == 90 || g.rotation == 270 {
		return height, width
	}
	return width, height
}

func (g geometry) point(x, y float64) (float64, float64) {
	switch g.rotation {
	case 90:
		return y - g.bottom, x - g.left
	case 180:
		return g.right - x, y - g.bottom
	case 270:
		return g.top - y, g.right - x
	default:
		return x - g.left, g.top - y
	}
}

func (g geometry) rect(r structs.FPDF_FS_RECTF) Rect {
	x0, y0 := g.point(float64(r.Left), float64(r.Top))
	x1, y1 := g.point(float64(r.Right), float64(r.Bottom))
	return Rect{X0: min(x0, x1), Y0: min(y0, y1), X1: max(x0, x1), Y1: max(y0, y1)}
}

// angle converts a direction in user space (radians counter-clockwise) to
// whole degrees counter-clockwise on the displayed page, in [0, 360).
func (g geometry) angle(radians float64) int {
	deg := int(math.Round(radians*180/math.Pi)) - g.rotation
	return ((deg % 360) + 360) % 360
}

// continues reports whether box next plainly follows box prev in a word
// running at angle (display degrees counter-clockwise): the same extent
// across the direction (loose boxes of one font and baseline share it) and an
// advance along it. A turn of more than a degree or two fails the test.
func continues(prev, next Rect, angle int) bool {
	const tolerance = 0.25 // points
	near := func(a, b float64) bool { return math.Abs(a-b) <= tolerance }
	sameRow := near(prev.Y0, next.Y0) && near(prev.Y1, next.Y1)
	sameColumn := near(prev.X0, next.X0) && near(prev.X1, next.X1)
	switch angle {
	case 0:
		return sameRow && next.X0 > prev.X0
	case 90:
		return sameColumn && next.Y1 < prev.Y1
	case 180:
		return sameRow && next.X1 < prev.X1
	case 270:
		return sameColumn && next.Y0 > prev.Y0
	}
	return false
}

// matrix is the linear part of a PDF transformation matrix.
type matrix struct{ a, b, c, d float64 }

// scale is the linear scale factor of the matrix, √|det|.
func (m matrix) scale() float64 { return math.Sqrt(math.Abs(m.a*m.d - m.b*m.c)) }

// radians is the direction of the baseline, counter-clockwise in user space.
// Unlike pdfium's FPDFText_GetCharAngle it ignores shear (oblique text).
func (m matrix) radians() float64 { return math.Atan2(m.b, m.a) }
