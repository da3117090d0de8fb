package intake

import (
	"bytes"
	"encoding/base64"
	"mime/multipart"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/invex/invex/internal/shared"
	"github.com/invex/invex/internal/testpdf"
)

// maxSeed bounds the size of one seed taken from a file, so that mutating
// it stays fast; sniffing looks at the first 1024 bytes anyway.
const maxSeed = 64 << 10

// documentSeeds returns documents to start fuzzing from: the files of the
// shared bad-input corpus (read in place, when ../shared is there), a
// generated invoice, and hand-made heads of other formats.
func documentSeeds(tb testing.TB) [][]byte {
	tb.Helper()
	var out [][]byte
	if root := shared.Root(); root != "" {
		files, _ := filepath.Glob(filepath.Join(root, "badinput", "*.pdf"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				tb.Fatalf("read seed: %v", err)
			}
			out = append(out, b[:min(len(b), maxSeed)])
		}
	}
	out = append(out, testpdf.Blank(), pdf, []byte{},
		[]byte("%PDF-"), []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"+strings.Repeat("\x00", 2000)),
		[]byte("PK\x03\x04\x14\x00%PDF-1.4"), []byte("\xff\xd8\xff\xe0\x00\x10JFIF%PDF-"),
		[]byte("<!DOCTYPE html><html>%PDF-1.4</html>"), []byte("\xef\xbb\xbf  <?xml?>"),
		[]byte(strings.Repeat("@PJL\r\n", 100)+"%PDF-2.0\n"), []byte(strings.Repeat(" ", 1020)+"%PDF-"))
	return out
}

// foreign reports whether head starts with the signature of another format.
func foreign(head []byte) bool {
	for _, s := range signatures {
		if bytes.HasPrefix(head, s.magic) {
			return true
		}
	}
	t := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
	return len(t) > 0 && t[0] == '<'
}

// FuzzSniffDocument checks the header rule on whole documents: Sniff
// accepts exactly the documents with "%PDF-" in their first 1024 bytes that
// do not start with another format's signature, and every refusal is
// KindNotPDF.
func FuzzSniffDocument(f *testing.F) {
	for _, d := range documentSeeds(f) {
		f.Add(d)
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		err := Sniff(doc)
		head := doc[:min(len(doc), sniffLen)]
		want := bytes.Contains(head, []byte("%PDF-")) && !foreign(head)
		if (err == nil) != want {
			t.Fatalf("Sniff(%q…) = %v, want accepted=%v", head[:min(len(head), 64)], err, want)
		}
		if err != nil && kindOf(err) != KindNotPDF {
			t.Fatalf("Sniff: kind %v, want KindNotPDF: %v", kindOf(err), err)
		}
	})
}

