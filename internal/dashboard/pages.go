package dashboard

import (
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/internal/apikey"
	"github.com/invex/invex/internal/httpapi"
	"github.com/invex/invex/internal/intake"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submit"
	"github.com/invex/invex/internal/webhook"
)

// keysContent is the content of the keys page.
type keysContent struct {
	Keys   []store.KeyInfo
	NewKey string // the full key just created, shown once
}

func (d *Dashboard) keysPage(w http.ResponseWriter, r *http.Request) {
	p := page{Title: "keys.title", Nav: "keys"}
	if r.URL.Query().Get("revoked") != "" {
		p.Flash = "keys.revokedflash"
	}
	d.showKeys(w, r, p, "")
}

func (d *Dashboard) showKeys(w http.ResponseWriter, r *http.Request, p page, newKey string) {
	s := sessionFrom(r.Context())
	keys, err := d.st.ListKeys(r.Context(), s.user.AccountID)
	if err != nil {
		d.fail(w, r, "list keys", err)
		return
	}
	p.Content = keysContent{Keys: keys, NewKey: newKey}
	d.render(w, r, http.StatusOK, "keys", p)
}

// createKey makes a key and shows it in full, this once.
func (d *Dashboard) createKey(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	name := strings.TrimSpace(r.PostFormValue("name"))
	if len(name) > 100 {
		name = name[:100]
	}
	k, err := apikey.New()
	if err != nil {
		d.fail(w, r, "new key", err)
		return
	}
	if _, err := d.st.CreateKey(r.Context(), s.user.AccountID, name, k.Prefix, k.Hash); err != nil {
		d.fail(w, r, "create key", err)
		return
	}
	d.showKeys(w, r, page{Title: "keys.title", Nav: "keys"}, k.Plain)
}

func (d *Dashboard) revokeKey(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	err := d.st.RevokeKey(r.Context(), s.user.AccountID, r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		d.notFound(w, r)
		return
	}
	if err != nil {
		d.fail(w, r, "revoke key", err)
		return
	}
	http.Redirect(w, r, "/keys?revoked=1", http.StatusSeeOther)
}

// usageContent is the content of the usage page.
type usageContent struct {
	Period            string
	Quota, Used, Left int
	Renews            string
	Chart             chart
}

// chart is a bar chart of submissions per day, drawn as SVG by the template.
type chart struct {
	Width, Height int
	Bars          []bar
	Max           int
	Days          []string // every day's label, for the table
}

// bar is one day of the chart.
type bar struct {
	Day        string
	Label      string // day of month
	Count      int
	X, Y, W, H float64
	LabelX     float64
	ShowLabel  bool
	CountY     float64
	ShowCount  bool
}

func (d *Dashboard) usagePage(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	ctx := r.Context()
	acct, err := d.st.AccountByID(ctx, s.user.AccountID)
	if err != nil {
		d.fail(w, r, "get account", err)
		return
	}
	now := d.st.Now()
	period := store.Period(now)
	used, err := d.st.QuotaUsed(ctx, acct.ID, period)
	if err != nil {
		d.fail(w, r, "get usage", err)
		return
	}
	start := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	next := store.NextPeriod(now)
	daily, err := d.st.DailySubmissions(ctx, acct.ID, start, next)
	if err != nil {
		d.fail(w, r, "get daily usage", err)
		return
	}
	d.render(w, r, http.StatusOK, "usage", page{Title: "usage.title", Nav: "usage", Content: usageContent{
		Period: period, Quota: acct.MonthlyQuota, Used: used, Left: max(acct.MonthlyQuota-used, 0),
		Renews: next.Format("2006-01-02"), Chart: dailyChart(start, next, daily),
	}})
}

