package blob

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/invex/invex/internal/pgtest"
	"github.com/invex/invex/internal/s3test"
	"github.com/invex/invex/internal/store"
)

func TestDir(t *testing.T) {
	t.Parallel()
	d, err := NewDir(filepath.Join(t.TempDir(), "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	testStore(t, d)
}

func TestS3(t *testing.T) {
	srv := s3test.Start(t)
	for _, prefix := range []string{"", "tenant-a/invex/"} {
		s, err := NewS3(S3Config{Bucket: srv.Bucket, Endpoint: srv.Endpoint, Region: "us-east-1", PathStyle: true,
			Prefix: prefix, Credentials: credentials.NewStaticV4(s3test.AccessKey, s3test.SecretKey, "")})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Ping(context.Background()); err != nil {
			t.Fatal(err)
		}
		testStore(t, s)
	}
	// Wrong credentials are refused, and say so.
	bad, _ := NewS3(S3Config{Bucket: srv.Bucket, Endpoint: srv.Endpoint, Region: "us-east-1", PathStyle: true,
		Credentials: credentials.NewStaticV4(s3test.AccessKey, "wrong", "")})
	if _, err := bad.Get(context.Background(), "ab/cd.pdf"); err == nil || errors.Is(err, ErrNotFound) {
		t.Errorf("Get with a wrong secret: err = %v, want a refusal", err)
	}
	// A server that is down gives errors that are not ErrNotFound.
	s, _ := NewS3(S3Config{Bucket: srv.Bucket, Endpoint: srv.Endpoint, Region: "us-east-1", PathStyle: true,
		Credentials: credentials.NewStaticV4(s3test.AccessKey, s3test.SecretKey, "")})
	srv.Down()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.Ping(ctx); err == nil {
		t.Error("Ping of a stopped server succeeded")
	}
	if _, err := s.Get(ctx, "ab/cd.pdf"); err == nil || errors.Is(err, ErrNotFound) {
		t.Errorf("Get from a stopped server: err = %v, want an outage error", err)
	}
}

func TestS3Config(t *testing.T) {
	for _, c := range []S3Config{
		{},
		{Bucket: "b", Endpoint: "ftp://x"},
		{Bucket: "b", Endpoint: "http://x/path"},
		{Bucket: "b", SSE: "rot13"},
	} {
		if _, err := NewS3(c); err == nil {
			t.Errorf("NewS3(%+v) accepted", c)
		}
	}
	if _, err := NewS3(S3Config{Bucket: "b", SSE: "AES256"}); err != nil {
		t.Errorf("SSE AES256: %v", err)
	}
}

func TestDB(t *testing.T) {
	t.Parallel()
	st, err := store.OpenPostgres(context.Background(), pgtest.NewDatabase(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	testStore(t, NewDB(st))
}

// testStore checks the contract of Store on s.
func testStore(t *testing.T, s Store) {
	ctx := context.Background()
	spool := func(data []byte) string {
		t.Helper()
		f, err := os.CreateTemp(t.TempDir(), "spool")
		if err != nil {
			t.Fatal(err)
		}
		f.Write(data)
		f.Close()
		return f.Name()
	}
	src := spool([]byte("%PDF-1.4 hello"))
	if err := s.PutFile(ctx, "ab/cd.pdf", src); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(src); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("spool file still there after PutFile: %v", err)
	}
	got, err := s.Get(ctx, "ab/cd.pdf")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != "%PDF-1.4 hello" {
		t.Errorf("Get = %q", got)
	}
	// Binary content of some size survives byte for byte; a second put
	// replaces.
	big := bytes.Repeat([]byte{0, 1, 2, 0xff, '\n'}, 1<<20)
	if err := s.PutFile(ctx, "ab/cd.pdf", spool(big)); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Get(ctx, "ab/cd.pdf"); err != nil || !bytes.Equal(got, big) {
		t.Errorf("Get after replacing: %d bytes, %v; want the %d new bytes", len(got), err, len(big))
	}
	if err := s.Delete(ctx, "ab/cd.pdf"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "ab/cd.pdf"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get after Delete: err = %v, want ErrNotFound", err)
	}
	if ls, ok := s.(Lister); ok {
		for _, k := range []string{"list/a/1.pdf", "list/a/1.pdf.pages", "list/b/2.pdf", "other/3.pdf"} {
			if err := ls.PutFile(ctx, k, spool([]byte(k))); err != nil {
				t.Fatal(err)
			}
		}
		var keys []string
		err := ls.List(ctx, "list/", func(key string, modified time.Time) error {
			if modified.IsZero() || time.Since(modified) > time.Hour {
				t.Errorf("%s: modified %v", key, modified)
			}
			keys = append(keys, key)
			return nil
		})
		slices.Sort(keys)
		if want := []string{"list/a/1.pdf", "list/a/1.pdf.pages", "list/b/2.pdf"}; err != nil || !slices.Equal(keys, want) {
			t.Errorf("List = %v, %v; want %v", keys, err, want)
		}
		for _, k := range []string{"list/a/1.pdf", "list/a/1.pdf.pages", "list/b/2.pdf", "other/3.pdf"} {
			ls.Delete(ctx, k)
		}
	}
	if err := s.Delete(ctx, "ab/cd.pdf"); err != nil {
		t.Errorf("Delete of a missing blob: %v", err)
	}
	// A document's page images live beside it and go with it.
	pages := Pages{Pages: []Page{{W: 595, H: 842, PNG: []byte("\x89PNG...")}}}
	enc, err := pages.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.PutFile(ctx, "ab/doc.pdf", spool([]byte("%PDF-1.4"))); err != nil {
		t.Fatal(err)
	}
	if err := s.PutFile(ctx, PagesKey("ab/doc.pdf"), spool(enc)); err != nil {
		t.Fatal(err)
	}
	if b, err := s.Get(ctx, PagesKey("ab/doc.pdf")); err != nil {
		t.Fatal(err)
	} else if back, err := DecodePages(b); err != nil || len(back.Pages) != 1 || string(back.Pages[0].PNG) != "\x89PNG..." || back.Pages[0].W != 595 {
		t.Errorf("page images read back as %+v, %v", back, err)
	}
	if err := DeleteDocument(ctx, s, "ab/doc.pdf"); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"ab/doc.pdf", PagesKey("ab/doc.pdf")} {
		if _, err := s.Get(ctx, k); !errors.Is(err, ErrNotFound) {
			t.Errorf("Get(%s) after DeleteDocument: %v, want ErrNotFound", k, err)
		}
	}
	for _, bad := range []string{"", "/etc/passwd", "../x", "a/../../b", "a\\b"} {
		if _, err := s.Get(ctx, bad); err == nil || errors.Is(err, ErrNotFound) {
			t.Errorf("Get(%q) err = %v, want an invalid-key error", bad, err)
		}
		if err := s.PutFile(ctx, bad, spool(nil)); err == nil {
			t.Errorf("PutFile(%q) accepted an invalid key", bad)
		}
	}
}

// With server-side encryption asked for, objects are stored encrypted
// (the server says so for each) and read back as written.
func TestS3Encryption(t *testing.T) {
	srv := s3test.Start(t)
	s, err := NewS3(S3Config{Bucket: srv.Bucket, Endpoint: srv.Endpoint, Region: "us-east-1", PathStyle: true,
		SSE: "AES256", Credentials: credentials.NewStaticV4(s3test.AccessKey, s3test.SecretKey, "")})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	f, _ := os.CreateTemp(t.TempDir(), "spool")
	f.WriteString("%PDF-1.7 secret")
	f.Close()
	if err := s.PutFile(ctx, "enc/a.pdf", f.Name()); err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(ctx, "enc/a.pdf")
	if err != nil || string(got) != "%PDF-1.7 secret" {
		t.Fatalf("Get = %q, %v", got, err)
	}
	info, err := srv.Client().StatObject(ctx, srv.Bucket, "enc/a.pdf", minio.StatObjectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if sse := info.Metadata.Get("X-Amz-Server-Side-Encryption"); sse != "AES256" {
		t.Errorf("the server reports encryption %q, want AES256", sse)
	}
}
