// Package fields reads the fields of an invoice from the words and layout of
// its pages, without templates: printed labels in it, en, de and fr
// (package labels) point at values to their right, below them or in their
// table column; typed parsers (package parse) read the values; parties are
// told apart by labels and layout (letterhead, address blocks, footer),
// never by the order their VAT numbers appear in; totals are chosen jointly
// so that their arithmetic holds where the page allows it.
//
// Every value comes with evidence: the page and box it was read from and a
// confidence in [0, 1].
package fields

import (
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/invex/invex/extract/labels"
	"github.com/invex/invex/extract/layout"
)

// line is one visual line of horizontal text, with its label hits.
type line struct {
	page  int // 1-based
	index int // position in the page's reading order
	angle int // the words' direction; 0 for normal text
	words []layout.Word
	box   layout.Rect
	text  string
	hits  []labels.Hit
	// height is the typical word height, for distances.
	height float64
}

// page is the reading model of one page.
type page struct {
	num           int
	width, height float64
	lines         []*line
}

// model is the whole document as the field rules see it.
type model struct {
	pages []*page
}

// newModel builds the model from the pages' lines, keeping horizontal text
// (vertical margin text is kept as lines too: it often holds the vendor's
// legal data).
func newModel(doc *layout.Document) *model {
	m := &model{}
	for _, p := range doc.Pages {
		pg := &page{num: p.Number, width: p.Width, height: p.Height}
		for _, l := range p.Lines {
			ln := &line{page: p.Number, index: len(pg.lines), box: l.Box, angle: l.Angle}
			texts := make([]string, 0, len(l.Words))
			var hsum float64
			for _, wi := range l.Words {
				w := p.Words[wi]
				if n := len(ln.words); n > 0 && duplicate(ln.words[n-1], w) {
					continue // fake bold or shadow: the same word printed twice
				}
				ln.words = append(ln.words, w)
				texts = append(texts, w.Text)
				hsum += w.Box.Y1 - w.Box.Y0
			}
			ln.text = strings.Join(texts, " ")
			ln.height = hsum / float64(max(len(ln.words), 1))
			if l.Angle == 0 {
				ln.hits = findLabels(ln, texts)
				adjustHits(ln)
			}
			pg.lines = append(pg.lines, ln)
		}
		wrappedWithout(pg)
		m.pages = append(m.pages, pg)
	}
	return m
}

// wrappedWithout drops a tax label whose negation stands right above it, a
// column heading wrapped over two lines ("Ohne" / "MwSt.").
func wrappedWithout(p *page) {
	for _, l := range p.lines {
		for i := range l.hits {
			h := &l.hits[i]
			if h.Kind != labels.TaxAmount || h.Score == 0 || l.index == 0 {
				continue
			}
			_, box := l.span(h.First, h.Last)
			for _, o := range p.lines[max(0, l.index-3):l.index] {
				if l.box.Y0-o.box.Y1 > l.height || o.box.Y0 >= l.box.Y0 {
					continue
				}
				for _, w := range o.words {
					if math.Abs(w.Box.X0-box.X0) < l.height && negation(w.Text) {
						h.Score = 0
					}
				}
			}
		}
	}
}

// negation reports whether a word negates a tax label after it: "ohne",
// "senza", "without", "hors", "excl.".
func negation(w string) bool {
	switch strings.ToLower(strings.Trim(w, ".,:;(")) {
	case "ohne", "exkl", "senza", "escl", "esclusa", "without", "excl", "excluding", "hors", "sans":
		return true
	}
	return false
}

// findLabels finds the labels of each run of words between column gaps: a
// label never spans two cells ("IMPONIBILE | IVA" are two headings).
func findLabels(l *line, texts []string) []labels.Hit {
	var hits []labels.Hit
	start := 0
	for i := range texts {
		if i < len(texts)-1 && !l.gapAfter(i) {
			continue
		}
		for _, h := range labels.Find(texts[start : i+1]) {
			h.First += start
			h.Last += start
			hits = append(hits, h)
		}
		start = i + 1
	}
	// Best first, as labels.Find orders them.
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].Score > hits[j].Score })
	return hits
}

