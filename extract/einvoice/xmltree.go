package einvoice

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Limits applied to every input before and while it is parsed. They bound
// the time and memory one document can cost.
const (
	// MaxSize is the largest input accepted, in bytes.
	MaxSize = 16 << 20
	// MaxDepth is the deepest element nesting accepted. Real e-invoices
	// nest fewer than 20 levels.
	MaxDepth = 256
	// MaxElements is the largest number of elements accepted, 524,288. Real
	// e-invoices spend 50 to 140 bytes per element, so 16 MiB of them hold
	// at most about 330,000. At the limit the tree holds about 45 MiB.
	MaxElements = 1 << 19
	// maxText is the longest text kept for one element; longer text (such
	// as base64 attachments, which are never mapped) is cut.
	maxText = 64 << 10
)

// node is one element of the parsed document, kept small: names are local
// names (the mapping works on local names and checks the namespace only at
// the root), interned; only the attributes the mapping reads are kept.
type node struct {
	name  string
	kids  []*node
	text  string
	attrs []attr
}

type attr struct{ name, value string }

// keptAttrs are the attributes the mapping reads.
var keptAttrs = map[string]bool{
	"schemeID": true, "unitCode": true, "currencyID": true, "format": true, "versione": true,
}

// maxInterned bounds the table of interned element names.
const maxInterned = 4096

// parseTree parses data into a tree, refusing anything unsafe. It returns
// the root element, its namespace, and whether the bytes had to be re-read
// as windows-1252 because they were declared (or defaulted to) UTF-8 but
// were not.
func parseTree(data []byte) (root *node, space string, fellBack bool, err error) {
	if len(data) > MaxSize {
		return nil, "", false, fmt.Errorf("%w: input is %d bytes, the limit is %d", ErrUnsafe, len(data), MaxSize)
	}
	data, utf16In, err := toUTF8(data)
	if err != nil {
		return nil, "", false, err
	}
	if n := longestTag(data); n > maxTag {
		return nil, "", false, fmt.Errorf("%w: a tag of %d bytes (at most %d are accepted)", ErrUnsafe, n, maxTag)
	}
	root, space, err = decodeTree(data, utf16In, false)
	if err != nil && errors.Is(err, errInvalidUTF8) {
		// Producers often write latin-1 while declaring UTF-8 (or nothing):
		// read such files as windows-1252, a superset of latin-1's printable
		// characters, rather than reject them.
		root, space, err = decodeTree(data, utf16In, true)
		fellBack = err == nil
	}
	return root, space, fellBack, err
}

// maxTag bounds the bytes from a '<' to its '>': real tags, attributes
// included, are short, and a huge attribute would otherwise be read whole
// by the decoder before it could be refused.
const maxTag = 2 * maxText

// longestTag returns the length of the longest run from a '<' to the next
// '>' (a '>' inside an attribute value only shortens it).
func longestTag(data []byte) int {
	longest := 0
	for i := 0; i < len(data); {
		j := bytes.IndexByte(data[i:], '<')
		if j < 0 {
			break
		}
		start := i + j
		k := bytes.IndexByte(data[start:], '>')
		if k < 0 {
			return max(longest, len(data)-start)
		}
		longest = max(longest, k)
		i = start + k + 1
	}
	return longest
}

// errInvalidUTF8 marks a decode that failed only because the bytes are not
// UTF-8.
var errInvalidUTF8 = errors.New("invalid UTF-8")

// toUTF8 strips a UTF-8 byte-order mark and converts UTF-16 input (which
// must start with its byte-order mark) to UTF-8.
func toUTF8(data []byte) (out []byte, wasUTF16 bool, err error) {
	switch {
	case bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}):
		return data[3:], false, nil
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}), bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		big := data[0] == 0xFE
		body := data[2:]
		if len(body)%2 != 0 {
			return nil, false, fmt.Errorf("%w: truncated UTF-16 input", ErrMalformed)
		}
		units := make([]uint16, len(body)/2)
		for i := range units {
			if big {
				units[i] = uint16(body[2*i])<<8 | uint16(body[2*i+1])
			} else {
				units[i] = uint16(body[2*i+1])<<8 | uint16(body[2*i])
			}
		}
		return []byte(string(utf16.Decode(units))), true, nil
	}
	return data, false, nil
}

