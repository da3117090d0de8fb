package cms

import (
	"errors"
	"fmt"
)

// ASN.1 classes and the universal tags read here.
const (
	classUniversal   = 0
	classContext     = 2
	tagInteger       = 2
	tagOctetString   = 4
	tagOID           = 6
	tagSequence      = 16
	tagSet           = 17
	tagUTCTime       = 23
	tagGeneralizedTm = 24
)

// Bounds of the BER reader: signed invoices nest a dozen levels and hold a
// few hundred elements; anything far beyond is refused unread.
const (
	maxDepth = 64
	maxNodes = 1 << 16
)

var errTruncated = errors.New("the data ends inside an element")

// node is one BER element. Children are parsed for constructed elements;
// raw is the whole encoding (identifier, length, content), content the
// bytes between the length and the end (for an indefinite length, without
// the end-of-contents octets).
type node struct {
	class       int
	constructed bool
	tag         int
	content     []byte
	children    []*node
	raw         []byte
	indefinite  bool
}

type reader struct{ nodes int }

// parse reads one element from the start of b and returns it with the bytes
// after it.
func (r *reader) parse(b []byte, depth int) (*node, []byte, error) {
	if depth > maxDepth {
		return nil, nil, fmt.Errorf("elements nest deeper than %d levels", maxDepth)
	}
	if r.nodes++; r.nodes > maxNodes {
		return nil, nil, fmt.Errorf("more than %d elements", maxNodes)
	}
	start := b
	if len(b) < 2 {
		return nil, nil, errTruncated
	}
	n := &node{class: int(b[0] >> 6), constructed: b[0]&0x20 != 0, tag: int(b[0] & 0x1f)}
	b = b[1:]
	if n.tag == 0x1f { // high tag number form
		n.tag = 0
		for i := 0; ; i++ {
			if len(b) == 0 || i > 3 {
				return nil, nil, errors.New("bad tag number")
			}
			c := b[0]
			b = b[1:]
			n.tag = n.tag<<7 | int(c&0x7f)
			if c&0x80 == 0 {
				break
			}
		}
	}
	if len(b) == 0 {
		return nil, nil, errTruncated
	}
	l := int(b[0])
	b = b[1:]
	switch {
	case l == 0x80:
		if !n.constructed {
			return nil, nil, errors.New("indefinite length on a primitive element")
		}
		n.indefinite = true
		rest := b
		for {
			if len(rest) < 2 {
				return nil, nil, errTruncated
			}
			if rest[0] == 0 && rest[1] == 0 {
				n.content = b[:len(b)-len(rest)]
				rest = rest[2:]
				n.raw = start[:len(start)-len(rest)]
				return n, rest, nil
			}
			c, more, err := r.parse(rest, depth+1)
			if err != nil {
				return nil, nil, err
			}
			n.children = append(n.children, c)
			rest = more
		}
	case l > 0x80:
		k := l & 0x7f
		if k > 4 || len(b) < k {
			return nil, nil, errors.New("bad length")
		}
		l = 0
		for _, c := range b[:k] {
			l = l<<8 | int(c)
		}
		b = b[k:]
	}
	if l < 0 || l > len(b) {
		return nil, nil, errTruncated
	}
	n.content = b[:l]
	rest := b[l:]
	n.raw = start[:len(start)-len(rest)]
	if n.constructed {
		c := n.content
		for len(c) > 0 {
			child, more, err := r.parse(c, depth+1)
			if err != nil {
				return nil, nil, err
			}
			n.children = append(n.children, child)
			c = more
		}
	}
	return n, rest, nil
}

func (n *node) is(class, tag int) bool { return n != nil && n.class == class && n.tag == tag }

func (n *node) child(i int) *node {
	if n == nil || i >= len(n.children) {
		return nil
	}
	return n.children[i]
}

// octets returns the bytes of an OCTET STRING, primitive or constructed
// from segments (as streaming signers write large content).
func (n *node) octets(limit int) ([]byte, error) {
	if !n.constructed {
		if len(n.content) > limit {
			return nil, fmt.Errorf("the signed content is larger than %d bytes", limit)
		}
		return n.content, nil
	}
	var out []byte
	for _, c := range n.children {
		b, err := c.octets(limit - len(out))
		if err != nil {
			return nil, err
		}
		if len(out)+len(b) > limit {
			return nil, fmt.Errorf("the signed content is larger than %d bytes", limit)
		}
		out = append(out, b...)
	}
	return out, nil
}

// oid returns the dotted form of an OBJECT IDENTIFIER.
func (n *node) oid() string {
	if !n.is(classUniversal, tagOID) || n.constructed || len(n.content) == 0 {
		return ""
	}
	var s []byte
	var v uint64
	first := true
	for _, c := range n.content {
		v = v<<7 | uint64(c&0x7f)
		if c&0x80 != 0 {
			if v > 1<<56 {
				return ""
			}
			continue
		}
		if first {
			x := min(v/40, 2)
			s = fmt.Appendf(s, "%d.%d", x, v-40*x)
			first = false
		} else {
			s = fmt.Appendf(s, ".%d", v)
		}
		v = 0
	}
	return string(s)
}
