package app_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/invex/invex/extract/ocr"
	"github.com/invex/invex/extract/pdf"
	"github.com/invex/invex/internal/app"
	"github.com/invex/invex/internal/eval"
	"github.com/invex/invex/internal/testimage"
	"github.com/invex/invex/internal/testpdf"
	"github.com/invex/invex/internal/testsign"
	"github.com/invex/invex/invoice"
)

// submitDocument posts a document to POST /v1/extract as multipart.
func (s *server) submitDocument(key, name string, data []byte) response {
	s.t.Helper()
	body, ct := multipartBody(name, data, nil)
	req, err := http.NewRequest(http.MethodPost, s.URL+"/v1/extract", body)
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", ct)
	req.Header.Set("X-API-Key", key)
	return s.do(req)
}

// submitDocumentJSON posts a document to POST /v1/extract as JSON.
func (s *server) submitDocumentJSON(key string, data []byte) response {
	s.t.Helper()
	b, _ := json.Marshal(map[string]string{"file_base64": base64.StdEncoding.EncodeToString(data)})
	req, err := http.NewRequest(http.MethodPost, s.URL+"/v1/extract", bytes.NewReader(b))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-API-Key", key)
	return s.do(req)
}

// jobRecord is what the tests read of a completed job.
type jobRecord struct {
	Status       string             `json:"status"`
	Error        string             `json:"error"`
	DocumentKind string             `json:"document_kind"`
	Model        string             `json:"model"`
	Result       invoice.Result     `json:"result"`
	Documents    []invoice.Document `json:"documents"`
}

func (s *server) completed(key string, r response) jobRecord {
	s.t.Helper()
	id := s.accepted(r)
	final := s.wait(key, id)
	validate(s.t, s.app.OpenAPI(), "GET", "/v1/jobs/{id}", final)
	var rec jobRecord
	if err := json.Unmarshal(final.Body, &rec); err != nil {
		s.t.Fatal(err)
	}
	if rec.Status != "completed" {
		s.t.Fatalf("job %s: %s: %s", id, rec.Status, rec.Error)
	}
	return rec
}

// exactly compares a result read from an e-invoice with its truth, the
// validation notes aside.
func exactly(t *testing.T, what string, want, got invoice.Result) {
	t.Helper()
	got.Validation, want.Validation = invoice.Validation{}, invoice.Validation{}
	if d := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-9), cmpopts.EquateEmpty()); d != "" {
		t.Errorf("%s (-truth +got):\n%s", what, d)
	}
}

func plainSpec(format string, skip int) testpdf.Spec {
	for seed := uint64(0); ; seed++ {
		if s := testpdf.Generate(seed); s.Plain(format) {
			if skip == 0 {
				return s
			}
			skip--
		}
	}
}

func hasWarning(res invoice.Result, code, text string) bool {
	for _, w := range res.Validation.Warnings {
		if w.Code == code && strings.Contains(w.Message, text) {
			return true
		}
	}
	return false
}

