package eval

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/invoice"
)

// truthOf builds a Truth whose result is the JSON text result.
func truthOf(t *testing.T, result string, flags ...string) Truth {
	t.Helper()
	var r map[string]any
	if err := json.Unmarshal([]byte(result), &r); err != nil {
		t.Fatalf("truth %s: %v", result, err)
	}
	return Truth{Locale: "it", Kind: KindDigital, Result: r, ExpectFlags: flags}
}

func str(s string) *string { return &s }

var num = invoice.Number

// outcomes maps each path of a score to its outcome.
func outcomes(cs CaseScore) map[string]Outcome {
	m := map[string]Outcome{}
	for _, f := range cs.Fields {
		m[f.Path] = f.Outcome
	}
	return m
}

func TestScoreFields(t *testing.T) {
	truth := truthOf(t, `{
		"vendor": {"name": "Rossi Forniture S.r.l.", "vat_number": "IT01234567897", "email": null, "phone": null},
		"invoice": {"number": "2026/0042", "date": "2026-03-15", "po_number": null},
		"financials": {"total": 1220.0, "tax_rate": 22, "discount": null}
	}`)
	got := invoice.Empty()
	got.Vendor.Name = str("ROSSI  FORNITURE S.R.L")
	got.Vendor.VATNumber = str("01234567897")
	got.Vendor.Phone = str("+39 02 1234567")
	got.Invoice.Number = str("2026/0042")
	got.Invoice.Date = str("15/03/2026")
	got.Financials.Total = num(1220.004)
	got.Financials.TaxRate = num(22)

	cs := Score(truth, got, nil)
	want := []FieldScore{
		{Path: "vendor.name", Field: "vendor.name", Outcome: Match, Want: "Rossi Forniture S.r.l.", Got: "ROSSI  FORNITURE S.R.L"},
		{Path: "vendor.vat_number", Field: "vendor.vat_number", Outcome: Match, Want: "IT01234567897", Got: "01234567897"},
		{Path: "vendor.email", Field: "vendor.email", Outcome: NullOK},
		{Path: "vendor.phone", Field: "vendor.phone", Outcome: Invented, Got: "+39 02 1234567"},
		{Path: "invoice.number", Field: "invoice.number", Outcome: Match, Want: "2026/0042", Got: "2026/0042"},
		{Path: "invoice.date", Field: "invoice.date", Outcome: Miss, Want: "2026-03-15", Got: "15/03/2026"},
		{Path: "invoice.po_number", Field: "invoice.po_number", Outcome: NullOK},
		{Path: "financials.tax_rate", Field: "financials.tax_rate", Outcome: Match, Want: 22.0, Got: 22.0},
		{Path: "financials.total", Field: "financials.total", Outcome: Match, Want: 1220.0, Got: 1220.004},
		{Path: "financials.discount", Field: "financials.discount", Outcome: NullOK},
	}
	if diff := cmp.Diff(want, cs.Fields); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
	if cs.Items != nil || cs.Flags != nil || cs.Error != "" {
		t.Errorf("items %v, flags %v, error %q; want none", cs.Items, cs.Flags, cs.Error)
	}
}

// TestScoreName checks that the containment rule does not turn an
// unrelated name into a match.
func TestScoreName(t *testing.T) {
	truth := truthOf(t, `{"vendor": {"name": "Rossi Forniture S.r.l."}, "buyer": {"name": "Bianchi Caffè S.p.A."}}`)
	got := invoice.Empty()
	got.Vendor.Name = str("Rossi") // contained, but 5 of 21 characters
	got.Buyer.Name = str("Bianchi Caffè S.p.A. – Sede di Roma")
	want := map[string]Outcome{"vendor.name": Miss, "buyer.name": Miss}
	if diff := cmp.Diff(want, outcomes(Score(truth, got, nil))); diff != "" {
		t.Errorf("outcomes (-want +got):\n%s", diff)
	}
}

func TestScoreNulls(t *testing.T) {
	tests := []struct {
		name  string
		truth string
		got   func(r *invoice.Result)
		want  Outcome
	}{
		{"null, ours null", `{"vendor": {"iban": null}}`, func(*invoice.Result) {}, NullOK},
		{"null, ours blank", `{"vendor": {"iban": null}}`, func(r *invoice.Result) { r.Vendor.IBAN = new(string) }, NullOK},
		{"null, ours a value", `{"vendor": {"iban": null}}`, func(r *invoice.Result) { r.Vendor.IBAN = str("IT60X0542811101000000123456") }, Invented},
		{"null number, ours zero", `{"financials": {"stamp_duty": null}}`, func(r *invoice.Result) { r.Financials.StampDuty = num(0) }, Invented},
		{"value, ours null", `{"vendor": {"iban": "IT60X0542811101000000123456"}}`, func(*invoice.Result) {}, Miss},
		{"value, ours blank", `{"vendor": {"city": "Roma"}}`, func(r *invoice.Result) { r.Vendor.City = str(" ") }, Miss},
		{"null object, ours all null", `{"buyer": null}`, func(*invoice.Result) {}, NullOK},
		{"null object, ours has a value", `{"buyer": null}`, func(r *invoice.Result) { r.Buyer.City = str("Roma") }, Invented},
		{"null line items, ours none", `{"line_items": null}`, func(*invoice.Result) {}, NullOK},
		{"null line items, ours one", `{"line_items": null}`, func(r *invoice.Result) { r.LineItems = []invoice.LineItem{{Amount: num(1)}} }, Invented},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := invoice.Empty()
			tt.got(&got)
			cs := Score(truthOf(t, tt.truth), got, nil)
			if len(cs.Fields) != 1 || cs.Fields[0].Outcome != tt.want {
				t.Errorf("fields %+v, want one %s", cs.Fields, tt.want)
			}
		})
	}
}

