package extract

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/invoice"
)

func num(x float64) *float64 { return &x }
func str(s string) *string   { return &s }

func TestRepairTotals(t *testing.T) {
	for _, tc := range []struct {
		name      string
		in, want  invoice.Financials
		repaired  string
		unchanged bool
	}{
		{
			name:     "total with an 8 for a 0",
			in:       invoice.Financials{Subtotal: num(1012.30), TaxAmount: num(222.71), Total: num(1235.81)},
			want:     invoice.Financials{Subtotal: num(1012.30), TaxAmount: num(222.71), Total: num(1235.01)},
			repaired: "financials.total",
		},
		{
			// 400 + 83 = 483: the total read 488 (8 for 3) would do too,
			// but only the tax of 88 is 22 % of 400.
			name:     "tax with a 3 for an 8, the rate decides",
			in:       invoice.Financials{Subtotal: num(400), TaxRate: num(22), TaxAmount: num(83), Total: num(488)},
			want:     invoice.Financials{Subtotal: num(400), TaxRate: num(22), TaxAmount: num(88), Total: num(488)},
			repaired: "financials.tax_amount",
		},
		{
			name:     "subtotal with a 6 for a 0, stamp duty in the total",
			in:       invoice.Financials{Subtotal: num(716), TaxAmount: num(0), StampDuty: num(2), Total: num(712)},
			want:     invoice.Financials{Subtotal: num(710), TaxAmount: num(0), StampDuty: num(2), Total: num(712)},
			repaired: "financials.subtotal",
		},
		{
			name:      "adds up: nothing to repair",
			in:        invoice.Financials{Subtotal: num(100), TaxAmount: num(22), Total: num(122)},
			unchanged: true,
		},
		{
			name:      "no single confusion explains the difference",
			in:        invoice.Financials{Subtotal: num(100), TaxAmount: num(22), Total: num(150)},
			unchanged: true,
		},
		{
			name: "two repairs explain it: neither is made",
			// 100 + 70 = 170: the total read 120 (2 for 7), or the tax
			// read 70 for 20 (7 for 2)?
			in:        invoice.Financials{Subtotal: num(100), TaxAmount: num(70), Total: num(120)},
			unchanged: true,
		},
		{
			name:      "a missing value is not filled in",
			in:        invoice.Financials{Subtotal: num(100), Total: num(128)},
			unchanged: true,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.in
			ws := repairTotals(&got)
			if tc.unchanged {
				if len(ws) != 0 || !cmp.Equal(got, tc.in) {
					t.Errorf("repaired %v to %+v, want it as read", ws, got)
				}
				return
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("repair (-want +got):\n%s", diff)
			}
			if len(ws) != 1 || ws[0].Field != tc.repaired || ws[0].Code != CodeOCRRepaired {
				t.Errorf("warnings %+v, want one OCR_REPAIRED on %s", ws, tc.repaired)
			}
		})
	}
}

func TestRepairRows(t *testing.T) {
	r := invoice.Result{
		LineItems: []invoice.LineItem{
			{Quantity: num(3), UnitPrice: num(12.5), Amount: num(37.5)},
			{Quantity: num(4), UnitPrice: num(18.25), Amount: num(78)}, // 73,00 read 78,00
			{Quantity: num(2), UnitPrice: num(9.9), Amount: num(19.8)}, // as read
			{Quantity: num(8), UnitPrice: num(5), Amount: num(15)},     // 3 read as 8
			{Quantity: num(2), UnitPrice: num(10), Amount: num(18), DiscountPct: num(10)},
			{Amount: num(160)}, // no quantity: checked by the subtotal
		},
		Financials: invoice.Financials{Subtotal: num(37.5 + 73 + 19.8 + 15 + 18 + 100)},
	}
	ws := repairOCR(&r)
	want := []float64{37.5, 73, 19.8, 15, 18, 100}
	for i, it := range r.LineItems {
		if *it.Amount != want[i] {
			t.Errorf("row %d amount %v, want %v", i, *it.Amount, want[i])
		}
	}
	if *r.LineItems[3].Quantity != 3 {
		t.Errorf("row 3 quantity %v, want 3", *r.LineItems[3].Quantity)
	}
	var fields []string
	for _, w := range ws {
		fields = append(fields, w.Field)
	}
	if diff := cmp.Diff([]string{"line_items[1].amount", "line_items[3].quantity", "line_items[5].amount"}, fields); diff != "" {
		t.Errorf("repaired fields (-want +got):\n%s", diff)
	}
}

func TestRepairDates(t *testing.T) {
	for _, tc := range []struct {
		name, date, due, wantDate, wantDue string
	}{
		{"due month with a 1 for a 4", "2025-03-14", "2025-01-13", "2025-03-14", "2025-04-13"},
		// The due year read 2023 for 2025, or the issue year 2025 for
		// 2023? Either gives 30 days.
		{"two repairs: as read", "2025-03-31", "2023-04-30", "2025-03-31", "2023-04-30"},
		{"in order: as read", "2025-03-31", "2025-05-17", "2025-03-31", "2025-05-17"},
		{"no payment term explains it", "2025-03-31", "2021-01-17", "2025-03-31", "2021-01-17"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := invoice.Header{Date: str(tc.date), DueDate: str(tc.due)}
			ws := repairDates(&h)
			if *h.Date != tc.wantDate || *h.DueDate != tc.wantDue {
				t.Errorf("dates %s, %s; want %s, %s", *h.Date, *h.DueDate, tc.wantDate, tc.wantDue)
			}
			if changed := tc.date != tc.wantDate || tc.due != tc.wantDue; changed != (len(ws) == 1) {
				t.Errorf("warnings %+v", ws)
			}
		})
	}
}
