package dashboard

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/invex/invex/extract/document"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/extract/learn"
	"github.com/invex/invex/extract/validate"
	"github.com/invex/invex/internal/export"
	"github.com/invex/invex/internal/review"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/invoice"
)

// The review screen: the pages beside the values grouped as an accountant
// reads them, editable, with flagged and low-confidence values first.
// Every change is sent at once (reviewChange), typed by the field's parser
// on the server and kept as a draft; the answer carries the result's new
// flags, so arithmetic and checksums are re-checked as values change.

// reviewGroups are the groups of scalar fields, in reading order.
var reviewGroups = []struct{ Key, Prefix string }{
	{"review.vendor", "vendor."},
	{"review.buyer", "buyer."},
	{"review.document", "invoice."},
	{"review.totals", "financials."},
}

// reviewContent is the content of the review screen.
type reviewContent struct {
	Job      store.Job
	Pages    []reviewPage
	NoPages  bool
	Drawing  bool
	Attn     []reviewField // flagged or low-confidence, first
	Groups   []reviewGroup
	Items    [][]reviewField
	ItemCols []string
	Flags    []invoice.Finding
	Status   string
	Revision int
	Locale   string
}

type reviewGroup struct {
	Key    string
	Fields []reviewField
}

// reviewField is one editable value.
type reviewField struct {
	Path       string
	Label      string // i18n key
	Value      string
	Numeric    bool
	Confidence float64
	HasEv      bool
	Low        bool
	Flagged    bool
	Corrected  bool
	Page       int
	X, Y, W, H float64
}

// reviewPage is one page of the review screen with its words.
type reviewPage struct {
	N     int
	W, H  float64
	Words []reviewWord
}

type reviewWord struct {
	T          string
	X, Y, W, H float64
}

func (d *Dashboard) reviewPage(w http.ResponseWriter, r *http.Request) {
	j, ok := d.jobFor(w, r)
	if !ok {
		return
	}
	if j.Status != store.StatusCompleted {
		http.Redirect(w, r, "/jobs/"+j.ID, http.StatusSeeOther)
		return
	}
	c, err := d.reviewView(r, j)
	if err != nil {
		d.fail(w, r, "review job", err)
		return
	}
	name := j.FileName
	if name == "" {
		name = j.ID
	}
	d.render(w, r, http.StatusOK, "review", page{Title: "review.title", Name: tr(language(r), "review.title") + ": " + name,
		Nav: "jobs", Content: c})
}

