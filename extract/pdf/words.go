package pdf

import (
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
	"github.com/klippa-app/go-pdfium/structs"
)

// words splits the text of a page into words on pdfium's whitespace (including
// the spaces and line breaks it generates) and where the direction changes.
// paints says how each word is painted.
func (w *worker) words(tp references.FPDF_TEXTPAGE, g geometry) (n int, words []Word, paints []paint, err error) {
	count, err := w.inst.FPDFText_CountChars(&requests.FPDFText_CountChars{TextPage: tp})
	if err != nil {
		return 0, nil, nil, fmt.Errorf("count chars: %w", err)
	}
	if count.Count <= 0 {
		return 0, nil, nil, nil
	}
	t := textPage{w: w, tp: tp, g: g, boxes: map[int]*Rect{}, fast: fastTextOf(w, tp)}
	defer t.fast.release()
	text, err := t.pageText(count.Count)
	if err != nil {
		return 0, nil, nil, err
	}
	words, paints, err = t.split(text)
	if err != nil {
		return 0, nil, nil, err
	}
	return count.Count, words, paints, nil
}

// textPage reads the characters of one pdfium text page.
type textPage struct {
	w  *worker
	tp references.FPDF_TEXTPAGE
	g  geometry
	// boxes caches character boxes by index, since a box may be needed twice
	// (when deciding on a line break, then when adding the character).
	boxes map[int]*Rect
	// fast makes direct calls into the module; nil when unavailable.
	fast *fastText
}

// query runs one pdfium query about a character. pdfium has no answer for
// some characters (e.g. ones it generated), and go-pdfium reports that as an
// error; then query returns nil and the caller uses a default. The error is
// returned only when the wasm module was closed, i.e. the read was
// interrupted.
func query[Req, Res any](t textPage, call func(*Req) (*Res, error), req *Req, what string) (*Res, error) {
	res, err := call(req)
	switch {
	case err == nil:
		return res, nil
	case t.w.mod.IsClosed():
		return nil, fmt.Errorf("%s: %w", what, err)
	default:
		return nil, nil
	}
}

// split builds words from the page text, one rune per pdfium character,
// and says how each is painted.
func (t textPage) split(text []rune) ([]Word, []paint, error) {
	var words []Word
	var b wordBuilder
	for i, r := range text {
		if unicode.IsSpace(r) {
			joined, err := t.spuriousBreak(text, i, &b)
			if err != nil {
				return nil, nil, err
			}
			if !joined {
				words = b.flush(words)
			}
			continue
		}
		if dropped(r) {
			// pdfium marks the hyphen of a word broken over two lines
			// with a noncharacter.
			b.broken = b.started && r == hyphenMark
			continue
		}
		box, err := t.charBox(i)
		if err != nil {
			return nil, nil, err
		}
		if b.started {
			turned, err := t.turned(i, b.word.Angle, b.last, box)
			if err != nil {
				return nil, nil, err
			}
			if !turned && b.last != nil && box != nil && jumped(*b.last, *box, b.word.Angle) {
				if !b.hyphenated() {
					words = b.flush(words)
				} else {
					// A word broken over two lines stands on the line
					// it ends on: that line starts at its column's
					// edge as it would unbroken, and the line it began
					// on ends before it.
					b.boxed = false
				}
			} else if turned {
				words = b.flush(words)
			}
		}
		if !b.started {
			style, err := t.style(i)
			if err != nil {
				return nil, nil, err
			}
			pt, err := t.paint(i)
			if err != nil {
				return nil, nil, err
			}
			b.start(style, pt)
		}
		b.add(r, box)
	}
	return b.flush(words), b.paints, nil
}

// paint says how a word is painted, from its first character.
type paint uint8

const (
	paintNormal paint = iota
	// paintWhite: filled in white (or nearly), visible only on a dark
	// background.
	paintWhite
	// paintInvisible: text render mode 3 or 7 (neither filled nor
	// stroked), or a fully transparent fill, as searchable scans lay their
	// OCR text over the page picture.
	paintInvisible
)

