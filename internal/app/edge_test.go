package app_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/httpapi"
	"github.com/invex/invex/internal/testpdf"
	"github.com/invex/invex/internal/testwait"
)

// The tests of this file attack the HTTP edge of a real server on a loopback
// port with raw connections: slow headers, slow bodies, huge headers,
// hostile forms and JSON, floods of connections. None asserts a duration;
// each only bounds its own waits so that a regression fails instead of
// hanging.

// hostAddr returns the server's host:port.
func (s *server) hostAddr() string { return strings.TrimPrefix(s.URL, "http://") }

// dialFrom opens a raw connection to the server from a local IP address
// (Linux routes all of 127.0.0.0/8 to loopback, so 127.0.0.2 is another
// client as far as the server can tell).
func (s *server) dialFrom(t *testing.T, localIP string) net.Conn {
	t.Helper()
	d := net.Dialer{Timeout: 5 * time.Second}
	if localIP != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(localIP)}
	}
	c, err := d.Dial("tcp", s.hostAddr())
	if err != nil {
		if localIP != "" {
			t.Skipf("cannot dial from %s: %v", localIP, err)
		}
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// clientFrom returns an HTTP client whose connections come from localIP.
func clientFrom(localIP string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(localIP)}, Timeout: 5 * time.Second}
	return &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DialContext: d.DialContext}}
}

// readResponse reads one HTTP response from c, waiting at most wait.
func readResponse(t *testing.T, c net.Conn, wait time.Duration) (response, error) {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(wait))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return response{}, err
	}
	defer resp.Body.Close()
	// A body without a length ends when the server closes; a reset there
	// (the server hung up on unread input) still leaves what was read.
	b, _ := io.ReadAll(resp.Body)
	return response{Status: resp.StatusCode, Header: resp.Header, Body: b}, nil
}

// closedByServer reports whether the server closed c within wait, reading
// and discarding whatever it sent first.
func closedByServer(c net.Conn, wait time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(wait))
	_, err := io.Copy(io.Discard, c)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		return false
	}
	return true
}

func TestReadHeaderTimeout(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: -1,
		HTTP: httpapi.Limits{ReadHeaderTimeout: 300 * time.Millisecond}})
	c := s.dialFrom(t, "")
	// Headers that never end: the server must drop the connection.
	if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: "); err != nil {
		t.Fatal(err)
	}
	if !closedByServer(c, 20*time.Second) {
		t.Fatal("the server kept a connection whose headers never ended")
	}
	// A normal request is served meanwhile and after.
	if r := s.get("", "/healthz"); r.Status != http.StatusOK {
		t.Errorf("healthz: %d", r.Status)
	}
}

func TestHeaderSizeLimit(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: -1, HTTP: httpapi.Limits{MaxHeaderBytes: 8 << 10}})
	key := s.key("acme", 10)
	var many strings.Builder
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&many, "X-H%d: v\r\n", i)
	}
	for name, headers := range map[string]string{
		"one long header":    "X-Junk: " + strings.Repeat("j", 64<<10) + "\r\n",
		"many small headers": many.String(),
	} {
		// A raw connection, read while writing: the server answers 431 and
		// closes without reading the rest, which a client that writes
		// first would see as a reset.
		c := s.dialFrom(t, "")
		go io.WriteString(c, "GET /v1/jobs/6f1c1f7e-8a65-4a53-9d7c-2b8b2a1d9e10 HTTP/1.1\r\nHost: x\r\nX-API-Key: "+key+"\r\n"+headers+"\r\n")
		r, err := readResponse(t, c, 20*time.Second)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if r.Status != http.StatusRequestHeaderFieldsTooLarge {
			t.Errorf("%s: status %d, want 431", name, r.Status)
		}
	}
	if r := s.get(key, "/v1/jobs/6f1c1f7e-8a65-4a53-9d7c-2b8b2a1d9e10"); r.Status != http.StatusNotFound {
		t.Errorf("normal request after: %d", r.Status)
	}
}

