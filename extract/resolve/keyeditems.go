package resolve

import (
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/parse"
)

// keyedColumn maps the labels a key may carry to the item column it
// names: "Valore totale" is a total's label and the amount's key.
func keyedColumn(k labels.Kind) labels.Kind {
	switch k {
	case labels.TaxAmount, labels.TaxRate:
		return labels.ColTaxRate
	case labels.Total, labels.Subtotal:
		return labels.ColAmount
	case labels.Discount:
		return labels.ColDiscount
	}
	if k.IsColumn() {
		return k
	}
	return ""
}

// itemKey splits a line "Key: value" whose key is a short run of words
// without digits ("Quantità", "Prezzo unitario", "IVA (%)").
func itemKey(text string) (key, value string, ok bool) {
	i := strings.Index(text, ":")
	if i <= 0 || i > 45 || strings.HasPrefix(text[i:], "://") {
		return "", "", false
	}
	key = strings.TrimSpace(text[:i])
	if len(strings.Fields(key)) > 4 || strings.IndexFunc(key, unicode.IsLetter) < 0 || strings.IndexFunc(key, unicode.IsDigit) >= 0 {
		return "", "", false
	}
	return key, strings.TrimSpace(text[i+1:]), true
}

// keyKind returns the item column a key names, or "".
func keyKind(key string) labels.Kind {
	var best labels.Hit
	for _, h := range labels.Find(strings.Fields(key)) {
		if k := keyedColumn(h.Kind); k != "" && h.Score >= minLabelScore && h.Score > best.Score {
			best, best.Kind = h, k
		}
	}
	return best.Kind
}

// columnKey reports whether a key is an item column's own heading
// ("Quantità", "Prezzo unitario"), not a total's label read as one.
func columnKey(key string) bool {
	for _, h := range labels.Find(strings.Fields(key)) {
		if h.Kind.IsColumn() && h.Kind != labels.ColPosition && h.Score >= minLabelScore {
			return true
		}
	}
	return false
}

// percentKey reports whether a key names a percentage ("Percentuale
// (%)", "Prozentsatz", "Pourcentage").
func percentKey(key string) bool {
	k := strings.ToLower(key)
	return strings.Contains(k, "%") || strings.Contains(k, "percent") || strings.Contains(k, "prozent") || strings.Contains(k, "pourcent")
}

// discountHeading reports whether a line is a discount's label alone
// ("Sconto/Maggiorazione", "Rabatt").
func discountHeading(text string) bool {
	words := strings.Fields(text)
	for _, h := range labels.Find(words) {
		if (h.Kind == labels.Discount || h.Kind == labels.ColDiscount) && h.Score >= 0.7 && h.First == 0 && h.Last == len(words)-1 {
			return true
		}
	}
	return false
}

// positionLine reports whether a line is a short key and a row's number
// ("#: 3", "Nr. linea: 3", "Pos.: 3"), the key naming no other column
// ("Qtà: 3" is a quantity).
func positionLine(text string) bool {
	key, value, ok := strings.Cut(text, ":")
	if !ok || len(key) == 0 || len(key) > 12 || len(value) == 0 {
		return false
	}
	n, err := strconv.Atoi(strings.TrimSpace(value))
	if err != nil || n <= 0 || n >= 10000 {
		return false
	}
	k := keyKind(key)
	return k == "" || k == labels.ColPosition
}

// keyedRow is an item read from "Key: value" lines.
type keyedRow struct {
	page   int
	box    layout.Rect
	values map[labels.Kind]string
	// other are the values of keys that name no item column.
	other []string
	// direct reports a key that is an item column's own heading.
	direct bool
}

