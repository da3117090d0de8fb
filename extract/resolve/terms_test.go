package resolve

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTermsCandidates checks the readings of payment terms: after a key up
// to the next key, from a label that opens the sentence, under a heading,
// and continued on the lines that wrap the sentence, the longest marked
// whole and a reading the next line goes on in lower case marked cut.
func TestTermsCandidates(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		100: {{40, "Condizioni di pagamento: Bonifico a 30 gg d.f."}, {330, "IBAN: IT68L0300203280123456789012"}},
		200: {{40, "Zahlbar innerhalb 14 Tagen netto, mit 2% Skonto"}},
		212: {{40, "innerhalb von 8 Tagen."}},
		300: {{40, "Conditions de paiement"}},
		312: {{40, "30 jours net"}},
	}), "it")
	type cand struct {
		Text  string
		Feats []string
	}
	var got []cand
	for _, v := range d.Values {
		if v.Type != TTerms {
			continue
		}
		var fs []string
		for _, f := range featureList(&v) {
			switch f {
			case "tm.after", "tm.from", "tm.below", "tm.whole", "tm.cut", "tm.colon", "tm.explicit":
				fs = append(fs, f)
			}
		}
		slices.Sort(fs)
		got = append(got, cand{v.Text, fs})
	}
	slices.SortFunc(got, func(a, b cand) int { return strings.Compare(a.Text, b.Text) })
	want := []cand{
		{"14 Tagen netto, mit 2% Skonto", []string{"tm.after", "tm.cut", "tm.explicit"}},
		{"14 Tagen netto, mit 2% Skonto innerhalb von 8 Tagen.", []string{"tm.after", "tm.explicit", "tm.whole"}},
		{"30 jours net", []string{"tm.below", "tm.explicit", "tm.whole"}},
		{"Bonifico a 30 gg d.f.", []string{"tm.after", "tm.colon", "tm.explicit", "tm.whole"}},
		{"Zahlbar innerhalb 14 Tagen netto, mit 2% Skonto", []string{"tm.cut", "tm.explicit", "tm.from"}},
		{"Zahlbar innerhalb 14 Tagen netto, mit 2% Skonto innerhalb von 8 Tagen.", []string{"tm.explicit", "tm.from", "tm.whole"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("terms candidates (-want +got):\n%s", diff)
	}
}

// TestTermsEndWhereAnotherFieldStarts: a sentence of terms ends before a
// label that opens a cell of its own, and before a date's label with its
// date, on its line or opening the next.
func TestTermsEndWhereAnotherFieldStarts(t *testing.T) {
	for _, c := range []struct {
		locale      string
		cells, next []cell
		want        string
	}{
		{"it", []cell{{40, "Termini di pagamento: Pagamento a vista"}, {300, "Scadenza pagamento 4/9/2026"}}, nil, "Pagamento a vista"},
		{"en", []cell{{40, "Payment terms: Net 30 DUE 17 Dec 2025"}}, nil, "Net 30"},
		{"en", []cell{{40, "Terms: Payable on receipt Due 08/11/2026"}}, nil, "Payable on receipt"},
		// The date's label opens the next line, under the terms.
		{"en", []cell{{40, "TERMS Net 30"}}, []cell{{40, "DUE"}, {80, "17 Dec 2025"}}, "Net 30"},
		{"it", []cell{{40, "Condizioni di pagamento: Pagamento a vista"}}, []cell{{40, "Scadenza pagamento 4/9/2026"}}, "Pagamento a vista"},
	} {
		d := Build(doc(map[float64][]cell{100: c.cells, 112: c.next}), c.locale)
		var got []string
		for _, v := range d.Values {
			if v.Type == TTerms {
				got = append(got, v.Text)
			}
		}
		if !slices.Contains(got, c.want) || slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, c.want+" ") }) {
			t.Errorf("%v: terms candidates %q, want %q and none longer", c.cells, got, c.want)
		}
	}
}

// "Termine di pagamento" heads a due date as often as terms: its words
// are read as a label of terms too, so that "30 giorni" after it is a
// terms candidate.
func TestTermsUnderADueDateLabel(t *testing.T) {
	d := Build(doc(map[float64][]cell{
		500: {{45, "Termine di pagamento: 30 giorni"}},
		520: {{45, "Modalità di pagamento: Bonifico Bancario"}},
	}), "it")
	found := false
	for _, v := range d.Values {
		found = found || v.Type == TTerms && v.Text == "30 giorni"
	}
	if !found {
		t.Errorf("no terms candidate \"30 giorni\" among %v", values(d, TTerms))
	}
}

// TestTermsAfterASpacedColon checks a key whose colon is set apart, as
// French typography prints it ("Conditions de paiement : 45 jours"): the
// terms start after the colon and are read after a key with its colon,
// not from the label on, as a sentence that opens with it.
func TestTermsAfterASpacedColon(t *testing.T) {
	for _, tt := range []struct{ locale, line, want string }{
		{"fr", "Conditions de paiement : 45 jours fin de mois", "45 jours fin de mois"},
		{"fr", "Délai de règlement : 30 jours nets", "30 jours nets"},
		{"it", "Termini di pagamento : 60 gg d.f.", "60 gg d.f."},
		{"en", "Payment terms : net 15 days", "net 15 days"},
	} {
		d := Build(doc(map[float64][]cell{100: {{40, tt.line}}}), tt.locale)
		var got []string
		for _, v := range d.Values {
			if v.Type != TTerms {
				continue
			}
			got = append(got, v.Text)
			if !slices.Contains(featureList(&v), "tm.colon") {
				t.Errorf("%s: %q has no colon", tt.locale, v.Text)
			}
		}
		if diff := cmp.Diff([]string{tt.want}, got); diff != "" {
			t.Errorf("%s: terms (-want +got):\n%s", tt.locale, diff)
		}
	}
}
