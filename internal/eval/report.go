package eval

import (
	"encoding/json"
	"time"
)

// Ratio is a count of hits out of a total.
type Ratio struct {
	Hit   int
	Total int
}

// Rate returns Hit/Total, and false when Total is 0.
func (r Ratio) Rate() (float64, bool) {
	if r.Total == 0 {
		return 0, false
	}
	return float64(r.Hit) / float64(r.Total), true
}

func (r *Ratio) add(hit bool) {
	r.Total++
	if hit {
		r.Hit++
	}
}

// MarshalJSON encodes the ratio as {"hit", "total", "rate"}, with a null
// rate when Total is 0.
func (r Ratio) MarshalJSON() ([]byte, error) {
	v := struct {
		Hit   int      `json:"hit"`
		Total int      `json:"total"`
		Rate  *float64 `json:"rate"`
	}{Hit: r.Hit, Total: r.Total}
	if rate, ok := r.Rate(); ok {
		v.Rate = &rate
	}
	return json.Marshal(v)
}

// FieldStat is one row of the per-field table.
type FieldStat struct {
	// Matched counts Match among the field's truth values.
	Matched Ratio `json:"matched"`
	// NullOK counts NullOK among the field's null truths.
	NullOK Ratio `json:"null_ok"`
}

// Bin is one row of the calibration table: the fields reported with a
// confidence in [Min, Max) and how many of them were right.
type Bin struct {
	Label   string  `json:"range"`
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
	Correct Ratio   `json:"correct"`
}

// calibrationBins are the confidence ranges of the calibration table,
// highest first.
func calibrationBins() []Bin {
	return []Bin{
		{Label: "≥ 0.9", Min: 0.9, Max: 1e300},
		{Label: "0.7–0.9", Min: 0.7, Max: 0.9},
		{Label: "0.5–0.7", Min: 0.5, Max: 0.7},
		{Label: "< 0.5", Min: -1e300, Max: 0.5},
	}
}

// CaseMisses lists what went wrong in one case.
type CaseMisses struct {
	Name string `json:"name"`
	// Error is the extraction error of a failed case.
	Error string `json:"error,omitempty"`
	// Scored counts the case's scored fields, null checks included.
	Scored int `json:"scored"`
	// Fields are the fields that scored Miss or Invented.
	Fields       []FieldScore `json:"fields"`
	MissingFlags []string     `json:"missing_flags,omitempty"`
	ExtraItems   int          `json:"extra_line_items,omitempty"`
}

// Report aggregates the scores of many cases. Build it with NewReport and
// Add; every figure is up to date after each Add.
type Report struct {
	Cases  int `json:"cases"`
	Failed int `json:"failed"`
	// WallMS is the wall time of the whole run and MSPerDocument that
	// divided by Cases, when the caller set them with SetWall.
	WallMS        float64 `json:"wall_ms,omitempty"`
	MSPerDocument float64 `json:"ms_per_document,omitempty"`
	// FieldAccuracy counts Match among all truth values (null checks
	// excluded).
	FieldAccuracy Ratio `json:"field_accuracy"`
	// NoInvented counts NullOK among all null truths.
	NoInvented Ratio `json:"no_invented_value"`
	// ExactRows counts truth line-item rows of which every field is right.
	ExactRows Ratio `json:"exact_line_item_rows"`
	// ItemPrecision counts, among the line-item rows we returned, those
	// that have a truth row to match.
	ItemPrecision Ratio `json:"line_item_precision"`
	// ExpectedFlags counts the expected flags that were raised.
	ExpectedFlags Ratio `json:"expected_flags"`
	// PerField maps a field such as "vendor.name" or "line_items.amount" to
	// its figures.
	PerField map[string]*FieldStat `json:"per_field"`
	// Calibration is nil when no case was added with confidences.
	Calibration []Bin `json:"calibration"`
	// NotInSchema counts, per field, truth values the result schema cannot
	// carry; they are not scored.
	NotInSchema map[string]int `json:"not_in_schema,omitempty"`
	// Misses lists the cases with a missed or invented field, a missing
	// flag, extra line items or an extraction error, in the order added.
	Misses []CaseMisses `json:"cases_with_misses"`
	// Scores are all case scores, in the order added.
	Scores []CaseScore `json:"case_scores"`
}

// NewReport returns an empty report.
func NewReport() *Report {
	return &Report{PerField: map[string]*FieldStat{}, Misses: []CaseMisses{}, Scores: []CaseScore{}}
}

// SetWall records the wall time of the run.
func (r *Report) SetWall(d time.Duration) {
	r.WallMS = float64(d.Microseconds()) / 1000
	if r.Cases > 0 {
		r.MSPerDocument = r.WallMS / float64(r.Cases)
	}
}

// Add adds a case's score. conf, which may be nil, maps field paths such as
// "line_items[2].amount" to the confidence the engine reported for our
// value there; it feeds the calibration table.
func (r *Report) Add(s CaseScore, conf map[string]float64) {
	r.Cases++
	if s.Error != "" {
		r.Failed++
	}
	if conf != nil && r.Calibration == nil {
		r.Calibration = calibrationBins()
	}
	for _, f := range s.Fields {
		r.addField(f, conf)
	}
	if it := s.Items; it != nil {
		r.ExactRows.Hit += it.Exact
		r.ExactRows.Total += it.Truth
		r.ItemPrecision.Hit += it.Returned - it.Extra
		r.ItemPrecision.Total += it.Returned
	}
	for _, fl := range s.Flags {
		r.ExpectedFlags.add(fl.Found)
	}
	if m, bad := misses(s); bad {
		r.Misses = append(r.Misses, m)
	}
	r.Scores = append(r.Scores, s)
}

// addField counts one field in the totals, its table row and calibration.
func (r *Report) addField(f FieldScore, conf map[string]float64) {
	if f.Outcome == NotInSchema {
		if r.NotInSchema == nil {
			r.NotInSchema = map[string]int{}
		}
		r.NotInSchema[f.Field]++
		return
	}
	st := r.PerField[f.Field]
	if st == nil {
		st = &FieldStat{}
		r.PerField[f.Field] = st
	}
	if f.NullCheck() {
		st.NullOK.add(f.Outcome == NullOK)
		r.NoInvented.add(f.Outcome == NullOK)
	} else {
		st.Matched.add(f.Outcome == Match)
		r.FieldAccuracy.add(f.Outcome == Match)
	}
	if c, ok := conf[f.Path]; ok && f.Got != nil {
		r.calibrate(c, f.Outcome == Match)
	}
}

// calibrate counts a reported value of confidence c in its bin.
func (r *Report) calibrate(c float64, right bool) {
	for i := range r.Calibration {
		if b := &r.Calibration[i]; c >= b.Min && c < b.Max {
			b.Correct.add(right)
			return
		}
	}
}

// misses collects what went wrong in a case, and reports whether anything
// did.
func misses(s CaseScore) (CaseMisses, bool) {
	m := CaseMisses{Name: s.Name, Error: s.Error, Fields: []FieldScore{}}
	for _, f := range s.Fields {
		switch f.Outcome {
		case Miss, Invented:
			m.Fields = append(m.Fields, f)
		}
		if f.Outcome != NotInSchema {
			m.Scored++
		}
	}
	for _, fl := range s.Flags {
		if !fl.Found {
			m.MissingFlags = append(m.MissingFlags, fl.Code)
		}
	}
	if s.Items != nil {
		m.ExtraItems = s.Items.Extra
	}
	bad := m.Error != "" || len(m.Fields) > 0 || len(m.MissingFlags) > 0 || m.ExtraItems > 0
	return m, bad
}
