package extract_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/testpdf"
)

// BenchmarkScannedPage extracts one scanned A4 invoice page (200 dpi JPEG,
// a slight turn, speckle) with the whole engine: read the PDF, take the
// page's JPEG, OCR it (plus the pass for lone glyphs), lay out and read the
// fields. For the floor it also times bare Tesseract on the same JPEG with
// the engine's settings, one process per run. It reports the p50 and p95 of
// both. Run it on one core: taskset -c 0 go test ... -cpu 1.
func BenchmarkScannedPage(b *testing.B) {
	if err := engine.OCRError(); err != nil {
		b.Skipf("Tesseract is not installed: %v", err)
	}
	s := testpdf.Generate(0)
	data := scanOf(b, s.PDF(), 0.5)
	eng, err := extract.New(extract.Config{PDF: pdf.Config{Instances: 1, Isolated: true, CacheDir: testCache()}})
	if err != nil {
		b.Fatal(err)
	}
	defer eng.Close()
	ctx := context.Background()
	imgs, err := scanReader.Images(ctx, data, []pdf.ImageRequest{{Page: 1}})
	if err != nil {
		b.Fatal(err)
	}
	jpg := imgs[0].Data

	var engineTimes, bareTimes []time.Duration
	for b.Loop() {
		start := time.Now()
		if _, err := eng.Extract(ctx, data, extract.Options{Locale: s.Lang}); err != nil {
			b.Fatal(err)
		}
		engineTimes = append(engineTimes, time.Since(start))

		start = time.Now()
		cmd := exec.Command("tesseract", "stdin", "stdout", "-l", "ita", "--dpi", "200", "--psm", "11", "tsv")
		cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
		cmd.Stdin = bytes.NewReader(jpg)
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		bareTimes = append(bareTimes, time.Since(start))
	}
	b.ReportMetric(quantileMS(engineTimes, 0.5), "p50-ms")
	b.ReportMetric(quantileMS(engineTimes, 0.95), "p95-ms")
	b.ReportMetric(quantileMS(bareTimes, 0.5), "tesseract-p50-ms")
	b.ReportMetric(quantileMS(bareTimes, 0.95), "tesseract-p95-ms")
	b.ReportMetric(quantileMS(engineTimes, 0.5)/quantileMS(bareTimes, 0.5), "x-tesseract-p50")
	// The peak resident memory of the largest child process waited for:
	// the Tesseract runs, the engine's and the bare ones alike (the PDF
	// worker process is still running and not counted).
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err == nil {
		b.ReportMetric(float64(ru.Maxrss)/1024, "child-maxrss-MB")
	}
}

// quantileMS is the q quantile of ds in milliseconds (nearest rank).
func quantileMS(ds []time.Duration, q float64) float64 {
	s := slices.Clone(ds)
	slices.Sort(s)
	i := min(len(s)-1, int(q*float64(len(s))+0.5))
	return float64(s[max(i, 0)].Microseconds()) / 1000
}
