// Package export writes approved results for bookkeeping software: CSV
// with one row per invoice, CSV with one row per line item, and JSON Lines.
// The API (GET /v1/jobs/export) and the dashboard use it alike.
package export

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/invoice"
)

// Formats.
const (
	CSV      = "csv"
	CSVItems = "csv_items"
	JSONL    = "jsonl"
)

// Valid reports whether f is a format.
func Valid(f string) bool { return f == CSV || f == CSVItems || f == JSONL }

// ContentType is the media type of a format.
func ContentType(f string) string {
	if f == JSONL {
		return "application/x-ndjson"
	}
	return "text/csv; charset=utf-8"
}

// Extension is the file name extension of a format.
func Extension(f string) string {
	if f == JSONL {
		return "jsonl"
	}
	return "csv"
}

// InvoiceColumns are the columns of the CSV of invoices.
var InvoiceColumns = []string{"job_id", "reviewed_at", "revision", "file_name",
	"invoice_number", "invoice_date", "due_date", "document_type", "currency",
	"vendor_name", "vendor_vat_number", "vendor_fiscal_code", "vendor_address", "vendor_city", "vendor_zip_code",
	"vendor_country", "vendor_iban", "vendor_sdi_code",
	"buyer_name", "buyer_vat_number", "buyer_fiscal_code", "buyer_address", "buyer_city", "buyer_zip_code", "buyer_country",
	"subtotal", "tax_rate", "tax_amount", "total", "discount", "stamp_duty", "withholding_tax",
	"payment_method", "payment_terms", "po_number", "line_items", "corrected_fields"}

// ItemColumns are the columns of the CSV of line items.
var ItemColumns = []string{"job_id", "invoice_number", "invoice_date", "vendor_vat_number", "line",
	"description", "quantity", "unit", "unit_price", "discount_pct", "tax_rate", "amount"}

// Writer writes approved jobs in one format.
type Writer struct {
	format string
	buf    *bufio.Writer
	csv    *csv.Writer
	header bool
}

// NewWriter returns a Writer of format f to w.
func NewWriter(w io.Writer, f string) *Writer {
	b := bufio.NewWriter(w)
	x := &Writer{format: f, buf: b}
	if f != JSONL {
		x.csv = csv.NewWriter(b)
	}
	return x
}

// Record is a job as JSON Lines writes it.
type Record struct {
	JobID           string         `json:"job_id"`
	ReviewedAt      string         `json:"reviewed_at"`
	Revision        int            `json:"revision"`
	FileName        string         `json:"file_name"`
	CorrectedFields []string       `json:"corrected_fields"`
	Result          invoice.Result `json:"result"`
}

// Write writes one approved job; jobs not approved are skipped.
func (w *Writer) Write(j store.Job) error {
	if !j.Review.Approved() {
		return nil
	}
	var r invoice.Result
	if err := json.Unmarshal(j.Review.Result, &r); err != nil {
		return fmt.Errorf("export job %s: %w", j.ID, err)
	}
	r.Normalize()
	at := ""
	if j.Review.ReviewedAt != nil {
		at = j.Review.ReviewedAt.UTC().Format("2006-01-02T15:04:05.000Z")
	}
	switch w.format {
	case JSONL:
		b, err := json.Marshal(Record{JobID: j.ID, ReviewedAt: at, Revision: j.Review.Revision, FileName: j.FileName,
			CorrectedFields: nonNil(j.Review.Corrected), Result: r})
		if err != nil {
			return fmt.Errorf("export job %s: %w", j.ID, err)
		}
		w.buf.Write(b)
		return w.buf.WriteByte('\n')
	case CSVItems:
		if err := w.head(ItemColumns); err != nil {
			return err
		}
		for i, li := range r.LineItems {
			row := []string{j.ID, text(r.Invoice.Number), text(r.Invoice.Date), text(r.Vendor.VATNumber),
				strconv.Itoa(i + 1), text(li.Description), num(li.Quantity), text(li.Unit), num(li.UnitPrice),
				num(li.DiscountPct), num(li.TaxRate), num(li.Amount)}
			if err := w.csv.Write(row); err != nil {
				return err
			}
		}
		return nil
	default:
		if err := w.head(InvoiceColumns); err != nil {
			return err
		}
		v, b, h, f := r.Vendor, r.Buyer, r.Invoice, r.Financials
		cur := h.Currency
		if cur == nil {
			cur = f.Currency
		}
		row := []string{j.ID, at, strconv.Itoa(j.Review.Revision), safe(j.FileName),
			text(h.Number), text(h.Date), text(h.DueDate), text(h.Type), text(cur),
			text(v.Name), text(v.VATNumber), text(v.FiscalCode), text(v.Address), text(v.City), text(v.ZipCode),
			text(v.Country), text(v.IBAN), text(v.SDICode),
			text(b.Name), text(b.VATNumber), text(b.FiscalCode), text(b.Address), text(b.City), text(b.ZipCode), text(b.Country),
			num(f.Subtotal), num(f.TaxRate), num(f.TaxAmount), num(f.Total), num(f.Discount), num(f.StampDuty),
			num(f.WithholdingTax), text(h.PaymentMethod), text(h.PaymentTerms), text(h.PONumber),
			strconv.Itoa(len(r.LineItems)), strings.Join(j.Review.Corrected, " ")}
		return w.csv.Write(row)
	}
}

func (w *Writer) head(cols []string) error {
	if w.header {
		return nil
	}
	w.header = true
	return w.csv.Write(cols)
}

// Flush writes what is buffered; a CSV with no job still gets its header.
func (w *Writer) Flush() error {
	if w.csv != nil {
		cols := InvoiceColumns
		if w.format == CSVItems {
			cols = ItemColumns
		}
		if err := w.head(cols); err != nil {
			return err
		}
		w.csv.Flush()
		if err := w.csv.Error(); err != nil {
			return err
		}
	}
	return w.buf.Flush()
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func text(p *string) string {
	if p == nil {
		return ""
	}
	return safe(*p)
}

// safe keeps a spreadsheet from running a cell as a formula: text that
// starts with = + - @ or a tab or carriage return gets a leading
// apostrophe (OWASP's CSV injection advice). Numbers are written by num.
func safe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

func num(p *float64) string {
	if p == nil {
		return ""
	}
	return strconv.FormatFloat(*p, 'f', -1, 64)
}

// FileName is the name an export of format is downloaded as on day now.
func FileName(format string, now time.Time) string {
	return "invex-" + format + "-" + now.UTC().Format("20060102") + "." + Extension(format)
}

// Lister pages an account's approved jobs (store.Store.ListReviewed).
type Lister interface {
	ListReviewed(ctx context.Context, accountID string, f store.ReviewedFilter) ([]store.Job, error)
}

// Stream writes every approved job of the account that f selects to w, in
// pages of f.Limit jobs: first is the first page, which callers read
// before they answer so that a database outage is an error status rather
// than a cut download. It flushes w at the end.
func Stream(ctx context.Context, l Lister, accountID string, f store.ReviewedFilter, first []store.Job, w *Writer) error {
	page := first
	for {
		for _, j := range page {
			if err := w.Write(j); err != nil {
				return fmt.Errorf("export: write: %w", err)
			}
		}
		if len(page) < f.Limit || len(page) == 0 {
			break
		}
		last := page[len(page)-1]
		f.After = &store.ReviewedCursor{ReviewedAt: *last.Review.ReviewedAt, ID: last.ID}
		var err error
		if page, err = l.ListReviewed(ctx, accountID, f); err != nil {
			return fmt.Errorf("export: next page: %w", err)
		}
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("export: flush: %w", err)
	}
	return nil
}
