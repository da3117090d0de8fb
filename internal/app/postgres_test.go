package app_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/pgtest"
	"github.com/invex/invex/internal/testpdf"
)

// TestPostgresScaleOut runs one API process and two worker processes (each
// an App with its own connection pools and data directory, as on separate
// machines) on one PostgreSQL database: uploads accepted by the API are read
// by the workers from the database's blob table and completed, once each.
func TestPostgresScaleOut(t *testing.T) {
	db := pgtest.NewDatabase(t)
	api := startServer(t, t.TempDir(), app.Config{Database: db, Role: app.RoleAPI})
	w1 := startServer(t, t.TempDir(), app.Config{Database: db, Role: app.RoleWorker, Workers: 1, OCRWorkers: 1})
	w2 := startServer(t, t.TempDir(), app.Config{Database: db, Role: app.RoleWorker, Workers: 1, OCRWorkers: 1})
	key := api.key("acme", 100)

	var ids []string
	var first []byte
	inv := testpdf.Italian()
	for i := range 6 {
		inv.Salt = fmt.Sprint("scale-out-", i)
		doc := inv.PDF()
		if i == 0 {
			first = doc
		}
		if i%2 == 0 {
			ids = append(ids, api.accepted(api.submitMultipart(key, doc, "it")))
		} else {
			ids = append(ids, api.accepted(api.submitJSON(key, doc, "it")))
		}
	}
	for _, id := range ids {
		rec := api.wait(key, id).json(t)
		if rec["status"] != "completed" || rec["cache_hit"] != false {
			t.Errorf("job %s: status %v, cache_hit %v; want completed, no cache", id, rec["status"], rec["cache_hit"])
		}
		if j, err := api.app.Store().JobByID(context.Background(), id); err != nil || j.AttemptCount != 1 {
			t.Errorf("job %s: %d attempts, %v; want 1", id, j.AttemptCount, err)
		}
	}
	// The same document again is a cache hit, across processes.
	rec := api.wait(key, api.accepted(api.submitMultipart(key, first, "it"))).json(t)
	if rec["status"] != "completed" || rec["cache_hit"] != true {
		t.Errorf("resubmission: status %v, cache_hit %v; want a completed cache hit", rec["status"], rec["cache_hit"])
	}

	counts, err := api.app.Store().CountByStatus(context.Background())
	if err != nil || counts["completed"] != len(ids)+1 || counts["pending"]+counts["processing"]+counts["failed"] != 0 {
		t.Errorf("CountByStatus = %v, %v; want %d completed and nothing else", counts, err, len(ids)+1)
	}
	var blobs int
	if err := api.app.Store().WriteDB().QueryRow(`SELECT COUNT(*) FROM blobs`).Scan(&blobs); err != nil || blobs != len(ids) {
		t.Errorf("blobs in the database: %d, %v; want %d", blobs, err, len(ids))
	}

	// Every queue entry completed, in the same transactions as the jobs.
	rows, err := api.app.Store().WriteDB().Query(`SELECT state::text, COUNT(*) FROM river_job GROUP BY state`)
	if err != nil {
		t.Fatal(err)
	}
	states := map[string]int{}
	for rows.Next() {
		var st string
		var n int
		rows.Scan(&st, &n)
		states[st] = n
	}
	rows.Close()
	if len(states) != 1 || states["completed"] != len(ids) {
		t.Errorf("queue entries by state = %v; want %d completed", states, len(ids))
	}

	// Workers answer health checks and nothing of the API.
	for _, w := range []*server{w1, w2} {
		for path, want := range map[string]int{"/healthz": 200, "/readyz": 200, "/metrics": 200, "/v1/jobs/" + ids[0]: 404} {
			if r := w.get(key, path); r.Status != want {
				t.Errorf("worker GET %s: status %d, want %d: %.200s", path, r.Status, want, r.Body)
			}
		}
	}
	if r := api.get("", "/readyz"); r.Status != 200 {
		t.Errorf("API GET /readyz: status %d", r.Status)
	}
}

// TestRolesNeedPostgres checks that the embedded database refuses the
// scale-out roles with a message that says what to do, and that unknown
// roles and blob stores are refused.
func TestRolesNeedPostgres(t *testing.T) {
	for _, cfg := range []app.Config{
		{Role: app.RoleAPI},
		{Role: app.RoleWorker},
		{Role: "janitor"},
		{Blobs: app.BlobsDatabase},
		{Blobs: "s3://bucket"},
		{Database: "mysql://x"},
	} {
		cfg.DataDir = t.TempDir()
		cfg.CacheDir = sharedCache
		a, err := app.Open(context.Background(), cfg)
		if err == nil {
			a.Close()
			t.Errorf("Open(role %q, blobs %q, database %q) succeeded; want an error", cfg.Role, cfg.Blobs, cfg.Database)
			continue
		}
		if !strings.Contains(err.Error(), "config:") {
			t.Errorf("error %q does not name the configuration", err)
		}
	}
}
