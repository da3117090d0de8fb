package fit

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/eval"
	"github.com/invex/invex/internal/testpdf"
)

func TestMain(m *testing.M) {
	pdf.ServeIfChild()
	os.Exit(m.Run())
}

// writeCase writes a PDF as a case's file.
func writeCase(t *testing.T, name string, data []byte) eval.Case {
	t.Helper()
	path := filepath.Join(t.TempDir(), name+".pdf")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return eval.Case{Name: name, PDF: path, Truth: eval.Truth{Locale: "it", Kind: eval.KindDigital}}
}

// A case whose reading fails for a reason that may pass (here every read
// passes its time limit) is an error, not a document left out of the fit
// without a word: a fit that lacked it on a busy machine only would make
// the held-out figures differ from run to run. A document that can never
// be read is left out, and the cache reads an invoice as the engine does.
func TestDocTransientFailure(t *testing.T) {
	invoicePDF := testpdf.Italian().PDF()
	ctx := context.Background()

	slow, err := extract.New(extract.Config{PDF: pdf.Config{Timeout: time.Nanosecond}})
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	cs := writeCase(t, "slow", invoicePDF)
	d, err := NewCache(slow).Doc(ctx, cs)
	var xe *extract.Error
	if !errors.As(err, &xe) || xe.Code != extract.CodeTimeout || d != nil {
		t.Fatalf("Doc of a read that times out = %v, %v; want a %s error", d, err, extract.CodeTimeout)
	}

	eng, err := extract.New(extract.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	cache := NewCache(eng)
	if d, err := cache.Doc(ctx, writeCase(t, "damaged", []byte("%PDF-1.7\nnot a pdf at all"))); d != nil || err != nil {
		t.Errorf("Doc of a damaged PDF = %v, %v; want nil, nil (nothing to learn)", d, err)
	}
	d, err = cache.Doc(ctx, writeCase(t, "invoice", invoicePDF))
	if err != nil || d == nil || len(d.Values) == 0 {
		t.Fatalf("Doc of an invoice = %v, %v; want its candidates", d, err)
	}
}