// duplicate reports whether b repeats word a at (almost) the same place.
func duplicate(a, b layout.Word) bool {
	if a.Text != b.Text {
		return false
	}
	w := math.Min(a.Box.X1-a.Box.X0, b.Box.X1-b.Box.X0)
	return overlapX(a.Box, b.Box) > 0.8*w && math.Abs(a.Box.Y0-b.Box.Y0) < 0.3*(a.Box.Y1-a.Box.Y0)
}

// span returns the text and box of words [first, last] of the line.
func (l *line) span(first, last int) (string, layout.Rect) {
	first, last = max(first, 0), min(last, len(l.words)-1)
	if first > last {
		return "", layout.Rect{}
	}
	texts := make([]string, 0, last-first+1)
	box := l.words[first].Box
	for _, w := range l.words[first : last+1] {
		texts = append(texts, w.Text)
		box = union(box, w.Box)
	}
	return strings.Join(texts, " "), box
}

// gapAfter reports whether a wide gap separates word i from word i+1: a
// column break rather than a space between words of one phrase.
func (l *line) gapAfter(i int) bool {
	if i+1 >= len(l.words) {
		return true
	}
	gap := l.words[i+1].Box.X0 - l.words[i].Box.X1
	return gap > 1.8*l.height
}

func union(a, b layout.Rect) layout.Rect {
	return layout.Rect{X0: math.Min(a.X0, b.X0), Y0: math.Min(a.Y0, b.Y0), X1: math.Max(a.X1, b.X1), Y1: math.Max(a.Y1, b.Y1)}
}

// overlapX is the horizontal overlap of two boxes, in points.
func overlapX(a, b layout.Rect) float64 {
	return math.Min(a.X1, b.X1) - math.Max(a.X0, b.X0)
}

// below returns the lines under l on its page whose top is within maxDist
// line heights of l's bottom, nearest first.
func (p *page) below(l *line, maxDist float64) []*line {
	var out []*line
	for _, o := range p.lines[l.index+1:] {
		if o.angle != 0 {
			break // vertical lines come after all horizontal ones
		}
		// A line whose top is below the middle of l's words is a line
		// below, even when l's box reaches further down (a taller word at
		// the end of l, or tightly set lines whose boxes overlap).
		if o.box.Y0 < math.Min(l.box.Y1-0.3*l.height, l.box.Y0+0.6*l.height) {
			continue
		}
		if o.box.Y0-l.box.Y1 > maxDist*math.Max(l.height, 1) {
			break
		}
		out = append(out, o)
	}
	return out
}

// adjustHits weighs label hits by their context on the line:
//   - a label that is only the start of a longer key ("Date de facture
//     associée :", "Data documento di trasporto:") introduces another value;
//   - a party-block label must be a heading (alone, or ending in a colon)
//     unless it is a salutation that precedes the name on the same line
//     ("Spett.le Rossi S.r.l."), since words such as "Lieferant" or "Client"
//     also occur inside names and sentences.
func adjustHits(l *line) {
	qualifyAmountLabels(l)
	for i := range l.hits {
		h := &l.hits[i]
		if h.Kind == labels.PONumber {
			ownerQualifier(l, i)
		}
		if extendedKey(l, *h) {
			h.Score *= 0.4
		}
		if h.Kind == labels.DueDate && otherDeadline(l, *h) {
			h.Score = 0
		}
		if h.Kind == labels.TaxAmount && withoutTax(l, *h) {
			h.Score = 0 // "Ohne MwSt.", "senza IVA": a net amount, not the tax
		}
		switch h.Kind {
		case labels.BuyerBlock, labels.VendorBlock, labels.ShipTo:
			if !salutation(h.Label) && (!heading(l, *h) || qualified(l, *h)) {
				h.Score *= 0.3
			}
		}
	}
}

