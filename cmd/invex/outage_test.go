package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/invex/invex/internal/pgtest"
	"github.com/invex/invex/internal/testpdf"
	"github.com/invex/invex/internal/testwait"
)

// outageEnv sets the length of the database outage of TestPostgresOutage
// (a Go duration); default 30 s, 5 s with -short.
const outageEnv = "INVEX_TEST_OUTAGE"

// TestPostgresOutage runs one "invex serve --role api" and one "--role
// worker" process against a PostgreSQL server of the test's own, under a
// steady trickle of submissions and polls, and stops the server (pg_ctl
// stop -m immediate) for 30 s. While it is down the API answers every
// request 503 with a problem document (code unavailable, Retry-After),
// both processes report not ready, the worker stays up without spinning
// (bounded CPU and log lines), and after the server returns both recover
// by themselves: every job accepted before, during (none) and after the
// outage, and any whose commit raced the stop, ends completed, with no
// attempt count above the maximum and one queue entry each.
func TestPostgresOutage(t *testing.T) {
	outage := 30 * time.Second
	if testing.Short() {
		outage = 5 * time.Second
	}
	if v := os.Getenv(outageEnv); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatalf("%s=%q: %v", outageEnv, v, err)
		}
		outage = d
	}
	srv := pgtest.NewServer(t)
	db := srv.URL
	out, _, err := runCmd(t, "keys", "create", "--account", "acme", "--quota", "100000", "--database", db)
	if err != nil {
		t.Fatal(err)
	}
	key := out[strings.LastIndex(strings.TrimSpace(out), "\n")+1:]
	key = strings.TrimSpace(key)
	data := t.TempDir() // shared: spool directories are per process
	api := startChild(t, nil, "serve", "--role", "api", "--addr", "127.0.0.1:0", "--data", data, "--database", db)
	worker := startChild(t, nil, "serve", "--role", "worker", "--addr", "127.0.0.1:0", "--data", data, "--database", db,
		"--workers", "2", "--ocr-workers", "1", "--job-timeout", "30s")

	l := &outageLoad{t: t, api: api.URL, key: key, hc: &http.Client{Timeout: 20 * time.Second}}
	ctx, stopLoad := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); l.run(ctx) }()

	// Before: the service works.
	waitFor(t, 20*time.Second, "jobs completed before the outage", func() bool { return l.completedCount() >= 10 })

	srv.Stop()
	down := time.Now()
	cpu0 := procCPU(worker.Cmd.Process.Pid)
	lines0 := strings.Count(worker.Logs(), "\n")
	l.setPhase(phaseDown)
	time.Sleep(min(2*time.Second, outage/2))
	for _, c := range []*child{api, worker} {
		if r := outageGet(c.URL + "/readyz"); r.status != http.StatusServiceUnavailable || r.code != "unavailable" {
			t.Errorf("GET %s/readyz during the outage: %d %q %q; want 503 problem unavailable", c.URL, r.status, r.ctype, r.code)
		}
	}
	time.Sleep(time.Until(down.Add(outage)))
	l.setPhase(phaseBoundary)
	cpu := procCPU(worker.Cmd.Process.Pid) - cpu0
	lines := strings.Count(worker.Logs(), "\n") - lines0
	srv.Start()
	up := time.Now()

	// The worker stayed up and backed off instead of spinning: River polls
	// for jobs every 100 ms and retries its bookkeeping without pause, so
	// without the back-off each queue logs ten errors a second (about 20 lines
	// a second in all; with it, about 2).
	if exited, err := worker.Exited(); exited {
		t.Fatalf("the worker exited during the outage: %v\n%s", err, worker.Logs())
	}
	if limit := 3*int(outage.Seconds()) + 20; lines > limit {
		t.Errorf("the worker logged %d lines in a %v outage; want at most %d (back-off)\n%s", lines, outage, limit, tail(worker.Logs(), 40))
	}
	if limit := outage / 10; cpu > limit {
		t.Errorf("the worker used %v of CPU in a %v outage; want at most %v (no busy loop)", cpu, outage, limit)
	}
	t.Logf("outage %v: worker used %v CPU and logged %d lines", outage, cpu, lines)

	// Recovery, by itself: the API accepts again, both are ready, and work
	// flows.
	waitFor(t, 60*time.Second, "API ready after the outage", func() bool { return outageGet(api.URL+"/readyz").status == 200 })
	waitFor(t, 60*time.Second, "worker ready after the outage", func() bool { return outageGet(worker.URL+"/readyz").status == 200 })
	l.setPhase(phaseUp)
	after := l.completedCount()
	waitFor(t, 60*time.Second, "jobs completed after the outage", func() bool { return l.completedCount() >= after+10 })
	t.Logf("recovered: API and worker ready %v after the server restarted", time.Since(up).Round(100*time.Millisecond))
	stopLoad()
	wg.Wait()

	// Every request made while the server was down got a 503 problem.
	l.mu.Lock()
	if l.downReplies == 0 {
		t.Error("no request was made during the outage")
	}
	for _, bad := range l.downBad {
		t.Error(bad)
	}
	accepted := append([]string(nil), l.accepted...)
	l.mu.Unlock()
	// The worker notices the server is back at its next connection, which
	// may come a little after the readiness probe's.
	logged := func() bool {
		return strings.Contains(worker.Logs(), "database unreachable") && strings.Contains(worker.Logs(), "database reachable again")
	}
	if !testwait.For(15*time.Second, logged) {
		t.Errorf("the worker logged neither the outage nor the recovery\n%s", tail(worker.Logs(), 40))
	}

	// Nothing lost: every job in the database, accepted or raced, ends
	// completed, within the attempt limit, with one completed queue entry.
	checkCtx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	conn, err := pgx.Connect(checkCtx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var open int
	testwait.For(90*time.Second, func() bool {
		if err := conn.QueryRow(checkCtx, `SELECT COUNT(*) FROM jobs WHERE status NOT IN ('completed', 'failed')`).Scan(&open); err != nil {
			t.Fatal(err)
		}
		return open == 0
	})
	rows, err := conn.Query(checkCtx, `SELECT id, status, attempt_count, result IS NOT NULL,
		(SELECT COUNT(*) FROM river_job r WHERE r.args->>'job_id' = j.id),
		(SELECT COUNT(*) FROM river_job r WHERE r.args->>'job_id' = j.id AND r.state = 'completed')
		FROM jobs j`)
	if err != nil {
		t.Fatal(err)
	}
	inDB := map[string]bool{}
	retried := 0
	for rows.Next() {
		var id, status string
		var attempts, entries, done int
		var result bool
		if err := rows.Scan(&id, &status, &attempts, &result, &entries, &done); err != nil {
			t.Fatal(err)
		}
		inDB[id] = true
		if status != "completed" || !result || attempts < 1 || attempts > 3 || entries != 1 || done != 1 {
			t.Errorf("job %s: %s, result %v, %d attempts, %d queue entries (%d completed); want completed with a result, 1–3 attempts, one completed entry",
				id, status, result, attempts, entries, done)
		}
		if attempts > 1 {
			retried++
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for _, id := range accepted {
		if !inDB[id] {
			t.Errorf("job %s was accepted (202) but is not in the database", id)
		}
	}
	t.Logf("%d jobs accepted, %d in the database, %d retried after the outage cut their attempt", len(accepted), len(inDB), retried)
}

// Phases of the outage test's load.
const (
	phaseUp       = iota // the server runs
	phaseDown            // the server is stopped: every reply must be a 503 problem
	phaseBoundary        // the server is starting: any reply goes
)

// outageLoad submits a new invoice every 100 ms and polls the jobs it
// got, recording what it sees by phase.
type outageLoad struct {
	t   *testing.T
	api string
	key string
	hc  *http.Client

	mu          sync.Mutex
	phase       int
	accepted    []string
	completed   map[string]bool
	downReplies int
	downBad     []string
}

func (l *outageLoad) setPhase(p int) {
	l.mu.Lock()
	l.phase = p
	l.mu.Unlock()
}

func (l *outageLoad) completedCount() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.completed)
}

