package app_test

import (
	"image"
	"testing"
	"time"

	"github.com/invex/invex/extract/ocr"
	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/testpdf"
)

// scanned renders the first page of a PDF and wraps the picture in an
// image-only PDF, as a scanner would.
func scanned(t *testing.T, data []byte) []byte {
	t.Helper()
	img := renderPages(t, data)[0]
	g, err := img.Gray()
	if err != nil {
		t.Fatal(err)
	}
	out, err := testpdf.ScannedPDF([]*image.Gray{g}, img.Box.X1, img.Box.Y1)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestScannedJobOnOCRQueue: a scanned document moves to the ocr queue,
// where it is read by OCR, and its attempts are counted once.
func TestScannedJobOnOCRQueue(t *testing.T) {
	if _, err := ocr.New(ocr.Config{}); err != nil {
		t.Skipf("Tesseract is not installed, OCR is not tested: %v", err)
	}
	s := startServer(t, t.TempDir(), app.Config{Workers: 1, OCRWorkers: 1, OCRPageTimeout: 2 * time.Minute})
	key := s.key("acme", 10)
	rec := s.wait(key, s.accepted(s.submitMultipart(key, scanned(t, testpdf.Italian().PDF()), "it"))).json(t)
	if rec["status"] != "completed" {
		t.Fatalf("status %v: %v", rec["status"], rec)
	}
	res := rec["result"].(map[string]any)
	if v := res["validation"].(map[string]any); v["is_scanned"] != true || rec["model"] != "invex-ocr-1" {
		t.Errorf("is_scanned = %v, model = %v", v["is_scanned"], rec["model"])
	}
	var onOCR, onExtract int
	db := s.app.Store().WriteDB()
	if err := db.QueryRow(`SELECT COUNT(*) FROM river_job WHERE queue = 'ocr' AND state = 'completed'`).Scan(&onOCR); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`SELECT COUNT(*) FROM river_job WHERE queue = 'extract' AND state = 'completed'`).Scan(&onExtract); err != nil {
		t.Fatal(err)
	}
	if onOCR != 1 || onExtract != 1 {
		t.Errorf("completed queue entries: %d on ocr, %d on extract; want 1 and 1", onOCR, onExtract)
	}

	// A digital document stays on the extract queue.
	digital := s.wait(key, s.accepted(s.submitMultipart(key, testpdf.Italian().PDF(), "it"))).json(t)
	if digital["model"] != "invex-text-1" {
		t.Errorf("digital model = %v", digital["model"])
	}
	if err := db.QueryRow(`SELECT COUNT(*) FROM river_job WHERE queue = 'ocr'`).Scan(&onOCR); err != nil {
		t.Fatal(err)
	}
	if onOCR != 1 {
		t.Errorf("%d entries on the ocr queue after a digital document, want 1", onOCR)
	}
}
