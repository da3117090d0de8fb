package pdf

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProducers reads invoices printed by several producers (regenerate them
// with go run ./internal/testpdf/genfixtures) and checks the text that their
// font encodings must decode to: CID TrueType with ToUnicode and ligatures
// (Chromium), TrueType WinAnsi subsets (LibreOffice), Type 1 with a
// /Differences encoding and no ToUnicode (Ghostscript), and Type 3 fonts.
func TestProducers(t *testing.T) {
	tests := map[string][]string{
		"chromium-it.pdf": {
			"Società Caffè Ragù S.r.l.", "Via dell'Ufficio 7, 20135 Milano (MI)", "Efficienza Affidabile S.p.A.",
			"Ufficio fiscale: affiancamento", "Caffè in grani, confezione più grande", "€ 1.539,84",
			"Fattura n. 2026/0042 del 15/03/2026", "IT60 X054 2811 1010 0000 0123 456",
		},
		"libreoffice-it.pdf": {
			"Società Caffè Ragù S.r.l.", "Efficienza Affidabile S.p.A.", "Ufficio fiscale: affiancamento", "€ 1.539,84",
		},
		"chromium-de.pdf": {
			"Müller & Söhne GmbH", "Mühlenstraße 34 · 90429 Nürnberg", "Rechnungsempfänger:",
			"Aktenhüllen A5 „Birke“", "Bodenfläche 1,6 m² Öl-Filter", "590,90 €",
		},
		"chromium-fr.pdf": {
			"Œuvres Élégantes SARL", "Société Générale d’Études", "Main-d’œuvre spécialisée",
			"Façades : reçu de dépôt", "Échéance : à 30 jours", "Net à payer 480,00 €",
		},
		"ghostscript-type1.pdf": {
			"Fattura n. 7 - Città di Forlì", "Totale € 1.234,56 - Caffè perché più", "Straße - Français",
		},
		"chromium-en.pdf":    {"Northwind Traders Ltd", "221B Baker Street", "Credit note no. CN-2026-007", "£390.60"},
		"chromium-type3.pdf": {"Invoice INV-7 — fluffy waffles", "Total due € 1.262,16", "Café Müller naïve"},
	}
	for name, wants := range tests {
		data, err := os.ReadFile(filepath.Join("testdata", "producers", name))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := shared.Read(context.Background(), data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		text := strings.Join(strings.Fields(doc.Text()), " ")
		for _, want := range wants {
			if !strings.Contains(text, want) {
				t.Errorf("%s: text lacks %q:\n%s", name, want, text)
			}
		}
		for _, lig := range []string{"\ufb00", "\ufb01", "\ufb02", "\ufb03", "\ufb04"} {
			if strings.Contains(text, lig) {
				t.Errorf("%s: ligature %q not decomposed", name, lig)
			}
		}
	}
}

// TestVerticalMargin checks the rotated legal text printed in the margin, as
// Italian utility bills do: its words keep their orientation and form one
// line of their own.
func TestVerticalMargin(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "producers", "chromium-it.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := shared.Read(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	p := doc.Pages[0]
	var vertical []string
	for _, l := range p.Lines {
		if l.Angle == 90 || l.Angle == 270 {
			vertical = append(vertical, p.LineText(l))
		}
	}
	want := "Società Caffè Ragù S.r.l. – Capitale sociale € 10.000,00 i.v. – REA MI-1234567"
	if len(vertical) != 1 || vertical[0] != want {
		t.Errorf("vertical lines = %q, want [%q]", vertical, want)
	}
}
