package testpdf

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/invex/invex/internal/eval"
)

// Producers: the programs that write a case's PDF.
const (
	ProducerChromium    = "chromium"    // HTML printed by headless Chromium (Skia, CID TrueType fonts)
	ProducerGhostscript = "ghostscript" // Chromium's PDF rewritten by Ghostscript's pdfwrite
	ProducerFPDF        = "fpdf"        // drawn with fpdf's core fonts (WinAnsi)
)

// Case is one generated corpus case: an invoice of a layout family, its
// content, its layout and the program that writes its PDF.
type Case struct {
	// Name is the case's file name without extension.
	Name     string
	Family   Family
	Spec     Spec
	Producer string
	page     *htmlPage // nil for fpdf families
}

// NewCase returns case i of the corpus of a seed. Cases cycle through the
// layout families, so any len(Families()) consecutive cases hold one of
// each; everything else is drawn from a random source of (seed, i).
func NewCase(seed uint64, i int) Case {
	fams := Families()
	f := fams[i%len(fams)]
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	c := Case{Family: f, Name: fmt.Sprintf("g%d-%04d-%s", seed, i, f.Name)}
	if f.fpdf() {
		c.Producer = ProducerFPDF
		c.Spec = Generate(seed<<20 | uint64(i))
		c.Spec.Style.Layout = map[string]int{"fpdf-left": LayoutLetterLeft, "fpdf-right": LayoutLetterRight,
			"fpdf-blocks": LayoutBlocks, "fpdf-footer": LayoutFooter}[f.Name]
		if c.Spec.Style.Layout == LayoutFooter {
			c.Spec.Style.FooterLegal = true
		}
		return c
	}
	c.Spec = familySpec(f, seed<<20|uint64(i), rng)
	c.Producer = ProducerChromium
	if f.Ghostscript && rng.IntN(2) == 0 {
		c.Producer = ProducerGhostscript
	}
	p := layOut(c.Spec, f, rng)
	c.Spec.Style.Columns = p.columns
	c.page = &p
	return c
}

// MethodUnnamed reports whether the case asks for a bank transfer without
// a word naming the method, only the payee's bank and IBAN.
func (c Case) MethodUnnamed() bool { return c.page != nil && methodUnnamed(c.Spec, c.Family) }

// Lang is the case's language.
func (c Case) Lang() string { return c.Spec.Lang }

// DotNumbers reports whether the case prints its numbers with a decimal
// dot and no thousands separator whatever its language.
func (c Case) DotNumbers() bool { return c.page != nil && c.page.dotNumbers }

// MonthFirst reports whether the case prints its dates month first, as
// the United States do.
func (c Case) MonthFirst() bool { return c.page != nil && c.page.monthFirst }

// RateGrid reports whether the case prints its totals as a grid per VAT
// rate with a last row of their sums.
func (c Case) RateGrid() bool { return c.page != nil && c.page.rateGrid }

// CustomerGrid reports whether the case prints the buyer's VAT number in
// the grid of document data, beside the buyer's customer number.
func (c Case) CustomerGrid() bool {
	return c.page != nil && c.Family.Meta == metaGrid && c.Spec.CustomerNo != "" && c.Spec.Buyer.VAT != ""
}

// Officer returns the company officer (a managing director, the board)
// the case's legal footer names, or "".
func (c Case) Officer() string {
	if c.page == nil {
		return ""
	}
	return c.page.officer
}

// GroupedNumber reports whether the case's document number is printed
// as groups of digits set apart by spaces (featGroupedNumber).
func (c Case) GroupedNumber() bool {
	inv, _ := c.Truth().Result["invoice"].(map[string]any)
	n, _ := inv["number"].(string)
	return groupedNumber.MatchString(n)
}

var groupedNumber = regexp.MustCompile(`^\d+( \d+)+$`)

// NeedsBrowser reports whether writing the case's PDF needs Chromium.
func (c Case) NeedsBrowser() bool { return c.page != nil }

// HTML returns the page the browser prints, with its pictures still as
// placeholders, or "" for fpdf cases.
func (c Case) HTML() string {
	if c.page == nil {
		return ""
	}
	return c.page.html
}