// slowUpload starts an upload on c whose body then trickles one byte a
// second until stop is closed.
func slowUpload(t *testing.T, c net.Conn, key, contentType, head string, stop <-chan struct{}) {
	t.Helper()
	req := "POST /v1/extract/invoice HTTP/1.1\r\nHost: x\r\nX-API-Key: " + key +
		"\r\nContent-Type: " + contentType + "\r\nContent-Length: 100000\r\n\r\n" + head
	if _, err := io.WriteString(c, req); err != nil {
		t.Fatal(err)
	}
	go func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				if _, err := c.Write([]byte("A")); err != nil {
					return
				}
			}
		}
	}()
}

func TestSlowBodyIsCut(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: -1,
		HTTP: httpapi.Limits{UploadGrace: time.Second, MinUploadRate: 1 << 10}})
	key := s.key("acme", 10)
	stop := make(chan struct{})
	defer close(stop)
	forms := map[string][2]string{
		"json":      {"application/json", `{"file_base64":"`},
		"multipart": {"multipart/form-data; boundary=XX", "--XX\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n\r\n%PDF-1.7\n"},
	}
	for name, f := range forms {
		t.Run(name, func(t *testing.T) {
			c := s.dialFrom(t, "")
			slowUpload(t, c, key, f[0], f[1], stop)
			r, err := readResponse(t, c, 30*time.Second)
			if err != nil {
				t.Fatalf("no answer to a trickling upload: %v", err)
			}
			checkProblem(t, r, http.StatusRequestTimeout, "request_timeout")
			validate(t, s.app.OpenAPI(), "POST", "/v1/extract/invoice", r)
			if !closedByServer(c, 20*time.Second) {
				t.Error("the connection stayed open after the 408")
			}
		})
	}
	waitEmpty(t, filepath.Join(s.DataDir, "tmp"))
	// Nothing was charged.
	if got := s.submitMultipart(key, testpdf.Italian().PDF(), "").json(t)["quota_remaining"]; got != float64(9) {
		t.Errorf("quota_remaining = %v, want 9", got)
	}
}

// waitEmpty waits until dir is empty (a handler may still be cleaning up
// after its client went away), and fails if it never is.
func waitEmpty(t *testing.T, dir string) {
	t.Helper()
	var names []string
	empty := testwait.For(20*time.Second, func() bool {
		var err error
		names, err = readDir(dir)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		return len(names) == 0
	})
	if !empty {
		t.Errorf("%s still holds %v", dir, names)
	}
}

// rawForm builds a multipart body by hand, so that it can be wrong.
func rawForm(parts ...string) (string, string) {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString("--BB\r\n" + p + "\r\n")
	}
	b.WriteString("--BB--\r\n")
	return b.String(), "multipart/form-data; boundary=BB"
}

func filePart(headers string, body []byte) string {
	return "Content-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\nContent-Type: application/pdf\r\n" +
		headers + "\r\n" + string(body)
}

