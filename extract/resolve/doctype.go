package resolve

import (
	"regexp"
	"strings"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/invoice"
)

// docTypes maps the document-type headings of the lexicon to the types of
// the result.
var docTypes = map[labels.Kind]string{
	labels.DocInvoice:    invoice.TypeInvoice,
	labels.DocCreditNote: invoice.TypeCreditNote,
	labels.DocDebitNote:  invoice.TypeDebitNote,
	labels.DocProforma:   invoice.TypeProforma,
	labels.DocFeeNote:    invoice.TypeFeeNote,
	labels.DocReceipt:    invoice.TypeReceipt,
}

// typeNames are the document types in a fixed order, for their features.
var typeNames = []string{invoice.TypeInvoice, invoice.TypeCreditNote, invoice.TypeDebitNote,
	invoice.TypeProforma, invoice.TypeFeeNote, invoice.TypeReceipt}

// tdCode is an Italian e-invoice's document type code as its renderings
// print it: "TD01", "(TD04)", "TD24:".
var tdCode = regexp.MustCompile(`^\(?TD(0[1-9]|1[6-9]|2[0-8])\)?[:.,]?$`)

// formatWords are the adjectives that make a type word the name of a
// format rather than of a document's type: "Fattura elettronica", "E-Rechnung"
// and "Electronic invoice" head invoices, credit notes and fee notes alike
// (the format's own field, a type code, says which).
var formatWords = map[string]bool{"elettronica": true, "electronic": true, "électronique": true,
	"elektronische": true, "electronique": true, "e-invoice": true}

// namesFormat reports whether the type words first..last of line l, or the
// word before or after them, name the invoice's format.
func (p *Page) namesFormat(l layout.Line, first, last int) bool {
	for k := max(first-1, 0); k <= min(last+1, len(l.Words)-1); k++ {
		w := strings.ToLower(strings.Trim(p.S.Page.Words[l.Words[k]].Text, ":,.()"))
		if formatWords[w] || strings.HasPrefix(w, "e-") && k >= first && k <= last {
			return true
		}
	}
	return false
}

// typeWords adds the document type candidates of a line: on the first
// page, where a document states what it is, each word or words naming a
// type ("Fattura", "Credit note", "Gutschrift", "Avoir") and the type word
// that starts a number's label ("Fattura n.", "Rechnung Nr."), but for the
// words naming the format ("FATTURA ELETTRONICA"); on any page, an Italian
// type code (TD04), the most exact statement of the type.
func (d *Doc) typeWords(pi, li int) {
	p := d.Pages[pi]
	l := p.S.Page.Lines[li]
	add := func(norm string, ci, first, last int, num, code bool) {
		v := Value{Type: TDocType, Text: p.text(li, first, last), Norm: norm,
			Page: pi, Line: li, First: first, Last: last, Cell: ci, Box: p.box(li, first, last)}
		v.typeNum, v.typeCode = num, code
		d.Values = append(d.Values, v)
	}
	for ci, hs := range p.labels[li] {
		if pi != 0 {
			break
		}
		for _, h := range hs {
			if t, ok := docTypes[h.kind]; ok {
				if !p.namesFormat(l, h.first, h.last) {
					add(t, ci, h.first, h.last, false, false)
				}
				continue
			}
			if h.kind != labels.InvoiceNumber {
				continue
			}
			// The longest run of the label's first words that names a
			// type: "Nota di credito" of "Nota di credito n.".
			words := make([]string, 0, h.last-h.first+1)
			for _, wi := range l.Words[h.first : h.last+1] {
				words = append(words, p.S.Page.Words[wi].Text)
			}
			for n := len(words) - 1; n >= 1; n-- {
				hs := labels.Find(words[:n])
				if len(hs) == 0 || hs[0].First != 0 || hs[0].Last != n-1 {
					continue
				}
				if t, ok := docTypes[hs[0].Kind]; ok {
					if !p.namesFormat(l, h.first, h.first+n-1) {
						add(t, ci, h.first, h.first+n-1, true, false)
					}
					break
				}
			}
		}
	}
	for k, wi := range l.Words {
		m := tdCode.FindStringSubmatch(p.S.Page.Words[wi].Text)
		if m == nil {
			continue
		}
		if t := invoice.FatturaPAType("TD" + m[1]); t != "" {
			ci := 0
			if ref, ok := p.S.CellAt(li, k); ok {
				ci = ref.Index
			}
			add(t, ci, k, k, false, true)
		}
	}
}

// typeFeatures sets the features of a document type candidate: the type it
// names, how it is printed (a code, a number's label, inside prose, at the
// start of its cell), whether it is the largest of the type words, and
// whether the document names other types too.
func (d *Doc) typeFeatures(v *Value, st typeStats, set func(string, float64)) {
	for _, t := range typeNames {
		set("dt."+t, flag(v.Norm == t))
	}
	set("dt.code", flag(v.typeCode))
	set("dt.num", flag(v.typeNum))
	set("dt.several", flag(st.types > 1))
	l := d.Pages[v.Page].S.Page.Lines[v.Line]
	set("kw.prose", flag(len(l.Words) > 8))
	if cells := d.Pages[v.Page].S.Cells[v.Line]; v.Cell < len(cells) {
		set("kw.start", flag(cells[v.Cell].First == v.First))
	}
	size := d.Pages[v.Page].S.Page.Words[l.Words[v.First]].FontSize
	set("dt.largest", flag(size > 0 && size >= st.maxSize))
	set("dt.firstline", flag(v.Page == st.firstPage && v.Line == st.firstLine))
}

// typeStats are what the features of one type candidate need to know of
// the others.
type typeStats struct {
	types   int     // distinct types named
	maxSize float64 // the largest font size of a type word
	// firstPage and firstLine are the page and line of the first one.
	firstPage, firstLine int
}

// typeStatsOf gathers the type candidates' typeStats.
func (d *Doc) typeStatsOf() typeStats {
	st := typeStats{firstLine: -1}
	seen := map[string]bool{}
	for i := range d.Values {
		v := &d.Values[i]
		if v.Type != TDocType || v.Line < 0 {
			continue
		}
		if !seen[v.Norm] {
			seen[v.Norm] = true
			st.types++
		}
		l := d.Pages[v.Page].S.Page.Lines[v.Line]
		st.maxSize = max(st.maxSize, d.Pages[v.Page].S.Page.Words[l.Words[v.First]].FontSize)
		if st.firstLine < 0 || v.Page < st.firstPage || v.Page == st.firstPage && v.Line < st.firstLine {
			st.firstPage, st.firstLine = v.Page, v.Line
		}
	}
	return st
}
