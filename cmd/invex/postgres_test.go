package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/pgtest"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/testpdf"
	"github.com/invex/invex/internal/testproc"
)

// child is an "invex serve" process started from this test binary.
type child = testproc.Proc

// startChild runs invex with args and env (added to this process's
// environment) and waits until it serves.
func startChild(t *testing.T, env []string, args ...string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), runMainEnv+"=1"), env...)
	return testproc.Start(t, cmd)
}

// TestPostgresQuotaAcrossProcesses sends 1000 concurrent submissions, half
// to each of two "invex serve --role api" processes sharing one PostgreSQL
// database, against a monthly quota of 100: exactly 100 are accepted. On
// the way it checks "invex migrate" and "invex keys create" on PostgreSQL,
// and that --database and INVEX_DATABASE_URL both select it.
func TestPostgresQuotaAcrossProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("two child processes and 1000 submissions; skipped with -short")
	}
	db := pgtest.NewDatabase(t)
	if out, _, err := runCmd(t, "migrate", "--database", db); err != nil || !strings.Contains(out, "up to date") {
		t.Fatalf("invex migrate --database: %v, %q", err, out)
	}
	out, _, err := runCmd(t, "keys", "create", "--account", "acme", "--quota", "100", "--database", db)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	key := lines[len(lines)-1]

	common := []string{"serve", "--role", "api", "--addr", "127.0.0.1:0",
		"--max-uploads-per-account", "2000", "--max-conns-per-ip", "4000"}
	a := startChild(t, nil, append(common, "--data", t.TempDir(), "--database", db)...)
	b := startChild(t, []string{"INVEX_DATABASE_URL=" + db}, append(common, "--data", t.TempDir())...)

	inv := testpdf.Italian()
	docs := make([][]byte, 1000)
	for i := range docs {
		inv.Salt = fmt.Sprint("quota-", i)
		docs[i] = inv.PDF()
	}
	hc := &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: 500}}
	var (
		mu       sync.Mutex
		statuses = map[int]int{}
		codes    = map[string]int{}
		wg       sync.WaitGroup
		start    = make(chan struct{})
	)
	for i, doc := range docs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			base := a.URL
			if i%2 == 1 {
				base = b.URL
			}
			body, ct := multipartBody(doc)
			req, _ := http.NewRequest(http.MethodPost, base+"/v1/extract/invoice", body)
			req.Header.Set("Content-Type", ct)
			req.Header.Set("X-API-Key", key)
			<-start
			resp, err := hc.Do(req)
			status, code := 0, ""
			if err == nil {
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				status = resp.StatusCode
				var p struct{ Code string }
				json.Unmarshal(b, &p)
				code = p.Code
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				t.Errorf("submission %d: %v", i, err)
			}
			statuses[status]++
			codes[code]++
		}()
	}
	close(start)
	wg.Wait()
	if statuses[202] != 100 || statuses[429] != 900 || codes["quota_exhausted"] != 900 {
		t.Errorf("statuses %v, codes %v; want 100 × 202 and 900 × 429 quota_exhausted", statuses, codes)
	}

	ctx := context.Background()
	st, err := app.OpenDatabase(ctx, db, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	acct, err := st.AccountByName(ctx, "acme")
	if err != nil {
		t.Fatal(err)
	}
	if used, err := st.QuotaUsed(ctx, acct.ID, store.Period(time.Now())); err != nil || used != 100 {
		t.Errorf("quota used = %d, %v; want 100", used, err)
	}
	if counts, err := st.CountByStatus(ctx); err != nil || counts[store.StatusPending] != 100 {
		t.Errorf("jobs = %v, %v; want 100 pending (no workers run)", counts, err)
	}
	a.Stop(t)
	b.Stop(t)
}

func multipartBody(pdf []byte) (io.Reader, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, _ := w.CreateFormFile("file", "invoice.pdf")
	fw.Write(pdf)
	w.Close()
	return &buf, w.FormDataContentType()
}
