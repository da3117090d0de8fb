package pdf

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func openIsolated(t testing.TB, cfg Config) *Reader {
	t.Helper()
	cfg.Isolated = true
	cfg.CacheDir = testCacheDir()
	r, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// TestIsolatedSameResult reads the producers' fixtures in a child process and
// in process: the documents must be identical.
func TestIsolatedSameResult(t *testing.T) {
	r := openIsolated(t, Config{Instances: 2})
	files, _ := filepath.Glob(filepath.Join("testdata", "producers", "*.pdf"))
	var wg sync.WaitGroup
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, err := r.Read(context.Background(), data)
			if err != nil {
				t.Errorf("%s: %v", f, err)
				return
			}
			want, err := shared.Read(context.Background(), data)
			if err != nil {
				t.Errorf("%s in process: %v", f, err)
				return
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: isolated read differs (-in process +isolated):\n%s", f, diff)
			}
		}()
	}
	wg.Wait()
}

// TestIsolatedTimeout kills a child stuck in pdfium and goes on with a new
// one.
func TestIsolatedTimeout(t *testing.T) {
	r := openIsolated(t, Config{Instances: 1, Timeout: 500 * time.Millisecond})
	for i := 0; i < 2; i++ {
		start := time.Now()
		_, err := r.Read(context.Background(), fanoutPDF(16))
		if !errors.Is(err, ErrTimeout) {
			t.Fatalf("err = %v, want ErrTimeout", err)
		}
		checkElapsed(t, "timed-out read", time.Since(start), 5*time.Second)
	}
	// The next read gets a new child. On a loaded machine starting it and
	// reading an invoice may itself pass the short deadline, so a few
	// tries are allowed: what is checked is that the reader recovers.
	var err error
	for range 3 {
		if _, err = r.Read(context.Background(), invoicePDF(t)); err == nil {
			break
		}
	}
	if err != nil {
		t.Errorf("read after a timeout: %v", err)
	}
}

func TestIsolatedErrors(t *testing.T) {
	r := openIsolated(t, Config{Instances: 1, MaxPages: 2})
	cases := []struct {
		data []byte
		want error
	}{
		{[]byte("%PDF-1.4\ngarbage"), ErrCorrupt},
		{render(t, invoiceDoc(3)), ErrTooManyPages},
	}
	for _, c := range cases {
		if _, err := r.Read(context.Background(), c.data); !errors.Is(err, c.want) {
			t.Errorf("err = %v, want %v", err, c.want)
		}
	}
	r.Close()
	if _, err := r.Read(context.Background(), invoicePDF(t)); !errors.Is(err, ErrClosed) {
		t.Errorf("after Close: err = %v, want ErrClosed", err)
	}
}

// BenchmarkTextPerPage reads the producers' one-page invoices round robin in
// an isolated reader (pdfium without interruption checks, plus the pipe round
// trip), and reports the median and 95th percentile per page and the child's
// resident memory. Compare with BenchmarkPdftotext from the same run.
func BenchmarkTextPerPage(b *testing.B) {
	r := openIsolated(b, Config{Instances: 1})
	docs := producerFiles(b)
	lat := make([]time.Duration, 0, b.N)
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		if _, err := r.Read(context.Background(), docs[i%len(docs)]); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	reportPercentiles(b, lat)
	c := <-r.children.slots
	b.ReportMetric(float64(c.rss())/(1<<20), "child-RSS-MiB")
	r.children.slots <- c
}

// BenchmarkPdftotext runs poppler's pdftotext -layout on the same files, the
// reference floor of a text extraction (a process per document).
func BenchmarkPdftotext(b *testing.B) {
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		b.Skip("pdftotext is not installed (Debian package poppler-utils)")
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "producers", "*.pdf"))
	lat := make([]time.Duration, 0, b.N)
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		if err := exec.Command(bin, "-layout", files[i%len(files)], os.DevNull).Run(); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	reportPercentiles(b, lat)
}

func producerFiles(b *testing.B) [][]byte {
	files, _ := filepath.Glob(filepath.Join("testdata", "producers", "*.pdf"))
	var docs [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		docs = append(docs, data)
	}
	return docs
}

func reportPercentiles(b *testing.B, lat []time.Duration) {
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	at := func(p float64) float64 {
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.50), "p50-ms/page")
	b.ReportMetric(at(0.95), "p95-ms/page")
}

// TestFastPath checks that direct calls into the module are available with
// this go-pdfium version: reading falls back silently otherwise, only slower.
func TestFastPath(t *testing.T) {
	w, err := shared.acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer shared.release(w, true)
	if !reflectsTextPages(w) {
		t.Fatal("go-pdfium's internals changed: the fast text path is unavailable")
	}
}
