package pdf

import (
	"context"
	"math"
	"reflect"

	"github.com/klippa-app/go-pdfium/references"
	"github.com/tetratelabs/wazero/api"
)

// fastText calls pdfium's per-character text functions directly in the wasm
// module, with one preallocated buffer, instead of through go-pdfium, which
// locks, looks the text page up, and allocates and frees a buffer inside the
// module on every call. Per-character calls dominate the reading of a page
// with many characters, so this halves their cost. It is only a faster path:
// when go-pdfium's internals do not look as expected, fastTextOf returns nil
// and the go-pdfium calls are used.
type fastText struct {
	ctx    context.Context
	mem    api.Memory
	handle uint64 // pdfium's FPDF_TEXTPAGE pointer
	buf    uint32 // 32 bytes of wasm memory for out-parameters
	free   api.Function
	box    api.Function // FPDFText_GetLooseCharBox(page, index, *FS_RECTF) int
	size   api.Function // FPDFText_GetFontSize(page, index) double
	matrix api.Function // FPDFText_GetMatrix(page, index, *FS_MATRIX) int
	weight api.Function // FPDFText_GetFontWeight(page, index) int
	fill   api.Function // FPDFText_GetFillColor(page, index, *R, *G, *B, *A) int
	object api.Function // FPDFText_GetTextObject(page, index) FPDF_PAGEOBJECT
	mode   api.Function // FPDFTextObj_GetTextRenderMode(object) int
	stack  []uint64
}

// fastTextOf prepares direct calls for text page tp of worker w, or returns
// nil when that is not possible.
func fastTextOf(w *worker, tp references.FPDF_TEXTPAGE) *fastText {
	handle, ok := textPageHandle(w.inst.GetImplementation(), tp)
	if !ok {
		return nil
	}
	ctx := context.Background()
	f := &fastText{
		ctx:    ctx,
		mem:    w.mod.Memory(),
		handle: handle,
		free:   w.mod.ExportedFunction("free"),
		box:    w.mod.ExportedFunction("FPDFText_GetLooseCharBox"),
		size:   w.mod.ExportedFunction("FPDFText_GetFontSize"),
		matrix: w.mod.ExportedFunction("FPDFText_GetMatrix"),
		weight: w.mod.ExportedFunction("FPDFText_GetFontWeight"),
		fill:   w.mod.ExportedFunction("FPDFText_GetFillColor"),
		object: w.mod.ExportedFunction("FPDFText_GetTextObject"),
		mode:   w.mod.ExportedFunction("FPDFTextObj_GetTextRenderMode"),
		stack:  make([]uint64, 6),
	}
	malloc := w.mod.ExportedFunction("malloc")
	if f.mem == nil || f.free == nil || f.box == nil || f.size == nil || f.matrix == nil || f.weight == nil ||
		f.fill == nil || f.object == nil || f.mode == nil || malloc == nil {
		return nil
	}
	res, err := malloc.Call(ctx, 32)
	if err != nil || len(res) == 0 || res[0] == 0 {
		return nil
	}
	f.buf = uint32(res[0])
	return f
}

// release frees the buffer.
func (f *fastText) release() {
	if f != nil {
		f.free.Call(f.ctx, uint64(f.buf))
	}
}

// looseBox returns the loose box of character i in PDF user space: left,
// top, right, bottom. ok is false when pdfium has none.
func (f *fastText) looseBox(i int) (l, t, r, b float32, ok bool, err error) {
	f.stack[0], f.stack[1], f.stack[2] = f.handle, uint64(i), uint64(f.buf)
	if err := f.box.CallWithStack(f.ctx, f.stack); err != nil {
		return 0, 0, 0, 0, false, err
	}
	if int32(f.stack[0]) == 0 {
		return 0, 0, 0, 0, false, nil
	}
	v := f.floats()
	return v[0], v[1], v[2], v[3], true, nil
}

// floats reads the out-parameter buffer as float32 values.
func (f *fastText) floats() [6]float32 {
	var v [6]float32
	for k := range v {
		bits, _ := f.mem.ReadUint32Le(f.buf + uint32(4*k))
		v[k] = math.Float32frombits(bits)
	}
	return v
}

