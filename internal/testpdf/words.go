package testpdf

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/invex/invex/invoice"
)

// words are the printed labels of one language. Fields with two values are
// the wordings of Style.Variant 0 and 1.
type words struct {
	invoice, credit           string // titles
	numberInv, numberCredit   [2]string
	date, due                 [2]string
	customerNo, po            string
	buyer                     [2]string
	vendor                    string
	vat, fiscal, vatAndFiscal string
	phone, email, pec         string
	refers                    string // format: number, date
	cols                      map[int]string
	goods, discount           string
	subtotal, vatLine         string
	totalVAT, total           [2]string
	stamp                     [2]string
	withholding, netDue       string
	vatTable                  [3]string
	method, terms, bank       string
	methods                   map[string]string
	page                      string // format: page number, then the total
	continued, carried        string
	carriedFrom               string
	exemptNote, stampNote     string
	withholdingNote           string
	legal                     string // footer line after the vendor data
	country                   map[string]string
	months                    []string
}

var vocab = map[string]words{
	"it": {
		invoice: "FATTURA", credit: "NOTA DI CREDITO",
		numberInv: [2]string{"Fattura n.", "Numero documento"}, numberCredit: [2]string{"Nota di credito n.", "Numero documento"},
		date: [2]string{"Data", "Data documento"}, due: [2]string{"Scadenza", "Data scadenza"},
		customerNo: "Cod. cliente", po: "Rif. ordine",
		buyer: [2]string{"Spett.le", "Cliente"}, vendor: "Fornitore",
		vat: "P.IVA", fiscal: "C.F.", vatAndFiscal: "C.F. e P.IVA",
		phone: "Tel.", email: "E-mail", pec: "PEC",
		refers: "A storno della fattura n. %s del %s",
		cols: map[int]string{ColPos: "Riga", ColCode: "Codice", ColDesc: "Descrizione", ColQty: "Q.tà", ColUnit: "U.M.",
			ColPrice: "Prezzo unit.", ColDisc: "Sconto %", ColVAT: "IVA %", ColAmount: "Importo"},
		goods: "Totale merce", discount: "Sconto", subtotal: "Imponibile", vatLine: "IVA",
		totalVAT: [2]string{"Totale IVA", "Totale imposta"}, total: [2]string{"Totale documento", "Totale fattura"},
		stamp: [2]string{"Bollo", "Imposta di bollo"}, withholding: "Ritenuta d'acconto", netDue: "Netto a pagare",
		vatTable: [3]string{"Aliquota", "Imponibile", "Imposta"},
		method:   "Modalità di pagamento", terms: "Condizioni di pagamento", bank: "Banca",
		methods: map[string]string{invoice.PayBankTransfer: "Bonifico bancario", invoice.PayRiba: "Ri.Ba. (ricevuta bancaria)"},
		page:    "Pagina %d di %s", continued: "segue", carried: "Riporto", carriedFrom: "Riporto da pagina precedente",
		exemptNote:      "Operazione senza applicazione dell'IVA effettuata ai sensi dell'art. 1, commi da 54 a 89, Legge n. 190/2014 (regime forfettario).",
		stampNote:       "Imposta di bollo assolta sull'originale per importi superiori a 77,47 euro.",
		withholdingNote: "Ritenuta d'acconto da versare a cura del committente.",
		legal:           "Cap. soc. 10.000,00 euro i.v. - Registro Imprese e REA",
		country:         map[string]string{"IT": "Italia"},
		months:          []string{"gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"},
	},
	"en": {
		invoice: "INVOICE", credit: "CREDIT NOTE",
		numberInv: [2]string{"Invoice No.", "Invoice number"}, numberCredit: [2]string{"Credit note No.", "Credit note number"},
		date: [2]string{"Date", "Invoice date"}, due: [2]string{"Due date", "Payment due"},
		customerNo: "Customer ID", po: "PO number",
		buyer: [2]string{"Bill to", "Invoice to"}, vendor: "From",
		vat: "VAT Reg. No.", fiscal: "", vatAndFiscal: "",
		phone: "Tel", email: "Email",
		refers: "Relates to invoice %s of %s",
		cols: map[int]string{ColPos: "#", ColCode: "Item code", ColDesc: "Description", ColQty: "Qty", ColUnit: "Unit",
			ColPrice: "Unit price", ColDisc: "Disc. %", ColVAT: "VAT %", ColAmount: "Amount"},
		goods: "Goods total", discount: "Discount", subtotal: "Subtotal", vatLine: "VAT",
		totalVAT: [2]string{"Total VAT", "VAT total"}, total: [2]string{"Total", "Total due"},
		vatTable: [3]string{"VAT rate", "Net", "VAT"},
		method:   "Payment method", terms: "Payment terms", bank: "Bank",
		methods: map[string]string{invoice.PayBankTransfer: "Bank transfer"},
		page:    "Page %d of %s", continued: "continued", carried: "Carried forward", carriedFrom: "Brought forward",
		legal:   "Registered office as above. Company registration No. 0",
		country: map[string]string{"GB": "United Kingdom", "IE": "Ireland"},
		months:  []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	},
	"de": {
		invoice: "RECHNUNG", credit: "GUTSCHRIFT",
		numberInv: [2]string{"Rechnungsnummer", "Rechnungs-Nr."}, numberCredit: [2]string{"Gutschriftsnummer", "Gutschrift Nr."},
		date: [2]string{"Datum", "Rechnungsdatum"}, due: [2]string{"Fällig am", "Zahlbar bis"},
		customerNo: "Kundennummer", po: "Ihre Bestellung",
		buyer: [2]string{"Rechnungsempfänger", "Kunde"}, vendor: "Lieferant",
		vat: "USt-IdNr.", fiscal: "Steuernummer",
		phone: "Tel.", email: "E-Mail",
		refers: "Gutschrift zu Rechnung Nr. %s vom %s",
		cols: map[int]string{ColPos: "Pos.", ColCode: "Art.-Nr.", ColDesc: "Bezeichnung", ColQty: "Menge", ColUnit: "Einheit",
			ColPrice: "Einzelpreis", ColDisc: "Rabatt", ColVAT: "USt.", ColAmount: "Gesamtpreis"},
		goods: "Warenwert", discount: "abzgl. Rabatt", subtotal: "Nettobetrag", vatLine: "zzgl. USt.",
		totalVAT: [2]string{"Summe USt.", "USt. gesamt"}, total: [2]string{"Gesamtbetrag", "Rechnungsbetrag"},
		vatTable: [3]string{"USt-Satz", "Netto", "USt-Betrag"},
		method:   "Zahlungsart", terms: "Zahlungsbedingungen", bank: "Bankverbindung",
		methods: map[string]string{invoice.PayBankTransfer: "Überweisung", invoice.PaySEPADirectDebit: "SEPA-Lastschrift"},
		page:    "Seite %d von %s", continued: "Fortsetzung", carried: "Übertrag", carriedFrom: "Übertrag von Seite",
		legal:   "Geschäftsführer: Thomas Berger - Amtsgericht München HRB 123456",
		country: map[string]string{"DE": "Deutschland"},
		months:  []string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"},
	},
	"fr": {
		invoice: "FACTURE", credit: "AVOIR",
		numberInv: [2]string{"Facture n°", "N° de facture"}, numberCredit: [2]string{"Avoir n°", "N° d'avoir"},
		date: [2]string{"Date", "Date de facture"}, due: [2]string{"Échéance", "Date d'échéance"},
		customerNo: "Code client", po: "Votre commande",
		buyer: [2]string{"Facturé à", "Client"}, vendor: "Émetteur",
		vat: "N° TVA", fiscal: "SIRET",
		phone: "Tél.", email: "E-mail",
		refers: "Avoir sur facture n° %s du %s",
		cols: map[int]string{ColPos: "N°", ColCode: "Réf.", ColDesc: "Désignation", ColQty: "Qté", ColUnit: "Unité",
			ColPrice: "Prix unit. HT", ColDisc: "Remise", ColVAT: "TVA", ColAmount: "Montant HT"},
		goods: "Total brut HT", discount: "Remise", subtotal: "Total HT", vatLine: "TVA",
		totalVAT: [2]string{"Total TVA", "Montant TVA"}, total: [2]string{"Total TTC", "Net à payer"},
		vatTable: [3]string{"Taux", "Base HT", "Montant TVA"},
		method:   "Mode de règlement", terms: "Conditions de paiement", bank: "Banque",
		methods: map[string]string{invoice.PayBankTransfer: "Virement bancaire", invoice.PayCheque: "Chèque"},
		page:    "Page %d / %s", continued: "suite", carried: "À reporter", carriedFrom: "Report",
		legal:   "Pénalités de retard : trois fois le taux d'intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 euros.",
		country: map[string]string{"FR": "France"},
		months:  []string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"},
	},
}