// TestSubmitEInvoices submits e-invoices of every form through the real
// server and checks each result field by field against the invoice the
// file was written from.
func TestSubmitEInvoices(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: 2})
	key := s.key("acme", 100)

	fpa, fpaTruth := testpdf.EInvoice(testpdf.FormatFatturaPA, plainSpec(testpdf.FormatFatturaPA, 0))
	der := testsign.Sign(t, fpa, testsign.Options{Name: "Mario Rossi"})
	ber := testsign.Sign(t, fpa, testsign.Options{Name: "Mario Rossi", Stream: true})
	b64 := []byte(base64.StdEncoding.EncodeToString(der))
	var zipped bytes.Buffer
	zw := zip.NewWriter(&zipped)
	w, _ := zw.Create("IT01234567890_00001.xml.p7m")
	w.Write(der)
	w, _ = zw.Create("IT01234567890_MT_001.xml")
	w.Write([]byte(`<?xml version="1.0"?><MetadatiInvioFile><IdentificativoSdI>1</IdentificativoSdI></MetadatiInvioFile>`))
	zw.Close()

	for _, tc := range []struct {
		name, kind string
		data       []byte
		signed     bool
	}{
		{"fatturapa xml", "xml", fpa, false},
		{"fatturapa p7m der", "p7m", der, true},
		{"fatturapa p7m ber", "p7m", ber, true},
		{"fatturapa p7m base64", "p7m", b64, true},
		{"fatturapa p7m in zip", "zip", zipped.Bytes(), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The file name says nothing: the kind comes from the bytes.
			r := s.submitDocument(key, "upload.bin", tc.data)
			rec := s.completed(key, r)
			doc := s.get(key, "/v1/jobs/"+r.json(t)["job_id"].(string)+"/document")
			if !bytes.Equal(doc.Body, tc.data) || doc.Header.Get("Content-Type") != map[string]string{
				"xml": "application/xml", "p7m": "application/pkcs7-mime", "zip": "application/zip"}[tc.kind] {
				t.Errorf("document download: %s, %d bytes", doc.Header.Get("Content-Type"), len(doc.Body))
			}
			if rec.DocumentKind != tc.kind || rec.Model != "invex-einvoice-fatturapa-1" {
				t.Errorf("kind %q, model %q", rec.DocumentKind, rec.Model)
			}
			exactly(t, tc.name, fpaTruth[0], rec.Result)
			if len(rec.Documents) != 1 {
				t.Errorf("%d documents, want 1", len(rec.Documents))
			}
			if got := hasWarning(rec.Result, "SIGNED", "Mario Rossi"); got != tc.signed {
				t.Errorf("signature note %v, want %v: %+v", got, tc.signed, rec.Result.Validation.Warnings)
			}
		})
	}

	t.Run("lotto of two bodies", func(t *testing.T) {
		lotto, truth := testpdf.EInvoice(testpdf.FormatFatturaPA,
			plainSpec(testpdf.FormatFatturaPA, 1), plainSpec(testpdf.FormatFatturaPA, 2))
		before := quotaLeft(t, s, key)
		rec := s.completed(key, s.submitDocumentJSON(key, lotto))
		if len(rec.Documents) != 2 {
			t.Fatalf("%d documents, want 2", len(rec.Documents))
		}
		for i, d := range rec.Documents {
			exactly(t, "body", truth[i], d.Result)
			if d.Body != i+1 || d.Index != i {
				t.Errorf("document %d: body %d, index %d", i, d.Body, d.Index)
			}
		}
		exactly(t, "result", truth[0], rec.Result)
		if after := quotaLeft(t, s, key); after != before-1 {
			t.Errorf("quota went from %d to %d: a submission counts one", before, after)
		}
	})

	for _, format := range []string{testpdf.FormatUBL, testpdf.FormatCII} {
		t.Run(format, func(t *testing.T) {
			xml, truth := testpdf.EInvoice(format, plainSpec(format, 3))
			rec := s.completed(key, s.submitDocument(key, "invoice.xml", xml))
			exactly(t, format, truth[0], rec.Result)
			if rec.Model != "invex-einvoice-"+format+"-1" {
				t.Errorf("model %q", rec.Model)
			}
		})
	}

	t.Run("the spec's endpoint stays PDF only", func(t *testing.T) {
		checkProblem(t, s.submitMultipart(key, fpa, ""), http.StatusUnprocessableEntity, "invalid_pdf")
	})
}

func quotaLeft(t *testing.T, s *server, key string) int {
	t.Helper()
	var m map[string]any
	r := s.get(key, "/v1/usage")
	if err := json.Unmarshal(r.Body, &m); err != nil || r.Status != http.StatusOK {
		t.Fatalf("usage: %d %s", r.Status, r.Body)
	}
	return int(m["remaining"].(float64))
}

