package intake

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Base64Field is the JSON member that carries the document.
const Base64Field = "file_base64"

// maxDepth bounds the nesting of JSON values that are skipped.
const maxDepth = 32

// JSON reads a JSON object whose "file_base64" member is the document in
// base64 (standard or URL alphabet, padding optional, white space and a
// "data:...;base64," prefix allowed), decoding it into a spool file in dir as
// it streams. Other members with string values are returned as Fields; null
// members are ignored; members with other values are skipped.
//
// Members other than the document are bounded: strings by
// Limits.MaxFieldBytes, nesting by a depth of 32, and their bytes together by
// Limits.MaxEnvelopeBytes, checked as they arrive.
func JSON(r io.Reader, dir string, lim Limits) (*Upload, error) {
	lim = lim.withDefaults()
	const bufSize = 32 << 10
	env := &envelope{r: r, max: lim.MaxEnvelopeBytes + bufSize, lim: lim.MaxEnvelopeBytes}
	j := &jsonReader{r: bufio.NewReaderSize(env, bufSize), lim: lim, env: env}
	env.doc = j.docBytes
	up, err := j.object(dir)
	if err != nil {
		return nil, env.explain(err)
	}
	return up, nil
}

type jsonReader struct {
	r   *bufio.Reader
	lim Limits
	env *envelope

	inFile    bool  // reading the document's string
	fileStart int64 // offset of the document's string
	docDone   int64 // bytes of document strings fully read
}

// pos is the offset in the body of the next byte to be parsed.
func (j *jsonReader) pos() int64 { return j.env.read - int64(j.r.Buffered()) }

// docBytes is the number of body bytes that belong to the document.
func (j *jsonReader) docBytes() int64 {
	if j.inFile {
		return j.docDone + j.pos() - j.fileStart
	}
	return j.docDone
}

func malformed(msg string) *Error {
	return errorf(KindMalformed, "the JSON body is malformed: %s", msg)
}

func (j *jsonReader) next() (byte, error) {
	c, err := j.r.ReadByte()
	if errors.Is(err, io.EOF) {
		return 0, malformed("unexpected end of input")
	}
	if err != nil {
		return 0, wrapRead(err)
	}
	return c, nil
}

// nonSpace returns the next byte that is not JSON white space.
func (j *jsonReader) nonSpace() (byte, error) {
	for {
		c, err := j.next()
		if err != nil {
			return 0, err
		}
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		}
		return c, nil
	}
}

func (j *jsonReader) object(dir string) (up *Upload, err error) {
	defer func() {
		if err != nil {
			up.Remove()
			up = nil
		}
	}()
	c, err := j.nonSpace()
	if err != nil {
		return nil, err
	}
	if c != '{' {
		return nil, malformed("the body must be a JSON object")
	}
	fields := map[string]string{}
	seen := map[string]bool{}
	for members := 0; ; members++ {
		c, err := j.nonSpace()
		if err != nil {
			return up, err
		}
		if c == '}' && members == 0 {
			break
		}
		if c != '"' {
			return up, malformed("expected a member name")
		}
		if members >= j.lim.MaxParts {
			return up, malformed("too many members")
		}
		key, err := j.str(j.lim.MaxFieldBytes)
		if err != nil {
			return up, err
		}
		if seen[key] {
			return up, malformed("the member \"" + key + "\" appears more than once")
		}
		seen[key] = true
		if c, err = j.nonSpace(); err != nil {
			return up, err
		}
		if c != ':' {
			return up, malformed("expected ':' after a member name")
		}
		if c, err = j.nonSpace(); err != nil {
			return up, err
		}
		switch {
		case c == 'n':
			if err := j.literal("ull"); err != nil {
				return up, err
			}
		case key == Base64Field:
			if c != '"' {
				return up, errorf(KindBadBase64, "%s must be a string", Base64Field)
			}
			if up, err = j.file(dir); err != nil {
				return nil, err
			}
		case c == '"':
			v, err := j.str(j.lim.MaxFieldBytes)
			if err != nil {
				return up, err
			}
			fields[key] = v
		default:
			if err := j.skip(c, 0); err != nil {
				return up, err
			}
		}
		if c, err = j.nonSpace(); err != nil {
			return up, err
		}
		if c == '}' {
			break
		}
		if c != ',' {
			return up, malformed("expected ',' or '}' after a member")
		}
	}
	// Nothing but white space may follow the object.
	for {
		c, err := j.r.ReadByte()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return up, wrapRead(err)
		}
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return up, malformed("data after the JSON object")
		}
	}
	if up == nil {
		return nil, errorf(KindNoFile, "the JSON body has no %q member holding the PDF", Base64Field)
	}
	up.Fields = fields
	return up, nil
}

