package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/internal/store"
)

var reviewTests = []struct {
	name string
	fn   func(t *testing.T, st *store.Store)
}{
	{"Review", testReview},
	{"ListReviewed", testListReviewed},
	{"SupplierExamples", testSupplierExamples},
}

// completedJob inserts a completed job of the account with a result.
func completedJob(t *testing.T, st *store.Store, accountID string, n int, now time.Time) store.Job {
	t.Helper()
	j := newJob(accountID, jobID(n), fmt.Sprintf("ck%d", n), now)
	j.Status, j.CompletedAt = store.StatusCompleted, &now
	j.Result, j.Flags = json.RawMessage(`{"invoice":{"number":"1"}}`), json.RawMessage(`[]`)
	insertJob(t, st, &j)
	return j
}

func testReview(t *testing.T, st *store.Store) {
	ctx := context.Background()
	a := must[store.Account](t)(st.EnsureAccount(ctx, "acme", nil))
	b := must[store.Account](t)(st.EnsureAccount(ctx, "bob", nil))
	now := time.Date(2026, 3, 15, 9, 30, 0, 0, time.UTC)
	j := completedJob(t, st, a.ID, 1, now)
	pending := newJob(a.ID, jobID(2), "ck2", now)
	insertJob(t, st, &pending)

	if got := must[store.Job](t)(st.Job(ctx, a.ID, j.ID)); got.Review.Status != "" || got.Review.Approved() {
		t.Errorf("a new job's review = %+v, want none", got.Review)
	}
	draft := json.RawMessage(`{"invoice":{"number":"2"}}`)
	pointed := json.RawMessage(`{"invoice.number":{"page":1}}`)
	if err := st.SaveDraft(ctx, a.ID, j.ID, 0, draft, pointed); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveDraft(ctx, b.ID, j.ID, 1, draft, nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another account's draft: err = %v, want ErrNotFound", err)
	}
	if err := st.SaveDraft(ctx, a.ID, pending.ID, 0, draft, nil); !errors.Is(err, store.ErrNotCompleted) {
		t.Errorf("draft of a pending job: err = %v, want ErrNotCompleted", err)
	}
	// A change made from a review read before the last change is refused.
	if err := st.SaveDraft(ctx, a.ID, j.ID, 0, json.RawMessage(`{}`), nil); !errors.Is(err, store.ErrReviewChanged) {
		t.Errorf("a draft from a stale review: err = %v, want ErrReviewChanged", err)
	}
	got := must[store.Job](t)(st.Job(ctx, a.ID, j.ID))
	if got.Review.Status != store.ReviewPending || string(got.Review.Draft) != string(draft) ||
		string(got.Review.Pointed) != string(pointed) || string(got.Result) != string(j.Result) {
		t.Errorf("after a draft: review %+v, result %s", got.Review, got.Result)
	}

	for rev := 1; rev <= 2; rev++ {
		at := now.Add(time.Duration(rev) * time.Minute)
		var n int
		err := st.InTx(ctx, func(tx *store.Tx) error {
			var err error
			n, err = tx.ApproveJob(ctx, store.Revision{JobID: j.ID, AccountID: a.ID, Version: rev, Result: draft,
				Flags: json.RawMessage(`[]`), Corrected: []string{"invoice.number"}, Pointed: pointed, CreatedAt: at})
			return err
		})
		if err != nil || n != rev {
			t.Fatalf("approve %d: n = %d, err = %v", rev, n, err)
		}
	}
	got = must[store.Job](t)(st.Job(ctx, a.ID, j.ID))
	want := store.Review{Status: store.ReviewApproved, Revision: 2, Version: 3, Result: draft, Flags: json.RawMessage(`[]`),
		Corrected: []string{"invoice.number"}, ReviewedPointed: pointed}
	at := now.Add(2 * time.Minute)
	want.ReviewedAt = &at
	if d := cmp.Diff(want, got.Review); d != "" {
		t.Errorf("approved review (-want +got):\n%s", d)
	}
	r1 := must[store.Revision](t)(st.JobRevision(ctx, j.ID, 1))
	if r1.AccountID != a.ID || string(r1.Result) != string(draft) || !r1.CreatedAt.Equal(now.Add(time.Minute)) {
		t.Errorf("revision 1 = %+v", r1)
	}
	if _, err := st.JobRevision(ctx, j.ID, 3); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("revision 3: err = %v, want ErrNotFound", err)
	}
	err := st.InTx(ctx, func(tx *store.Tx) error {
		_, err := tx.ApproveJob(ctx, store.Revision{JobID: j.ID, AccountID: b.ID, Version: 3, Result: draft, Flags: draft, CreatedAt: now})
		return err
	})
	if !errors.Is(err, store.ErrNotFound) {
		t.Errorf("approval by another account: err = %v, want ErrNotFound", err)
	}
	// Deleting the job deletes its revisions.
	if _, err := st.DeleteJob(ctx, a.ID, j.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := st.JobRevision(ctx, j.ID, 1); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("revision of a deleted job: err = %v, want ErrNotFound", err)
	}
}

