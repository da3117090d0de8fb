// Package submittest builds the submission path over real parts for tests:
// a migrated SQLite store in a temporary directory, a blob directory, River
// on that database (inserting only: no job runs) and a Submitter. Tests of
// the handlers use it to see exactly what the handlers do.
package submittest

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"path/filepath"
	"testing"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riversqlite"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/internal/submit"
)

// Env is a submission path on real parts, closed when the test ends.
type Env struct {
	// Dir is the temporary data directory; it also serves as spool
	// directory.
	Dir       string
	Store     *store.Store
	Blobs     *blob.Dir
	Queue     *river.Client[*sql.Tx]
	Submitter *submit.Submitter
	Logger    *slog.Logger
}

// New builds an Env in a new temporary directory.
func New(t testing.TB) *Env {
	t.Helper()
	e := &Env{Dir: t.TempDir(), Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))}
	st, err := app.OpenStore(context.Background(), e.Dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	e.Store = st
	if e.Blobs, err = blob.NewDir(filepath.Join(e.Dir, "blobs")); err != nil {
		t.Fatal(err)
	}
	if e.Queue, err = river.NewClient(riversqlite.New(st.WriteDB()), &river.Config{Logger: e.Logger}); err != nil {
		t.Fatal(err)
	}
	e.Submitter = &submit.Submitter{Store: st, Blobs: e.Blobs, Queue: submit.SQLiteQueue{Client: e.Queue}, Logger: e.Logger,
		Estimator: &submit.Estimator{Store: st, Workers: 1}, Engine: "test"}
	return e
}