// dailyChart lays out one bar per day of the month [start, next).
func dailyChart(start, next time.Time, daily map[string]int) chart {
	c := chart{Width: 640, Height: 180}
	days := int(next.Sub(start).Hours()/24 + 0.5)
	for _, n := range daily {
		c.Max = max(c.Max, n)
	}
	top, bottom, left := 20.0, 20.0, 4.0
	plotH := float64(c.Height) - top - bottom
	slot := (float64(c.Width) - 2*left) / float64(days)
	for i := range days {
		day := start.AddDate(0, 0, i)
		key := day.Format("2006-01-02")
		n := daily[key]
		h := 0.0
		if c.Max > 0 {
			h = plotH * float64(n) / float64(c.Max)
		}
		if n > 0 && h < 2 {
			h = 2
		}
		x := left + float64(i)*slot
		c.Bars = append(c.Bars, bar{
			Day: key, Label: strconv.Itoa(day.Day()), Count: n,
			X: x + slot*0.15, W: slot * 0.7, Y: top + plotH - h, H: h,
			LabelX: x + slot/2, ShowLabel: i == 0 || (i+1)%5 == 0,
			CountY: top + plotH - h - 4, ShowCount: n > 0,
		})
	}
	return c
}

// jobRow is one line of the jobs list.
type jobRow struct {
	store.Job
	Flags []flag
}

// flag is a validation finding.
type flag struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	Field    string `json:"field"`
}

func parseFlags(raw json.RawMessage) []flag {
	var fs []flag
	if len(raw) > 0 {
		json.Unmarshal(raw, &fs)
	}
	return fs
}

// jobsContent is the content of the jobs page.
type jobsContent struct {
	Jobs    []jobRow
	More    string // cursor of the next page; empty at the end
	Locales []string
}

const jobsPageSize = 50

func (d *Dashboard) jobsPage(w http.ResponseWriter, r *http.Request) {
	d.showJobs(w, r, http.StatusOK, page{Title: "jobs.title", Nav: "jobs"})
}

func (d *Dashboard) showJobs(w http.ResponseWriter, r *http.Request, status int, p page) {
	s := sessionFrom(r.Context())
	f := store.JobFilter{Limit: jobsPageSize + 1}
	if c := r.URL.Query().Get("after"); c != "" {
		if ms, id, ok := strings.Cut(c, "_"); ok {
			if n, err := strconv.ParseInt(ms, 10, 64); err == nil {
				f.After = &store.JobCursor{QueuedAt: time.UnixMilli(n).UTC(), ID: id}
			}
		}
	}
	js, err := d.st.ListJobs(r.Context(), s.user.AccountID, f)
	if err != nil {
		d.fail(w, r, "list jobs", err)
		return
	}
	c := jobsContent{Locales: []string{"it", "en", "de", "fr"}}
	if len(js) > jobsPageSize {
		js = js[:jobsPageSize]
		last := js[len(js)-1]
		c.More = strconv.FormatInt(last.QueuedAt.UnixMilli(), 10) + "_" + last.ID
	}
	for _, j := range js {
		c.Jobs = append(c.Jobs, jobRow{Job: j, Flags: parseFlags(j.Flags)})
	}
	p.Content = c
	d.render(w, r, status, "jobs", p)
}

