package submit_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/invex/invex/internal/submit"
	"github.com/invex/invex/internal/submittest"
)

// TestFairPriority submits a backlog for one account and a job for another
// on a real queue: the backlog's later jobs take a lower priority, so the
// other account's job is fetched before them.
func TestFairPriority(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := submittest.New(t) // the queue only inserts: no job runs
	st, sub, dir := e.Store, e.Submitter, e.Dir
	submitN := func(account string, n int) []int64 {
		acct, err := st.EnsureAccount(ctx, account, nil)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for i := range n {
			marker := fmt.Sprintf("%s-%d", account, i)
			spool := filepath.Join(dir, "spool-"+marker)
			if err := os.WriteFile(spool, []byte("%PDF-1.4 "+marker), 0o600); err != nil {
				t.Fatal(err)
			}
			acc, err := sub.Submit(ctx, submit.Submission{AccountID: acct.ID, MonthlyQuota: acct.MonthlyQuota,
				Locale: "it", SHA256: marker, Size: 10, SpoolPath: spool})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, *acc.Job.QueueJobID)
		}
		return ids
	}
	priority := func(id int64) int {
		var p int
		if err := st.WriteDB().QueryRowContext(ctx, `SELECT priority FROM river_job WHERE id = $1`, id).Scan(&p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	flood := submitN("flood", 10)
	other := submitN("other", 1)
	for i, id := range flood {
		want := 1
		if i >= 8 {
			want = 2
		}
		if got := priority(id); got != want {
			t.Errorf("flooding account's job %d: priority %d, want %d", i, got, want)
		}
	}
	if got := priority(other[0]); got != 1 {
		t.Errorf("other account's job: priority %d, want 1", got)
	}
	var first int64
	err := st.WriteDB().QueryRowContext(ctx,
		`SELECT id FROM river_job WHERE id IN ($1, $2) ORDER BY priority, scheduled_at, id LIMIT 1`, flood[9], other[0]).Scan(&first)
	if err != nil {
		t.Fatal(err)
	}
	if first != other[0] {
		t.Errorf("the queue orders the flood's 10th job before the other account's job")
	}
}

func TestEstimate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := &submit.Estimator{Store: submittest.New(t).Store, Workers: 2}
	if got := e.Estimate(ctx); got < 1 {
		t.Errorf("Estimate on an empty queue = %d, want ≥ 1", got)
	}
}
