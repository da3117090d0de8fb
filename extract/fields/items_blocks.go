package fields

import (
	"math"
	"regexp"
	"strings"
	"unicode"

	"github.com/invex/invex/extract/labels"
)

// blockDescriptions gives an item's description to its first priced row
// where a table prints items as blocks: a heading row with the article's
// description in the description column but no price or amount (its
// numbers count packs or weigh them), then priced rows whose own text
// starts left of the description column ("Prezzo vendita …", "Prezzo
// Palette …"), the price conditions of that article. The first priced row
// below the heading is the article's line; the rows after it keep their
// own text. A row whose description stands in the description column ends
// the block.
func (x *extractor) blockDescriptions(cols []column, rows []row) {
	desc, ok := descriptionColumn(cols)
	if !ok {
		return
	}
	var heading *blockHeading
	for _, r := range rows {
		d := r.cells[labels.ColDescription]
		start := math.Inf(1)
		if d != nil && wrappedText(d.text) {
			start = textStart(d)
		}
		slack := 1.5 * rowHeight(r)
		if _, priced := x.item(r); !priced {
			if start >= desc.x0-slack && !math.IsInf(start, 1) {
				heading = &blockHeading{cell: d, page: r.page}
			}
			continue
		}
		if heading != nil && (d == nil || start < desc.x0-slack) && r.page == heading.page {
			r.cells[labels.ColDescription] = &cell{text: heading.text, box: heading.box}
		}
		heading = nil
	}
}

// descriptionColumn returns the table's description column.
func descriptionColumn(cols []column) (column, bool) {
	for _, c := range cols {
		if c.kind == labels.ColDescription {
			return c, true
		}
	}
	return column{}, false
}

// blockHeading is the description of an article's heading row.
type blockHeading struct {
	*cell
	page int
}

// textStart is the left edge of a description cell's text after the
// article codes that lead it ("9076190 BORDOLESE …" starts at BORDOLESE);
// +Inf for a cell of codes alone.
func textStart(c *cell) float64 {
	words := strings.Fields(c.text)
	if len(words) != len(c.lefts) {
		return c.box.X0
	}
	for i, w := range words {
		if leadingCode.FindStringIndex(w+" ") == nil {
			return c.lefts[i]
		}
	}
	return math.Inf(1)
}

// articleNumber is a run of eight digits or more: a GTIN, EAN or other
// article number.
var articleNumber = regexp.MustCompile(`^[0-9]{8,}\.?$`)

// withoutArticleNumber returns a description cell without the article
// numbers that lead it: a GTIN printed under the row's code, wide enough to
// reach the description column, is not part of the wrapped text
// ("4000001234561 12 x 1,0l PET").
func withoutArticleNumber(c *cell) *cell {
	if c == nil {
		return nil
	}
	words := strings.Fields(c.text)
	if len(words) != len(c.lefts) {
		return c
	}
	k := 0
	for k < len(words)-1 && articleNumber.MatchString(words[k]) {
		k++
	}
	if k == 0 {
		return c
	}
	box := c.box
	box.X0 = c.lefts[k]
	return &cell{text: strings.Join(words[k:], " "), box: box, lefts: c.lefts[k:]}
}

// nameFromBlock gives a row whose description is an attribute ("Work team
// (AOP): EQUIPE_A", "# ligne BC: 3") the item's name printed at the top of
// its block of lines: layouts that print an item as a block (name, period,
// attributes, with the numbers on one of its lines) put the name first.
// Attributes below the name are skipped; the nearest name above is taken.
func nameFromBlock(rows []row) {
	for _, r := range rows {
		d := r.cells[labels.ColDescription]
		if d == nil || !attributeText(d.text) {
			continue
		}
		// The nearest name above: lines higher up may be the header's
		// last words.
		for i := len(r.names) - 1; i >= 0; i-- {
			if n := r.names[i]; n != d && wrappedText(n.text) && !attributeText(n.text) {
				r.cells[labels.ColDescription] = n
				break
			}
		}
	}
}

// attributeText reports whether a description cell states an attribute
// rather than a name: a "Key: value" with a capitalised key, or a text in
// parentheses or after a number sign ("(SK): SKU2578", "# ligne BC").
func attributeText(s string) bool {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "#") || strings.HasPrefix(s, "(") {
		return true
	}
	i := strings.Index(s, ":")
	if i <= 0 || i > 45 || strings.HasPrefix(s[i:], "://") {
		return false
	}
	key := strings.TrimSpace(s[:i])
	// A key has letters and no digits ("10:30" is a time, "Art. 3:" a
	// reference), and a key in lower case continues a sentence.
	return key != "" && strings.IndexFunc(key, unicode.IsDigit) < 0 && strings.IndexFunc(key, unicode.IsLetter) >= 0 &&
		!unicode.IsLower([]rune(key)[0])
}