func (d *Dashboard) reviewView(r *http.Request, j store.Job) (reviewContent, error) {
	c := reviewContent{Job: j, Status: j.Review.Status, Revision: j.Review.Revision, Locale: j.Locale}
	if c.Status == "" {
		c.Status = store.ReviewPending
	}
	cur, err := review.Current(j)
	if err != nil {
		return c, err
	}
	orig, err := review.Original(j)
	if err != nil {
		return c, err
	}
	ev := evidenceOf(j.Extra)
	pointed := map[string]layout.Evidence{}
	src := j.Review.Pointed
	if len(j.Review.Draft) == 0 {
		src = j.Review.ReviewedPointed
	}
	if len(src) > 0 {
		json.Unmarshal(src, &pointed)
	}
	corrected := map[string]bool{}
	for _, p := range learn.Diff(&orig, &cur) {
		corrected[p] = true
		delete(ev, p)
	}
	for p, e := range pointed {
		ev[p] = e
	}
	c.Flags = validateFlags(cur)
	flagged := map[string]bool{}
	for _, f := range c.Flags {
		if f.Field != "" && f.Severity != invoice.SeverityInfo {
			flagged[f.Field] = true
		}
	}
	field := func(path string) reviewField {
		v, _ := learn.Get(&cur, path)
		t, _, _ := learn.TypeOf(path)
		f := reviewField{Path: path, Label: "field." + labelKey(path), Value: learn.Format(v), Numeric: t.Numeric(),
			Flagged: flagged[path], Corrected: corrected[path]}
		if e, ok := ev[path]; ok {
			f.HasEv, f.Confidence, f.Page = true, e.Confidence, e.Page
			f.X, f.Y, f.W, f.H = e.Box.X0, e.Box.Y0, max(e.Box.X1-e.Box.X0, 1), max(e.Box.Y1-e.Box.Y0, 1)
			f.Low = e.Confidence < LowConfidence && !corrected[path]
		}
		return f
	}
	for _, g := range reviewGroups {
		grp := reviewGroup{Key: g.Key}
		for _, p := range learn.Fields() {
			if !strings.HasPrefix(p, g.Prefix) {
				continue
			}
			f := field(p)
			if f.Flagged || f.Low {
				c.Attn = append(c.Attn, f)
				continue
			}
			grp.Fields = append(grp.Fields, f)
		}
		c.Groups = append(c.Groups, grp)
	}
	c.ItemCols = itemColumns
	for i := range cur.LineItems {
		row := make([]reviewField, len(itemColumns))
		for k, name := range itemColumns {
			row[k] = field("line_items[" + strconv.Itoa(i) + "]." + name)
		}
		c.Items = append(c.Items, row)
	}
	if j.BlobKey == "" || document.Kind(j.Kind).Structured() {
		c.NoPages = true
		return c, nil
	}
	ps, err := d.pageImages(r.Context(), j)
	switch {
	case errors.Is(err, errPagesDrawing):
		c.Drawing = true
		return c, nil
	case err != nil:
		c.NoPages = true
		return c, nil
	}
	for i, p := range ps.Pages {
		rp := reviewPage{N: i + 1, W: p.W, H: p.H}
		for _, wd := range p.Words {
			rp.Words = append(rp.Words, reviewWord{T: wd.Text, X: wd.Box[0], Y: wd.Box[1],
				W: max(wd.Box[2]-wd.Box[0], 1), H: max(wd.Box[3]-wd.Box[1], 1)})
		}
		c.Pages = append(c.Pages, rp)
	}
	return c, nil
}

// itemColumns are the editable columns of the line items.
var itemColumns = []string{"description", "quantity", "unit", "unit_price", "discount_pct", "tax_rate", "amount"}

// labelKey is the i18n key of a field's label: line items' fields share
// one per column.
func labelKey(path string) string {
	if i := strings.Index(path, "]."); i >= 0 {
		return "item." + path[i+2:]
	}
	return path
}

// reviewRequest is what the review screen's script sends for each change.
type reviewRequest struct {
	// Path and Value set one field; Items, when present, replaces the
	// line items (each row: column → text).
	Path    string              `json:"path"`
	Value   *string             `json:"value"`
	Items   []map[string]string `json:"items"`
	Pointed *layout.Evidence    `json:"pointed"`
	Approve bool                `json:"approve"`
}

// reviewAnswer is the script's answer: the field's typed value, the
// flags of the whole result and the review's state.
type reviewAnswer struct {
	OK        bool              `json:"ok"`
	Error     string            `json:"error,omitempty"`
	Path      string            `json:"path,omitempty"`
	Value     string            `json:"value"`
	Flags     []invoice.Finding `json:"flags"`
	Corrected []string          `json:"corrected"`
	Status    string            `json:"status"`
	Revision  int               `json:"revision"`
	Message   string            `json:"message,omitempty"`
}