// PDF writes the case's PDF. Chromium cases need a browser; Ghostscript
// ones also the gs program.
func (c Case) PDF(ctx context.Context, b *Browser) ([]byte, error) {
	if c.page == nil {
		return c.Spec.PDF(), nil
	}
	if b == nil {
		return nil, fmt.Errorf("write %s: %w", c.Name, ErrNoChromium)
	}
	doc := c.page.html
	for i, frag := range c.page.pictures {
		png, err := b.PNG(ctx, `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0;background:#fff">`+
			`<div id="shot" style="display:inline-block;background:#fff">`+frag+`</div></body></html>`, 2)
		if err != nil {
			return nil, fmt.Errorf("write %s: picture %d: %w", c.Name, i, err)
		}
		doc = strings.Replace(doc, fmt.Sprintf("\x00pic%d\x00", i), "data:image/png;base64,"+base64.StdEncoding.EncodeToString(png), 1)
	}
	data, err := b.PDF(ctx, doc, c.page.setup)
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", c.Name, err)
	}
	if c.Producer == ProducerGhostscript {
		if data, err = ghostscript(ctx, data); err != nil {
			return nil, fmt.Errorf("write %s: %w", c.Name, err)
		}
	}
	return data, nil
}

// ghostscript rewrites a PDF with Ghostscript's pdfwrite device: new
// objects, fonts re-subset and re-encoded, another producer.
func ghostscript(ctx context.Context, in []byte) ([]byte, error) {
	dir, err := os.MkdirTemp("", "invex-gs-")
	if err != nil {
		return nil, fmt.Errorf("ghostscript: %w", err)
	}
	defer os.RemoveAll(dir)
	src, dst := filepath.Join(dir, "in.pdf"), filepath.Join(dir, "out.pdf")
	if err := os.WriteFile(src, in, 0o600); err != nil {
		return nil, fmt.Errorf("ghostscript: %w", err)
	}
	cmd := exec.CommandContext(ctx, "gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite",
		"-dCompatibilityLevel=1.5", "-o", dst, src)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("ghostscript: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	return os.ReadFile(dst)
}

// GhostscriptPath returns the path of the gs program, or "".
func GhostscriptPath() string {
	p, _ := exec.LookPath("gs")
	return p
}

// Printed returns, for each truth path the page prints a value for, the
// text printed ("" for a cell printed empty), and whether it is printed
// only inside a picture. fpdf cases return nil.
func (c Case) Printed() (text map[string]string, inPicture map[string]bool) {
	if c.page == nil {
		return nil, nil
	}
	return c.page.printed, c.page.inPicture
}

// Truth returns what a perfect extraction of the case returns, in the
// corpus truth format, with origin set to the family: only values printed
// on the page are given, and fields surely absent are null.
func (c Case) Truth() eval.Truth {
	t := c.Spec.Truth()
	t.Origin = c.Family.Origin()
	t.Source = fmt.Sprintf("generated by internal/testpdf, case %s, family %s, printed by %s", c.Name, c.Family.Name, c.Producer)
	if c.page == nil {
		return t
	}
	printed := c.page.printed
	res := t.Result
	for _, section := range []string{"vendor", "buyer", "invoice", "financials"} {
		m, _ := res[section].(map[string]any)
		for k, v := range m {
			path := section + "." + k
			switch {
			case section == "invoice" && k == "currency":
				if _, ok := printed["financials.currency"]; !ok {
					delete(m, k)
				}
			case v == nil:
				// A null truth says the value is not on the page.
			default:
				if _, ok := printed[path]; !ok {
					delete(m, k)
				}
			}
		}
	}
	vendor := res["vendor"].(map[string]any)
	if c.Spec.Vendor.Country != "IT" {
		// A German tax number or a French SIRET is not a codice fiscale:
		// not scored either way.
		delete(vendor, "fiscal_code")
	}
	vendor["sdi_code"] = nil
	if sdi, ok := printed["buyer.sdi_code"]; ok {
		res["buyer"].(map[string]any)["sdi_code"] = sdi
	}
	if c.Spec.Buyer.Country != "IT" && c.Spec.Buyer.FiscalCode == "" {
		res["buyer"].(map[string]any)["fiscal_code"] = nil
	}
	items, _ := res["line_items"].([]any)
	for i, it := range items {
		m := it.(map[string]any)
		for k, v := range m {
			if v == nil {
				continue
			}
			if _, ok := printed[fmt.Sprintf("line_items.%d.%s", i, k)]; !ok {
				delete(m, k)
			}
		}
	}
	return t
}
