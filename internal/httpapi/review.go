package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/learn"
	"github.com/invex/invex/internal/review"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/invoice"
)

// Review: a person corrects and approves a job's result (package review);
// the engine's own output stays readable.

// Codes of review errors.
const (
	CodeInvalidReview   = "invalid_review"
	CodeJobNotCompleted = "job_not_completed"
	CodeExampleNotFound = "example_not_found"
	CodeReviewConflict  = "review_conflict"
)

// ReviewRecord is the review object of a job's record.
type ReviewRecord struct {
	Status          string     `json:"status" enum:"pending,approved" doc:"pending until a revision is approved, and again while newer corrections wait; approved once approved with nothing newer."`
	Revision        int        `json:"revision" minimum:"0" doc:"Number of approved revisions of the result."`
	ReviewedAt      *Timestamp `json:"reviewed_at" nullable:"true" doc:"When the last revision was approved; null until one is."`
	CorrectedFields []string   `json:"corrected_fields" nullable:"false" doc:"Paths of the fields (financials.total, line_items[2].amount) whose reviewed value differs from the engine's: of the waiting corrections while pending, else of the approved revision."`
}

// applyReview fills the review object of a completed job's record and,
// once a revision is approved, serves the reviewed result.
func applyReview(r *Record, j store.Job) {
	rv := j.Review
	rec := &ReviewRecord{Status: store.ReviewPending, Revision: rv.Revision, ReviewedAt: timestamp(rv.ReviewedAt),
		CorrectedFields: []string{}}
	if rv.Status == store.ReviewApproved {
		rec.Status = store.ReviewApproved
	}
	switch {
	case len(rv.Draft) > 0:
		orig, err1 := review.Original(j)
		draft, err2 := review.Current(j)
		if err1 == nil && err2 == nil {
			rec.CorrectedFields = append(rec.CorrectedFields, learn.Diff(&orig, &draft)...)
		}
	case rv.Approved():
		rec.CorrectedFields = append(rec.CorrectedFields, rv.Corrected...)
	}
	r.Review = rec
	if !rv.Approved() {
		return
	}
	r.Result = ResultJSON(rv.Result)
	r.ValidationFlags = FlagsJSON(rv.Flags)
	r.Evidence = reviewedEvidence(j)
	r.Documents = reviewedDocuments(r.Documents, rv.Result, rv.Flags)
}

// reviewedEvidence is the evidence of an approved result: the engine's
// for the fields it got right, the boxes the reviewer pointed at for the
// others, and none for a corrected value nobody pointed at.
func reviewedEvidence(j store.Job) EvidenceJSON {
	if len(j.Extra) == 0 {
		return nil
	}
	ev := map[string]layout.Evidence{}
	if json.Unmarshal(j.Extra, &ev) != nil {
		return EvidenceJSON(j.Extra)
	}
	for _, p := range j.Review.Corrected {
		delete(ev, p)
	}
	pointed := map[string]layout.Evidence{}
	if len(j.Review.ReviewedPointed) > 0 {
		json.Unmarshal(j.Review.ReviewedPointed, &pointed)
	}
	for p, e := range pointed {
		ev[p] = e
	}
	b, err := json.Marshal(ev)
	if err != nil {
		return EvidenceJSON(j.Extra)
	}
	return EvidenceJSON(b)
}

// reviewedDocuments puts the reviewed result in the first of the job's
// documents.
func reviewedDocuments(docs DocumentsJSON, result, flags json.RawMessage) DocumentsJSON {
	var list []map[string]json.RawMessage
	if len(docs) == 0 || json.Unmarshal(docs, &list) != nil || len(list) == 0 {
		return docs
	}
	list[0]["result"], list[0]["validation_flags"] = result, flags
	b, err := json.Marshal(list)
	if err != nil {
		return docs
	}
	return DocumentsJSON(b)
}

func (s *Server) reviewRoutes() {
	huma.Register(s.api, huma.Operation{
		OperationID: "review-result",
		Method:      http.MethodPatch,
		Path:        "/v1/jobs/{id}/result",
		Summary:     "Correct a completed job's result, and approve it",
		Description: "The body's `result` is a JSON merge patch (RFC 7396) of the result: " +
			"`{\"result\": {\"financials\": {\"total\": \"1.234,50\"}, \"buyer\": {\"email\": null}}}`. " +
			"A string in a numeric or date field is read as the document prints it, in the job's locale; " +
			"identifiers are normalised; null clears a field; a `line_items` array replaces the table. " +
			"The corrected result is validated like the engine's (arithmetic, checksums, dates), and the " +
			"answer carries its flags. Without `approve` the corrections wait as a draft (review status " +
			"pending); with `approve: true` they become a new approved revision: the poll then serves it as " +
			"`result`, a `job.reviewed` webhook event is sent, and the corrected values teach the engine " +
			"where this supplier prints them (per account, by the supplier's VAT id). The engine's own " +
			"output stays at /v1/jobs/{id}/extraction. Reviewing consumes no quota.",
		Tags:     []string{"Review"},
		Security: security,
		Errors:   []int{401, 404, 409, 422, 429, 503},
	}, s.patchResult)

	huma.Register(s.api, huma.Operation{
		OperationID: "approve-result",
		Method:      http.MethodPost,
		Path:        "/v1/jobs/{id}/approve",
		Summary:     "Approve a completed job's result as it stands",
		Description: "Approves the waiting corrections, or the engine's result when there are none: the same " +
			"as PATCH /v1/jobs/{id}/result with an empty patch and `approve: true`.",
		Tags:     []string{"Review"},
		Security: security,
		Errors:   []int{401, 404, 409, 429, 503},
	}, s.approveResult)

	huma.Register(s.api, huma.Operation{
		OperationID: "get-extraction",
		Method:      http.MethodGet,
		Path:        "/v1/jobs/{id}/extraction",
		Summary:     "The engine's own result of a completed job, whatever its review",
		Tags:        []string{"Review"},
		Security:    security,
		Errors:      []int{401, 404, 409, 429, 503},
	}, s.getExtraction)
}