// charMatrix returns the linear part of character i's matrix; ok is false
// when pdfium has none.
func (f *fastText) charMatrix(i int) (m matrix, ok bool, err error) {
	f.stack[0], f.stack[1], f.stack[2] = f.handle, uint64(i), uint64(f.buf)
	if err := f.matrix.CallWithStack(f.ctx, f.stack); err != nil {
		return matrix{}, false, err
	}
	if int32(f.stack[0]) == 0 {
		return matrix{}, false, nil
	}
	v := f.floats()
	return matrix{float64(v[0]), float64(v[1]), float64(v[2]), float64(v[3])}, true, nil
}

// fontWeight returns the weight of character i's font, -1 when unknown.
func (f *fastText) fontWeight(i int) (int, error) {
	f.stack[0], f.stack[1] = f.handle, uint64(i)
	if err := f.weight.CallWithStack(f.ctx, f.stack); err != nil {
		return 0, err
	}
	return int(int32(f.stack[0])), nil
}

// fillColor returns the fill colour of character i as 8-bit RGBA; ok is
// false when pdfium has none.
func (f *fastText) fillColor(i int) (rgba [4]uint32, ok bool, err error) {
	f.stack[0], f.stack[1] = f.handle, uint64(i)
	for k := range 4 {
		f.stack[2+k] = uint64(f.buf + uint32(4*k))
	}
	if err := f.fill.CallWithStack(f.ctx, f.stack); err != nil {
		return rgba, false, err
	}
	if int32(f.stack[0]) == 0 {
		return rgba, false, nil
	}
	for k := range rgba {
		rgba[k], _ = f.mem.ReadUint32Le(f.buf + uint32(4*k))
	}
	return rgba, true, nil
}

// renderMode returns the text render mode of character i's text object, -1
// when unknown.
func (f *fastText) renderMode(i int) (int, error) {
	f.stack[0], f.stack[1] = f.handle, uint64(i)
	if err := f.object.CallWithStack(f.ctx, f.stack); err != nil {
		return -1, err
	}
	obj := uint64(uint32(f.stack[0]))
	if obj == 0 {
		return -1, nil
	}
	f.stack[0] = obj
	if err := f.mode.CallWithStack(f.ctx, f.stack); err != nil {
		return -1, err
	}
	return int(int32(f.stack[0])), nil
}

// fontSize returns the font size of character i (before any scaling).
func (f *fastText) fontSize(i int) (float64, error) {
	f.stack[0], f.stack[1] = f.handle, uint64(i)
	if err := f.size.CallWithStack(f.ctx, f.stack); err != nil {
		return 0, err
	}
	return math.Float64frombits(f.stack[0]), nil
}

// textPageHandle reads the native pointer of a text page from go-pdfium's
// webassembly implementation (its textPageRefs map).
func textPageHandle(impl any, tp references.FPDF_TEXTPAGE) (uint64, bool) {
	return nativeHandle(impl, "textPageRefs", tp)
}

// nativeHandle reads a native pointer from one of the reference maps of
// go-pdfium's webassembly implementation: refs is the map's field name, key
// the reference; the map holds pointers to structs whose handle field
// points at the pointer. ok is false when the layout is not as expected.
func nativeHandle(impl any, refs string, key any) (h uint64, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	v := reflect.ValueOf(impl)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return 0, false
	}
	m := v.FieldByName(refs)
	if m.Kind() != reflect.Map || m.Type().Key() != reflect.TypeOf(key) {
		return 0, false
	}
	entry := m.MapIndex(reflect.ValueOf(key))
	if !entry.IsValid() || entry.Kind() != reflect.Pointer || entry.IsNil() {
		return 0, false
	}
	ptr := entry.Elem().FieldByName("handle")
	if ptr.Kind() != reflect.Pointer || ptr.IsNil() || ptr.Elem().Kind() != reflect.Uint64 {
		return 0, false
	}
	return ptr.Elem().Uint(), true
}

// reflectsTextPages reports whether the text page handles of w's
// implementation can be read, i.e. whether the fast path can work.
func reflectsTextPages(w *worker) bool {
	v := reflect.ValueOf(w.inst.GetImplementation())
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	return v.Kind() == reflect.Struct && v.FieldByName("textPageRefs").Kind() == reflect.Map &&
		w.mod.ExportedFunction("FPDFText_GetLooseCharBox") != nil && w.mod.ExportedFunction("malloc") != nil
}