// TestSubmitBadDocuments: every kind of bad file gets its 4xx problem at
// once, and none is charged.
func TestSubmitBadDocuments(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: 1})
	key := s.key("acme", 100)
	fpa, _ := testpdf.EInvoice(testpdf.FormatFatturaPA, plainSpec(testpdf.FormatFatturaPA, 0))
	der := testsign.Sign(t, fpa, testsign.Options{})
	pngBomb := testimage.PNGBomb(60000, 60000)
	bigTIFF := testimage.TIFF([]*image.Gray{image.NewGray(image.Rect(0, 0, 8000, 6000))}, 300)
	var zbomb bytes.Buffer
	zw := zip.NewWriter(&zbomb)
	w, _ := zw.Create("a.xml")
	w.Write([]byte("<a>"))
	w.Write(bytes.Repeat([]byte(" "), 20<<20))
	zw.Close()
	entities := `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "xxxxxxxxxx"><!ENTITY y "&x;&x;&x;&x;&x;&x;&x;&x;">]><FatturaElettronica>&y;</FatturaElettronica>`
	before := quotaLeft(t, s, key)
	for _, tc := range []struct {
		name string
		data []byte
		code string
	}{
		{"unknown kind", []byte("just some text, not an invoice"), "unsupported_document"},
		{"gif", []byte("GIF89a\x01\x00\x01\x00"), "unsupported_document"},
		{"damaged xml", fpa[:len(fpa)/2], "invalid_document"},
		{"not an invoice", []byte(`<?xml version="1.0"?><rss><channel/></rss>`), "not_an_invoice"},
		{"entity bomb", []byte(entities), "unsafe_document"},
		{"truncated p7m", der[:len(der)-200], "invalid_document"},
		{"png bomb", pngBomb, "image_too_large"},
		{"tiff over the pixel budget", bigTIFF, "image_too_large"},
		{"broken jpeg", []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00garbage"), "invalid_document"},
		{"zip bomb", zbomb.Bytes(), "unsafe_document"},
		{"zip without invoice", zipOf(t, "readme.txt", "hello"), "not_an_invoice"},
		{"header-only pdf", []byte("%PDF-1.7\n"), "invalid_pdf"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkProblem(t, s.submitDocument(key, "x", tc.data), http.StatusUnprocessableEntity, tc.code)
		})
	}
	if after := quotaLeft(t, s, key); after != before {
		t.Errorf("quota went from %d to %d: refused files are never charged", before, after)
	}
	checkProblem(t, s.submitMultipart(key, []byte("%PDF-1.7\n"), ""), http.StatusUnprocessableEntity, "invalid_pdf")
}