func (j *jsonReader) literal(rest string) error {
	for i := 0; i < len(rest); i++ {
		c, err := j.next()
		if err != nil {
			return err
		}
		if c != rest[i] {
			return malformed("invalid literal")
		}
	}
	return nil
}

// chars calls emit with each character of a JSON string whose opening quote
// was read, unescaped, until the closing quote.
func (j *jsonReader) chars(emit func(r rune) error) error {
	for {
		c, err := j.next()
		if err != nil {
			return err
		}
		switch {
		case c == '"':
			return nil
		case c < 0x20:
			return malformed("control character in a string")
		case c == '\\':
			r, err := j.escape()
			if err != nil {
				return err
			}
			if err := emit(r); err != nil {
				return err
			}
		case c < utf8.RuneSelf:
			if err := emit(rune(c)); err != nil {
				return err
			}
		default:
			if err := j.r.UnreadByte(); err != nil {
				return wrapRead(err)
			}
			r, _, err := j.r.ReadRune()
			if err != nil {
				return wrapRead(err)
			}
			if err := emit(r); err != nil {
				return err
			}
		}
	}
}

func (j *jsonReader) escape() (rune, error) {
	c, err := j.next()
	if err != nil {
		return 0, err
	}
	switch c {
	case '"', '\\', '/':
		return rune(c), nil
	case 'b':
		return '\b', nil
	case 'f':
		return '\f', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case 'u':
		r, err := j.hex4()
		if err != nil {
			return 0, err
		}
		if utf16.IsSurrogate(r) {
			if err := j.literal(`\u`); err != nil {
				return utf8.RuneError, nil
			}
			r2, err := j.hex4()
			if err != nil {
				return 0, err
			}
			return utf16.DecodeRune(r, r2), nil
		}
		return r, nil
	}
	return 0, malformed("invalid escape in a string")
}

func (j *jsonReader) hex4() (rune, error) {
	var r rune
	for i := 0; i < 4; i++ {
		c, err := j.next()
		if err != nil {
			return 0, err
		}
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, malformed("invalid \\u escape")
		}
	}
	return r, nil
}

// str reads a string of at most max bytes.
func (j *jsonReader) str(max int) (string, error) {
	var b strings.Builder
	err := j.chars(func(r rune) error {
		if b.Len()+utf8.RuneLen(r) > max {
			return malformed("a string is longer than the limit")
		}
		b.WriteRune(r)
		return nil
	})
	return b.String(), err
}

// skip skips a value whose first byte is c.
func (j *jsonReader) skip(c byte, depth int) error {
	if depth > maxDepth {
		return malformed("values are nested too deeply")
	}
	switch {
	case c == '"':
		return j.chars(func(rune) error { return nil })
	case c == 't':
		return j.literal("rue")
	case c == 'f':
		return j.literal("alse")
	case c == 'n':
		return j.literal("ull")
	case c == '-' || ('0' <= c && c <= '9'):
		for {
			c, err := j.r.ReadByte()
			if err != nil {
				return nil // end of input is caught by the caller
			}
			if !strings.ContainsRune("0123456789+-.eE", rune(c)) {
				return j.r.UnreadByte()
			}
		}
	case c == '[' || c == '{':
		closing := byte(']')
		if c == '{' {
			closing = '}'
		}
		for first := true; ; first = false {
			c, err := j.nonSpace()
			if err != nil {
				return err
			}
			if c == closing && first {
				return nil
			}
			if closing == '}' {
				if c != '"' {
					return malformed("expected a member name")
				}
				if err := j.chars(func(rune) error { return nil }); err != nil {
					return err
				}
				if c, err = j.nonSpace(); err != nil {
					return err
				}
				if c != ':' {
					return malformed("expected ':'")
				}
				if c, err = j.nonSpace(); err != nil {
					return err
				}
			}
			if err := j.skip(c, depth+1); err != nil {
				return err
			}
			if c, err = j.nonSpace(); err != nil {
				return err
			}
			if c == closing {
				return nil
			}
			if c != ',' {
				return malformed("expected ',' in a list")
			}
		}
	}
	return malformed("unexpected character")
}

