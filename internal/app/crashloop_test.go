package app_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
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

// proc is a child invex process.
type proc struct {
	cmd  *exec.Cmd
	URL  string
	done chan struct{}
	mu   sync.Mutex
	logs bytes.Buffer
}

func startProc(t *testing.T, c childConfig) *proc {
	t.Helper()
	raw, _ := json.Marshal(c)
	p := &proc{cmd: exec.Command(os.Args[0], "-test.run=^$"), done: make(chan struct{})}
	p.cmd.Env = append(os.Environ(), serveChildEnv+"="+string(raw))
	pipe, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pipe)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			var l struct{ Msg, Addr string }
			if json.Unmarshal(sc.Bytes(), &l) == nil && l.Msg == "invex serving" {
				addr <- l.Addr
			}
			p.mu.Lock()
			p.logs.Write(sc.Bytes())
			p.logs.WriteByte('\n')
			p.mu.Unlock()
		}
		io.Copy(io.Discard, pipe)
		p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() { p.kill(t) })
	select {
	case a := <-addr:
		p.URL = "http://" + a
	case <-p.done:
		t.Fatalf("child exited before serving:\n%s", p.log())
	case <-time.After(60 * time.Second):
		t.Fatalf("child did not serve within 60 s:\n%s", p.log())
	}
	return p
}

func (p *proc) log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.logs.String()
}

// kill sends SIGKILL and waits for the process to be gone.
func (p *proc) kill(t *testing.T) {
	select {
	case <-p.done:
		return
	default:
	}
	p.cmd.Process.Kill()
	select {
	case <-p.done:
	case <-time.After(30 * time.Second):
		t.Errorf("process %d still there 30 s after kill -9", p.cmd.Process.Pid)
	}
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
			t.Fatalf("job not processing after 60 s (kill %d): %+v\n%s", landed, job(goodID), p.log())
		}
		time.Sleep(150 * time.Millisecond)
		before := job(goodID)
		p.kill(t)
		if after := job(goodID); after.Status == store.StatusCompleted {
			t.Fatalf("the job completed before the kill landed (attempt %d): the document is too quick to kill mid-run", before.AttemptCount)
		}
		landed++
		p = startProc(t, cfg)
		if !strings.Contains(p.log(), "returned abandoned jobs to the queue") {
			t.Errorf("restart %d returned nothing to the queue:\n%s", landed, p.log())
		}
	}

	ended := func(j store.Job) bool { return j.Status == store.StatusCompleted || j.Status == store.StatusFailed }
	if !testwait.For(120*time.Second, func() bool { return ended(job(goodID)) && ended(job(poisonID)) }) {
		t.Fatalf("jobs still open after 120 s: good %s, poison %s\n%s", job(goodID).Status, job(poisonID).Status, p.log())
	}
	g := job(goodID)
	if g.Status != store.StatusCompleted || len(g.Result) == 0 || g.ChargedAttempts != 0 || g.AttemptCount != kills+1 {
		t.Errorf("good job after %d kills: %s (%s %q), %d attempts, %d charged to the document; want completed with a result after %d attempts, none charged",
			kills, g.Status, g.ErrorCode, g.Error, g.AttemptCount, g.ChargedAttempts, kills+1)
	}
	b := job(poisonID)
	if b.Status != store.StatusFailed || b.ErrorCode != extract.CodeReaderCrashed || b.ChargedAttempts != submit.MaxAttempts {
		t.Errorf("poison file: %s (%s), %d attempts, %d charged; want failed, %s, %d charged",
			b.Status, b.ErrorCode, b.AttemptCount, b.ChargedAttempts, extract.CodeReaderCrashed, submit.MaxAttempts)
	}
	t.Logf("good job: completed after %d attempts (%d kills); poison file: %s after %d attempts, %d charged",
		g.AttemptCount, kills, b.ErrorCode, b.AttemptCount, b.ChargedAttempts)
}
