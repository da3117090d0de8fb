package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/pgtest"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/testpdf"
	"github.com/invex/invex/internal/testwait"
)

// openTestStore opens the store of a child process from the test.
func openTestStore(t *testing.T, database, dataDir string) *store.Store {
	t.Helper()
	st, err := app.OpenDatabase(context.Background(), database, dataDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// newShutdownDB returns the flags that select a new database of the kind
// named, and the store to inspect it with.
func newShutdownDB(t *testing.T, kind string) ([]string, *store.Store) {
	t.Helper()
	if kind == "postgres" {
		db := pgtest.NewDatabase(t)
		return []string{"--database", db}, openTestStore(t, db, t.TempDir())
	}
	dir := t.TempDir()
	return []string{"--data", dir}, openTestStore(t, "", dir)
}

// TestShutdownAPI sends SIGTERM to an API process (SQLite: the one process;
// PostgreSQL: an "api" process) while an upload is half sent: the listener
// closes at once, so new connections are refused, the upload in flight is
// still accepted (202) and its job kept, and the process exits 0.
func TestShutdownAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("child processes; skipped with -short")
	}
	for _, kind := range []string{"sqlite", "postgres"} {
		t.Run(kind, func(t *testing.T) {
			where, st := newShutdownDB(t, kind)
			key := createKey(t, where...)
			args := []string{"serve", "--addr", "127.0.0.1:0", "--shutdown-grace", "20s", "--workers", "-1"}
			data := "" // where the process spools uploads, below data/tmp
			if kind == "postgres" {
				data = t.TempDir()
				args = []string{"serve", "--role", "api", "--addr", "127.0.0.1:0", "--shutdown-grace", "20s", "--data", data}
			} else {
				data = where[1]
			}
			srv := startChild(t, nil, append(args, where...)...)
			u, _ := url.Parse(srv.URL)

			// A multipart upload whose second half waits for the signal.
			var body bytes.Buffer
			mw := multipart.NewWriter(&body)
			fw, _ := mw.CreateFormFile("file", "invoice.pdf")
			fw.Write(testpdf.Italian().PDF())
			mw.Close()
			whole := body.Bytes()
			pr, pw := io.Pipe()
			req, _ := http.NewRequest(http.MethodPost, srv.URL+"/v1/extract/invoice", pr)
			req.Header.Set("Content-Type", mw.FormDataContentType())
			req.Header.Set("X-API-Key", key)
			req.ContentLength = int64(len(whole))
			type result struct {
				status int
				body   []byte
				err    error
			}
			res := make(chan result, 1)
			go func() {
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					res <- result{err: err}
					return
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				res <- result{status: resp.StatusCode, body: b}
			}()
			half := len(whole) / 2
			if _, err := pw.Write(whole[:half]); err != nil {
				t.Fatal(err)
			}
			// The signal comes while the server is reading the body: once
			// it spools the file.
			if !testwait.For(10*time.Second, func() bool { return spooling(filepath.Join(data, "tmp")) }) {
				t.Fatal("the server never began spooling the upload")
			}

			if err := srv.Cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			refused := testwait.For(10*time.Second, func() bool {
				c, err := net.DialTimeout("tcp", u.Host, time.Second)
				if err != nil {
					return true
				}
				c.Close()
				return false
			})
			if !refused {
				t.Errorf("new connections still accepted 10 s after SIGTERM")
			}
			if _, err := pw.Write(whole[half:]); err != nil {
				t.Fatal(err)
			}
			pw.Close()
			r := <-res
			var acc struct {
				JobID string `json:"job_id"`
			}
			if r.err != nil || r.status != http.StatusAccepted || json.Unmarshal(r.body, &acc) != nil {
				t.Fatalf("upload in flight at SIGTERM: status %d, err %v: %s", r.status, r.err, r.body)
			}
			srv.Stop(t) // exit status 0, within the grace period

			j, err := st.JobByID(context.Background(), acc.JobID)
			if err != nil || j.Status != store.StatusPending {
				t.Errorf("job of the upload in flight: %s, %v; want it kept, pending", j.Status, err)
			}
			if !strings.Contains(srv.Logs(), `"msg":"invex stopped"`) {
				t.Errorf("no 'invex stopped' log line:\n%s", srv.Logs())
			}
		})
	}
}

