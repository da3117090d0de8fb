package app_test

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/hostile"
	sharedfiles "github.com/invex/invex/internal/shared"
	"github.com/invex/invex/internal/testwait"
)

// badCase is one file with the outcome the API must give it.
type badCase struct {
	name string
	data []byte
	// outcome is one of R422, R422|FAIL, END, COMPLETE, RES (the shared
	// README's notation) or FAIL.
	outcome string
	// codes, when set, are the acceptable error codes of a failed job.
	codes []string
	// notCodes are error codes the job must not fail with.
	notCodes []string
	want     hostile.Want // the crafted files' expected values
	// path is the endpoint uploaded to: POST /v1/extract/invoice, or
	// POST /v1/extract for the crafted files of other kinds.
	path string
}

// jobView is what the test reads of a job.
type jobView struct {
	Status       string          `json:"status"`
	ErrorCode    string          `json:"error_code"`
	Error        string          `json:"error"`
	AttemptCount *int            `json:"attempt_count"`
	Result       json.RawMessage `json:"result"`
}

// outcome of one upload: the refusal's status and code, or the job's end.
type uploadOutcome struct {
	status int    // HTTP status of the upload
	code   string // problem code of a refused upload
	job    jobView
	body   string
}

func (o uploadOutcome) String() string {
	if o.status != http.StatusAccepted {
		return fmt.Sprintf("%d %s", o.status, o.code)
	}
	return fmt.Sprintf("%s %s", o.job.Status, o.job.ErrorCode)
}

// TestBadInputAtTheAPI uploads every file of ../shared/badinput and every
// crafted file of testdata/hostile through multipart and base64 JSON, to a
// real server with real workers and a real SQLite file, and checks the
// outcome each is documented to have, plus invariants: a refusal carries a
// machine code and leaks nothing, every job reaches an end within its
// attempts, a failure has a code and a message, nothing is invented for
// files that hold no invoice, and both ways of uploading give the same
// outcome.
func TestBadInputAtTheAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("uploads every bad file")
	}
	cases := crafted(t)
	cases = append(cases, sharedBadInput(t)...)
	s := startServer(t, t.TempDir(), app.Config{Workers: 2, OCRWorkers: 1})
	key := s.key("hostile", 100_000)

	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	results := make([][2]uploadOutcome, len(cases))
	start := time.Now()
	for i, c := range cases {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			for k, form := range []string{"multipart", "base64"} {
				results[i][k] = upload(t, s.URL, key, form, c)
			}
		})
	}
	wg.Wait()
	t.Logf("%d files, two uploads each, in %v", len(cases), time.Since(start))
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for k, form := range []string{"multipart", "base64"} {
				checkOutcome(t, form, c, results[i][k])
			}
			m, b := results[i][0], results[i][1]
			if m.status != b.status || m.code != b.code || m.job.Status != b.job.Status || m.job.ErrorCode != b.job.ErrorCode {
				t.Errorf("multipart gives %v, base64 gives %v", m, b)
			}
			t.Logf("%s: %v", c.outcome, m)
		})
	}
}

