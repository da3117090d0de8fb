package extract_test

import (
	"archive/zip"
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/invex/invex/extract"
	"github.com/invex/invex/extract/document"
	"github.com/invex/invex/internal/testpdf"
	"github.com/invex/invex/internal/testsign"
	"github.com/invex/invex/invoice"
)

// plainSpecs returns up to n generated specs that the format can carry
// exactly, across layout families and languages.
func plainSpecs(format string, n int) []testpdf.Spec {
	var out []testpdf.Spec
	for seed := uint64(0); len(out) < n && seed < 4000; seed++ {
		if s := testpdf.Generate(seed); s.Plain(format) {
			out = append(out, s)
		}
	}
	return out
}

// sameResult compares a result read from XML to its truth, validation
// aside.
func sameResult(t *testing.T, what string, want, got invoice.Result) {
	t.Helper()
	got.Validation, want.Validation = invoice.Validation{}, invoice.Validation{}
	if d := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-9), cmpopts.EquateEmpty()); d != "" {
		t.Errorf("%s (-truth +got):\n%s", what, d)
	}
}

// Generated e-invoices of every format, read as files on their own, give
// exactly the invoice they were written from, field by field.
func TestEInvoiceFiles(t *testing.T) {
	ctx := context.Background()
	for _, format := range []string{testpdf.FormatFatturaPA, testpdf.FormatUBL, testpdf.FormatCII} {
		specs := plainSpecs(format, 40)
		if len(specs) < 20 {
			t.Fatalf("%s: only %d plain specs", format, len(specs))
		}
		for _, s := range specs {
			xml, truth := testpdf.EInvoice(format, s)
			out, err := engine.Extract(ctx, xml, extract.Options{})
			if err != nil {
				t.Fatalf("%s %s: %v", format, s.Number, err)
			}
			if out.Kind != document.XML || out.Documents != nil || !strings.HasPrefix(out.Model, "invex-einvoice-") {
				t.Errorf("%s: kind %q, model %q, %d documents", format, out.Kind, out.Model, len(out.Documents))
			}
			sameResult(t, format+" "+s.Number, truth[0], out.Result)
		}
	}
}

// A FatturaPA batch, signed and zipped with a UBL invoice beside it, gives
// one document per invoice, each with its own truth, body and file.
func TestEInvoiceBatch(t *testing.T) {
	specs := plainSpecs(testpdf.FormatFatturaPA, 3)
	lotto, truth := testpdf.EInvoice(testpdf.FormatFatturaPA, specs...)
	ubl, ubtruth := testpdf.EInvoice(testpdf.FormatUBL, plainSpecs(testpdf.FormatUBL, 1)...)
	signed := testsign.Sign(t, lotto, testsign.Options{Name: "Giulia Verdi"})
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range []struct {
		name string
		data []byte
	}{{"IT01234567890_00001.xml.p7m", signed}, {"ubl-invoice.xml", ubl}} {
		w, _ := zw.Create(f.name)
		w.Write(f.data)
	}
	zw.Close()
	out, err := engine.Extract(context.Background(), buf.Bytes(), extract.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if out.Kind != document.ZIP || len(out.Documents) != 4 {
		t.Fatalf("kind %q, %d documents; want zip, 4", out.Kind, len(out.Documents))
	}
	wantTruth := append(truth, ubtruth...)
	for i, d := range out.Documents {
		sameResult(t, d.File, wantTruth[i], d.Result)
		wantBody, wantFile := i+1, "IT01234567890_00001.xml.p7m"
		if i == 3 {
			wantBody, wantFile = 0, "ubl-invoice.xml"
		}
		if d.Index != i || d.Body != wantBody || d.File != wantFile {
			t.Errorf("document %d: index %d, body %d, file %q", i, d.Index, d.Body, d.File)
		}
		signedNote := false
		for _, w := range d.Result.Validation.Warnings {
			if w.Code == extract.CodeSigned && strings.Contains(w.Message, "Giulia Verdi") {
				signedNote = true
			}
		}
		if signedNote != (i < 3) {
			t.Errorf("document %d: signature note %v, warnings %+v", i, signedNote, d.Result.Validation.Warnings)
		}
	}
	sameResult(t, "result", wantTruth[0], out.Result)
}

// BenchmarkEInvoiceFile measures reading an e-invoice file on its own:
// plain FatturaPA XML, the same signed (.p7m) and zipped with its signature.
func BenchmarkEInvoiceFile(b *testing.B) {
	xml, _ := testpdf.EInvoice(testpdf.FormatFatturaPA, plainSpecs(testpdf.FormatFatturaPA, 1)...)
	p7m := testsign.Sign(b, xml, testsign.Options{})
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("IT01234567890_00001.xml.p7m")
	w.Write(p7m)
	zw.Close()
	for _, tc := range []struct {
		name string
		data []byte
	}{{"xml", xml}, {"p7m", p7m}, {"zip", buf.Bytes()}} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := engine.Extract(context.Background(), tc.data, extract.Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/file")
		})
	}
}

// A signed e-invoice whose content was changed after signing is read all
// the same, with a warning that its signature does not verify.
func TestEInvoiceTamperedSignature(t *testing.T) {
	xml, truth := testpdf.EInvoice(testpdf.FormatFatturaPA, plainSpecs(testpdf.FormatFatturaPA, 1)...)
	p7m := testsign.Sign(t, xml, testsign.Options{Name: "Luca Neri"})
	i := bytes.Index(p7m, []byte("<Numero>"))
	if i < 0 {
		t.Fatal("number not found in the envelope")
	}
	p7m[i+len("<Numero>")] ^= 0x01 // one bit of the invoice number
	out, err := engine.Extract(context.Background(), p7m, extract.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if *out.Result.Invoice.Number == *truth[0].Invoice.Number {
		t.Errorf("the changed number was not read: %q", *out.Result.Invoice.Number)
	}
	var warned bool
	for _, w := range out.Result.Validation.Warnings {
		if w.Code == extract.CodeSignatureInvalid && w.Severity == invoice.SeverityWarning && strings.Contains(w.Message, "Luca Neri") {
			warned = true
		}
		if w.Code == extract.CodeSigned {
			t.Errorf("a changed content is reported signed: %+v", w)
		}
	}
	if !warned {
		t.Errorf("no %s warning: %+v", extract.CodeSignatureInvalid, out.Result.Validation.Warnings)
	}
}