func decodeTree(data []byte, utf16In, asCP1252 bool) (root *node, space string, err error) {
	var src io.Reader = bytes.NewReader(data)
	if asCP1252 {
		src = &cp1252Reader{r: src}
	}
	dec := xml.NewDecoder(src)
	dec.Strict = true
	dec.CharsetReader = func(label string, in io.Reader) (io.Reader, error) {
		return charsetReader(label, in, utf16In, asCP1252)
	}

	// frame is an open element and the text collected for it so far.
	type frame struct {
		n    *node
		text []byte
	}
	var (
		stack    []frame
		elements int
		names    = map[string]string{}
	)
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, "", classify(err)
		}
		switch t := tok.(type) {
		case xml.Directive:
			return nil, "", fmt.Errorf("%w: DOCTYPE or other DTD declarations are not accepted", ErrUnsafe)
		case xml.StartElement:
			elements++
			if elements > MaxElements {
				return nil, "", fmt.Errorf("%w: more than %d elements", ErrUnsafe, MaxElements)
			}
			if len(stack) >= MaxDepth {
				return nil, "", fmt.Errorf("%w: elements nested deeper than %d", ErrUnsafe, MaxDepth)
			}
			name, ok := names[t.Name.Local]
			if !ok {
				name = t.Name.Local
				if len(names) < maxInterned {
					names[name] = name
				}
			}
			n := &node{name: name}
			for _, a := range t.Attr {
				if len(a.Value) > maxText {
					return nil, "", fmt.Errorf("%w: an attribute of %d bytes (at most %d are accepted)", ErrUnsafe, len(a.Value), maxText)
				}
				if a.Name.Space != "xmlns" && keptAttrs[a.Name.Local] {
					n.attrs = append(n.attrs, attr{a.Name.Local, a.Value})
				}
			}
			if len(stack) == 0 {
				root, space = n, t.Name.Space
			} else {
				parent := stack[len(stack)-1].n
				parent.kids = append(parent.kids, n)
			}
			stack = append(stack, frame{n: n})
		case xml.EndElement:
			if len(stack) == 0 {
				return nil, "", fmt.Errorf("%w: unexpected end element", ErrMalformed)
			}
			top := stack[len(stack)-1]
			top.n.text = string(top.text)
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				// Ignore whatever follows the root (PDF attachments are
				// sometimes padded).
				return root, space, nil
			}
		case xml.CharData:
			if len(stack) > 0 {
				top := &stack[len(stack)-1]
				if room := maxText - len(top.text); room > 0 {
					top.text = append(top.text, t[:min(len(t), room)]...)
				}
			}
		}
	}
	if root == nil {
		return nil, "", fmt.Errorf("%w: no root element", ErrMalformed)
	}
	return nil, "", fmt.Errorf("%w: unexpected end of input", ErrMalformed)
}

// classify wraps a decoder error in ErrMalformed or ErrUnsafe.
func classify(err error) error {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		if strings.Contains(se.Msg, "invalid UTF-8") {
			return fmt.Errorf("%w: %w", ErrMalformed, errInvalidUTF8)
		}
		if strings.Contains(se.Msg, "entity &") && !strings.Contains(se.Msg, "&#") {
			return fmt.Errorf("%w: %s (only the predefined XML entities are accepted)", ErrUnsafe, se.Msg)
		}
	}
	return fmt.Errorf("%w: %w", ErrMalformed, err)
}

// charsetReader returns a UTF-8 reader for the encodings declared by
// e-invoices in practice: UTF-8 and ASCII (read as is), ISO-8859-1 and its
// aliases, windows-1252 (both decoded with the windows-1252 table, whose
// printable characters include all of latin-1's), and UTF-16 when the input
// started with a byte-order mark (already converted).
func charsetReader(label string, in io.Reader, utf16In, asCP1252 bool) (io.Reader, error) {
	l := strings.ToLower(strings.TrimSpace(label))
	l = strings.NewReplacer("_", "-", " ", "").Replace(l)
	switch l {
	case "utf-8", "utf8":
		return in, nil
	case "us-ascii", "ascii", "iso646-us", "ansi-x3.4-1968", "iso-8859-1", "iso8859-1", "latin1", "latin-1",
		"l1", "iso-ir-100", "cp819", "ibm819", "csisolatin1", "8859-1", "iso-8859-15", "iso8859-15", "latin-9", "latin9",
		"windows-1252", "cp1252", "x-cp1252", "win-1252", "ms-ansi":
		if asCP1252 {
			return in, nil // already converted
		}
		if l == "iso-8859-15" || l == "iso8859-15" || l == "latin-9" || l == "latin9" {
			return &cp1252Reader{r: in, latin9: true}, nil
		}
		return &cp1252Reader{r: in}, nil
	case "utf-16", "utf16", "utf-16le", "utf-16be", "ucs-2":
		if utf16In {
			return in, nil
		}
	}
	return nil, fmt.Errorf("unsupported encoding %q", label)
}

