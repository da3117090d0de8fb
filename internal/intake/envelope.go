package intake

import (
	"fmt"
	"io"
)

// envelope bounds the bytes of a request body that are not the document:
// multipart boundaries, part headers and fields, JSON punctuation, member
// names and other members. It reads from r only as far as doc() (the
// document bytes consumed so far) plus max allows, so an oversized envelope
// is refused without reading the rest of the body.
type envelope struct {
	r    io.Reader
	read int64        // bytes read from r
	doc  func() int64 // document bytes consumed so far; nil means none
	max  int64        // the envelope budget plus the reader's read-ahead
	lim  int64        // the budget as documented, for the message

	// exceeded is set once the budget is spent. Readers above may report
	// the cut as a malformed body (net/textproto does); this is the truth.
	exceeded *Error
}

func (e *envelope) Read(p []byte) (int, error) {
	var doc int64
	if e.doc != nil {
		doc = e.doc()
	}
	allowed := doc + e.max - e.read
	if allowed <= 0 {
		e.exceeded = &Error{Kind: KindEnvelopeTooLarge,
			Msg: fmt.Sprintf("the request carries more than %d bytes besides the document", e.lim)}
		return 0, e.exceeded
	}
	if int64(len(p)) > allowed {
		p = p[:allowed]
	}
	n, err := e.r.Read(p)
	e.read += int64(n)
	return n, err
}

// explain replaces err by the envelope's own error when the budget was spent.
func (e *envelope) explain(err error) error {
	if err != nil && e != nil && e.exceeded != nil {
		return e.exceeded
	}
	return err
}
