package resolve

import (
	"math"
	"regexp"
	"strings"
	"unicode"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/parse"
)

// A party's data is found as segments: the parts of a cell between the
// separators letterheads join them with ("Via Roma 1 - 20121 Milano -
// P.IVA …", "Hauptstr. 5 · 80331 München"). A segment that reads as a
// postal line (postal code and city) is a TPostal candidate, one that reads
// as a street a TStreet candidate, and a short one of words a TName
// candidate. Segments are grouped into blocks: lines stacked closely one
// under the other and aligned on the left, the right or their centres,
// as an address is printed; a party's name, street and postal line come
// from one block.

// separators split a cell into segments.
var separators = regexp.MustCompile(`\s+[-–—|·•]\s+|\s*\|\s*|\s+/\s+`)

// maxNameWords bounds the words of a name candidate.
const maxNameWords = 9

// legalForms mark company names.
var legalForms = regexp.MustCompile(`(?i)(^|[\s,])(s\.?r\.?l\.?s?|s\.?p\.?a\.?|s\.?n\.?c\.?|s\.?a\.?s\.?|s\.?s\.?|gmbh|ag|kg|ohg|e\.?k\.?|ug|gbr|sarl|sas|sasu|eurl|sa|sci|ltd\.?|limited|llp|plc|llc|inc\.?|corp\.?|co\.|dac|bv|nv|s\.?l\.?|s\.?a\.?u\.?)([\s,.)]|$)`)

// findParties adds the party candidates of a line: postal lines, streets,
// names, e-mail addresses, phone numbers and codici fiscali.
func (d *Doc) findParties(pi, li int) {
	p := d.Pages[pi]
	text := p.texts[li]
	add := func(t Type, start, end int, norm string, num float64) *Value {
		first, last := p.wordSpan(li, start, end)
		if first < 0 {
			return nil
		}
		v := Value{Type: t, Text: text[start:end], Norm: norm, Num: num, Page: pi, Line: li, First: first, Last: last, Box: p.box(li, first, last)}
		if ref, ok := p.S.CellAt(li, first); ok {
			v.Cell = ref.Index
		}
		d.Values = append(d.Values, v)
		return &d.Values[len(d.Values)-1]
	}
	for _, m := range parse.FindEmails(text) {
		add(TEmail, m.Start, m.End, m.Value, 0)
	}
	for _, m := range parse.FindPhones(text) {
		add(TPhone, m.Start, m.End, m.Value, 0)
	}
	for _, m := range parse.FindCodiciFiscali(text) {
		add(TFiscal, m.Start, m.End, m.Value, 0)
	}
	cells := p.S.Cells[li]
	for _, c := range cells {
		cs := p.offsets[li][c.First]
		ce := p.offsets[li][c.Last] + len(p.S.Page.Words[p.S.Page.Lines[li].Words[c.Last]].Text)
		cell := text[cs:ce]
		bounds := separators.FindAllStringIndex(cell, -1)
		start := 0
		for k := 0; k <= len(bounds); k++ {
			end := len(cell)
			if k < len(bounds) {
				end = bounds[k][0]
			}
			s, e := trimSegment(cell, start, end)
			if k < len(bounds) {
				start = bounds[k][1]
			}
			if e <= s {
				continue
			}
			d.segment(pi, li, cs+s, cs+e, add)
		}
	}
}

// trimSegment trims spaces and the punctuation around a segment.
func trimSegment(s string, start, end int) (int, int) {
	for start < end && strings.ContainsRune(" ,;:", rune(s[start])) {
		start++
	}
	for end > start && strings.ContainsRune(" ,;:", rune(s[end-1])) {
		end--
	}
	return start, end
}

// segment adds the candidates of one segment of a line's text.
func (d *Doc) segment(pi, li, s, e int, add func(Type, int, int, string, float64) *Value) {
	text := d.Pages[pi].texts[li]
	seg := text[s:e]
	if pa, ok := parse.PostalLine(seg, d.Locale); ok {
		// The postal line starts where its code or city does; what comes
		// before it on the segment is its street.
		ps := s
		if pa.Street != "" {
			if i := strings.Index(seg, pa.Street); i >= 0 {
				ss, se := trimSegment(text, s+i, s+i+len(pa.Street))
				if se > ss && parse.IsStreet(text[ss:se]) {
					add(TStreet, ss, se, text[ss:se], 0)
				}
				ps = s + i + len(pa.Street)
			}
		}
		ps, _ = trimSegment(text, ps, e)
		if v := add(TPostal, ps, e, PostalKey(pa.Zip, pa.City), 0); v != nil {
			v.Country = pa.Country
			v.Zip, v.City = pa.Zip, pa.City
		}
		return
	}
	if parse.IsStreet(seg) {
		add(TStreet, s, e, seg, 0)
		return
	}
	if nameLike(seg) {
		add(TName, s, e, seg, 0)
	}
}

// PostalKey is the normal form of a postal line: code and city.
func PostalKey(zip, city string) string {
	return strings.ToUpper(strings.ReplaceAll(zip, " ", "")) + "\t" + strings.ToUpper(strings.TrimSpace(city))
}

