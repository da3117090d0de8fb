// Package fields reads the fields of an invoice from the words and layout of
// its pages, without templates: printed labels in it, en, de and fr
// (package labels) point at values to their right, below them or in their
// table column; typed parsers (package parse) read the values; parties are
// told apart by labels and layout (letterhead, address blocks, footer),
// never by the order their VAT numbers appear in; totals are chosen jointly
// so that their arithmetic holds where the page allows it.
//
// Every value comes with evidence: the page and box it was read from and a
// confidence in [0, 1].
package fields

import (
	"math"
	"strings"
	"unicode"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/pdf"
)

// line is one visual line of horizontal text, with its label hits.
type line struct {
	page  int // 1-based
	index int // position in the page's reading order
	angle int // the words' direction; 0 for normal text
	words []pdf.Word
	box   pdf.Rect
	text  string
	hits  []labels.Hit
	// height is the typical word height, for distances.
	height float64
}

// page is the reading model of one page.
type page struct {
	num           int
	width, height float64
	lines         []*line
}

// model is the whole document as the field rules see it.
type model struct {
	pages []*page
}

// newModel builds the model from the pages' lines, keeping horizontal text
// (vertical margin text is kept as lines too: it often holds the vendor's
// legal data).
func newModel(doc *pdf.Document) *model {
	m := &model{}
	for _, p := range doc.Pages {
		pg := &page{num: p.Number, width: p.Width, height: p.Height}
		for _, l := range p.Lines {
			ln := &line{page: p.Number, index: len(pg.lines), box: l.Box, angle: l.Angle}
			texts := make([]string, 0, len(l.Words))
			var hsum float64
			for _, wi := range l.Words {
				w := p.Words[wi]
				ln.words = append(ln.words, w)
				texts = append(texts, w.Text)
				hsum += w.Box.Y1 - w.Box.Y0
			}
			ln.text = strings.Join(texts, " ")
			ln.height = hsum / float64(max(len(ln.words), 1))
			if l.Angle == 0 {
				ln.hits = labels.Find(texts)
				adjustHits(ln)
			}
			pg.lines = append(pg.lines, ln)
		}
		m.pages = append(m.pages, pg)
	}
	return m
}

// span returns the text and box of words [first, last] of the line.
func (l *line) span(first, last int) (string, pdf.Rect) {
	first, last = max(first, 0), min(last, len(l.words)-1)
	if first > last {
		return "", pdf.Rect{}
	}
	texts := make([]string, 0, last-first+1)
	box := l.words[first].Box
	for _, w := range l.words[first : last+1] {
		texts = append(texts, w.Text)
		box = union(box, w.Box)
	}
	return strings.Join(texts, " "), box
}

// gapAfter reports whether a wide gap separates word i from word i+1: a
// column break rather than a space between words of one phrase.
func (l *line) gapAfter(i int) bool {
	if i+1 >= len(l.words) {
		return true
	}
	gap := l.words[i+1].Box.X0 - l.words[i].Box.X1
	return gap > 1.8*l.height
}

func union(a, b pdf.Rect) pdf.Rect {
	return pdf.Rect{X0: math.Min(a.X0, b.X0), Y0: math.Min(a.Y0, b.Y0), X1: math.Max(a.X1, b.X1), Y1: math.Max(a.Y1, b.Y1)}
}

// overlapX is the horizontal overlap of two boxes, in points.
func overlapX(a, b pdf.Rect) float64 {
	return math.Min(a.X1, b.X1) - math.Max(a.X0, b.X0)
}

// below returns the lines under l on its page whose top is within maxDist
// line heights of l's bottom, nearest first.
func (p *page) below(l *line, maxDist float64) []*line {
	var out []*line
	for _, o := range p.lines[l.index+1:] {
		if o.angle != 0 {
			break // vertical lines come after all horizontal ones
		}
		if o.box.Y0 < l.box.Y1-0.3*l.height {
			continue
		}
		if o.box.Y0-l.box.Y1 > maxDist*math.Max(l.height, 1) {
			break
		}
		out = append(out, o)
	}
	return out
}

// adjustHits weighs label hits by their context on the line:
//   - a label that is only the start of a longer key ("Date de facture
//     associée :", "Data documento di trasporto:") introduces another value;
//   - a party-block label must be a heading (alone, or ending in a colon)
//     unless it is a salutation that precedes the name on the same line
//     ("Spett.le Rossi S.r.l."), since words such as "Lieferant" or "Client"
//     also occur inside names and sentences.
func adjustHits(l *line) {
	for i := range l.hits {
		h := &l.hits[i]
		if extendedKey(l, *h) {
			h.Score *= 0.4
		}
		switch h.Kind {
		case labels.BuyerBlock, labels.VendorBlock, labels.ShipTo:
			if !salutation(h.Label) && (!heading(l, *h) || qualified(l, *h)) {
				h.Score *= 0.3
			}
		}
	}
}

// extendedKey reports whether letter-only words follow the label and then a
// colon: the printed key is longer than the label.
func extendedKey(l *line, h labels.Hit) bool {
	if strings.HasSuffix(l.words[h.Last].Text, ":") {
		return false
	}
	for i := h.Last + 1; i < len(l.words) && i <= h.Last+4; i++ {
		w := l.words[i].Text
		if w == ":" {
			return i > h.Last+1
		}
		if strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && r != ':' && r != '\'' && r != '.' }) >= 0 {
			return false
		}
		if strings.HasSuffix(w, ":") {
			return true
		}
		if l.gapAfter(i - 1) {
			return false
		}
	}
	return false
}

// heading reports whether the label stands as a heading: followed by a
// colon, by nothing, or by a column break.
func heading(l *line, h labels.Hit) bool {
	if strings.HasSuffix(l.words[h.Last].Text, ":") || h.Last == len(l.words)-1 || l.gapAfter(h.Last) {
		return true
	}
	next := l.words[h.Last+1].Text
	return next == ":" || next == "/" || next == "-"
}

// qualified reports whether a word precedes a label in its column segment:
// the label then qualifies another key ("Référence acheteur", "Codice
// cliente") or sits inside a name ("Logo le fournisseur") rather than
// heading a block; after a key ("Nom : Payee name") it is a value. A label
// after a separator is an alternative heading ("Käufer /
// Leistungsempfänger", "Daten zum Lieferanten - Dati del cedente").
func qualified(l *line, h labels.Hit) bool {
	if h.First == 0 || l.gapAfter(h.First-1) {
		return false
	}
	switch l.words[h.First-1].Text {
	case "/", "-", "–", "|", "·", "•":
		return false
	}
	return true
}

// salutation reports whether a buyer label is a form of address that the
// recipient's name follows on the same line.
func salutation(label string) bool {
	switch strings.ToLower(strings.TrimSuffix(label, ":")) {
	case "spett.le", "spettabile", "spett. le", "egr.", "egregio", "gentile", "gent.mo", "messrs", "messrs.", "attn", "attn.":
		return true
	}
	return false
}