func TestMultipartLimits(t *testing.T) {
	// Any temporary file the standard library might create would land here.
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	s := startServer(t, t.TempDir(), app.Config{Workers: -1})
	key := s.key("acme", 100)
	pdf := testpdf.Italian().PDF()
	field := func(name, v string) string {
		return "Content-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + v
	}

	manyFields := []string{filePart("", pdf)}
	for i := 0; i < 20; i++ {
		manyFields = append(manyFields, field(fmt.Sprint("f", i), "v"))
	}
	cases := []struct {
		name   string
		parts  []string
		status int
		code   string
	}{
		{"two file parts", []string{filePart("", pdf), filePart("", pdf)}, 400, "invalid_request"},
		{"too many parts", manyFields, 400, "invalid_request"},
		{"too many header lines", []string{filePart(strings.Repeat("X-A: b\r\n", 20), pdf)}, 400, "invalid_request"},
		{"huge part headers", []string{filePart(strings.Repeat("X-"+strings.Repeat("a", 1000)+": b\r\n", 100), pdf)}, 413, "request_too_large"},
		{"long field", []string{field("locale", strings.Repeat("x", 100<<10)), filePart("", pdf)}, 400, "invalid_request"},
		{"unnamed part", []string{"Content-Type: text/plain\r\n\r\nhello", filePart("", pdf)}, 400, "invalid_request"},
		{"no file part", []string{field("locale", "it")}, 422, "invalid_request"},
		{"file part not a pdf", []string{filePart("", []byte("PK\x03\x04zip"))}, 422, "invalid_pdf"},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			body, ct := rawForm(tt.parts...)
			r := s.post(key, ct, strings.NewReader(body))
			checkProblem(t, r, tt.status, tt.code)
			validate(t, s.app.OpenAPI(), "POST", "/v1/extract/invoice", r)
		})
	}
	t.Run("client gone mid-file", func(t *testing.T) {
		c := s.dialFrom(t, "")
		body, _ := rawForm(filePart("", pdf))
		io.WriteString(c, "POST /v1/extract/invoice HTTP/1.1\r\nHost: x\r\nX-API-Key: "+key+
			"\r\nContent-Type: multipart/form-data; boundary=BB\r\nContent-Length: 10000000\r\n\r\n"+body[:len(body)/2])
		// Gone once the server is spooling the file.
		if !testwait.For(10*time.Second, func() bool {
			names, _ := readDir(filepath.Join(s.DataDir, "tmp"))
			return len(names) > 0
		}) {
			t.Fatal("the server never began spooling the upload")
		}
		c.Close()
	})
	// An accepted form still works.
	body, ct := rawForm(field("locale", "de"), filePart("", pdf))
	s.accepted(s.post(key, ct, strings.NewReader(body)))

	waitEmpty(t, filepath.Join(s.DataDir, "tmp"))
	waitEmpty(t, tmp)
}

// countingWriter writes to w and counts what it wrote.
type countingWriter struct {
	w io.Writer
	n atomic.Int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n.Add(int64(n))
	return n, err
}

// endlessPost sends a chunked upload of head followed by filler forever,
// and returns the server's answer and how many bytes the client managed to
// write before the server stopped reading.
func endlessPost(t *testing.T, s *server, key, contentType, head string, filler byte) (response, int64) {
	t.Helper()
	c := s.dialFrom(t, "")
	io.WriteString(c, "POST /v1/extract/invoice HTTP/1.1\r\nHost: x\r\nX-API-Key: "+key+
		"\r\nContent-Type: "+contentType+"\r\nTransfer-Encoding: chunked\r\n\r\n")
	cw := &countingWriter{w: c}
	done := make(chan struct{})
	go func() {
		defer close(done)
		chunk := bytes.Repeat([]byte{filler}, 32<<10)
		fmt.Fprintf(cw, "%x\r\n%s\r\n", len(head), head)
		for {
			c.SetWriteDeadline(time.Now().Add(5 * time.Second))
			if _, err := fmt.Fprintf(cw, "%x\r\n%s\r\n", len(chunk), chunk); err != nil {
				return
			}
		}
	}()
	r, err := readResponse(t, c, 60*time.Second)
	if err != nil {
		t.Fatalf("no answer to an endless body: %v", err)
	}
	c.Close()
	<-done
	return r, cw.n.Load()
}

