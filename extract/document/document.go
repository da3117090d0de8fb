// Package document tells what kind of file an upload is, from its bytes and
// never from its name, and takes the e-invoices out of those that carry
// them: e-invoice XML (FatturaPA, CII, UBL), the same signed as CAdES
// (.p7m, DER or base64, with or without PEM armour), and ZIP archives of
// such files as the Italian SDI delivers them. Images and PDFs are only
// recognised here; packages raster and pdf read them.
//
// Everything is bounded: a ZIP's entries, their inflated sizes and the
// total; the signed content; the XML itself (package einvoice refuses DTDs,
// entities and oversized or over-deep trees unread).
package document

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/invex/invex/extract/cms"
	"github.com/invex/invex/extract/einvoice"
	"github.com/invex/invex/extract/raster"
)

// Kind is the kind of an uploaded file.
type Kind string

// Kinds of files.
const (
	Unknown Kind = ""
	PDF     Kind = "pdf"
	XML     Kind = "xml"
	Signed  Kind = "p7m"
	ZIP     Kind = "zip"
	JPEG    Kind = "jpeg"
	PNG     Kind = "png"
	TIFF    Kind = "tiff"
	WebP    Kind = "webp"
)

// Image reports whether k is a picture read by OCR.
func (k Kind) Image() bool { return k == JPEG || k == PNG || k == TIFF || k == WebP }

// Structured reports whether k carries e-invoice XML (XML, Signed, ZIP).
func (k Kind) Structured() bool { return k == XML || k == Signed || k == ZIP }

// MediaType is the kind's media type, application/octet-stream when
// unknown.
func (k Kind) MediaType() string {
	switch k {
	case PDF:
		return "application/pdf"
	case XML:
		return "application/xml"
	case Signed:
		return "application/pkcs7-mime"
	case ZIP:
		return "application/zip"
	case JPEG, PNG, TIFF, WebP:
		return "image/" + string(k)
	}
	return "application/octet-stream"
}

// SniffLen is how many leading bytes Detect looks at.
const SniffLen = 1024

// Detect tells the kind of a file from its first bytes (up to SniffLen).
func Detect(head []byte) Kind {
	if len(head) > SniffLen {
		head = head[:SniffLen]
	}
	switch {
	case bytes.HasPrefix(head, []byte("\xff\xd8\xff")):
		return JPEG
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return PNG
	case bytes.HasPrefix(head, []byte("II*\x00")), bytes.HasPrefix(head, []byte("MM\x00*")):
		return TIFF
	case len(head) >= 12 && bytes.HasPrefix(head, []byte("RIFF")) && string(head[8:12]) == "WEBP":
		return WebP
	case bytes.HasPrefix(head, []byte("PK\x03\x04")), bytes.HasPrefix(head, []byte("PK\x05\x06")):
		return ZIP
	case cms.LooksSigned(head):
		return Signed
	}
	text := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
	switch {
	case len(text) > 0 && text[0] == '<':
		return XML
	case bytes.Contains(head, []byte("%PDF-")):
		return PDF
	case cms.LooksSigned(unbase64(text, 64)):
		return Signed
	}
	return Unknown
}

// Error is a file that cannot be read, with a machine code and a message
// fit for the client.
type Error struct {
	Code string
	Msg  string
	Err  error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Code + ": " + e.Msg + ": " + e.Err.Error()
	}
	return e.Code + ": " + e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

// Codes of Error, the API's problem codes for such files.
const (
	// CodeUnsupported: not a kind of file the service reads.
	CodeUnsupported = "unsupported_document"
	// CodeDamaged: a file of a known kind that is damaged or truncated.
	CodeDamaged = "invalid_document"
	// CodeNotInvoice: a well-formed file that holds no invoice (an XML of
	// another schema, a ZIP without e-invoices).
	CodeNotInvoice = "not_an_invoice"
	// CodeUnsafe: refused unread (DTDs, entities, bombs, oversized trees).
	CodeUnsafe = "unsafe_document"
	// CodeImageTooLarge: a picture over the pixel budget.
	CodeImageTooLarge = "image_too_large"
)