func TestScoreNotInSchema(t *testing.T) {
	truth := truthOf(t, `{"buyer": {"phone": "+39 06 1", "sdi_code": null, "name": "Bianchi"}, "extra": {"x": 1}}`)
	got := invoice.Empty()
	got.Buyer.Name = str("Bianchi")
	want := []FieldScore{
		{Path: "buyer.name", Field: "buyer.name", Outcome: Match, Want: "Bianchi", Got: "Bianchi"},
		{Path: "buyer.phone", Field: "buyer.phone", Outcome: NotInSchema, Want: "+39 06 1"},
		{Path: "buyer.sdi_code", Field: "buyer.sdi_code", Outcome: NotInSchema},
		{Path: "extra", Field: "extra", Outcome: NotInSchema, Want: map[string]any{"x": 1.0}},
	}
	if diff := cmp.Diff(want, Score(truth, got, nil).Fields); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
}

// item builds a line item with a description and an amount.
func item(desc string, amount float64) invoice.LineItem {
	return invoice.LineItem{Description: str(desc), Amount: num(amount)}
}

func TestScoreLineItems(t *testing.T) {
	truthRows := `{"line_items": [
		{"description": "Consulenza tecnica", "amount": 300.0, "discount_pct": null},
		{"description": "Licenza software annuale", "amount": 700.0}
	]}`
	tests := []struct {
		name      string
		truth     string
		got       []invoice.LineItem
		items     *ItemScore
		outcomes  map[string]Outcome
		wantPaths int
	}{
		{
			name:  "all right",
			truth: truthRows,
			got:   []invoice.LineItem{item("Consulenza tecnica", 300), item("Licenza software annuale", 700)},
			items: &ItemScore{Truth: 2, Returned: 2, Exact: 2},
			outcomes: map[string]Outcome{
				"line_items[0].description": Match, "line_items[0].amount": Match, "line_items[0].discount_pct": NullOK,
				"line_items[1].description": Match, "line_items[1].amount": Match,
			},
		},
		{
			name:  "matched in order, not by content",
			truth: truthRows,
			got:   []invoice.LineItem{item("Licenza software annuale", 700), item("Consulenza tecnica", 300)},
			items: &ItemScore{Truth: 2, Returned: 2},
			outcomes: map[string]Outcome{
				"line_items[0].description": Miss, "line_items[0].amount": Miss, "line_items[0].discount_pct": NullOK,
				"line_items[1].description": Miss, "line_items[1].amount": Miss,
			},
		},
		{
			name:  "missing row scores each field a miss",
			truth: truthRows,
			got:   []invoice.LineItem{item("Consulenza tecnica", 300)},
			items: &ItemScore{Truth: 2, Returned: 1, Exact: 1},
			outcomes: map[string]Outcome{
				"line_items[0].description": Match, "line_items[0].amount": Match, "line_items[0].discount_pct": NullOK,
				"line_items[1].description": Miss, "line_items[1].amount": Miss,
			},
		},
		{
			name:  "no rows",
			truth: truthRows,
			items: &ItemScore{Truth: 2},
			outcomes: map[string]Outcome{
				"line_items[0].description": Miss, "line_items[0].amount": Miss, "line_items[0].discount_pct": NullOK,
				"line_items[1].description": Miss, "line_items[1].amount": Miss,
			},
		},
		{
			name:  "extra rows are counted apart",
			truth: truthRows,
			got: []invoice.LineItem{item("Consulenza tecnica", 300), item("Licenza software annuale", 700),
				item("Spese di trasporto", 10), item("Bollo", 2)},
			items: &ItemScore{Truth: 2, Returned: 4, Exact: 2, Extra: 2},
			outcomes: map[string]Outcome{
				"line_items[0].description": Match, "line_items[0].amount": Match, "line_items[0].discount_pct": NullOK,
				"line_items[1].description": Match, "line_items[1].amount": Match,
			},
		},
		{
			name:  "an invented value spoils an exact row",
			truth: truthRows,
			got: []invoice.LineItem{
				{Description: str("Consulenza tecnica"), Amount: num(300), DiscountPct: num(10)},
				item("Licenza software annuale", 700.004)},
			items: &ItemScore{Truth: 2, Returned: 2, Exact: 1},
			outcomes: map[string]Outcome{
				"line_items[0].description": Match, "line_items[0].amount": Match, "line_items[0].discount_pct": Invented,
				"line_items[1].description": Match, "line_items[1].amount": Match,
			},
		},
		{
			name:     "empty truth: every row is extra",
			truth:    `{"line_items": []}`,
			got:      []invoice.LineItem{item("Bollo", 2)},
			items:    &ItemScore{Returned: 1, Extra: 1},
			outcomes: map[string]Outcome{},
		},
		{
			name:     "no line_items in truth: not scored",
			truth:    `{"invoice": {"number": "1"}}`,
			got:      []invoice.LineItem{item("Bollo", 2)},
			outcomes: map[string]Outcome{"invoice.number": Miss},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := invoice.Empty()
			if tt.got != nil {
				got.LineItems = tt.got
			}
			cs := Score(truthOf(t, tt.truth), got, nil)
			if diff := cmp.Diff(tt.items, cs.Items); diff != "" {
				t.Errorf("items (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.outcomes, outcomes(cs)); diff != "" {
				t.Errorf("outcomes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestScoreLineItemFields(t *testing.T) {
	truth := truthOf(t, `{"line_items": [{"quantity": 1.5, "unit": "ore", "unit_price": 80.0, "tax_rate": 22}]}`)
	got := invoice.Empty()
	got.LineItems = []invoice.LineItem{{Quantity: num(1.5004), Unit: str("ORE"), UnitPrice: num(80.009), TaxRate: num(22.002)}}
	want := []FieldScore{
		{Path: "line_items[0].quantity", Field: "line_items.quantity", Outcome: Match, Want: 1.5, Got: 1.5004},
		{Path: "line_items[0].unit", Field: "line_items.unit", Outcome: Match, Want: "ore", Got: "ORE"},
		{Path: "line_items[0].unit_price", Field: "line_items.unit_price", Outcome: Match, Want: 80.0, Got: 80.009},
		{Path: "line_items[0].tax_rate", Field: "line_items.tax_rate", Outcome: Miss, Want: 22.0, Got: 22.002},
	}
	if diff := cmp.Diff(want, Score(truth, got, nil).Fields); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
}

func TestScoreFlags(t *testing.T) {
	truth := truthOf(t, `{}`, "ARITHMETIC_MISMATCH", "DATE_INCOHERENCE")
	flags := []invoice.Finding{
		{Code: "DATE_INCOHERENCE", Severity: invoice.SeverityWarning},
		{Code: "INVALID_TOTAL", Severity: invoice.SeverityError},
	}
	want := []FlagScore{{Code: "ARITHMETIC_MISMATCH"}, {Code: "DATE_INCOHERENCE", Found: true}}
	if diff := cmp.Diff(want, Score(truth, invoice.Empty(), flags).Flags); diff != "" {
		t.Errorf("flags (-want +got):\n%s", diff)
	}
	if got := Score(truthOf(t, `{}`), invoice.Empty(), flags).Flags; got != nil {
		t.Errorf("no expected flags: got %v", got)
	}
}

func TestFailed(t *testing.T) {
	truth := truthOf(t, `{
		"vendor": {"name": "Rossi", "email": null, "phone": "1"},
		"buyer": {"phone": "2"},
		"line_items": [{"amount": 1.0, "discount_pct": null}]
	}`, "INVALID_TOTAL")
	cs := Failed(truth, errors.New("no_text: no text could be extracted"))
	want := CaseScore{
		Error: "no_text: no text could be extracted",
		Fields: []FieldScore{
			{Path: "vendor.name", Field: "vendor.name", Outcome: Miss, Want: "Rossi"},
			{Path: "vendor.email", Field: "vendor.email", Outcome: Miss},
			{Path: "vendor.phone", Field: "vendor.phone", Outcome: Miss, Want: "1"},
			{Path: "buyer.phone", Field: "buyer.phone", Outcome: NotInSchema, Want: "2"},
			{Path: "line_items[0].amount", Field: "line_items.amount", Outcome: Miss, Want: 1.0},
			{Path: "line_items[0].discount_pct", Field: "line_items.discount_pct", Outcome: Miss},
		},
		Items: &ItemScore{Truth: 1},
		Flags: []FlagScore{{Code: "INVALID_TOTAL"}},
	}
	if diff := cmp.Diff(want, cs); diff != "" {
		t.Errorf("score (-want +got):\n%s", diff)
	}
}

func TestScoreNaN(t *testing.T) {
	// A result that cannot be encoded is scored as a failure, not a panic.
	got := invoice.Empty()
	nan := 0.0
	nan /= nan
	got.Financials.Total = &nan
	cs := Score(truthOf(t, `{"financials": {"total": 1.0}}`), got, nil)
	if cs.Error == "" || cs.Count(Miss) != 1 {
		t.Errorf("score of a NaN result: %+v", cs)
	}
}
