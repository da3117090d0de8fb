package app_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/invex/invex/extract/learn"
	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/pgtest"
	"github.com/invex/invex/internal/testpdf"
	"github.com/invex/invex/internal/testwait"
)

// reviewSupplier is a generated supplier that prints its invoice number
// under a label of its own, which the engine alone does not read in its
// layout (seed 26's: the engine reads the numbers of some layouts by their
// place and shape whatever their label; the extract package's
// TestSupplierExamples shows the example read in every layout).
func reviewSupplier() []testpdf.Spec { return testpdf.Supplier(26, 6, "Ref.") }

// reviewRecord is the part of a job's record the review tests read.
type reviewRecord struct {
	Status string `json:"status"`
	Result struct {
		Invoice struct {
			Number *string `json:"number"`
			Date   *string `json:"date"`
		} `json:"invoice"`
		Validation struct {
			Warnings []struct{ Code string } `json:"warnings"`
		} `json:"validation"`
	} `json:"result"`
	Review *struct {
		Status          string   `json:"status"`
		Revision        int      `json:"revision"`
		ReviewedAt      *string  `json:"reviewed_at"`
		CorrectedFields []string `json:"corrected_fields"`
	} `json:"review"`
}

func decodeReview(t *testing.T, r response) reviewRecord {
	t.Helper()
	var j reviewRecord
	if err := json.Unmarshal(r.Body, &j); err != nil {
		t.Fatalf("decode record: %v: %s", err, r.Body)
	}
	return j
}

func (j reviewRecord) number() string {
	if j.Result.Invoice.Number == nil {
		return "null"
	}
	return *j.Result.Invoice.Number
}

func (j reviewRecord) warned(code string) bool {
	for _, w := range j.Result.Validation.Warnings {
		if w.Code == code {
			return true
		}
	}
	return false
}

// TestReview corrects a job's result through the API, approves it, and
// checks what every promise of the review rests on: the draft is not
// served until approved; the approved result is, with the engine's kept at
// /extraction; values are typed by their parsers and bad ones refused; a
// job.reviewed event is delivered; the supplier's next five invoices come
// out right on the corrected field in that account and unchanged in
// another; the examples can be listed and deleted; and the export carries
// the approved result.
func TestReview(t *testing.T) {
	reviewScenario(t, startServer(t, t.TempDir(), app.Config{Workers: 2, Webhooks: fastHooks}))
}

// TestReviewPostgres runs the same review on PostgreSQL with the API and
// the workers in separate processes: the review is answered by the API,
// the learning and the webhook are the workers'.
func TestReviewPostgres(t *testing.T) {
	db := pgtest.NewDatabase(t)
	api := startServer(t, t.TempDir(), app.Config{Database: db, Role: app.RoleAPI, Webhooks: fastHooks})
	startServer(t, t.TempDir(), app.Config{Database: db, Role: app.RoleWorker, Workers: 2, OCRWorkers: 1, Webhooks: fastHooks})
	reviewScenario(t, api)
}