// Limits of what one file may unpack to.
const (
	// MaxEntries is the most entries of a ZIP archive looked at.
	MaxEntries = 256
	// MaxUnpacked bounds the inflated bytes of all of a ZIP's entries.
	MaxUnpacked = 64 << 20
)

// Invoice is one e-invoice found in a file.
type Invoice struct {
	// File is the name of the ZIP entry that held it; empty otherwise.
	File string
	// Body is the 1-based index of the FatturaElettronicaBody of a
	// FatturaPA batch, 0 for other formats.
	Body int
	// Doc is the parsed e-invoice.
	Doc *einvoice.Document
	// Signed reports that it came out of a signed envelope, whose
	// signers are Signers.
	Signed  bool
	Signers []cms.Signer
}

// EInvoices reads every e-invoice of a file of a structured kind.
func EInvoices(kind Kind, data []byte) ([]Invoice, error) {
	switch kind {
	case XML, Signed:
		return fromFile("", kind, data)
	case ZIP:
		return fromZIP(data)
	}
	return nil, &Error{Code: CodeUnsupported, Msg: fmt.Sprintf("a %s file carries no e-invoice XML", kindName(kind))}
}

// fromFile reads an XML or signed file.
func fromFile(name string, kind Kind, data []byte) ([]Invoice, error) {
	var signed bool
	var signers []cms.Signer
	if kind == Signed {
		env := data
		if !cms.LooksSigned(env) {
			env = unbase64(bytes.TrimSpace(data), -1)
		}
		s, err := cms.Parse(env, einvoice.MaxSize)
		if err != nil {
			return nil, &Error{Code: CodeDamaged, Msg: within(name, "the signed file (.p7m) is damaged or truncated"), Err: err}
		}
		signed, signers, data = true, s.Signers, s.Content
		if Detect(data) == Signed { // signed twice
			s, err := cms.Parse(data, einvoice.MaxSize)
			if err != nil {
				return nil, &Error{Code: CodeDamaged, Msg: within(name, "the inner signed envelope is damaged"), Err: err}
			}
			signers, data = append(signers, s.Signers...), s.Content
		}
		data = fromFirstTag(data)
	}
	docs, err := einvoice.ParseAll(data)
	switch {
	case errors.Is(err, einvoice.ErrNotEInvoice):
		return nil, &Error{Code: CodeNotInvoice, Msg: within(name, "the XML is not an e-invoice (FatturaPA, CII or UBL)"), Err: err}
	case errors.Is(err, einvoice.ErrUnsafe):
		return nil, &Error{Code: CodeUnsafe, Msg: within(name, "the XML was refused unread (DTDs and entities are not accepted; size and nesting are bounded)"), Err: err}
	case err != nil:
		return nil, &Error{Code: CodeDamaged, Msg: within(name, "the XML is damaged: it is not well-formed"), Err: err}
	}
	out := make([]Invoice, len(docs))
	for i, d := range docs {
		out[i] = Invoice{File: name, Doc: d, Signed: signed, Signers: signers}
		if len(docs) > 1 {
			out[i].Body = i + 1
		}
	}
	return out, nil
}

// fromZIP reads the e-invoices of a ZIP archive's entries, recognised by
// their bytes; other entries (metadata files, receipts, PDFs) are skipped.
func fromZIP(data []byte) ([]Invoice, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, &Error{Code: CodeDamaged, Msg: "the ZIP archive is damaged", Err: err}
	}
	if len(zr.File) > MaxEntries {
		return nil, &Error{Code: CodeUnsafe, Msg: fmt.Sprintf("the ZIP archive has %d entries; at most %d are read", len(zr.File), MaxEntries)}
	}
	var out []Invoice
	var firstErr error
	total := 0
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		b, err := readEntry(f, min(einvoice.MaxSize, MaxUnpacked-total))
		if err != nil {
			return nil, err
		}
		total += len(b)
		kind := Detect(b)
		if !kind.Structured() || kind == ZIP {
			continue
		}
		invs, err := fromFile(cleanName(f.Name), kind, b)
		var de *Error
		if errors.As(err, &de) && de.Code == CodeNotInvoice {
			continue // a metadata file or another XML beside the invoices
		}
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		out = append(out, invs...)
	}
	if len(out) == 0 {
		if firstErr != nil {
			return nil, firstErr
		}
		return nil, &Error{Code: CodeNotInvoice, Msg: "the ZIP archive holds no e-invoice (FatturaPA, CII or UBL XML, plain or signed)"}
	}
	return out, nil
}