// cp1252Reader decodes windows-1252 (or ISO-8859-15) bytes to UTF-8.
type cp1252Reader struct {
	r      io.Reader
	latin9 bool
	buf    []byte // decoded bytes not yet returned
	raw    [4096]byte
}

func (c *cp1252Reader) Read(p []byte) (int, error) {
	for len(c.buf) == 0 {
		c.buf = c.buf[:0]
		n, err := c.r.Read(c.raw[:])
		for _, b := range c.raw[:n] {
			c.buf = utf8.AppendRune(c.buf, c.decode(b))
		}
		if n == 0 && err != nil {
			return 0, err
		}
	}
	n := copy(p, c.buf)
	c.buf = c.buf[n:]
	return n, nil
}

func (c *cp1252Reader) decode(b byte) rune {
	if b < 0x80 {
		return rune(b)
	}
	if c.latin9 {
		if r, ok := latin9Diff[b]; ok {
			return r
		}
		return rune(b)
	}
	if b < 0xA0 {
		return cp1252High[b-0x80]
	}
	return rune(b)
}

// cp1252High maps bytes 0x80–0x9F of windows-1252; the five undefined
// bytes map to the C1 controls of the same value, as browsers do.
var cp1252High = [32]rune{
	'€', 0x81, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0x8D, 'Ž', 0x8F,
	0x90, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0x9D, 'ž', 'Ÿ',
}

// latin9Diff lists where ISO-8859-15 differs from ISO-8859-1.
var latin9Diff = map[byte]rune{
	0xA4: '€', 0xA6: 'Š', 0xA8: 'š', 0xB4: 'Ž', 0xB8: 'ž', 0xBC: 'Œ', 0xBD: 'œ', 0xBE: 'Ÿ',
}

// Navigation helpers. All are safe on a nil node.

// is reports whether n's local name is one of names.
func (n *node) is(names ...string) bool {
	if n == nil {
		return false
	}
	for _, name := range names {
		if n.name == name {
			return true
		}
	}
	return false
}

// child returns the first child whose local name is one of names.
func (n *node) child(names ...string) *node {
	if n == nil {
		return nil
	}
	for _, k := range n.kids {
		if k.is(names...) {
			return k
		}
	}
	return nil
}

// children returns the children whose local name is one of names.
func (n *node) children(names ...string) []*node {
	if n == nil {
		return nil
	}
	var out []*node
	for _, k := range n.kids {
		if k.is(names...) {
			out = append(out, k)
		}
	}
	return out
}

// at follows a path of child steps; a step "A|B" accepts either name.
func (n *node) at(path ...string) *node {
	for _, step := range path {
		n = n.child(strings.Split(step, "|")...)
		if n == nil {
			return nil
		}
	}
	return n
}

// all returns every node reached by the path, in document order.
func (n *node) all(path ...string) []*node {
	if n == nil {
		return nil
	}
	cur := []*node{n}
	for _, step := range path {
		names := strings.Split(step, "|")
		var next []*node
		for _, c := range cur {
			next = append(next, c.children(names...)...)
		}
		cur = next
	}
	return cur
}

// str returns the cleaned text at the path ("" when absent).
func (n *node) str(path ...string) string {
	return clean(n.at(path...).rawText())
}

func (n *node) rawText() string {
	if n == nil {
		return ""
	}
	return n.text
}

// attr returns the value of the attribute with the given local name.
func (n *node) attr(name string) string {
	if n == nil {
		return ""
	}
	for _, a := range n.attrs {
		if a.name == name {
			return strings.TrimSpace(a.value)
		}
	}
	return ""
}

// num parses the number at the path; nil when absent or not a number.
func (n *node) num(path ...string) *float64 {
	return parseNumber(n.at(path...).rawText())
}
