package eval

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"
)

// maxValue is the longest value, in characters, the text report prints.
const maxValue = 60

// WriteText writes the report for people: the overall figures, the
// per-field table sorted by field, the calibration table, and the cases
// with misses.
func (r *Report) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	r.writeOverall(tw)
	fmt.Fprintln(tw)
	r.writeFields(tw)
	if r.Calibration != nil {
		fmt.Fprintln(tw)
		r.writeCalibration(tw)
	}
	if len(r.Misses) > 0 {
		fmt.Fprintln(tw)
		r.writeMisses(tw)
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	return nil
}

// percent formats a ratio's rate as "97.5%", or "n/a". A rate below 1 never
// shows as "100.0%".
func percent(r Ratio) string {
	rate, ok := r.Rate()
	if !ok {
		return "n/a"
	}
	s := strconv.FormatFloat(100*rate, 'f', 1, 64)
	if s == "100.0" && r.Hit < r.Total {
		s = "99.9"
	}
	return s + "%"
}

// fraction formats a ratio as "39/40", or "-" when it counts nothing.
func fraction(r Ratio) string {
	if r.Total == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d", r.Hit, r.Total)
}

func (r *Report) writeOverall(w io.Writer) {
	fmt.Fprintf(w, "cases\t%d\t(%d failed)\n", r.Cases, r.Failed)
	if r.WallMS > 0 {
		fmt.Fprintf(w, "wall time\t%.2f s\t(%.0f ms per document)\n", r.WallMS/1000, r.MSPerDocument)
	}
	overall(w, "field accuracy", r.FieldAccuracy, "fields (null checks excluded)")
	overall(w, "no invented value", r.NoInvented, "null truths left null")
	overall(w, "exact line-item rows", r.ExactRows, "truth rows")
	overall(w, "line-item precision", r.ItemPrecision, "returned rows have a truth row")
	overall(w, "expected flags", r.ExpectedFlags, "raised")
	if r.Calibration == nil {
		fmt.Fprintf(w, "calibration\tn/a\tnot available: no per-field confidences were given\n")
	}
	if len(r.NotInSchema) > 0 {
		fmt.Fprintf(w, "not scored\t\t%s (truth fields the result schema cannot carry)\n", notInSchema(r.NotInSchema))
	}
}

// overall writes one line of the overall figures.
func overall(w io.Writer, label string, r Ratio, what string) {
	fmt.Fprintf(w, "%s\t%s\t%d/%d %s\n", label, percent(r), r.Hit, r.Total, what)
}

// notInSchema lists fields and counts as "buyer.phone ×6, buyer.sdi_code ×13".
func notInSchema(m map[string]int) string {
	parts := make([]string, 0, len(m))
	for _, f := range sortedKeys(m) {
		parts = append(parts, fmt.Sprintf("%s ×%d", f, m[f]))
	}
	return strings.Join(parts, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (r *Report) writeFields(w io.Writer) {
	fmt.Fprintln(w, "field\taccuracy\tmatched\tnull ok")
	for _, f := range sortedKeys(r.PerField) {
		st := r.PerField[f]
		acc := percent(st.Matched)
		if st.Matched.Total == 0 {
			acc = "-"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", f, acc, fraction(st.Matched), fraction(st.NullOK))
	}
}

func (r *Report) writeCalibration(w io.Writer) {
	fmt.Fprintln(w, "confidence\taccuracy\tright\t")
	for _, b := range r.Calibration {
		fmt.Fprintf(w, "%s\t%s\t%s\t\n", b.Label, percent(b.Correct), fraction(b.Correct))
	}
}

func (r *Report) writeMisses(w io.Writer) {
	fmt.Fprintf(w, "cases with misses: %d\n", len(r.Misses))
	for _, m := range r.Misses {
		if m.Error != "" {
			fmt.Fprintf(w, "%s: extraction failed, all %d fields missed: %s\n", m.Name, m.Scored, m.Error)
			continue
		}
		fmt.Fprintf(w, "%s: %d of %d fields wrong\n", m.Name, len(m.Fields), m.Scored)
		for _, f := range m.Fields {
			fmt.Fprintf(w, "  %s\t%s\tgot %s\twant %s\n", f.Path, f.Outcome, showValue(f.Got), showValue(f.Want))
		}
		if len(m.MissingFlags) > 0 {
			fmt.Fprintf(w, "  flags not raised: %s\n", strings.Join(m.MissingFlags, ", "))
		}
		if m.ExtraItems > 0 {
			fmt.Fprintf(w, "  %d extra line items\n", m.ExtraItems)
		}
	}
}

// showValue formats a value as JSON, strings cut to maxValue characters.
func showValue(v any) string {
	if s, ok := v.(string); ok && utf8.RuneCountInString(s) > maxValue {
		v = string([]rune(s)[:maxValue-1]) + "…"
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
