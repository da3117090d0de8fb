package review

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/invoice"
)

func TestPatch(t *testing.T) {
	base := invoice.Result{
		Vendor:     invoice.Vendor{Name: invoice.String("Rossi"), Email: invoice.String("a@b.it")},
		Financials: invoice.Financials{Total: invoice.Number(10)},
		LineItems:  []invoice.LineItem{{Amount: invoice.Number(10)}},
	}
	got, err := Patch(base, json.RawMessage(`{"vendor": null, "financials": {"total": "1.234,50"}, "line_items": null}`), "it")
	if err != nil {
		t.Fatal(err)
	}
	if got.Vendor.Name != nil || got.Vendor.Email != nil || *got.Financials.Total != 1234.5 || len(got.LineItems) != 0 {
		t.Errorf("Patch = %+v", got)
	}
	if base.Vendor.Name == nil || len(base.LineItems) != 1 {
		t.Error("Patch changed its input")
	}
	for _, bad := range []string{`[1]`, `{"validation": null}`, `{"seller": null}`, `{"invoice": {"date": 3}}`,
		`{"line_items": [{"amount": "ten"}]}`, `{"financials": {"total": {"value": 1}}}`} {
		if _, err := Patch(base, json.RawMessage(bad), "it"); !errors.Is(err, ErrInvalid) {
			t.Errorf("Patch(%s): err = %v, want ErrInvalid", bad, err)
		}
	}
}

// A box pointed at earlier goes when its value changes without a new box,
// or when its field is gone.
func TestMergePointed(t *testing.T) {
	before := invoice.Result{Invoice: invoice.Header{Number: invoice.String("1"), PONumber: invoice.String("P")},
		LineItems: []invoice.LineItem{{}, {}}}
	after := before
	after.Invoice.Number = invoice.String("2")
	after.LineItems = before.LineItems[:1]
	box := layout.Evidence{Page: 1, Box: layout.Rect{X1: 1, Y1: 1}}
	old, _ := json.Marshal(map[string]layout.Evidence{"invoice.number": box, "invoice.po_number": box,
		"line_items[1].amount": box})
	got, err := mergePointed(old, nil, &before, &after)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]layout.Evidence
	json.Unmarshal(got, &m)
	if len(m) != 1 || m["invoice.po_number"] != box {
		t.Errorf("kept boxes = %v, want only the unchanged po_number's", m)
	}
}
