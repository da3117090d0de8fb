package eval

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/invoice"
)

// sampleReport adds three cases: one partly right with two extra line
// items and a missing flag, one all right, and one failed.
func sampleReport(t *testing.T, conf map[string]float64) *Report {
	t.Helper()
	r := NewReport()

	a := truthOf(t, `{
		"vendor": {"name": "Rossi Forniture", "vat_number": "IT01234567897", "iban": null, "phone": "02 1"},
		"buyer": {"phone": "06 1"},
		"financials": {"total": 122.0, "stamp_duty": null},
		"line_items": [{"amount": 100.0, "discount_pct": null}]
	}`, "ARITHMETIC_MISMATCH")
	ga := invoice.Empty()
	ga.Vendor.Name = str("Rossi Forniture")
	ga.Vendor.VATNumber = str("IT01234567898")
	ga.Financials.Total = num(122)
	ga.Financials.StampDuty = num(2)
	ga.LineItems = []invoice.LineItem{{Amount: num(100)}, {Amount: num(5)}, {Amount: num(6)}}
	sa := Score(a, ga, nil)
	sa.Name = "it/a"
	r.Add(sa, conf)

	b := truthOf(t, `{"vendor": {"name": "Acme"}, "line_items": [{"amount": 1.0}]}`, "INVALID_TOTAL")
	gb := invoice.Empty()
	gb.Vendor.Name = str("ACME")
	gb.LineItems = []invoice.LineItem{{Amount: num(1)}}
	sb := Score(b, gb, []invoice.Finding{{Code: "INVALID_TOTAL"}})
	sb.Name = "it/b"
	r.Add(sb, nil)

	c := truthOf(t, `{"vendor": {"name": "Bianchi", "email": null}}`)
	sc := Failed(c, errors.New("pdf_corrupt: the document is damaged"))
	sc.Name = "it/c"
	r.Add(sc, nil)
	return r
}

func TestReportFigures(t *testing.T) {
	r := sampleReport(t, nil)
	type figures struct {
		Cases, Failed                         int
		Fields, Null, Exact, Precision, Flags Ratio
		PerField                              map[string]*FieldStat
		NotInSchema                           map[string]int
		Calibration                           []Bin
		MissNames                             []string
	}
	got := figures{
		Cases: r.Cases, Failed: r.Failed,
		Fields: r.FieldAccuracy, Null: r.NoInvented, Exact: r.ExactRows, Precision: r.ItemPrecision, Flags: r.ExpectedFlags,
		PerField: r.PerField, NotInSchema: r.NotInSchema, Calibration: r.Calibration,
	}
	for _, m := range r.Misses {
		got.MissNames = append(got.MissNames, m.Name)
	}
	want := figures{
		Cases: 3, Failed: 1,
		// a: name, vat, phone, total, amount → 3 of 5; b: name, amount → 2 of 2; c: name → 0 of 1.
		Fields: Ratio{Hit: 5, Total: 8},
		// a: iban ok, stamp_duty invented, discount_pct ok; c: email failed.
		Null:      Ratio{Hit: 2, Total: 4},
		Exact:     Ratio{Hit: 2, Total: 2},
		Precision: Ratio{Hit: 2, Total: 4},
		Flags:     Ratio{Hit: 1, Total: 2},
		PerField: map[string]*FieldStat{
			"vendor.name":             {Matched: Ratio{2, 3}},
			"vendor.vat_number":       {Matched: Ratio{0, 1}},
			"vendor.iban":             {NullOK: Ratio{1, 1}},
			"vendor.phone":            {Matched: Ratio{0, 1}},
			"vendor.email":            {NullOK: Ratio{0, 1}},
			"financials.total":        {Matched: Ratio{1, 1}},
			"financials.stamp_duty":   {NullOK: Ratio{0, 1}},
			"line_items.amount":       {Matched: Ratio{2, 2}},
			"line_items.discount_pct": {NullOK: Ratio{1, 1}},
		},
		NotInSchema: map[string]int{"buyer.phone": 1},
		MissNames:   []string{"it/a", "it/c"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("figures (-want +got):\n%s", diff)
	}
	m := r.Misses[0]
	wantMiss := CaseMisses{
		Name: "it/a", Scored: 8, MissingFlags: []string{"ARITHMETIC_MISMATCH"}, ExtraItems: 2,
		Fields: []FieldScore{
			{Path: "vendor.vat_number", Field: "vendor.vat_number", Outcome: Miss, Want: "IT01234567897", Got: "IT01234567898"},
			{Path: "vendor.phone", Field: "vendor.phone", Outcome: Miss, Want: "02 1"},
			{Path: "financials.stamp_duty", Field: "financials.stamp_duty", Outcome: Invented, Got: 2.0},
		},
	}
	if diff := cmp.Diff(wantMiss, m); diff != "" {
		t.Errorf("misses of it/a (-want +got):\n%s", diff)
	}
	if r.Misses[1].Error == "" || r.Misses[1].Scored != 2 {
		t.Errorf("failed case: %+v", r.Misses[1])
	}
}

func TestReportCalibration(t *testing.T) {
	conf := map[string]float64{
		"vendor.name":           0.95, // right
		"vendor.vat_number":     0.92, // wrong
		"financials.total":      0.8,  // right
		"financials.stamp_duty": 0.6,  // invented: wrong
		"vendor.iban":           0.99, // null and ours null: no value reported, not counted
		"line_items[0].amount":  0.3,  // right
		"line_items[1].amount":  0.3,  // extra row: not in truth, not counted
	}
	r := sampleReport(t, conf)
	want := []Bin{
		{Label: "≥ 0.9", Min: 0.9, Max: 1e300, Correct: Ratio{1, 2}},
		{Label: "0.7–0.9", Min: 0.7, Max: 0.9, Correct: Ratio{1, 1}},
		{Label: "0.5–0.7", Min: 0.5, Max: 0.7, Correct: Ratio{0, 1}},
		{Label: "< 0.5", Min: -1e300, Max: 0.5, Correct: Ratio{1, 1}},
	}
	if diff := cmp.Diff(want, r.Calibration); diff != "" {
		t.Errorf("calibration (-want +got):\n%s", diff)
	}
	var text strings.Builder
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"confidence  accuracy  right", "≥ 0.9       50.0%     1/2", "< 0.5       100.0%    1/1"} {
		if !strings.Contains(text.String(), line) {
			t.Errorf("text report lacks %q:\n%s", line, text.String())
		}
	}
}

