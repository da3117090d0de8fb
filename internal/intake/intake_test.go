package intake

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"mime/multipart"
	"os"
	"strings"
	"testing"
)

var pdf = []byte("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")

func sum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func kindOf(err error) Kind {
	var ie *Error
	if errors.As(err, &ie) {
		return ie.Kind
	}
	return 0
}

func checkUpload(t *testing.T, up *Upload, want []byte) {
	t.Helper()
	got, err := os.ReadFile(up.Path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("spooled %q, want %q", got, want)
	}
	if up.Size != int64(len(want)) || up.SHA256 != sum(want) {
		t.Errorf("Size, SHA256 = %d, %s; want %d, %s", up.Size, up.SHA256, len(want), sum(want))
	}
}

func TestSniff(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		head string
		ok   bool
	}{
		{"pdf", "%PDF-1.4\n", true},
		{"printer data first", "#PJL stuff\r\n%PDF-2.0\n", true},
		{"binary comment but no header", "%\xe2\xe3\xcf\xd3\n1 0 obj", false},
		{"zip", "PK\x03\x04%PDF-", false},
		{"jpeg", "\xff\xd8\xff\xe0%PDF-", false},
		{"png", "\x89PNG\r\n\x1a\n%PDF-", false},
		{"html", "  <html>%PDF-1.4", false},
		{"xml with bom", "\xef\xbb\xbf<?xml version='1.0'?>", false},
		{"gzip", "\x1f\x8b\x08%PDF-", false},
		{"text", "oops\n", false},
		{"header too late", strings.Repeat(" ", 1024) + "%PDF-1.4", false},
	}
	for _, tt := range tests {
		err := Sniff([]byte(tt.head))
		if (err == nil) != tt.ok {
			t.Errorf("%s: Sniff = %v, want ok=%v", tt.name, err, tt.ok)
		}
		if err != nil && kindOf(err) != KindNotPDF {
			t.Errorf("%s: kind = %v, want KindNotPDF", tt.name, kindOf(err))
		}
	}
}

func multipartBody(t *testing.T, parts ...[2]string) (*multipart.Reader, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, p := range parts {
		if p[0] == FileField {
			fw, err := w.CreateFormFile(FileField, "../../Fattura 1.pdf")
			if err != nil {
				t.Fatal(err)
			}
			fw.Write([]byte(p[1]))
			continue
		}
		w.WriteField(p[0], p[1])
	}
	w.Close()
	return multipart.NewReader(&buf, w.Boundary()), w.Boundary()
}

func TestMultipart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	lim := Limits{MaxFileBytes: 1 << 20}

	mr, _ := multipartBody(t, [2]string{"locale", "de"}, [2]string{FileField, string(pdf)})
	up, err := Multipart(mr, dir, lim)
	if err != nil {
		t.Fatal(err)
	}
	checkUpload(t, up, pdf)
	if up.FileName != "Fattura 1.pdf" || up.Fields["locale"] != "de" {
		t.Errorf("FileName, locale = %q, %q", up.FileName, up.Fields["locale"])
	}
	up.Remove()

	bad := []struct {
		name  string
		parts [][2]string
		lim   Limits
		kind  Kind
	}{
		{"no file", [][2]string{{"locale", "it"}}, lim, KindNoFile},
		{"empty file", [][2]string{{FileField, ""}}, lim, KindNoFile},
		{"two files", [][2]string{{FileField, string(pdf)}, {FileField, string(pdf)}}, lim, KindMalformed},
		{"not a pdf", [][2]string{{FileField, "PK\x03\x04 zip"}}, lim, KindNotPDF},
		{"header only", [][2]string{{FileField, "%PDF-1.7\n"}}, lim, KindNotPDF},
		{"header and no object", [][2]string{{FileField, "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n" + strings.Repeat("\x00junk", 500)}}, lim, KindNotPDF},
		{"too large", [][2]string{{FileField, string(pdf)}}, Limits{MaxFileBytes: 10}, KindTooLarge},
		{"long field", [][2]string{{"locale", strings.Repeat("x", 5000)}, {FileField, string(pdf)}}, lim, KindMalformed},
		{"too many parts", [][2]string{{"a", "1"}, {"b", "1"}, {"c", "1"}, {FileField, string(pdf)}}, Limits{MaxFileBytes: 1 << 20, MaxParts: 3}, KindMalformed},
	}
	for _, tt := range bad {
		mr, _ := multipartBody(t, tt.parts...)
		up, err := Multipart(mr, dir, tt.lim)
		if err == nil {
			up.Remove()
			t.Errorf("%s: Multipart succeeded, want kind %v", tt.name, tt.kind)
			continue
		}
		if got := kindOf(err); got != tt.kind {
			t.Errorf("%s: kind = %v (%v), want %v", tt.name, got, err, tt.kind)
		}
	}
	assertEmpty(t, dir)
}

func assertEmpty(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	if len(ents) != 0 {
		t.Errorf("spool dir holds %d files after the test, want none", len(ents))
	}
}

