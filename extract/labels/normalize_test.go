package labels

import "testing"

func TestNormalize(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, want string }{
		{"Quantità", "quantita"},
		{"QUANTITÀ", "quantita"},
		{"Fälligkeitsdatum", "falligkeitsdatum"},
		{"Désignation", "designation"},
		{"Straße", "strasse"},
		{"Œuvre Æther Ørsted", "oeuvre aether orsted"},
		{"P.IVA", "piva"},
		{"P.Iva", "piva"},
		{"P. IVA", "p iva"},
		{"E-mail:", "email"},
		{"d'acconto d’échéance", "dacconto decheance"},
		{"N°", "nr"},
		{"Nº", "nr"},
		{"n.", "nr"},
		{"No.", "nr"},
		{"Nr.", "nr"},
		{"N.ro", "nr"},
		{"Num.", "nr"},
		{"numéro", "nr"},
		{"Nummer", "nr"},
		{"#", "nr"},
		{"Invoice #", "invoice nr"},
		{"PO#", "ponr"},
		{"Rechnungs-Nr.", "rechnungsnr"},
		{"IVA %", "iva %"},
		{"Sc.%", "sc%"},
		{"(EUR)", "eur"},
		{"1.234,56 €", "123456"},
		{"Totale : - | documento", "totale documento"},
		{"  ", ""},
		{"ﬁne", "fine"}, // compatibility ligature
	}
	for _, c := range cases {
		if got := Normalize(c.in); got != c.want {
			t.Errorf("Normalize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"Quantità", "N°", "P.IVA", "Straße", "\xff\xfe", "ﬁ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Normalize(s)
		if Normalize(n) != n {
			t.Errorf("Normalize not idempotent on %q: %q then %q", s, n, Normalize(n))
		}
		Find([]string{s, s})
	})
}
