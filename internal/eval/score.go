package eval

import (
	"encoding/json"
	"fmt"

	"github.com/invex/invex/invoice"
)

// Outcome is how one truth field was scored.
type Outcome string

// Outcomes of a field. Match and Miss are the outcomes of a truth value;
// NullOK and Invented those of a null truth (a "no invented value" check).
const (
	// Match: ours equals the truth value by the field's rule.
	Match Outcome = "match"
	// Miss: ours differs from the truth value or is null, or the extraction
	// failed (then null truths are Miss too).
	Miss Outcome = "miss"
	// NullOK: the truth is null and ours is null or absent.
	NullOK Outcome = "null_ok"
	// Invented: the truth is null and ours has a value.
	Invented Outcome = "invented"
	// NotInSchema: the truth key is not part of the result schema, so no
	// result can carry it; the field is reported but not scored.
	NotInSchema Outcome = "not_in_schema"
)

// FieldScore is the outcome of one field of a case.
type FieldScore struct {
	// Path names the field as validation findings do: "vendor.vat_number",
	// "line_items[2].amount" (indexed from 0).
	Path string `json:"path"`
	// Field is Path without indexes, the key of the per-field table:
	// "line_items.amount".
	Field   string  `json:"field"`
	Outcome Outcome `json:"outcome"`
	// Want is the truth value, nil for a "no invented value" check. Got is
	// ours, nil when null or absent.
	Want any `json:"want"`
	Got  any `json:"got"`
}

// NullCheck reports whether the field is a "no invented value" check.
func (f FieldScore) NullCheck() bool { return f.Want == nil }

// ItemScore counts the line items of a case whose truth has line_items.
type ItemScore struct {
	// Truth and Returned are the numbers of rows in truth and in ours.
	Truth    int `json:"truth"`
	Returned int `json:"returned"`
	// Exact counts truth rows of which every field scored Match or NullOK.
	Exact int `json:"exact"`
	// Extra counts our rows beyond the last truth row.
	Extra int `json:"extra"`
}

// FlagScore says whether an expected validation flag was raised.
type FlagScore struct {
	Code  string `json:"code"`
	Found bool   `json:"found"`
}

// CaseScore is the score of one case.
type CaseScore struct {
	// Name identifies the case; Score leaves it empty for the caller to set.
	Name string `json:"name"`
	// Error is the extraction error of a failed case, empty otherwise.
	Error  string       `json:"error,omitempty"`
	Fields []FieldScore `json:"fields"`
	// Items is nil when the truth has no line_items.
	Items *ItemScore  `json:"line_items,omitempty"`
	Flags []FlagScore `json:"expect_flags,omitempty"`
}

// Count returns the number of fields with outcome o.
func (c CaseScore) Count(o Outcome) int {
	n := 0
	for _, f := range c.Fields {
		if f.Outcome == o {
			n++
		}
	}
	return n
}

// Score scores our result and validation flags against the truth by the
// rules of the corpus format. Only the fields present in the truth are
// scored.
func Score(t Truth, got invoice.Result, flags []invoice.Finding) CaseScore {
	tree, err := toTree(got)
	if err != nil {
		return Failed(t, err)
	}
	s := scorer{}
	s.object("", "", t.Result, resultSchema, tree)
	s.cs.Flags = scoreFlags(t.ExpectFlags, flags)
	return s.cs
}

// Failed scores a case whose extraction failed with err: every field of
// the truth, null checks included, is a Miss and no expected flag is found.
func Failed(t Truth, err error) CaseScore {
	s := scorer{failed: true}
	s.object("", "", t.Result, resultSchema, nil)
	s.cs.Flags = scoreFlags(t.ExpectFlags, nil)
	s.cs.Error = err.Error()
	return s.cs
}

// toTree returns the result as a generic JSON tree, the form of the truth.
func toTree(r invoice.Result) (map[string]any, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("encode result: %w", err)
	}
	var tree map[string]any
	if err := json.Unmarshal(b, &tree); err != nil {
		return nil, fmt.Errorf("decode result: %w", err)
	}
	return tree, nil
}

// scorer walks a truth tree beside the schema and our tree.
type scorer struct {
	cs     CaseScore
	failed bool
}

func (s *scorer) object(path, field string, want map[string]any, schema *node, got map[string]any) {
	for _, k := range schema.order(want) {
		s.value(join(path, k), join(field, k), k, want[k], schema.child(k), got[k])
	}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// value scores the truth value want at path; key is the last name of the
// path, which selects the comparison rule.
func (s *scorer) value(path, field, key string, want any, schema *node, got any) {
	if schema == nil {
		s.add(FieldScore{Path: path, Field: field, Outcome: NotInSchema, Want: want})
		return
	}
	switch w := want.(type) {
	case map[string]any:
		if schema.kids != nil {
			g, _ := got.(map[string]any)
			s.object(path, field, w, schema, g)
			return
		}
	case []any:
		if schema.elem != nil {
			g, _ := got.([]any)
			s.array(path, field, key, w, schema.elem, g)
			return
		}
	}
	s.leaf(path, field, key, want, got)
}

// array scores truth rows against ours in order.
func (s *scorer) array(path, field, key string, want []any, elem *node, got []any) {
	items := ItemScore{Truth: len(want), Returned: len(got), Extra: max(0, len(got)-len(want))}
	for i, w := range want {
		var g any
		if i < len(got) {
			g = got[i]
		}
		first := len(s.cs.Fields)
		s.value(fmt.Sprintf("%s[%d]", path, i), field, key, w, elem, g)
		if i < len(got) && allRight(s.cs.Fields[first:]) {
			items.Exact++
		}
	}
	if path == "line_items" {
		s.cs.Items = &items
	}
}

// allRight reports whether no field scored Miss or Invented.
func allRight(fields []FieldScore) bool {
	for _, f := range fields {
		if f.Outcome == Miss || f.Outcome == Invented {
			return false
		}
	}
	return true
}

// leaf scores one value.
func (s *scorer) leaf(path, field, key string, want, got any) {
	f := FieldScore{Path: path, Field: field, Want: want}
	if !isNull(got) {
		f.Got = got
	}
	switch {
	case s.failed:
		f.Outcome = Miss
	case want == nil && f.Got == nil:
		f.Outcome = NullOK
	case want == nil:
		f.Outcome = Invented
	case f.Got != nil && equal(key, want, f.Got):
		f.Outcome = Match
	default:
		f.Outcome = Miss
	}
	s.add(f)
}

func (s *scorer) add(f FieldScore) { s.cs.Fields = append(s.cs.Fields, f) }

// scoreFlags looks each expected code up in the flags raised.
func scoreFlags(expected []string, flags []invoice.Finding) []FlagScore {
	if len(expected) == 0 {
		return nil
	}
	raised := map[string]bool{}
	for _, f := range flags {
		raised[f.Code] = true
	}
	out := make([]FlagScore, len(expected))
	for i, code := range expected {
		out[i] = FlagScore{Code: code, Found: raised[code]}
	}
	return out
}
