package app_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/blob"
	"github.com/invex/invex/internal/jobs"
	"github.com/invex/invex/internal/s3test"
	"github.com/invex/invex/internal/testpdf"
	"github.com/invex/invex/internal/testwait"
)

func s3Config(srv *s3test.Server) blob.S3Config {
	return blob.S3Config{Bucket: srv.Bucket, Endpoint: srv.Endpoint, Region: "us-east-1", PathStyle: true,
		Prefix: "invex/", Credentials: credentials.NewStaticV4(s3test.AccessKey, s3test.SecretKey, "")}
}

// TestS3Outage stops the S3 server for 20 s while documents keep coming:
// submissions in the outage answer 503 unavailable with Retry-After and
// charge nothing, /readyz says the storage is out of reach, jobs accepted
// before it wait and are retried with back-off, and once the server is
// back every accepted job completes: nothing accepted is lost.
func TestS3Outage(t *testing.T) {
	if testing.Short() {
		t.Skip("a 20 s outage")
	}
	srv := s3test.Start(t)
	s := startServer(t, t.TempDir(), app.Config{Workers: 1, Blobs: app.BlobsS3, S3: s3Config(srv)})
	key := s.key("acme", 10_000)
	if r := s.get("", "/readyz"); r.Status != http.StatusOK {
		t.Fatalf("readyz before the outage: %d %s", r.Status, r.Body)
	}

	var (
		mu       sync.Mutex
		accepted []string
		refused  int
		stop     = make(chan struct{})
		wg       sync.WaitGroup
	)
	wg.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(150 * time.Millisecond):
			}
			inv := testpdf.Italian()
			inv.Salt = string(rune('a'+i%26)) + time.Now().Format("150405.000000")
			r := s.submitMultipart(key, inv.PDF(), "it")
			mu.Lock()
			switch r.Status {
			case http.StatusAccepted:
				accepted = append(accepted, r.json(t)["job_id"].(string))
			case http.StatusServiceUnavailable:
				refused++
				if r.Header.Get("Retry-After") == "" || r.json(t)["code"] != "unavailable" {
					t.Errorf("503 without Retry-After or code: %v %s", r.Header, r.Body)
				}
			default:
				t.Errorf("submission: %d %s", r.Status, r.Body)
			}
			mu.Unlock()
		}
	})

	time.Sleep(2 * time.Second)
	// A burst just before the outage leaves a backlog whose jobs read
	// their documents while the server is down.
	var burst sync.WaitGroup
	for g := range 4 {
		burst.Go(func() {
			for i := range 8 {
				inv := testpdf.Italian()
				inv.Salt = "burst " + string(rune('a'+g)) + string(rune('a'+i))
				if r := s.submitMultipart(key, inv.PDF(), "it"); r.Status == http.StatusAccepted {
					mu.Lock()
					accepted = append(accepted, r.json(t)["job_id"].(string))
					mu.Unlock()
				}
			}
		})
	}
	burst.Wait()
	srv.Down()
	downAt := time.Now()
	if !testwait.For(10*time.Second, func() bool { return s.get("", "/readyz").Status == http.StatusServiceUnavailable }) {
		t.Error("readyz did not report the storage outage")
	}
	time.Sleep(20*time.Second - time.Since(downAt))
	srv.Up()
	time.Sleep(2 * time.Second)
	close(stop)
	wg.Wait()
	if r := s.get("", "/readyz"); r.Status != http.StatusOK {
		t.Errorf("readyz after the outage: %d %s", r.Status, r.Body)
	}
	t.Logf("%d submissions accepted, %d refused with 503 during the outage", len(accepted), refused)
	if refused == 0 || len(accepted) < 10 {
		t.Fatalf("the load did not meet the outage: %d accepted, %d refused", len(accepted), refused)
	}
	retried := 0
	for _, id := range accepted {
		rec := s.wait(key, id).json(t)
		if rec["status"] != "completed" {
			t.Errorf("job %s: %v %v", id, rec["status"], rec["error"])
		}
		if j, err := s.app.Store().JobByID(context.Background(), id); err == nil && j.AttemptCount > 1 {
			retried++
		}
	}
	t.Logf("%d jobs read their document during the outage and were retried", retried)
	if retried == 0 {
		t.Error("no job met the outage in a worker: the retry was not exercised")
	}
	if used := 10_000 - quotaLeft(t, s, key); used != len(accepted) {
		t.Errorf("quota used %d, want %d (refused submissions are never charged)", used, len(accepted))
	}
}

