package pgtest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Server is a PostgreSQL server of a test's own: a cluster created with
// initdb in a temporary directory, listening on a free loopback port, that
// the test may stop and start (to simulate an outage) without touching the
// machine's shared server. It is stopped and removed when the test ends.
type Server struct {
	// URL is the server's postgres database, user postgres, trust
	// authentication.
	URL string
	// Port is the TCP port on 127.0.0.1.
	Port int

	t    testing.TB
	bin  string // directory of initdb, pg_ctl, postgres
	dir  string // holds data/, the socket and the log
	cred *syscall.Credential
}

// BinDir returns the directory of the PostgreSQL server programs (initdb,
// pg_ctl), the newest of /usr/lib/postgresql/*/bin or the one on PATH, or
// "" when none is installed.
func BinDir() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "pg_ctl")); err == nil {
			return d
		}
	}
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		return filepath.Dir(p)
	}
	return ""
}

func version(binDir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return n
}

// NewServer creates and starts a server. Without the server programs it
// skips the test, or fails it when EnvVar is set (CI must not pass by
// skipping). PostgreSQL refuses to run as root, so as root the cluster is
// created and run as the "postgres" user.
func NewServer(t testing.TB) *Server {
	t.Helper()
	_, required := os.LookupEnv(EnvVar)
	bin := BinDir()
	if bin == "" {
		if required {
			t.Fatalf("pgtest: %s is set but no PostgreSQL server programs (initdb, pg_ctl) are installed", EnvVar)
		}
		t.Skip("pgtest: no PostgreSQL server programs (initdb, pg_ctl) under /usr/lib/postgresql or on PATH")
	}
	s := &Server{t: t, bin: bin}
	var err error
	if s.dir, err = os.MkdirTemp("", "invex-pg-"); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(func() { os.RemoveAll(s.dir) })
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Fatalf("pgtest: running as root and there is no postgres user to run the server as: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		s.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(s.dir, uid, gid); err != nil {
			t.Fatalf("pgtest: %v", err)
		}
	}
	if out, err := s.run("initdb", "-D", s.data(), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"); err != nil {
		t.Fatalf("pgtest: initdb: %v\n%s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("pgtest: find a free port: %v", err)
	}
	s.Port = ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	conf := fmt.Sprintf("listen_addresses = '127.0.0.1'\nport = %d\nunix_socket_directories = '%s'\n"+
		"fsync = off\nmax_connections = 200\n", s.Port, s.dir)
	if err := os.WriteFile(filepath.Join(s.data(), "postgresql.auto.conf"), []byte(conf), 0o600); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	if s.cred != nil {
		os.Chown(filepath.Join(s.data(), "postgresql.auto.conf"), int(s.cred.Uid), int(s.cred.Gid))
	}
	s.URL = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", s.Port)
	s.Start()
	t.Cleanup(func() { s.run("pg_ctl", "-D", s.data(), "stop", "-m", "immediate", "-w") })
	return s
}

func (s *Server) data() string { return filepath.Join(s.dir, "data") }

// Start starts the server and waits until it accepts connections.
func (s *Server) Start() {
	s.t.Helper()
	if out, err := s.run("pg_ctl", "-D", s.data(), "-l", filepath.Join(s.dir, "log"), "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(s.dir, "log"))
		s.t.Fatalf("pgtest: start server: %v\n%s\n%s", err, out, log)
	}
}

// Stop stops the server at once, as a crash or a pulled cable would: every
// connection is cut, no checkpoint is written (pg_ctl stop -m immediate).
func (s *Server) Stop() {
	s.t.Helper()
	if out, err := s.run("pg_ctl", "-D", s.data(), "stop", "-m", "immediate", "-w"); err != nil {
		s.t.Fatalf("pgtest: stop server: %v\n%s", err, out)
	}
}

// run runs one of the server programs, as the postgres user when this
// process is root.
func (s *Server) run(prog string, args ...string) (string, error) {
	cmd := exec.Command(filepath.Join(s.bin, prog), args...)
	cmd.Dir = s.dir
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	if s.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: s.cred}
	}
	// pg_ctl start leaves the server running with its output in the log
	// file; the pipes must not keep this call waiting for it.
	done := make(chan struct{})
	var out []byte
	var err error
	go func() {
		out, err = cmd.CombinedOutput()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		<-done
		err = fmt.Errorf("%s did not finish within 2 minutes", prog)
	}
	return strings.TrimSpace(string(out)), err
}
