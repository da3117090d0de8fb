package intake

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
)

// counting is an endless source that counts what was read from it.
type counting struct {
	r io.Reader
	n int64
}

func (c *counting) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

type fill byte

func (f fill) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(f)
	}
	return len(p), nil
}

// endless returns a body that starts with head and never ends.
func endless(head string, filler byte) *counting {
	return &counting{r: io.MultiReader(strings.NewReader(head), fill(filler))}
}

// checkCut checks that a read stopped near the envelope limit.
func checkCut(t *testing.T, name string, err error, want Kind, read int64) {
	t.Helper()
	if got := kindOf(err); got != want {
		t.Errorf("%s: kind = %v (%.200v), want %v", name, got, err, want)
	}
	if read > DefaultMaxEnvelopeBytes+64<<10 {
		t.Errorf("%s: read %d bytes of an endless body, want the cut near %d", name, read, DefaultMaxEnvelopeBytes)
	}
}

func TestMultipartBodyEnvelope(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	lim := Limits{MaxFileBytes: 1 << 20}
	const b = "XyZb0undary"
	part := func(headers string) string {
		return "--" + b + "\r\n" + headers + "\r\n"
	}
	fileHeaders := "Content-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\nContent-Type: application/pdf\r\n"

	// A well-formed form passes, with a document larger than the envelope.
	big := append(append([]byte{}, pdf...), bytes.Repeat([]byte("0"), 200<<10)...)
	body := part(fileHeaders) + string(big) + "\r\n--" + b + "--\r\n"
	up, err := MultipartBody(strings.NewReader(body), b, dir, lim)
	if err != nil {
		t.Fatalf("good form: %v", err)
	}
	checkUpload(t, up, big)
	up.Remove()

	endlessCases := []struct {
		name, head string
		filler     byte
		kind       Kind
	}{
		{"endless header line", part("X-Junk: "), 'a', KindEnvelopeTooLarge},
		{"endless preamble", "", 'a', KindMalformed}, // a line longer than 4 KiB
		{"endless field", part("Content-Disposition: form-data; name=\"locale\"\r\n"), 'a', KindMalformed},
	}
	for _, tt := range endlessCases {
		src := endless(tt.head, tt.filler)
		up, err := MultipartBody(src, b, dir, lim)
		if err == nil {
			up.Remove()
			t.Errorf("%s: accepted", tt.name)
			continue
		}
		checkCut(t, tt.name, err, tt.kind, src.n)
	}

	// Endless header lines, each short.
	src := &counting{r: io.MultiReader(strings.NewReader(part(fileHeaders)[:len(part(""))]), strings.NewReader(strings.Repeat("X-A: b\r\n", 1<<20)))}
	if _, err := MultipartBody(src, b, dir, lim); err == nil {
		t.Error("endless header lines: accepted")
	} else {
		checkCut(t, "endless header lines", err, KindEnvelopeTooLarge, src.n)
	}

	// Too many header lines in one part.
	many := part(fileHeaders+strings.Repeat("X-A: b\r\n", DefaultMaxPartHeaders)) + string(pdf) + "\r\n--" + b + "--\r\n"
	if _, err := MultipartBody(strings.NewReader(many), b, dir, lim); kindOf(err) != KindMalformed {
		t.Errorf("many header lines: %v, want KindMalformed", err)
	}

	// Many small fields add up to more than the envelope.
	var fields strings.Builder
	for i := 0; fields.Len() < 2*DefaultMaxEnvelopeBytes; i++ {
		fields.WriteString(part(fmt.Sprintf("Content-Disposition: form-data; name=\"f%d\"\r\n", i)))
		fields.WriteString(strings.Repeat("v", 2000) + "\r\n")
	}
	if _, err := MultipartBody(strings.NewReader(fields.String()), b, dir, Limits{MaxFileBytes: 1 << 20, MaxParts: 1000}); kindOf(err) != KindEnvelopeTooLarge {
		t.Errorf("many fields: %v, want KindEnvelopeTooLarge", err)
	}
	assertEmpty(t, dir)
}

func TestJSONEnvelope(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	lim := Limits{MaxFileBytes: 4 << 20}
	// A document much larger than the envelope passes.
	big := append(append([]byte{}, pdf...), bytes.Repeat([]byte("0"), 1<<20)...)
	up, err := JSON(strings.NewReader(`{"file_base64":"`+base64.StdEncoding.EncodeToString(big)+`","locale":"it"}`), dir, lim)
	if err != nil {
		t.Fatalf("good body: %v", err)
	}
	checkUpload(t, up, big)
	up.Remove()

	cases := []struct {
		name, head string
		filler     byte
		kind       Kind
	}{
		{"endless array of numbers", `{"x":[`, '1', KindEnvelopeTooLarge},
		{"endless skipped string", `{"x":["`, 'a', KindEnvelopeTooLarge},
		{"endless white space", `{`, ' ', KindEnvelopeTooLarge},
		{"endless nesting", `{"x":`, '[', KindMalformed},
		{"endless member value", `{"locale":"`, 'a', KindMalformed},
		{"endless base64 past the limit", `{"file_base64":"`, 'A', KindNotPDF},
	}
	for _, tt := range cases {
		src := endless(tt.head, tt.filler)
		up, err := JSON(src, dir, lim)
		if err == nil {
			up.Remove()
			t.Errorf("%s: accepted", tt.name)
			continue
		}
		if tt.name == "endless base64 past the limit" {
			// The document itself is bounded by MaxFileBytes, not the envelope.
			if k := kindOf(err); k != KindNotPDF && k != KindTooLarge {
				t.Errorf("%s: kind = %v", tt.name, k)
			}
			continue
		}
		checkCut(t, tt.name, err, tt.kind, src.n)
	}
	// After the document, the envelope still counts.
	src := &counting{r: io.MultiReader(strings.NewReader(`{"file_base64":"`+base64.StdEncoding.EncodeToString(pdf)+`","x":[`), fill('1'))}
	if _, err := JSON(src, dir, lim); err == nil {
		t.Error("endless array after the document: accepted")
	} else {
		checkCut(t, "endless array after the document", err, KindEnvelopeTooLarge, src.n)
	}
	assertEmpty(t, dir)
}

// FuzzMultipartBody feeds raw bytes to MultipartBody, the reader the server
// uses, with its envelope limits: no panic, every error has a kind, no
// spool file left behind.
func FuzzMultipartBody(f *testing.F) {
	const b = "BB"
	f.Add("--BB\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n\r\n" + string(pdf) + "\r\n--BB--\r\n")
	f.Add("--BB\r\nContent-Disposition: form-data; name=\"locale\"\r\n\r\nit\r\n--BB\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\n%PDF-1.4\r\n--BB--\r\n")
	f.Add("--BB\r\nX-A: b\r\nX-A: b\r\n\r\n--BB--")
	f.Add("preamble\r\n--BB\r\n\r\n\r\n--BB--\r\nepilogue")
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, body string) {
		up, err := MultipartBody(strings.NewReader(body), b, dir, Limits{MaxFileBytes: 1 << 16, MaxEnvelopeBytes: 1 << 10})
		if err == nil {
			if up.Size == 0 || up.Size > 1<<16 {
				t.Fatalf("accepted a document of %d bytes", up.Size)
			}
			up.Remove()
		} else if kindOf(err) == 0 {
			t.Fatalf("error without a kind: %v", err)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Fatalf("spool file left behind")
		}
	})
}