func checkOutcome(t *testing.T, form string, c badCase, o uploadOutcome) {
	t.Helper()
	refused := o.status == http.StatusUnprocessableEntity || o.status == http.StatusUnsupportedMediaType
	if o.status != http.StatusAccepted {
		switch {
		case !refused:
			t.Errorf("%s: upload status %d: %s", form, o.status, o.body)
		case o.code == "":
			t.Errorf("%s: refusal without a machine code: %s", form, o.body)
		}
		for _, leak := range []string{"goroutine", ".go:", "/work/", "/tmp/", "sqlite", "SELECT", "panic"} {
			if strings.Contains(o.body, leak) {
				t.Errorf("%s: refusal leaks %q: %s", form, leak, o.body)
			}
		}
	}
	job := o.job
	if o.status == http.StatusAccepted {
		if job.Status != "completed" && job.Status != "failed" {
			t.Fatalf("%s: job did not end: %s", form, o.body)
		}
		if job.AttemptCount != nil && *job.AttemptCount > 3 {
			t.Errorf("%s: %d attempts, more than the maximum", form, *job.AttemptCount)
		}
		if job.Status == "failed" && (job.ErrorCode == "" || job.Error == "") {
			t.Errorf("%s: failed without a code and a message: %s", form, o.body)
		}
		if slices.Contains(c.notCodes, job.ErrorCode) {
			t.Errorf("%s: failed with %s, which this file must not give", form, job.ErrorCode)
		}
		if job.Status == "failed" && len(c.codes) > 0 && !slices.Contains(c.codes, job.ErrorCode) {
			t.Errorf("%s: failed with %s, want one of %v", form, job.ErrorCode, c.codes)
		}
	}
	switch c.outcome {
	case "R422":
		if !refused {
			t.Errorf("%s: %v, want a refusal at upload", form, o)
		} else if c.want.Code != "" && o.code != c.want.Code {
			t.Errorf("%s: refused with %s, want %s", form, o.code, c.want.Code)
		}
	case "R422|FAIL":
		if !refused && job.Status != "failed" {
			t.Errorf("%s: %v, want a refusal or a failed job", form, o)
		}
	case "FAIL":
		if job.Status != "failed" {
			t.Errorf("%s: %v, want a failed job", form, o)
		}
	case "END":
		if refused {
			t.Errorf("%s: refused at upload (%s), want the job to end", form, o.code)
		}
		if job.Status == "completed" && c.want.Outcome == "" {
			checkNothingInvented(t, form, job.Result)
		}
	case "COMPLETE":
		if job.Status != "completed" {
			t.Errorf("%s: %v, want completed", form, o)
		}
	case "RES":
		if refused {
			t.Errorf("%s: refused at upload (%s), want a job", form, o.code)
		}
		if job.Status == "completed" {
			checkNothingInvented(t, form, job.Result)
		}
	}
	if job.Status == "completed" && c.want.Outcome != "" {
		checkWantedValues(t, form, c.want, job.Result)
	}
}

// checkNothingInvented checks the result of a file that holds no invoice:
// no total, no invoice number, no VAT number of either party.
func checkNothingInvented(t *testing.T, form string, raw json.RawMessage) {
	t.Helper()
	var res struct {
		Vendor struct {
			VATNumber *string `json:"vat_number"`
		} `json:"vendor"`
		Buyer struct {
			VATNumber *string `json:"vat_number"`
		} `json:"buyer"`
		Invoice    struct{ Number *string } `json:"invoice"`
		Financials struct{ Total *float64 } `json:"financials"`
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatalf("%s: result: %v", form, err)
	}
	if res.Vendor.VATNumber != nil || res.Buyer.VATNumber != nil || res.Invoice.Number != nil || res.Financials.Total != nil {
		t.Errorf("%s: values read from a file with no invoice: %s", form, raw)
	}
}

func checkWantedValues(t *testing.T, form string, want hostile.Want, raw json.RawMessage) {
	t.Helper()
	var res struct {
		Financials struct{ Total *float64 } `json:"financials"`
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatalf("%s: result: %v", form, err)
	}
	total := res.Financials.Total
	switch {
	case want.Total == hostile.NoTotal && total != nil:
		t.Errorf("%s: total %v, want none", form, *total)
	case want.Total > 0 && (total == nil || *total != want.Total):
		t.Errorf("%s: total %v, want %v", form, total, want.Total)
	}
	for _, s := range want.Absent {
		if bytes.Contains(raw, []byte(s)) {
			t.Errorf("%s: planted %q was read: %s", form, s, raw)
		}
	}
}

// upload sends data the given way and, when it is accepted, polls its job
// until it ends.
func upload(t *testing.T, base, key, form string, c badCase) uploadOutcome {
	data := c.data
	path := c.path
	if path == "" {
		path = "/v1/extract/invoice"
	}
	var body io.Reader
	var ct string
	if form == "multipart" {
		body, ct = multipartBody("invoice.pdf", data, map[string]string{"locale": "it"})
	} else {
		b, _ := json.Marshal(map[string]string{"file_base64": base64.StdEncoding.EncodeToString(data), "locale": "it"})
		body, ct = bytes.NewReader(b), "application/json"
	}
	req, _ := http.NewRequest(http.MethodPost, base+path, body)
	req.Header.Set("Content-Type", ct)
	req.Header.Set("X-API-Key", key)
	status, raw, err := roundTrip(req)
	if err != nil {
		t.Errorf("%s upload: %v", form, err)
		return uploadOutcome{}
	}
	o := uploadOutcome{status: status, body: string(raw)}
	var m struct {
		Code  string `json:"code"`
		JobID string `json:"job_id"`
	}
	json.Unmarshal(raw, &m)
	o.code = m.Code
	if status != http.StatusAccepted {
		return o
	}
	testwait.For(3*time.Minute, func() bool {
		req, _ := http.NewRequest(http.MethodGet, base+"/v1/jobs/"+m.JobID, nil)
		req.Header.Set("X-API-Key", key)
		status, raw, err := roundTrip(req)
		if err != nil || status != http.StatusOK {
			t.Errorf("%s poll: %d %v %s", form, status, err, raw)
			return true
		}
		o.body = string(raw)
		o.job = jobView{}
		json.Unmarshal(raw, &o.job)
		return o.job.Status == "completed" || o.job.Status == "failed"
	})
	return o
}

