package storetest

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/internal/store"
)

// manageTests are the behaviours of job management: listing, deletion and
// the retention of documents.
var manageTests = []struct {
	name string
	fn   func(t *testing.T, st *store.Store)
}{
	{"ListJobs", testListJobs},
	{"ListJobsPages", testListJobsPages},
	{"DeleteJob", testDeleteJob},
	{"DocumentRetention", testDocumentRetention},
}

func ids(js []store.Job) []string {
	out := []string{}
	for _, j := range js {
		out = append(out, j.ID)
	}
	return out
}

// jobID returns a distinct, ordered UUID-shaped id.
func jobID(n int) string { return fmt.Sprintf("00000000-0000-4000-8000-%012d", n) }

func testListJobs(t *testing.T, st *store.Store) {
	ctx := context.Background()
	alice := must[store.Account](t)(st.EnsureAccount(ctx, "alice", nil))
	bob := must[store.Account](t)(st.EnsureAccount(ctx, "bob", nil))
	base := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	statuses := []string{store.StatusCompleted, store.StatusFailed, store.StatusPending, store.StatusCompleted, store.StatusProcessing}
	for i, s := range statuses {
		j := newJob(alice.ID, jobID(i+1), "ck", base.Add(time.Duration(i)*24*time.Hour))
		j.Status = s
		insertJob(t, st, &j)
	}
	other := newJob(bob.ID, jobID(99), "ck", base.Add(48*time.Hour))
	insertJob(t, st, &other)

	for _, tt := range []struct {
		name string
		f    store.JobFilter
		want []string
	}{
		{"all, newest first", store.JobFilter{}, []string{jobID(5), jobID(4), jobID(3), jobID(2), jobID(1)}},
		{"status", store.JobFilter{Status: store.StatusCompleted}, []string{jobID(4), jobID(1)}},
		{"from inclusive", store.JobFilter{From: base.Add(72 * time.Hour)}, []string{jobID(5), jobID(4)}},
		{"to exclusive", store.JobFilter{To: base.Add(48 * time.Hour)}, []string{jobID(2), jobID(1)}},
		{"range and status", store.JobFilter{From: base.Add(24 * time.Hour), To: base.Add(96 * time.Hour), Status: store.StatusPending},
			[]string{jobID(3)}},
		{"limit", store.JobFilter{Limit: 2}, []string{jobID(5), jobID(4)}},
		{"nothing", store.JobFilter{Status: "unknown"}, []string{}},
	} {
		got, err := st.ListJobs(ctx, alice.ID, tt.f)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if d := cmp.Diff(tt.want, ids(got)); d != "" {
			t.Errorf("%s: ListJobs ids (-want +got):\n%s", tt.name, d)
		}
	}
	got, err := st.ListJobs(ctx, bob.ID, store.JobFilter{})
	if err != nil || cmp.Diff([]string{jobID(99)}, ids(got)) != "" {
		t.Errorf("bob's list = %v, %v; want only bob's job", ids(got), err)
	}
	if len(got) == 1 {
		if want, _ := st.Job(ctx, bob.ID, jobID(99)); !cmp.Equal(got[0], want) {
			t.Errorf("a listed job differs from Job:\n%s", cmp.Diff(want, got[0]))
		}
	}
	if got, err := st.ListJobs(ctx, "no-such-account", store.JobFilter{}); err != nil || len(got) != 0 {
		t.Errorf("unknown account's list = %v, %v; want empty", ids(got), err)
	}
}

// testListJobsPages pages through jobs of which several share a queued time:
// every job appears exactly once, in order.
func testListJobsPages(t *testing.T, st *store.Store) {
	ctx := context.Background()
	a := must[store.Account](t)(st.EnsureAccount(ctx, "acme", nil))
	base := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	var want []string
	for i := 23; i >= 1; i-- {
		// Three jobs per millisecond: the id breaks the ties.
		j := newJob(a.ID, jobID(i), "ck", base.Add(time.Duration((i-1)/3)*time.Millisecond))
		insertJob(t, st, &j)
		want = append(want, j.ID)
	}
	var got []string
	var after *store.JobCursor
	for pages := 0; ; pages++ {
		if pages > 30 {
			t.Fatal("paging does not end")
		}
		page, err := st.ListJobs(ctx, a.ID, store.JobFilter{Limit: 5, After: after})
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ids(page)...)
		if len(page) < 5 {
			break
		}
		last := page[len(page)-1]
		after = &store.JobCursor{QueuedAt: last.QueuedAt, ID: last.ID}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("pages (-want +got):\n%s", d)
	}
	big, err := st.ListJobs(ctx, a.ID, store.JobFilter{Limit: 10_000})
	if err != nil || len(big) != min(23, store.MaxListLimit) {
		t.Errorf("a huge limit gave %d jobs, %v", len(big), err)
	}
}

