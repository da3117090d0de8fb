package resolve

import (
	"slices"
	"strings"

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
	// Recipient marks a code whose label names the recipient ("Codice
	// destinatario", "Codice identificativo destinatario"): the buyer's,
	// wherever it stands (the SdI stylesheet prints the transmission's
	// data, the recipient's code among them, right over the vendor's).
	Recipient bool
}

// recipientWords name the recipient of an invoice in a code's label.
var recipientWords = []string{"destinatari", "recipient", "empfänger", "destinataire"}

// SDICode returns the recipient code printed after its label ("Codice
// destinatario", "Codice SDI": six or seven capitals and digits), in the
// label's cell or the next cell of its line, in the block of one of the values of a party
// (its name, postal line, VAT id) and not in the block of one of other's
// (the other party's): a party's fields stand in its block. Printed
// anywhere else, the code is the recipient's, the buyer's, which the
// result does not carry: an invoice prints whom it is sent to. The first
// such code in reading order is the party's.
func (d *Doc) SDICode(party, other []*Value) (SDI, bool) {
	blocksOf := func(vs []*Value) map[int]bool {
		out := map[int]bool{}
		for _, v := range vs {
			if v != nil && v.Line >= 0 {
				if b, ok := d.blockOf[cellKey{v.Page, v.Line, v.Cell}]; ok {
					out[b] = true
				}
			}
		}
		return out
	}
	blocks := blocksOf(party)
	for b := range blocksOf(other) {
		delete(blocks, b) // a block both parties' values stand in says nothing
	}
	if len(blocks) == 0 {
		return SDI{}, false
	}
	for pi, p := range d.Pages {
		for li, cells := range p.labels {
			for ci, hs := range cells {
				if b, ok := d.blockOf[cellKey{pi, li, ci}]; !ok || !blocks[b] {
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
						label := strings.ToLower(p.text(li, h.first, h.last))
						recipient := slices.ContainsFunc(recipientWords, func(r string) bool { return strings.Contains(label, r) })
						return SDI{Code: code, Page: pi, Box: p.box(li, k, k), Score: h.score, Recipient: recipient}, true
					}
				}
			}
		}
	}
	return SDI{}, false
}
