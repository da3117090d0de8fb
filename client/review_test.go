package client_test

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/invex/invex/client"
	"github.com/invex/invex/internal/app"
)

// TestReviewThroughClient corrects, approves and exports a result with
// the client, against a real server.
func TestReviewThroughClient(t *testing.T) {
	ctx := context.Background()
	stop, srv, err := startServer(app.Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	key, err := newKey(srv.app, "reviewer", 10)
	if err != nil {
		t.Fatal(err)
	}
	c := client.New(srv.URL, key)
	f, err := os.Open("testdata/invoice.pdf")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	acc, err := c.Submit(ctx, f, client.SubmitOptions{FileName: "invoice.pdf"})
	if err != nil {
		t.Fatal(err)
	}
	j, err := c.Wait(ctx, acc.JobID, client.WaitOptions{Interval: 10 * time.Millisecond})
	if err != nil || j.Review == nil || j.Review.Status != "pending" {
		t.Fatalf("Wait = %+v, %v; want a completed job pending review", j, err)
	}
	_, err = c.PatchResult(ctx, acc.JobID, client.Correction{Result: map[string]any{"invoice": map[string]any{"date": "soon"}}})
	if client.ErrorCode(err) != "invalid_review" {
		t.Errorf("a bad date: err = %v, want invalid_review", err)
	}
	r, err := c.PatchResult(ctx, acc.JobID, client.Correction{Approve: true,
		Result: map[string]any{"invoice": map[string]any{"po_number": "PO 42"}}})
	if err != nil || r.Review.Status != "approved" || r.Result.Invoice.PONumber == nil || *r.Result.Invoice.PONumber != "PO 42" {
		t.Fatalf("PatchResult = %+v, %v", r, err)
	}
	if j, err = c.Job(ctx, acc.JobID); err != nil || *j.Result.Invoice.PONumber != "PO 42" || j.Review.Revision != 1 {
		t.Errorf("Job after approval = %+v, %v", j, err)
	}
	if e, err := c.Extraction(ctx, acc.JobID); err != nil || (e.Result.Invoice.PONumber != nil && *e.Result.Invoice.PONumber == "PO 42") {
		t.Errorf("Extraction = %+v, %v; want the engine's result", e, err)
	}
	rc, err := c.Export(ctx, client.ExportJSONL, time.Now().Add(-time.Hour), time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, _ := io.ReadAll(rc)
	if !strings.Contains(string(b), `"po_number":"PO 42"`) || strings.Count(string(b), "\n") != 1 {
		t.Errorf("Export:\n%s", b)
	}
	if r, err := c.Approve(ctx, acc.JobID); err != nil || r.Review.Revision != 2 {
		t.Errorf("Approve = %+v, %v", r, err)
	}
}
