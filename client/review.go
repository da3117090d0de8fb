package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/invex/invex/invoice"
)

// Review is a person's review of a completed job's result.
type Review struct {
	// Status is "pending" until a revision is approved (and again while
	// newer corrections wait), "approved" once approved.
	Status     string     `json:"status"`
	Revision   int        `json:"revision"`
	ReviewedAt *time.Time `json:"reviewed_at"`
	// CorrectedFields are the paths whose reviewed value differs from the
	// engine's, such as "financials.total" or "line_items[2].amount".
	CorrectedFields []string `json:"corrected_fields"`
}

// Reviewed is the answer to a review step: the result with every
// correction so far applied, and its validation flags.
type Reviewed struct {
	JobID           string            `json:"job_id"`
	Review          Review            `json:"review"`
	Result          invoice.Result    `json:"result"`
	ValidationFlags []invoice.Finding `json:"validation_flags"`
}

// Correction is one review step of PatchResult.
type Correction struct {
	// Result is a JSON merge patch (RFC 7396) of the result, such as
	// map[string]any{"financials": map[string]any{"total": "1.234,50"}}:
	// strings are read by each field's parser in the job's locale, nil
	// clears a field, a line_items array replaces the table.
	Result any `json:"result,omitempty"`
	// Evidence optionally says where corrected values are printed (field
	// path → page and box), which makes learning exact.
	Evidence map[string]json.RawMessage `json:"evidence,omitempty"`
	// Approve approves the result with the patch applied.
	Approve bool `json:"approve,omitempty"`
}

// PatchResult corrects the result of completed job id, and with
// c.Approve approves it. An invalid value is an *APIError with Code
// "invalid_review" whose Detail names the field.
func (c *Client) PatchResult(ctx context.Context, id string, corr Correction) (*Reviewed, error) {
	body, err := json.Marshal(corr)
	if err != nil {
		return nil, fmt.Errorf("invex: encode correction: %w", err)
	}
	return c.reviewStep(ctx, http.MethodPatch, "/v1/jobs/"+url.PathEscape(id)+"/result", bytes.NewReader(body))
}

// Approve approves the result of job id as it stands (with the
// corrections waiting, if any).
func (c *Client) Approve(ctx context.Context, id string) (*Reviewed, error) {
	return c.reviewStep(ctx, http.MethodPost, "/v1/jobs/"+url.PathEscape(id)+"/approve", nil)
}

func (c *Client) reviewStep(ctx context.Context, method, path string, body io.Reader) (*Reviewed, error) {
	req, err := c.newRequest(ctx, method, path, nil, body)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.send(req, http.StatusOK)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var r Reviewed
	if _, err := decode(resp, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// Extraction is the engine's own output for a job, whatever its review.
type Extraction struct {
	JobID           string            `json:"job_id"`
	Model           string            `json:"model"`
	Confidence      float64           `json:"confidence"`
	Result          invoice.Result    `json:"result"`
	ValidationFlags []invoice.Finding `json:"validation_flags"`
	Evidence        json.RawMessage   `json:"evidence,omitempty"`
}

// Extraction returns the engine's own result of completed job id.
func (c *Client) Extraction(ctx context.Context, id string) (*Extraction, error) {
	var e Extraction
	if _, err := c.getJSON(ctx, "/v1/jobs/"+url.PathEscape(id)+"/extraction", nil, &e); err != nil {
		return nil, err
	}
	return &e, nil
}

// Export formats.
const (
	ExportCSV      = "csv"
	ExportCSVItems = "csv_items"
	ExportJSONL    = "jsonl"
)

// Export streams the account's approved results in format (ExportCSV,
// ExportCSVItems or ExportJSONL), approved in [from, to) when they are not
// zero. Close the reader.
func (c *Client) Export(ctx context.Context, format string, from, to time.Time) (io.ReadCloser, error) {
	q := url.Values{"format": {format}}
	if !from.IsZero() {
		q.Set("from", from.UTC().Format(time.RFC3339))
	}
	if !to.IsZero() {
		q.Set("to", to.UTC().Format(time.RFC3339))
	}
	req, err := c.newRequest(ctx, http.MethodGet, "/v1/jobs/export", q, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.send(req, http.StatusOK)
	if err != nil {
		return nil, err
	}
	return resp.Body, nil
}
