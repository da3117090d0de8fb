package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/invex/invex/extract/learn"
	"github.com/invex/invex/internal/export"
	"github.com/invex/invex/internal/store"
)

func (s *Server) exportRoutes() {
	huma.Register(s.api, huma.Operation{
		OperationID: "export-jobs",
		Method:      http.MethodGet,
		Path:        "/v1/jobs/export",
		Summary:     "Export approved results as CSV or JSON Lines",
		Description: "Streams every approved job of the account, oldest approval first, with the approved " +
			"revision of its result. `format=csv`: one row per invoice; `format=csv_items`: one row per line " +
			"item; `format=jsonl`: one JSON object per line (job_id, reviewed_at, revision, file_name, " +
			"corrected_fields, result). `from` and `to` bound the approval time. CSV cells that a " +
			"spreadsheet would run as a formula are quoted with a leading apostrophe. Exporting consumes " +
			"no quota.",
		Tags:     []string{"Review"},
		Security: security,
		Errors:   []int{401, 422, 429, 503},
	}, s.exportJobs)
	s.api.OpenAPI().Paths["/v1/jobs/export"].Get.Responses["200"].Content = map[string]*huma.MediaType{
		"text/csv":             {Schema: &huma.Schema{Type: huma.TypeString}},
		"application/x-ndjson": {Schema: &huma.Schema{Type: huma.TypeString}},
	}

	huma.Register(s.api, huma.Operation{
		OperationID: "list-suppliers",
		Method:      http.MethodGet,
		Path:        "/v1/suppliers",
		Summary:     "Suppliers the engine has learned from reviews",
		Description: "Each supplier (by the key of its VAT id: letters and digits without the country prefix) " +
			"of whose invoices an approved review taught something, with how many examples are kept. " +
			"Examples never leave the account.",
		Tags:     []string{"Review"},
		Security: security,
		Errors:   []int{401, 429, 503},
	}, s.listSuppliers)

	huma.Register(s.api, huma.Operation{
		OperationID: "list-supplier-examples",
		Method:      http.MethodGet,
		Path:        "/v1/suppliers/{supplier}/examples",
		Summary:     "What reviews taught about one supplier's invoices",
		Tags:        []string{"Review"},
		Security:    security,
		Errors:      []int{401, 429, 503},
	}, s.listExamples)

	huma.Register(s.api, huma.Operation{
		OperationID:   "delete-supplier-examples",
		Method:        http.MethodDelete,
		Path:          "/v1/suppliers/{supplier}/examples",
		Summary:       "Forget everything reviews taught about a supplier",
		DefaultStatus: http.StatusNoContent,
		Tags:          []string{"Review"},
		Security:      security,
		Errors:        []int{401, 404, 429, 503},
	}, s.deleteExamples)

	huma.Register(s.api, huma.Operation{
		OperationID:   "delete-supplier-example",
		Method:        http.MethodDelete,
		Path:          "/v1/suppliers/{supplier}/examples/{example_id}",
		Summary:       "Forget one example",
		DefaultStatus: http.StatusNoContent,
		Tags:          []string{"Review"},
		Security:      security,
		Errors:        []int{401, 404, 429, 503},
	}, s.deleteExample)
}

type exportInput struct {
	Format string `query:"format" enum:"csv,csv_items,jsonl" default:"csv" doc:"csv (one row per invoice), csv_items (one row per line item) or jsonl."`
	From   string `query:"from" doc:"Only jobs approved at or after this time: RFC 3339, or a date YYYY-MM-DD."`
	To     string `query:"to" doc:"Only jobs approved before this time: RFC 3339 (exclusive), or a date YYYY-MM-DD (up to its end)."`
}

// exportPage is how many jobs the export reads at a time.
const exportPage = 200

func (s *Server) exportJobs(ctx context.Context, in *exportInput) (*huma.StreamResponse, error) {
	p := principalFrom(ctx)
	var f store.ReviewedFilter
	var perr *Problem
	if f.From, perr = parseBound("from", in.From, false); perr != nil {
		return nil, perr
	}
	if f.To, perr = parseBound("to", in.To, true); perr != nil {
		return nil, perr
	}
	format := in.Format
	if format == "" {
		format = export.CSV
	}
	f.Limit = exportPage
	// The first page is read before answering, so that a database outage
	// is a 503 rather than a cut stream.
	first, err := s.store.ListReviewed(ctx, p.AccountID, f)
	if err != nil {
		s.logger(ctx).Error("export jobs", "err", err)
		return nil, unavailable()
	}
	return &huma.StreamResponse{Body: func(hc huma.Context) {
		hc.SetHeader("Content-Type", export.ContentType(format))
		hc.SetHeader("Cache-Control", "no-store")
		hc.SetHeader("Content-Disposition", `attachment; filename="`+export.FileName(format, time.Now())+`"`)
		w := export.NewWriter(hc.BodyWriter(), format)
		if err := export.Stream(ctx, s.store, p.AccountID, f, first, w); err != nil {
			s.logger(ctx).Warn("export jobs", "err", err)
		}
	}}, nil
}

