package labels

import (
	"strings"
	"testing"
)

// TestLexiconSelf checks that every form of the lexicon, printed as listed,
// is found exactly, as one hit over all its words, with its entry's weight.
func TestLexiconSelf(t *testing.T) {
	t.Parallel()
	for kind, entries := range Lexicon() {
		for _, e := range entries {
			for _, form := range e.Forms {
				words := strings.Fields(form)
				hits := FindFunc(words, func(k Kind) bool { return k == kind })
				if kind.IsKey() {
					hits = nil
					for _, h := range FindKeys(words) {
						if h.Kind == kind {
							hits = append(hits, h)
						}
					}
				}
				if len(hits) != 1 || hits[0].First != 0 || hits[0].Last != len(words)-1 ||
					hits[0].Score != e.Weight || hits[0].Label != form {
					t.Errorf("%s %q: hits %+v, want one exact hit with score %v", kind, form, hits, e.Weight)
				}
			}
		}
	}
}

// TestLexiconCoverage checks that the kinds that exist in every language
// have labels in each of Italian, English, German and French.
func TestLexiconCoverage(t *testing.T) {
	t.Parallel()
	lex := Lexicon()
	for _, k := range allKinds {
		if len(lex[k]) == 0 {
			t.Errorf("kind %s has no labels", k)
		}
	}
	onlySome := map[Kind]bool{
		SDICode: true, PEC: true, FiscalCode: true, TaxNumber: true, SIRET: true, SIREN: true,
		PayRiba: true, PayPaypal: true, StampDuty: false,
	}
	for _, k := range allKinds {
		if onlySome[k] {
			continue
		}
		langs := map[string]bool{}
		for _, e := range lex[k] {
			langs[e.Lang] = true
		}
		for _, l := range []string{it, en, de, fr} {
			if !langs[l] && !langs[shared] {
				t.Errorf("kind %s has no %s label", k, l)
			}
		}
	}
}

// TestLexiconWeights checks the weights stay in (0, 1] and that generic
// single words are weaker than the phrases they start.
func TestLexiconWeights(t *testing.T) {
	t.Parallel()
	for kind, entries := range Lexicon() {
		for _, e := range entries {
			if e.Weight <= 0 || e.Weight > 1 {
				t.Errorf("%s %q: weight %v", kind, e.Label, e.Weight)
			}
		}
	}
	for _, c := range []struct {
		weak, strong string
		kind         Kind
	}{
		{"Totale", "Totale documento", Total},
		{"Total", "Total amount", Total},
		{"Data", "Data fattura", InvoiceDate},
		{"Date", "Invoice date", InvoiceDate},
		{"Datum", "Rechnungsdatum", InvoiceDate},
		{"del", "Data fattura", InvoiceDate},
	} {
		w := Find(strings.Fields(c.weak))
		s := Find(strings.Fields(c.strong))
		if len(w) != 1 || len(s) != 1 || w[0].Kind != c.kind || s[0].Kind != c.kind || w[0].Score >= s[0].Score {
			t.Errorf("%q %+v should be a weaker %s label than %q %+v", c.weak, w, c.kind, c.strong, s)
		}
	}
}

func TestKindPredicates(t *testing.T) {
	t.Parallel()
	if !ColAmount.IsColumn() || Total.IsColumn() {
		t.Error("IsColumn")
	}
	if !DocCreditNote.IsDocType() || CustomerNumber.IsDocType() {
		t.Error("IsDocType")
	}
	if !PayRiba.IsPayment() || PaymentMethod.IsPayment() {
		t.Error("IsPayment")
	}
	ks := Kinds()
	ks[0] = "changed"
	if Kinds()[0] != InvoiceNumber {
		t.Error("Kinds returns the internal slice")
	}
	seen := map[Kind]bool{}
	for _, k := range Kinds() {
		if seen[k] || k == "" {
			t.Errorf("kind %q duplicated or empty", k)
		}
		seen[k] = true
	}
}
