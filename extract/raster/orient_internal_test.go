package raster

import (
	"encoding/binary"
	"testing"
)

// A WebP's EXIF chunk (extended format) gives its orientation; chunks
// before it are skipped, odd sizes padded.
func TestWebPOrientation(t *testing.T) {
	le := binary.LittleEndian
	exif := []byte("Exif\x00\x00II*\x00\x08\x00\x00\x00\x01\x00\x12\x01\x03\x00\x01\x00\x00\x00\x08\x00\x00\x00\x00\x00\x00\x00")
	var b []byte
	b = append(b, "RIFF\x00\x00\x00\x00WEBP"...)
	chunk := func(fourcc string, data []byte) {
		b = append(b, fourcc...)
		b = le.AppendUint32(b, uint32(len(data)))
		b = append(b, data...)
		if len(data)%2 == 1 {
			b = append(b, 0)
		}
	}
	chunk("VP8X", make([]byte, 10))
	chunk("ICCP", []byte{1, 2, 3})
	chunk("EXIF", exif)
	if o := webpOrientation(b); o != 8 {
		t.Errorf("orientation %d, want 8", o)
	}
	if o := webpOrientation(b[:30]); o != 1 {
		t.Errorf("cut file: orientation %d, want 1", o)
	}
}
