package extract

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/invex/invex/extract/fields"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/invoice"
)

// A file of several pages may hold several invoices: a scanning
// department's batch, or a supplier's month of invoices in one PDF. The
// pages are cut where an invoice starts, and each part is read on its own.
//
// A page starts a new invoice when its page numbering starts again ("page
// 1 of 2" after the last page of another numbering), or when it is not a
// later page of a numbering ("page 2 of 3") and carries an invoice number
// and a date of its own, and the number differs from the one of the
// invoice being read. The cut is kept only when every part reads as an
// invoice of its own: a number and a total each, no two parts with the
// same number. Otherwise the file is one invoice, as continuation pages
// that repeat the header are.

// pageNumbering matches "Pagina 1 di 3", "Page 1 of 3", "Seite 1 von 3",
// "Page 1 sur 3", "Pag. 1/3", "S. 1/3".
var pageNumbering = regexp.MustCompile(`(?i)\b(?:pagina|page|seite|pag\.?|p\.|s\.|blatt|foglio)\s*(\d{1,3})\s*(?:/|di|of|von|sur|de)\s*(\d{1,3})\b`)

// numbering returns the page's "k of n", or zeros when it prints none.
func numbering(p *layout.Page) (k, n int) {
	for _, l := range p.Lines {
		m := pageNumbering.FindStringSubmatch(p.LineText(l))
		if m == nil {
			continue
		}
		k, _ = strconv.Atoi(m[1])
		n, _ = strconv.Atoi(m[2])
		if k >= 1 && k <= n {
			return k, n
		}
	}
	return 0, 0
}

// headShare is the part of a page, from the top, read for its heading.
const headShare = 0.4

// probe is what one page says of itself.
type probe struct {
	k, n         int // page numbering, zeros when none
	number, date string
}

// probePage reads a page's numbering, and the invoice number and date of
// its heading.
func (e *Engine) probePage(p layout.Page, opt Options) probe {
	k, n := numbering(&p)
	// An invoice's number and date are in its heading: the top of the
	// page is read, not its item table, which costs the most.
	var head []layout.Word
	for _, w := range p.Words {
		if w.Box.Y1 <= headShare*p.Height {
			head = append(head, w)
		}
	}
	p.Number = 1
	p.SetWords(head)
	f := fields.Extract(&layout.Document{Pages: []layout.Page{p}}, opt.Locale)
	return probe{k: k, n: n, number: normNumber(f.Result.Invoice.Number), date: deref(f.Result.Invoice.Date)}
}

func normNumber(s *string) string {
	if s == nil {
		return ""
	}
	return strings.ToUpper(strings.Join(strings.Fields(*s), ""))
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// splitPages returns the parts of a document, as lists of page indexes;
// one part when the document is one invoice.
func (e *Engine) splitPages(doc *layout.Document, opt Options) [][]int {
	all := make([]int, len(doc.Pages))
	for i := range all {
		all[i] = i
	}
	if len(doc.Pages) < 2 {
		return [][]int{all}
	}
	probes := make([]probe, len(doc.Pages))
	for i, p := range doc.Pages {
		probes[i] = e.probePage(p, opt)
	}
	var parts [][]int
	cur := []int{0}
	number := probes[0].number
	for i := 1; i < len(doc.Pages); i++ {
		p, prev := probes[i], probes[i-1]
		// Numbering that starts again after the last page of the one
		// before, or a number and date of the page's own that differ
		// from the invoice being read (also under numbering that runs on
		// through a printed batch).
		restart := p.k == 1 && prev.k > 0 && prev.k == prev.n
		renamed := p.number != "" && p.date != "" && number != "" && p.number != number && p.k <= 1
		start := restart || renamed
		if start {
			parts = append(parts, cur)
			cur, number = nil, ""
		}
		cur = append(cur, i)
		if number == "" {
			number = p.number
		}
	}
	parts = append(parts, cur)
	if len(parts) == 1 {
		return [][]int{all}
	}
	return parts
}

// subDocument is the document of the pages idx, numbered from 1 as the
// readers expect; the evidence of its reading is numbered back with
// renumber.
func subDocument(doc *layout.Document, idx []int) *layout.Document {
	sub := &layout.Document{Pages: make([]layout.Page, len(idx))}
	for i, k := range idx {
		sub.Pages[i] = doc.Pages[k]
		sub.Pages[i].Number = i + 1
	}
	return sub
}

// renumber gives evidence read on a sub-document the page numbers of the
// whole document.
func renumber(ev map[string]layout.Evidence, doc *layout.Document, idx []int) {
	for k, e := range ev {
		if e.Page >= 1 && e.Page <= len(idx) {
			e.Page = doc.Pages[idx[e.Page-1]].Number
			ev[k] = e
		}
	}
}

// splitOutcome reads each part of a document of several invoices as one
// and returns their outcome, or false when the parts do not each read as
// an invoice of its own (then the document is read as one).
//
// The parts are read from their words alone: pictures of a letterhead are
// not read by OCR for them, as they are for a document of one invoice.
func (e *Engine) splitOutcome(doc *layout.Document, parts [][]int, r pageRead, warnings []invoice.Finding, opt Options) (Outcome, bool) {
	outs := make([]Outcome, len(parts))
	seen := map[string]bool{}
	for i, idx := range parts {
		sub := subDocument(doc, idx)
		f := fields.Extract(sub, opt.Locale)
		pr := e.candidates(sub, f, opt)
		pr.warnings, pr.scanned = r.warnings, r.scanned
		outs[i] = e.decide(pr, len(idx), warnings, opt)
		renumber(outs[i].Evidence, doc, idx)
		num := normNumber(outs[i].Result.Invoice.Number)
		if num == "" || outs[i].Result.Financials.Total == nil || seen[num] {
			return Outcome{}, false
		}
		seen[num] = true
	}
	docs := make([]invoice.Document, len(parts))
	for i, idx := range parts {
		pages := make([]int, len(idx))
		for j, k := range idx {
			pages[j] = doc.Pages[k].Number
		}
		o := outs[i]
		docs[i] = invoice.Document{Index: i, Pages: pages, Model: o.Model, Confidence: o.Confidence,
			Result: o.Result, Flags: o.Flags, Evidence: o.Evidence}
	}
	out := outs[0]
	out.Pages = len(doc.Pages)
	out.Documents = docs
	return out, true
}