func testListReviewed(t *testing.T, st *store.Store) {
	ctx := context.Background()
	a := must[store.Account](t)(st.EnsureAccount(ctx, "acme", nil))
	b := must[store.Account](t)(st.EnsureAccount(ctx, "bob", nil))
	now := time.Date(2026, 3, 15, 9, 30, 0, 0, time.UTC)
	for i := range 7 {
		acct := a.ID
		if i == 3 {
			acct = b.ID
		}
		j := completedJob(t, st, acct, 10+i, now)
		if i == 5 {
			continue // not approved
		}
		at := now.Add(time.Duration(i%3) * time.Hour) // ties broken by id
		err := st.InTx(ctx, func(tx *store.Tx) error {
			_, err := tx.ApproveJob(ctx, store.Revision{JobID: j.ID, AccountID: acct, Result: j.Result,
				Flags: j.Flags, CreatedAt: at})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// Oldest approval first, ties by id: hour 0 has 10 and 16 (13 is
	// bob's), hour 1 has 11 and 14, hour 2 has 12 (15 is not approved).
	want := []string{jobID(10), jobID(16), jobID(11), jobID(14), jobID(12)}
	var got []string
	f := store.ReviewedFilter{Limit: 2}
	for {
		page := must[[]store.Job](t)(st.ListReviewed(ctx, a.ID, f))
		got = append(got, ids(page)...)
		if len(page) < f.Limit {
			break
		}
		last := page[len(page)-1]
		f.After = &store.ReviewedCursor{ReviewedAt: *last.Review.ReviewedAt, ID: last.ID}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("approved jobs in pages of 2 (-want +got):\n%s", d)
	}
	hour := must[[]store.Job](t)(st.ListReviewed(ctx, a.ID, store.ReviewedFilter{From: now.Add(time.Hour), To: now.Add(2 * time.Hour)}))
	if d := cmp.Diff([]string{jobID(11), jobID(14)}, ids(hour)); d != "" {
		t.Errorf("approved within an hour (-want +got):\n%s", d)
	}
}

func testSupplierExamples(t *testing.T, st *store.Store) {
	ctx := context.Background()
	a := must[store.Account](t)(st.EnsureAccount(ctx, "acme", nil))
	b := must[store.Account](t)(st.EnsureAccount(ctx, "bob", nil))
	now := time.Date(2026, 3, 15, 9, 30, 0, 0, time.UTC)
	var exs []store.SupplierExample
	for i := range store.MaxExamplesPerField + 2 {
		exs = append(exs, store.SupplierExample{ID: fmt.Sprintf("ex-%d", i), AccountID: a.ID, Supplier: "0123",
			SupplierName: "Rossi", Field: "invoice.number", Example: json.RawMessage(fmt.Sprintf(`{"n":%d}`, i)),
			JobID: jobID(10 + i), CreatedAt: now.Add(time.Duration(i) * time.Minute)})
	}
	exs = append(exs,
		store.SupplierExample{ID: "ex-total", AccountID: a.ID, Supplier: "0123", Field: "financials.total",
			Example: json.RawMessage(`{}`), JobID: jobID(1), CreatedAt: now},
		store.SupplierExample{ID: "ex-b", AccountID: b.ID, Supplier: "0123", Field: "invoice.number",
			Example: json.RawMessage(`{}`), JobID: jobID(2), CreatedAt: now})
	if err := st.AddExamples(ctx, exs); err != nil {
		t.Fatal(err)
	}
	// A job's later revision replaces its example of a field; the name
	// listed is the newest.
	again := store.SupplierExample{ID: "ex-total-2", AccountID: a.ID, Supplier: "0123", SupplierName: "Rossi S.r.l.",
		Field: "financials.total", Example: json.RawMessage(`{}`), JobID: jobID(1), CreatedAt: now.Add(time.Hour)}
	if err := st.AddExamples(ctx, []store.SupplierExample{again}); err != nil {
		t.Fatal(err)
	}
	got := must[[]store.SupplierExample](t)(st.SupplierExamples(ctx, a.ID, "0123"))
	var gotIDs []string
	for _, e := range got {
		gotIDs = append(gotIDs, e.ID)
	}
	// The newest MaxExamplesPerField of a field, newest first.
	want := []string{"ex-total-2", "ex-4", "ex-3", "ex-2"}
	if d := cmp.Diff(want, gotIDs); d != "" {
		t.Errorf("examples (-want +got):\n%s", d)
	}
	// Several suppliers are read at once, each example with its supplier.
	several := must[[]store.SupplierExample](t)(st.SupplierExamples(ctx, a.ID, "9999", "0123"))
	if len(several) != len(got) || several[0].Supplier != "0123" {
		t.Errorf("examples of two suppliers: %d (first %+v), want the %d of 0123", len(several), several[0], len(got))
	}
	sups := must[[]store.Supplier](t)(st.Suppliers(ctx, a.ID))
	if len(sups) != 1 || sups[0].Key != "0123" || sups[0].Name != "Rossi S.r.l." || sups[0].Examples != 4 {
		t.Errorf("suppliers = %+v", sups)
	}
	if n := must[int](t)(st.DeleteExamples(ctx, a.ID, "0123", "ex-total-2")); n != 1 {
		t.Errorf("delete one: %d", n)
	}
	if n := must[int](t)(st.DeleteExamples(ctx, a.ID, "0123", "")); n != 3 {
		t.Errorf("delete all: %d", n)
	}
	if left := must[[]store.SupplierExample](t)(st.SupplierExamples(ctx, b.ID, "0123")); len(left) != 1 {
		t.Errorf("another account's examples: %d left, want 1", len(left))
	}
}
