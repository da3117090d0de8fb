package parse

import "testing"

func TestPaymentTerms(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in, locale string
		want       Terms
		ok         bool
	}{
		{"30 gg d.f.", "it", Terms{Days: 30}, true},
		{"30 gg df", "it", Terms{Days: 30}, true},
		{"30gg DF", "it", Terms{Days: 30}, true},
		{"30 giorni data fattura", "it", Terms{Days: 30}, true},
		{"Bonifico bancario 60 gg d.f.", "it", Terms{Days: 60}, true},
		{"60 gg d.f.f.m.", "it", Terms{Days: 60, EndOfMonth: true}, true},
		{"60GG.D.F.F.M.", "it", Terms{Days: 60, EndOfMonth: true}, true},
		{"RiBa 90 gg dffm", "it", Terms{Days: 90, EndOfMonth: true}, true},
		{"30 gg fm", "it", Terms{Days: 30, EndOfMonth: true}, true},
		{"30 gg f.m.", "it", Terms{Days: 30, EndOfMonth: true}, true},
		{"60 giorni fine mese", "it", Terms{Days: 60, EndOfMonth: true}, true},
		{"fine mese", "it", Terms{EndOfMonth: true}, true},
		{"30/60/90 gg d.f.f.m.", "it", Terms{Days: 30, EndOfMonth: true}, true},
		{"a vista", "it", Terms{Immediate: true}, true},
		{"Pagamento a vista fattura", "it", Terms{Immediate: true}, true},
		{"immediato", "it", Terms{Immediate: true}, true},
		{"Pagamento immediato", "it", Terms{Immediate: true}, true},
		{"rimessa diretta", "it", Terms{Immediate: true}, true},
		{"Rimessa diretta 30 gg", "it", Terms{Days: 30}, true},
		{"pagamento anticipato", "it", Terms{Immediate: true}, true},
		{"30 gg data consegna", "it", Terms{Days: 30, FromDelivery: true}, true},
		{"30 Tage netto", "de", Terms{Days: 30}, true},
		{"zahlbar innerhalb von 14 Tagen", "de", Terms{Days: 14}, true},
		{"Zahlungsziel: 30 Tage", "de", Terms{Days: 30}, true},
		{"14 Tage 2% Skonto, 30 Tage netto", "de", Terms{Days: 30}, true},
		{"innerhalb 10 Tagen mit 3 % Skonto oder 45 Tagen", "de", Terms{Days: 45}, true},
		{"sofort", "de", Terms{Immediate: true}, true},
		{"Zahlbar sofort ohne Abzug", "de", Terms{Immediate: true}, true},
		{"zahlbar nach Erhalt der Rechnung", "de", Terms{Immediate: true}, true},
		{"Vorkasse", "de", Terms{Immediate: true}, true},
		{"30 Tage zum Monatsende", "de", Terms{Days: 30, EndOfMonth: true}, true},
		{"14 Tage nach Lieferung", "de", Terms{Days: 14, FromDelivery: true}, true},
		{"à 30 jours", "fr", Terms{Days: 30}, true},
		{"30 jours fin de mois", "fr", Terms{Days: 30, EndOfMonth: true}, true},
		{"45 jours fin de mois", "fr", Terms{Days: 45, EndOfMonth: true}, true},
		{"Paiement à réception de facture", "fr", Terms{Immediate: true}, true},
		{"comptant", "fr", Terms{Immediate: true}, true},
		{"30 j", "fr", Terms{Days: 30}, true},
		{"net 30", "en", Terms{Days: 30}, true},
		{"Net 30 days", "en", Terms{Days: 30}, true},
		{"2/10 net 30", "en", Terms{Days: 30}, true},
		{"30 days", "en", Terms{Days: 30}, true},
		{"30 days net", "en", Terms{Days: 30}, true},
		{"due on receipt", "en", Terms{Immediate: true}, true},
		{"Payment due upon receipt", "en", Terms{Immediate: true}, true},
		{"payable within 14 days", "en", Terms{Days: 14}, true},
		{"30 days end of month", "en", Terms{Days: 30, EndOfMonth: true}, true},
		{"Net 60 EOM", "en", Terms{Days: 60, EndOfMonth: true}, true},
		{"30 days from delivery", "en", Terms{Days: 30, FromDelivery: true}, true},
		{"30 GG D.F.", "en", Terms{Days: 30}, true}, // the locale is only a hint
		// not terms
		{"", "it", Terms{}, false},
		{"Bonifico bancario", "it", Terms{}, false},
		{"entro il 31/03/2026", "it", Terms{}, false},
		{"IBAN IT60X0542811101000000123456", "it", Terms{}, false},
		{"1000 giorni", "it", Terms{}, false},
		{"Totale 30", "it", Terms{}, false},
	} {
		got, ok := PaymentTerms(tt.in, tt.locale)
		if got != tt.want || ok != tt.ok {
			t.Errorf("PaymentTerms(%q, %q) = %+v, %v; want %+v, %v", tt.in, tt.locale, got, ok, tt.want, tt.ok)
		}
	}
}

func TestDueDate(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		date  string
		terms Terms
		want  string
		ok    bool
	}{
		{"2026-03-15", Terms{Days: 30}, "2026-04-14", true},
		{"2026-03-15", Terms{Days: 60}, "2026-05-14", true},
		{"2026-01-31", Terms{Days: 30, EndOfMonth: true}, "2026-03-31", true},
		{"2026-01-15", Terms{Days: 30, EndOfMonth: true}, "2026-02-28", true},
		{"2028-01-30", Terms{Days: 30, EndOfMonth: true}, "2028-02-29", true},
		{"2026-03-15", Terms{Days: 60, EndOfMonth: true}, "2026-05-31", true},
		{"2026-12-15", Terms{Days: 30}, "2027-01-14", true},
		{"2026-12-15", Terms{Days: 30, EndOfMonth: true}, "2027-01-31", true},
		{"2026-03-15", Terms{EndOfMonth: true}, "2026-03-31", true},
		{"2026-03-15", Terms{Immediate: true}, "2026-03-15", true},
		{"2026-03-15", Terms{Days: 0}, "", false},
		{"2026-03-15", Terms{Days: 30, FromDelivery: true}, "", false},
		{"2026-03-15", Terms{Days: -1}, "", false},
		{"2026-02-30", Terms{Days: 30}, "", false},
		{"15/03/2026", Terms{Days: 30}, "", false},
		{"", Terms{Days: 30}, "", false},
	} {
		got, ok := DueDate(tt.date, tt.terms)
		if got != tt.want || ok != tt.ok {
			t.Errorf("DueDate(%q, %+v) = %q, %v; want %q, %v", tt.date, tt.terms, got, ok, tt.want, tt.ok)
		}
	}
}
