package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/internal/apikey"
	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/jobs"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submit"
	"github.com/invex/invex/internal/testpdf"
	"github.com/invex/invex/internal/testproc"
	"github.com/invex/invex/internal/testwait"
)

// serveChildEnv, when set, makes the test binary an invex process serving
// the configuration it holds (childConfig, as JSON) until SIGTERM.
const serveChildEnv = "INVEX_TEST_SERVE_CHILD"

// childConfig is what a test sets of a child process's configuration.
type childConfig struct {
	DataDir       string
	CrashMarker   string
	BackoffBaseMS int
	BackoffMaxMS  int
}

// serveChild runs an invex process with the configuration in raw, logging
// JSON to standard error, and returns its exit code.
func serveChild(raw string) int {
	var c childConfig
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		fmt.Fprintln(os.Stderr, "bad child config:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	a, err := app.Open(ctx, app.Config{
		Addr: "127.0.0.1:0", DataDir: c.DataDir, CacheDir: sharedCache,
		Workers: 2, OCRWorkers: 1, ReaderCrashMarker: c.CrashMarker,
		RetryBackoff: jobs.Backoff{Base: time.Duration(c.BackoffBaseMS) * time.Millisecond, Max: time.Duration(c.BackoffMaxMS) * time.Millisecond},
		Logger:       slog.New(slog.NewJSONHandler(os.Stderr, nil)),
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "open:", err)
		return 1
	}
	defer a.Close()
	ln, err := a.Listen()
	if err != nil {
		fmt.Fprintln(os.Stderr, "listen:", err)
		return 1
	}
	if err := a.Run(ctx, ln); err != nil {
		fmt.Fprintln(os.Stderr, "run:", err)
		return 1
	}
	return 0
}

// startProc starts this test binary as an invex process serving c.
func startProc(t *testing.T, c childConfig) *testproc.Proc {
	t.Helper()
	raw, _ := json.Marshal(c)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serveChildEnv+"="+string(raw))
	return testproc.Start(t, cmd)
}

// TestWorkerCrashLoop kills the worker process (SIGKILL) again and again
// while one good job runs, restarting it on the same data directory each
// time: the job survives more process deaths than a document's attempts
// (MaxAttempts) and completes, none of its attempts charged to it. A file
// that crashes its reader, submitted beside it, still ends failed with
// exactly MaxAttempts attempts charged to it.
func TestWorkerCrashLoop(t *testing.T) {
	if testing.Short() {
		t.Skip("child processes killed and restarted; skipped with -short")
	}
	ctx := context.Background()
	const marker = "%INVEX-TEST-CRASH"
	cfg := childConfig{DataDir: t.TempDir(), CrashMarker: marker, BackoffBaseMS: 100, BackoffMaxMS: 800}

	// The account and key, written before the first process starts.
	st, err := app.OpenStore(ctx, cfg.DataDir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	quota := 100
	acct, err := st.EnsureAccount(ctx, "acme", &quota)
	if err != nil {
		t.Fatal(err)
	}
	k, _ := apikey.New()
	if _, err := st.CreateKey(ctx, acct.ID, "test", k.Prefix, k.Hash); err != nil {
		t.Fatal(err)
	}
	submitDoc := func(base string, pdf []byte) string {
		body, ct := multipartBody("invoice.pdf", pdf, nil)
		req, _ := http.NewRequest(http.MethodPost, base+"/v1/extract/invoice", body)
		req.Header.Set("Content-Type", ct)
		req.Header.Set("X-API-Key", k.Plain)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var r struct {
			JobID string `json:"job_id"`
		}
		if err := json.NewDecoder(resp.Body).Decode(&r); err != nil || resp.StatusCode != http.StatusAccepted {
			t.Fatalf("submit: status %d, %v", resp.StatusCode, err)
		}
		return r.JobID
	}
	job := func(id string) store.Job {
		j, err := st.JobByID(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return j
	}

	p := startProc(t, cfg)
	long, err := testpdf.LongInvoice(20)
	if err != nil {
		t.Fatal(err)
	}
	goodID := submitDoc(p.URL, long)
	poisonID := submitDoc(p.URL, append(append([]byte{}, long[:len(long)/2]...), "\n"+marker+"\n"...))

	const kills = submit.MaxAttempts + 2
	for landed := 0; landed < kills; {
		// Kill while the good job's attempt runs, a moment after it began
		// (the moment is the point: the attempt is under way).
		processing := testwait.For(60*time.Second, func() bool {
			j := job(goodID)
			if j.Status == store.StatusFailed {
				t.Fatalf("the good job failed after %d kills: %s: %s", landed, j.ErrorCode, j.Error)
			}
			return j.Status == store.StatusProcessing
		})
		if !processing {
			t.Fatalf("job not processing after 60 s (kill %d): %+v\n%s", landed, job(goodID), p.Logs())
		}
		time.Sleep(150 * time.Millisecond)
		before := job(goodID)
		p.Kill(t)
		if after := job(goodID); after.Status == store.StatusCompleted {
			t.Fatalf("the job completed before the kill landed (attempt %d): the document is too quick to kill mid-run", before.AttemptCount)
		}
		landed++
		p = startProc(t, cfg)
		if !strings.Contains(p.Logs(), "returned abandoned jobs to the queue") {
			t.Errorf("restart %d returned nothing to the queue:\n%s", landed, p.Logs())
		}
	}

	ended := func(j store.Job) bool { return j.Status == store.StatusCompleted || j.Status == store.StatusFailed }
	if !testwait.For(120*time.Second, func() bool { return ended(job(goodID)) && ended(job(poisonID)) }) {
		t.Fatalf("jobs still open after 120 s: good %s, poison %s\n%s", job(goodID).Status, job(poisonID).Status, p.Logs())
	}
	g := job(goodID)
	if g.Status != store.StatusCompleted || len(g.Result) == 0 || g.ChargedAttempts != 0 || g.AttemptCount != kills+1 {
		t.Errorf("good job after %d kills: %s (%s %q), %d attempts, %d charged to the document; want completed with a result after %d attempts, none charged",
			kills, g.Status, g.ErrorCode, g.Error, g.AttemptCount, g.ChargedAttempts, kills+1)
	}
	b := job(poisonID)
	// attempt_count counts every attempt made (the spec's "processing
	// attempts made"), including any a kill cut short; the document was
	// charged for exactly MaxAttempts.
	if b.Status != store.StatusFailed || b.ErrorCode != extract.CodeReaderCrashed || b.ChargedAttempts != submit.MaxAttempts ||
		b.AttemptCount < submit.MaxAttempts || b.AttemptCount > submit.MaxAttempts+kills {
		t.Errorf("poison file: %s (%s), %d attempts, %d charged; want failed, %s, %d charged",
			b.Status, b.ErrorCode, b.AttemptCount, b.ChargedAttempts, extract.CodeReaderCrashed, submit.MaxAttempts)
	}
	t.Logf("good job: completed after %d attempts (%d kills); poison file: %s after %d attempts, %d charged",
		g.AttemptCount, kills, b.ErrorCode, b.AttemptCount, b.ChargedAttempts)
}
