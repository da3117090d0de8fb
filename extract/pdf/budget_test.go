package pdf

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// hostileFile reads one of the crafted files of testdata/hostile (see
// package internal/hostile).
func hostileFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "hostile", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func zlibOf(b []byte) []byte {
	var buf bytes.Buffer
	w := zlib.NewWriter(&buf)
	w.Write(b)
	w.Close()
	return buf.Bytes()
}

func TestFindStreams(t *testing.T) {
	hello := zlibOf([]byte("hello"))
	twice := zlibOf(zlibOf([]byte("hello hello")))
	doc := fmt.Sprintf("%%PDF-1.7\n1 0 obj\n<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream\nendobj\n"+
		"2 0 obj\n<< /Filter [/FlateDecode /Fl] /Length 3 0 R >>\nstream\r\n%s\nendstream\nendobj\n"+
		"4 0 obj\n<< /Filter /ASCIIHexDecode >>\nstream\n68656c6c6f>\nendstream\nendobj\n"+
		"5 0 obj\n<< /Filter /DCTDecode >>\nstream\nxx\nendstream\nendobj\n"+
		"6 0 obj\n<< /Length 2 >>\nstream\nab\nendstream\nendobj\n", len(hello), hello, twice)
	got := findStreams([]byte(doc))
	var sizes []int64
	for _, s := range got {
		sizes = append(sizes, inflatedSize(s, 1<<20))
	}
	// The DCT stream is left to the image budget; the unfiltered one
	// inflates to itself.
	if want := "[5 11 5]"; fmt.Sprint(sizes) != want {
		t.Errorf("inflated sizes %v, want %s", sizes, want)
	}
}

// TestDecompressedSizeLimit reads a Flate-in-Flate bomb of 5 KiB that
// inflates to 1 GiB: it is refused before pdfium sees it, in process and
// in a child; without the check, the memory budget stops it.
func TestDecompressedSizeLimit(t *testing.T) {
	bomb := hostileFile(t, "flate-bomb.pdf")
	for name, r := range map[string]*Reader{
		"in process": shared,
		"isolated":   openIsolated(t, Config{Instances: 1}),
	} {
		start := time.Now()
		_, err := r.Read(context.Background(), bomb)
		if !errors.Is(err, ErrDecompressedSize) {
			t.Errorf("%s: err = %v, want ErrDecompressedSize", name, err)
		}
		t.Logf("%s: %v in %v", name, err, time.Since(start))
	}
	// An ordinary invoice is far below the budget and skips the measure.
	if err := checkInflated(invoicePDF(t), 1<<20); err != nil {
		t.Errorf("invoice: %v", err)
	}
	// Without the check, pdfium inflates the bomb until its memory budget
	// stops it.
	small := openReader(t, Config{Instances: 1, MaxDecompressedBytes: -1, MemoryLimit: 64 << 20})
	if _, err := small.Read(context.Background(), bomb); !errors.Is(err, ErrMemoryLimit) {
		t.Errorf("without the decompressed-size budget: err = %v, want ErrMemoryLimit", err)
	}
}

// TestPageLimitFast reads 10,000 pages: refused from the page count,
// without loading a page.
func TestPageLimitFast(t *testing.T) {
	data := hostileFile(t, "pages-10000.pdf")
	start := time.Now()
	_, err := shared.Read(context.Background(), data)
	if !errors.Is(err, ErrTooManyPages) || !strings.Contains(err.Error(), "10000 pages, limit 1000") {
		t.Fatalf("err = %v, want ErrTooManyPages for 10000 pages", err)
	}
	t.Logf("%v in %v", err, time.Since(start))
}

// TestRenderSizeLimit asks for the picture of a page that is one image of
// 40000×40000 pixels: refused before pdfium decodes it.
func TestRenderSizeLimit(t *testing.T) {
	data := hostileFile(t, "image-bomb.pdf")
	doc, err := shared.Read(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Pages) != 1 || len(doc.Pages[0].Images) != 1 {
		t.Fatalf("want one page with one image, got %+v", doc.Pages)
	}
	for _, req := range []ImageRequest{{Page: 1}, {Page: 1, Region: Rect{X1: 100, Y1: 100}}} {
		_, err = shared.Images(context.Background(), data, []ImageRequest{req})
		if !errors.Is(err, ErrRenderSize) {
			t.Errorf("%v: err = %v, want ErrRenderSize", req, err)
		}
	}
	big := openReader(t, Config{Instances: 1, MaxImagePixels: 2_000_000_000, MemoryLimit: 128 << 20})
	_, err = big.Images(context.Background(), data, []ImageRequest{{Page: 1}})
	t.Logf("without the pixel budget, 128 MiB of memory: %v", err)
}

// TestCrashedChild makes the child die in the middle of a read: the read
// fails with ErrCrashed, and the next read gets a fresh child.
func TestCrashedChild(t *testing.T) {
	r := openIsolated(t, Config{Instances: 1, CrashMarker: "%INVEX-TEST-CRASH"})
	data := append(invoicePDF(t), "\n%INVEX-TEST-CRASH\n"...)
	for range 2 {
		if _, err := r.Read(context.Background(), data); !errors.Is(err, ErrCrashed) {
			t.Fatalf("err = %v, want ErrCrashed", err)
		}
	}
	if _, err := r.Read(context.Background(), invoicePDF(t)); err != nil {
		t.Errorf("read after a crash: %v", err)
	}
}
