// Package s3test runs a real S3-compatible server for tests: SeaweedFS
// ("weed server -s3"), a program of its own, started on free loopback
// ports with its data in a temporary directory, stopped and started again
// at will (outage tests). Tests skip when the weed program is not found:
// set INVEX_WEED to its path or put it on the PATH; .ci/run builds it from
// SeaweedFS's Go module.
package s3test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// Credentials the server is configured with.
const (
	AccessKey = "invex-test"
	SecretKey = "invex-test-secret"
)

// Server is a running SeaweedFS with its S3 gateway.
type Server struct {
	// Endpoint is the S3 gateway's URL, http://127.0.0.1:PORT.
	Endpoint string
	// Bucket exists on the server, empty at start.
	Bucket string

	t     testing.TB
	bin   string
	dir   string
	ports [4]int // s3, master, volume, filer
	mu    sync.Mutex
	cmd   *exec.Cmd
}

// Weed returns the path of the weed program, or "" when it is not found.
func Weed() string {
	if p := os.Getenv("INVEX_WEED"); p != "" {
		return p
	}
	p, _ := exec.LookPath("weed")
	return p
}

// Start runs a server for the test (skipping it when weed is not found)
// and creates a bucket. It is stopped when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := Weed()
	if bin == "" {
		t.Skip("S3 tests need SeaweedFS's weed program: set INVEX_WEED or put weed on the PATH (.ci/run builds it)")
	}
	s := &Server{t: t, bin: bin, dir: t.TempDir(), Bucket: "invex-test"}
	copy(s.ports[:], freePorts(t, len(s.ports)))
	s.Endpoint = "http://127.0.0.1:" + strconv.Itoa(s.ports[0])
	cfg := filepath.Join(s.dir, "s3.json")
	os.WriteFile(cfg, []byte(fmt.Sprintf(`{"identities":[{"name":"invex","credentials":[{"accessKey":%q,"secretKey":%q}],"actions":["Admin","Read","List","Tagging","Write"]}]}`,
		AccessKey, SecretKey)), 0o600)
	s.Up()
	t.Cleanup(s.Down)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	c := s.Client()
	for {
		err := c.MakeBucket(ctx, s.Bucket, minio.MakeBucketOptions{})
		if err == nil || minio.ToErrorResponse(err).Code == "BucketAlreadyOwnedByYou" {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("s3test: create bucket: %v\n%s", err, s.log())
		}
		time.Sleep(200 * time.Millisecond)
	}
	// The first write makes the server allocate its volumes, which takes
	// seconds: done here, so that tests time their own work.
	if _, err := c.PutObject(ctx, s.Bucket, "warm-up", strings.NewReader("x"), 1, minio.PutObjectOptions{}); err != nil {
		t.Fatalf("s3test: first write: %v\n%s", err, s.log())
	}
	c.RemoveObject(ctx, s.Bucket, "warm-up", minio.RemoveObjectOptions{})
	return s
}

// Client returns a client of the server with the test credentials.
func (s *Server) Client() *minio.Client {
	c, err := minio.New("127.0.0.1:"+strconv.Itoa(s.ports[0]), &minio.Options{
		Creds: credentials.NewStaticV4(AccessKey, SecretKey, ""), BucketLookup: minio.BucketLookupPath, Region: "us-east-1"})
	if err != nil {
		s.t.Fatal(err)
	}
	return c
}

// Up starts the server (again, with its data) and waits until its S3
// gateway answers.
func (s *Server) Up() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		return
	}
	data := filepath.Join(s.dir, "data")
	os.MkdirAll(data, 0o750)
	logf, err := os.OpenFile(filepath.Join(s.dir, "weed.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		s.t.Fatal(err)
	}
	cmd := exec.Command(s.bin, "server", "-dir="+data, "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
		"-s3", "-s3.port="+strconv.Itoa(s.ports[0]), "-s3.config="+filepath.Join(s.dir, "s3.json"),
		"-master.port="+strconv.Itoa(s.ports[1]), "-volume.port="+strconv.Itoa(s.ports[2]),
		"-filer.port="+strconv.Itoa(s.ports[3]), "-volume.max=8", "-master.volumeSizeLimitMB=64",
		// The catalog servers listen on fixed ports by default, which two
		// servers of parallel test packages would share.
		"-s3.port.iceberg=0", "-s3.port.lance=0")
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.Dir = s.dir
	// A key for server-side encryption (SSE-S3), as an operator would set
	// it in security.toml.
	cmd.Env = append(os.Environ(), "WEED_S3_SSE_KEY=invex-test-sse-key")
	if err := cmd.Start(); err != nil {
		s.t.Fatalf("s3test: start weed: %v", err)
	}
	s.cmd = cmd
	// It answers within seconds on an idle machine; CI runs it beside
	// other test packages, which may slow it many times over.
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		resp, err := http.Get(s.Endpoint + "/")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	s.t.Fatalf("s3test: the S3 gateway did not answer within 3 minutes\n%s", s.log())
}

// Down stops the server; its data stay for Up.
func (s *Server) Down() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return
	}
	s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		s.cmd.Process.Kill()
		<-done
	}
	s.cmd = nil
}

func (s *Server) log() string {
	b, _ := os.ReadFile(filepath.Join(s.dir, "weed.log"))
	if len(b) > 12000 {
		b = b[len(b)-12000:]
	}
	return string(b)
}

// freePorts returns n loopback TCP ports free now. SeaweedFS also listens
// on each port + 10000 for gRPC, so all 2n ports are distinct and free.
// They are drawn below the kernel's usual ephemeral range (32768 and up),
// so that no outgoing connection of another test takes one between this
// check and the server's start, nor between a Down and the next Up.
func freePorts(t testing.TB, n int) []int {
	const lo, hi = 12000, 22700 // p and p+10000 both below 32768
	used := map[int]bool{}
	var ports []int
	for try := 0; len(ports) < n && try < 1000; try++ {
		p := lo + rand.IntN(hi-lo)
		if used[p] || used[p+10000] || !free(p) || !free(p+10000) {
			continue
		}
		used[p], used[p+10000] = true, true
		ports = append(ports, p)
	}
	if len(ports) < n {
		t.Fatal("s3test: no free ports")
	}
	return ports
}

func free(port int) bool {
	l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port))
	if err != nil {
		return false
	}
	l.Close()
	return true
}