// extendedKey reports whether letter-only words follow the label and then a
// colon: the printed key is longer than the label.
func extendedKey(l *line, h labels.Hit) bool {
	if strings.HasSuffix(l.words[h.Last].Text, ":") {
		return false
	}
	for i := h.Last + 1; i < len(l.words) && i <= h.Last+4; i++ {
		w := l.words[i].Text
		if w == ":" {
			return i > h.Last+1
		}
		if strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && r != ':' && r != '\'' && r != '.' }) >= 0 {
			return false
		}
		if strings.HasSuffix(w, ":") {
			// A short code key ("CIG:", "CUP:") starts a key of its own:
			// the words before it are the label's value.
			k := strings.TrimSuffix(w, ":")
			return i == h.Last+1 || !(len(k) <= 4 && strings.ToUpper(k) == k)
		}
		if l.gapAfter(i - 1) {
			return false
		}
	}
	return false
}

// ownerQualifier reads an order label together with the party word that
// says whose order it is ("Bestellung Nr. Kunde:", "N. ordine cliente:",
// "Order No. customer:"): the words, up to the colon that ends the key,
// belong to the label and head no party block.
func ownerQualifier(l *line, i int) {
	h := &l.hits[i]
	for k := h.Last + 1; k < len(l.words) && k <= h.Last+2; k++ {
		if l.gapAfter(k - 1) {
			return
		}
		switch strings.ToLower(strings.Trim(l.words[k].Text, ".,:;()")) {
		case "kunde", "kunden", "käufer", "cliente", "committente", "client", "customer", "buyer", "acheteur":
		default:
			return
		}
		if !strings.HasSuffix(l.words[k].Text, ":") && !(k+1 < len(l.words) && l.words[k+1].Text == ":") {
			continue
		}
		for j := range l.hits {
			if j != i && l.hits[j].First > h.Last && l.hits[j].First <= k {
				l.hits[j].Score = 0
			}
		}
		h.Last = k
		return
	}
}

// withoutTax reports whether a tax label follows a word that negates it in
// the same phrase: "Ohne MwSt.", "senza IVA", "hors TVA", "excl. VAT".
func withoutTax(l *line, h labels.Hit) bool {
	if h.First == 0 || l.gapAfter(h.First-1) {
		return false
	}
	return negation(l.words[h.First-1].Text)
}

// otherDeadline reports whether a due-date label is followed, in the same
// phrase, by the thing that expires when it is not the invoice: "Data
// scadenza offerta", "Scadenza condizioni economiche", "Fälligkeit des
// Vertrags", "Date d'échéance du contrat".
func otherDeadline(l *line, h labels.Hit) bool {
	for i := h.Last + 1; i < len(l.words) && i <= h.Last+3; i++ {
		if l.gapAfter(i - 1) {
			return false
		}
		switch strings.ToLower(strings.Trim(l.words[i].Text, ".,:;()")) {
		case "offerta", "condizioni", "contratto", "abbonamento", "garanzia", "carta", "promozione",
			"offer", "contract", "subscription", "warranty", "card", "quote", "promotion",
			"angebot", "angebots", "vertrag", "vertrags", "abonnement", "garantie", "karte",
			"offre", "contrat", "carte", "devis":
			return true
		}
	}
	return false
}

// heading reports whether the label stands as a heading: followed by a
// colon, by nothing, or by a column break.
func heading(l *line, h labels.Hit) bool {
	if strings.HasSuffix(l.words[h.Last].Text, ":") || h.Last == len(l.words)-1 || l.gapAfter(h.Last) {
		return true
	}
	next := l.words[h.Last+1].Text
	return next == ":" || next == "/" || next == "-"
}

