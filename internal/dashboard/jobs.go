package dashboard

import (
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/invex/invex/internal/intake"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submit"
)

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

// upload takes a document from the browser's form (any kind POST
// /v1/extract reads) and submits it through the same path as the API
// (quota, cache, queue), then shows its job.
func (d *Dashboard) upload(w http.ResponseWriter, r *http.Request) {
	s := sessionFrom(r.Context())
	p := page{Title: "jobs.title", Nav: "jobs"}
	acct, err := d.st.AccountByID(r.Context(), s.user.AccountID)
	if err != nil {
		d.fail(w, r, "get account", err)
		return
	}
	// As the API: a spent quota is refused before the file is read.
	if err := d.cfg.Submitter.Admit(r.Context(), acct.ID, acct.MonthlyQuota, ""); err != nil {
		d.refuseSubmission(w, r, p, err)
		return
	}
	up, status, msg, err := d.receive(w, r)
	switch {
	case err != nil:
		d.fail(w, r, "receive upload", err)
		return
	case msg != "":
		p.Error = msg
		d.showJobs(w, r, status, p)
		return
	}
	if !d.csrfOK(r, s, up.Fields["csrf"]) {
		up.Remove()
		d.render(w, r, http.StatusForbidden, "error", page{Title: "error.title", Error: "error.csrf"})
		return
	}
	acc, err := d.cfg.Submitter.Submit(r.Context(), submit.Submission{
		AccountID: acct.ID, MonthlyQuota: acct.MonthlyQuota, Locale: up.Fields["locale"],
		FileName: up.FileName, Kind: string(up.Kind), SHA256: up.SHA256, Size: up.Size, SpoolPath: up.Path,
	})
	if err != nil {
		d.refuseSubmission(w, r, p, err)
		return
	}
	http.Redirect(w, r, "/jobs/"+acc.Job.ID, http.StatusSeeOther)
}

// receive reads the upload form as a stream into the spool directory. A
// form the browser got wrong gives a status and a message to show.
func (d *Dashboard) receive(w http.ResponseWriter, r *http.Request) (up *intake.Upload, status int, msg string, err error) {
	_, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || params["boundary"] == "" {
		return nil, http.StatusBadRequest, "jobs.nofile", nil
	}
	// A large file over a slow line may take longer than the server's
	// read timeout allows ordinary requests.
	http.NewResponseController(w).SetReadDeadline(time.Now().Add(5 * time.Minute))
	r.Body = http.MaxBytesReader(w, r.Body, d.cfg.MaxUploadBytes+1<<20)
	up, err = intake.MultipartBody(r.Body, params["boundary"], d.cfg.SpoolDir,
		intake.Limits{MaxFileBytes: d.cfg.MaxUploadBytes, AnyDocument: true})
	if err == nil {
		if ierr := up.Inspect(d.cfg.Pictures); ierr != nil {
			up.Remove()
			up, err = nil, ierr
		}
	}
	var ie *intake.Error
	if errors.As(err, &ie) && ie.Kind != intake.KindInternal {
		status = http.StatusUnprocessableEntity
		if ie.Kind == intake.KindTooLarge {
			status = http.StatusRequestEntityTooLarge // as the API answers
		}
		return nil, status, fmt.Sprintf(tr(language(r), "jobs.badpdf"), ie.Msg), nil
	}
	return up, 0, "", err
}

// refuseSubmission shows a submission refused for what the upload asked
// (its fields, the spent quota) with the API's status and the reason in the
// page's language; other errors are the service's.
func (d *Dashboard) refuseSubmission(w http.ResponseWriter, r *http.Request, p page, err error) {
	lang := language(r)
	var se *submit.Error
	switch {
	case errors.As(err, &se):
		msg := tr(lang, "submit."+se.Code)
		if msg == "submit."+se.Code {
			msg = se.Message
		}
		p.Error = fmt.Sprintf(tr(lang, "jobs.badpdf"), msg)
		d.showJobs(w, r, http.StatusUnprocessableEntity, p)
	case errors.Is(err, store.ErrQuotaExhausted):
		p.Error = fmt.Sprintf(tr(lang, "jobs.quota"), store.NextPeriod(d.st.Now()).Format("2006-01-02"))
		d.showJobs(w, r, http.StatusTooManyRequests, p)
	default:
		d.fail(w, r, "submit", err)
	}
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

// jobStatus answers the page's script, which polls until the job ends
// (with ?pages=1: until its page images are drawn).
func (d *Dashboard) jobStatus(w http.ResponseWriter, r *http.Request) {
	j, ok := d.jobFor(w, r)
	if !ok {
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	done := j.Status == store.StatusCompleted || j.Status == store.StatusFailed
	if r.URL.Query().Get("pages") == "1" {
		// The job page waits for its page images instead.
		done = done && d.pagesReady(r.Context(), j)
	}
	json.NewEncoder(w).Encode(map[string]any{"status": j.Status, "done": done})
}