func TestJSONLimits(t *testing.T) {
	const maxDoc = 1 << 20
	s := startServer(t, t.TempDir(), app.Config{Workers: -1, MaxUploadBytes: maxDoc})
	key := s.key("acme", 100)

	t.Run("deep nesting", func(t *testing.T) {
		r := s.post(key, "application/json", strings.NewReader(`{"x":`+strings.Repeat("[", 10000)+`,"file_base64":"JVBERi0xLjcK"}`))
		checkProblem(t, r, 400, "invalid_request")
	})
	t.Run("many members", func(t *testing.T) {
		var b strings.Builder
		b.WriteString("{")
		for i := 0; i < 100; i++ {
			fmt.Fprintf(&b, `"m%d":1,`, i)
		}
		b.WriteString(`"file_base64":"JVBERi0xLjcK"}`)
		checkProblem(t, s.post(key, "application/json", strings.NewReader(b.String())), 400, "invalid_request")
	})
	// Socket buffers on both sides hold some megabytes that the server never
	// reads; anything near the whole endless body would mean it kept reading.
	const slack = 32 << 20
	t.Run("endless other member", func(t *testing.T) {
		r, sent := endlessPost(t, s, key, "application/json", `{"x":[`, '1')
		checkProblem(t, r, http.StatusRequestEntityTooLarge, "request_too_large")
		if sent > slack {
			t.Errorf("the client wrote %d bytes before the server stopped it", sent)
		}
	})
	t.Run("endless document", func(t *testing.T) {
		r, sent := endlessPost(t, s, key, "application/json", `{"file_base64":"JVBERi0xLjcK`, 'A')
		checkProblem(t, r, http.StatusRequestEntityTooLarge, "file_too_large")
		if sent > maxDoc*4/3+slack {
			t.Errorf("the client wrote %d bytes before the server stopped it", sent)
		}
	})
	t.Run("endless form", func(t *testing.T) {
		head := "--BB\r\n" + filePart("", []byte("%PDF-1.7\n"))
		r, sent := endlessPost(t, s, key, "multipart/form-data; boundary=BB", head, '0')
		checkProblem(t, r, http.StatusRequestEntityTooLarge, "file_too_large")
		if sent > maxDoc+slack {
			t.Errorf("the client wrote %d bytes before the server stopped it", sent)
		}
	})
	waitEmpty(t, filepath.Join(s.DataDir, "tmp"))
}

func TestSlowClientsCannotStarveOthers(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: -1, HTTP: httpapi.Limits{
		MaxConnsPerIP:        8,
		MaxUploadsPerAccount: 2,
		UploadSlotWait:       100 * time.Millisecond,
		ReadHeaderTimeout:    time.Minute, // the slow connections stay for the whole test
		UploadGrace:          time.Minute,
	}})
	attacker := s.key("attacker", 100)
	victim := s.key("victim", 100)
	stop := make(chan struct{})
	defer close(stop)

	t.Run("connections per address", func(t *testing.T) {
		var conns []net.Conn
		for i := 0; i < 8; i++ {
			c := s.dialFrom(t, "127.0.0.2")
			io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n") // never finished
			conns = append(conns, c)
		}
		// Any more from that address are refused at once, and hold nothing.
		base := runtime.NumGoroutine()
		for i := 0; i < 100; i++ {
			c := s.dialFrom(t, "127.0.0.2")
			r, err := readResponse(t, c, 20*time.Second)
			if err != nil {
				t.Fatalf("connection %d beyond the limit: %v", i, err)
			}
			checkProblem(t, r, http.StatusServiceUnavailable, "unavailable")
			c.Close()
		}
		if grown := runtime.NumGoroutine() - base; grown > 30 {
			t.Errorf("100 refused connections left %d more goroutines", grown)
		}
		// Others are served.
		s.accepted(s.submitMultipart(victim, testpdf.Italian().PDF(), ""))
		if r := s.get("", "/healthz"); r.Status != http.StatusOK {
			t.Errorf("healthz: %d", r.Status)
		}
		// Closing frees the slots.
		for _, c := range conns {
			c.Close()
		}
		freed := testwait.For(20*time.Second, func() bool {
			resp, err := clientFrom("127.0.0.2").Get(s.URL + "/healthz")
			if err != nil {
				return false
			}
			resp.Body.Close()
			return resp.StatusCode == http.StatusOK
		})
		if !freed {
			t.Fatal("the address stayed refused after closing its connections")
		}
	})

	t.Run("uploads per account", func(t *testing.T) {
		for i := 0; i < 2; i++ {
			slowUpload(t, s.dialFrom(t, "127.0.0.3"), attacker, "application/json", `{"file_base64":"`, stop)
		}
		// Wait until both hold their slot: a third is refused.
		var r response
		testwait.For(20*time.Second, func() bool {
			r = s.submitMultipart(attacker, testpdf.Italian().PDF(), "")
			return r.Status != http.StatusAccepted
		})
		checkProblem(t, r, http.StatusTooManyRequests, "rate_limited")
		if r.Header.Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
		// Another account is not affected.
		inv := testpdf.Italian()
		inv.Salt = "victim-2"
		id := s.accepted(s.submitJSON(victim, inv.PDF(), ""))
		if r := s.get(victim, "/v1/jobs/"+id); r.Status != http.StatusOK {
			t.Errorf("poll: %d", r.Status)
		}
	})
}