// nameLike reports whether a segment could be a name: a few words with
// letters, not a label alone, not a sentence, not a value.
func nameLike(seg string) bool {
	letters, digits := parse.LettersDigits(seg)
	words := strings.Fields(seg)
	if letters < 2 || digits > letters || len(words) > maxNameWords || strings.Contains(seg, "@") || period(words) {
		return false
	}
	covered := 0
	for _, h := range labels.Find(words) {
		if h.Score >= minLabelScore {
			covered += h.Last - h.First + 1
		}
	}
	return covered < len(words)
}

// period reports whether words name a month or a period of months and
// years ("April 2015", "Jan.–Mar. 2026"), not a name.
func period(words []string) bool {
	month := false
	for _, w := range words {
		switch {
		case parse.IsMonth(w):
			month = true
		case strings.IndexFunc(w, unicode.IsLetter) >= 0:
			return false
		}
	}
	return month
}

// A block is a group of segments stacked one under another.
type block struct {
	page       int
	first      int // its first line
	lines      int // how many lines
	x0, x1, cx float64
	bottom     float64
	has        [numTypes]int
}

// blocks groups the cells of every page into blocks and gives each value
// its block.
func (d *Doc) blocks() {
	d.blockOf = map[cellKey]int{}
	for pi, p := range d.Pages {
		s := p.S
		var open []int // indexes into d.blks of blocks still open
		for li, cells := range s.Cells {
			var still []int
			for _, bi := range open {
				if s.Page.Lines[li].Box.Y0-d.blks[bi].bottom <= 1.6*s.Height {
					still = append(still, bi)
				}
			}
			open = still
			for ci, c := range cells {
				best, bestD := -1, math.Inf(1)
				for _, bi := range open {
					b := &d.blks[bi]
					if b.bottom >= c.Box.Y0+0.3*s.Height {
						continue // on the same line
					}
					dist := math.Min(math.Abs(c.Box.X0-b.x0), math.Min(math.Abs(c.Box.X1-b.x1), math.Abs((c.Box.X0+c.Box.X1)/2-b.cx)))
					if dist < 1.5*s.Height && dist < bestD {
						best, bestD = bi, dist
					}
				}
				if best < 0 {
					d.blks = append(d.blks, block{page: pi, first: li, x0: c.Box.X0, x1: c.Box.X1, cx: (c.Box.X0 + c.Box.X1) / 2})
					best = len(d.blks) - 1
				}
				b := &d.blks[best]
				b.lines++
				b.bottom = c.Box.Y1
				d.blockOf[cellKey{pi, li, ci}] = best
				open = append(open, best)
			}
		}
	}
	for i := range d.Values {
		v := &d.Values[i]
		if bi, ok := d.blockOf[cellKey{v.Page, v.Line, v.Cell}]; ok {
			d.blks[bi].has[v.Type]++
			v.block = bi + 1
		}
	}
}

// blockFeatures sets a value's features about its block: where the block
// is, what else it holds, where in it the value stands.
func (d *Doc) blockFeatures(v *Value, set func(string, float64)) {
	bi, ok := d.blockOf[cellKey{v.Page, v.Line, v.Cell}]
	if !ok {
		return
	}
	b := d.blks[bi]
	b1 := func(ok bool) float64 {
		if ok {
			return 1
		}
		return 0
	}
	set("blk.first", b1(v.Line == b.first))
	set("blk.second", b1(v.Line == b.first+1))
	set("blk.lines", math.Log(float64(b.lines)))
	set("blk.postal", b1(b.has[TPostal] > 0))
	set("blk.street", b1(b.has[TStreet] > 0))
	set("blk.vat", b1(b.has[TVAT] > 0))
	set("blk.contact", b1(b.has[TEmail]+b.has[TPhone] > 0))
	set("blk.amounts", b1(b.has[TAmount] > 1))
	rank := 0
	for j, o := range d.blks {
		if j < bi && o.page == b.page && o.has[TPostal] > 0 {
			rank++
		}
	}
	set("blk.postalrank", math.Min(float64(rank), 3))
	// What stands on the lines right under the value in its block.
	p := d.Pages[v.Page]
	for lj := v.Line + 1; lj < len(p.S.Cells) && lj <= v.Line+2; lj++ {
		for cj := range p.S.Cells[lj] {
			if d.blockOf[cellKey{v.Page, lj, cj}] != bi {
				continue
			}
			for k := range d.Values {
				o := &d.Values[k]
				if o.Page == v.Page && o.Line == lj && o.Cell == cj {
					switch o.Type {
					case TStreet:
						set("under.street", 1)
					case TPostal:
						set("under.postal", 1)
					}
				}
			}
		}
	}
	if v.Type == TName {
		set("name.legal", b1(legalForms.MatchString(v.Text)))
		words := strings.Fields(v.Text)
		set("name.words", float64(len(words))/5)
		upper := 0
		for _, r := range v.Text {
			if unicode.IsUpper(r) {
				upper++
			}
		}
		set("name.upper", float64(upper)/float64(max(1, len([]rune(v.Text)))))
		set("name.digits", b1(strings.IndexFunc(v.Text, unicode.IsDigit) >= 0))
		set("name.cell", b1(v.First == p.S.Cells[v.Line][v.Cell].First && v.Last == p.S.Cells[v.Line][v.Cell].Last))
	}
}