// readKeyed reads the items printed as blocks of "Key: value" lines, as
// e-invoice viewers and forms print them ("Nr. linea: 1", "Descrizione:
// …", "Quantità: 2", "Prezzo unitario: 10.00", "Valore totale: 20.00",
// "IVA (%): 22.00"): a block is a run of such lines whose keys name item
// columns; a position key or a column named again starts the next block.
// A discount heading without a value ("Sconto/Maggiorazione") opens keys
// indented under it, whose percentage is the item's discount and whose
// other keys are not the item's.
func (t *Table) readKeyed(d *Doc) {
	var rows []keyedRow
	var cur *keyedRow
	// pending are the values of unknown keys after a position line
	// ("#: 3"), before the block's first column key; opened tells whether
	// a position line came.
	var pending []string
	opened := false
	flush := func() {
		// A block of the totals' keys alone ("Totale IVA: …", "TOTALE:
		// …") is the totals, not an item: a block is an item's when a
		// position line opens it or a key names an item column itself.
		// After a position line, a key of unknown name and one column's
		// value make an item ("Line: 1", "Details: …", "Net amount: …").
		if cur != nil && (len(cur.values) >= 2 || opened && len(cur.values) == 1 && len(cur.other) > 0) && (cur.direct || opened) {
			rows = append(rows, *cur)
		}
		cur, pending, opened = nil, nil, false
	}
	for _, p := range d.Pages {
		sub := math.Inf(1) // the left edge of an open discount heading
		for li, text := range p.texts {
			if text == "" {
				continue
			}
			box := p.S.Page.Lines[li].Box
			key, value, ok := itemKey(text)
			if ok && cur != nil && box.X0 > sub+1 {
				if percentKey(key) && value != "" {
					cur.values[labels.ColDiscount] = value
				}
				continue
			}
			sub = math.Inf(1)
			if positionLine(text) {
				flush()
				opened = true
				continue
			}
			if !ok {
				if cur != nil && discountHeading(text) {
					sub = box.X0
					continue
				}
				flush()
				continue
			}
			kind := keyKind(key)
			if kind == "" {
				// Another key (a date, a note, a column of unknown name)
				// inside or between blocks.
				switch {
				case value == "":
				case cur != nil:
					cur.other = append(cur.other, value)
				case opened:
					pending = append(pending, value)
				}
				continue
			}
			if kind == labels.ColPosition || cur != nil && cur.values[kind] != "" {
				flush()
			}
			if cur == nil {
				cur = &keyedRow{page: p.Num, box: box, values: map[labels.Kind]string{}, other: pending}
				pending = nil
			}
			cur.box = cur.box.Union(box)
			cur.direct = cur.direct || columnKey(key)
			if kind != labels.ColPosition && value != "" {
				cur.values[kind] = value
			}
		}
		flush()
	}
	for _, r := range rows {
		it, ok := keyedItem(r, d.Locale)
		if ok {
			t.Items = append(t.Items, it)
			if it.Consistent {
				t.Rows++
			} else {
				t.Aligned++
			}
		}
	}
}

// keyedItem reads a keyed row's values: it is an item when it has a
// description and a number, or a quantity, a price and an amount.
func keyedItem(r keyedRow, locale string) (Item, bool) {
	it := Item{Page: r.page, Box: r.box, Description: r.values[labels.ColDescription], Unit: r.values[labels.ColUnit]}
	num := func(k labels.Kind) *float64 {
		s := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(r.values[k]), "%"))
		if s == "" {
			return nil
		}
		m, ok := parse.Amount(s, locale)
		if !ok {
			return nil
		}
		v := m.Number
		return &v
	}
	it.Quantity, it.UnitPrice, it.Amount = num(labels.ColQuantity), num(labels.ColUnitPrice), num(labels.ColAmount)
	it.TaxRate, it.DiscountPct = num(labels.ColTaxRate), num(labels.ColDiscount)
	if it.DiscountPct != nil {
		d := math.Abs(*it.DiscountPct) // "-10.00" is a discount of 10 %
		it.DiscountPct = &d
	}
	// A key of unknown name gives the number that makes quantity × price
	// = amount, and the description when no key names one.
	for _, o := range r.other {
		m, ok := parse.Amount(o, locale)
		if !ok {
			if it.Description == "" && strings.ContainsRune(o, ' ') && strings.IndexFunc(o, unicode.IsLetter) >= 0 {
				it.Description = o
			}
			continue
		}
		v := m.Number
		switch {
		case it.Quantity == nil && it.UnitPrice != nil && it.Amount != nil && math.Abs(v**it.UnitPrice-*it.Amount) <= tol:
			it.Quantity = &v
		case it.UnitPrice == nil && it.Quantity != nil && it.Amount != nil && math.Abs(*it.Quantity*v-*it.Amount) <= tol+*it.Quantity*0.005:
			it.UnitPrice = &v
		case it.Amount == nil && it.Quantity != nil && it.UnitPrice != nil && math.Abs(*it.Quantity**it.UnitPrice-v) <= tol+*it.Quantity*0.005:
			it.Amount = &v
		}
	}
	// A block with an amount and a rate alone is a summary of the rate,
	// a discount block of the document its discount.
	hasNum := it.Amount != nil || it.Quantity != nil || it.UnitPrice != nil
	if !(it.Description != "" && hasNum || it.Quantity != nil && it.UnitPrice != nil && it.Amount != nil) {
		return Item{}, false
	}
	if it.Quantity != nil && it.UnitPrice != nil && it.Amount != nil {
		want := *it.Quantity * *it.UnitPrice
		if it.DiscountPct != nil {
			want *= 1 - *it.DiscountPct/100
		}
		it.Consistent = math.Abs(math.Abs(want)-math.Abs(*it.Amount)) <= tol
	}
	return it, true
}
