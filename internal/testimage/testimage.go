// Package testimage writes picture files for tests as cameras and scanners
// do: JPEG and PNG with an EXIF orientation (a phone photo held sideways),
// multi-page greyscale TIFF with a resolution, and PNG bombs.
package testimage

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
)

// TurnCCW returns g turned 90° anticlockwise: what a camera stores when
// the picture must be turned clockwise to be seen upright (EXIF
// orientation 6).
func TurnCCW(g *image.Gray) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := image.NewGray(image.Rect(0, 0, h, w))
	for y := range h {
		for x := range w {
			out.Pix[(w-1-x)*out.Stride+y] = g.Pix[y*g.Stride+x]
		}
	}
	return out
}

// JPEG encodes img with an EXIF block carrying orientation (1–8), as
// phones write.
func JPEG(img image.Image, orientation int, quality int) ([]byte, error) {
	var enc bytes.Buffer
	if err := jpeg.Encode(&enc, img, &jpeg.Options{Quality: quality}); err != nil {
		return nil, err
	}
	b := enc.Bytes()
	var exif bytes.Buffer
	exif.WriteString("Exif\x00\x00")
	exif.Write(tiffOrientation(orientation))
	seg := []byte{0xff, 0xe1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(exif.Len()+2))
	out := append([]byte{}, b[:2]...) // SOI
	out = append(out, seg...)
	out = append(out, exif.Bytes()...)
	return append(out, b[2:]...), nil
}

// TIFF writes the pages as one uncompressed 8-bit greyscale TIFF file with
// a resolution of dpi.
func TIFF(pages []*image.Gray, dpi int) []byte {
	le := binary.LittleEndian
	var out bytes.Buffer
	out.Write([]byte("II*\x00\x00\x00\x00\x00"))
	const entries = 11
	var prevNext int // where the previous IFD's next pointer is
	for i, g := range pages {
		w, h := g.Rect.Dx(), g.Rect.Dy()
		// Pixels first, then the resolution rational, then the IFD.
		pixOff := out.Len()
		for y := range h {
			out.Write(g.Pix[y*g.Stride : y*g.Stride+w])
		}
		if out.Len()%2 == 1 {
			out.WriteByte(0)
		}
		resOff := out.Len()
		r := make([]byte, 8)
		le.PutUint32(r, uint32(dpi))
		le.PutUint32(r[4:], 1)
		out.Write(r)
		ifdOff := out.Len()
		ifd := make([]byte, 2+12*entries+4)
		le.PutUint16(ifd, entries)
		put := func(k int, tag, typ uint16, val uint32) {
			e := ifd[2+12*k:]
			le.PutUint16(e, tag)
			le.PutUint16(e[2:], typ)
			le.PutUint32(e[4:], 1)
			if typ == 3 {
				le.PutUint16(e[8:], uint16(val))
			} else {
				le.PutUint32(e[8:], val)
			}
		}
		put(0, 256, 4, uint32(w))
		put(1, 257, 4, uint32(h))
		put(2, 258, 3, 8)
		put(3, 259, 3, 1) // no compression
		put(4, 262, 3, 1) // black is zero
		put(5, 273, 4, uint32(pixOff))
		put(6, 277, 3, 1)
		put(7, 278, 4, uint32(h))
		put(8, 279, 4, uint32(w*h))
		put(9, 282, 5, uint32(resOff))
		put(10, 296, 3, 2) // inches
		out.Write(ifd)
		b := out.Bytes()
		if i == 0 {
			le.PutUint32(b[4:], uint32(ifdOff))
		} else {
			le.PutUint32(b[prevNext:], uint32(ifdOff))
		}
		prevNext = ifdOff + 2 + 12*entries
	}
	return out.Bytes()
}

// PNGBomb is the start of a PNG file that declares a greyscale picture of
// w×h pixels, with a valid header and a little data: a decompression bomb
// as a reader sees it before inflating.
func PNGBomb(w, h uint32) []byte {
	out := []byte("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(data)))
		out = append(out, n[:]...)
		body := append([]byte(typ), data...)
		out = append(out, body...)
		binary.BigEndian.PutUint32(n[:], crc32.ChecksumIEEE(body))
		out = append(out, n[:]...)
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8] = 8 // bits per sample, colour type 0 (grey)
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return out
}

// PNG encodes img with an eXIf chunk carrying orientation (1–8).
func PNG(img image.Image, orientation int) ([]byte, error) {
	var enc bytes.Buffer
	if err := png.Encode(&enc, img); err != nil {
		return nil, err
	}
	b := enc.Bytes()
	exif := tiffOrientation(orientation)
	chunk := make([]byte, 0, 12+len(exif))
	chunk = binary.BigEndian.AppendUint32(chunk, uint32(len(exif)))
	body := append([]byte("eXIf"), exif...)
	chunk = append(chunk, body...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(body))
	// After the signature (8 bytes) and IHDR (25 bytes).
	out := append([]byte{}, b[:33]...)
	out = append(out, chunk...)
	return append(out, b[33:]...), nil
}

// tiffOrientation is a little-endian TIFF structure of one IFD holding the
// orientation tag, as EXIF blocks are.
func tiffOrientation(orientation int) []byte {
	le := binary.LittleEndian
	t := make([]byte, 8+2+12+4)
	copy(t, "II*\x00")
	le.PutUint32(t[4:], 8)
	le.PutUint16(t[8:], 1)
	le.PutUint16(t[10:], 274)
	le.PutUint16(t[12:], 3)
	le.PutUint32(t[14:], 1)
	le.PutUint16(t[18:], uint16(orientation))
	return t
}
