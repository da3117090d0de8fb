// Package resolve is the engine's decision core: it finds every plausible
// candidate for each field of an invoice on the page layout (package
// layout), describes each with features that mean the same on any invoice
// (the label beside or above it and its kind, distance, zone, font, format
// and check-digit validity, how often the value recurs, the arithmetic it
// takes part in), scores the candidates with weights fitted from data
// (Model, fitted by Fit), and chooses the fields together under constraints
// that hold for every invoice: subtotal + tax (+ stamp duty) = total, issue
// date ≤ due date, vendor ≠ buyer. A field whose best candidate scores
// below its threshold stays null; the others carry the fitted probability
// as their confidence.
//
// Nothing here is written for a particular layout: what a label to the left
// of an amount means for the total is a weight the data fit, not a rule.
package resolve

import (
	"slices"
	"strings"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/parse"
)

// Doc is a document as the resolver sees it: the structure of its pages,
// the labels found on them and every typed value, each with its features.
type Doc struct {
	Locale string
	Pages  []*Page
	Values []Value
	// cellTypes holds, per cell, a bit for each type of value in it.
	cellTypes map[cellKey]uint16
	// RuleItems are the items the hand-written rules read (see
	// ChooseItems).
	RuleItems []Item
	// blks are the blocks of the pages; blockOf gives each cell's.
	blks    []block
	blockOf map[cellKey]int
	// valuesAt gives the indexes into Values of each cell's values, in
	// order.
	valuesAt map[cellKey][]int
	names    nameStats
	// monthFirst reads the numeric dates that read both ways month first
	// (see Doc.dateOrder).
	monthFirst bool
	// summary is the VAT summary per rate (see Doc.rateLines).
	summary rateSummary
	// table is the item table ReadItems read while the values were
	// described (see Doc.itemNumbers); the values it reads are all there
	// by then.
	table *Table
}

// Page is one page's structure with the labels found in its cells.
type Page struct {
	Num   int // 1-based
	First bool
	Last  bool
	S     *layout.Structure
	// labels holds the label hits of each cell: labels[line][cell].
	labels [][][]labelHit
	// offsets holds, for each line, the byte offset of each word in the
	// line's text (words joined by single spaces).
	offsets [][]int
	texts   []string
}

// labelHit is a label found in a cell.
type labelHit struct {
	kind        labels.Kind
	score       float64
	first, last int // word positions in the line
}

// minLabelScore is the weakest label hit kept: fuzzier hits are noise.
const minLabelScore = 0.6

// Build finds the structure, labels and values of a document.
func Build(doc *layout.Document, locale string) *Doc {
	d := &Doc{Locale: locale}
	for i := range doc.Pages {
		p := &doc.Pages[i]
		pg := &Page{Num: p.Number, First: i == 0, Last: i == len(doc.Pages)-1, S: layout.Analyze(p)}
		pg.labels = make([][][]labelHit, len(p.Lines))
		pg.offsets = make([][]int, len(p.Lines))
		pg.texts = make([]string, len(p.Lines))
		for li, l := range p.Lines {
			if l.Angle != 0 && !layout.MarginLine(p, l) {
				continue
			}
			var b strings.Builder
			offs := make([]int, len(l.Words))
			for k, wi := range l.Words {
				if k > 0 {
					b.WriteByte(' ')
				}
				offs[k] = b.Len()
				b.WriteString(p.Words[wi].Text)
			}
			pg.offsets[li] = offs
			pg.texts[li] = b.String()
			cells := pg.S.Cells[li]
			pg.labels[li] = make([][]labelHit, len(cells))
			for ci, c := range cells {
				words := make([]string, 0, c.Last-c.First+1)
				for _, wi := range l.Words[c.First : c.Last+1] {
					words = append(words, p.Words[wi].Text)
				}
				for _, h := range labels.Find(words) {
					if h.Score < minLabelScore {
						continue
					}
					pg.labels[li][ci] = append(pg.labels[li][ci], labelHit{kind: h.Kind, score: h.Score, first: c.First + h.First, last: c.First + h.Last})
				}
				for _, h := range labels.FindKeys(words) {
					if h.Score < minLabelScore {
						continue
					}
					pg.labels[li][ci] = append(pg.labels[li][ci], labelHit{kind: h.Kind, score: h.Score, first: c.First + h.First, last: c.First + h.Last})
				}
			}
			columnHeadings(pg.labels[li], cells)
		}
		d.Pages = append(d.Pages, pg)
	}
	d.dateOrder()
	d.findValues()
	d.oneDecimalMark()
	d.describe()
	return d
}