func reviewScenario(t *testing.T, s *server) {
	key, other := s.key("acme", 100), s.key("globex", 100)
	rc := newReceiver(t, func(int, *http.Request) int { return http.StatusNoContent })
	s.putWebhook(key, rc.URL+"/hook")
	oa := s.app.OpenAPI()

	specs := reviewSupplier()
	first := specs[0]
	id := s.accepted(s.submitMultipart(key, first.PDF(), first.Lang))
	rec := decodeReview(t, s.wait(key, id))
	if rec.number() == first.Number {
		t.Fatalf("the engine alone read the number %q: the supplier does not test learning", first.Number)
	}
	if rec.Review == nil || rec.Review.Status != "pending" || rec.Review.Revision != 0 || len(rec.Review.CorrectedFields) != 0 {
		t.Errorf("review of a new job = %+v, want pending with nothing corrected", rec.Review)
	}
	// The date, given as printed, is a correction only if the engine did
	// not read it.
	wantCorrected := "invoice.number"
	if d := rec.Result.Invoice.Date; d == nil || *d != first.Date.Format("2006-01-02") {
		wantCorrected = "invoice.number,invoice.date"
	}

	// Bad corrections are refused with the field named; nothing is kept.
	for _, bad := range []map[string]any{
		{"financials": map[string]any{"total": "abc"}},
		{"invoice": map[string]any{"date": "yesterday"}},
		{"invoice": map[string]any{"number": 12}},
		{"validation": map[string]any{"confidence": 1}},
		{"vendor": map[string]any{"nickname": "x"}},
	} {
		r := s.send(http.MethodPatch, key, "/v1/jobs/"+id+"/result", map[string]any{"result": bad})
		checkProblem(t, r, http.StatusUnprocessableEntity, "invalid_review")
	}
	checkProblem(t, s.send(http.MethodPatch, other, "/v1/jobs/"+id+"/result", map[string]any{"result": map[string]any{}}),
		http.StatusNotFound, "job_not_found")
	// Hostile patches: a value nested deep, a table too long, a body too
	// large. Each is refused with a clear code, and nothing is kept.
	deep := any("x")
	for range 500 {
		deep = map[string]any{"a": deep}
	}
	checkProblem(t, s.send(http.MethodPatch, key, "/v1/jobs/"+id+"/result",
		map[string]any{"result": map[string]any{"vendor": map[string]any{"name": deep}}}), http.StatusUnprocessableEntity, "invalid_review")
	rows := make([]map[string]any, 5001)
	for i := range rows {
		rows[i] = map[string]any{"amount": 1}
	}
	checkProblem(t, s.send(http.MethodPatch, key, "/v1/jobs/"+id+"/result",
		map[string]any{"result": map[string]any{"line_items": rows}}), http.StatusUnprocessableEntity, "invalid_review")
	if r := s.send(http.MethodPatch, key, "/v1/jobs/"+id+"/result", map[string]any{"result": map[string]any{
		"vendor": map[string]any{"name": strings.Repeat("x", 3<<20)}}}); r.Status != http.StatusRequestEntityTooLarge {
		t.Errorf("a 3 MiB patch: %d %s", r.Status, r.Body)
	}
	if got := decodeReview(t, s.get(key, "/v1/jobs/"+id)); got.Review.Status != "pending" || len(got.Review.CorrectedFields) != 0 {
		t.Errorf("refused patches left a review: %+v", got.Review)
	}

	// A draft: the number corrected, the date given as printed (the same
	// day, so not a correction).
	printedDate := first.Date.Format("02/01/2006")
	r := s.send(http.MethodPatch, key, "/v1/jobs/"+id+"/result", map[string]any{"result": map[string]any{
		"invoice": map[string]any{"number": first.Number, "date": printedDate}}})
	if r.Status != http.StatusOK {
		t.Fatalf("PATCH: %d %s", r.Status, r.Body)
	}
	validate(t, oa, "PATCH", "/v1/jobs/{id}/result", r)
	draft := decodeReview(t, r)
	if draft.number() != first.Number || *draft.Result.Invoice.Date != first.Date.Format("2006-01-02") ||
		draft.Review.Status != "pending" || strings.Join(draft.Review.CorrectedFields, ",") != wantCorrected {
		t.Errorf("PATCH answer: number %s date %v review %+v", draft.number(), *draft.Result.Invoice.Date, draft.Review)
	}
	if got := decodeReview(t, s.get(key, "/v1/jobs/"+id)); got.number() == first.Number || got.Review.Status != "pending" {
		t.Errorf("before approval the poll serves number %s, review %+v: want the engine's, pending", got.number(), got.Review)
	}

	// Approve.
	r = s.send(http.MethodPost, key, "/v1/jobs/"+id+"/approve", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("approve: %d %s", r.Status, r.Body)
	}
	validate(t, oa, "POST", "/v1/jobs/{id}/approve", r)
	poll := s.get(key, "/v1/jobs/"+id)
	validate(t, oa, "GET", "/v1/jobs/{id}", poll)
	got := decodeReview(t, poll)
	if got.number() != first.Number || got.Review.Status != "approved" || got.Review.Revision != 1 ||
		got.Review.ReviewedAt == nil || strings.Join(got.Review.CorrectedFields, ",") != wantCorrected {
		t.Errorf("approved poll: number %s, review %+v", got.number(), got.Review)
	}
	orig := s.get(key, "/v1/jobs/"+id+"/extraction")
	validate(t, oa, "GET", "/v1/jobs/{id}/extraction", orig)
	if o := decodeReview(t, orig); o.number() != rec.number() {
		t.Errorf("/extraction number = %s, want the engine's %s", o.number(), rec.number())
	}

	// The job.reviewed event.
	var reviewed bool
	testwait.For(30*time.Second, func() bool {
		for _, q := range rc.requests() {
			var m struct {
				Type string          `json:"type"`
				Data json.RawMessage `json:"data"`
			}
			json.Unmarshal(q.Body, &m)
			if m.Type == "job.reviewed" && bytes.Contains(m.Data, []byte(`"status":"approved"`)) &&
				bytes.Contains(m.Data, []byte(first.Number)) {
				reviewed = true
			}
		}
		return reviewed
	})
	if !reviewed {
		t.Error("no job.reviewed event with the approved result reached the receiver")
	}

	// A worker learns from the approval.
	supplier := learn.SupplierKey(first.Vendor.VAT)
	var ex response
	learned := testwait.For(60*time.Second, func() bool {
		ex = s.get(key, "/v1/suppliers/"+supplier+"/examples")
		return ex.Status == http.StatusOK && bytes.Contains(ex.Body, []byte(`"invoice.number"`))
	})
	if !learned {
		t.Fatalf("no example learned: %s", ex.Body)
	}
	validate(t, oa, "GET", "/v1/suppliers/{supplier}/examples", ex)
	if list := s.get(key, "/v1/suppliers"); !bytes.Contains(list.Body, []byte(supplier)) {
		t.Errorf("/v1/suppliers: %s", list.Body)
	}
	if list := s.get(other, "/v1/suppliers/"+supplier+"/examples"); bytes.Contains(list.Body, []byte("invoice.number")) {
		t.Errorf("another account sees the examples: %s", list.Body)
	}

	// The supplier's next five invoices, in this account and in another.
	// The other account's reading is the engine's alone: an invoice it
	// reads right without the example (a number joined to its date may
	// be) teaches nothing, and at least three of the five must not be.
	taught := 0
	for _, sp := range specs[1:] {
		mine := decodeReview(t, s.wait(key, s.accepted(s.submitMultipart(key, sp.PDF(), sp.Lang))))
		theirs := decodeReview(t, s.wait(other, s.accepted(s.submitMultipart(other, sp.PDF(), sp.Lang))))
		if theirs.warned("SUPPLIER_EXAMPLES") {
			t.Errorf("%s: another account's invoice read %s with the example", sp.Name(), theirs.number())
		}
		if theirs.number() == sp.Number {
			continue
		}
		taught++
		if mine.number() != sp.Number || !mine.warned("SUPPLIER_EXAMPLES") {
			t.Errorf("%s: number %s (SUPPLIER_EXAMPLES %v), want %q read by the example", sp.Name(), mine.number(),
				mine.warned("SUPPLIER_EXAMPLES"), sp.Number)
		}
	}
	if taught < 3 {
		t.Errorf("the engine alone read the number of %d of the supplier's next five invoices: too few test the example", 5-taught)
	}

	// The first invoice again, the same bytes: read again with what the
	// review taught, not answered from the result cached before it.
	again := decodeReview(t, s.wait(key, s.accepted(s.submitMultipart(key, first.PDF(), first.Lang))))
	if again.number() != first.Number || !again.warned("SUPPLIER_EXAMPLES") {
		t.Errorf("the reviewed invoice uploaded again: number %s (SUPPLIER_EXAMPLES %v), want %q read by the example",
			again.number(), again.warned("SUPPLIER_EXAMPLES"), first.Number)
	}

	// The export carries the approved result.
	for format, rows := range map[string]int{"csv": 2, "csv_items": 1 + len(first.Items), "jsonl": 1} {
		r := s.get(key, "/v1/jobs/export?format="+format)
		if r.Status != http.StatusOK {
			t.Errorf("export %s: %d %s", format, r.Status, r.Body)
			continue
		}
		if format == "jsonl" {
			lines := strings.Split(strings.TrimSpace(string(r.Body)), "\n")
			if len(lines) != rows || !strings.Contains(lines[0], `"number":"`+first.Number+`"`) {
				t.Errorf("jsonl export: %s", r.Body)
			}
			continue
		}
		recs, err := csv.NewReader(bytes.NewReader(r.Body)).ReadAll()
		if err != nil || len(recs) != rows {
			t.Errorf("%s export: %d rows (%v), want %d:\n%s", format, len(recs), err, rows, r.Body)
			continue
		}
		if format == "csv" && (recs[1][0] != id || recs[1][4] != first.Number) {
			t.Errorf("csv export row: %v", recs[1])
		}
	}
	if r := s.get(other, "/v1/jobs/export?format=jsonl"); r.Status != http.StatusOK || len(bytes.TrimSpace(r.Body)) != 0 {
		t.Errorf("another account's export: %d %q", r.Status, r.Body)
	}

	// The examples are forgotten (before later approvals teach again).
	if r := s.send(http.MethodDelete, key, "/v1/suppliers/"+supplier+"/examples", nil); r.Status != http.StatusNoContent {
		t.Errorf("delete examples: %d %s", r.Status, r.Body)
	}
	checkProblem(t, s.send(http.MethodDelete, key, "/v1/suppliers/"+supplier+"/examples", nil), http.StatusNotFound, "example_not_found")
	// What was read with them is not served from the cache either.
	if forgot := decodeReview(t, s.wait(key, s.accepted(s.submitMultipart(key, first.PDF(), first.Lang)))); forgot.warned("SUPPLIER_EXAMPLES") {
		t.Errorf("the invoice uploaded after its supplier's examples were deleted still read with them (number %s)", forgot.number())
	}

	// A second revision gets its own event.
	r = s.send(http.MethodPatch, key, "/v1/jobs/"+id+"/result", map[string]any{"approve": true,
		"result": map[string]any{"invoice": map[string]any{"po_number": "PO-1"}}})
	if got := decodeReview(t, r); r.Status != http.StatusOK || got.Review.Revision != 2 || got.Review.Status != "approved" {
		t.Errorf("second revision: %d %s", r.Status, r.Body)
	}
	if ds := s.deliveries(key, id); len(ds) < 3 || ds[1].Event != "job.reviewed" || ds[2].Event != "job.reviewed#2" {
		t.Errorf("deliveries: %+v", ds)
	}
	// Two reviewers at once, each on a field of their own: neither change
	// is lost.
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			part, field, value := "invoice", "po_number", fmt.Sprintf("PO-%d", i)
			if i%2 == 1 {
				part, field, value = "buyer", "email", fmt.Sprintf("r%d@example.com", i)
			}
			if r := s.send(http.MethodPatch, key, "/v1/jobs/"+id+"/result", map[string]any{"result": map[string]any{
				part: map[string]any{field: value}}}); r.Status != http.StatusOK {
				t.Errorf("concurrent PATCH: %d %s", r.Status, r.Body)
			}
		})
	}
	wg.Wait()
	if r := s.send(http.MethodPost, key, "/v1/jobs/"+id+"/approve", nil); !bytes.Contains(r.Body, []byte(`"po_number":"PO-`)) ||
		!bytes.Contains(r.Body, []byte(`"email":"r`)) {
		t.Errorf("after concurrent reviews one change is lost: %s", r.Body)
	}
}
