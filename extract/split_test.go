package extract_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/internal/eval"
	"github.com/invex/invex/internal/testpdf"
)

// A PDF holding several invoices gives one document per invoice, with its
// pages, each read as well as the same invoice printed alone: field by
// field against its truth, the scores are the same.
func TestSeveralInvoicesInOnePDF(t *testing.T) {
	ctx := context.Background()
	// Invoices of different layout families and languages, one of two
	// pages among them.
	var specs []testpdf.Spec
	twoPages := false
	for seed := uint64(0); len(specs) < 3; seed++ {
		s := testpdf.Generate(seed * 7)
		n := pageCount(t, s.PDF())
		if n > 2 || n == 2 && twoPages {
			continue
		}
		twoPages = twoPages || n == 2
		specs = append(specs, s)
	}
	batch := testpdf.Batch(specs...)
	out, err := engine.Extract(ctx, batch, extract.Options{Locale: specs[0].Lang})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Documents) != len(specs) {
		t.Fatalf("%d documents, want %d", len(out.Documents), len(specs))
	}
	t.Logf("%d invoices in one PDF of %d pages: %v", len(specs), out.Pages, func() (p [][]int) {
		for _, d := range out.Documents {
			p = append(p, d.Pages)
		}
		return p
	}())
	page := 1
	for i, s := range specs {
		d := out.Documents[i]
		n := pageCount(t, s.PDF())
		want := make([]int, n)
		for k := range want {
			want[k] = page + k
		}
		page += n
		if fmt.Sprint(d.Pages) != fmt.Sprint(want) {
			t.Errorf("invoice %d: pages %v, want %v", i, d.Pages, want)
		}
		alone, err := engine.Extract(ctx, s.PDF(), extract.Options{Locale: specs[0].Lang})
		if err != nil {
			t.Fatal(err)
		}
		truth := s.Truth()
		got, ref := eval.Score(truth, d.Result, d.Flags), eval.Score(truth, alone.Result, alone.Flags)
		if g, r := got.Count(eval.Match)+got.Count(eval.NullOK), ref.Count(eval.Match)+ref.Count(eval.NullOK); g < r {
			t.Errorf("invoice %d (%s): %d fields right in the batch, %d alone", i, s.Name(), g, r)
			for _, f := range got.Fields {
				if f.Outcome != eval.Match && f.Outcome != eval.NullOK {
					t.Logf("  %s: want %v, got %v", f.Path, f.Want, f.Got)
				}
			}
		}
		for _, ev := range d.Evidence {
			if ev.Page < want[0] || ev.Page > want[len(want)-1] {
				t.Errorf("invoice %d: evidence on page %d, outside its pages %v", i, ev.Page, want)
				break
			}
		}
	}
	if out.Result.Invoice.Number == nil || *out.Result.Invoice.Number != *out.Documents[0].Result.Invoice.Number {
		t.Errorf("result is not the first document")
	}

	// One invoice of several pages stays one.
	multi := 0
	defer func() {
		if multi < 5 {
			t.Errorf("only %d invoices of several pages checked", multi)
		}
	}()
	for seed := uint64(0); seed < 200; seed++ {
		s := testpdf.Generate(seed)
		if pageCount(t, s.PDF()) < 2 {
			continue
		}
		multi++
		out, err := engine.Extract(ctx, s.PDF(), extract.Options{Locale: s.Lang})
		if err != nil {
			t.Fatal(err)
		}
		if out.Documents != nil {
			t.Errorf("%s: a %d-page invoice read as %d documents", s.Name(), out.Pages, len(out.Documents))
		}
	}
}

func pageCount(t *testing.T, pdf []byte) int {
	t.Helper()
	doc, err := engine.Layout(context.Background(), pdf, extract.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return len(doc.Pages)
}