// whiteLevel is the lowest channel value of a fill taken for white.
const whiteLevel = 245

// paint reads how character i is painted.
func (t textPage) paint(i int) (paint, error) {
	var mode int
	var rgba [4]uint32
	var ok bool
	if t.fast != nil {
		var err error
		if mode, err = t.fast.renderMode(i); err != nil {
			return paintNormal, fmt.Errorf("get render mode: %w", err)
		}
		if rgba, ok, err = t.fast.fillColor(i); err != nil {
			return paintNormal, fmt.Errorf("get fill colour: %w", err)
		}
	} else {
		mode = -1
		obj, err := query(t, t.w.inst.FPDFText_GetTextObject,
			&requests.FPDFText_GetTextObject{TextPage: t.tp, Index: i}, "get text object")
		if err != nil {
			return paintNormal, err
		}
		if obj != nil {
			if m, err := t.w.inst.FPDFTextObj_GetTextRenderMode(&requests.FPDFTextObj_GetTextRenderMode{PageObject: obj.TextObject}); err == nil {
				mode = int(m.TextRenderMode)
			}
		}
		c, err := query(t, t.w.inst.FPDFText_GetFillColor,
			&requests.FPDFText_GetFillColor{TextPage: t.tp, Index: i}, "get fill colour")
		if err != nil {
			return paintNormal, err
		}
		if c != nil {
			rgba, ok = [4]uint32{uint32(c.R), uint32(c.G), uint32(c.B), uint32(c.A)}, true
		}
	}
	fillOnly := mode <= 0 || mode == 4 // -1: unknown, taken as the default fill
	switch {
	case mode == 3 || mode == 7:
		return paintInvisible, nil
	case !fillOnly || !ok:
	case rgba[3] == 0:
		return paintInvisible, nil
	case rgba[0] >= whiteLevel && rgba[1] >= whiteLevel && rgba[2] >= whiteLevel:
		return paintWhite, nil
	}
	return paintNormal, nil
}

// spuriousBreak reports whether the line break at text[i] is one pdfium
// generated between glyphs that plainly continue one another on the same
// baseline with no gap, as it does for producers that place every glyph on
// its own (Chromium with some fonts): such a break is not a word boundary.
// Spaces, and breaks between glyphs that are apart, are always boundaries.
func (t textPage) spuriousBreak(text []rune, i int, b *wordBuilder) (bool, error) {
	if text[i] != '\r' && text[i] != '\n' || !b.started || b.last == nil {
		return false, nil
	}
	j := i
	for j < len(text) && (text[j] == '\r' || text[j] == '\n') {
		j++
	}
	if j == len(text) || unicode.IsSpace(text[j]) || dropped(text[j]) {
		return false, nil
	}
	next, err := t.charBox(j)
	if err != nil || next == nil {
		return false, err
	}
	prev := *b.last
	// Along the baseline (u) and across it (v), whatever the direction.
	pu0, pu1, pv0, pv1 := alongAcross(prev, b.word.Angle)
	nu0, _, nv0, nv1 := alongAcross(*next, b.word.Angle)
	height := min(pv1-pv0, nv1-nv0)
	overlap := min(pv1, nv1) - max(pv0, nv0)
	if height <= 0 || overlap < 0.6*height || nu0 < pu0 {
		return false, nil
	}
	// Touching glyphs: the gap is a small fraction of the line's height.
	gap := nu0 - pu1
	return math.Abs(gap) < 0.1*height, nil
}

// jumped reports whether a glyph does not continue the one before it on
// its line: it starts left of it, on a line of its own (a line under a
// short one, which pdfium may give without a break between). A word
// broken after a hyphen goes on all the same (see hyphenated).
func jumped(prev, next Rect, angle int) bool {
	pu0, _, pv0, pv1 := alongAcross(prev, angle)
	nu0, _, nv0, nv1 := alongAcross(next, angle)
	height := min(pv1-pv0, nv1-nv0)
	if height <= 0 {
		return false
	}
	overlap := min(pv1, nv1) - max(pv0, nv0)
	return nu0 < pu0-0.2*height && overlap < 0.5*height
}

