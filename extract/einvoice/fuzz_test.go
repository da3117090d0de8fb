package einvoice

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse checks that Parse never panics, returns either a document or
// one of its errors, and that every document it returns is well formed.
func FuzzParse(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.xml"))
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add(ciiWithType("381"))
	f.Add([]byte(`<?xml version="1.0" encoding="UTF-16"?><a/>`))
	f.Add([]byte("\xfe\xff\x00<\x00a\x00/\x00>"))
	f.Add([]byte(`<!DOCTYPE a [<!ENTITY b "c">]><a>&b;</a>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := Parse(data)
		if err != nil {
			if doc != nil {
				t.Fatalf("Parse() = %v, %v: document with an error", doc, err)
			}
			if !errors.Is(err, ErrNotEInvoice) && !errors.Is(err, ErrUnsafe) && !errors.Is(err, ErrMalformed) {
				t.Fatalf("Parse() error = %v, want one of the package's errors", err)
			}
			return
		}
		if doc.Result.LineItems == nil || doc.Result.Validation.Warnings == nil || Model(doc.Format) == "" {
			t.Fatalf("Parse() = %+v: nil slices or unknown format", doc)
		}
		if _, err := json.Marshal(doc); err != nil {
			t.Fatalf("json.Marshal(Parse()) error = %v", err)
		}
	})
}
