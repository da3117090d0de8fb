package eval

import (
	"reflect"
	"sort"
	"strings"

	"github.com/invex/invex/invoice"
)

// node is one level of the result schema, read from the JSON tags of
// invoice.Result: an object has keys (in declaration order), an array of
// objects has elem, and a leaf has neither.
type node struct {
	keys []string
	kids map[string]*node
	elem *node
}

// resultSchema is the schema of invoice.Result.
var resultSchema = schemaOf(reflect.TypeOf(invoice.Result{}))

func schemaOf(t reflect.Type) *node {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		n := &node{kids: map[string]*node{}}
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "-" || name == "" {
				continue
			}
			n.keys = append(n.keys, name)
			n.kids[name] = schemaOf(f.Type)
		}
		return n
	case reflect.Slice, reflect.Array:
		if e := schemaOf(t.Elem()); e.kids != nil {
			return &node{elem: e}
		}
	}
	return &node{}
}

// child returns the schema of key, or nil when the schema has no such key.
func (n *node) child(key string) *node {
	if n == nil {
		return nil
	}
	return n.kids[key]
}

// order returns the keys of a truth object: those of the schema in schema
// order, then the others sorted.
func (n *node) order(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	if n != nil {
		for _, k := range n.keys {
			if _, ok := m[k]; ok {
				keys = append(keys, k)
			}
		}
	}
	var other []string
	for k := range m {
		if n.child(k) == nil {
			other = append(other, k)
		}
	}
	sort.Strings(other)
	return append(keys, other...)
}
