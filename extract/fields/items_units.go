package fields

import (
	"strings"
	"unicode"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/parse"
	"github.com/invex/invex/invoice"
)

// measureUnits are units of measure and of packing printed after
// quantities in it, en, de and fr (lower case, without a final dot). A
// number followed by one of them counts things or weighs them; it is not
// money. Single letters that also mark tax classes on receipts ("1,99 A")
// are left out, except the metric g, l and m.
var measureUnits = map[string]bool{
	// weight
	"g": true, "gr": true, "kg": true, "mg": true, "to": true, "ton": true, "tons": true, "lb": true, "lbs": true, "oz": true,
	// volume and length, surface
	"l": true, "lt": true, "ml": true, "cl": true, "hl": true, "m": true, "mm": true, "cm": true, "km": true,
	"m2": true, "m²": true, "mq": true, "m3": true, "m³": true, "mc": true, "ft": true,
	// energy and power
	"kw": true, "kwh": true, "mwh": true, "w": true, "wh": true, "v": true, "volt": true, "smc": true,
	// time
	"hrs": true, "hr": true, "std": true, "ore": true, "min": true, "gg": true,
	// pieces and packs
	"pz": true, "pzi": true, "pcs": true, "pc": true, "pce": true, "pces": true, "stk": true, "st": true, "stck": true,
	"col": true, "colli": true, "pal": true, "plt": true, "pkt": true, "ct": true, "cf": true, "conf": true,
	"nr": true, "unit": true, "units": true, "ea": true, "box": true, "rot": true, "rol": true,
}

// measureUnit reports whether a word is a unit of measure or packing.
func measureUnit(w string) bool {
	return measureUnits[strings.ToLower(strings.TrimSuffix(w, "."))]
}

// unitAfter returns the word printed right after an amount in s when it is
// a unit of measure ("550 G", "1.000 COL"), or "".
func unitAfter(s string, m parse.Match) string {
	rest := strings.TrimLeft(s[m.End:], " \u00a0")
	end := strings.IndexFunc(rest, func(r rune) bool { return unicode.IsSpace(r) || r == '/' || r == ',' || r == ';' })
	if end < 0 {
		end = len(rest)
	}
	if w := rest[:end]; w != "" && measureUnit(w) {
		return strings.TrimSuffix(w, ".")
	}
	return ""
}

// moneyAmounts returns the amounts of a price or amount cell that are
// money. The number of units a price is stated for ("/ 1 PAL") is not; in
// the amount column, neither is a number followed by a unit of measure
// ("Peso netto 550 G"), which counts or weighs things. In the price column
// a unit after the price names the unit priced ("5,00 PCE"), unless a
// ratio of units follows ("800 CT / 1 PAL" packs 800 to a pallet).
func (x *extractor) moneyAmounts(s string, amountColumn bool) []parse.Match {
	var out []parse.Match
	for _, m := range parse.FindAmounts(s, x.locale) {
		if strings.HasSuffix(strings.TrimRight(s[:m.Start], " \u00a0"), "/") {
			continue
		}
		if m.Currency == "" && unitAfter(s, m) != "" && (amountColumn || ratioAfter(s, m)) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// perQuantity reads a price stated for a number of units: "320,00 EUR /
// 1000 COL" (or "320,00 EUR / 1000") is 320 per 1000 COL, "15,00 EUR / 1
// PAL" and "3,50 / PCE" are
// prices of one unit. It returns the price, the number of units it is for,
// and whether the cell has that form.
func (x *extractor) perQuantity(s string) (price, per float64, ok bool) {
	ms := parse.FindAmounts(s, x.locale)
	if len(ms) == 0 || len(ms) > 2 {
		return 0, 0, false
	}
	rest := strings.TrimSpace(s[ms[0].End:])
	if !strings.HasPrefix(rest, "/") {
		return 0, 0, false
	}
	rest = strings.TrimSpace(rest[1:])
	fields := strings.Fields(rest)
	switch {
	case len(ms) == 1 && len(fields) == 1 && measureUnit(fields[0]):
		return ms[0].Number, 1, true
	case len(ms) == 2 && ms[1].Number > 0 && (len(fields) == 2 && unitAfter(s, ms[1]) != "" || len(fields) == 1):
		// The unit may stand in the next column's band.
		return ms[0].Number, ms[1].Number, true
	}
	return 0, 0, false
}

// unitPrice reads a price cell: a price for several units ("320,00 EUR /
// 1000 COL") is divided down to one unit when quantity × that price =
// amount, and left unread otherwise; a number followed by a unit of measure
// is not a price.
func (x *extractor) unitPrice(s string, qty, amount *float64) *float64 {
	if p, per, ok := x.perQuantity(s); ok {
		if per == 1 {
			return invoice.Number(p)
		}
		if qty != nil && amount != nil && near(*qty*p/per, *amount) {
			return invoice.Number(p / per)
		}
		return nil
	}
	if ms := x.moneyAmounts(s, false); len(ms) > 0 {
		return invoice.Number(ms[0].Number)
	}
	return nil
}

// ratioAfter reports whether the unit after an amount is followed by a
// slash: "800 CT / 1 PAL".
func ratioAfter(s string, m parse.Match) bool {
	rest := strings.TrimLeft(s[m.End:], " \u00a0")
	u := unitAfter(s, m)
	return strings.HasPrefix(strings.TrimLeft(rest[len(u):], " .\u00a0"), "/")
}

// dropPlaceholder drops a trailing " - Description" from an item's text:
// layouts that print "Name - Description" show the column's own label
// where an item has no description of its own.
func dropPlaceholder(s string) string {
	i := strings.LastIndex(s, " - ")
	if i <= 0 {
		return s
	}
	tail := strings.Fields(s[i+3:])
	for _, h := range labels.Find(tail) {
		if h.Kind == labels.ColDescription && h.Score >= 0.9 && h.First == 0 && h.Last == len(tail)-1 {
			return strings.TrimSpace(s[:i])
		}
	}
	return s
}

// spilledQuantity reads a price cell that also holds the row's quantity,
// printed close to the price column and read into its band ("1 19,99"):
// the first number times the second is the row's amount.
func (x *extractor) spilledQuantity(s string, amount float64) (qty, price float64, ok bool) {
	ms := x.moneyAmounts(s, false)
	if len(ms) < 2 || ms[0].Currency != "" || ms[0].Number <= 0 {
		return 0, 0, false
	}
	q, p := ms[0].Number, ms[1].Number
	if p == 0 || !near(q*p, amount) {
		return 0, 0, false
	}
	return q, p, true
}

// discountNote reports whether a line states a discount: a discount label
// first, then a number ("SCONTO 20.00%", "Rabatt 5 %").
func discountNote(s string) bool {
	words := strings.Fields(s)
	if len(words) < 2 || strings.IndexFunc(s, unicode.IsDigit) < 0 {
		return false
	}
	for _, h := range labels.Find(words) {
		if (h.Kind == labels.Discount || h.Kind == labels.ColDiscount) && h.Score >= 0.7 && h.First == 0 && h.Last < len(words)-1 && startsNumber(words[h.Last+1]) {
			return true
		}
	}
	return false
}