// fmtDate prints a date the local way.
func (s Spec) fmtDate(d time.Time) string {
	w := vocab[s.Lang]
	if s.Style.LongDate {
		m := w.months[d.Month()-1]
		switch s.Lang {
		case "de":
			return fmt.Sprintf("%d. %s %d", d.Day(), m, d.Year())
		default:
			return fmt.Sprintf("%d %s %d", d.Day(), m, d.Year())
		}
	}
	if s.Lang == "de" {
		return d.Format("02.01.2006")
	}
	return d.Format("02/01/2006")
}

// amount prints cents the local way: 1.234,56 (it, de), 1 234,56 (fr),
// 1,234.56 (en).
func (s Spec) amount(c int64) string {
	neg := c < 0
	if neg {
		c = -c
	}
	ip, dec := fmt.Sprint(c/100), fmt.Sprintf("%02d", c%100)
	thou, point := ".", ","
	switch s.Lang {
	case "fr":
		thou = " "
	case "en":
		thou, point = ",", "."
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, r := range ip {
		if i > 0 && (len(ip)-i)%3 == 0 {
			b.WriteString(thou)
		}
		b.WriteRune(r)
	}
	return b.String() + point + dec
}

// money prints an amount with its currency, the local way.
func (s Spec) money(c int64) string {
	a := s.amount(c)
	sym := map[string]string{"EUR": "€", "GBP": "£"}[s.Currency]
	switch {
	case !s.Style.Symbol && s.Lang == "en":
		return s.Currency + " " + a
	case !s.Style.Symbol:
		return a + " " + s.Currency
	case s.Lang == "en":
		return sym + a
	case s.Lang == "it":
		return sym + " " + a
	}
	return a + " " + sym
}

// decimal prints a number with up to two decimals and the local decimal
// point; with fixed it always has two.
func (s Spec) decimal(v float64, fixed bool) string {
	str := fmt.Sprintf("%.2f", v)
	if !fixed {
		str = strings.TrimRight(strings.TrimRight(str, "0"), ".")
	}
	if s.Lang != "en" {
		str = strings.Replace(str, ".", ",", 1)
	}
	return str
}

// pct prints a percentage: 22%, 19 %, 5,5 %.
func (s Spec) pct(v float64) string {
	str := s.decimal(v, false)
	if s.Lang == "de" || s.Lang == "fr" {
		return str + " %"
	}
	return str + "%"
}

// qty prints a quantity.
func (s Spec) qty(v float64) string {
	return s.decimal(v, s.Lang == "de" && s.Style.Variant == 0 || v != math.Trunc(v))
}
