// Package layout is the page vocabulary of the engine, in pure Go: a
// document of pages, each with its words (text and box, font size and
// weight, direction) grouped into lines, and the structure found on a page.
// The PDF reader (package pdf) and OCR (package ocr) produce it; the field
// rules read it. Boxes are in points, origin at the top-left corner of the
// displayed page, y growing downward.
package layout

import (
	"math"
	"strings"
)

// Document is the content of a PDF document.
type Document struct {
	// Pages holds the pages in document order.
	Pages []Page
	// Attachments holds the embedded files of the document.
	Attachments []Attachment
}

// Text returns the words of all pages: words on the same line joined by a
// space, lines by a newline, pages by an empty line. It is meant for quick
// checks; use the word boxes to rebuild layout.
func (d *Document) Text() string {
	pages := make([]string, len(d.Pages))
	for i, p := range d.Pages {
		pages[i] = p.text()
	}
	return strings.Join(pages, "\n\n")
}

// Page is one page of a document. All geometry is in the page as displayed,
// i.e. after applying the page's /Rotate.
type Page struct {
	// Number is the 1-based page number.
	Number int
	// Width and Height are the size of the displayed page in points, after
	// applying Rotation: a portrait page with /Rotate 90 is wider than high.
	Width, Height float64
	// Rotation is the page's /Rotate in degrees clockwise: 0, 90, 180 or 270.
	Rotation int
	// Chars is pdfium's character count of the page, including the spaces
	// and line breaks it generates; 0 means the page has no text layer.
	Chars int
	// Words holds the words in pdfium's reading (content-stream) order.
	Words []Word
	// Lines groups Words into visual lines, in reading order: horizontal
	// lines top to bottom, then lines of vertical or upside-down text.
	Lines []Line
	// Images holds the boxes of the images drawn on the page, e.g. a scan
	// or a letterhead logo, whether drawn by the page itself or inside
	// form XObjects.
	Images []Rect
	// Paths counts the page's vector path objects, in form XObjects too
	// (up to 5,000 objects are looked at): rules and shapes, or text drawn
	// as outlines when the page has no text layer.
	Paths int
}

// USLetter reports whether the page is US Letter paper (8.5 × 11 in, 612 ×
// 792 points), upright or turned.
func (p Page) USLetter() bool {
	near := func(a, b float64) bool { return math.Abs(a-b) <= 4 }
	return near(p.Width, 612) && near(p.Height, 792) || near(p.Width, 792) && near(p.Height, 612)
}

// text returns the page's lines in reading order, one per row.
func (p Page) text() string {
	rows := make([]string, len(p.Lines))
	for i, l := range p.Lines {
		rows[i] = p.LineText(l)
	}
	return strings.Join(rows, "\n")
}

// Word is a run of characters between whitespace, as delimited by pdfium.
type Word struct {
	// Text is the word with ligatures decomposed and control and bidi
	// formatting characters removed.
	Text string
	// Box is the union of the loose character boxes of the word.
	Box Rect
	// FontSize is the effective font size in points of the first character:
	// the font size times the scale of the text and graphics matrices.
	FontSize float64
	// Bold reports a font weight of at least 600, a font name containing
	// "bold" or the ForceBold flag, for the first character.
	Bold bool
	// Angle is the direction of the baseline in whole degrees
	// counter-clockwise on the displayed page, in [0, 360): 0 for normal
	// text, 90 for text running bottom to top, 270 for top to bottom, 180
	// upside down. It comes from the character matrix, so oblique (sheared)
	// text keeps the angle of its baseline. A word never spans two angles.
	Angle int
	// OCR reports a word read by OCR from the page's picture rather than
	// from its text layer. FontSize and Bold are estimates then.
	OCR bool
	// Conf is OCR's confidence in the word's text, in [0, 1], for a word
	// read by OCR; 0 for a word of a text layer.
	Conf float64
}

// Evidence says where a value was read and how sure the engine is of it:
// the page and box of the words it came from.
type Evidence struct {
	// Page is the 1-based page number.
	Page int `json:"page"`
	// Box is the value's box on the page, in points, origin at the top-left
	// corner, y growing downward.
	Box Rect `json:"box"`
	// Confidence is in [0, 1].
	Confidence float64 `json:"confidence"`
}

// Size is the displayed size of a page in points.
type Size struct{ W, H float64 }

// Rect is an axis-aligned rectangle in points on the displayed page. The
// origin is the TOP-LEFT corner of the page, X grows to the right and Y grows
// DOWNWARD, so X0 <= X1, Y0 <= Y1 and Y0 is the top edge.
type Rect struct {
	X0 float64 `json:"x0"`
	Y0 float64 `json:"y0"`
	X1 float64 `json:"x1"`
	Y1 float64 `json:"y1"`
}

// Attachment is a file embedded in the document.
type Attachment struct {
	// Name is the file name as stored in the document.
	Name string
	// Data is the content of the file; nil if pdfium finds no file stream,
	// e.g. when the stream is filed under /EF /F but the /F name is empty.
	Data []byte
}

// FullPageShare is the part of the page's area an image must cover for the
// page to count as one scanned image.
const FullPageShare = 0.85

// FullPageImage reports whether one image covers nearly all of the page, as
// in a scan or a photograph of a paper invoice.
func (p Page) FullPageImage() bool {
	area := p.Width * p.Height
	if area <= 0 {
		return false
	}
	for _, b := range p.Images {
		if b.Area() >= FullPageShare*area {
			return true
		}
	}
	return false
}

// Area is the rectangle's area in square points (0 when it is empty).
func (r Rect) Area() float64 { return max(0, r.X1-r.X0) * max(0, r.Y1-r.Y0) }

// Union is the smallest rectangle holding r and o.
func (r Rect) Union(o Rect) Rect {
	return Rect{X0: min(r.X0, o.X0), Y0: min(r.Y0, o.Y0), X1: max(r.X1, o.X1), Y1: max(r.Y1, o.Y1)}
}
