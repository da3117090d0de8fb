package pdf

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
)

// slack is how much longer than its limit an interrupted read may take.
const slack = 2 * time.Second

// TestReadTimeoutInterruptsPdfium proves that a read stuck inside a single
// pdfium call (FPDF_LoadPage on fanoutPDF(16) runs for more than 20 s) is
// interrupted at the deadline, and that the reader recovers.
func TestReadTimeoutInterruptsPdfium(t *testing.T) {
	slow := fanoutPDF(16)
	r := openReader(t, Config{Instances: 1, Timeout: 300 * time.Millisecond})
	for i := range 2 { // twice: the replacement instance must time out too
		start := time.Now()
		_, err := r.Read(context.Background(), slow)
		elapsed := time.Since(start)
		if !errors.Is(err, ErrTimeout) {
			t.Fatalf("read %d: err = %v, want ErrTimeout", i, err)
		}
		checkElapsed(t, "interrupted read", elapsed, 300*time.Millisecond+slack)
		t.Logf("read %d: ErrTimeout after %v", i, elapsed)
	}
	// The single instance was replaced, so the reader still works; a fresh
	// instance is started before the timeout begins.
	doc, err := r.Read(context.Background(), invoicePDF(t))
	if err != nil || !strings.Contains(doc.Text(), "Totale € 1.234,56") {
		t.Fatalf("read after timeouts: %v, %v", doc, err)
	}
}

// TestReadContextDeadline checks that a context deadline interrupts a read
// like Config.Timeout does, on the shared reader.
func TestReadContextDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := shared.Read(ctx, fanoutPDF(16))
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	checkElapsed(t, "interrupted read", time.Since(start), 300*time.Millisecond+slack)
	if got := read(t, invoicePDF(t)).Text(); !strings.Contains(got, "Fattura") {
		t.Errorf("read after timeout: text %q", got)
	}
}

func TestReadTinyTimeout(t *testing.T) {
	r := openReader(t, Config{Instances: 1, Timeout: time.Nanosecond})
	for range 3 {
		if _, err := r.Read(context.Background(), invoicePDF(t)); !errors.Is(err, ErrTimeout) {
			t.Fatalf("err = %v, want ErrTimeout", err)
		}
	}
}

// TestCloseInterruptsRead checks that Close does not wait for a stuck read.
func TestCloseInterruptsRead(t *testing.T) {
	r := openReader(t, Config{Instances: 1})
	done := make(chan error, 1)
	go func() {
		_, err := r.Read(context.Background(), fanoutPDF(16))
		done <- err
	}()
	// Close once the read holds the reader's one instance.
	for len(r.slots) > 0 {
		runtime.Gosched()
	}
	start := time.Now()
	if err := r.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	checkElapsed(t, "Close", time.Since(start), slack)
	if err := <-done; !errors.Is(err, ErrClosed) {
		t.Errorf("interrupted read: err = %v, want ErrClosed", err)
	}
}

// TestReadMemoryLimit checks that a document needing more wasm memory than
// Config.MemoryLimit fails fast with ErrMemoryLimit and that the reader
// recovers.
func TestReadMemoryLimit(t *testing.T) {
	r := openReader(t, Config{Instances: 1, MemoryLimit: 64 << 20})
	start := time.Now()
	_, err := r.Read(context.Background(), fanoutPDF(20))
	if !errors.Is(err, ErrMemoryLimit) || !strings.Contains(err.Error(), "limit 64 MiB") {
		t.Fatalf("err = %v, want ErrMemoryLimit naming the limit", err)
	}
	t.Logf("%v after %v", err, time.Since(start))
	if doc, err := r.Read(context.Background(), invoicePDF(t)); err != nil || len(doc.Pages) != 1 {
		t.Errorf("read after memory exhaustion: %v, %v", doc, err)
	}
}
