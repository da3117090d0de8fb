package document_test

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/invex/invex/extract/document"
	"github.com/invex/invex/internal/testsign"
)

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "einvoice", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func zipOf(t *testing.T, files ...[2]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range files {
		w, err := zw.Create(f[0])
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(f[1]))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestDetect(t *testing.T) {
	xml := fixture(t, "fatturapa-fpr12-ritenuta.xml")
	p7m := testsign.Sign(t, xml, testsign.Options{})
	b64 := []byte(base64.StdEncoding.EncodeToString(p7m))
	var wrapped bytes.Buffer
	for i := 0; i < len(b64); i += 76 {
		wrapped.Write(b64[i:min(len(b64), i+76)])
		wrapped.WriteString("\r\n")
	}
	pem := "-----BEGIN PKCS7-----\n" + wrapped.String() + "-----END PKCS7-----\n"
	for _, tc := range []struct {
		name string
		head []byte
		want document.Kind
	}{
		{"pdf", []byte("%PDF-1.7\n1 0 obj"), document.PDF},
		{"pdf after junk", []byte("\x00\x01junk\n%PDF-1.4\n"), document.PDF},
		{"xml", xml, document.XML},
		{"xml with bom", append([]byte("\xef\xbb\xbf\n"), xml...), document.XML},
		{"p7m der", p7m, document.Signed},
		{"p7m base64", b64, document.Signed},
		{"p7m base64 wrapped", wrapped.Bytes(), document.Signed},
		{"p7m pem", []byte(pem), document.Signed},
		{"zip", zipOf(t, [2]string{"a.xml", string(xml)}), document.ZIP},
		{"jpeg", []byte("\xff\xd8\xff\xe0\x00\x10JFIF"), document.JPEG},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00"), document.PNG},
		{"tiff le", []byte("II*\x00\x08\x00\x00\x00"), document.TIFF},
		{"tiff be", []byte("MM\x00*\x00\x00\x00\x08"), document.TIFF},
		{"webp", []byte("RIFF\x10\x00\x00\x00WEBPVP8 "), document.WebP},
		{"wav", []byte("RIFF\x10\x00\x00\x00WAVEfmt "), document.Unknown},
		{"text", []byte("hello, this is an invoice"), document.Unknown},
		{"empty", nil, document.Unknown},
	} {
		if got := document.Detect(tc.head); got != tc.want {
			t.Errorf("%s: Detect = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// The XML out of every wrapping is the XML itself: read plain, signed
// (DER, BER, base64, PEM, with stray bytes before it) and in a ZIP beside
// a metadata file, a file gives the same invoice.
func TestEInvoicesWrappings(t *testing.T) {
	xml := fixture(t, "fatturapa-fpr12-ritenuta.xml")
	plain, err := document.EInvoices(document.XML, xml)
	if err != nil || len(plain) != 1 {
		t.Fatalf("plain: %d invoices, err %v", len(plain), err)
	}
	want := *plain[0].Doc.Result.Invoice.Number
	der := testsign.Sign(t, xml, testsign.Options{Name: "Anna Bianchi"})
	ber := testsign.Sign(t, xml, testsign.Options{Stream: true})
	stray := testsign.Sign(t, append([]byte("\xef\xbb\xbf\r\n"), xml...), testsign.Options{})
	b64 := []byte(base64.StdEncoding.EncodeToString(der) + "\n")
	pem := []byte("-----BEGIN PKCS7-----\n" + base64.StdEncoding.EncodeToString(der) + "\n-----END PKCS7-----\n")
	meta := `<?xml version="1.0"?><ns2:MetadatiInvioFile xmlns:ns2="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/messaggi/v1.0"><IdentificativoSdI>1</IdentificativoSdI></ns2:MetadatiInvioFile>`
	zipped := zipOf(t, [2]string{"IT01234567890_MT_001.xml", meta}, [2]string{"IT01234567890_00001.xml.p7m", string(der)})
	for _, tc := range []struct {
		name   string
		data   []byte
		signed bool
	}{
		{"der", der, true}, {"ber", ber, true}, {"stray", stray, true}, {"base64", b64, true}, {"pem", pem, true},
		{"zip", zipped, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kind := document.Detect(tc.data)
			invs, err := document.EInvoices(kind, tc.data)
			if err != nil {
				t.Fatal(err)
			}
			if len(invs) != 1 {
				t.Fatalf("%d invoices, want 1", len(invs))
			}
			if got := *invs[0].Doc.Result.Invoice.Number; got != want {
				t.Errorf("number = %q, want %q", got, want)
			}
			if invs[0].Signed != tc.signed || len(invs[0].Signers) != 1 || !invs[0].Signers[0].Verified {
				t.Errorf("signed = %v, signers = %+v", invs[0].Signed, invs[0].Signers)
			}
		})
	}
}

func TestEInvoicesBatch(t *testing.T) {
	lotto := fixture(t, "fatturapa-fpa12-two-bodies.xml")
	ubl := fixture(t, "ubl-invoice.xml")
	invs, err := document.EInvoices(document.ZIP, zipOf(t, [2]string{"lotto.xml", string(lotto)}, [2]string{"ubl.xml", string(ubl)}))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, inv := range invs {
		got = append(got, inv.File+"#"+string(rune('0'+inv.Body))+" "+inv.Doc.Format)
	}
	want := "lotto.xml#1 fatturapa, lotto.xml#2 fatturapa, ubl.xml#0 ubl"
	if strings.Join(got, ", ") != want {
		t.Errorf("invoices = %s, want %s", strings.Join(got, ", "), want)
	}
}

func TestEInvoicesBad(t *testing.T) {
	xml := fixture(t, "fatturapa-fpr12-ritenuta.xml")
	der := testsign.Sign(t, xml, testsign.Options{})
	bomb := `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><FatturaElettronica>&lol2;</FatturaElettronica>`
	var big bytes.Buffer
	zw := zip.NewWriter(&big)
	w, _ := zw.Create("big.xml")
	w.Write([]byte("<a>"))
	chunk := bytes.Repeat([]byte(" "), 1<<20)
	for range 20 {
		w.Write(chunk)
	}
	zw.Close()
	for _, tc := range []struct {
		name string
		kind document.Kind
		data []byte
		code string
	}{
		{"damaged xml", document.XML, xml[:len(xml)/2], document.CodeDamaged},
		{"other xml", document.XML, []byte(`<?xml version="1.0"?><html><body>hi</body></html>`), document.CodeNotInvoice},
		{"entity bomb", document.XML, []byte(bomb), document.CodeUnsafe},
		{"truncated p7m", document.Signed, der[:len(der)-100], document.CodeDamaged},
		{"p7m header", document.Signed, der[:30], document.CodeDamaged},
		{"zip without invoices", document.ZIP, zipOf(t, [2]string{"a.txt", "hello"}), document.CodeNotInvoice},
		{"zip damaged", document.ZIP, []byte("PK\x03\x04garbage"), document.CodeDamaged},
		{"zip bomb", document.ZIP, big.Bytes(), document.CodeUnsafe},
		{"pdf", document.PDF, []byte("%PDF-1.7"), document.CodeUnsupported},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := document.EInvoices(tc.kind, tc.data)
			var de *document.Error
			if !errors.As(err, &de) || de.Code != tc.code {
				t.Errorf("err = %v, want code %s", err, tc.code)
			}
		})
	}
}

func FuzzEInvoices(f *testing.F) {
	f.Add([]byte(`<?xml version="1.0"?><FatturaElettronica/>`))
	f.Add([]byte("PK\x03\x04"))
	f.Add([]byte("MIIB"))
	f.Fuzz(func(t *testing.T, b []byte) {
		document.EInvoices(document.Detect(b), b)
	})
}