// TestS3Documents: with the documents in S3, deleting a job deletes its
// object, and the retention sweep deletes the objects no job points at
// once they are an hour old, keeping the others.
func TestS3Documents(t *testing.T) {
	srv := s3test.Start(t)
	s := startServer(t, t.TempDir(), app.Config{Workers: 1, Blobs: app.BlobsS3, S3: s3Config(srv)})
	key := s.key("acme", 100)
	keep := s.accepted(s.submitMultipart(key, testpdf.Italian().PDF(), "it"))
	s.wait(key, keep)
	inv := testpdf.Italian()
	inv.Salt = "deleted"
	gone := s.accepted(s.submitMultipart(key, inv.PDF(), "it"))
	s.wait(key, gone)

	ctx := context.Background()
	store, err := blob.NewS3(s3Config(srv))
	if err != nil {
		t.Fatal(err)
	}
	goneJob, err := s.app.Store().JobByID(ctx, gone)
	if err != nil {
		t.Fatal(err)
	}
	if r := s.del(key, "/v1/jobs/"+gone); r.Status != http.StatusNoContent {
		t.Fatalf("delete job: %d %s", r.Status, r.Body)
	}
	if _, err := store.Get(ctx, goneJob.BlobKey); !errors.Is(err, blob.ErrNotFound) {
		t.Errorf("the deleted job's object: err = %v, want ErrNotFound", err)
	}

	// An object of a submission whose job never committed.
	f, _ := os.CreateTemp(t.TempDir(), "orphan")
	f.WriteString("%PDF-1.7 orphan")
	f.Close()
	orphan := "documents/" + time.Now().UTC().Format("2006-01") + "/00000000-0000-0000-0000-000000000000.pdf"
	if err := store.PutFile(ctx, orphan, f.Name()); err != nil {
		t.Fatal(err)
	}
	ret := &jobs.Retention{Store: s.app.Store(), Blobs: store, MaxAge: 30 * 24 * time.Hour,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if n, err := ret.SweepOrphans(ctx); err != nil || n != 0 {
		t.Errorf("SweepOrphans at once = %d, %v; want nothing (the object is young)", n, err)
	}
	ret.Now = func() time.Time { return time.Now().Add(2 * jobs.OrphanAge) }
	if n, err := ret.SweepOrphans(ctx); err != nil || n != 1 {
		t.Errorf("SweepOrphans an hour on = %d, %v; want the orphan deleted", n, err)
	}
	if _, err := store.Get(ctx, orphan); !errors.Is(err, blob.ErrNotFound) {
		t.Errorf("the orphan: err = %v, want ErrNotFound", err)
	}
	if r := s.get(key, "/v1/jobs/"+keep+"/document"); r.Status != http.StatusOK {
		t.Errorf("the kept job's document: %d %s", r.Status, r.Body)
	}
}

// TestS3MissingDocument: a job whose object was deleted behind the
// service's back fails with document_missing and says why, at once.
func TestS3MissingDocument(t *testing.T) {
	srv := s3test.Start(t)
	dir := t.TempDir()
	s := startServer(t, dir, app.Config{Workers: -1, Blobs: app.BlobsS3, S3: s3Config(srv)})
	key := s.key("acme", 100)
	id := s.accepted(s.submitMultipart(key, testpdf.Italian().PDF(), "it"))
	j, err := s.app.Store().JobByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	store, err := blob.NewS3(s3Config(srv))
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Delete(context.Background(), j.BlobKey); err != nil {
		t.Fatal(err)
	}
	s.stop()
	s = startServer(t, dir, app.Config{Workers: 1, Blobs: app.BlobsS3, S3: s3Config(srv)})
	rec := s.wait(key, id).json(t)
	if rec["status"] != "failed" || rec["error_code"] != "document_missing" || rec["attempt_count"] != 1.0 {
		t.Errorf("job: %v %v %v (%v attempts), want failed document_missing at the first attempt",
			rec["status"], rec["error_code"], rec["error"], rec["attempt_count"])
	}
}
