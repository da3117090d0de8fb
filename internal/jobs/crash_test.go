package jobs_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submit"
)

const crashMarker = "%INVEX-TEST-CRASH"

// TestReaderCrashEndsFailed runs the real engine, whose PDF reader child
// process dies on every attempt at one document (the reader's crash hook),
// on the real queue in SQLite: the job is retried, ends failed with
// reader_crashed after exactly MaxAttempts attempts, and nothing stays in
// the queue. A healthy document submitted beside it completes.
func TestReaderCrashEndsFailed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	st := openStore(t, dir)
	blobs, err := blob.NewDir(filepath.Join(dir, "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	eng, err := extract.New(extract.Config{PDF: pdf.Config{Instances: 1, Isolated: true, CrashMarker: crashMarker,
		CacheDir: filepath.Join(os.TempDir(), "invex-test-cache", "wazero")}})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	client := startQueue(t, st, blobs, eng, log)
	acct, err := st.EnsureAccount(ctx, "acme", nil)
	if err != nil {
		t.Fatal(err)
	}
	sub := &submit.Submitter{Store: st, Blobs: blobs, Queue: submit.SQLiteQueue{Client: client}, Logger: log,
		Estimator: &submit.Estimator{Store: st, Workers: 2}}
	submitDoc := func(name string, data []byte) string {
		spool := filepath.Join(dir, "spool-"+name)
		if err := os.WriteFile(spool, data, 0o600); err != nil {
			t.Fatal(err)
		}
		acc, err := sub.Submit(ctx, submit.Submission{AccountID: acct.ID, MonthlyQuota: acct.MonthlyQuota,
			Locale: "it", SHA256: name, Size: int64(len(data)), SpoolPath: spool})
		if err != nil {
			t.Fatal(err)
		}
		return acc.Job.ID
	}
	good := invoicePDF(t)
	crashID := submitDoc("crash", append(append([]byte{}, good...), "\n"+crashMarker+"\n"...))
	goodID := submitDoc("good", good)

	wait := func(id string) store.Job { return waitEnded(t, st, id, 60*time.Second) }
	j := wait(crashID)
	if j.Status != store.StatusFailed || j.ErrorCode != extract.CodeReaderCrashed || j.Error == "" {
		t.Errorf("crashing document: %s, code %q, message %q; want failed, %s, a message", j.Status, j.ErrorCode, j.Error, extract.CodeReaderCrashed)
	}
	if j.AttemptCount != submit.MaxAttempts || j.ChargedAttempts != submit.MaxAttempts {
		t.Errorf("crashing document: %d attempts, %d charged to it; want %d, all charged", j.AttemptCount, j.ChargedAttempts, submit.MaxAttempts)
	}
	if g := wait(goodID); g.Status != store.StatusCompleted {
		t.Errorf("healthy document beside it: %s (%s)", g.Status, g.Error)
	}
	// The queue holds nothing more to try, and never tried more often: a
	// job ends in the transaction that ends its queue entry.
	var open, maxAttempt int
	st.WriteDB().QueryRowContext(ctx, `SELECT COUNT(*) FROM river_job WHERE state NOT IN ('completed')`).Scan(&open)
	st.WriteDB().QueryRowContext(ctx, `SELECT MAX(attempt) FROM river_job`).Scan(&maxAttempt)
	if open != 0 || maxAttempt > submit.MaxAttempts {
		t.Errorf("queue: %d entries not completed, highest attempt %d", open, maxAttempt)
	}
}

// invoicePDF is a small one-page invoice.
func invoicePDF(t *testing.T) []byte {
	t.Helper()
	f := fpdf.New("P", "pt", "A4", "")
	f.AddPage()
	f.SetFont("Helvetica", "", 11)
	f.Text(60, 80, "Rossi Forniture S.r.l. - Partita IVA 01234567897")
	f.Text(60, 110, "Fattura n. 7 del 15/03/2026")
	f.Text(60, 140, "Totale documento EUR 122,00")
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