func roundTrip(req *http.Request) (int, []byte, error) {
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

// crafted lists the project's own hostile files.
func crafted(t *testing.T) []badCase {
	t.Helper()
	dir := hostile.Dir()
	var out []badCase
	for _, f := range hostile.Files() {
		data, err := os.ReadFile(filepath.Join(dir, f.Name))
		if err != nil {
			t.Fatal(err)
		}
		c := badCase{name: "testdata/" + f.Name, data: data, outcome: f.Want.Outcome, want: f.Want}
		if f.Any {
			c.path = "/v1/extract"
		}
		if f.Want.Outcome == hostile.Fail {
			c.codes = []string{f.Want.Code}
		}
		out = append(out, c)
	}
	return out
}

var codeRe = regexp.MustCompile("`([a-z_]+)`")

// sharedBadInput lists the files of ../shared/badinput with the outcome of
// their README row (its last column); it skips when the folder is absent.
func sharedBadInput(t *testing.T) []badCase {
	t.Helper()
	dir := sharedfiles.Dir(t, "badinput")
	readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(readme))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| file") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		if len(cells) < 4 || !strings.HasSuffix(strings.TrimSpace(cells[0]), ".pdf") {
			continue
		}
		rows[strings.TrimSpace(cells[0])] = strings.TrimSpace(cells[len(cells)-1])
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.pdf"))
	var out []badCase
	for _, f := range files {
		name := filepath.Base(f)
		col, ok := rows[name]
		if !ok {
			t.Errorf("%s has no row in the README", name)
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c := badCase{name: name, data: data, outcome: rowOutcome(col)}
		if c.outcome == "" {
			t.Errorf("%s: cannot read the outcome %q", name, col)
			continue
		}
		for _, m := range codeRe.FindAllStringSubmatch(col, -1) {
			c.codes = append(c.codes, m[1])
		}
		if c.outcome == "END" && len(c.codes) > 0 {
			// An END row naming codes names what the job must not say
			// (e.g. a file that opens with the empty password is not
			// "pdf_encrypted"), or the acceptable ones of a failure.
			if strings.Contains(col, "not report") {
				c.notCodes, c.codes = c.codes, nil
			}
		}
		if c.outcome == "RES" {
			c.codes = append(c.codes, "decompressed_size_limit", "render_size_limit", "memory_limit", "timeout")
		}
		out = append(out, c)
	}
	return out
}

// rowOutcome reads the outcome at the start of a README cell.
func rowOutcome(col string) string {
	col = strings.ReplaceAll(col, `\|`, "|")
	for _, o := range []string{"R422|FAIL", "R422", "END", "COMPLETE", "RES"} {
		if strings.HasPrefix(col, o) {
			return o
		}
	}
	return ""
}

// TestBudgetsConfigurable runs a server with small budgets: a document
// over one fails its job at once with that budget's code and a message.
func TestBudgetsConfigurable(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: 1, OCRWorkers: 1,
		Budgets: app.Budgets{MaxPages: 2}})
	key := s.key("budgets", 100)
	f := fpdf.New("P", "pt", "A4", "")
	f.SetFont("Helvetica", "", 11)
	for i := range 3 {
		f.AddPage()
		f.Text(60, 80, fmt.Sprintf("Fattura n. %d, pagina %d", 7, i+1))
	}
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		t.Fatal(err)
	}
	r := s.wait(key, s.accepted(s.submitMultipart(key, buf.Bytes(), "it")))
	m := r.json(t)
	if m["status"] != "failed" || m["error_code"] != "page_limit" || m["error"] == "" || m["attempt_count"] != float64(1) {
		t.Errorf("3 pages with a budget of 2: %s", r.Body)
	}
}