func zipOf(t *testing.T, name, content string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create(name)
	w.Write([]byte(content))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// renderPages renders every page of a PDF whole, as a scanner would see
// it.
func renderPages(t *testing.T, data []byte) []pdf.Image {
	t.Helper()
	r, err := pdf.Open(pdf.Config{Instances: 1, CacheDir: sharedCache})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	doc, err := r.Read(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	var out []pdf.Image
	for _, p := range doc.Pages {
		imgs, err := r.Images(ctx, data, []pdf.ImageRequest{{Page: p.Number}})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, imgs[0])
	}
	return out
}

// pagePictures renders every page of a PDF as grey pictures.
func pagePictures(t *testing.T, data []byte) []*image.Gray {
	t.Helper()
	var out []*image.Gray
	for _, img := range renderPages(t, data) {
		g, err := img.Gray()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
	return out
}

// scoreKey checks the fields an accountant books by (number, date,
// vendor VAT number, total) against the truth, and that most fields are
// right: a picture is read by OCR.
func scoreKey(t *testing.T, what string, spec testpdf.Spec, got invoice.Result) {
	t.Helper()
	sc := eval.Score(spec.Truth(), got, nil)
	right, all := 0, 0
	for _, f := range sc.Fields {
		all++
		ok := f.Outcome == eval.Match || f.Outcome == eval.NullOK
		if ok {
			right++
		}
		switch f.Path {
		case "invoice.number", "invoice.date", "vendor.vat_number", "financials.total":
			if !ok {
				t.Errorf("%s: %s = %v, want %v", what, f.Path, f.Got, f.Want)
			}
		}
	}
	if right*10 < all*8 {
		t.Errorf("%s: %d of %d fields right, want 80%%", what, right, all)
	}
	t.Logf("%s: %d of %d fields right", what, right, all)
}

// TestSubmitPictures submits a phone photo held sideways (EXIF
// orientation) and a three-page TIFF of three invoices through the real
// server, read by OCR.
func TestSubmitPictures(t *testing.T) {
	if _, err := ocr.New(ocr.Config{}); err != nil {
		t.Skipf("Tesseract is not installed, pictures are not tested: %v", err)
	}
	s := startServer(t, t.TempDir(), app.Config{Workers: 1, OCRWorkers: 2, OCRPageTimeout: 3 * time.Minute})
	key := s.key("acme", 100)

	t.Run("jpeg turned by exif", func(t *testing.T) {
		spec := testpdf.Generate(4) // Italian, one page
		pages := pagePictures(t, spec.PDF())
		photo, err := testimage.JPEG(testimage.TurnCCW(pages[0]), 6, 90)
		if err != nil {
			t.Fatal(err)
		}
		rec := s.completed(key, s.submitDocument(key, "IMG_0001.jpg", photo))
		if rec.DocumentKind != "jpeg" || rec.Model != "invex-ocr-1" || !rec.Result.Validation.IsScanned {
			t.Errorf("kind %q, model %q, scanned %v", rec.DocumentKind, rec.Model, rec.Result.Validation.IsScanned)
		}
		scoreKey(t, "jpeg", spec, rec.Result)
	})

	t.Run("tiff of three invoices", func(t *testing.T) {
		var specs []testpdf.Spec
		var pages []*image.Gray
		for seed := uint64(8); len(specs) < 3; seed++ {
			spec := testpdf.Generate(seed)
			pics := pagePictures(t, spec.PDF())
			if len(pics) != 1 {
				continue
			}
			specs, pages = append(specs, spec), append(pages, pics[0])
		}
		rec := s.completed(key, s.submitDocument(key, "scan.tif", testimage.TIFF(pages, 300)))
		if rec.DocumentKind != "tiff" || len(rec.Documents) != 3 {
			t.Fatalf("kind %q, %d documents; want tiff, 3", rec.DocumentKind, len(rec.Documents))
		}
		for i, d := range rec.Documents {
			if len(d.Pages) != 1 || d.Pages[0] != i+1 {
				t.Errorf("document %d: pages %v", i, d.Pages)
			}
			scoreKey(t, specs[i].Name(), specs[i], d.Result)
		}
	})
}

// TestSubmitSeveralInvoicesPDF: a PDF of three invoices through the real
// server gives three documents, each checked against its truth.
func TestSubmitSeveralInvoicesPDF(t *testing.T) {
	s := startServer(t, t.TempDir(), app.Config{Workers: 1})
	key := s.key("acme", 100)
	specs := []testpdf.Spec{testpdf.Generate(0), testpdf.Generate(5), testpdf.Generate(10)}
	rec := s.completed(key, s.submitDocument(key, "batch.pdf", testpdf.Batch(specs...)))
	if len(rec.Documents) != 3 {
		t.Fatalf("%d documents, want 3", len(rec.Documents))
	}
	for i, d := range rec.Documents {
		scoreKey(t, specs[i].Name(), specs[i], d.Result)
		if len(d.Evidence) == 0 {
			t.Errorf("document %d has no evidence", i)
		}
	}
	// The spec's endpoint gives the same documents for a PDF.
	rec2 := s.completed(key, s.submitMultipart(key, testpdf.Batch(specs...), ""))
	if len(rec2.Documents) != 3 {
		t.Errorf("POST /v1/extract/invoice: %d documents, want 3", len(rec2.Documents))
	}
}
