package extract_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/internal/hostile"
	"github.com/invex/invex/invoice"
)

// TestHostileFiles extracts the project's crafted hostile documents
// (testdata/hostile) with the engine and checks the outcome each is
// documented to have; files refused at upload are the API's business
// (internal/app tests them).
func TestHostileFiles(t *testing.T) {
	for _, f := range hostile.Files() {
		if f.Want.Outcome == hostile.R422 && !f.Any {
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "testdata", "hostile", f.Name))
			if err != nil {
				t.Fatal(err)
			}
			out, err := engine.Extract(context.Background(), data, extract.Options{Locale: "it"})
			var xe *extract.Error
			switch f.Want.Outcome {
			case hostile.R422:
				// Refused at upload; should it reach a worker, the
				// engine fails it for the same reason, at once.
				if !errors.As(err, &xe) || xe.Code != f.Want.Code || !xe.Permanent {
					t.Fatalf("err = %v, want a permanent %s", err, f.Want.Code)
				}
			case hostile.Fail:
				if !errors.As(err, &xe) || xe.Code != f.Want.Code || xe.Message == "" {
					t.Fatalf("err = %v, want code %s", err, f.Want.Code)
				}
				if !xe.Permanent {
					t.Errorf("%s is not permanent: the job would be retried in vain", xe.Code)
				}
			case hostile.Complete:
				if err != nil {
					t.Fatalf("err = %v, want a result", err)
				}
				checkHostileResult(t, f.Want, out.Result)
			case hostile.End:
				if err != nil && !errors.As(err, &xe) {
					t.Fatalf("err = %v, want a result or an *extract.Error", err)
				}
			}
		})
	}
}

func checkHostileResult(t *testing.T, want hostile.Want, res invoice.Result) {
	t.Helper()
	switch {
	case want.Total == hostile.NoTotal && res.Financials.Total != nil:
		t.Errorf("total %v, want none", *res.Financials.Total)
	case want.Total > 0 && (res.Financials.Total == nil || *res.Financials.Total != want.Total):
		t.Errorf("total %v, want %v", ptr(res.Financials.Total), want.Total)
	}
	b, _ := json.Marshal(res)
	for _, s := range want.Absent {
		if strings.Contains(string(b), s) {
			t.Errorf("planted %q was read: %s", s, b)
		}
	}
}

func ptr(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestHostileXML checks that an embedded Factur-X with an external entity
// and an entity bomb is refused with a warning, and the page read instead.
func TestHostileXML(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "hostile", "facturx-xxe.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := engine.Extract(context.Background(), data, extract.Options{Locale: "it"})
	if err != nil {
		t.Fatal(err)
	}
	if out.Model != extract.ModelText {
		t.Errorf("model %s, want %s", out.Model, extract.ModelText)
	}
	if !slices.ContainsFunc(out.Result.Validation.Warnings, func(f invoice.Finding) bool { return f.Code == extract.CodeXMLUnreadable }) {
		t.Errorf("no %s warning: %+v", extract.CodeXMLUnreadable, out.Result.Validation.Warnings)
	}
}