func TestReportText(t *testing.T) {
	r := sampleReport(t, nil)
	r.SetWall(1500 * time.Millisecond)
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, line := range []string{
		"cases                 3       (1 failed)\n",
		"wall time             1.50 s  (500 ms per document)\n",
		"field accuracy        62.5%   5/8 fields (null checks excluded)\n",
		"no invented value     50.0%   2/4 null truths left null\n",
		"exact line-item rows  100.0%  2/2 truth rows\n",
		"line-item precision   50.0%   2/4 returned rows have a truth row\n",
		"expected flags        50.0%   1/2 raised\n",
		"calibration           n/a     not available: no per-field confidences were given\n",
		"not scored                    buyer.phone ×1 (truth fields the result schema cannot carry)\n",
		"field                    accuracy  matched  null ok\n",
		"financials.stamp_duty    -         -        0/1\n",
		"vendor.name              66.7%     2/3      -\n",
		"cases with misses: 2\n",
		"it/a: 3 of 8 fields wrong\n",
		"  vendor.vat_number      miss      got \"IT01234567898\"  want \"IT01234567897\"\n",
		"  financials.stamp_duty  invented  got 2                want null\n",
		"  flags not raised: ARITHMETIC_MISMATCH\n",
		"  2 extra line items\n",
		"it/c: extraction failed, all 2 fields missed: pdf_corrupt: the document is damaged\n",
	} {
		if !strings.Contains(text, line) {
			t.Errorf("text report lacks %q", line)
		}
	}
	if t.Failed() {
		t.Logf("report:\n%s", text)
	}
	// Fields are sorted.
	if i, j := strings.Index(text, "\nfinancials.total"), strings.Index(text, "\nvendor.name"); i < 0 || j < i {
		t.Errorf("per-field table not sorted:\n%s", text)
	}
}

func TestReportJSON(t *testing.T) {
	r := sampleReport(t, nil)
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		FieldAccuracy map[string]any `json:"field_accuracy"`
		Calibration   []Bin          `json:"calibration"`
		Scores        []CaseScore    `json:"case_scores"`
		Misses        []CaseMisses   `json:"cases_with_misses"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"hit": 5.0, "total": 8.0, "rate": 0.625}
	if diff := cmp.Diff(want, got.FieldAccuracy); diff != "" {
		t.Errorf("field_accuracy (-want +got):\n%s", diff)
	}
	if got.Calibration != nil || len(got.Scores) != 3 || len(got.Misses) != 2 {
		t.Errorf("calibration %v, %d scores, %d misses", got.Calibration, len(got.Scores), len(got.Misses))
	}
	empty, _ := json.Marshal(NewReport())
	if !strings.Contains(string(empty), `"field_accuracy":{"hit":0,"total":0,"rate":null}`) {
		t.Errorf("empty report: %s", empty)
	}
}

func TestPercent(t *testing.T) {
	tests := []struct {
		r    Ratio
		want string
	}{
		{Ratio{}, "n/a"},
		{Ratio{0, 5}, "0.0%"},
		{Ratio{2, 3}, "66.7%"},
		{Ratio{1999, 2000}, "99.9%"}, // 99.95 would round up to a perfect score
		{Ratio{7, 7}, "100.0%"},
	}
	for _, tt := range tests {
		if got := percent(tt.r); got != tt.want {
			t.Errorf("percent(%v) = %s, want %s", tt.r, got, tt.want)
		}
	}
}

func TestShowValue(t *testing.T) {
	long := strings.Repeat("x", 70)
	tests := []struct {
		v    any
		want string
	}{
		{nil, "null"},
		{"a <b> & c", `"a <b> & c"`},
		{12.5, "12.5"},
		{long, `"` + strings.Repeat("x", maxValue-1) + `…"`},
	}
	for _, tt := range tests {
		if got := showValue(tt.v); got != tt.want {
			t.Errorf("showValue(%v) = %s, want %s", tt.v, got, tt.want)
		}
	}
}