func TestJSON(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	lim := Limits{MaxFileBytes: 1 << 20}
	std := base64.StdEncoding.EncodeToString(pdf)
	url := base64.RawURLEncoding.EncodeToString(pdf)
	wrapped := ""
	for i := 0; i < len(std); i += 20 {
		wrapped += std[i:min(i+20, len(std))] + `\n`
	}
	good := []struct {
		name, body, locale string
	}{
		{"standard", `{"file_base64":"` + std + `","locale":"fr"}`, "fr"},
		{"locale first, spaces", " {\n \"locale\" : \"en\" , \"file_base64\" : \"" + std + "\" }\n", "en"},
		{"url alphabet, no padding", `{"file_base64":"` + url + `"}`, ""},
		{"escaped slashes and newlines", `{"file_base64":"` + strings.ReplaceAll(wrapped, "/", `\/`) + `"}`, ""},
		{"data url", `{"file_base64":"data:application/pdf;base64,` + std + `"}`, ""},
		{"null locale and extra members", `{"locale":null,"x":{"a":[1,2,{"b":true}]},"n":-1.5e3,"file_base64":"` + std + `"}`, ""},
	}
	for _, tt := range good {
		up, err := JSON(strings.NewReader(tt.body), dir, lim)
		if err != nil {
			t.Errorf("%s: JSON = %v", tt.name, err)
			continue
		}
		checkUpload(t, up, pdf)
		if got := up.Fields["locale"]; got != tt.locale {
			t.Errorf("%s: locale = %q, want %q", tt.name, got, tt.locale)
		}
		up.Remove()
	}
	bad := []struct {
		name, body string
		lim        Limits
		kind       Kind
	}{
		{"empty body", ``, lim, KindMalformed},
		{"array", `[]`, lim, KindMalformed},
		{"no file", `{"locale":"it"}`, lim, KindNoFile},
		{"empty object", `{}`, lim, KindNoFile},
		{"empty file", `{"file_base64":""}`, lim, KindNoFile},
		{"file not a string", `{"file_base64":123}`, lim, KindBadBase64},
		{"bad char", `{"file_base64":"JVBER!i0x"}`, lim, KindBadBase64},
		{"truncated quad", `{"file_base64":"JVBERi0xL"}`, lim, KindBadBase64},
		{"data after padding", `{"file_base64":"JVA=JVBE"}`, lim, KindBadBase64},
		{"not a pdf", `{"file_base64":"` + base64.StdEncoding.EncodeToString([]byte("<html></html>")) + `"}`, lim, KindNotPDF},
		{"too large decoded", `{"file_base64":"` + std + `"}`, Limits{MaxFileBytes: 20}, KindTooLarge},
		{"duplicate file", `{"file_base64":"` + std + `","file_base64":"` + std + `"}`, lim, KindMalformed},
		{"trailing garbage", `{"file_base64":"` + std + `"} x`, lim, KindMalformed},
		{"unterminated", `{"file_base64":"` + std, lim, KindMalformed},
		{"deep nesting", `{"x":` + strings.Repeat("[", 100000) + `,"file_base64":"` + std + `"}`, lim, KindMalformed},
		{"many members", `{"a":1,"b":2,"c":3,"file_base64":"` + std + `"}`, Limits{MaxFileBytes: 1 << 20, MaxParts: 3}, KindMalformed},
		{"data url not base64", `{"file_base64":"data:text/plain,hello"}`, lim, KindBadBase64},
	}
	for _, tt := range bad {
		up, err := JSON(strings.NewReader(tt.body), dir, tt.lim)
		if err == nil {
			up.Remove()
			t.Errorf("%s: JSON succeeded, want kind %v", tt.name, tt.kind)
			continue
		}
		if got := kindOf(err); got != tt.kind {
			t.Errorf("%s: kind = %v (%v), want %v", tt.name, got, err, tt.kind)
		}
	}
	assertEmpty(t, dir)
}

func TestCleanFileName(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"a.pdf":                  "a.pdf",
		"../../etc/passwd":       "passwd",
		`C:\Users\x\f.pdf`:       "f.pdf",
		"a\x00b\x1b.pdf":         "ab.pdf",
		"evil\u202egnp.pdf":      "evilgnp.pdf",
		"":                       "",
		strings.Repeat("é", 300): strings.Repeat("é", 127),
	}
	for in, want := range tests {
		if got := cleanFileName(in); got != want {
			t.Errorf("cleanFileName(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzJSON(f *testing.F) {
	f.Add(`{"file_base64":"` + base64.StdEncoding.EncodeToString(pdf) + `","locale":"it"}`)
	f.Add(`{"file_base64":"data:application/pdf;base64,JVBERi0="}`)
	f.Add(`{"x":[{"y":"\u00e9\ud83d\ude00"}],"file_base64":null}`)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, body string) {
		up, err := JSON(strings.NewReader(body), dir, Limits{MaxFileBytes: 1 << 16})
		if err == nil {
			if up.Size == 0 {
				t.Fatal("accepted an empty document")
			}
			up.Remove()
		} else if kindOf(err) == 0 {
			t.Fatalf("error without a kind: %v", err)
		}
	})
}

func FuzzSniff(f *testing.F) {
	f.Add([]byte("%PDF-1.4"))
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, head []byte) {
		err := Sniff(head)
		if err == nil && !bytes.Contains(head[:min(len(head), 1024)], []byte("%PDF-")) {
			t.Fatal("accepted a head without %PDF-")
		}
	})
}

// TestSpoolSeesObjAcrossWrites: the keyword that makes a file a document
// is found however the writes split it.
func TestSpoolSeesObjAcrossWrites(t *testing.T) {
	t.Parallel()
	for _, chunks := range [][]string{
		{"%PDF-1.4\n1 0 obj"},
		{"%PDF-1.4\n1 0 o", "bj"},
		{"%PDF-1.4\n1 0 ob", "j <<>>"},
		{"%PDF-1.4\n", "o", "b", "j"},
	} {
		s, err := newSpool(t.TempDir(), 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range chunks {
			s.Write([]byte(c))
		}
		s.abort()
		if !s.obj {
			t.Errorf("writes %q: no obj seen", chunks)
		}
	}
	s, err := newSpool(t.TempDir(), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"%PDF-1.4\n", "o", "b", " ", "j", "ob", "xj"} {
		s.Write([]byte(c))
	}
	s.abort()
	if s.obj {
		t.Error("obj seen in writes that never spell it")
	}
}
