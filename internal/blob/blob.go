// Package blob keeps uploaded documents. The embedded default is a directory
// on local disk; scale-out deployments use storage every process can reach.
package blob

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrNotFound is returned for a key that holds nothing.
var ErrNotFound = errors.New("blob not found")

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
	if key == "" || strings.HasPrefix(key, "/") || strings.Contains(key, "..") || strings.ContainsAny(key, "\\\x00") {
		return "", fmt.Errorf("invalid blob key %q", key)
	}
	return filepath.Join(d.Root, filepath.FromSlash(key)), nil
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
