package labels

import (
	"fmt"
	"strings"
	"testing"
)

func TestSmoke(t *testing.T) {
	for _, l := range []string{
		"Totale imponibile 1.234,56 IVA 22% 271,60 Totale documento EUR 1.506,16 Scadenza 30/04/2026",
		"Fattura n. 12 del 15/03/2026",
		"Netto a pagare 15,30€",
		"Rechnungsnummer: 4711 Kundennummer: 123 Leistungsdatum: 01.02.2026",
		"Rechnungs-Nr. 12 Rechnung Nr. 13 Rechnungs Nr. 14",
		"Total HT 100 Total TTC 120 TVA 20",
		"N° TVA intra : FR 11 123 456 782",
		"C.F./P.Iva 05558580659",
		"Partita IVA: 02730250426 - Codice Fiscale: CRNGRG62H01G803 Y - IBAN: IT 77",
		"Totale Imponiblle 100",
		"Imponiblle 100",
		"Totalmente Datagramma Ivanhoe IBANEZ",
		"Codice Descrizione Quantità Prezzo Sconto Importo Iva",
		"Liefer- und Leistungsdatum : 03.06.2018",
		"USt.-Id.-Nr. : DE123456789",
		"Facture n°562044387 du 02 Juillet 2015",
		"Servizio Clienti 800 900 860",
		"Dati del cedente / prestatore",
		"Pagamento Bonifico bancario 30 gg",
		"Impossibile",
		"Q.tà U.M. um",
	} {
		w := strings.Fields(l)
		fmt.Println(l)
		for _, h := range Find(w) {
			fmt.Printf("   %-26s %d-%d %.3f %q %s\n", h.Kind, h.First, h.Last, h.Score, h.Label, h.Lang)
		}
	}
}
