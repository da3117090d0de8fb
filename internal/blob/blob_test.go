package blob

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestDir(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	d, err := NewDir(filepath.Join(root, "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(root, "spool")
	if err := os.WriteFile(src, []byte("%PDF-1.4 hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := d.PutFile(ctx, "ab/cd.pdf", src); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(src); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("spool file still there after PutFile: %v", err)
	}
	got, err := d.Get(ctx, "ab/cd.pdf")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != "%PDF-1.4 hello" {
		t.Errorf("Get = %q", got)
	}
	if err := d.Delete(ctx, "ab/cd.pdf"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Get(ctx, "ab/cd.pdf"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get after Delete: err = %v, want ErrNotFound", err)
	}
	if err := d.Delete(ctx, "ab/cd.pdf"); err != nil {
		t.Errorf("Delete of a missing blob: %v", err)
	}
	for _, bad := range []string{"", "/etc/passwd", "../x", "a/../../b", "a\\b"} {
		if _, err := d.Get(ctx, bad); err == nil || errors.Is(err, ErrNotFound) {
			t.Errorf("Get(%q) err = %v, want an invalid-key error", bad, err)
		}
	}
}
