// Package intake receives uploaded documents: it streams a multipart form or
// a JSON body carrying base64 into a spool file, enforcing the size limit on
// the decoded bytes as they arrive (nothing is held whole in memory),
// hashing them, and sniffing that they look like a PDF.
//
// Sniffing is deliberately cheap, and the API process never parses a PDF: the
// first 1024 bytes must contain "%PDF-" (PDF 2.0 allows printer data before
// the header) and must not start with another format's signature, and the
// file must hold the keyword "obj" somewhere (a PDF without any indirect
// object, such as a lone header line, holds no document).
package intake

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"

	"github.com/invex/invex/extract/document"
)

// Kind classifies intake errors; the HTTP layer maps each to a status.
type Kind int

// Kinds of intake errors.
const (
	KindMalformed Kind = iota + 1 // the body is not a well-formed form or JSON document
	KindTooLarge                  // the document (or the body) exceeds the limit
	KindNotPDF                    // the document does not look like a PDF
	KindNoFile                    // no document in the body, or an empty one
	KindBadBase64                 // file_base64 is not valid base64
	KindInternal                  // the spool file could not be written
	// KindEnvelopeTooLarge: the body carries too much besides the document
	// (form fields, part headers, other JSON members).
	KindEnvelopeTooLarge
	// KindUnsupported: with Limits.AnyDocument, the document is of no
	// kind the service reads.
	KindUnsupported
	// KindInvalidDocument: a file of a known kind other than PDF that
	// cannot be read (Error.Code says why: package document's codes); see
	// Upload.Inspect.
	KindInvalidDocument
)

// Error is an intake failure with a message fit for the client.
type Error struct {
	Kind Kind
	// Code is the machine code of a KindInvalidDocument error.
	Code string
	Msg  string
	Err  error // cause, for logs only
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Msg + ": " + e.Err.Error()
	}
	return e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

func errorf(kind Kind, format string, args ...any) *Error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

// Limits bound what one request may carry.
type Limits struct {
	// MaxFileBytes is the largest document accepted, counted in decoded bytes.
	MaxFileBytes int64
	// MaxFieldBytes is the largest value of a form field or JSON member other
	// than the document. Default 2048.
	MaxFieldBytes int
	// MaxParts is the most multipart parts or JSON members read. Default 16.
	MaxParts int
	// MaxPartHeaders is the most header lines of one multipart part.
	// Default 8.
	MaxPartHeaders int
	// MaxEnvelopeBytes bounds the bytes of the body other than the
	// document: boundaries, part headers and fields of a form; punctuation,
	// member names and other members of a JSON object (including values
	// that are skipped, such as deeply nested ones). Default 64 KiB.
	MaxEnvelopeBytes int64
	// AnyDocument accepts every kind of file package document tells
	// (PDF, e-invoice XML plain, signed or zipped, pictures) instead of
	// PDFs only; Upload.Kind says which it is.
	AnyDocument bool
}

// Defaults of Limits.
const (
	DefaultMaxFieldBytes    = 2048
	DefaultMaxParts         = 16
	DefaultMaxPartHeaders   = 8
	DefaultMaxEnvelopeBytes = 64 << 10
)

func (l Limits) withDefaults() Limits {
	if l.MaxFieldBytes <= 0 {
		l.MaxFieldBytes = DefaultMaxFieldBytes
	}
	if l.MaxParts <= 0 {
		l.MaxParts = DefaultMaxParts
	}
	if l.MaxPartHeaders <= 0 {
		l.MaxPartHeaders = DefaultMaxPartHeaders
	}
	if l.MaxEnvelopeBytes <= 0 {
		l.MaxEnvelopeBytes = DefaultMaxEnvelopeBytes
	}
	return l
}

// Upload is a received document, spooled to Path. The caller owns the file
// and must remove it.
type Upload struct {
	Path string
	// Kind is the kind of file, told from its first bytes: document.PDF
	// unless Limits.AnyDocument let another in.
	Kind     document.Kind
	Size     int64
	SHA256   string // hex
	FileName string
	// Fields holds the other form fields or JSON string members, by name.
	Fields map[string]string
}

// Remove deletes the spool file.
func (u *Upload) Remove() {
	if u != nil && u.Path != "" {
		os.Remove(u.Path)
	}
}

// spool writes a document to a temporary file, hashing it, keeping its first
// bytes for sniffing, and refusing to grow beyond the limit.
type spool struct {
	f     *os.File
	h     hashWriter
	n     int64
	limit int64
	head  []byte
	// obj is set once the keyword "obj" has been written: a file without
	// any indirect object holds no document, whatever its header says.
	// tail keeps the last bytes written, for a keyword split by writes.
	obj  bool
	tail []byte
	// any accepts every kind of document (Limits.AnyDocument).
	any bool
}

type hashWriter interface {
	io.Writer
	Sum([]byte) []byte
}

const sniffLen = 1024

func newSpool(dir string, limit int64) (*spool, error) {
	f, err := os.CreateTemp(dir, "upload-*.pdf")
	if err != nil {
		return nil, &Error{Kind: KindInternal, Msg: "the upload could not be stored", Err: err}
	}
	return &spool{f: f, h: sha256.New(), limit: limit, head: make([]byte, 0, sniffLen)}, nil
}

