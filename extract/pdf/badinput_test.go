package pdf

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	sharedfiles "github.com/invex/invex/internal/shared"
)

// TestBadInput reads every PDF of the shared corpus of broken and hostile
// files: each must give a Document or an error wrapping a sentinel, within
// the timeout, without panicking. The outcomes are logged (go test -v).
func TestBadInput(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: reads the whole bad-input corpus")
	}
	badInputDir := sharedfiles.Dir(t, "badinput")
	files, err := filepath.Glob(filepath.Join(badInputDir, "*.pdf"))
	if err != nil || len(files) == 0 {
		t.Skipf("no bad-input files in %s (%v)", badInputDir, err)
	}
	const timeout = 20 * time.Second
	for _, isolated := range []bool{false, true} {
		t.Run(fmt.Sprintf("isolated=%v", isolated), func(t *testing.T) {
			var r *Reader
			if isolated {
				r = openIsolated(t, Config{Instances: 1, Timeout: timeout})
			} else {
				r = openReader(t, Config{Instances: 1, Timeout: timeout})
			}
			var slowest time.Duration
			for _, f := range files {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatalf("read %s: %v", f, err)
				}
				start := time.Now()
				outcome := readWithin(t, r, data, timeout+5*time.Second)
				elapsed := time.Since(start)
				slowest = max(slowest, elapsed)
				t.Logf("| %s | %s | %d ms |", filepath.Base(f), outcome, elapsed.Milliseconds())
			}
			t.Logf("slowest: %v", slowest)
		})
	}
}

// readWithin reads data and describes the outcome; it fails the test on a
// non-sentinel error and gives up on a read that exceeds limit.
func readWithin(t *testing.T, r *Reader, data []byte, limit time.Duration) string {
	t.Helper()
	type result struct {
		doc *Document
		err error
	}
	done := make(chan result, 1)
	go func() {
		doc, err := r.Read(context.Background(), data)
		done <- result{doc, err}
	}()
	select {
	case <-time.After(limit):
		t.Fatalf("read did not return within %v", limit)
		return ""
	case res := <-done:
		if res.err == nil {
			return describe(res.doc)
		}
		i := slices.IndexFunc(sentinels, func(s error) bool { return errors.Is(res.err, s) })
		if i < 0 {
			t.Errorf("error wraps no sentinel: %v", res.err)
			return "error: " + res.err.Error()
		}
		return res.err.Error()
	}
}

var sentinels = []error{ErrEncrypted, ErrCorrupt, ErrTimeout, ErrTooManyPages}

func describe(d *Document) string {
	words := 0
	for _, p := range d.Pages {
		words += len(p.Words)
	}
	return fmt.Sprintf("ok: %d pages, %d words, %d attachments", len(d.Pages), words, len(d.Attachments))
}
