package pdf

import "github.com/invex/invex/extract/layout"

// The reader produces the engine's page vocabulary (package layout); these
// names let the reader's own code use it unqualified.
type (
	Document   = layout.Document
	Page       = layout.Page
	Word       = layout.Word
	Line       = layout.Line
	Rect       = layout.Rect
	Attachment = layout.Attachment
)
