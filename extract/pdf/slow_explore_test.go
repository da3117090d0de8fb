package pdf

import (
	"bytes"
	"compress/zlib"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

func flate(b []byte) []byte {
	var buf bytes.Buffer
	z := zlib.NewWriter(&buf)
	z.Write(b)
	z.Close()
	return buf.Bytes()
}

func manyOpsPDF(n int) []byte {
	content := "BT /F1 1 Tf " + strings.Repeat("1 0 0 1 10 10 Tm (ab) Tj\n", n) + "ET"
	return rawPDF(
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
		stream("/Filter /FlateDecode", flate([]byte(content))),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	)
}

func fanoutPDF(depth int) []byte {
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources 5 0 R /Contents 4 0 R >>",
		stream("", []byte("/X1 Do")),
	}
	res := "<< /Font << /F1 6 0 R >> /XObject <<"
	for i := 1; i <= depth; i++ {
		res += fmt.Sprintf(" /X%d %d 0 R", i, 6+i)
	}
	res += " >> >>"
	objs = append(objs, res, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
	for i := 1; i <= depth; i++ {
		body := fmt.Sprintf("/X%d Do /X%d Do", i+1, i+1)
		if i == depth {
			body = "BT /F1 1 Tf 10 10 Td (x) Tj ET"
		}
		objs = append(objs, stream("/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources 5 0 R", []byte(body)))
	}
	return rawPDF(objs...)
}

func TestExploreSlow(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"ops100k", manyOpsPDF(100_000)},
		{"ops400k", manyOpsPDF(400_000)},
		{"fan12", fanoutPDF(12)},
		{"fan16", fanoutPDF(16)},
		{"fan20", fanoutPDF(20)},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		start := time.Now()
		doc, err := shared.Read(ctx, tc.data)
		cancel()
		n := 0
		if doc != nil {
			n = len(doc.Pages[0].Words)
		}
		t.Logf("%s: %d bytes, %v, words %d, err %v", tc.name, len(tc.data), time.Since(start), n, err)
	}
}