// file decodes the base64 string being read into a spool file.
func (j *jsonReader) file(dir string) (*Upload, error) {
	s, err := newSpool(dir, j.lim.MaxFileBytes)
	if err != nil {
		return nil, err
	}
	s.any = j.lim.AnyDocument
	d := &b64{out: s}
	j.inFile, j.fileStart = true, j.pos()
	err = j.chars(d.char)
	j.docDone += j.pos() - j.fileStart
	j.inFile = false
	if err != nil {
		s.abort()
		return nil, err
	}
	if err := d.finish(); err != nil {
		s.abort()
		return nil, err
	}
	return s.finish("", nil)
}

// b64 is a streaming base64 decoder that accepts both alphabets, optional
// padding, white space and a data-URL prefix ("data:application/pdf;base64,").
type b64 struct {
	out    io.Writer
	quad   [4]byte
	n      int
	pad    int
	state  int    // sniffing for a data URL, in its header, or in the data
	header []byte // characters read while sniffing or in the header
	buf    []byte
}

const (
	b64Sniff = iota
	b64Header
	b64Data
)

func badBase64(msg string) *Error {
	return errorf(KindBadBase64, "%s is not valid base64: %s", Base64Field, msg)
}

var b64Values = func() [256]byte {
	var t [256]byte
	for i := range t {
		t[i] = 0xff
	}
	const std = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := 0; i < len(std); i++ {
		t[std[i]] = byte(i)
	}
	t['-'], t['_'] = 62, 63
	return t
}()

const dataURL = "data:"

func (d *b64) char(r rune) error {
	switch d.state {
	case b64Sniff:
		if r == rune(dataURL[len(d.header)]) {
			d.header = append(d.header, byte(r))
			if len(d.header) == len(dataURL) {
				d.state = b64Header
			}
			return nil
		}
		// Not a data URL: what was held back is data.
		d.state = b64Data
		held := d.header
		d.header = nil
		for _, c := range held {
			if err := d.data(rune(c)); err != nil {
				return err
			}
		}
		return d.data(r)
	case b64Header:
		if r >= utf8.RuneSelf || len(d.header) > 128 {
			return badBase64("malformed data URL")
		}
		d.header = append(d.header, byte(r))
		if r == ',' {
			if !strings.HasSuffix(string(d.header), ";base64,") {
				return badBase64("a data URL must be base64-encoded")
			}
			d.state, d.header = b64Data, nil
		}
		return nil
	}
	return d.data(r)
}

func (d *b64) data(r rune) error {
	switch r {
	case ' ', '\t', '\r', '\n':
		return nil
	case '=':
		d.pad++
		if d.pad > 2 {
			return badBase64("too much padding")
		}
		return nil
	}
	if r >= utf8.RuneSelf || b64Values[r] == 0xff {
		return badBase64("unexpected character")
	}
	if d.pad > 0 {
		return badBase64("data after padding")
	}
	d.quad[d.n] = b64Values[r]
	d.n++
	if d.n == 4 {
		d.buf = append(d.buf, d.quad[0]<<2|d.quad[1]>>4, d.quad[1]<<4|d.quad[2]>>2, d.quad[2]<<6|d.quad[3])
		d.n = 0
		if len(d.buf) >= 32<<10 {
			return d.flush()
		}
	}
	return nil
}

func (d *b64) flush() error {
	if len(d.buf) == 0 {
		return nil
	}
	_, err := d.out.Write(d.buf)
	d.buf = d.buf[:0]
	return err
}

func (d *b64) finish() error {
	switch d.state {
	case b64Sniff:
		// The string ended while it could still have been a data URL.
		held := d.header
		d.state, d.header = b64Data, nil
		for _, c := range held {
			if err := d.data(rune(c)); err != nil {
				return err
			}
		}
	case b64Header:
		return badBase64("a data URL without data")
	}
	switch d.n {
	case 1:
		return badBase64("truncated data")
	case 2:
		d.buf = append(d.buf, d.quad[0]<<2|d.quad[1]>>4)
	case 3:
		d.buf = append(d.buf, d.quad[0]<<2|d.quad[1]>>4, d.quad[1]<<4|d.quad[2]>>2)
	}
	if d.pad > 0 && (d.n+d.pad)%4 != 0 {
		return badBase64("wrong padding")
	}
	return d.flush()
}
