package pdf

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"time"

	"github.com/klippa-app/go-pdfium"
	"github.com/tetratelabs/wazero/api"
)

// worker is one pdfium instance, i.e. one wasm module with its own memory.
// It is owned by one Read at a time.
type worker struct {
	inst pdfium.Pdfium
	mod  api.Module
	docs int // documents read so far
}

// startWorker borrows a fresh instance from the go-pdfium pool. The pool is
// configured without worker reuse, so closing the instance destroys its wasm
// module and the next start instantiates a new one.
func startWorker(pool pdfium.Pool) (w *worker, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("start pdfium instance: panic: %v", p)
		}
	}()
	inst, err := pool.GetInstance(time.Minute)
	if err != nil {
		return nil, fmt.Errorf("start pdfium instance: %w", err)
	}
	mod, err := moduleOf(inst)
	if err != nil {
		inst.Close()
		return nil, fmt.Errorf("start pdfium instance: %w", err)
	}
	return &worker{inst: inst, mod: mod}, nil
}

// moduleOf digs the wazero module out of a go-pdfium webassembly instance.
// go-pdfium runs every call with a background context, so closing the module
// is the only way to interrupt a call; its implementation type is internal,
// but the module is an exported field.
func moduleOf(inst pdfium.Pdfium) (api.Module, error) {
	v := reflect.ValueOf(inst.GetImplementation())
	if v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return nil, errors.New("find wasm module: unexpected go-pdfium implementation")
	}
	f := v.FieldByName("Module")
	if !f.IsValid() || !f.CanInterface() {
		return nil, errors.New("find wasm module: go-pdfium implementation has no Module field")
	}
	mod, ok := f.Interface().(api.Module)
	if !ok || mod == nil {
		return nil, errors.New("find wasm module: Module field is not a wazero module")
	}
	return mod, nil
}

// kill closes the wasm module. It may run concurrently with a call into the
// module, which then returns an error; the worker is unusable afterwards.
func (w *worker) kill() {
	w.mod.CloseWithExitCode(context.Background(), 1)
}

// close releases the instance and destroys its module. Errors are ignored:
// after kill, go-pdfium's own cleanup calls fail, but the module is gone.
func (w *worker) close() {
	w.inst.Close()
	w.mod.Close(context.Background())
}

// memory is the current size of the instance's wasm linear memory in bytes.
func (w *worker) memory() uint64 {
	if m := w.mod.Memory(); m != nil {
		return uint64(m.Size())
	}
	return 0
}
