package extract_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/pdf"
)

func TestProbeHostile(t *testing.T) {
	eng, err := extract.New(extract.Config{PDF: pdf.Config{Isolated: true, Instances: 2}})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	files, _ := filepath.Glob("../testdata/hostile/*.pdf")
	for _, f := range files {
		data, _ := os.ReadFile(f)
		start := time.Now()
		out, err := eng.Extract(context.Background(), data, extract.Options{Locale: "it"})
		b, _ := json.Marshal(out.Result.Financials)
		v, _ := json.Marshal(out.Result.Vendor)
		t.Logf("%s: %v %s %s %s", filepath.Base(f), err, b, v, time.Since(start))
	}
}