// alongAcross returns a box's extent along a baseline running at angle
// (reading from small to large u) and across it.
func alongAcross(r Rect, angle int) (u0, u1, v0, v1 float64) {
	switch angle {
	case 90:
		return -r.Y1, -r.Y0, r.X0, r.X1
	case 180:
		return -r.X1, -r.X0, -r.Y1, -r.Y0
	case 270:
		return r.Y0, r.Y1, -r.X1, -r.X0
	}
	return r.X0, r.X1, r.Y0, r.Y1
}

// charBox returns the loose box of character i on the displayed page, or nil
// if pdfium has none.
func (t textPage) charBox(i int) (*Rect, error) {
	if b, ok := t.boxes[i]; ok {
		return b, nil
	}
	if t.fast != nil {
		l, top, r, bottom, ok, err := t.fast.looseBox(i)
		if err != nil {
			return nil, fmt.Errorf("get char box: %w", err)
		}
		if !ok {
			return nil, nil
		}
		box := t.g.rect(structs.FPDF_FS_RECTF{Left: l, Top: top, Right: r, Bottom: bottom})
		t.boxes[i] = &box
		return &box, nil
	}
	res, err := query(t, t.w.inst.FPDFText_GetLooseCharBox,
		&requests.FPDFText_GetLooseCharBox{TextPage: t.tp, Index: i}, "get char box")
	if res == nil {
		return nil, err
	}
	box := t.g.rect(res.Rect)
	if t.boxes != nil {
		t.boxes[i] = &box
	}
	return &box, nil
}

// turned reports whether character i, with box next, runs in another
// direction than the word (angle) whose last character has box prev. The
// character's matrix is queried only when the boxes do not show a plain
// continuation, to save a call into wasm per character.
func (t textPage) turned(i, angle int, prev, next *Rect) (bool, error) {
	if prev != nil && next != nil && continues(*prev, *next, angle) {
		return false, nil
	}
	m, err := t.matrix(i)
	if err != nil || m == nil {
		return false, err
	}
	return t.g.angle(m.radians()) != angle, nil
}

// matrix returns the transformation matrix of character i (text and
// graphics state, without the font size), or nil if pdfium has none.
func (t textPage) matrix(i int) (*matrix, error) {
	if t.fast != nil {
		m, ok, err := t.fast.charMatrix(i)
		if err != nil || !ok {
			return nil, err
		}
		return &m, nil
	}
	res, err := query(t, t.w.inst.FPDFText_GetMatrix,
		&requests.FPDFText_GetMatrix{TextPage: t.tp, Index: i}, "get char matrix")
	if res == nil {
		return nil, err
	}
	m := res.Matrix
	return &matrix{float64(m.A), float64(m.B), float64(m.C), float64(m.D)}, nil
}

// pageText returns one rune per pdfium character. The bulk FPDFText_GetText
// is used unless its output does not line up with the character indices
// (e.g. a leading U+FEFF taken as a byte-order mark); then the characters are
// read one by one.
func (t textPage) pageText(n int) ([]rune, error) {
	res, err := t.w.inst.FPDFText_GetText(&requests.FPDFText_GetText{TextPage: t.tp, Count: n})
	if err != nil {
		return nil, fmt.Errorf("get text: %w", err)
	}
	if text := []rune(res.Text); len(text) == n {
		return text, nil
	}
	text := make([]rune, n)
	for i := range text {
		u, err := query(t, t.w.inst.FPDFText_GetUnicode,
			&requests.FPDFText_GetUnicode{TextPage: t.tp, Index: i}, "get char")
		if err != nil {
			return nil, err
		}
		if u != nil {
			text[i] = rune(u.Unicode)
		}
	}
	return text, nil
}

// style reads the font size, weight and direction of character i; a word
// takes the style of its first character.
func (t textPage) style(i int) (Word, error) {
	fontSize, err := t.fontSize(i)
	if err != nil {
		return Word{}, err
	}
	m, err := t.matrix(i)
	if err != nil {
		return Word{}, err
	}
	var w Word
	if m == nil {
		m = &matrix{a: 1, d: 1}
	}
	w.FontSize = fontSize * m.scale()
	w.Angle = t.g.angle(m.radians())
	w.Bold, err = t.bold(i)
	return w, err
}

