package intake

import (
	"errors"
	"os"

	"github.com/invex/invex/extract/document"
	"github.com/invex/invex/extract/raster"
)

// Inspect reads a spooled upload of a kind other than PDF far enough to
// know it can be extracted: the e-invoices of XML, signed and ZIP files
// are parsed (cheap, bounded, and refusing hostile XML unread); pictures
// are measured from their headers against pics. PDFs are left to the
// workers, which read them in isolation. The error is an *Error of
// KindInvalidDocument whose Code is one of package document's.
func (u *Upload) Inspect(pics raster.Limits) error {
	switch {
	case u.Kind.Structured():
		data, err := os.ReadFile(u.Path)
		if err != nil {
			return &Error{Kind: KindInternal, Msg: "the upload could not be read back", Err: err}
		}
		if _, err := document.EInvoices(u.Kind, data); err != nil {
			var de *document.Error
			if errors.As(err, &de) {
				return &Error{Kind: KindInvalidDocument, Code: de.Code, Msg: de.Msg, Err: de.Err}
			}
			return &Error{Kind: KindInvalidDocument, Code: document.CodeDamaged, Msg: "the document cannot be read", Err: err}
		}
	case u.Kind.Image():
		f, err := os.Open(u.Path)
		if err != nil {
			return &Error{Kind: KindInternal, Msg: "the upload could not be read back", Err: err}
		}
		defer f.Close()
		if _, err := raster.Check(string(u.Kind), f, u.Size, pics); err != nil {
			pe := document.PictureError(err)
			return &Error{Kind: KindInvalidDocument, Code: pe.Code, Msg: pe.Msg, Err: err}
		}
	}
	return nil
}