func TestAuthBruteForceLimited(t *testing.T) {
	var logs syncBuffer
	s := startServer(t, t.TempDir(), app.Config{Workers: -1,
		Logger: newDebugLogger(&logs),
		HTTP:   httpapi.Limits{AuthFailures: 5, AuthFailureInterval: time.Minute}})
	good := s.key("acme", 100)
	other := s.key("other", 100)
	attacker := clientFrom("127.0.0.2")
	send := func(c *http.Client, key string) response {
		req, _ := http.NewRequest(http.MethodGet, s.URL+"/v1/jobs/6f1c1f7e-8a65-4a53-9d7c-2b8b2a1d9e10", nil)
		req.Header.Set("X-API-Key", key)
		resp, err := c.Do(req)
		if err != nil {
			t.Skipf("cannot send from 127.0.0.2: %v", err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return response{Status: resp.StatusCode, Header: resp.Header, Body: b}
	}
	for i := 0; i < 5; i++ {
		r := send(attacker, fmt.Sprintf("inv_%040d", i))
		if r.Status != http.StatusUnauthorized {
			t.Fatalf("attempt %d: status %d, want 401", i, r.Status)
		}
	}
	for i := 0; i < 3; i++ {
		r := send(attacker, fmt.Sprintf("inv_%040d", 100+i))
		checkProblem(t, r, http.StatusTooManyRequests, "rate_limited")
		if ra := r.Header.Get("Retry-After"); ra == "" || ra == "0" {
			t.Errorf("Retry-After = %q", ra)
		}
	}
	// While it waits, even a valid key from that address is refused: a key
	// found by guessing would otherwise be confirmed.
	checkProblem(t, send(attacker, other), http.StatusTooManyRequests, "rate_limited")
	// Other clients are unaffected, with either endpoint.
	if r := s.get(good, "/v1/jobs/6f1c1f7e-8a65-4a53-9d7c-2b8b2a1d9e10"); r.Status != http.StatusNotFound {
		t.Errorf("good client: %d: %s", r.Status, r.Body)
	}
	s.accepted(s.submitMultipart(good, testpdf.Italian().PDF(), ""))
	if !strings.Contains(logs.String(), `"invalid api key"`) {
		t.Error("refused keys are not logged")
	}
}

// The tests below check that secrets and internals never leave the server.

func TestErrorBodiesDoNotLeak(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: -1})
	key := s.key("acme", 100)
	leaks := []string{"goroutine", ".go:", "/work", "SELECT", "sqlite", "panic", "runtime.", s.DataDir, os.TempDir()}
	var bodies []response
	add := func(r response) { bodies = append(bodies, r) }

	add(s.get("inv_"+strings.Repeat("A", 40), "/v1/jobs/x"))
	add(s.get("garbage'; SELECT * FROM api_keys --", "/v1/jobs/x"))
	add(s.get(key, "/v1/jobs/not-a-uuid"))
	add(s.get(key, "/v1/jobs/6f1c1f7e-8a65-4a53-9d7c-2b8b2a1d9e10"))
	add(s.get(key, "/v1/jobs/' OR 1=1 --"))
	add(s.get(key, "/nope/../../etc/passwd"))
	add(s.post(key, "application/json", strings.NewReader(`{"file_base64":`)))
	add(s.post(key, "application/json", strings.NewReader(`{"file_base64":"%%%"}`)))
	add(s.post(key, "multipart/form-data; boundary=BB", strings.NewReader("--BB\r\nbroken")))
	add(s.post(key, "multipart/form-data", strings.NewReader("x")))
	add(s.post(key, "text/plain", strings.NewReader("x")))
	req, _ := http.NewRequest(http.MethodDelete, s.URL+"/v1/jobs/x", nil)
	req.Header.Set("X-API-Key", key)
	add(s.do(req))

	// Internal errors: the spool directory is gone, then the database.
	if err := os.RemoveAll(filepath.Join(s.DataDir, "tmp")); err != nil {
		t.Fatal(err)
	}
	r := s.submitMultipart(key, testpdf.Italian().PDF(), "")
	checkProblem(t, r, http.StatusInternalServerError, "internal")
	add(r)
	if err := s.app.Store().Close(); err != nil {
		t.Fatal(err)
	}
	r = s.get(key, "/v1/jobs/6f1c1f7e-8a65-4a53-9d7c-2b8b2a1d9e10")
	checkProblem(t, r, http.StatusServiceUnavailable, "unavailable")
	add(r)
	add(s.get("", "/readyz"))

	for _, r := range bodies {
		if r.Status < 400 {
			t.Errorf("status %d for a bad request: %s", r.Status, r.Body)
		}
		for _, l := range leaks {
			if bytes.Contains(r.Body, []byte(l)) {
				t.Errorf("error body leaks %q: %s", l, r.Body)
			}
		}
	}
}