func (l *outageLoad) run(ctx context.Context) {
	l.completed = map[string]bool{}
	inv := testpdf.Italian()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for i := 0; ctx.Err() == nil; i++ {
		inv.Salt = fmt.Sprint("outage-", i)
		body, ct := multipartBody(inv.PDF())
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, l.api+"/v1/extract/invoice", body)
		req.Header.Set("Content-Type", ct)
		l.do(req, func(r outageReply) {
			if r.status == http.StatusAccepted {
				l.accepted = append(l.accepted, r.jobID)
			}
		})
		// Poll the oldest job not yet completed.
		l.mu.Lock()
		var next string
		for _, id := range l.accepted {
			if !l.completed[id] {
				next = id
				break
			}
		}
		l.mu.Unlock()
		if next != "" {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, l.api+"/v1/jobs/"+next, nil)
			l.do(req, func(r outageReply) {
				if r.status == http.StatusOK && r.jobStatus == "completed" {
					l.completed[next] = true
				}
			})
		}
		select {
		case <-ctx.Done():
		case <-tick.C:
		}
	}
}

// do sends req with the key and hands the reply to fn under the lock,
// checking replies given entirely inside the outage.
func (l *outageLoad) do(req *http.Request, fn func(outageReply)) {
	req.Header.Set("X-API-Key", l.key)
	l.mu.Lock()
	before := l.phase
	l.mu.Unlock()
	r := doOutage(l.hc, req)
	l.mu.Lock()
	defer l.mu.Unlock()
	if r.err != nil && req.Context().Err() != nil {
		return
	}
	if before == phaseDown && l.phase == phaseDown {
		l.downReplies++
		if r.status != http.StatusServiceUnavailable || r.ctype != "application/problem+json" || r.code != "unavailable" || r.retryAfter == "" {
			l.downBad = append(l.downBad, fmt.Sprintf("%s %s during the outage: status %d, %q, code %q, Retry-After %q, err %v; want 503 application/problem+json unavailable with Retry-After",
				req.Method, req.URL.Path, r.status, r.ctype, r.code, r.retryAfter, r.err))
		}
		return
	}
	if r.err == nil {
		fn(r)
	}
}

