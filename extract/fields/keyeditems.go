package fields

import (
	"strings"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/invoice"
)

// keyedItems reads line items printed as blocks of "Key: value" lines, as
// e-invoice viewers print them ("Nr. linea: 1", "Descrizione: …",
// "Quantità: 2", "Valore unitario: 10.00", "Valore totale: 20.00",
// "IVA (%): 22.00"): a block is a run of such lines whose keys are column
// labels; a position key or a repeated column starts the next block.
func (x *extractor) keyedItems() []row {
	var rows []row
	var cur *row
	flush := func() {
		if cur != nil && len(cur.cells) >= 2 {
			rows = append(rows, *cur)
		}
		cur = nil
	}
	for _, p := range x.m.pages {
		for _, l := range p.lines {
			if l.angle != 0 {
				continue
			}
			key, value, ok := splitKey(l.text)
			if !ok {
				if cur != nil && len(cur.cells) > 0 {
					flush()
				}
				continue
			}
			kind := keyColumn(key)
			if kind == "" {
				continue // another key (a date, a note) inside or between blocks
			}
			if kind == labels.ColPosition || cur != nil && cur.cells[kind] != nil {
				flush()
			}
			if cur == nil {
				cur = &row{cells: map[labels.Kind]*cell{}, page: p.num}
			}
			if kind != labels.ColPosition && value != "" {
				cur.cells[kind] = &cell{text: value, box: l.box}
			}
		}
	}
	flush()
	return rows
}

// keyColumn reads a key as a line-item column, or "".
func keyColumn(key string) labels.Kind {
	best := labels.Hit{}
	for _, h := range labels.Find(strings.Fields(key)) {
		k := headerKind(h.Kind)
		if columnKinds[k] && h.Score >= minLabelScore && h.Score > best.Score {
			best, best.Kind = h, k
		}
	}
	return best.Kind
}

// keyedLineItems adds the items of keyed blocks when no table was found.
func (x *extractor) keyedLineItems(items []invoice.LineItem) []invoice.LineItem {
	if len(items) > 0 {
		return items
	}
	for _, r := range x.keyedItems() {
		if it, ok := x.item(r); ok {
			x.itemEvidence(len(items), r, it)
			items = append(items, it)
		}
	}
	return items
}
