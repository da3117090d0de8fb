package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/document"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/httpapi"
	"github.com/invex/invex/internal/intake"
	"github.com/invex/invex/internal/jobs"
	"github.com/invex/invex/internal/store"
	"github.com/invex/invex/invoice"
)

func extractCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("extract", `Usage: invex extract [--locale it] FILE

Extracts one invoice document (a PDF, an e-invoice XML plain, signed or
zipped, or a picture) in this process, with no server and no database,
and prints the completed job's record as the API would return it (without
its id and timestamps). On failure it prints why and exits with status 1.`, stderr)
	locale := fs.String("locale", invoice.DefaultLocale, "language `hint`: it, en, de or fr")
	timeout := fs.Duration("timeout", 2*time.Minute, "give up after this long")
	layout := fs.Bool("layout", false, "print the text layer's lines with their positions instead of the record")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageError{"extract needs exactly one FILE"}
	}
	if !invoice.ValidLocale(*locale) {
		return usageError{fmt.Sprintf("--locale must be one of it, en, de, fr; got %q", *locale)}
	}
	path := fs.Arg(0)
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if len(data) == 0 {
		return fmt.Errorf("%s: the file is empty", path)
	}
	kind := document.Detect(data)
	if kind == document.Unknown {
		return fmt.Errorf("%s: the file is of no kind invex reads (PDF, e-invoice XML plain, signed or zipped, JPEG, PNG, TIFF, WebP)", path)
	}
	if kind == document.PDF {
		if err := intake.Sniff(data[:min(len(data), 1024)]); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}

	cfg := extract.Config{PDF: pdf.Config{Instances: 1, Isolated: true}}
	if dir, err := os.UserCacheDir(); err == nil {
		cfg.PDF.CacheDir = filepath.Join(dir, "invex", "wazero")
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	eng, err := extract.New(cfg)
	if err != nil {
		return err
	}
	defer eng.Close()
	if *layout {
		return printLayout(ctx, eng, data, *locale, stdout)
	}

	start := time.Now()
	out, err := eng.Extract(ctx, data, extract.Options{Locale: *locale})
	if err != nil {
		var xe *extract.Error
		if errors.As(err, &xe) {
			return fmt.Errorf("%s: %s (%s)", path, xe.Message, xe.Code)
		}
		return fmt.Errorf("%s: %w", path, err)
	}
	c, err := jobs.Completion(out)
	if err != nil {
		return err
	}
	ms := time.Since(start).Milliseconds()
	rec := httpapi.NewRecord(store.Job{
		Status:       store.StatusCompleted,
		ProcessingMS: &ms,
		Confidence:   &c.Confidence,
		Model:        c.Model,
		Flags:        c.Flags,
		Result:       c.Result,
		Extra:        c.Extra,
		Kind:         string(out.Kind),
		Documents:    c.Documents,
	})
	b, err := withoutIdentity(rec)
	if err != nil {
		return err
	}
	_, err = stdout.Write(b)
	return err
}

// withoutIdentity encodes a record without its id and timestamps, keeping the
// API's field order.
func withoutIdentity(rec httpapi.Record) ([]byte, error) {
	raw, err := json.Marshal(rec)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.Token() // {
	var buf bytes.Buffer
	buf.WriteString("{\n")
	first := true
	for dec.More() {
		tok, _ := dec.Token()
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		switch key := tok.(string); key {
		case "job_id", "queued_at", "started_at", "completed_at":
			continue
		default:
			var ind bytes.Buffer
			json.Indent(&ind, v, "  ", "  ")
			if !first {
				buf.WriteString(",\n")
			}
			first = false
			fmt.Fprintf(&buf, "  %q: %s", key, ind.Bytes())
		}
	}
	buf.WriteString("\n}\n")
	return buf.Bytes(), nil
}

// printLayout prints every line of the text layer (or of OCR, for scanned
// pages) with the left edge of each word, so that rule authors can see what
// the field extractor sees.
func printLayout(ctx context.Context, eng *extract.Engine, data []byte, locale string, w io.Writer) error {
	doc, err := eng.Layout(ctx, data, extract.Options{Locale: locale})
	if err != nil {
		return fmt.Errorf("read pdf: %w", err)
	}
	for _, p := range doc.Pages {
		source := ""
		if len(p.Words) > 0 && p.Words[0].OCR {
			source = ", OCR"
		}
		fmt.Fprintf(w, "=== page %d (%.0f×%.0f pt, %d words%s)\n", p.Number, p.Width, p.Height, len(p.Words), source)
		for _, l := range p.Lines {
			fmt.Fprintf(w, "%5.1f |", l.Box.Y0)
			prev := math.Inf(-1)
			for _, wi := range l.Words {
				word := p.Words[wi]
				// Mark where a new cell starts: a gap wider than a space.
				if word.Box.X0-prev > word.FontSize*0.6 {
					fmt.Fprintf(w, "  @%.0f ", word.Box.X0)
				} else {
					fmt.Fprint(w, " ")
				}
				fmt.Fprint(w, word.Text)
				prev = word.Box.X1
			}
			fmt.Fprintln(w)
		}
	}
	return nil
}
