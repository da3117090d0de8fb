package fields

import (
	"math"
	"strings"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/invoice"
)

// keyedItems reads line items printed as blocks of "Key: value" lines, as
// e-invoice viewers print them ("Nr. linea: 1", "Descrizione: …",
// "Quantità: 2", "Valore unitario: 10.00", "Valore totale: 20.00",
// "IVA (%): 22.00"): a block is a run of such lines whose keys are column
// labels; a position key or a repeated column starts the next block.
//
// A discount heading without value ("Sconto/Maggiorazione") inside a block
// opens a sub-block of keys indented under it ("Tipo: SC", "Percentuale
// (%): 10.00", "Importo: 9.00"): its percentage is the item's discount, its
// other keys are not the item's.
func (x *extractor) keyedItems() []row {
	var rows []row
	var cur *row
	sub := math.Inf(1) // the left edge of an open discount heading
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
			if ok && l.box.X0 > sub+1 {
				if percentKey(key) && value != "" {
					cur.cells[labels.ColDiscount] = &cell{text: value, box: l.box}
				}
				continue
			}
			sub = math.Inf(1)
			if !ok && cur != nil && discountHeading(l.text) {
				sub = l.box.X0
				continue
			}
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

// discountHeading reports whether a line is a discount label alone
// ("Sconto/Maggiorazione", "Rabatt").
func discountHeading(s string) bool {
	words := strings.Fields(s)
	for _, h := range labels.Find(words) {
		if (h.Kind == labels.Discount || h.Kind == labels.ColDiscount) && h.Score >= 0.7 && h.First == 0 && h.Last == len(words)-1 {
			return true
		}
	}
	return false
}

// percentKey reports whether a key names a percentage ("Percentuale (%)",
// "Prozentsatz", "%").
func percentKey(key string) bool {
	k := strings.ToLower(key)
	if strings.Contains(k, "%") {
		return true
	}
	for _, w := range []string{"percent", "prozent", "pourcent"} {
		if strings.Contains(k, w) {
			return true
		}
	}
	return false
}
