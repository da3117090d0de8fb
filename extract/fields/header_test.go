package fields

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/invex/invex/extract/layout"
)

func TestHeaderReferences(t *testing.T) {
	cases := []struct {
		name, locale string
		rows         []string
		number, date string
		terms        string
	}{{
		name:   "a credit note's reference to the invoice it corrects",
		locale: "it",
		rows: []string{
			"Nota di credito n.                Data",
			"NC 36/2026                        06/03/2026",
			"A storno della fattura n. 2026/0172 del 22/02/2026",
		},
		number: "NC 36/2026", date: "2026-03-06", terms: "<nil>",
	}, {
		name:   "German credit note",
		locale: "de",
		rows: []string{
			"Gutschriftsnummer                 Datum",
			"GS-2025-179                       14.07.2025",
			"Gutschrift zu Rechnung Nr. 2025-0196 vom 02.07.2025",
		},
		number: "GS-2025-179", date: "2025-07-14", terms: "<nil>",
	}, {
		name:   "an invoice-date phrase inside the payment terms is not the date",
		locale: "fr",
		rows: []string{
			"Facture n°:      F2026-0111",
			"Date:            22/11/2026",
			"Conditions de paiement:   30 jours date de facture",
			"Échéance:        22/12/2026",
		},
		number: "F2026-0111", date: "2026-11-22", terms: "30 jours date de facture",
	}, {
		name:   "terms that start with a payment method",
		locale: "it",
		rows: []string{
			"Fattura n. 12 del 15/03/2026",
			"Condizioni di pagamento:    Bonifico bancario a 60 giorni data fattura",
			"Scadenza:                   14/05/2026",
		},
		number: "12", date: "2026-03-15", terms: "Bonifico bancario a 60 giorni data fattura",
	}, {
		name:   "a heading whose date wraps onto the next line",
		locale: "de",
		rows: []string{
			"Rechnung des Versicherers Nr. 01.234.567.8-2018-1 vom",
			"06.12.2018",
		},
		number: "01.234.567.8-2018-1", date: "2018-12-06", terms: "<nil>",
	}, {
		name:   "a bare Numero key under the document heading",
		locale: "it",
		rows: []string{
			"                 FATTURA",
			"                 Numero: 6          Pagina 1 di 1",
		},
		number: "6", date: "<nil>", terms: "<nil>",
	}, {
		name:   "terms under a heading run past column gaps and onto the next line",
		locale: "de",
		rows: []string{
			"Zahlungsbedingungen:",
			"Der Betrag wird    Ihrem Kundenkonto    gutgeschrieben und",
			"mit der nächsten Rechnung verrechnet.",
			"",
			"Bankverbindung: Musterbank",
		},
		number: "<nil>", date: "<nil>", terms: "Der Betrag wird Ihrem Kundenkonto gutgeschrieben und mit der nächsten Rechnung verrechnet.",
	}, {
		name:   "a paragraph that opens with its key wraps under the key",
		locale: "de",
		rows: []string{
			"Zahlungsbedingungen: Der Betrag wurde bereits",
			"beglichen.",
			"IBAN DE02 1203 0000 0000 2020 51",
		},
		number: "<nil>", date: "<nil>", terms: "Der Betrag wurde bereits beglichen.",
	}, {
		name:   "a terms sentence continues on a line that starts with Skonto",
		locale: "de",
		rows: []string{
			"Zahlbar innerhalb 30 Tagen netto bis 04.07.2026, 3%",
			"Skonto innerhalb 10 Tagen bis 15.06.2026",
			"Gesamtbetrag      100,00",
		},
		number: "<nil>", date: "<nil>", terms: "Zahlbar innerhalb 30 Tagen netto bis 04.07.2026, 3% Skonto innerhalb 10 Tagen bis 15.06.2026",
	}, {
		name:   "a number quoted in running text loses to the heading's",
		locale: "de",
		rows: []string{
			"Handelsrechnung (380)    Nr. E2026092011804    vom    20.09.2026",
			"Bei Schriftwechsel bitte Ihre Kundennummer 35040727 und Belegnummer 2026092011804",
		},
		number: "E2026092011804", date: "2026-09-20", terms: "<nil>",
	}, {
		name:   "a transport document's number and date are not the invoice's",
		locale: "it",
		rows: []string{
			"Documento Nr.        Data Documento",
			"130                  31/01/2026",
			"Rifer. D.D.T. n° 86 del 12/01/2026",
		},
		number: "130", date: "2026-01-31", terms: "<nil>",
	}, {
		name:   "a heading whose date phrase wraps onto the next line",
		locale: "de",
		rows: []string{
			"Gutschrift (Selbst ausgestellte Rechnung) Nr. 47110818",
			"vom 31.10.2026",
		},
		number: "47110818", date: "2026-10-31", terms: "<nil>",
	}, {
		name:   "a bilingual key with number and date in one value",
		locale: "it",
		rows: []string{
			"2.1.1.[4|3]   Dok.-nummer und -datum   MIXED-7 - 2026-03-20 (20 Mar. 2026)",
			"              Numero e data doc.",
		},
		number: "MIXED-7", date: "2026-03-20", terms: "<nil>",
	}, {
		name:   "a one-digit number and a keyed date on one line",
		locale: "it",
		rows: []string{
			"                         FATTURA          Pagina 1 di 1",
			"                         Numero: 6        Del: 31-12-2026",
		},
		number: "6", date: "2026-12-31", terms: "<nil>",
	}, {
		name:   "the electronic invoice's number under its long key",
		locale: "it",
		rows: []string{
			"DATA FATTURA: 24/02/2026",
			"NUMERO FATTURA ELETTRONICA VALIDA AI FINI FISCALI:",
			"KE-26-A1B2C3-002",
		},
		number: "KE-26-A1B2C3-002", date: "2026-02-24", terms: "<nil>",
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := Extract(docFromText(c.rows...), c.locale).Result
			got := []string{deref(r.Invoice.Number), deref(r.Invoice.Date), deref(r.Invoice.PaymentTerms)}
			if diff := cmp.Diff([]string{c.number, c.date, c.terms}, got); diff != "" {
				t.Errorf("number, date, terms (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDueDates(t *testing.T) {
	cases := []struct {
		name, locale string
		rows         []string
		due          string
	}{{
		name:   "a deadline in a sentence",
		locale: "en",
		rows: []string{
			"Invoice # 2026/77 issued at 2026-03-02",
			"Due payable: 571.04 €",
			"Please remit until 2026-04-01.",
		},
		due: "2026-04-01",
	}, {
		name:   "the amount due on a date",
		locale: "en",
		rows: []string{
			"Invoice Date:                    March 2 , 2026",
			"TOTAL AMOUNT DUE ON March 2 , 2026              $4.11",
		},
		due: "2026-03-02",
	}, {
		name:   "a direct debit's collection day",
		locale: "de",
		rows: []string{
			"Rechnungsdatum: 09.03.2026",
			"Der Betrag in Höhe von EUR 590,90 wird am 24.03.2026 von Ihrem Konto mit IBAN DE35861500430004728391",
			"und BIC HAINDEF1LPZ per SEPA-Lastschrift eingezogen.",
		},
		due: "2026-03-24",
	}, {
		name:   "the net deadline, not the cash-discount one",
		locale: "de",
		rows: []string{
			"Rechnungsdatum: 04.06.2026",
			"Zahlbar innerhalb 30 Tagen netto bis 04.07.2026, 3% Skonto innerhalb 10 Tagen bis 15.06.2026",
		},
		due: "2026-07-04",
	}, {
		name:   "a cash-discount deadline alone is not the due date",
		locale: "de",
		rows: []string{
			"Rechnungsdatum: 04.06.2026",
			"Bei Zahlung mit 2% Skonto bis 14.06.2026",
		},
		due: "<nil>",
	}, {
		name:   "the expiry of an offer is not the due date",
		locale: "it",
		rows: []string{
			"Fattura n. 12 del 19/02/2026",
			"DATA SCADENZA OFFERTA      31/12/2026",
			"TOTALE DA PAGARE           508,21 euro",
			"QUANDO SCADE               13/03/2026",
		},
		due: "2026-03-13",
	}, {
		name:   "a reading window is not a deadline",
		locale: "it",
		rows: []string{
			"Fattura n. 12 del 19/02/2026",
			"Per pagare solo quanto consumi comunicaci l'autolettura tra il 16/05/2026 e il 31/05/2026",
		},
		due: "<nil>",
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := Extract(docFromText(c.rows...), c.locale).Result
			if got := deref(r.Invoice.DueDate); got != c.due {
				t.Errorf("due date = %s, want %s", got, c.due)
			}
		})
	}
}

// tallBoxes gives every word of doc a box h points tall and every line a
// box lh tall, as fonts with large ascents and descents, or a taller word
// at the end of a line, do: lines then overlap their neighbours.
func tallBoxes(doc *layout.Document, h, lh float64) *layout.Document {
	for pi := range doc.Pages {
		p := &doc.Pages[pi]
		for wi := range p.Words {
			p.Words[wi].Box.Y1 = p.Words[wi].Box.Y0 + h
		}
		for li := range p.Lines {
			p.Lines[li].Box.Y1 = p.Lines[li].Box.Y0 + lh
		}
	}
	return doc
}

func TestTightlySetHeaderGrid(t *testing.T) {
	doc := tallBoxes(docFromText(
		"N. documento          Data documento",
		"A-0493                18/01/2026",
	), 17, 20)
	r := Extract(doc, "it").Result
	got := []string{deref(r.Invoice.Number), deref(r.Invoice.Date)}
	if diff := cmp.Diff([]string{"A-0493", "2026-01-18"}, got); diff != "" {
		t.Errorf("number, date (-want +got):\n%s", diff)
	}
}

func TestDocTypeFallback(t *testing.T) {
	cases := []struct {
		name string
		rows []string
		want string
	}{{
		name: "a numbered document without a type heading is an invoice",
		rows: []string{
			"K O S T E N R E C H N U N G",
			"Beleg-Nr:      KR87654",
			"Beleg-Datum:   06.10.2026",
		},
		want: "invoice",
	}, {
		name: "not when a credit-note word stands anywhere",
		rows: []string{
			"Beleg-Nr:      KR87654",
			"Beleg-Datum:   06.10.2026",
			"Wir erstellen Ihnen folgende Gutschrift über 10,00 EUR.",
		},
		want: "<nil>",
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := Extract(docFromText(c.rows...), "de").Result
			if got := deref(r.Invoice.Type); got != c.want {
				t.Errorf("type = %s, want %s", got, c.want)
			}
		})
	}
}

func TestPONumbers(t *testing.T) {
	cases := []struct {
		name, locale string
		rows         []string
		want         string
	}{{
		name:   "a key beats an order quoted in a sentence",
		locale: "de",
		rows: []string{
			"Bestellung      : 2026-471331",
			"Rechnung gemäß Bestellung Nr. 2025-471331 vom 01.03.2026.",
		},
		want: "2026-471331",
	}, {
		name:   "the customer's order key",
		locale: "de",
		rows: []string{
			"Bestellung Nr. Kunde:          2026092011804",
		},
		want: "2026092011804",
	}, {
		name:   "an order reference made of words",
		locale: "it",
		rows: []string{
			"Vs ordine : copia commissione",
		},
		want: "copia commissione",
	}, {
		name:   "an order code before another short key",
		locale: "it",
		rows: []string{
			"Vs.Ord. ORDXACME CIG: ZB98B4A235",
		},
		want: "ORDXACME",
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := Extract(docFromText(c.rows...), c.locale).Result
			if got := deref(r.Invoice.PONumber); got != c.want {
				t.Errorf("po number = %s, want %s", got, c.want)
			}
		})
	}
}