func (d *Dashboard) reviewChange(w http.ResponseWriter, r *http.Request) {
	j, ok := d.jobFor(w, r)
	if !ok {
		return
	}
	lang := language(r)
	var req reviewRequest
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, reviewAnswer{Error: tr(lang, "review.badrequest")})
		return
	}
	c := review.Change{Approve: req.Approve}
	switch {
	case req.Items != nil:
		rows := make([]map[string]any, len(req.Items))
		for i, row := range req.Items {
			rows[i] = map[string]any{}
			for k, v := range row {
				if v == "" {
					rows[i][k] = nil
				} else {
					rows[i][k] = v
				}
			}
		}
		c.Patch, _ = json.Marshal(map[string]any{"line_items": rows})
	case req.Path != "":
		group, name, ok := strings.Cut(req.Path, ".")
		if _, row, err := learn.TypeOf(req.Path); !ok || err != nil || row >= 0 {
			writeJSON(w, http.StatusUnprocessableEntity, reviewAnswer{Path: req.Path, Error: tr(lang, "review.nofield")})
			return
		}
		var v any
		if req.Value != nil && *req.Value != "" {
			v = *req.Value
		}
		c.Patch, _ = json.Marshal(map[string]any{group: map[string]any{name: v}})
		if req.Pointed != nil {
			c.Pointed = map[string]layout.Evidence{req.Path: *req.Pointed}
		}
	}
	out, err := d.cfg.Reviews.Apply(r.Context(), j.AccountID, j.ID, c)
	var fe *review.FieldError
	switch {
	case errors.As(err, &fe):
		writeJSON(w, http.StatusUnprocessableEntity, reviewAnswer{Path: fe.Path, Error: fe.Reason})
		return
	case errors.Is(err, review.ErrNoResult):
		writeJSON(w, http.StatusConflict, reviewAnswer{Error: tr(lang, "review.noresult")})
		return
	case errors.Is(err, store.ErrReviewChanged):
		writeJSON(w, http.StatusConflict, reviewAnswer{Error: tr(lang, "review.conflict")})
		return
	case err != nil:
		d.log.Error("dashboard: review", "job_id", j.ID, "err", err)
		writeJSON(w, http.StatusServiceUnavailable, reviewAnswer{Error: tr(lang, "error.text")})
		return
	}
	a := reviewAnswer{OK: true, Path: req.Path, Flags: out.Flags, Corrected: out.Corrected,
		Status: out.Job.Review.Status, Revision: out.Job.Review.Revision}
	if req.Path != "" {
		v, _ := learn.Get(&out.Result, req.Path)
		a.Value = learn.Format(v)
	}
	if req.Approve {
		a.Message = tr(lang, "review.approved")
	}
	writeJSON(w, http.StatusOK, a)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// exportJobs downloads the account's approved results.
func (d *Dashboard) exportJobs(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	format := r.URL.Query().Get("format")
	if format == "" {
		format = export.CSV
	}
	if !export.Valid(format) {
		http.Error(w, "unknown format", http.StatusBadRequest)
		return
	}
	f := store.ReviewedFilter{Limit: store.MaxListLimit}
	page, err := d.st.ListReviewed(r.Context(), s.user.AccountID, f)
	if err != nil {
		d.fail(w, r, "export", err)
		return
	}
	w.Header().Set("Content-Type", export.ContentType(format))
	w.Header().Set("Content-Disposition", `attachment; filename="`+export.FileName(format, time.Now())+`"`)
	w.Header().Set("Cache-Control", "no-store")
	if err := export.Stream(r.Context(), d.st, s.user.AccountID, f, page, export.NewWriter(w, format)); err != nil {
		d.log.Warn("dashboard: export", "err", err)
	}
}

// suppliersContent lists what reviews taught, per supplier.
type suppliersContent struct {
	Suppliers []store.Supplier
}

func (d *Dashboard) suppliersPage(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	list, err := d.st.Suppliers(r.Context(), s.user.AccountID)
	if err != nil {
		d.fail(w, r, "list suppliers", err)
		return
	}
	d.render(w, r, http.StatusOK, "suppliers", page{Title: "suppliers.title", Nav: "suppliers",
		Flash: flashOf(r, "suppliers.forgotten"), Content: suppliersContent{Suppliers: list}})
}

func (d *Dashboard) forgetSupplier(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	n, err := d.st.DeleteExamples(r.Context(), s.user.AccountID, learn.SupplierKey(r.PathValue("key")), "")
	if err != nil {
		d.fail(w, r, "delete examples", err)
		return
	}
	if n == 0 {
		d.notFound(w, r)
		return
	}
	http.Redirect(w, r, "/suppliers?flash=suppliers.forgotten", http.StatusSeeOther)
}

// flashOf returns the flash message the query names, when it is one of
// those allowed.
func flashOf(r *http.Request, allowed ...string) string {
	f := r.URL.Query().Get("flash")
	for _, a := range allowed {
		if f == a {
			return f
		}
	}
	return ""
}

func validateFlags(r invoice.Result) []invoice.Finding {
	f := validate.Flags(r)
	if f == nil {
		f = []invoice.Finding{}
	}
	return f
}