// fontSize returns the font size of character i, 0 when pdfium has none.
func (t textPage) fontSize(i int) (float64, error) {
	if t.fast != nil {
		size, err := t.fast.fontSize(i)
		if err != nil {
			return 0, fmt.Errorf("get font size: %w", err)
		}
		return size, nil
	}
	size, err := query(t, t.w.inst.FPDFText_GetFontSize,
		&requests.FPDFText_GetFontSize{TextPage: t.tp, Index: i}, "get font size")
	if size == nil {
		return 0, err
	}
	return size.FontSize, nil
}

const forceBold = 1 << 18 // font descriptor flag bit 19

func (t textPage) bold(i int) (bool, error) {
	if t.fast != nil {
		weight, err := t.fast.fontWeight(i)
		if err != nil {
			return false, fmt.Errorf("get font weight: %w", err)
		}
		if weight >= 600 {
			return true, nil
		}
	} else {
		weight, err := query(t, t.w.inst.FPDFText_GetFontWeight,
			&requests.FPDFText_GetFontWeight{TextPage: t.tp, Index: i}, "get font weight")
		if err != nil {
			return false, err
		}
		if weight != nil && weight.FontWeight >= 600 {
			return true, nil
		}
	}
	info, err := query(t, t.w.inst.FPDFText_GetFontInfo,
		&requests.FPDFText_GetFontInfo{TextPage: t.tp, Index: i}, "get font info")
	if info == nil {
		return false, err
	}
	return info.Flags&forceBold != 0 || strings.Contains(strings.ToLower(info.FontName), "bold"), nil
}

// wordBuilder accumulates the characters of the current word.
type wordBuilder struct {
	word    Word
	paint   paint
	paints  []paint // of the words flushed so far
	text    strings.Builder
	boxed   bool  // word.Box holds at least one character box
	last    *Rect // box of the last character, if any
	started bool
	broken  bool // pdfium's hyphen mark follows the last character
}

// hyphenated reports whether the word so far ends with a hyphen: a word
// broken over two lines ("USt-" over "Satz") goes on on the next. A token
// that starts with a dash ("-KX-", a department's code between dashes)
// is no broken word, though it ends with one.
func (b *wordBuilder) hyphenated() bool {
	t := b.text.String()
	if r, _ := utf8.DecodeRuneInString(t); !unicode.IsLetter(r) && !unicode.IsDigit(r) {
		return false
	}
	return b.broken || strings.HasSuffix(t, "-") || strings.HasSuffix(t, "\u00ad")
}

// start begins a word with the style of its first character.
func (b *wordBuilder) start(style Word, pt paint) {
	b.word, b.paint = style, pt
	b.started = true
}

// add appends r, whose box may be unknown (nil), to the word.
func (b *wordBuilder) add(r rune, box *Rect) {
	if lig := ligature(r); lig != "" {
		b.text.WriteString(lig)
	} else {
		b.text.WriteRune(r)
	}
	b.last, b.broken = box, false
	switch {
	case box == nil:
	case b.boxed:
		b.word.Box = b.word.Box.Union(*box)
	default:
		b.word.Box, b.boxed = *box, true
	}
}

// flush appends the current word, if any, to words and resets the builder.
func (b *wordBuilder) flush(words []Word) []Word {
	if b.started {
		if b.broken {
			// pdfium's hyphen mark ended a word that no line goes on
			// with: the hyphen is printed text ("-KX-").
			b.text.WriteByte('-')
		}
		b.word.Text = b.text.String()
		words = append(words, b.word)
		b.paints = append(b.paints, b.paint)
	}
	b.text.Reset()
	b.started, b.boxed, b.last, b.broken = false, false, nil, false
	return words
}

// hyphenMark is what pdfium gives for a hyphen that ends a line inside a
// word.
const hyphenMark = 0xFFFE

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