// qualified reports whether a word precedes a label in its column segment:
// the label then qualifies another key ("Référence acheteur", "Codice
// cliente") or sits inside a name ("Logo le fournisseur") rather than
// heading a block; after a key ("Nom : Payee name") it is a value. A label
// after a separator is an alternative heading ("Käufer /
// Leistungsempfänger", "Daten zum Lieferanten - Dati del cedente").
func qualified(l *line, h labels.Hit) bool {
	if h.First == 0 || l.gapAfter(h.First-1) {
		return false
	}
	switch l.words[h.First-1].Text {
	case "/", "-", "–", "|", "·", "•":
		return false
	}
	return true
}

// salutation reports whether a buyer label is a form of address that the
// recipient's name follows on the same line.
func salutation(label string) bool {
	switch strings.ToLower(strings.TrimSuffix(label, ":")) {
	case "spett.le", "spettabile", "spett. le", "egr.", "egregio", "gentile", "gent.mo", "messrs", "messrs.", "attn", "attn.":
		return true
	}
	return false
}

// qualifyAmountLabels reads a total label together with the words that
// qualify it in the same phrase: "Rechnungssumme Netto", "Totale
// imponibile", "Total (excl. VAT)" name the subtotal, "Summe Brutto" and
// "Total (TVA incluse)" the total. A tax word inside such a parenthesis is a
// qualifier, not a label of its own.
func qualifyAmountLabels(l *line) {
	for i := range l.hits {
		h := &l.hits[i]
		if h.Kind != labels.Total && h.Kind != labels.Subtotal || h.Score == 0 {
			continue
		}
		// Words up to the next column break, number or strong label (tight
		// table headers: "TOTALE CON IVA IMPONIBILE") qualify the label.
		end := h.Last
		for end+1 < len(l.words) && end < h.Last+4 && !l.gapAfter(end) && !startsNumber(l.words[end+1].Text) && !startsStrongLabel(l, end+1) {
			end++
		}
		if end == h.Last {
			continue
		}
		net, gross := false, false
		inParen := false
		for k := h.Last + 1; k <= end; k++ {
			w := strings.ToLower(strings.Trim(l.words[k].Text, ".,:;"))
			if strings.HasPrefix(w, "(") {
				inParen = true
			}
			switch strings.Trim(w, "()") {
			case "netto", "net", "nette", "ht", "h.t", "excl", "exkl", "excluding", "ohne", "senza", "esclusa", "escl", "imponibile", "hors", "before":
				net = true
			case "brutto", "gross", "ttc", "incl", "inkl", "including", "inclusa", "incluse", "compresa", "comprise", "comprises", "inclusive",
				"con", "mit", "avec", "with", "ivato", "ivata",
				// "Total net à payer", "Totale netto a pagare": the amount due.
				"payer", "pagare", "pay", "due", "dovuto", "zahlen", "zahlbar":
				gross = true
			}
			if !inParen {
				continue
			}
			// Hits inside the parenthesis only qualify the label.
			for j := range l.hits {
				if j != i && l.hits[j].First == k {
					l.hits[j].Score = 0
				}
			}
		}
		if net == gross {
			continue
		}
		// A following "Netto"/"Brutto" or the tax word of "con IVA" is
		// part of this label.
		for j := range l.hits {
			if j != i && l.hits[j].First > h.Last && l.hits[j].Last <= end &&
				(l.hits[j].Kind == labels.Subtotal || l.hits[j].Kind == labels.Total || l.hits[j].Kind == labels.TaxAmount) {
				l.hits[j].Score = 0
			}
		}
		if net {
			h.Kind = labels.Subtotal
		} else {
			h.Kind = labels.Total
		}
		h.Last = end
	}
}

// startsStrongLabel reports whether an exact label of its own starts at
// word i.
func startsStrongLabel(l *line, i int) bool {
	for _, h := range l.hits {
		if h.First == i && h.Score >= 0.9 {
			return true
		}
	}
	return false
}

// startsNumber reports whether a word begins an amount or percentage.
func startsNumber(w string) bool {
	w = strings.TrimLeft(w, "(-+€$£")
	return w != "" && w[0] >= '0' && w[0] <= '9'
}
