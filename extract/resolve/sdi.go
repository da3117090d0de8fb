package resolve

import (
	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/parse"
)

// SDI is an Italian e-invoicing recipient code (codice destinatario) read
// under its label, with where it is printed and how surely the label
// reads as one.
type SDI struct {
	Code  string
	Page  int // index into Doc.Pages
	Box   layout.Rect
	Score float64
}

// SDICode returns the recipient code printed after its label ("Codice
// destinatario: M5UXCR1", "Codice SDI  ABC1234"), in the label's cell or
// the next cell of its line, outside the block of the value skip (the
// buyer's name, whose block prints the buyer's own code; nil for none).
// The first such code in reading order is the document's.
func (d *Doc) SDICode(skip *Value) (SDI, bool) {
	skipBlock := -1
	if skip != nil && skip.Line >= 0 {
		if b, ok := d.blockOf[cellKey{skip.Page, skip.Line, skip.Cell}]; ok {
			skipBlock = b
		}
	}
	for pi, p := range d.Pages {
		for li, cells := range p.labels {
			for ci, hs := range cells {
				if b, ok := d.blockOf[cellKey{pi, li, ci}]; ok && b == skipBlock {
					continue
				}
				for _, h := range hs {
					if h.kind != labels.SDICode {
						continue
					}
					k := h.last + 1
					if k > p.S.Cells[li][ci].Last && ci+1 < len(p.S.Cells[li]) {
						k = p.S.Cells[li][ci+1].First
					}
					if k >= len(p.S.Page.Lines[li].Words) {
						continue
					}
					w := p.S.Page.Words[p.S.Page.Lines[li].Words[k]].Text
					if code, ok := parse.SDICode(w); ok {
						return SDI{Code: code, Page: pi, Box: p.box(li, k, k), Score: h.score}, true
					}
				}
			}
		}
	}
	return SDI{}, false
}
