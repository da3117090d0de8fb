package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/pgtest"
	"github.com/invex/invex/internal/s3test"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submit"
	"github.com/invex/invex/internal/testpdf"
	"github.com/invex/invex/internal/testwait"
)

// Settings of the crash tests: short leases, so that rescues happen within
// the test, and a job timeout well above what a generated invoice takes.
const (
	crashJobTimeout     = 5 * time.Second
	crashRescueAfter    = 6 * time.Second
	crashRescueInterval = 500 * time.Millisecond
	crashJobs           = 120
)

// submitAll submits n generated invoices (every fifth a two-page one, so
// that attempts vary in length) to base, eight at a time, and returns the
// job ids.
func submitAll(t *testing.T, base, key string, n int) []string {
	t.Helper()
	hc := &http.Client{Timeout: time.Minute}
	ids := make([]string, n)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i := range ids {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			spec := testpdf.Generate(uint64(i % 40))
			spec.Number = fmt.Sprintf("%s-crash-%d", spec.Number, i) // distinct bytes: no cache hits
			body, ct := multipartBody(spec.PDF())
			req, _ := http.NewRequest(http.MethodPost, base+"/v1/extract/invoice", body)
			req.Header.Set("Content-Type", ct)
			req.Header.Set("X-API-Key", key)
			resp, err := hc.Do(req)
			if err != nil {
				t.Errorf("submission %d: %v", i, err)
				return
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			var r struct {
				JobID string `json:"job_id"`
			}
			if resp.StatusCode != http.StatusAccepted || json.Unmarshal(b, &r) != nil || r.JobID == "" {
				t.Errorf("submission %d: status %d: %s", i, resp.StatusCode, b)
				return
			}
			ids[i] = r.JobID
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	return ids
}

// leaseWatch polls the queue for running entries and remembers, for each
// attempt of each entry, when it started and when it was last seen running,
// both by the database's clock.
type leaseWatch struct {
	mu     sync.Mutex
	leases map[[2]int64][2]time.Time // (entry id, attempt) → (attempted_at, last seen running)
	stop   chan struct{}
	done   chan struct{}
}

func watchLeases(t *testing.T, db *sql.DB) *leaseWatch {
	w := &leaseWatch{leases: map[[2]int64][2]time.Time{}, stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			rows, err := db.Query(`SELECT id, attempt, attempted_at, now() FROM river_job WHERE state = 'running'`)
			if err == nil {
				w.mu.Lock()
				for rows.Next() {
					var id, attempt int64
					var at, now time.Time
					if rows.Scan(&id, &attempt, &at, &now) == nil {
						w.leases[[2]int64{id, attempt}] = [2]time.Time{at, now}
					}
				}
				w.mu.Unlock()
				rows.Close()
			}
			select {
			case <-w.stop:
				return
			case <-tick.C:
			}
		}
	}()
	return w
}

// longest stops the watch and returns the longest time an attempt was seen
// running, and how many attempts it saw.
func (w *leaseWatch) longest() (time.Duration, int) {
	close(w.stop)
	<-w.done
	var max time.Duration
	for _, l := range w.leases {
		if d := l[1].Sub(l[0]); d > max {
			max = d
		}
	}
	return max, len(w.leases)
}

// waitTerminal waits until no job is pending or processing.
func waitTerminal(t *testing.T, st *store.Store, within time.Duration) map[string]int {
	t.Helper()
	var counts map[string]int
	done := testwait.For(within, func() bool {
		var err error
		if counts, err = st.CountByStatus(context.Background()); err != nil {
			t.Fatal(err)
		}
		return counts[store.StatusPending]+counts[store.StatusProcessing] == 0
	})
	if !done {
		t.Fatalf("jobs still open after %s: %v", within, counts)
	}
	return counts
}

// checkCrashOutcome checks the database and the logs of every process after
// a crash test: every job completed, has its result and was completed by
// exactly one attempt; every queue
// entry ended with its job; the quota was charged once per submission.
func checkCrashOutcome(t *testing.T, st *store.Store, ids []string, procs []*child) {
	t.Helper()
	ctx := context.Background()
	completions := map[string]int{} // job id → "job completed" log lines over all processes
	for _, p := range procs {
		for _, line := range strings.Split(p.Logs(), "\n") {
			var l struct {
				Msg   string `json:"msg"`
				JobID string `json:"job_id"`
			}
			if json.Unmarshal([]byte(line), &l) == nil && l.Msg == "job completed" {
				completions[l.JobID]++
			}
		}
	}
	var retried, failed, charged int
	for _, id := range ids {
		j, err := st.JobByID(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		// A kill is never charged to the document (TestWorkerCrashLoop in
		// internal/app checks that exactly); an attempt that outran the
		// tests' short job timeout while the machine was busy starting
		// processes is, as any timeout.
		if j.AttemptCount < 1 || j.AttemptCount > 1+submit.MaxRescues+j.ChargedAttempts {
			t.Errorf("job %s: attempt_count %d (%d charged to the document); want 1 to %d more than the charged ones",
				id, j.AttemptCount, j.ChargedAttempts, 1+submit.MaxRescues)
		}
		charged += j.ChargedAttempts
		if j.AttemptCount > 1 {
			retried++
		}
		var entries, done int
		var entryAttempts sql.NullInt64
		err = st.WriteDB().QueryRowContext(ctx,
			`SELECT COUNT(*), SUM(CASE WHEN state IN ('completed', 'discarded') THEN 1 ELSE 0 END), MAX(attempt)
			   FROM river_job WHERE args->>'job_id' = $1`, id).Scan(&entries, &done, &entryAttempts)
		if err != nil {
			t.Fatal(err)
		}
		if entries != 1 || done != 1 || entryAttempts.Int64 != int64(j.AttemptCount) {
			t.Errorf("job %s: %d queue entries, %d ended, %d attempts; want one ended entry, with the job's %d attempts",
				id, entries, done, entryAttempts.Int64, j.AttemptCount)
		}
		switch j.Status {
		case store.StatusCompleted:
			if len(j.Result) == 0 || j.CacheHit {
				t.Errorf("job %s completed without its own result (cache hit %v)", id, j.CacheHit)
			}
			if completions[id] > 1 {
				t.Errorf("job %s was completed %d times", id, completions[id])
			}
		case store.StatusFailed:
			// No job is killed more often than the rescue limit here: an
			// innocent job survives the crash loop.
			failed++
			t.Errorf("job %s failed with %q after %d attempts (%s); a killed worker is not the document's fault", id, j.ErrorCode, j.AttemptCount, j.Error)
		default:
			t.Errorf("job %s ended %s", id, j.Status)
		}
	}
	var running int
	if err := st.WriteDB().QueryRowContext(ctx, `SELECT COUNT(*) FROM river_job WHERE state NOT IN ('completed', 'discarded')`).Scan(&running); err != nil || running != 0 {
		t.Errorf("%d queue entries not ended (%v)", running, err)
	}
	acct, err := st.AccountByName(ctx, "acme")
	if err != nil {
		t.Fatal(err)
	}
	if used, err := st.QuotaUsed(ctx, acct.ID, store.Period(time.Now())); err != nil || used != len(ids) {
		t.Errorf("quota used = %d, %v; want %d, one per submission", used, err, len(ids))
	}
	t.Logf("%d jobs: %d retried after a kill, %d failed; %d attempts timed out", len(ids), retried, failed, charged)
	if retried == 0 {
		t.Errorf("no kill hit a running job: the test did not test a crash")
	}
}

// createKey creates the account acme with a quota and returns a key.
func createKey(t *testing.T, where ...string) string {
	t.Helper()
	out, _, err := runCmd(t, append([]string{"keys", "create", "--account", "acme", "--quota", "100000"}, where...)...)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	return lines[len(lines)-1]
}

// TestPostgresWorkerCrashes runs one API process and two worker processes
// on PostgreSQL, submits 120 jobs, and kills a worker with SIGKILL at random
// moments while jobs run, restarting it each time. Afterwards every job is
// completed (a kill is not the document's fault: eight kills stay within
// the rescue limit), each was completed once and has its result, and no
// attempt stayed running longer
// than the lease plus the rescue interval (the documented rescue time).
func TestPostgresWorkerCrashes(t *testing.T) {
	if testing.Short() {
		t.Skip("child processes killed and restarted; skipped with -short")
	}
	testWorkerCrashes(t, nil, nil)
}

// TestPostgresWorkerCrashesS3 is TestPostgresWorkerCrashes with the
// documents in an S3 bucket of a real SeaweedFS server (--blobs s3, the
// credentials in the AWS_* variables).
func TestPostgresWorkerCrashesS3(t *testing.T) {
	if testing.Short() {
		t.Skip("child processes killed and restarted; skipped with -short")
	}
	srv := s3test.Start(t)
	testWorkerCrashes(t, []string{"--blobs", "s3", "--s3-bucket", srv.Bucket, "--s3-endpoint", srv.Endpoint,
		"--s3-region", "us-east-1", "--s3-path-style", "--s3-prefix", "crash/"},
		[]string{"AWS_ACCESS_KEY_ID=" + s3test.AccessKey, "AWS_SECRET_ACCESS_KEY=" + s3test.SecretKey})
}

// testWorkerCrashes runs the crash test with the processes' blob flags
// and environment.
func testWorkerCrashes(t *testing.T, blobArgs, env []string) {
	db := pgtest.NewDatabase(t)
	key := createKey(t, "--database", db)
	api := startChild(t, env, append([]string{"serve", "--role", "api", "--addr", "127.0.0.1:0", "--data", t.TempDir(), "--database", db}, blobArgs...)...)
	data := t.TempDir() // shared by the workers, for the compiled-WebAssembly cache
	workerArgs := append([]string{"serve", "--role", "worker", "--addr", "127.0.0.1:0", "--data", data, "--database", db,
		"--workers", "2", "--ocr-workers", "1", "--job-timeout", crashJobTimeout.String(),
		"--rescue-after", crashRescueAfter.String(), "--rescue-interval", crashRescueInterval.String()}, blobArgs...)
	procs := []*child{api}
	workers := make([]*child, 2)
	for i := range workers {
		workers[i] = startChild(t, env, workerArgs...)
		procs = append(procs, workers[i])
	}
	st, err := app.OpenDatabase(context.Background(), db, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	watch := watchLeases(t, st.WriteDB())

	ids := submitAll(t, api.URL, key, crashJobs)
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	kills := 0
	for kills < 8 {
		time.Sleep(time.Duration(100+rng.IntN(700)) * time.Millisecond)
		var running, open int
		st.WriteDB().QueryRow(`SELECT COUNT(*) FILTER (WHERE state = 'running'), COUNT(*) FILTER (WHERE state NOT IN ('completed', 'discarded')) FROM river_job`).Scan(&running, &open)
		if open == 0 {
			break
		}
		if running == 0 {
			continue
		}
		i := rng.IntN(len(workers))
		workers[i].Kill(t)
		kills++
		workers[i] = startChild(t, env, workerArgs...)
		procs = append(procs, workers[i])
	}
	counts := waitTerminal(t, st, 150*time.Second)
	longest, attempts := watch.longest()
	t.Logf("%d kills; %d attempts seen running, the longest for %s (lease %s, rescue interval %s); jobs %v",
		kills, attempts, longest.Round(time.Millisecond), crashRescueAfter, crashRescueInterval, counts)
	// The documented bound is lease + interval; the watch polls every
	// 100 ms and a rescue statement takes its time under load, so allow 2 s.
	if bound := crashRescueAfter + crashRescueInterval + 2*time.Second; longest > bound {
		t.Errorf("an attempt stayed running for %s, beyond lease + rescue interval (%s)", longest, bound)
	}
	for _, w := range workers {
		w.Stop(t)
	}
	api.Stop(t)
	checkCrashOutcome(t, st, ids, procs)
}

// TestSQLiteCrashes runs one "invex serve" process on the embedded SQLite
// database, submits 120 jobs, and kills it with SIGKILL at random moments
// while jobs run, restarting it on the same data directory each time. The
// restarted process returns the dead one's running jobs to the queue at
// once. Afterwards the outcome is checked as for PostgreSQL.
func TestSQLiteCrashes(t *testing.T) {
	if testing.Short() {
		t.Skip("a child process killed and restarted; skipped with -short")
	}
	data := t.TempDir()
	key := createKey(t, "--data", data)
	args := []string{"serve", "--addr", "127.0.0.1:0", "--data", data, "--workers", "2", "--ocr-workers", "1",
		"--job-timeout", crashJobTimeout.String(), "--rescue-after", crashRescueAfter.String()}
	srv := startChild(t, nil, args...)
	procs := []*child{srv}
	ids := submitAll(t, srv.URL, key, crashJobs)

	st, err := app.OpenStore(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 11))
	kills, rescued := 0, 0
	for kills < 6 {
		time.Sleep(time.Duration(100+rng.IntN(500)) * time.Millisecond)
		counts, err := st.CountByStatus(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if counts[store.StatusPending]+counts[store.StatusProcessing] == 0 {
			break
		}
		srv.Kill(t)
		kills++
		srv = startChild(t, nil, args...)
		procs = append(procs, srv)
		// The restart requeues what the dead process left running, before serving.
		if strings.Contains(srv.Logs(), "returned abandoned jobs to the queue") {
			rescued++
		}
	}
	counts := waitTerminal(t, st, 150*time.Second)
	t.Logf("%d kills, %d restarts returned running jobs to the queue; jobs %v", kills, rescued, counts)
	srv.Stop(t)
	checkCrashOutcome(t, st, ids, procs)
}
