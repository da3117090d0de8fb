package pdf

import (
	"bufio"
	"bytes"
	"context"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
)

// Isolated readers run pdfium in child processes: re-executions of the
// current binary that serve read requests on their standard input and
// output. A child whose read passes the deadline is killed, which stops
// pdfium however it loops, so pdfium can run without the interruption checks
// the in-process mode compiles into it (about 3× faster). A child that
// crashes takes nothing else down.

// childEnv carries the child's Config (JSON); its presence makes a process a
// reader child.
const childEnv = "INVEX_PDF_READER_CHILD"

// ServeIfChild turns the process into a reader child when it was started as
// one, and never returns then; otherwise it returns at once. A program that
// opens isolated Readers must call it first thing in main (and in TestMain
// of test binaries).
func ServeIfChild() {
	raw, ok := os.LookupEnv(childEnv)
	if !ok {
		return
	}
	os.Exit(serveChild(raw, os.Stdin, os.Stdout))
}

type childRequest struct {
	Req request
}

type childResponse struct {
	Rep  reply
	Kind int // index into childErrors + 1; 0 for success
	Msg  string
}

// childErrors are the sentinels a child can report; anything else is
// reported as ErrCorrupt.
// ErrClosed must stay last: it stands for "other".
var childErrors = []error{ErrEncrypted, ErrCorrupt, ErrTimeout, ErrTooManyPages,
	ErrDecompressedSize, ErrRenderSize, ErrMemoryLimit, ErrCrashed, ErrClosed}

func serveChild(raw string, in io.Reader, out io.Writer) int {
	var cfg Config
	if err := json.Unmarshal([]byte(raw), &cfg); err != nil {
		fmt.Fprintln(os.Stderr, "pdf reader child: bad config:", err)
		return 2
	}
	cfg.Isolated, cfg.Instances = false, 1
	r, err := open(cfg, false)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pdf reader child:", err)
		return 1
	}
	defer r.Close()
	dec := gob.NewDecoder(bufio.NewReader(in))
	bw := bufio.NewWriter(out)
	enc := gob.NewEncoder(bw)
	for {
		var req childRequest
		if err := dec.Decode(&req); err != nil {
			return 0 // the parent closed the pipe
		}
		if cfg.CrashMarker != "" && bytes.Contains(req.Req.Data, []byte(cfg.CrashMarker)) {
			return 3 // test hook: die as pdfium would on a fatal bug
		}
		rep, err := r.do(context.Background(), req.Req)
		resp := childResponse{Rep: rep}
		if err != nil {
			resp.Kind, resp.Msg = len(childErrors), err.Error() // ErrClosed stands for "other"
			for i, s := range childErrors {
				if errors.Is(err, s) {
					resp.Kind = i + 1
					break
				}
			}
		}
		if err := enc.Encode(&resp); err != nil {
			return 1
		}
		if err := bw.Flush(); err != nil {
			return 1
		}
	}
}

// child is a running reader child process.
type child struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	enc  *gob.Encoder
	dec  *gob.Decoder
	done chan struct{} // closed when the process has exited
}

func startChild(cfg Config) (*child, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("start reader process: %w", err)
	}
	raw, err := json.Marshal(cfg)
	if err != nil {
		return nil, fmt.Errorf("start reader process: %w", err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), childEnv+"="+string(raw))
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("start reader process: %w", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("start reader process: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start reader process: %w", err)
	}
	c := &child{cmd: cmd, in: in, enc: gob.NewEncoder(in), dec: gob.NewDecoder(bufio.NewReader(out)),
		done: make(chan struct{})}
	go func() {
		cmd.Wait()
		close(c.done)
	}()
	return c, nil
}

// do sends req to the child and waits for its answer until ctx ends, in
// which case the child is killed. It reports whether the child is still
// usable.
func (c *child) do(ctx context.Context, req request) (reply, bool, error) {
	type result struct {
		resp childResponse
		err  error
	}
	ch := make(chan result, 1)
	go func() {
		if err := c.enc.Encode(&childRequest{Req: req}); err != nil {
			ch <- result{err: err}
			return
		}
		var resp childResponse
		err := c.dec.Decode(&resp)
		ch <- result{resp, err}
	}()
	select {
	case <-ctx.Done():
		c.kill()
		return reply{}, false, ctx.Err()
	case res := <-ch:
		if res.err != nil {
			c.kill()
			return reply{}, false, fmt.Errorf("%w: the process stopped while reading the document", ErrCrashed)
		}
		if res.resp.Kind == 0 {
			return res.resp.Rep, true, nil
		}
		sentinel := ErrCorrupt
		if k := res.resp.Kind - 1; k < len(childErrors) && childErrors[k] != ErrClosed {
			sentinel = childErrors[k]
		}
		msg := strings.TrimPrefix(res.resp.Msg, "read pdf: ")
		return reply{}, true, fmt.Errorf("%w: %s", sentinel, msg)
	}
}

// kill stops the child at once and waits for it to exit.
func (c *child) kill() {
	c.cmd.Process.Kill()
	<-c.done
}

// stop ends the child by closing its input, then kills it if it lingers.
func (c *child) stop() {
	c.in.Close()
	select {
	case <-c.done:
	default:
		c.kill()
	}
}

// childPool holds the reader children of an isolated Reader; nil entries are
// children not started yet (or killed).
type childPool struct {
	cfg   Config
	slots chan *child
	once  sync.Once
}

func newChildPool(cfg Config) (*childPool, error) {
	p := &childPool{cfg: cfg, slots: make(chan *child, cfg.Instances)}
	c, err := startChild(cfg) // fail early if children cannot start
	if err != nil {
		return nil, err
	}
	p.slots <- c
	for range cfg.Instances - 1 {
		p.slots <- nil
	}
	return p, nil
}

func (p *childPool) do(ctx, life context.Context, req request) (reply, error) {
	var c *child
	select {
	case <-life.Done():
		return reply{}, ErrClosed
	case <-ctx.Done():
		return reply{}, ctx.Err()
	case c = <-p.slots:
	}
	if c == nil {
		var err error
		if c, err = startChild(p.cfg); err != nil {
			p.slots <- nil
			return reply{}, err
		}
	}
	rep, ok, err := c.do(ctx, req)
	if !ok {
		c = nil
	}
	p.slots <- c
	return rep, err
}

func (p *childPool) close() {
	p.once.Do(func() {
		for range cap(p.slots) {
			if c := <-p.slots; c != nil {
				c.stop()
			}
		}
	})
}

// rss returns the child's resident memory in bytes, read from /proc; 0 when
// unknown.
func (c *child) rss() uint64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", c.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			var kb uint64
			fmt.Sscanf(strings.TrimSpace(rest), "%d", &kb)
			return kb << 10
		}
	}
	return 0
}
