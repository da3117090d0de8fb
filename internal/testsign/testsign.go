// Package testsign signs files as CAdES / CMS envelopes (.p7m) for tests,
// with OpenSSL, the tool signing software and its users rely on: the
// envelopes are made as real signers make them, never by invex's own code.
package testsign

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Options choose the envelope's form.
type Options struct {
	// Stream writes BER with indefinite lengths and the content in
	// segments, as streaming signers do; otherwise DER.
	Stream bool
	// EC signs with an ECDSA P-256 key instead of RSA.
	EC bool
	// Name is the signer's common name; default "Test Signer".
	Name string
}

// Sign returns content signed in a DER (or BER, with Stream) SignedData
// envelope holding the content and the signer's certificate. The test is
// skipped when openssl is not installed.
func Sign(t testing.TB, content []byte, opt Options) []byte {
	t.Helper()
	if _, err := exec.LookPath("openssl"); err != nil {
		t.Skip("openssl is not installed (apt-get install -y openssl); .ci/run installs it")
	}
	dir := t.TempDir()
	name := opt.Name
	if name == "" {
		name = "Test Signer"
	}
	key, cert, in, out := filepath.Join(dir, "key.pem"), filepath.Join(dir, "cert.pem"),
		filepath.Join(dir, "in"), filepath.Join(dir, "out.p7m")
	newkey := []string{"-newkey", "rsa:2048"}
	if opt.EC {
		newkey = []string{"-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"}
	}
	run(t, append(append([]string{"req", "-x509"}, newkey...),
		"-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN="+name+"/O=Invex Test")...)
	if err := os.WriteFile(in, content, 0o600); err != nil {
		t.Fatal(err)
	}
	args := []string{"cms", "-sign", "-binary", "-nodetach", "-in", in, "-signer", cert, "-inkey", key,
		"-outform", "DER", "-out", out}
	if opt.Stream {
		args = append(args, "-stream")
	}
	run(t, args...)
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func run(t testing.TB, args ...string) {
	t.Helper()
	cmd := exec.Command("openssl", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("openssl %v: %v: %s", args, err, stderr.String())
	}
}