// TestShutdownWorkers sends SIGTERM to a process working jobs (SQLite: the
// one process; PostgreSQL: a "worker" process) while jobs run. With a long
// grace period the jobs in flight finish; with a grace period of 1 ns they
// are cancelled and go back to the queue. Either way no attempt starts after
// the signal, nothing is left running, the process exits 0, and a restarted
// process completes every job.
func TestShutdownWorkers(t *testing.T) {
	if testing.Short() {
		t.Skip("child processes; skipped with -short")
	}
	for _, kind := range []string{"sqlite", "postgres"} {
		for _, grace := range []string{"30s", "1ns"} {
			t.Run(kind+"/grace="+grace, func(t *testing.T) {
				testShutdownWorkers(t, kind, grace)
			})
		}
	}
}

func testShutdownWorkers(t *testing.T, kind, grace string) {
	ctx := context.Background()
	where, st := newShutdownDB(t, kind)
	key := createKey(t, where...)
	args := []string{"serve", "--addr", "127.0.0.1:0", "--workers", "2", "--ocr-workers", "1", "--shutdown-grace", grace}
	var ids []string
	var srv *child
	if kind == "postgres" {
		api := startChild(t, nil, append([]string{"serve", "--role", "api", "--addr", "127.0.0.1:0", "--data", t.TempDir()}, where...)...)
		ids = submitAll(t, api.URL, key, 80)
		// Both worker processes share a data directory, so the second
		// reuses the first's compiled WebAssembly.
		args = append(args, "--role", "worker", "--data", t.TempDir())
		srv = startChild(t, nil, append(args, where...)...)
	} else {
		srv = startChild(t, nil, append(args, where...)...)
		ids = submitAll(t, srv.URL, key, 80)
	}

	// Signal while jobs run.
	inFlight := map[string]bool{}
	seen := testwait.For(30*time.Second, func() bool {
		rows, err := st.WriteDB().Query(`SELECT id FROM jobs WHERE status = 'processing'`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id string
			rows.Scan(&id)
			inFlight[id] = true
		}
		rows.Close()
		return len(inFlight) > 0
	})
	if !seen {
		t.Fatal("no job seen running within 30 s")
	}
	signalled := time.Now()
	srv.Stop(t) // SIGTERM; exit status 0 within 60 s
	stopped := time.Since(signalled)

	// Nothing started after the signal; nothing is left running.
	var late, processing, running int
	if err := st.WriteDB().QueryRow(`SELECT COUNT(*) FROM jobs WHERE started_at > $1`, signalled.Add(300*time.Millisecond).UnixMilli()).Scan(&late); err != nil || late != 0 {
		t.Errorf("%d attempts started after SIGTERM (%v)", late, err)
	}
	if err := st.WriteDB().QueryRow(`SELECT COUNT(*) FROM jobs WHERE status = 'processing'`).Scan(&processing); err != nil || processing != 0 {
		t.Errorf("%d jobs left processing after the process exited (%v)", processing, err)
	}
	if err := st.WriteDB().QueryRow(`SELECT COUNT(*) FROM river_job WHERE state = 'running'`).Scan(&running); err != nil || running != 0 {
		t.Errorf("%d queue entries left running after the process exited (%v)", running, err)
	}
	counts, _ := st.CountByStatus(ctx)
	released := strings.Contains(srv.Logs(), "returning them to the queue")
	t.Logf("stopped %s after SIGTERM with %d jobs in flight (released: %v); jobs then %v", stopped.Round(time.Millisecond), len(inFlight), released, counts)
	finished := 0
	for id := range inFlight {
		j, err := st.JobByID(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if j.Status == store.StatusCompleted {
			finished++
		}
	}
	if grace == "30s" && (released || finished != len(inFlight)) {
		t.Errorf("grace 30 s: %d of %d jobs in flight finished (released: %v); want all finished", finished, len(inFlight), released)
	}

	// A restarted process completes every job.
	again := startChild(t, nil, append(args, where...)...)
	waitTerminal(t, st, 60*time.Second)
	again.Stop(t)
	for _, id := range ids {
		j, err := st.JobByID(ctx, id)
		if err != nil || j.Status != store.StatusCompleted || j.AttemptCount > 2 {
			t.Errorf("job %s: %s after %d attempts, %v; want completed within 2", id, j.Status, j.AttemptCount, err)
		}
	}
}

// spooling reports whether any file is being written below dir.
func spooling(dir string) bool {
	found := false
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}
