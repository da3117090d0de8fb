package extract_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/ocr"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/extract/resolve"
	"github.com/invex/invex/internal/testpdf"
)

var engine *extract.Engine

// scanReader renders pages for the scanned copies of test documents.
var scanReader *pdf.Reader

func TestMain(m *testing.M) {
	pdf.ServeIfChild() // the isolated reader re-executes this test binary
	var err error
	// OCR gets a generous page time limit: tests measure what is read, and
	// a shared CI machine can be many times slower than usual.
	// INVEX_WITHOUT_RULES=1 measures the resolver without the rules'
	// choices among its candidates (extract.Config.WithoutRules); the
	// corpus floors are not meant for it.
	engine, err = extract.New(extract.Config{PDF: pdf.Config{Instances: 2, Isolated: true,
		CacheDir: testCache()}, OCR: ocr.Config{PageTimeout: 2 * time.Minute},
		WithoutRules: os.Getenv("INVEX_WITHOUT_RULES") == "1"})
	if err != nil {
		panic(err)
	}
	scanReader, err = pdf.Open(pdf.Config{Instances: 2, Isolated: true, CacheDir: testCache()})
	if err != nil {
		panic(err)
	}
	code := m.Run()
	engine.Close()
	scanReader.Close()
	if generated.root != "" {
		os.RemoveAll(generated.root)
	}
	os.Exit(code)
}

func testCache() string { return filepath.Join(os.TempDir(), "invex-test-cache") }

func read(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestFacturX(t *testing.T) {
	out, err := engine.Extract(context.Background(), read(t, "facturx/facturx-de.pdf"), extract.Options{Locale: "de"})
	if err != nil {
		t.Fatal(err)
	}
	r := out.Result
	if out.Model != "invex-einvoice-cii-1" || out.Confidence < 0.95 || r.Validation.Confidence != out.Confidence {
		t.Errorf("model %q, confidence %v / %v", out.Model, out.Confidence, r.Validation.Confidence)
	}
	if got := *r.Invoice.Number; got != "630514" {
		t.Errorf("number = %q", got)
	}
	if got := *r.Financials.Total; got != 590.90 {
		t.Errorf("total = %v", got)
	}
	if got := *r.Vendor.Name; got != "Müller & Söhne GmbH" {
		t.Errorf("vendor = %q", got)
	}
	if len(r.LineItems) != 2 || r.Financials.TaxRate != nil {
		t.Errorf("%d line items, tax_rate %v (two rates: want null)", len(r.LineItems), r.Financials.TaxRate)
	}
	for _, w := range r.Validation.Warnings {
		if w.Code == extract.CodeXMLTextMismatch {
			t.Errorf("agreeing page and XML raised %+v", w)
		}
	}
}

func TestFacturXMismatch(t *testing.T) {
	out, err := engine.Extract(context.Background(), read(t, "facturx/facturx-de-mismatch.pdf"), extract.Options{Locale: "de"})
	if err != nil {
		t.Fatal(err)
	}
	var msg string
	for _, w := range out.Result.Validation.Warnings {
		if w.Code == extract.CodeXMLTextMismatch {
			msg = w.Message
		}
	}
	if !strings.Contains(msg, "invoice.number") || !strings.Contains(msg, "financials.total") || strings.Contains(msg, "invoice.date") {
		t.Errorf("mismatch warning %q, want invoice.number and financials.total named, not the date", msg)
	}
	if got := *out.Result.Invoice.Number; got != "630515" {
		t.Errorf("number = %q: the result follows the XML", got)
	}
}

func TestTextLayer(t *testing.T) {
	out, err := engine.Extract(context.Background(), testpdf.Italian().PDF(), extract.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if out.Model != extract.ModelText || out.Pages != 1 {
		t.Errorf("model %q, pages %d", out.Model, out.Pages)
	}
}

func TestNoText(t *testing.T) {
	_, err := engine.Extract(context.Background(), testpdf.Blank(), extract.Options{})
	var xe *extract.Error
	if !errors.As(err, &xe) || xe.Code != extract.CodeNoText || !xe.Permanent {
		t.Fatalf("err = %v, want a permanent no_text error", err)
	}
	if xe.Message != "no text could be extracted from the document" {
		t.Errorf("message = %q", xe.Message)
	}
}

func TestCorruptAndEncrypted(t *testing.T) {
	_, err := engine.Extract(context.Background(), []byte("%PDF-1.7\ngarbage"), extract.Options{})
	var xe *extract.Error
	if !errors.As(err, &xe) || xe.Code != extract.CodeCorrupt || !xe.Permanent {
		t.Errorf("garbage: err = %v, want a permanent pdf_corrupt error", err)
	}
}

// BenchmarkFacturX measures a whole extraction of a one-page Factur-X
// invoice: reading the PDF, its attachment, the XML and the cross-check.
func BenchmarkFacturX(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "facturx", "facturx-de.pdf"))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := engine.Extract(context.Background(), data, extract.Options{Locale: "de"}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/invoice")
}

// BenchmarkDigital measures whole extractions of one-page digital invoices
// printed by Chromium, LibreOffice and Ghostscript (read, lay out, find
// fields and line items, validate), two at a time as the two workers of a
// 2-core machine would, and reports invoices per second and latency
// percentiles.
func BenchmarkDigital(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("pdf", "testdata", "producers", "*.pdf"))
	var docs [][]byte
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		docs = append(docs, d)
	}
	var mu sync.Mutex
	var lat []time.Duration
	var next atomic.Int64
	b.SetParallelism(1)
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := int(next.Add(1))
			t0 := time.Now()
			if _, err := engine.Extract(context.Background(), docs[i%len(docs)], extract.Options{}); err != nil {
				b.Error(err)
				return
			}
			d := time.Since(t0)
			mu.Lock()
			lat = append(lat, d)
			mu.Unlock()
		}
	})
	elapsed := time.Since(start)
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(lat[len(lat)*95/100].Microseconds())/1000, "p95-ms")
		b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "invoices/s")
	}
}

// TestFingerprint checks that the engine's fingerprint, part of the result
// cache key, names the stored weights: refitting them changes it.
func TestFingerprint(t *testing.T) {
	d := resolve.DefaultDigest()
	if len(d) != 12 || strings.Trim(d, "0123456789abcdef") != "" {
		t.Errorf("DefaultDigest() = %q, want 12 hex digits", d)
	}
	if fp := extract.Fingerprint(); !strings.HasPrefix(fp, extract.Version+"+"+d) {
		t.Errorf("Fingerprint() = %q, want it to start with the version and the weights' digest", fp)
	}
}