// SupplierSummary is a supplier with learned examples.
type SupplierSummary struct {
	Supplier    string    `json:"supplier" doc:"The key of the supplier's VAT id."`
	Name        string    `json:"name" doc:"The supplier's name, as last reviewed."`
	Examples    int       `json:"examples" doc:"Examples kept."`
	LastLearned Timestamp `json:"last_learned_at" doc:"When the newest example was learned."`
}

type suppliersOutput struct {
	Body struct {
		Suppliers []SupplierSummary `json:"suppliers" nullable:"false"`
	}
}

func (s *Server) listSuppliers(ctx context.Context, _ *struct{}) (*suppliersOutput, error) {
	p := principalFrom(ctx)
	list, err := s.store.Suppliers(ctx, p.AccountID)
	if err != nil {
		s.logger(ctx).Error("list suppliers", "err", err)
		return nil, unavailable()
	}
	out := &suppliersOutput{}
	out.Body.Suppliers = []SupplierSummary{}
	for _, sp := range list {
		out.Body.Suppliers = append(out.Body.Suppliers, SupplierSummary{Supplier: sp.Key, Name: sp.Name,
			Examples: sp.Examples, LastLearned: Timestamp(sp.LastAt)})
	}
	return out, nil
}

// SupplierExample is one thing a review taught about a supplier.
type SupplierExample struct {
	ID        string        `json:"example_id" format:"uuid"`
	Field     string        `json:"field" doc:"The field's path."`
	Example   learn.Example `json:"example" doc:"Where the value sat (page, box in points) and the label that named it."`
	JobID     string        `json:"job_id" format:"uuid" doc:"The reviewed job it came from."`
	CreatedAt Timestamp     `json:"created_at"`
}

type supplierInput struct {
	Supplier string `path:"supplier" maxLength:"64" doc:"The supplier's key, as listed by /v1/suppliers; a VAT id is accepted too."`
}

type examplesOutput struct {
	Body struct {
		Supplier string            `json:"supplier"`
		Examples []SupplierExample `json:"examples" nullable:"false"`
	}
}

func (s *Server) listExamples(ctx context.Context, in *supplierInput) (*examplesOutput, error) {
	p := principalFrom(ctx)
	key := learn.SupplierKey(in.Supplier)
	list, err := s.store.SupplierExamples(ctx, p.AccountID, key)
	if err != nil {
		s.logger(ctx).Error("list examples", "err", err)
		return nil, unavailable()
	}
	out := &examplesOutput{}
	out.Body.Supplier = key
	out.Body.Examples = []SupplierExample{}
	for _, e := range list {
		var ex learn.Example
		json.Unmarshal(e.Example, &ex)
		out.Body.Examples = append(out.Body.Examples, SupplierExample{ID: e.ID, Field: e.Field, Example: ex,
			JobID: e.JobID, CreatedAt: Timestamp(e.CreatedAt)})
	}
	return out, nil
}

func exampleNotFound() *Problem {
	return problem(http.StatusNotFound, CodeExampleNotFound, "no such example of this supplier exists for your account")
}

func (s *Server) deleteExamples(ctx context.Context, in *supplierInput) (*struct{}, error) {
	return s.deleteExampleOf(ctx, in.Supplier, "")
}

type exampleInput struct {
	Supplier string `path:"supplier" maxLength:"64"`
	ID       string `path:"example_id" maxLength:"64"`
}

func (s *Server) deleteExample(ctx context.Context, in *exampleInput) (*struct{}, error) {
	if in.ID == "" {
		return nil, exampleNotFound()
	}
	return s.deleteExampleOf(ctx, in.Supplier, in.ID)
}

func (s *Server) deleteExampleOf(ctx context.Context, supplier, id string) (*struct{}, error) {
	p := principalFrom(ctx)
	n, err := s.store.DeleteExamples(ctx, p.AccountID, learn.SupplierKey(supplier), id)
	if err != nil {
		s.logger(ctx).Error("delete examples", "err", err)
		return nil, unavailable()
	}
	if n == 0 {
		return nil, exampleNotFound()
	}
	return nil, nil
}