func testDeleteJob(t *testing.T, st *store.Store) {
	ctx := context.Background()
	alice := must[store.Account](t)(st.EnsureAccount(ctx, "alice", nil))
	bob := must[store.Account](t)(st.EnsureAccount(ctx, "bob", nil))
	now := time.Date(2026, 3, 15, 9, 30, 0, 0, time.UTC)
	j := newJob(alice.ID, jobID(1), "ck", now)
	j.Status, j.Result, j.StartedAt, j.CompletedAt = store.StatusCompleted, []byte(`{"x":1}`), &now, &now
	insertJob(t, st, &j)
	keep := newJob(alice.ID, jobID(2), "ck", now)
	insertJob(t, st, &keep)
	if c, err := st.CachedJob(ctx, alice.ID, "ck"); err != nil || c.ID != j.ID {
		t.Fatalf("CachedJob before the delete = %q, %v; want %s", c.ID, err, j.ID)
	}

	if _, err := st.DeleteJob(ctx, bob.ID, j.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("delete through another account: err = %v, want ErrNotFound", err)
	}
	if _, err := st.Job(ctx, alice.ID, j.ID); err != nil {
		t.Fatalf("another account's delete removed the job: %v", err)
	}
	gone, err := st.DeleteJob(ctx, alice.ID, j.ID)
	if err != nil || gone.ID != j.ID || gone.BlobKey != j.BlobKey || string(gone.Result) != `{"x":1}` {
		t.Errorf("DeleteJob = %+v, %v; want the job as it was", gone, err)
	}
	if _, err := st.Job(ctx, alice.ID, j.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deleted job: err = %v, want ErrNotFound", err)
	}
	if _, err := st.JobDocument(ctx, alice.ID, j.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deleted job's document: err = %v, want ErrNotFound", err)
	}
	if _, err := st.DeleteJob(ctx, alice.ID, j.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("second delete: err = %v, want ErrNotFound", err)
	}
	// The result no longer answers from the cache either.
	if _, err := st.CachedJob(ctx, alice.ID, "ck"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deleted result still cached: err = %v", err)
	}
	if left, _ := st.ListJobs(ctx, alice.ID, store.JobFilter{}); cmp.Diff([]string{keep.ID}, ids(left)) != "" {
		t.Errorf("jobs left = %v, want only %s", ids(left), keep.ID)
	}
	// A job still on the queue can be deleted; its worker then finds nothing.
	if _, err := st.DeleteJob(ctx, alice.ID, keep.ID); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := st.StartJob(ctx, keep.ID, 1); ok || err != nil {
		t.Errorf("StartJob of a deleted job = %v, %v; want false, nil", ok, err)
	}
}

func testDocumentRetention(t *testing.T, st *store.Store) {
	ctx := context.Background()
	a := must[store.Account](t)(st.EnsureAccount(ctx, "acme", nil))
	now := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	old := now.Add(-40 * 24 * time.Hour)
	mk := func(n int, status string, at time.Time, blob bool) store.Job {
		j := newJob(a.ID, jobID(n), "ck", at)
		j.Status = status
		if status == store.StatusCompleted {
			j.Result = []byte(`{"x":1}`)
		}
		if !blob {
			j.BlobKey = ""
		}
		j.FileName = "f" + fmt.Sprint(n) + ".pdf"
		insertJob(t, st, &j)
		return j
	}
	expired := mk(1, store.StatusCompleted, old, true)
	failed := mk(2, store.StatusFailed, old.Add(time.Hour), true)
	mk(3, store.StatusPending, old, true)                             // unfinished: kept
	mk(4, store.StatusCompleted, old, false)                          // cache hit: no document
	recent := mk(5, store.StatusCompleted, now.Add(-time.Hour), true) // too young

	cutoff := now.Add(-30 * 24 * time.Hour)
	docs, err := st.ExpiredDocuments(ctx, cutoff, 100)
	want := []store.ExpiredDocument{{JobID: expired.ID, BlobKey: expired.BlobKey}, {JobID: failed.ID, BlobKey: failed.BlobKey}}
	if err != nil || !cmp.Equal(docs, want) {
		t.Fatalf("ExpiredDocuments = %+v, %v; want %+v", docs, err, want)
	}
	if one, _ := st.ExpiredDocuments(ctx, cutoff, 1); len(one) != 1 || one[0].JobID != expired.ID {
		t.Errorf("ExpiredDocuments with limit 1 = %+v; want the oldest", one)
	}
	d, err := st.JobDocument(ctx, a.ID, expired.ID)
	if err != nil || d.BlobKey != expired.BlobKey || d.FileName != "f1.pdf" || d.Size != expired.FileSize || d.DeletedAt != nil {
		t.Errorf("JobDocument before retention = %+v, %v", d, err)
	}
	for _, doc := range docs {
		if err := st.ForgetDocument(ctx, doc, now); err != nil {
			t.Fatal(err)
		}
	}
	if left, err := st.ExpiredDocuments(ctx, cutoff, 100); err != nil || len(left) != 0 {
		t.Errorf("after ForgetDocument: ExpiredDocuments = %+v, %v; want none", left, err)
	}
	d, err = st.JobDocument(ctx, a.ID, expired.ID)
	if err != nil || d.BlobKey != "" || d.DeletedAt == nil || !d.DeletedAt.Equal(now) {
		t.Errorf("JobDocument after retention = %+v, %v; want no key, deleted now", d, err)
	}
	j, err := st.Job(ctx, a.ID, expired.ID)
	if err != nil || j.Status != store.StatusCompleted || string(j.Result) != `{"x":1}` || j.BlobKey != "" {
		t.Errorf("job after retention = %+v, %v; want its result kept and no document", j, err)
	}
	if r, _ := st.JobDocument(ctx, a.ID, recent.ID); r.BlobKey != recent.BlobKey {
		t.Errorf("a recent document was forgotten: %+v", r)
	}
	// A stale reference (the job points elsewhere) changes nothing.
	if err := st.ForgetDocument(ctx, store.ExpiredDocument{JobID: recent.ID, BlobKey: "other"}, now); err != nil {
		t.Fatal(err)
	}
	if r, _ := st.JobDocument(ctx, a.ID, recent.ID); r.BlobKey != recent.BlobKey || r.DeletedAt != nil {
		t.Errorf("ForgetDocument with a stale key changed the job: %+v", r)
	}
}