// upload takes a PDF from the browser's form and submits it through the
// same path as the API (quota, cache, queue), then shows its job.
func (d *Dashboard) upload(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	p := page{Title: "jobs.title", Nav: "jobs"}
	_, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || params["boundary"] == "" {
		p.Error = "jobs.nofile"
		d.showJobs(w, r, http.StatusBadRequest, p)
		return
	}
	// A large file over a slow line may take longer than the server's
	// read timeout allows ordinary requests.
	http.NewResponseController(w).SetReadDeadline(time.Now().Add(5 * time.Minute))
	r.Body = http.MaxBytesReader(w, r.Body, d.cfg.MaxUploadBytes+1<<20)
	up, err := intake.MultipartBody(r.Body, params["boundary"], d.cfg.SpoolDir, intake.Limits{MaxFileBytes: d.cfg.MaxUploadBytes})
	if err != nil {
		var ie *intake.Error
		if errors.As(err, &ie) && ie.Kind != intake.KindInternal {
			p.Error = fmt.Sprintf(tr(language(r), "jobs.badpdf"), ie.Msg)
			d.showJobs(w, r, http.StatusUnprocessableEntity, p)
			return
		}
		d.fail(w, r, "receive upload", err)
		return
	}
	if !d.csrfOK(r, s, up.Fields["csrf"]) {
		up.Remove()
		d.render(w, r, http.StatusForbidden, "error", page{Title: "error.title", Error: "error.csrf"})
		return
	}
	acct, err := d.st.AccountByID(r.Context(), s.user.AccountID)
	if err != nil {
		up.Remove()
		d.fail(w, r, "get account", err)
		return
	}
	acc, err := d.cfg.Submitter.Submit(r.Context(), submit.Submission{
		AccountID: acct.ID, MonthlyQuota: acct.MonthlyQuota, Locale: up.Fields["locale"],
		FileName: up.FileName, SHA256: up.SHA256, Size: up.Size, SpoolPath: up.Path,
	})
	var se *submit.Error
	if errors.As(err, &se) {
		p.Error = fmt.Sprintf(tr(language(r), "jobs.badpdf"), se.Message)
		d.showJobs(w, r, http.StatusUnprocessableEntity, p)
		return
	}
	if errors.Is(err, store.ErrQuotaExhausted) {
		p.Error = fmt.Sprintf(tr(language(r), "jobs.quota"), store.NextPeriod(d.st.Now()).Format("2006-01-02"))
		d.showJobs(w, r, http.StatusTooManyRequests, p)
		return
	}
	if err != nil {
		d.fail(w, r, "submit", err)
		return
	}
	http.Redirect(w, r, "/jobs/"+acc.Job.ID, http.StatusSeeOther)
}

// jobFor returns the signed-in account's job named in the path, or writes
// a 404.
func (d *Dashboard) jobFor(w http.ResponseWriter, r *http.Request) (store.Job, bool) {
	s := sessionFrom(r.Context())
	id := r.PathValue("id")
	if uuid.Validate(id) != nil {
		d.notFound(w, r)
		return store.Job{}, false
	}
	j, err := d.st.Job(r.Context(), s.user.AccountID, id)
	if errors.Is(err, store.ErrNotFound) {
		d.notFound(w, r)
		return store.Job{}, false
	}
	if err != nil {
		d.fail(w, r, "get job", err)
		return store.Job{}, false
	}
	return j, true
}

