package app

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// lockDir takes an exclusive lock on dir/invex.lock, held until the file is
// closed, so that two processes never share one embedded database. The
// kernel drops the lock when the process dies, however it dies.
func lockDir(dir string) (*os.File, error) {
	path := filepath.Join(dir, "invex.lock")
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o640)
	if err != nil {
		return nil, fmt.Errorf("lock data dir: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("lock data dir: another invex process is serving %s", dir)
		}
		return nil, fmt.Errorf("lock data dir: %w", err)
	}
	return f, nil
}
