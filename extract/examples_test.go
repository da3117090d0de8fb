package extract_test

import (
	"context"
	"testing"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/learn"
	"github.com/invex/invex/internal/eval"
	"github.com/invex/invex/internal/testpdf"
)

// examples is an ExampleSource of one supplier's examples.
type examples struct {
	supplier string
	list     []learn.Example
}

func (e examples) Examples(_ context.Context, suppliers []string) (map[string][]learn.Example, error) {
	return map[string][]learn.Example{e.supplier: e.list}, nil
}

// TestSupplierExamples reviews the first invoice of generated suppliers
// that print their invoice number under a label of their own, which the
// engine does not read, and checks that the example the review leaves
// makes the engine read the number on the supplier's next five invoices,
// in every layout family and language, without losing another field.
func TestSupplierExamples(t *testing.T) {
	ctx := context.Background()
	for _, seed := range []uint64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15} {
		specs := testpdf.Supplier(seed, 6, "Ref.")
		first := specs[0]
		name := first.Name()
		t.Run(name, func(t *testing.T) {
			doc, err := engine.Layout(ctx, first.PDF(), extract.Options{Locale: first.Lang})
			if err != nil {
				t.Fatal(err)
			}
			ex, ok := learn.Locate(doc, "invoice.number", first.Number, nil, first.Lang)
			if !ok {
				t.Fatalf("the reviewed number %q is not found on the page", first.Number)
			}
			if ex.Label != "ref" {
				t.Errorf("label = %q, want the supplier's own label", ex.Label)
			}
			src := examples{supplier: learn.SupplierKey(first.Vendor.VAT), list: []learn.Example{ex}}
			wrongBefore := 0
			for _, s := range specs[1:] {
				before, err := engine.Extract(ctx, s.PDF(), extract.Options{Locale: s.Lang})
				if err != nil {
					t.Fatal(err)
				}
				after, err := engine.Extract(ctx, s.PDF(), extract.Options{Locale: s.Lang, Examples: src})
				if err != nil {
					t.Fatal(err)
				}
				if n := before.Result.Invoice.Number; n == nil || *n != s.Number {
					wrongBefore++
				}
				if n := after.Result.Invoice.Number; n == nil || *n != s.Number {
					t.Errorf("%s: number = %v, want %q", s.Name(), deref(n), s.Number)
				}
				if e, ok := after.Evidence["invoice.number"]; !ok || e.Confidence != learn.ExampleConfidence {
					t.Errorf("%s: evidence of the number = %+v, want the example's", s.Name(), e)
				}
				truth := s.Truth()
				b, a := eval.Score(truth, before.Result, before.Flags), eval.Score(truth, after.Result, after.Flags)
				right := func(c eval.CaseScore) int { return c.Count(eval.Match) + c.Count(eval.NullOK) }
				if right(a) < right(b)+boolInt(before.Result.Invoice.Number == nil || *before.Result.Invoice.Number != s.Number) {
					t.Errorf("%s: %d fields right with the example, %d without", s.Name(), right(a), right(b))
				}
			}
			t.Logf("layout %d, %s: the engine alone missed %d of 5 numbers", first.Style.Layout, first.Lang, wrongBefore)
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BenchmarkSupplierExamples measures what reading with a supplier's
// examples costs over reading without: the same invoice, extracted alone
// and with an example source that holds one example of its supplier.
func BenchmarkSupplierExamples(b *testing.B) {
	ctx := context.Background()
	specs := testpdf.Supplier(0, 2, "Ref.")
	doc, err := engine.Layout(ctx, specs[0].PDF(), extract.Options{Locale: specs[0].Lang})
	if err != nil {
		b.Fatal(err)
	}
	ex, ok := learn.Locate(doc, "invoice.number", specs[0].Number, nil, specs[0].Lang)
	if !ok {
		b.Fatal("no example")
	}
	src := examples{supplier: learn.SupplierKey(specs[0].Vendor.VAT), list: []learn.Example{ex}}
	pdf := specs[1].PDF()
	for _, bc := range []struct {
		name string
		opt  extract.Options
	}{
		{"alone", extract.Options{Locale: specs[1].Lang}},
		{"with-examples", extract.Options{Locale: specs[1].Lang, Examples: src}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := engine.Extract(ctx, pdf, bc.opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
