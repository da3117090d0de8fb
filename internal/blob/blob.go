// Package blob keeps uploaded documents. The embedded default is a directory
// on local disk (Dir); scale-out deployments use storage every process can
// reach: the PostgreSQL database itself (DB) or an S3-compatible bucket
// (S3).
package blob

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ErrNotFound is returned for a key that holds nothing.
var ErrNotFound = errors.New("blob not found")

// Store is what every blob storage implements. Keys are slash-separated
// relative paths made of letters, digits, '-', '_' and '.'.
type Store interface {
	// PutFile moves the file at src into the store under key, replacing
	// what was there. When it returns nil the blob is durable and src is
	// gone.
	PutFile(ctx context.Context, key, src string) error
	// Get returns the bytes stored under key, or ErrNotFound.
	Get(ctx context.Context, key string) ([]byte, error)
	// Delete removes the blob under key; a missing blob is not an error.
	Delete(ctx context.Context, key string) error
}

// Lister is a Store that can list its blobs, for the sweep of documents
// no job points at (Dir and S3 are; DB's rows commit with no job of their
// own too, but a sweep of the table is the store's business).
type Lister interface {
	Store
	// List calls fn with every key under prefix and the time its blob
	// was last written.
	List(ctx context.Context, prefix string, fn func(key string, modified time.Time) error) error
}

// List calls fn with every key under prefix and its file's modification
// time.
func (d *Dir) List(ctx context.Context, prefix string, fn func(key string, modified time.Time) error) error {
	root := filepath.Join(d.Root, filepath.FromSlash(prefix))
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if e.IsDir() || ctx.Err() != nil {
			return ctx.Err()
		}
		info, err := e.Info()
		if err != nil {
			return nil // removed meanwhile
		}
		rel, err := filepath.Rel(d.Root, p)
		if err != nil {
			return err
		}
		return fn(filepath.ToSlash(rel), info.ModTime())
	})
	if err != nil {
		return fmt.Errorf("list blobs: %w", err)
	}
	return nil
}

// Dir stores blobs as files below Root. Keys are slash-separated relative
// paths made of letters, digits, '-', '_' and '.'.
type Dir struct {
	Root string
}

// NewDir returns a Dir rooted at root, creating it if needed.
func NewDir(root string) (*Dir, error) {
	if err := os.MkdirAll(root, 0o750); err != nil {
		return nil, fmt.Errorf("create blob dir: %w", err)
	}
	return &Dir{Root: root}, nil
}

func (d *Dir) path(key string) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	return filepath.Join(d.Root, filepath.FromSlash(key)), nil
}

// checkKey refuses keys that could leave a directory or are empty, the same
// for every implementation.
func checkKey(key string) error {
	if key == "" || strings.HasPrefix(key, "/") || strings.Contains(key, "..") || strings.ContainsAny(key, "\\\x00") {
		return fmt.Errorf("invalid blob key %q", key)
	}
	return nil
}

// PutFile moves the file at src, which must be on the same file system as
// Root, into the store under key. When PutFile returns nil the blob is durable:
// the file and the directory entry are synced to disk.
func (d *Dir) PutFile(_ context.Context, key, src string) error {
	dst, err := d.path(key)
	if err != nil {
		return err
	}
	f, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("put blob: %w", err)
	}
	err = f.Sync()
	f.Close()
	if err != nil {
		return fmt.Errorf("put blob: sync: %w", err)
	}
	dir := filepath.Dir(dst)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return fmt.Errorf("put blob: %w", err)
	}
	if err := os.Rename(src, dst); err != nil {
		return fmt.Errorf("put blob: %w", err)
	}
	return syncDir(dir)
}

func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("sync dir: %w", err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return fmt.Errorf("sync dir: %w", err)
	}
	return nil
}

// Get returns the bytes stored under key.
func (d *Dir) Get(_ context.Context, key string) ([]byte, error) {
	p, err := d.path(key)
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get blob: %w", err)
	}
	return b, nil
}

// Delete removes the blob under key; a missing blob is not an error.
func (d *Dir) Delete(_ context.Context, key string) error {
	p, err := d.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("delete blob: %w", err)
	}
	return nil
}
