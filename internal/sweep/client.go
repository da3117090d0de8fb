package sweep

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Encoding is how a document is uploaded.
type Encoding string

// Upload encodings.
const (
	Multipart Encoding = "multipart"
	Base64    Encoding = "base64"
)

// Outcome is what became of one upload.
type Outcome struct {
	HTTP     int           // status of the upload
	Status   string        // final job status: completed, failed, stuck; "" when refused
	Code     string        // problem code of a refused upload, or error_code of a failed job
	Message  string        // detail of the problem, or error of the failed job
	Attempts int           // attempt_count of a failed job
	Values   int           // non-null values in the result of a completed job, validation block aside
	Fields   []string      // the paths of those values
	Elapsed  time.Duration // from the upload to the terminal state
	Err      string        // the sweep itself could not get an outcome
}

// String is a short form such as "422 invalid_pdf" or "failed pdf_corrupt".
func (o Outcome) String() string {
	switch {
	case o.Err != "":
		return "error: " + o.Err
	case o.Status == "":
		return fmt.Sprintf("%d %s", o.HTTP, o.Code)
	case o.Status == "failed":
		return fmt.Sprintf("failed %s (%d att.)", o.Code, o.Attempts)
	case o.Status == "completed":
		if o.Values == 0 {
			return "completed, no values"
		}
		sort.Strings(o.Fields)
		return fmt.Sprintf("completed, %d values (%s)", o.Values, strings.Join(o.Fields[:min(3, len(o.Fields))], ", "))
	}
	return o.Status
}

// Client talks to the service.
type Client struct {
	URL  string
	Key  string
	HTTP *http.Client
	// Poll is the interval between two polls of a job. Default 50 ms.
	Poll time.Duration
	// Deadline bounds the wait for a job to end; past it the job is
	// "stuck". Default 10 min.
	Deadline time.Duration
}

// Run uploads doc to POST /v1/extract/invoice, waits for its job to end
// and returns the outcome.
func (c *Client) Run(ctx context.Context, name string, doc []byte, enc Encoding) Outcome {
	return c.RunAt(ctx, PathInvoice, name, doc, enc)
}

// Submission endpoints.
const (
	// PathInvoice is the spec's endpoint, PDFs only.
	PathInvoice = "/v1/extract/invoice"
	// PathAny reads every kind of document.
	PathAny = "/v1/extract"
)

// RunAt is Run with the submission endpoint path.
func (c *Client) RunAt(ctx context.Context, path, name string, doc []byte, enc Encoding) Outcome {
	start := time.Now()
	var o Outcome
	var id string
	for try := 0; ; try++ {
		status, body, retry, err := c.upload(ctx, path, name, doc, enc)
		if err != nil {
			return Outcome{Err: err.Error()}
		}
		if status == http.StatusTooManyRequests && try < 60 {
			if err := sleep(ctx, retry); err != nil {
				return Outcome{Err: err.Error()}
			}
			continue
		}
		o.HTTP = status
		var r struct {
			JobID  string `json:"job_id"`
			Code   string `json:"code"`
			Detail string `json:"detail"`
		}
		json.Unmarshal(body, &r)
		if status != http.StatusAccepted {
			o.Code, o.Message, o.Elapsed = r.Code, r.Detail, time.Since(start)
			return o
		}
		id = r.JobID
		break
	}
	deadline := c.Deadline
	if deadline <= 0 {
		deadline = 10 * time.Minute
	}
	poll := c.Poll
	if poll <= 0 {
		poll = 50 * time.Millisecond
	}
	for time.Since(start) < deadline {
		rec, err := c.job(ctx, id)
		if err != nil {
			return Outcome{HTTP: o.HTTP, Err: err.Error()}
		}
		switch rec.Status {
		case "completed":
			o.Status = rec.Status
			collectValues(rec.Result, "", &o.Fields)
			o.Values = len(o.Fields)
			o.Elapsed = time.Since(start)
			return o
		case "failed":
			o.Status, o.Code, o.Message, o.Attempts = rec.Status, rec.ErrorCode, rec.Error, rec.AttemptCount
			o.Elapsed = time.Since(start)
			return o
		}
		if err := sleep(ctx, poll); err != nil {
			return Outcome{HTTP: o.HTTP, Err: err.Error()}
		}
	}
	o.Status, o.Elapsed = "stuck", time.Since(start)
	return o
}

type jobRecord struct {
	Status       string `json:"status"`
	Error        string `json:"error"`
	ErrorCode    string `json:"error_code"`
	AttemptCount int    `json:"attempt_count"`
	Result       any    `json:"result"`
}

func (c *Client) upload(ctx context.Context, path, name string, doc []byte, enc Encoding) (status int, body []byte, retry time.Duration, err error) {
	var buf bytes.Buffer
	ctype := "application/json"
	switch enc {
	case Multipart:
		w := multipart.NewWriter(&buf)
		w.WriteField("locale", "it")
		fw, err := w.CreateFormFile("file", name)
		if err != nil {
			return 0, nil, 0, fmt.Errorf("build form: %w", err)
		}
		fw.Write(doc)
		w.Close()
		ctype = w.FormDataContentType()
	default:
		fmt.Fprintf(&buf, `{"locale":"it","file_base64":"%s"}`, base64.StdEncoding.EncodeToString(doc))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL+path, &buf)
	if err != nil {
		return 0, nil, 0, fmt.Errorf("upload: %w", err)
	}
	req.Header.Set("Content-Type", ctype)
	req.Header.Set("X-API-Key", c.Key)
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return 0, nil, 0, fmt.Errorf("upload: %w", err)
	}
	defer resp.Body.Close()
	body, err = io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return 0, nil, 0, fmt.Errorf("upload: read answer: %w", err)
	}
	retry = time.Second
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 {
		retry = time.Duration(s) * time.Second
	}
	return resp.StatusCode, body, retry, nil
}

func (c *Client) job(ctx context.Context, id string) (jobRecord, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.URL+"/v1/jobs/"+id, nil)
	if err != nil {
		return jobRecord{}, fmt.Errorf("poll job: %w", err)
	}
	req.Header.Set("X-API-Key", c.Key)
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return jobRecord{}, fmt.Errorf("poll job: %w", err)
	}
	defer resp.Body.Close()
	var rec jobRecord
	if resp.StatusCode == http.StatusTooManyRequests {
		return jobRecord{Status: "pending"}, nil
	}
	if resp.StatusCode != http.StatusOK {
		return jobRecord{}, fmt.Errorf("poll job: status %d", resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(&rec); err != nil {
		return jobRecord{}, fmt.Errorf("poll job: %w", err)
	}
	return rec, nil
}

// collectValues appends the paths of the non-null scalar values of a
// result, leaving out its validation block (confidence, is_scanned), which
// is always set.
func collectValues(v any, path string, out *[]string) {
	switch v := v.(type) {
	case nil:
	case map[string]any:
		for k, e := range v {
			if path == "" && k == "validation" {
				continue
			}
			collectValues(e, strings.TrimPrefix(path+"."+k, "."), out)
		}
	case []any:
		for i, e := range v {
			collectValues(e, fmt.Sprintf("%s[%d]", path, i), out)
		}
	default:
		*out = append(*out, path)
	}
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
