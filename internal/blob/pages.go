package blob

import (
	"context"
	"encoding/json"
	"fmt"
)

// PagesKey is where the page images drawn from the document stored under
// docKey are kept (see Pages): beside the document, so that whatever
// deletes a document deletes its pictures with it (DeleteDocument).
func PagesKey(docKey string) string { return docKey + ".pages" }

// Pages are the page images of a document, drawn by a worker (the process
// that reads documents) for the dashboard, which shows them under the
// boxes of the fields' evidence.
type Pages struct {
	Pages []Page `json:"pages"`
	// Failed, when set, says why the document could not be drawn: it is
	// not tried again.
	Failed string `json:"failed,omitempty"`
}

// Page is one page's picture.
type Page struct {
	// W and H are the page's displayed size in points.
	W float64 `json:"w"`
	H float64 `json:"h"`
	// PNG is the page drawn whole and upright at PagesDPI.
	PNG []byte `json:"png"`
	// Words are the page's words as the engine reads them, for pointing
	// at a value on the page; nil when they could not be read.
	Words []Word `json:"words,omitempty"`
}

// Word is one word of a page and its box, in points from the page's
// top-left corner: x0, y0, x1, y1.
type Word struct {
	Text string     `json:"t"`
	Box  [4]float64 `json:"b"`
}

// PagesDPI is the resolution of the page images.
const PagesDPI = 100

// Encode returns the stored form of p.
func (p Pages) Encode() ([]byte, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("encode page images: %w", err)
	}
	return b, nil
}

// DecodePages reads the stored form of page images.
func DecodePages(b []byte) (Pages, error) {
	var p Pages
	if err := json.Unmarshal(b, &p); err != nil {
		return Pages{}, fmt.Errorf("decode page images: %w", err)
	}
	return p, nil
}

// Deleter removes blobs.
type Deleter interface {
	Delete(ctx context.Context, key string) error
}

// DeleteDocument removes the document under key and its page images.
func DeleteDocument(ctx context.Context, s Deleter, key string) error {
	if err := s.Delete(ctx, PagesKey(key)); err != nil {
		return err
	}
	return s.Delete(ctx, key)
}