// checkIntake checks the outcome of an intake call on doc: either the
// exact document spooled, or a typed error, and no file left behind in dir
// once the upload is removed.
func checkIntake(t *testing.T, dir string, doc []byte, up *Upload, err error, limit int64) {
	t.Helper()
	if err == nil {
		got, rerr := os.ReadFile(up.Path)
		if rerr != nil {
			t.Fatal(rerr)
		}
		if !bytes.Equal(got, doc) || up.Size != int64(len(doc)) || up.SHA256 != sum(doc) {
			t.Fatalf("spooled %d bytes (%s), want the %d bytes sent", len(got), up.SHA256, len(doc))
		}
		if !looksLikePDF(doc) || len(doc) == 0 || int64(len(doc)) > limit {
			t.Fatalf("accepted a document that should be refused: %q…", doc[:min(len(doc), 64)])
		}
		up.Remove()
	} else {
		k := kindOf(err)
		switch {
		case k == 0:
			t.Fatalf("error without a kind: %v", err)
		case len(doc) == 0 && k != KindNoFile:
			t.Fatalf("empty document: kind %v, want KindNoFile (%v)", k, err)
		case int64(len(doc)) > limit && k != KindTooLarge:
			t.Fatalf("oversize document: kind %v, want KindTooLarge (%v)", k, err)
		case len(doc) > 0 && int64(len(doc)) <= limit && looksLikePDF(doc):
			t.Fatalf("refused a valid upload: %v", err)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("%d spool files left behind", len(ents))
	}
}

// FuzzMultipartDocument sends any document as the file part of a
// well-formed form, with a locale field: intake must spool exactly the
// document, or refuse it with the right kind, and leave no file behind.
func FuzzMultipartDocument(f *testing.F) {
	for _, d := range documentSeeds(f) {
		f.Add(d, "it")
	}
	dir := f.TempDir()
	const limit = 1 << 20
	f.Fuzz(func(t *testing.T, doc []byte, locale string) {
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		w.WriteField("locale", locale)
		fw, err := w.CreateFormFile(FileField, "x.pdf")
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(doc)
		w.Close()
		up, err := Multipart(multipart.NewReader(&buf, w.Boundary()), dir, Limits{MaxFileBytes: limit})
		if !utf8.ValidString(locale) || len(locale) > 2048 {
			// The field is refused before the file part is read.
			if err == nil || kindOf(err) != KindMalformed {
				up.Remove()
				t.Fatalf("locale %q: err = %v, want KindMalformed", locale, err)
			}
			if ents, _ := os.ReadDir(dir); len(ents) != 0 {
				t.Fatalf("%d spool files left behind", len(ents))
			}
			return
		}
		checkIntake(t, dir, doc, up, err, limit)
		if err == nil && up.Fields["locale"] != locale {
			t.Fatalf("locale = %q, want %q", up.Fields["locale"], locale)
		}
	})
}

// FuzzMultipartReader feeds raw bytes as a multipart body with a fixed
// boundary: any outcome is allowed but a panic, an error without a kind,
// an empty or unsniffed document accepted, or a spool file left behind.
func FuzzMultipartReader(f *testing.F) {
	const boundary = "XyZ"
	wrap := func(parts ...string) string {
		return "--" + boundary + "\r\n" + strings.Join(parts, "\r\n--"+boundary+"\r\n") + "\r\n--" + boundary + "--\r\n"
	}
	filePart := func(doc string) string {
		return "Content-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\nContent-Type: application/pdf\r\n\r\n" + doc
	}
	field := func(name, v string) string {
		return "Content-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + v
	}
	f.Add(wrap(filePart(string(pdf)), field("locale", "it")))
	f.Add(wrap(filePart(string(pdf)), filePart(string(pdf))))
	f.Add(wrap(field("locale", "it")))
	f.Add(wrap(filePart("")))
	f.Add(wrap(filePart("PK\x03\x04")))
	f.Add(wrap("Content-Disposition: form-data\r\n\r\nx"))
	f.Add(wrap(strings.Repeat("X-A: b\r\n", 200) + "\r\nx"))
	f.Add(strings.Repeat(wrap(field("a", "b")), 20))
	f.Add("--" + boundary + "\r\n" + filePart(string(pdf)))
	for _, d := range documentSeeds(f)[:4] {
		f.Add(wrap(filePart(string(d))))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, body string) {
		up, err := Multipart(multipart.NewReader(strings.NewReader(body), boundary), dir, Limits{MaxFileBytes: 1 << 20})
		if err == nil {
			if up.Size == 0 {
				t.Fatal("accepted an empty document")
			}
			head, _ := os.ReadFile(up.Path)
			if !looksLikePDF(head) {
				t.Fatal("accepted a document that fails sniffing")
			}
			up.Remove()
		} else if kindOf(err) == 0 {
			t.Fatalf("error without a kind: %v", err)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Fatalf("%d spool files left behind", len(ents))
		}
	})
}

// FuzzBase64Document sends any document base64-encoded in a JSON body, in
// one of four spellings (standard, URL alphabet without padding, wrapped
// with escaped new lines, data URL): intake must spool exactly the
// document, or refuse it with the right kind, and leave no file behind.
func FuzzBase64Document(f *testing.F) {
	for i, d := range documentSeeds(f) {
		f.Add(d, uint8(i))
	}
	dir := f.TempDir()
	const limit = 1 << 20
	f.Fuzz(func(t *testing.T, doc []byte, style uint8) {
		var enc string
		switch style % 4 {
		case 0:
			enc = base64.StdEncoding.EncodeToString(doc)
		case 1:
			enc = base64.RawURLEncoding.EncodeToString(doc)
		case 2:
			s := base64.StdEncoding.EncodeToString(doc)
			var b strings.Builder
			for i := 0; i < len(s); i += 76 {
				b.WriteString(s[i:min(i+76, len(s))])
				b.WriteString(`\n`)
			}
			enc = strings.ReplaceAll(b.String(), "/", `\/`)
		case 3:
			enc = "data:application/pdf;base64," + base64.StdEncoding.EncodeToString(doc)
		}
		body := `{"locale":"it","file_base64":"` + enc + `"}`
		up, err := JSON(strings.NewReader(body), dir, Limits{MaxFileBytes: limit})
		if err != nil && style%4 == 3 && len(doc) == 0 {
			return // a data URL with no data is bad base64, not an empty file
		}
		checkIntake(t, dir, doc, up, err, limit)
	})
}

// looksLikePDF is what intake accepts as a document: a PDF header in the
// first bytes, and at least one object.
func looksLikePDF(doc []byte) bool {
	return Sniff(doc) == nil && bytes.Contains(doc, []byte("obj"))
}