type outageReply struct {
	status     int
	ctype      string
	retryAfter string
	code       string
	jobID      string
	jobStatus  string
	err        error
}

func doOutage(hc *http.Client, req *http.Request) outageReply {
	resp, err := hc.Do(req)
	if err != nil {
		return outageReply{err: err}
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var body struct {
		Code   string `json:"code"`
		JobID  string `json:"job_id"`
		Status any    `json:"status"`
	}
	json.Unmarshal(b, &body)
	r := outageReply{status: resp.StatusCode, ctype: resp.Header.Get("Content-Type"), retryAfter: resp.Header.Get("Retry-After"),
		code: body.Code, jobID: body.JobID}
	r.jobStatus, _ = body.Status.(string)
	return r
}

func outageGet(url string) outageReply {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	return doOutage(&http.Client{Timeout: 10 * time.Second}, req)
}

// waitFor polls cond every 100 ms until it holds, failing the test after
// limit.
func waitFor(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	if !testwait.For(limit, cond) {
		t.Fatalf("%s: not within %v", what, limit)
	}
}

// procCPU returns the user and system CPU time pid has used, from
// /proc/PID/stat (clock ticks of 10 ms).
func procCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// Fields after the command name, which is in parentheses and may hold
	// spaces: state is field 3, utime 14, stime 15.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * 10 * time.Millisecond
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
