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

// WriteText writes the held-out report for people: what was learned, a
// table of the origins with their held-out figures, the overall figures
// held out beside the plain ones, and then the held-out per-field table,
// calibration table and cases with misses.
func (h *HoldoutReport) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "held out by %s: the cases of each %s are scored with what was learned from the other %ss only\n", h.Key, h.Key, h.Key)
	if h.Learned {
		fmt.Fprintf(tw, "learned parts: fitted per %s, as the table shows; fitted on all cases: %s\n", h.Key, h.PlainLearned)
	} else {
		fmt.Fprintln(tw, "learned parts: none — held-out equals plain (each case extracted once)")
	}
	fmt.Fprintln(tw)
	h.writeOrigins(tw)
	fmt.Fprintln(tw)
	h.writeOverall(tw)
	fmt.Fprintln(tw)
	fmt.Fprintln(tw, "held out, per field:")
	h.HeldOut.writeFields(tw)
	if h.HeldOut.Calibration != nil {
		fmt.Fprintln(tw)
		fmt.Fprintln(tw, "held out, calibration:")
		h.HeldOut.writeCalibration(tw)
	}
	if len(h.HeldOut.Misses) > 0 {
		fmt.Fprintln(tw)
		fmt.Fprint(tw, "held out, ")
		h.HeldOut.writeMisses(tw)
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	return nil
}

// rateCell formats a ratio as "97.5% 39/40", or "-" when it counts nothing.
func rateCell(r Ratio) string {
	if r.Total == 0 {
		return "-"
	}
	return percent(r) + " " + fraction(r)
}

// writeOrigins writes one line per origin with its held-out figures, and
// when something was learned, what and the plain field accuracy.
func (h *HoldoutReport) writeOrigins(w io.Writer) {
	learned := ""
	if h.Learned {
		learned = "\tlearned\tplain field accuracy"
	}
	fmt.Fprintf(w, "%s\tcases\tfield accuracy\texact rows\tno invented\titem precision%s\n", h.Key, learned)
	for _, o := range h.Origins {
		if h.Learned {
			learned = "\t" + o.Learned + "\t" + rateCell(o.Plain.FieldAccuracy)
		}
		ho := o.HeldOut
		fmt.Fprintf(w, "%s\t%d\t%s\t%s\t%s\t%s%s\n", o.Origin, o.Cases, rateCell(ho.FieldAccuracy),
			rateCell(ho.ExactRows), rateCell(ho.NoInvented), rateCell(ho.ItemPrecision), learned)
	}
}

// writeOverall writes the overall figures, held out beside plain.
func (h *HoldoutReport) writeOverall(w io.Writer) {
	ho, pl := h.HeldOut, h.Plain
	fmt.Fprintln(w, "overall\theld out\tplain\t")
	fmt.Fprintf(w, "cases\t%d (%d failed)\t%d (%d failed)\tin %d %ss\n", ho.Cases, ho.Failed, pl.Cases, pl.Failed, len(h.Origins), h.Key)
	pair := func(label string, a, b Ratio, what string) {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", label, rateCell(a), rateCell(b), what)
	}
	pair("field accuracy", ho.FieldAccuracy, pl.FieldAccuracy, "micro: fields of all cases (null checks excluded)")
	macro := func(v *float64) string {
		if v == nil {
			return "n/a"
		}
		return strconv.FormatFloat(100*(*v), 'f', 1, 64) + "%"
	}
	fmt.Fprintf(w, "field accuracy, macro\t%s\t%s\tmean of %d %ss' field accuracy\n", macro(h.Macro.HeldOut), macro(h.Macro.Plain), h.Macro.Origins, h.Key)
	pair("no invented value", ho.NoInvented, pl.NoInvented, "null truths left null")
	pair("exact line-item rows", ho.ExactRows, pl.ExactRows, "truth rows")
	pair("line-item precision", ho.ItemPrecision, pl.ItemPrecision, "returned rows have a truth row")
	pair("expected flags", ho.ExpectedFlags, pl.ExpectedFlags, "raised")
	if ho.Calibration == nil {
		fmt.Fprintf(w, "calibration\tn/a\tn/a\tnot available: no per-field confidences were given\n")
	}
	if h.WallMS > 0 && h.Extractions > 0 {
		fmt.Fprintf(w, "wall time\t%.2f s\t\t%d extractions, %.0f ms each\n", h.WallMS/1000, h.Extractions, h.WallMS/float64(h.Extractions))
	}
	if len(ho.NotInSchema) > 0 {
		fmt.Fprintf(w, "not scored\t\t\t%s (truth fields the result schema cannot carry)\n", notInSchema(ho.NotInSchema))
	}
}
