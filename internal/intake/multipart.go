package intake

import (
	"errors"
	"io"
	"mime/multipart"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// FileField is the form field (and JSON member) that carries the document.
const FileField = "file"

// MultipartBody reads a multipart/form-data body with the given boundary,
// as Multipart does, and also bounds the bytes that are not the document
// (Limits.MaxEnvelopeBytes): a form with huge part headers or fields is
// refused as soon as it passes the bound, without reading the rest.
func MultipartBody(body io.Reader, boundary, dir string, lim Limits) (*Upload, error) {
	lim = lim.withDefaults()
	// The multipart reader reads ahead up to 4 KiB, plus a boundary.
	env := &envelope{r: body, max: lim.MaxEnvelopeBytes + 8<<10, lim: lim.MaxEnvelopeBytes}
	return readMultipart(multipart.NewReader(env, boundary), dir, lim, env)
}

// Multipart reads a multipart/form-data body whose "file" part is the
// document, spooling it into dir. Exactly one file part is accepted; other
// parts are short text fields. It bounds the number of parts and of header
// lines per part; MultipartBody also bounds their bytes.
func Multipart(mr *multipart.Reader, dir string, lim Limits) (*Upload, error) {
	return readMultipart(mr, dir, lim.withDefaults(), nil)
}

func readMultipart(mr *multipart.Reader, dir string, lim Limits, env *envelope) (*Upload, error) {
	up, err := readParts(mr, dir, lim, env)
	return up, env.explain(err)
}

func readParts(mr *multipart.Reader, dir string, lim Limits, env *envelope) (*Upload, error) {
	fields := map[string]string{}
	var up *Upload
	fail := func(err error) (*Upload, error) {
		up.Remove()
		return nil, err
	}
	for parts := 0; ; parts++ {
		p, err := mr.NextRawPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fail(wrapMultipart(err))
		}
		if parts >= lim.MaxParts {
			return fail(errorf(KindMalformed, "the form has more than %d parts", lim.MaxParts))
		}
		lines := 0
		for _, vs := range p.Header {
			lines += len(vs)
		}
		if lines > lim.MaxPartHeaders {
			return fail(errorf(KindMalformed, "a form part has more than %d header lines", lim.MaxPartHeaders))
		}
		name := p.FormName()
		switch {
		case name == FileField:
			if up != nil {
				return fail(errorf(KindMalformed, "the form has more than one %q part; send one document per request", FileField))
			}
			up, err = spoolPart(p, dir, lim, env)
			if err != nil {
				return nil, err
			}
		case name == "":
			return fail(errorf(KindMalformed, "a form part has no name"))
		default:
			if _, dup := fields[name]; dup {
				return fail(errorf(KindMalformed, "the form field %q appears more than once", name))
			}
			v, err := readField(p, lim.MaxFieldBytes)
			if err != nil {
				return fail(err)
			}
			fields[name] = v
		}
	}
	if up == nil {
		return nil, errorf(KindNoFile, "the form has no %q part holding the PDF", FileField)
	}
	up.Fields = fields
	return up, nil
}

func spoolPart(p *multipart.Part, dir string, lim Limits, env *envelope) (*Upload, error) {
	s, err := newSpool(dir, lim.MaxFileBytes)
	if err != nil {
		return nil, err
	}
	s.any = lim.AnyDocument
	if env != nil {
		// A raw part's bytes are the document's bytes.
		env.doc = func() int64 { return s.n }
	}
	if _, err := io.Copy(s, p); err != nil {
		s.abort()
		return nil, wrapMultipart(err)
	}
	return s.finish(cleanFileName(p.FileName()), nil)
}

func readField(p *multipart.Part, max int) (string, error) {
	b, err := io.ReadAll(io.LimitReader(p, int64(max)+1))
	if err != nil {
		return "", wrapMultipart(err)
	}
	if len(b) > max {
		return "", errorf(KindMalformed, "the form field %q is longer than %d bytes", p.FormName(), max)
	}
	if !utf8.Valid(b) {
		return "", errorf(KindMalformed, "the form field %q is not UTF-8 text", p.FormName())
	}
	return string(b), nil
}

func wrapMultipart(err error) error {
	var ie *Error
	if errors.As(err, &ie) {
		return ie
	}
	w := wrapRead(err)
	if e, ok := w.(*Error); ok && e.Kind == KindMalformed {
		e.Msg = "the multipart form is malformed"
	}
	return w
}

// cleanFileName keeps the base name of a client-supplied file name, without
// control characters, at most 255 bytes.
func cleanFileName(name string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	name = filepath.Base("/" + name)
	if name == "/" || name == "." {
		return ""
	}
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
			return -1
		}
		return r
	}, name)
	for len(name) > 255 {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	return name
}