// jobStatus answers the page's script, which polls until the job ends.
func (d *Dashboard) jobStatus(w http.ResponseWriter, r *http.Request) {
	j, ok := d.jobFor(w, r)
	if !ok {
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	done := j.Status == store.StatusCompleted || j.Status == store.StatusFailed
	json.NewEncoder(w).Encode(map[string]any{"status": j.Status, "done": done})
}

// jobContent is the content of a job's page.
type jobContent struct {
	Job     store.Job
	Done    bool
	Pages   []pageView
	NoDoc   bool
	Fields  []fieldView
	Flags   []flag
	RawJSON string
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
	c := jobContent{Job: j, Done: j.Status == store.StatusCompleted || j.Status == store.StatusFailed,
		Flags: parseFlags(j.Flags)}
	raw, err := json.MarshalIndent(httpapi.NewRecord(j), "", "  ")
	if err != nil {
		d.fail(w, r, "encode job", err)
		return
	}
	c.RawJSON = string(raw)
	if j.Status == store.StatusCompleted {
		c.Fields = fieldViews(j.Result, j.Extra)
		if j.BlobKey == "" {
			c.NoDoc = true
		} else if ps, err := d.pageImages(r.Context(), j); err != nil {
			d.log.Warn("dashboard: page images", "job_id", j.ID, "err", err)
			c.NoDoc = true
		} else {
			for i, sz := range ps.Pages {
				pv := pageView{N: i + 1, W: sz.W, H: sz.H}
				for _, f := range c.Fields {
					if f.Page != pv.N {
						continue
					}
					ev := evidenceOf(j.Extra)[f.Path]
					pv.Boxes = append(pv.Boxes, boxView{N: f.N, Path: f.Path, X: ev.Box.X0, Y: ev.Box.Y0,
						W: max(ev.Box.X1-ev.Box.X0, 1), H: max(ev.Box.Y1-ev.Box.Y0, 1), Low: f.Low})
				}
				c.Pages = append(c.Pages, pv)
			}
		}
	}
	name := j.FileName
	if name == "" {
		name = j.ID
	}
	d.render(w, r, http.StatusOK, "job", page{Title: "job.title", Name: name, Nav: "jobs", Content: c})
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

// webhookContent is the content of the webhook settings page.
type webhookContent struct {
	Endpoint    *store.WebhookEndpoint
	HasSecret   bool
	NewSecret   string
	FirstSecret bool
	OldUntil    string
	URLInput    string
	Deliveries  []store.Delivery
}

func (d *Dashboard) webhookPage(w http.ResponseWriter, r *http.Request) {
	p := page{Title: "webhook.title", Nav: "webhook"}
	switch {
	case r.URL.Query().Get("saved") != "":
		p.Flash = "webhook.saved"
	case r.URL.Query().Get("removed") != "":
		p.Flash = "webhook.removed"
	}
	d.showWebhook(w, r, http.StatusOK, p, webhookContent{})
}

func (d *Dashboard) showWebhook(w http.ResponseWriter, r *http.Request, status int, p page, c webhookContent) {
	s := sessionFrom(r.Context())
	e, err := d.st.WebhookEndpoint(r.Context(), s.user.AccountID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		d.fail(w, r, "get webhook", err)
		return
	}
	if err == nil {
		c.Endpoint = &e
		c.HasSecret = e.Secret != ""
		if c.URLInput == "" {
			c.URLInput = e.URL
		}
	}
	if c.Deliveries, err = d.st.RecentDeliveries(r.Context(), s.user.AccountID, 20); err != nil {
		d.fail(w, r, "list deliveries", err)
		return
	}
	p.Content = c
	d.render(w, r, status, "webhook", p)
}

// saveWebhook sets (or, with action=remove, removes) the account's
// endpoint. A first endpoint gets a secret, shown once.
func (d *Dashboard) saveWebhook(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	ctx := r.Context()
	if r.PostFormValue("action") == "remove" {
		if err := d.st.DeleteWebhookEndpoint(ctx, s.user.AccountID); err != nil && !errors.Is(err, store.ErrNotFound) {
			d.fail(w, r, "delete webhook", err)
			return
		}
		http.Redirect(w, r, "/settings/webhook?removed=1", http.StatusSeeOther)
		return
	}
	url := strings.TrimSpace(r.PostFormValue("url"))
	p := page{Title: "webhook.title", Nav: "webhook"}
	if err := webhook.CheckURL(url, d.cfg.Webhooks.AllowPrivate); err != nil {
		p.Error = err.Error()
		d.showWebhook(w, r, http.StatusUnprocessableEntity, p, webhookContent{URLInput: url})
		return
	}
	secret, err := webhook.NewSecret()
	if err != nil {
		d.fail(w, r, "new secret", err)
		return
	}
	e, created, err := d.st.PutWebhookEndpoint(ctx, s.user.AccountID, url, secret)
	if err != nil {
		d.fail(w, r, "put webhook", err)
		return
	}
	if created && e.Secret == secret {
		p.Flash = "webhook.saved"
		d.showWebhook(w, r, http.StatusOK, p, webhookContent{NewSecret: secret, FirstSecret: true})
		return
	}
	http.Redirect(w, r, "/settings/webhook?saved=1", http.StatusSeeOther)
}

// rotateSecret makes a new signing secret and shows it once; the old one
// keeps signing for the rotation overlap.
func (d *Dashboard) rotateSecret(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	secret, err := webhook.NewSecret()
	if err != nil {
		d.fail(w, r, "new secret", err)
		return
	}
	e, err := d.st.RotateWebhookSecret(r.Context(), s.user.AccountID, secret, d.cfg.Webhooks.WithDefaults().RotationOverlap)
	if err != nil {
		d.fail(w, r, "rotate secret", err)
		return
	}
	c := webhookContent{NewSecret: e.Secret, FirstSecret: e.PreviousSecret == ""}
	if e.PreviousUntil != nil {
		c.OldUntil = e.PreviousUntil.UTC().Format("2006-01-02 15:04 UTC")
	}
	d.showWebhook(w, r, http.StatusOK, page{Title: "webhook.title", Nav: "webhook"}, c)
}
