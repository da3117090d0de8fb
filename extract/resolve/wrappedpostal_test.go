package resolve

import (
	"slices"
	"testing"
)

// TestPostalLineWrappedInProse checks a legal line of prose whose postal
// code ends a line and whose city starts the next, where the sentence
// wraps: the code and the city are one postal line, on the city's line,
// marked embedded; a code ending a line whose next line is no part of
// the paragraph (further down, or indented elsewhere) is left alone.
func TestPostalLineWrappedInProse(t *testing.T) {
	for _, tt := range []struct {
		locale, first, second, want string
	}{
		{"it", "Ferri Impianti S.r.l., società a socio unico, con sede legale in Via dei Tigli 9, 40121",
			"Bologna (BO), capitale sociale euro 10.000,00 interamente versato, Registro Imprese di Bologna", "40121\tBOLOGNA"},
		{"fr", "Atelier Bleu SARL au capital de 8 000 euros, dont le siège social est situé 12 rue des Lilas, 69003",
			"Lyon, immatriculée au RCS de Lyon sous le numéro 812 345 678", "69003\tLYON"},
		{"de", "Bauhof Süd GmbH, Sitz der Gesellschaft und Verwaltung in der Ringstraße 12, 80331",
			"München, eingetragen im Handelsregister des Amtsgerichts München unter HRB 123456", "80331\tMÜNCHEN"},
	} {
		for _, apart := range []bool{false, true} {
			y := 712.0
			if apart {
				y = 760 // a line further down, no part of the paragraph
			}
			d := Build(doc(map[float64][]cell{700: {{40, tt.first}}, y: {{40, tt.second}}}), tt.locale)
			var got []string
			for _, v := range d.Values {
				if v.Type == TPostal && v.embedded && v.Zip != "" {
					got = append(got, v.Norm)
				}
			}
			if has := slices.Contains(got, tt.want); has == apart {
				t.Errorf("%s, next line apart %v: postal lines %q, want %q among them: %v", tt.locale, apart, got, tt.want, !apart)
			}
		}
	}
}