// dateOrder decides how the document's numeric dates that read both ways
// are read (see parse.MonthFirst).
func (d *Doc) dateOrder() {
	if len(d.Pages) == 0 {
		return
	}
	var texts []string
	for _, p := range d.Pages {
		texts = append(texts, p.texts...)
	}
	d.monthFirst = parse.MonthFirst(texts, d.Pages[0].S.Page.USLetter())
}

// findDates finds the dates of a line, month first where the document
// reads them so (see Doc.dateOrder).
func (d *Doc) findDates(text string) []parse.Match {
	if d.monthFirst {
		return parse.FindDatesMonthFirst(text)
	}
	return parse.FindDates(text, d.Locale)
}

// columnKinds maps the kinds of a total's labels to the column an item
// table heads with the same word: "Totale", "Total", "Netto" over line
// amounts, "IVA" over their rates, "Sconto" over their discounts.
var columnKinds = map[labels.Kind]labels.Kind{
	labels.Total: labels.ColAmount, labels.Subtotal: labels.ColAmount, labels.AmountDue: labels.ColAmount,
	labels.TaxAmount: labels.ColTaxRate, labels.TaxRate: labels.ColTaxRate, labels.Discount: labels.ColDiscount,
}

// columnHeadings reads the headings of an item table's header row as
// column headings: in a row of three or more cells, two of them headings
// of item columns and one of those a quantity's or a unit price's (which a
// foot grid of totals or a VAT summary never has), a cell that holds only
// a total's label heads a column of line values, not the total.
func columnHeadings(hits [][]labelHit, cells []layout.Cell) {
	if len(cells) < 3 {
		return
	}
	cols, items := 0, false
	for _, hs := range hits {
		if len(hs) > 0 && hs[0].kind.IsColumn() {
			cols++
			items = items || hs[0].kind == labels.ColQuantity || hs[0].kind == labels.ColUnitPrice
		}
	}
	if cols < 2 || !items {
		return
	}
	for ci, hs := range hits {
		if len(hs) != 1 || hs[0].first != cells[ci].First || hs[0].last != cells[ci].Last {
			continue
		}
		if k, ok := columnKinds[hs[0].kind]; ok {
			hs[0].kind = k
		}
	}
}

// text returns the words first to last of line li.
func (p *Page) text(li, first, last int) string {
	offs := p.offsets[li]
	end := len(p.texts[li])
	if last+1 < len(offs) {
		end = offs[last+1] - 1
	}
	return p.texts[li][offs[first]:end]
}

// wordSpan returns the word positions of line li that the byte range
// [start, end) of the line's text covers.
func (p *Page) wordSpan(li, start, end int) (first, last int) {
	offs := p.offsets[li]
	first, last = -1, -1
	for k, o := range offs {
		wend := o + len(p.S.Page.Words[p.S.Page.Lines[li].Words[k]].Text)
		if wend > start && o < end {
			if first < 0 {
				first = k
			}
			last = k
		}
	}
	return first, last
}

// box returns the box of word positions [first, last] of line li.
func (p *Page) box(li, first, last int) layout.Rect {
	l := p.S.Page.Lines[li]
	b := p.S.Page.Words[l.Words[first]].Box
	for _, wi := range l.Words[first : last+1] {
		b = b.Union(p.S.Page.Words[wi].Box)
	}
	return b
}

// Label returns where a label of one of kinds is first printed, by page
// and line, with a score of at least min: the page's number and the
// label's box.
func (d *Doc) Label(min float64, kinds ...labels.Kind) (page int, box layout.Rect, ok bool) {
	for _, p := range d.Pages {
		for li, cells := range p.labels {
			for _, hs := range cells {
				for _, h := range hs {
					if h.score >= min && slices.Contains(kinds, h.kind) {
						return p.Num, p.box(li, h.first, h.last), true
					}
				}
			}
		}
	}
	return 0, layout.Rect{}, false
}
