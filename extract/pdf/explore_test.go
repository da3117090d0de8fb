package pdf

import (
	"testing"
)

func TestExplore(t *testing.T) {
	doc := read(t, invoicePDF(t))
	for _, p := range doc.Pages {
		t.Logf("page %d %.1fx%.1f rot %d chars %d", p.Number, p.Width, p.Height, p.Rotation, p.Chars)
		for _, w := range p.Words {
			t.Logf("%+v", w)
		}
	}
	f := newDoc()
	f.AddPage()
	f.SetFont("Helvetica", "", 12)
	f.Text(72, 100, "ABC")
	f.TransformBegin()
	f.TransformRotate(90, 100, 100)
	f.Text(100, 100, "DEF")
	f.TransformEnd()
	f.TransformBegin()
	f.TransformRotate(90, 200, 400)
	f.Text(200, 400, "Vertical words here")
	f.TransformEnd()
	f.TransformBegin()
	f.TransformRotate(270, 300, 400)
	f.Text(300, 400, "Down words")
	f.TransformEnd()
	doc = read(t, render(t, f))
	for _, p := range doc.Pages {
		t.Logf("page %d %.1fx%.1f rot %d chars %d", p.Number, p.Width, p.Height, p.Rotation, p.Chars)
		for _, w := range p.Words {
			t.Logf("%+v", w)
		}
	}
}