// readEntry inflates one entry, refusing more than limit bytes.
func readEntry(f *zip.File, limit int) ([]byte, error) {
	if f.UncompressedSize64 > uint64(limit) {
		return nil, &Error{Code: CodeUnsafe, Msg: fmt.Sprintf("the ZIP entry %q inflates beyond the %d bytes read", cleanName(f.Name), limit)}
	}
	rc, err := f.Open()
	if err != nil {
		return nil, &Error{Code: CodeDamaged, Msg: fmt.Sprintf("the ZIP entry %q cannot be read", cleanName(f.Name)), Err: err}
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, int64(limit)+1))
	if err != nil {
		return nil, &Error{Code: CodeDamaged, Msg: fmt.Sprintf("the ZIP entry %q is damaged", cleanName(f.Name)), Err: err}
	}
	if len(b) > limit {
		return nil, &Error{Code: CodeUnsafe, Msg: fmt.Sprintf("the ZIP entry %q inflates beyond the %d bytes read", cleanName(f.Name), limit)}
	}
	return b, nil
}

// unbase64 decodes base64 text (standard alphabet, line breaks and PEM
// armour allowed); max > 0 decodes only about that many leading bytes.
func unbase64(text []byte, max int) []byte {
	s := string(text)
	if i := strings.Index(s, "-----BEGIN"); i >= 0 {
		s = s[i:]
		if j := strings.Index(s, "\n"); j >= 0 {
			s = s[j+1:]
		}
		if j := strings.Index(s, "-----END"); j >= 0 {
			s = s[:j]
		}
	}
	s = strings.Map(func(r rune) rune {
		if r == '\r' || r == '\n' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, s)
	if max > 0 {
		n := (max + 2) / 3 * 4
		if len(s) > n {
			s = s[:n]
		}
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil && max <= 0 {
		b, _ = base64.RawStdEncoding.DecodeString(strings.TrimRight(s, "="))
	}
	return b
}

// fromFirstTag drops stray bytes some signers leave before the XML: a
// byte-order mark, white space, or garbage before "<?xml" or the root.
func fromFirstTag(b []byte) []byte {
	if i := bytes.Index(b[:min(len(b), 4096)], []byte("<?xml")); i > 0 {
		return b[i:]
	}
	for i := 0; i < len(b) && i < 4096; i++ {
		if b[i] == '<' && i+1 < len(b) && (b[i+1] >= 'A' && b[i+1] <= 'Z' || b[i+1] >= 'a' && b[i+1] <= 'z') {
			return b[i:]
		}
	}
	return b
}

func within(name, msg string) string {
	if name == "" {
		return msg
	}
	return fmt.Sprintf("%s (ZIP entry %q)", msg, name)
}

func cleanName(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s)
	if len(s) > 120 {
		s = s[:120]
	}
	return s
}

func kindName(k Kind) string {
	if k == Unknown {
		return "unrecognised"
	}
	return string(k)
}

// PictureError turns an error of package raster (a picture over the
// budget, damaged, or of no format read) into an Error with its code, as
// the API answers it at upload and a worker fails a job with it.
func PictureError(err error) *Error {
	switch {
	case errors.Is(err, raster.ErrTooLarge):
		return &Error{Code: CodeImageTooLarge, Err: err,
			Msg: "the picture is larger than the service reads: " + strings.TrimPrefix(err.Error(), raster.ErrTooLarge.Error()+": ")}
	case errors.Is(err, raster.ErrUnsupported):
		return &Error{Code: CodeUnsupported, Err: err, Msg: "the picture's format is not read"}
	}
	return &Error{Code: CodeDamaged, Err: err, Msg: "the picture is damaged and cannot be decoded"}
}
