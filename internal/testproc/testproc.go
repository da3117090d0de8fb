// Package testproc runs invex server processes for tests, usually the test
// binary itself re-executed as the server, and follows their JSON logs on
// standard error: Start waits until one logs that it serves (and where),
// Logs returns what it logged, Stop ends it with SIGTERM and expects a
// clean exit, Kill ends it with SIGKILL as a crash would.
package testproc

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Proc is a running server process.
type Proc struct {
	Cmd *exec.Cmd
	// URL is where it serves: http:// and the address it logged.
	URL string

	mu     sync.Mutex
	stderr bytes.Buffer
	done   chan error // nil once the process has been stopped or killed
}

// Start starts cmd and waits, at most a minute, until it logs "invex
// serving" with its address. The process is stopped when the test ends.
func Start(t testing.TB, cmd *exec.Cmd) *Proc {
	t.Helper()
	p := &Proc{Cmd: cmd, done: make(chan error, 1)}
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pipe)
		sc.Buffer(make([]byte, 0, 64<<10), 16<<20) // long log lines must not stop the reader
		for sc.Scan() {
			var line struct{ Msg, Addr string }
			if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "invex serving" {
				addr <- line.Addr
			}
			p.mu.Lock()
			p.stderr.Write(sc.Bytes())
			p.stderr.WriteByte('\n')
			p.mu.Unlock()
		}
		io.Copy(io.Discard, pipe) // a line past the buffer: drain, so the process never blocks
		p.done <- cmd.Wait()
	}()
	t.Cleanup(func() { p.Stop(t) })
	select {
	case a := <-addr:
		p.URL = "http://" + a
	case err := <-p.done:
		p.done = nil
		t.Fatalf("%s exited before serving: %v\n%s", strings.Join(cmd.Args, " "), err, p.Logs())
	case <-time.After(60 * time.Second):
		t.Fatalf("%s did not serve within 60 s\n%s", strings.Join(cmd.Args, " "), p.Logs())
	}
	return p
}

// Exited reports whether the process has ended by itself (not through
// Stop or Kill), and how.
func (p *Proc) Exited() (bool, error) {
	if p.done == nil {
		return false, nil
	}
	select {
	case err := <-p.done:
		p.done = nil
		return true, err
	default:
		return false, nil
	}
}

// Logs returns what the process has logged so far.
func (p *Proc) Logs() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.String()
}

// Stop sends SIGTERM and expects a clean exit within a minute; calling it
// again, or after Kill, does nothing.
func (p *Proc) Stop(t testing.TB) {
	if p.done == nil {
		return
	}
	p.Cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.done:
		if err != nil {
			t.Errorf("process after SIGTERM: %v\n%s", err, p.Logs())
		}
	case <-time.After(60 * time.Second):
		p.Cmd.Process.Kill()
		t.Errorf("process did not stop within 60 s of SIGTERM\n%s", p.Logs())
	}
	p.done = nil
}

// Kill sends SIGKILL and waits until the process is gone.
func (p *Proc) Kill(t testing.TB) {
	t.Helper()
	if p.done == nil {
		return
	}
	if err := p.Cmd.Process.Kill(); err != nil {
		t.Fatalf("kill -9: %v", err)
	}
	select {
	case <-p.done:
	case <-time.After(30 * time.Second):
		t.Fatalf("process %d still there 30 s after kill -9", p.Cmd.Process.Pid)
	}
	p.done = nil
}