func (s *spool) Write(p []byte) (int, error) {
	if s.n+int64(len(p)) > s.limit {
		return 0, errorf(KindTooLarge, "the document is larger than the limit of %d bytes", s.limit)
	}
	if len(s.head) < sniffLen {
		s.head = append(s.head, p[:min(len(p), sniffLen-len(s.head))]...)
	}
	n, err := s.f.Write(p)
	s.n += int64(n)
	s.h.Write(p[:n])
	s.seeObj(p[:n])
	if err != nil {
		return n, &Error{Kind: KindInternal, Msg: "the upload could not be stored", Err: err}
	}
	return n, nil
}

// seeObj looks for the keyword "obj" in p, joined to the bytes before it.
func (s *spool) seeObj(p []byte) {
	if s.obj || len(p) == 0 {
		return
	}
	joined := append(s.tail, p[:min(len(p), 2)]...)
	if bytes.Contains(joined, []byte("obj")) || bytes.Contains(p, []byte("obj")) {
		s.obj = true
		return
	}
	if len(p) >= 2 {
		joined = p[len(p)-2:]
	}
	s.tail = append(s.tail[:0:0], joined[max(0, len(joined)-2):]...)
}

// abort removes the spool file.
func (s *spool) abort() {
	s.f.Close()
	os.Remove(s.f.Name())
}

// finish closes the file and checks what it holds.
func (s *spool) finish(name string, fields map[string]string) (*Upload, error) {
	if err := s.f.Close(); err != nil {
		os.Remove(s.f.Name())
		return nil, &Error{Kind: KindInternal, Msg: "the upload could not be stored", Err: err}
	}
	if s.n == 0 {
		os.Remove(s.f.Name())
		return nil, errorf(KindNoFile, "the document is empty")
	}
	kind := document.PDF
	if s.any {
		kind = document.Detect(s.head)
		if kind == document.Unknown {
			os.Remove(s.f.Name())
			return nil, errorf(KindUnsupported, "the file is of no kind the service reads: send a PDF, an e-invoice XML (FatturaPA, CII, UBL), plain, signed (.p7m) or in a ZIP archive, or a JPEG, PNG, TIFF or WebP picture")
		}
	} else if err := Sniff(s.head); err != nil {
		os.Remove(s.f.Name())
		return nil, err
	}
	if kind == document.PDF && !s.obj {
		os.Remove(s.f.Name())
		return nil, errorf(KindNotPDF, "the file has a PDF header but no object after it: it holds no document")
	}
	return &Upload{
		Path:     s.f.Name(),
		Kind:     kind,
		Size:     s.n,
		SHA256:   hex.EncodeToString(s.h.Sum(nil)),
		FileName: name,
		Fields:   fields,
	}, nil
}

// signatures of formats that are sometimes sent in place of a PDF.
var signatures = []struct {
	magic []byte
	what  string
}{
	{[]byte("PK\x03\x04"), "a ZIP archive (or an office document)"},
	{[]byte("PK\x05\x06"), "an empty ZIP archive"},
	{[]byte("\x1f\x8b"), "a gzip file"},
	{[]byte("\xff\xd8\xff"), "a JPEG image"},
	{[]byte("\x89PNG\r\n\x1a\n"), "a PNG image"},
	{[]byte("GIF8"), "a GIF image"},
	{[]byte("II*\x00"), "a TIFF image"},
	{[]byte("MM\x00*"), "a TIFF image"},
	{[]byte("RIFF"), "a RIFF file (WebP, WAV or AVI)"},
	{[]byte("\xd0\xcf\x11\xe0"), "a legacy Office document"},
	{[]byte("Rar!"), "a RAR archive"},
	{[]byte("7z\xbc\xaf"), "a 7-Zip archive"},
	{[]byte("\x00\x00\x00\x0cjP"), "a JPEG 2000 image"},
	{[]byte("{\\rtf"), "an RTF document"},
}

// Sniff checks that head, the first bytes of a document, looks like a PDF.
func Sniff(head []byte) error {
	if len(head) > sniffLen {
		head = head[:sniffLen]
	}
	for _, s := range signatures {
		if bytes.HasPrefix(head, s.magic) {
			return errorf(KindNotPDF, "the file is %s, not a PDF", s.what)
		}
	}
	trimmed := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
	if len(trimmed) > 0 && trimmed[0] == '<' {
		return errorf(KindNotPDF, "the file is HTML or XML, not a PDF")
	}
	if !bytes.Contains(head, []byte("%PDF-")) {
		return errorf(KindNotPDF, "the file is not a PDF: no %%PDF- header in its first %d bytes", sniffLen)
	}
	return nil
}

// wrapRead turns an error met while reading the body into an *Error.
func wrapRead(err error) error {
	var ie *Error
	if errors.As(err, &ie) {
		return ie
	}
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return &Error{Kind: KindTooLarge, Msg: fmt.Sprintf("the request body is larger than the limit of %d bytes", mbe.Limit), Err: err}
	}
	return &Error{Kind: KindMalformed, Msg: "the request body could not be read", Err: err}
}
