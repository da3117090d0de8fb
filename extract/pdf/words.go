package pdf

import (
	"fmt"
	"math"
	"strings"
	"unicode"

	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
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

func (r Rect) union(o Rect) Rect {
	return Rect{X0: min(r.X0, o.X0), Y0: min(r.Y0, o.Y0), X1: max(r.X1, o.X1), Y1: max(r.Y1, o.Y1)}
}

// words splits the text of a page into words on pdfium's whitespace (including
// the spaces and line breaks it generates) and on changes of direction.
func (w *worker) words(tp references.FPDF_TEXTPAGE, g geometry) (int, []Word, error) {
	count, err := w.inst.FPDFText_CountChars(&requests.FPDFText_CountChars{TextPage: tp})
	if err != nil {
		return 0, nil, fmt.Errorf("count chars: %w", err)
	}
	if count.Count <= 0 {
		return 0, nil, nil
	}
	text, err := w.pageText(tp, count.Count)
	if err != nil {
		return 0, nil, err
	}
	var words []Word
	var cur wordBuilder
	for i, r := range text {
		if unicode.IsSpace(r) {
			words = cur.flush(words)
			continue
		}
		if dropped(r) {
			continue
		}
		box, err := w.inst.FPDFText_GetLooseCharBox(&requests.FPDFText_GetLooseCharBox{TextPage: tp, Index: i})
		if err != nil {
			return 0, nil, fmt.Errorf("get char box: %w", err)
		}
		if cur.started {
			angle, err := w.inst.FPDFText_GetCharAngle(&requests.FPDFText_GetCharAngle{TextPage: tp, Index: i})
			if err != nil {
				return 0, nil, fmt.Errorf("get char angle: %w", err)
			}
			// pdfium measures the char angle clockwise.
			if g.angle(-float64(angle.CharAngle)) != cur.word.Angle {
				words = cur.flush(words)
			}
		}
		if !cur.started {
			if cur.word, err = w.style(tp, i, g); err != nil {
				return 0, nil, err
			}
			cur.word.Box = g.rect(box.Rect)
			cur.started = true
		}
		cur.add(r, g.rect(box.Rect))
	}
	return count.Count, cur.flush(words), nil
}

// pageText returns one rune per pdfium character. The bulk FPDFText_GetText
// is used unless its output does not line up with the character indices
// (e.g. a leading U+FEFF taken as a byte-order mark); then the characters are
// read one by one.
func (w *worker) pageText(tp references.FPDF_TEXTPAGE, n int) ([]rune, error) {
	res, err := w.inst.FPDFText_GetText(&requests.FPDFText_GetText{TextPage: tp, Count: n})
	if err != nil {
		return nil, fmt.Errorf("get text: %w", err)
	}
	if text := []rune(res.Text); len(text) == n {
		return text, nil
	}
	text := make([]rune, n)
	for i := range text {
		u, err := w.inst.FPDFText_GetUnicode(&requests.FPDFText_GetUnicode{TextPage: tp, Index: i})
		if err != nil {
			return nil, fmt.Errorf("get char: %w", err)
		}
		text[i] = rune(u.Unicode)
	}
	return text, nil
}

// style reads the font size, weight and direction of the character at index
// i; a word takes the style of its first character.
func (w *worker) style(tp references.FPDF_TEXTPAGE, i int, g geometry) (Word, error) {
	size, err := w.inst.FPDFText_GetFontSize(&requests.FPDFText_GetFontSize{TextPage: tp, Index: i})
	if err != nil {
		return Word{}, fmt.Errorf("get font size: %w", err)
	}
	m, err := w.inst.FPDFText_GetMatrix(&requests.FPDFText_GetMatrix{TextPage: tp, Index: i})
	if err != nil {
		return Word{}, fmt.Errorf("get char matrix: %w", err)
	}
	bold, err := w.bold(tp, i)
	if err != nil {
		return Word{}, err
	}
	a, b, c, d := float64(m.Matrix.A), float64(m.Matrix.B), float64(m.Matrix.C), float64(m.Matrix.D)
	return Word{
		FontSize: size.FontSize * math.Sqrt(math.Abs(a*d-b*c)),
		Bold:     bold,
		Angle:    g.angle(math.Atan2(b, a)),
	}, nil
}

const forceBold = 1 << 18 // font descriptor flag bit 19

func (w *worker) bold(tp references.FPDF_TEXTPAGE, i int) (bool, error) {
	weight, err := w.inst.FPDFText_GetFontWeight(&requests.FPDFText_GetFontWeight{TextPage: tp, Index: i})
	if err != nil {
		return false, fmt.Errorf("get font weight: %w", err)
	}
	if weight.FontWeight >= 600 {
		return true, nil
	}
	info, err := w.inst.FPDFText_GetFontInfo(&requests.FPDFText_GetFontInfo{TextPage: tp, Index: i})
	if err != nil {
		return false, fmt.Errorf("get font info: %w", err)
	}
	return info.Flags&forceBold != 0 || strings.Contains(strings.ToLower(info.FontName), "bold"), nil
}

// wordBuilder accumulates the characters of the current word.
type wordBuilder struct {
	word    Word
	text    strings.Builder
	started bool
}

func (b *wordBuilder) add(r rune, box Rect) {
	if lig := ligature(r); lig != "" {
		b.text.WriteString(lig)
	} else {
		b.text.WriteRune(r)
	}
	b.word.Box = b.word.Box.union(box)
}

// flush appends the current word, if any, to words and resets the builder.
func (b *wordBuilder) flush(words []Word) []Word {
	if b.started {
		b.word.Text = b.text.String()
		words = append(words, b.word)
	}
	b.text.Reset()
	b.started = false
	return words
}

// dropped reports characters that are removed from words: control
// characters (pdfium generates some), format characters such as bidi marks
// and overrides (U+200E/F, U+202A–202E, U+2066–2069), soft hyphens and
// zero-width spaces, and noncharacters.
func dropped(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == 0xFFFE || r == 0xFFFF
}

// ligature decomposes the Latin ligatures of the Alphabetic Presentation
// Forms block as NFKC would; it returns "" for any other rune.
func ligature(r rune) string {
	switch r {
	case '\uFB00':
		return "ff"
	case '\uFB01':
		return "fi"
	case '\uFB02':
		return "fl"
	case '\uFB03':
		return "ffi"
	case '\uFB04':
		return "ffl"
	case '\uFB05', '\uFB06':
		return "st"
	}
	return ""
}
