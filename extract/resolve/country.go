package resolve

import (
	"strings"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/parse"
)

// Country is a party's country as its chosen values state it, with where
// it is printed.
type Country struct {
	Code string
	Page int // index into Doc.Pages
	Box  layout.Rect
	// Stated is false for a country only guessed: from a postal code's
	// form and the document's language, or from the country of the
	// vendor's bank account.
	Stated bool
	// From is the chosen value the country goes with: the postal line, the
	// party's name, the VAT id, the codice fiscale or the IBAN.
	From *Value
}

// PartyValues are the values chosen for a party that may state its
// country; any may be nil.
type PartyValues struct {
	Postal, Name, VAT, Fiscal, IBAN *Value
}

// PartyCountry returns the country of a party from the values chosen for
// it. A party's block states one country, so the first found of these is
// its country: the country its postal line names ("D-10115 Berlin",
// "60015 - IT"), a country's name alone in a cell of the postal line's or
// the name's block ("Italia", "Deutschland / Germany"), the country of
// the VAT id's prefix, Italy for a party with a codice fiscale (only
// Italy issues one). When nothing states it, the country the postal
// code's form gives in the document's language, or the country of the
// vendor's IBAN, is a guess (Stated false). ok is false when there is
// none.
func (d *Doc) PartyCountry(pv PartyValues) (c Country, ok bool) {
	if v := pv.Postal; v != nil && v.Country != "" && !v.guessed {
		return Country{Code: v.Country, Page: v.Page, Box: v.Box, Stated: true, From: v}, true
	}
	if v := pv.Postal; v != nil && v.Line >= 0 {
		if c, ok := d.countryAfter(v); ok {
			return c, true
		}
	}
	for _, v := range []*Value{pv.Postal, pv.Name} {
		if v != nil && v.Line >= 0 {
			if c, ok := d.countryInBlock(v); ok {
				return c, true
			}
		}
	}
	if v := pv.VAT; v != nil {
		if cc, ok := parse.VATCountry(v.Norm); ok {
			return Country{Code: cc, Page: v.Page, Box: v.Box, Stated: true, From: v}, true
		}
	}
	if v := pv.Fiscal; v != nil {
		return Country{Code: "IT", Page: v.Page, Box: v.Box, Stated: true, From: v}, true
	}
	if v := pv.Postal; v != nil && v.Country != "" {
		return Country{Code: v.Country, Page: v.Page, Box: v.Box, From: v}, true
	}
	if v := pv.IBAN; v != nil && len(v.Norm) > 2 && parse.CountryCode(v.Norm[:2]) {
		return Country{Code: v.Norm[:2], Page: v.Page, Box: v.Box, From: v}, true
	}
	return Country{}, false
}

// countryAfter returns the country named by the rest of a postal line's
// cell: a country's name or code after it ("60015 Ancona - IT", "75002
// Paris, France").
func (d *Doc) countryAfter(v *Value) (Country, bool) {
	p := d.Pages[v.Page]
	cells := p.S.Cells[v.Line]
	if v.Cell >= len(cells) || v.Last >= cells[v.Cell].Last {
		return Country{}, false
	}
	c := cells[v.Cell]
	rest := strings.Trim(p.text(v.Line, v.Last+1, c.Last), " ,.-–()")
	cc := parse.CountryName(rest)
	if cc == "" && parse.CountryCode(rest) {
		cc = rest
	}
	if cc == "" {
		return Country{}, false
	}
	return Country{Code: cc, Page: v.Page, Box: v.Box.Union(p.box(v.Line, v.Last+1, c.Last)), Stated: true, From: v}, true
}

// countryInBlock returns the first country named alone in a cell of v's
// block.
func (d *Doc) countryInBlock(v *Value) (Country, bool) {
	p := d.Pages[v.Page]
	blk, ok := d.blockOf[cellKey{v.Page, v.Line, v.Cell}]
	if !ok {
		return Country{}, false
	}
	b := d.blks[blk]
	for li := b.first; li < len(p.S.Cells); li++ {
		if p.S.Page.Lines[li].Box.Y0 > b.bottom {
			break
		}
		for ci, c := range p.S.Cells[li] {
			if k, ok := d.blockOf[cellKey{v.Page, li, ci}]; !ok || k != blk {
				continue
			}
			if cc := cellCountry(p.text(li, c.First, c.Last)); cc != "" {
				return Country{Code: cc, Page: v.Page, Box: c.Box, Stated: true, From: v}, true
			}
		}
	}
	return Country{}, false
}

// cellCountry returns the country a cell names alone ("Italia", "FRANCE",
// "Deutschland / Germany"), or "".
func cellCountry(text string) string {
	text = strings.Trim(text, " ,.-")
	if cc := parse.CountryName(text); cc != "" {
		return cc
	}
	// The same country named in two languages.
	for _, sep := range []string{"/", " - ", "|"} {
		a, b, found := strings.Cut(text, sep)
		if !found {
			continue
		}
		ca, cb := parse.CountryName(strings.TrimSpace(a)), parse.CountryName(strings.TrimSpace(b))
		if ca != "" && ca == cb {
			return ca
		}
	}
	return ""
}
