package hostile

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"image"
	"image/jpeg"
	"strings"

	"github.com/invex/invex/internal/testimage"
)

// documents are the crafted files of the kinds other than PDF that POST
// /v1/extract reads: e-invoice XML, signed envelopes, ZIP archives and
// pictures. They are uploaded there (File.Any).
func documents() []File {
	return []File{
		{"xml-billion-laughs.xml", "a FatturaPA whose DOCTYPE defines nine levels of nested entities (a billion laughs)",
			Want{Outcome: R422, Code: "unsafe_document"}, constant(billionLaughs), true},
		{"xml-external-entity.xml", "a UBL invoice whose ID is an external entity naming /etc/passwd (XXE)",
			Want{Outcome: R422, Code: "unsafe_document"}, constant(xxe), true},
		{"xml-huge-attribute.zip", "a ZIP holding a FatturaPA whose root carries an 8 MiB attribute (8 KiB zipped)",
			Want{Outcome: R422, Code: "unsafe_document"}, hugeAttribute, true},
		{"xml-deep-nesting.xml", "20,000 nested elements, never closed",
			Want{Outcome: R422, Code: "unsafe_document"}, constant(strings.Repeat("<a>", 20_000)), true},
		{"xml-not-invoice.xml", "a well-formed RSS feed",
			Want{Outcome: R422, Code: "not_an_invoice"}, constant(`<?xml version="1.0"?><rss version="2.0"><channel><title>Fatture</title></channel></rss>`), true},
		{"p7m-truncated.p7m", "the first bytes of a signed envelope (BER, indefinite lengths) and nothing after them",
			Want{Outcome: R422, Code: "invalid_document"}, constant("\x30\x80\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x07\x02\xa0\x80\x30\x80\x02\x01\x01\x31"), true},
		{"p7m-detached.p7m", "a signed envelope without content (a detached signature)",
			Want{Outcome: R422, Code: "invalid_document"}, detached, true},
		{"zip-bomb.zip", "a ZIP entry of 64 MiB of zeros in 64 KiB",
			Want{Outcome: R422, Code: "unsafe_document"}, zipBomb, true},
		{"zip-many-entries.zip", "a ZIP of 1,000 empty entries",
			Want{Outcome: R422, Code: "unsafe_document"}, manyEntries, true},
		{"png-bomb.png", "a PNG header declaring 100,000 × 100,000 pixels (10 gigapixels) in 60 bytes",
			Want{Outcome: R422, Code: "image_too_large"}, pngBomb, true},
		{"tiff-bomb.tif", "a TIFF whose page declares 100,000 × 100,000 pixels in one tiny strip",
			Want{Outcome: R422, Code: "image_too_large"}, tiffBomb, true},
		{"tiff-ifd-loop.tif", "a TIFF whose page directory points back at itself",
			Want{Outcome: R422, Code: "invalid_document"}, tiffLoop, true},
		{"jpeg-truncated.jpg", "a JPEG photo cut after its header: measured at upload, it fails when decoded",
			Want{Outcome: Fail, Code: "invalid_document"}, truncatedJPEG, true},
		{"webp-garbage.webp", "a RIFF WEBP header followed by garbage",
			Want{Outcome: R422, Code: "invalid_document"}, constant("RIFF\x20\x00\x00\x00WEBPVP8 \x14\x00\x00\x00garbagegarbagegarbage"), true},
	}
}

const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"><x>&lol9;</x></p:FatturaElettronica>
`

const xxe = `<?xml version="1.0"?>
<!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&xxe;</ID></Invoice>
`

func zipOf(files map[string][]byte, names ...string) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range names {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: n, Method: zip.Deflate, Modified: fixedTime})
		if err != nil {
			return nil, err
		}
		w.Write(files[n])
	}
	err := zw.Close()
	return buf.Bytes(), err
}

func hugeAttribute() ([]byte, error) {
	xml := `<p:FatturaElettronica versione="` + strings.Repeat("A", 8<<20) +
		`" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"/>`
	return zipOf(map[string][]byte{"IT01234567890_00001.xml": []byte(xml)}, "IT01234567890_00001.xml")
}

func zipBomb() ([]byte, error) {
	return zipOf(map[string][]byte{"IT01234567890_00001.xml": make([]byte, 64<<20)}, "IT01234567890_00001.xml")
}

func manyEntries() ([]byte, error) {
	files := map[string][]byte{}
	var names []string
	for i := range 1000 {
		n := "f" + strings.Repeat("0", 4-len(itoa(i))) + itoa(i) + ".xml"
		files[n], names = nil, append(names, n)
	}
	return zipOf(files, names...)
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

// detached is a DER SignedData whose encapsulated content has no eContent.
func detached() ([]byte, error) {
	tlv := func(tag byte, body ...[]byte) []byte {
		c := bytes.Join(body, nil)
		out := []byte{tag}
		switch n := len(c); {
		case n < 0x80:
			out = append(out, byte(n))
		default:
			out = append(out, 0x82, byte(n>>8), byte(n))
		}
		return append(out, c...)
	}
	oidSigned := []byte{0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02}
	oidData := []byte{0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01}
	sd := tlv(0x30, []byte{0x02, 0x01, 0x01}, tlv(0x31), tlv(0x30, oidData), tlv(0x31))
	return tlv(0x30, oidSigned, tlv(0xa0, sd)), nil
}

func pngBomb() ([]byte, error) { return testimage.PNGBomb(100_000, 100_000), nil }

// tiff writes a little-endian TIFF of one page directory of the given
// size whose next-directory pointer is next (0: none; 8: itself).
func tiff(w, h uint32, next uint32) []byte {
	le := binary.LittleEndian
	const entries = 8
	b := make([]byte, 8+2+12*entries+4+16)
	copy(b, "II*\x00")
	le.PutUint32(b[4:], 8)
	le.PutUint16(b[8:], entries)
	pix := uint32(8 + 2 + 12*entries + 4)
	put := func(k int, tag, typ uint16, val uint32) {
		e := b[10+12*k:]
		le.PutUint16(e, tag)
		le.PutUint16(e[2:], typ)
		le.PutUint32(e[4:], 1)
		le.PutUint32(e[8:], val)
	}
	put(0, 256, 4, w)
	put(1, 257, 4, h)
	put(2, 258, 3, 8)
	put(3, 259, 3, 1)
	put(4, 262, 3, 1)
	put(5, 273, 4, pix)
	put(6, 278, 4, h)
	put(7, 279, 4, 16)
	le.PutUint32(b[10+12*entries:], next)
	return b
}

func tiffBomb() ([]byte, error) { return tiff(100_000, 100_000, 0), nil }

func tiffLoop() ([]byte, error) { return tiff(4, 4, 8), nil }

func truncatedJPEG() ([]byte, error) {
	img := image.NewGray(image.Rect(0, 0, 800, 600))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		return nil, err
	}
	b := buf.Bytes()
	// Keep the headers up to the start of scan and a few bytes of it.
	i := bytes.Index(b, []byte{0xff, 0xda})
	return b[:i+40], nil
}
