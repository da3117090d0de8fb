package cms_test

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"github.com/invex/invex/extract/cms"
	"github.com/invex/invex/internal/testsign"
)

var content = []byte("<?xml version=\"1.0\"?>\n<p:FatturaElettronica versione=\"FPR12\"/>\n")

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name string
		opt  testsign.Options
	}{
		{"der-rsa", testsign.Options{Name: "Mario Rossi"}},
		{"ber-stream-rsa", testsign.Options{Name: "Mario Rossi", Stream: true}},
		{"der-ecdsa", testsign.Options{Name: "Mario Rossi", EC: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := testsign.Sign(t, content, tc.opt)
			if !cms.LooksSigned(env) {
				t.Fatal("LooksSigned = false for a signed envelope")
			}
			s, err := cms.Parse(env, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(s.Content, content) {
				t.Fatalf("content = %q, want %q", s.Content, content)
			}
			if len(s.Signers) != 1 {
				t.Fatalf("%d signers, want 1", len(s.Signers))
			}
			sg := s.Signers[0]
			if sg.Name != "Mario Rossi" || !sg.Verified || sg.Problem != "" {
				t.Errorf("signer = %+v, want Mario Rossi, verified", sg)
			}
			if sg.Time == nil || time.Since(*sg.Time) > time.Hour || time.Since(*sg.Time) < -time.Hour {
				t.Errorf("signing time = %v, want about now", sg.Time)
			}
		})
	}
}

// A content changed after signing is still returned, with the signature
// reported as not verifying.
func TestParseTampered(t *testing.T) {
	env := testsign.Sign(t, content, testsign.Options{})
	i := bytes.Index(env, []byte("FPR12"))
	if i < 0 {
		t.Fatal("content not found in the envelope")
	}
	env[i+4] = '3'
	s, err := cms.Parse(env, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(s.Content, []byte("FPR13")) {
		t.Errorf("content = %q", s.Content)
	}
	if sg := s.Signers[0]; sg.Verified || sg.Problem == "" {
		t.Errorf("signer = %+v, want not verified with a problem", sg)
	}
}

func TestParseBad(t *testing.T) {
	env := testsign.Sign(t, content, testsign.Options{})
	for _, tc := range []struct {
		name string
		data []byte
		want error
	}{
		{"truncated", env[:len(env)/2], cms.ErrMalformed},
		{"header only", env[:20], cms.ErrMalformed},
		{"not cms", []byte("<?xml version='1.0'?><a/>"), cms.ErrNotSignedData},
		{"empty", nil, cms.ErrNotSignedData},
		{"deep nesting", deep(10000), cms.ErrMalformed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := cms.Parse(tc.data, 1<<20)
			if !errors.Is(err, tc.want) {
				t.Errorf("err = %v, want %v", err, tc.want)
			}
		})
	}
	if _, err := cms.Parse(env, 10); !errors.Is(err, cms.ErrMalformed) {
		t.Errorf("content over the limit: err = %v, want ErrMalformed", err)
	}
}

// deep is a signed-data header followed by n nested indefinite sequences.
func deep(n int) []byte {
	b := []byte{0x30, 0x80, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02, 0xa0, 0x80}
	for range n {
		b = append(b, 0x30, 0x80)
	}
	return b
}

func FuzzParse(f *testing.F) {
	f.Add([]byte{0x30, 0x80, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02, 0xa0, 0x80, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := cms.Parse(b, 1<<16)
		if err == nil && len(s.Content) > 1<<16 {
			t.Fatalf("content of %d bytes over the limit", len(s.Content))
		}
	})
}
