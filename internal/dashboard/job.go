package dashboard

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/invex/invex/extract/document"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/internal/httpapi"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/invoice"
)

// jobContent is the content of a job's page.
type jobContent struct {
	Job   store.Job
	Done  bool
	Pages []pageView
	NoDoc bool
	// Drawing is set while a worker draws the pages: the page reloads
	// when they are ready. Undrawable is set when they cannot be drawn.
	Drawing    bool
	Undrawable bool
	Fields     []fieldView
	Flags      []flag
	RawJSON    string
	// XML is set for an e-invoice XML file, which has no pages.
	XML bool
	// Documents lists the invoices of a file that holds several.
	Documents []docView
}

// docView is one invoice of a file of several.
type docView struct {
	N                          int
	Pages                      string
	Body                       int
	File                       string
	Number, Date, Total, Model string
	Confidence                 float64
	Flags                      []invoice.Finding
}

// docViews lists the invoices of a job whose file held several.
func docViews(raw json.RawMessage) []docView {
	var docs []invoice.Document
	if len(raw) == 0 || json.Unmarshal(raw, &docs) != nil || len(docs) < 2 {
		return nil
	}
	out := make([]docView, len(docs))
	for i, d := range docs {
		v := docView{N: i + 1, Body: d.Body, File: d.File, Model: d.Model, Confidence: d.Confidence, Flags: d.Flags}
		var pages []string
		for _, p := range d.Pages {
			pages = append(pages, strconv.Itoa(p))
		}
		v.Pages = strings.Join(pages, ", ")
		r := d.Result
		if r.Invoice.Number != nil {
			v.Number = *r.Invoice.Number
		}
		if r.Invoice.Date != nil {
			v.Date = *r.Invoice.Date
		}
		if r.Financials.Total != nil {
			v.Total = strconv.FormatFloat(*r.Financials.Total, 'f', 2, 64)
			if r.Financials.Currency != nil {
				v.Total += " " + *r.Financials.Currency
			}
		}
		out[i] = v
	}
	return out
}

// pageView is one page image with its boxes, in points.
type pageView struct {
	N     int
	W, H  float64
	Boxes []boxView
}

// boxView is the box of one value on a page.
type boxView struct {
	N          int // the field's number in the table
	Path       string
	X, Y, W, H float64
	Low        bool
}

// fieldView is one row of the extracted values table.
type fieldView struct {
	N          int
	Path       string
	Value      string
	Confidence float64
	Low        bool
	Page       int
}

// LowConfidence is the confidence below which a value is highlighted.
const LowConfidence = 0.7

func (d *Dashboard) jobPage(w http.ResponseWriter, r *http.Request) {
	j, ok := d.jobFor(w, r)
	if !ok {
		return
	}
	c, err := d.jobView(r.Context(), j)
	if err != nil {
		d.fail(w, r, "encode job", err)
		return
	}
	name := j.FileName
	if name == "" {
		name = j.ID
	}
	d.render(w, r, http.StatusOK, "job", page{Title: "job.title", Name: name, Nav: "jobs", Content: c})
}

// jobView lays out a job's page: its record, its values and, for a
// completed job whose document is kept, its pages with a box over each
// value.
func (d *Dashboard) jobView(ctx context.Context, j store.Job) (jobContent, error) {
	c := jobContent{Job: j, Done: j.Status == store.StatusCompleted || j.Status == store.StatusFailed,
		Flags: parseFlags(j.Flags)}
	raw, err := json.MarshalIndent(httpapi.NewRecord(j), "", "  ")
	if err != nil {
		return c, err
	}
	c.RawJSON = string(raw)
	if j.Status != store.StatusCompleted {
		return c, nil
	}
	c.Fields = fieldViews(j.Result, j.Extra)
	c.Documents = docViews(j.Documents)
	if document.Kind(j.Kind).Structured() {
		c.XML = true
		return c, nil
	}
	if j.BlobKey == "" {
		c.NoDoc = true
		return c, nil
	}
	ps, err := d.pageImages(ctx, j)
	switch {
	case errors.Is(err, errPagesDrawing):
		c.Drawing = true
		return c, nil
	case errors.Is(err, errUndrawable):
		c.Undrawable = true
		return c, nil
	case err != nil:
		d.log.Warn("dashboard: page images", "job_id", j.ID, "err", err)
		c.NoDoc = true
		return c, nil
	}
	ev := evidenceOf(j.Extra)
	for i, sz := range ps.Pages {
		pv := pageView{N: i + 1, W: sz.W, H: sz.H}
		for _, f := range c.Fields {
			if f.Page != pv.N {
				continue
			}
			b := ev[f.Path].Box
			pv.Boxes = append(pv.Boxes, boxView{N: f.N, Path: f.Path, X: b.X0, Y: b.Y0,
				W: max(b.X1-b.X0, 1), H: max(b.Y1-b.Y0, 1), Low: f.Low})
		}
		c.Pages = append(c.Pages, pv)
	}
	return c, nil
}

func evidenceOf(extra json.RawMessage) map[string]layout.Evidence {
	ev := map[string]layout.Evidence{}
	if len(extra) > 0 {
		json.Unmarshal(extra, &ev)
	}
	return ev
}

// fieldViews lists every value that has evidence, in document order (page,
// then top to bottom), numbered as their boxes are.
func fieldViews(result, extra json.RawMessage) []fieldView {
	var doc any
	json.Unmarshal(result, &doc)
	ev := evidenceOf(extra)
	paths := make([]string, 0, len(ev))
	for p := range ev {
		paths = append(paths, p)
	}
	sort.Slice(paths, func(i, j int) bool {
		a, b := ev[paths[i]], ev[paths[j]]
		if a.Page != b.Page {
			return a.Page < b.Page
		}
		if a.Box.Y0 != b.Box.Y0 {
			return a.Box.Y0 < b.Box.Y0
		}
		return paths[i] < paths[j]
	})
	out := make([]fieldView, 0, len(paths))
	for i, p := range paths {
		e := ev[p]
		out = append(out, fieldView{N: i + 1, Path: p, Value: lookup(doc, p), Confidence: e.Confidence,
			Low: e.Confidence < LowConfidence, Page: e.Page})
	}
	return out
}

// lookup returns the value at a path such as "financials.total" or
// "line_items[2].amount" in a decoded JSON document, as text.
func lookup(doc any, path string) string {
	cur := doc
	for _, part := range strings.Split(path, ".") {
		name, idx, hasIdx := strings.Cut(part, "[")
		if m, ok := cur.(map[string]any); ok {
			cur = m[name]
		} else {
			return ""
		}
		if hasIdx {
			n, err := strconv.Atoi(strings.TrimSuffix(idx, "]"))
			arr, ok := cur.([]any)
			if err != nil || !ok || n < 0 || n >= len(arr) {
				return ""
			}
			cur = arr[n]
		}
	}
	switch v := cur.(type) {
	case nil:
		return ""
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	default:
		b, _ := json.Marshal(v)
		return string(b)
	}
}