// ReviewBody is the body of PATCH /v1/jobs/{id}/result.
type ReviewBody struct {
	Result   json.RawMessage            `json:"result,omitempty" doc:"A JSON merge patch (RFC 7396) of the result: an object of the parts to change (vendor, buyer, invoice, financials, line_items)."`
	Evidence map[string]layout.Evidence `json:"evidence,omitempty" doc:"Optional: where the corrected values are printed (field path → page and box, in points from the top-left corner), as the dashboard sends when a value is picked on the page. It makes learning exact when a value is printed more than once."`
	Approve  bool                       `json:"approve,omitempty" doc:"Approve the result with the patch applied."`
}

// Reviewed is the answer to a review step.
type Reviewed struct {
	JobID           string            `json:"job_id" format:"uuid"`
	Review          ReviewRecord      `json:"review"`
	Result          invoice.Result    `json:"result" doc:"The result with every correction so far applied: the draft while pending, the approved revision once approved."`
	ValidationFlags []invoice.Finding `json:"validation_flags" nullable:"false" doc:"The findings of that result, by the engine's validation."`
}

type patchResultInput struct {
	ID   string `path:"id" doc:"The job_id returned by the submission."`
	Body ReviewBody
}

type reviewedOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         Reviewed
}

func (s *Server) patchResult(ctx context.Context, in *patchResultInput) (*reviewedOutput, error) {
	return s.reviewStep(ctx, in.ID, review.Change{Patch: in.Body.Result, Pointed: in.Body.Evidence, Approve: in.Body.Approve})
}

func (s *Server) approveResult(ctx context.Context, in *getJobInput) (*reviewedOutput, error) {
	return s.reviewStep(ctx, in.ID, review.Change{Approve: true})
}

func (s *Server) reviewStep(ctx context.Context, id string, c review.Change) (*reviewedOutput, error) {
	p := principalFrom(ctx)
	if _, err := uuid.Parse(id); err != nil {
		return nil, jobNotFound()
	}
	out, err := s.reviews.Apply(ctx, p.AccountID, id, c)
	if err != nil {
		return nil, s.reviewProblem(ctx, id, err)
	}
	rec := NewRecord(out.Job)
	return &reviewedOutput{CacheControl: "no-store", Body: Reviewed{JobID: id, Review: *rec.Review,
		Result: out.Result, ValidationFlags: out.Flags}}, nil
}

func (s *Server) reviewProblem(ctx context.Context, id string, err error) error {
	var fe *review.FieldError
	switch {
	case errors.Is(err, store.ErrNotFound):
		return jobNotFound()
	case errors.Is(err, review.ErrNoResult):
		return problem(http.StatusConflict, CodeJobNotCompleted, "only a completed job's result can be reviewed")
	case errors.Is(err, store.ErrReviewChanged):
		return problem(http.StatusConflict, CodeReviewConflict,
			"the review kept changing under this change (other reviewers at work); send it again")
	case errors.As(err, &fe):
		return problem(http.StatusUnprocessableEntity, CodeInvalidReview, fe.Error())
	}
	s.logger(ctx).Error("review job", "job_id", id, "err", err)
	return unavailable()
}

// Extraction is the engine's own output for a job.
type Extraction struct {
	JobID           string       `json:"job_id" format:"uuid"`
	Model           string       `json:"model"`
	Confidence      float64      `json:"confidence" minimum:"0" maximum:"1"`
	Result          ResultJSON   `json:"result"`
	ValidationFlags FlagsJSON    `json:"validation_flags"`
	Evidence        EvidenceJSON `json:"evidence,omitempty"`
}

type extractionOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         Extraction
}

func (s *Server) getExtraction(ctx context.Context, in *getJobInput) (*extractionOutput, error) {
	p := principalFrom(ctx)
	if _, err := uuid.Parse(in.ID); err != nil {
		return nil, jobNotFound()
	}
	j, err := s.store.Job(ctx, p.AccountID, in.ID)
	if err != nil {
		return nil, s.reviewProblem(ctx, in.ID, err)
	}
	if j.Status != store.StatusCompleted {
		return nil, s.reviewProblem(ctx, in.ID, review.ErrNoResult)
	}
	e := Extraction{JobID: j.ID, Model: j.Model, Result: ResultJSON(j.Result), ValidationFlags: FlagsJSON(j.Flags),
		Evidence: EvidenceJSON(j.Extra)}
	if j.Confidence != nil {
		e.Confidence = *j.Confidence
	}
	if len(e.ValidationFlags) == 0 {
		e.ValidationFlags = FlagsJSON("[]")
	}
	return &extractionOutput{CacheControl: "no-store", Body: e}, nil
}