func TestKeyNeverStoredOrLogged(t *testing.T) {
	var logs syncBuffer
	dir := t.TempDir()
	s := startServer(t, dir, app.Config{Logger: newDebugLogger(&logs)})
	key := s.key("acme", 100)
	secret := key[4:] // the random part

	id := s.accepted(s.submitMultipart(key, testpdf.Italian().PDF(), ""))
	s.wait(key, id)
	s.get(key, "/v1/jobs/"+id+"?api_key="+key)
	s.get(key[:len(key)-1]+"x", "/v1/jobs/"+id) // a near miss
	s.get(key+"x", "/v1/jobs/"+id)
	req, _ := http.NewRequest(http.MethodGet, s.URL+"/v1/jobs/"+id, nil)
	req.Header.Set("X-API-Key", key)
	req.Header.Set("X-Request-Id", key) // a client's mistake
	if r := s.do(req); r.Header.Get("X-Request-Id") == key {
		t.Error("the key was taken as the request id")
	}
	s.post(key, "application/json", strings.NewReader(`{"file_base64":"`+key+`"}`))
	s.stop()

	for _, v := range []string{key, secret, secret[:20]} {
		if strings.Contains(logs.String(), v) {
			t.Errorf("the logs hold the key (or part %q of it)", v)
		}
	}

	// Not in any file of the data directory (database, WAL, blobs)…
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if bytes.Contains(b, []byte(secret)) {
			t.Errorf("%s holds the key", path)
		}
		return nil
	})
	// …nor in any column of any table, and the key is stored as its hash.
	st, err := app.OpenStore(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	db := st.WriteDB()
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table'`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		rows.Scan(&n)
		tables = append(tables, n)
	}
	rows.Close()
	if len(tables) < 4 {
		t.Fatalf("only tables %v", tables)
	}
	for _, table := range tables {
		scanTable(t, db, table, secret)
	}
	var hash []byte
	var prefix string
	if err := db.QueryRow(`SELECT hash, prefix FROM api_keys`).Scan(&hash, &prefix); err != nil {
		t.Fatal(err)
	}
	if want := sha256Sum(key); !bytes.Equal(hash, want) {
		t.Errorf("api_keys.hash = %x, want SHA-256 of the key %x", hash, want)
	}
	if len(prefix) > 10 || !strings.HasPrefix(key, prefix) {
		t.Errorf("api_keys.prefix = %q: more than a short prefix of the key", prefix)
	}
}

// scanTable fails if any value of any row of table contains secret.
func scanTable(t *testing.T, db *sql.DB, table, secret string) {
	t.Helper()
	rows, err := db.Query(`SELECT * FROM "` + table + `"`)
	if err != nil {
		t.Fatalf("scan %s: %v", table, err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for i, v := range vals {
			if strings.Contains(fmt.Sprintf("%s", v), secret) {
				t.Errorf("table %s, column %s holds the key", table, cols[i])
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}

func sha256Sum(s string) []byte {
	h := sha256.Sum256([]byte(s))
	return h[:]
}

func newDebugLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
}
