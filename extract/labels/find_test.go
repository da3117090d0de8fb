package labels

import (
	"cmp"
	"slices"
	"strings"
	"sync"
	"testing"

	gocmp "github.com/google/go-cmp/cmp"
)

// span is the part of a hit the tables assert.
type span struct {
	Kind        Kind
	First, Last int
}

// spans returns the hits' spans in reading order.
func spans(hits []Hit) []span {
	out := make([]span, 0, len(hits))
	for _, h := range hits {
		out = append(out, span{h.Kind, h.First, h.Last})
	}
	slices.SortFunc(out, func(a, b span) int { return cmp.Compare(a.First, b.First) })
	return out
}

// minScore is the threshold the tables apply: weaker hits (connectors such
// as "del", generic words printed in running text) are not asserted unless a
// case says so.
const minScore = 0.6

type findCase struct {
	line string
	want []span
}

func runFind(t *testing.T, cases []findCase) {
	t.Helper()
	for _, c := range cases {
		var hits []Hit
		for _, h := range Find(strings.Fields(c.line)) {
			if h.Score >= minScore {
				hits = append(hits, h)
			}
		}
		if diff := gocmp.Diff(c.want, spans(hits), emptyEqual); diff != "" {
			t.Errorf("Find(%q) (-want +got):\n%s\nhits: %+v", c.line, diff, hits)
		}
	}
}

// emptyEqual makes a nil and an empty slice of spans equal.
var emptyEqual = gocmp.FilterValues(func(a, b []span) bool { return len(a) == 0 && len(b) == 0 }, gocmp.Ignore())

func TestFindItalian(t *testing.T) {
	t.Parallel()
	runFind(t, []findCase{
		{"Fattura n. 12 del 15/03/2026", []span{{InvoiceNumber, 0, 1}}},
		{"Commesso Agente", []span{{Staff, 0, 0}, {Staff, 1, 1}}},
		{"FATTURA N° BO 000731 del 11/02/2026", []span{{InvoiceNumber, 0, 1}}},
		{"Fattura elettronica n. 2026/0042", []span{{InvoiceNumber, 0, 2}}},
		{"Nota di credito n. 7 del 01/04/2026", []span{{InvoiceNumber, 0, 3}}},
		{"Numero documento: PROVA-017", []span{{InvoiceNumber, 0, 1}}},
		{"Data documento: 2025-09-14 (14 Settembre 2025)", []span{{InvoiceDate, 0, 1}}},
		{"Data fattura 15/03/2026 Data scadenza 14/04/2026", []span{{InvoiceDate, 0, 1}, {DueDate, 3, 4}}},
		{"Data: 27/11/2018", []span{{InvoiceDate, 0, 0}}},
		{"INV# 0042", []span{{InvoiceNumber, 0, 0}}},
		{"Inv. date 2026/01/05", []span{{InvoiceDate, 0, 1}}},
		{"Please remit until 2026-07-01.", []span{{PayBankTransfer, 0, 1}}},
		{"Gesamtbetrag der Abschläge -10,00", []span{{Discount, 0, 2}}},
		{"abzgl. Sondernachlass 10%", []span{{Discount, 1, 1}}},
		{"Skontovereinbarung: 2% bei Zahlung innerhalb 10 Tagen", []span{{PaymentTerms, 0, 0}, {PaymentTerms, 2, 4}}},
		{"Betrag Stempelwert EUR 12,34", []span{{StampDuty, 0, 1}}},
		{"Dok.-nummer und -datum TRIAL-042", []span{{InvoiceNumber, 0, 2}}},
		{"Scadenze 12/05/2021 € 84,70", []span{{DueDate, 0, 0}}},
		{"Totale imponibile 1.234,56 IVA 22% 271,60 Totale documento EUR 1.506,16",
			[]span{{Subtotal, 0, 1}, {TaxAmount, 3, 3}, {Total, 6, 7}}},
		{"Imponibile IVA 100,00 Totale IVA 22,00 Totale fattura 122,00",
			[]span{{Subtotal, 0, 1}, {TaxAmount, 3, 4}, {Total, 6, 7}}},
		{"Base imponibile 100,00", []span{{Subtotal, 0, 1}}},
		{"Netto merce 100,00 Sconto 5,00 Totale netto 95,00", []span{{Subtotal, 0, 1}, {Discount, 3, 3}, {Subtotal, 5, 6}}},
		{"Tot. imponibile € 69,43", []span{{Subtotal, 0, 1}}},
		{"Tot. Iva € 15,27", []span{{TaxAmount, 0, 1}}},
		{"Tot. documento € 84,70", []span{{Total, 0, 1}}},
		{"Netto a pagare 15,30€", []span{{AmountDue, 0, 2}}},
		{"Importo da pagare 1.847,36 €", []span{{AmountDue, 0, 2}}},
		{"Da pagare entro il 18/10/2024", []span{{DueDate, 0, 2}}},
		{"Totale da pagare 1.847,36 €", []span{{Total, 0, 2}}},
		{"Importo bollo 2,00 Ritenuta d'acconto 200,00", []span{{StampDuty, 0, 1}, {Withholding, 3, 4}}},
		{"Imposta di bollo assolta in modo virtuale", []span{{StampDuty, 0, 2}}},
		{"Marca da bollo 2,00", []span{{StampDuty, 0, 2}}},
		{"R.A. 20% 200,00", []span{{Withholding, 0, 0}}},
		{"Aliquota IVA 22,00", []span{{TaxRate, 0, 1}}},
		{"Partita IVA: 03581472093 - Codice Fiscale: BRTLNZ58M14D451X - IBAN: IT43Y0306941570000017482903",
			[]span{{VATNumber, 0, 1}, {FiscalCode, 4, 5}, {IBAN, 8, 8}}},
		{"P.IVA 01234567890 C.F. RSSMRA80A01H501U", []span{{VATNumber, 0, 0}, {FiscalCode, 2, 2}}},
		{"P. IVA 01234567890", []span{{VATNumber, 0, 1}}},
		{"Cod. Fisc. RSSMRA80A01H501U", []span{{FiscalCode, 0, 1}}},
		{"Codice destinatario: P7HLQD2 PEC: ortoverde@pecmail.it", []span{{SDICode, 0, 1}, {PEC, 3, 3}}},
		{"Codice SDI : P7HLQD2", []span{{SDICode, 0, 1}}},
		{"Tel. 0564218739 Fax 0564218739", []span{{Phone, 0, 0}, {Fax, 2, 2}}},
		{"Telefono: 0733264815 - Fax: 0733264816 - eMail: cartoleria.verdi@gmail.com",
			[]span{{Phone, 0, 0}, {Fax, 3, 3}, {Email, 6, 6}}},
		{"Spett.le Pesca S.r.l.", []span{{BuyerBlock, 0, 0}}},
		{"Cessionario/Committente", []span{{BuyerBlock, 0, 0}}},
		{"Dati del cedente / prestatore", []span{{VendorBlock, 0, 4}}},
		{"Destinatario Destinazione", []span{{BuyerBlock, 0, 0}, {ShipTo, 1, 1}}},
		{"Destinazione merce: Via Roma 1", []span{{ShipTo, 0, 1}}},
		{"Luogo di destinazione Cessionario / Intestazione documento", []span{{ShipTo, 0, 2}, {BuyerBlock, 3, 3}, {BuyerBlock, 5, 6}}},
		{"Modalità di pagamento: Bonifico bancario", []span{{PaymentMethod, 0, 2}, {PayBankTransfer, 3, 4}}},
		{"Intestare gli assegni a Rossi Forniture", []span{{PayCheque, 0, 3}}},
		{"Condizioni di pagamento: Ri.Ba. 30/60 gg d.f.", []span{{PaymentTerms, 0, 2}, {PayRiba, 3, 3}}},
		{"Pagamento: Rimessa diretta", []span{{PaymentTerms, 0, 0}}},
		{"MP05 Bonifico IBAN IT60X0542811101000000123456", []span{{PayBankTransfer, 0, 0}, {PayBankTransfer, 1, 1}, {IBAN, 2, 2}}},
		{"Vs. ordine n. 4500012345 del 02/03/2026", []span{{PONumber, 0, 2}}},
		{"Rif. Ordine Cliente 52914/ORTBLUMGA del 09/06/2021:", []span{{PONumber, 0, 2}}},
		{"Rif. DDT n. 5127 del 22/07/2021", []span{{DeliveryNote, 0, 2}}},
		{"Codice cliente 3185", []span{{CustomerNumber, 0, 1}}},
		{"N° Cliente 204715938", []span{{CustomerNumber, 0, 1}}},
		{"Conto contrattuale: 61670826", []span{{CustomerNumber, 0, 1}}},
		{"Client ref. 11206", []span{{CustomerNumber, 0, 1}}},
		// Amounts out of VAT's scope or exempt from it: no tax label.
		{"Importo fuori campo IVA 0,88 €", nil},
		{"Operazione esente IVA art. 10", nil},
		{"Hors champ de TVA : 12,00", nil},
		{"Zu-/Abschlag", []span{{Discount, 0, 0}}},
		{"Capitale sociale € 10.000 i.v.", []span{{ShareCapital, 0, 1}}},
		{"Pag. 1/1", []span{{Page, 0, 0}}},
		{"Valuta importi: EUR", []span{{Currency, 0, 1}}},
		{"Totale imponibile/importo: 1584.00", []span{{Subtotal, 0, 1}}},
		{"Tipologia documento: TD06 (parcella)", []span{{DocFeeNote, 3, 3}}},
		{"FATTURA ELETTRONICA", []span{{DocInvoice, 0, 1}}},
		{"Servizio Clienti 800 913 427", nil},
	})
}

func TestFindEnglish(t *testing.T) {
	t.Parallel()
	runFind(t, []findCase{
		{"Invoice INV/2024/07/0015", []span{{DocInvoice, 0, 0}}},
		{"Invoice No. 51927364", []span{{InvoiceNumber, 0, 1}}},
		{"Invoice #: 1234", []span{{InvoiceNumber, 0, 1}}},
		{"Invoice Number: 51927364", []span{{InvoiceNumber, 0, 1}}},
		{"Invoice Date: Due Date: Reference:", []span{{InvoiceDate, 0, 1}, {DueDate, 2, 3}, {ColCode, 4, 4}}},
		{"Date of issue 05/14/2023", []span{{InvoiceDate, 0, 2}}},
		{"Payment due 06/13/2023", []span{{DueDate, 0, 1}}},
		{"Subtotal $ 318.40", []span{{Subtotal, 0, 0}}},
		{"Tax 15% on $ 146.20 $ 21.93", []span{{TaxAmount, 0, 0}}},
		{"Total $ 340.33", []span{{Total, 0, 0}}},
		{"Net amount 100.00 VAT 20.00 Grand total 120.00", []span{{Subtotal, 0, 1}, {TaxAmount, 3, 3}, {Total, 5, 6}}},
		{"TOTAL AMOUNT DUE ON September 5 , 2014 $7.26", []span{{AmountDue, 0, 2}}},
		{"Balance due 50.00", []span{{AmountDue, 0, 1}}},
		{"Sales tax 8.25", []span{{TaxAmount, 0, 1}}},
		{"Discount -10.00", []span{{Discount, 0, 0}}},
		{"PO Number: 4500012345", []span{{PONumber, 0, 1}}},
		{"Purchase order 4500012345", []span{{PONumber, 0, 1}}},
		{"Customer No. 58213", []span{{CustomerNumber, 0, 1}}},
		{"Sales rep: Jane Miller", []span{{Staff, 0, 1}}},
		{"Attn. John Doe", []span{{Staff, 0, 0}}},
		{"Account number: 418273650914", []span{{CustomerNumber, 0, 1}}},
		{"Payment terms: 15 Days", []span{{PaymentTerms, 0, 1}}},
		{"Payment method: Bank transfer", []span{{PaymentMethod, 0, 1}, {PayBankTransfer, 2, 3}}},
		{"Bill to Address:", []span{{BuyerBlock, 0, 2}}},
		{"Bill to Ship to", []span{{BuyerBlock, 0, 1}, {ShipTo, 2, 3}}},
		{"Sold to", []span{{BuyerBlock, 0, 1}}},
		{"Service Provider:", []span{{VendorBlock, 0, 1}}},
		{"Recipient Biller", []span{{BuyerBlock, 0, 0}, {VendorBlock, 1, 1}}},
		{"Bill To: Pay To:", []span{{BuyerBlock, 0, 1}, {VendorBlock, 2, 3}}},
		{"Invoiced by", []span{{VendorBlock, 0, 1}}},
		{"Rechnung von", []span{{VendorBlock, 0, 1}}},
		{"Sort Code: 12-34-56", []span{{BIC, 0, 1}}},
		{"Make all checks payable to Harbour Supplies", []span{{PayCheque, 0, 4}}},
		{"Bank sort code 12-34-56", []span{{BIC, 0, 2}}},
		{"Routing number 021000021", []span{{BIC, 0, 1}}},
		{"VAT No: GB123456789", []span{{VATNumber, 0, 1}}},
		{"VAT Reg. No. GB123456789", []span{{VATNumber, 0, 2}}},
		{"Tax ID 12-3456789", []span{{VATNumber, 0, 1}}},
		{"Phone: +44 20 7946 0000 Fax: +44 20 7946 0001 E-mail: a@b.uk",
			[]span{{Phone, 0, 0}, {Fax, 5, 5}, {Email, 10, 10}}},
		{"Credit note CN-0042", []span{{DocCreditNote, 0, 1}}},
		{"Credit Note No. CN-0042", []span{{InvoiceNumber, 0, 2}}},
		{"Pro forma invoice", []span{{DocProforma, 0, 2}}},
		{"Customer service: 0800 123", nil},
		{"P.O. Box 1234", nil},
	})
}

func TestFindGerman(t *testing.T) {
	t.Parallel()
	runFind(t, []findCase{
		{"Rechnung Seite 1", []span{{DocInvoice, 0, 0}, {Page, 1, 1}}},
		{"Rechnungsnummer: 4711", []span{{InvoiceNumber, 0, 0}}},
		{"Ihr Ansprechpartner: Claudia Neumann", []span{{Staff, 1, 1}}},
		{"Rechnungs-Nr. 4711", []span{{InvoiceNumber, 0, 0}}},
		{"Rechnungsnr. 41527390 Kundennr. 58213", []span{{InvoiceNumber, 0, 0}, {CustomerNumber, 2, 2}}},
		{"Rechnung Nr. 582316 vom 12.07.2018", []span{{InvoiceNumber, 0, 1}}},
		{"Handelsrechnung Nr. 582316 vom 12.07.2018", []span{{InvoiceNumber, 0, 1}}},
		{"Rechnungsdatum 9. Juni 2014", []span{{InvoiceDate, 0, 0}}},
		{"Bitte überweisen Sie bis zum 30.04.2026", []span{{PayBankTransfer, 0, 2}}},
		{"BLZ 700 500 00", []span{{BIC, 0, 0}}},
		{"Belegdatum: 01.03.2026", []span{{InvoiceDate, 0, 0}}},
		{"Kundennummer: 123 Leistungsdatum: 01.02.2026", []span{{CustomerNumber, 0, 0}, {ServiceDate, 2, 2}}},
		{"Liefer- und Leistungsdatum : 10.07.2018", []span{{ServiceDate, 0, 2}}},
		{"Fälligkeitsdatum: 15.03.2026", []span{{DueDate, 0, 0}}},
		{"Fällig am 15.03.2026", []span{{DueDate, 0, 1}}},
		{"Zahlungsbedingungen: 14 Tage netto", []span{{PaymentTerms, 0, 0}}},
		{"Zahlungsart: SEPA-Lastschrift", []span{{PaymentMethod, 0, 0}, {PaySEPA, 1, 1}}},
		{"Zahlungsform Banküberweisung", []span{{PaymentMethod, 0, 0}, {PayBankTransfer, 1, 1}}},
		{"Nettobetrag 100,00 MwSt. 19% 19,00 Gesamtbetrag 119,00",
			[]span{{Subtotal, 0, 0}, {TaxAmount, 2, 2}, {Total, 5, 5}}},
		{"Zwischensumme 100,00", []span{{Subtotal, 0, 0}}},
		{"Gesamtbetrag exkl. USt. 400,00 Bruttosumme 476,00", []span{{Subtotal, 0, 2}, {Total, 4, 4}}},
		{"Gesamtbetrag inklusive Mehrwertsteuer 119,00", []span{{Total, 0, 2}}},
		{"Amount excluding sales tax 100.00", []span{{Subtotal, 0, 3}}},
		{"Total inclusive of GST 110.00", []span{{Total, 0, 3}}},
		{"Totale al netto dell'IVA 100,00", []span{{Subtotal, 0, 3}}},
		{"Importo comprensivo di IVA 122,00", []span{{Total, 0, 3}}},
		{"Montant sans TVA 100,00 Montant TVA comprise 120,00", []span{{Subtotal, 0, 2}, {Total, 4, 6}}},
		{"Summe netto 100,00 Summe brutto 119,00", []span{{Subtotal, 0, 1}, {Total, 3, 4}}},
		{"MwSt.-Betrag 19,00", []span{{TaxAmount, 0, 0}}},
		{"zzgl. 19 % MwSt. 19,00", []span{{TaxAmount, 3, 3}}},
		{"Umsatzsteuer 19,00", []span{{TaxAmount, 0, 0}}},
		{"USt. % 19", []span{{TaxRate, 0, 1}}},
		{"Rechnungsbetrag 119,00 Zahlbetrag 119,00", []span{{Total, 0, 0}, {AmountDue, 2, 2}}},
		{"zu zahlen 119,00", []span{{AmountDue, 0, 1}}},
		{"Rabatt 5,00 Skonto 2,00", []span{{Discount, 0, 0}, {Discount, 2, 2}}},
		{"Bestellnummer: 2014-582446", []span{{PONumber, 0, 0}}},
		{"Ihre Bestellung 2014-582446", []span{{PONumber, 0, 1}}},
		{"Auftragsnummer 12345", []span{{PONumber, 0, 0}}},
		{"USt-IdNr.: DE123456789 Steuernummer: 203/118/52817", []span{{VATNumber, 0, 0}, {TaxNumber, 2, 2}}},
		{"USt.-Id.-Nr. : DE123456789", []span{{VATNumber, 0, 0}}},
		{"UStId DE 245 198 373", []span{{VATNumber, 0, 0}}},
		{"Steuer-Nr. 058 317 492 06", []span{{TaxNumber, 0, 0}}},
		{"IBAN DE33523417880000061937 BIC WALDDEF1KIR", []span{{IBAN, 0, 0}, {BIC, 2, 2}}},
		{"Verkäufer-IBAN : DE12 1234", []span{{IBAN, 0, 0}}},
		{"Kontakt: 0711 123456", []span{{Phone, 0, 0}}},
		{"Registergericht Fulda | HRB 24617", []span{{CompanyRegister, 0, 0}, {CompanyRegister, 3, 3}}},
		{"Rechnungsempfänger", []span{{BuyerBlock, 0, 0}}},
		{"Verkäufer : Käufer :", []span{{VendorBlock, 0, 0}, {BuyerBlock, 2, 2}}},
		{"Lieferanschrift", []span{{ShipTo, 0, 0}}},
		{"Gutschrift Nr. G-12", []span{{InvoiceNumber, 0, 1}}},
		{"Gutschrift", []span{{DocCreditNote, 0, 0}}},
		{"Telefon 06661 73528 10 Telefax 06661 73528 29", []span{{Phone, 0, 0}, {Fax, 4, 4}}},
		{"Währung : EUR", []span{{Currency, 0, 0}}},
	})
}

func TestFindFrench(t *testing.T) {
	t.Parallel()
	runFind(t, []findCase{
		{"FACTURE N° : F20240187", []span{{InvoiceNumber, 0, 1}}},
		{"Affaire suivie par : Claire Martin", []span{{Staff, 0, 2}}},
		{"Facture n° 648213975 du 14 Juillet 2015", []span{{InvoiceNumber, 0, 1}}},
		{"Numéro de facture : F-2026-001", []span{{InvoiceNumber, 0, 2}}},
		{"Date de facture : 31/01/2026", []span{{InvoiceDate, 0, 2}}},
		{"Date d'émission 31/01/2026", []span{{InvoiceDate, 0, 1}}},
		{"Date : 31/01/2026", []span{{InvoiceDate, 0, 0}}},
		{"Date d'échéance : 28/02/2026", []span{{DueDate, 0, 1}}},
		{"Échéance 28/02/2026", []span{{DueDate, 0, 0}}},
		{"Date limite de paiement le 17 Juillet 2015", []span{{DueDate, 0, 3}}},
		{"Total HT 100,00 Total TVA 20,00 Total TTC 120,00", []span{{Subtotal, 0, 1}, {TaxAmount, 3, 4}, {Total, 6, 7}}},
		{"Montant HT Montant TVA Montant TTC", []span{{Subtotal, 0, 1}, {TaxAmount, 2, 3}, {Total, 4, 5}}},
		{"Sous-total 100,00", []span{{Subtotal, 0, 0}}},
		{"Sous total 100,00", []span{{Subtotal, 0, 1}}},
		{"TVA 20% 5.00", []span{{TaxAmount, 0, 0}}},
		{"Net à payer 120,00 €", []span{{AmountDue, 0, 2}}},
		{"Somme à payer 34.99 € TTC", []span{{AmountDue, 0, 2}}},
		{"Montant dû 120,00", []span{{AmountDue, 0, 1}}},
		{"Reste à payer 20,00", []span{{AmountDue, 0, 2}}},
		{"Remise 5,00 Escompte 2,00", []span{{Discount, 0, 0}, {Discount, 2, 2}}},
		{"N° BON DE COMMANDE : PO201837264", []span{{PONumber, 0, 3}}},
		{"Commande n° 12345", []span{{PONumber, 0, 1}}},
		{"Conditions de paiement : 30 jours", []span{{PaymentTerms, 0, 2}}},
		{"Mode de règlement : Virement", []span{{PaymentMethod, 0, 2}, {PayBankTransfer, 4, 4}}},
		{"Avis de prélèvement automatique", []span{{PaySEPA, 2, 3}}},
		{"N° TVA intra : FR 11 123 456 782", []span{{VATNumber, 0, 2}}},
		{"N° de TVA intra communautaire: FR 685 128 473 93", []span{{VATNumber, 0, 4}}},
		{"SIRET : 12345678200077 - SIREN : 123 456 782", []span{{SIRET, 0, 0}, {SIREN, 4, 4}}},
		{"B 512 847 393 RCS Paris", []span{{CompanyRegister, 4, 4}}},
		{"Lumen SAS au capital de 2.718.450 Euros", []span{{ShareCapital, 2, 4}}},
		{"N° DE CLIENT : REFCLI0738", []span{{CustomerNumber, 0, 2}}},
		{"DATE DE LIVRAISON : 22/01/2026", []span{{ServiceDate, 0, 2}}},
		{"N° BON DE LIVRAISON : DESPADV017", []span{{DeliveryNote, 0, 3}}},
		{"Facturé à : Adresse de livraison :", []span{{BuyerBlock, 0, 1}, {ShipTo, 3, 5}}},
		{"Fournisseur Client", []span{{VendorBlock, 0, 0}, {BuyerBlock, 1, 1}}},
		{"Avoir n° A-12", []span{{InvoiceNumber, 0, 1}}},
		{"AVOIR", []span{{DocCreditNote, 0, 0}}},
		{"Téléphone : 01 02 03 04 05 Courriel : x@y.fr", []span{{Phone, 0, 0}, {Email, 7, 7}}},
		{"Devise : EUR", []span{{Currency, 0, 0}}},
	})
}

// TestPrecedence checks which label wins when entries overlap.
func TestPrecedence(t *testing.T) {
	t.Parallel()
	runFind(t, []findCase{
		{"Totale imponibile", []span{{Subtotal, 0, 1}}},
		{"Totale IVA", []span{{TaxAmount, 0, 1}}},
		{"Totale prodotti e servizi", []span{{Subtotal, 0, 3}}},
		{"Totale prodotti", []span{{Subtotal, 0, 1}}},
		{"Totale documento", []span{{Total, 0, 1}}},
		{"Totale", []span{{Total, 0, 0}}},
		{"Total HT", []span{{Subtotal, 0, 1}}},
		{"Total TTC", []span{{Total, 0, 1}}},
		{"Netto a pagare", []span{{AmountDue, 0, 2}}},
		{"Netto", []span{{Subtotal, 0, 0}}},
		{"IVA 22%", []span{{TaxAmount, 0, 0}}},
		{"IVA %", []span{{TaxRate, 0, 1}}},
		{"Data scadenza", []span{{DueDate, 0, 1}}},
		{"Data", []span{{InvoiceDate, 0, 0}}},
		{"MwSt.-Betrag", []span{{TaxAmount, 0, 0}}},
		{"MwSt.", []span{{TaxAmount, 0, 0}}},
		{"Rechnungsnummer:", []span{{InvoiceNumber, 0, 0}}},
		{"Kundennummer", []span{{CustomerNumber, 0, 0}}},
		{"Leistungsdatum", []span{{ServiceDate, 0, 0}}},
		{"Codice destinatario", []span{{SDICode, 0, 1}}},
		{"Codice fiscale", []span{{FiscalCode, 0, 1}}},
		{"N° TVA", []span{{VATNumber, 0, 1}}},
		{"Fattura n.", []span{{InvoiceNumber, 0, 1}}},
		{"Data fattura", []span{{InvoiceDate, 0, 1}}},
		{"Totale da pagare", []span{{Total, 0, 2}}},
		{"Da pagare", []span{{AmountDue, 0, 1}}},
		{"USt-IdNr.", []span{{VATNumber, 0, 0}}},
		{"USt.", []span{{TaxAmount, 0, 0}}},
		{"Ricevuta bancaria", []span{{PayRiba, 0, 1}}},
		{"Ricevuta", []span{{DocReceipt, 0, 0}}},
		{"E-mail PEC", []span{{PEC, 0, 1}}},
		{"Bank account number", []span{{IBAN, 0, 2}}},
		{"Account number", []span{{CustomerNumber, 0, 1}}},
		{"Fattura proforma", []span{{DocProforma, 0, 1}}},
		{"Facture d'avoir", []span{{DocCreditNote, 0, 1}}},
		{"Date de commande", []span{{OrderDate, 0, 2}}},
		{"Bestelldatum", []span{{OrderDate, 0, 0}}},
		{"Cash discount", []span{{Discount, 0, 1}}},
		{"Fax", []span{{Fax, 0, 0}}},
		// Another invoice's number, cited by a credit note, is no label of
		// the document's own number.
		{"N° DE FACTURE ASSOCIÉE : F-1", []span{{RelatedInvoice, 0, 3}}},
		{"N° de facture : F-2", []span{{InvoiceNumber, 0, 2}}},
		{"Original invoice No. 17", []span{{RelatedInvoice, 0, 2}}},
		{"Invoice No. 18", []span{{InvoiceNumber, 0, 1}}},
		{"Bezugsrechnung Nr. 19", []span{{RelatedInvoice, 0, 1}}},
		{"Fattura di riferimento n. 20", []span{{RelatedInvoice, 0, 2}}},
		{"Due payable", []span{{AmountDue, 0, 1}}},
		// The end of an offer's or a contract's validity is no due date.
		{"DATA SCADENZA OFFERTA 31/12/2030", []span{{Validity, 0, 2}}},
		{"Data scadenza 30/06/2030", []span{{DueDate, 0, 1}}},
		{"Scadenza contratto: 31/12/2031", []span{{Validity, 0, 1}}},
		{"Offer valid until 31 March 2030", []span{{Validity, 0, 2}}},
		{"Angebot gültig bis 31.03.2030", []span{{Validity, 0, 2}}},
		{"Offre valable jusqu'au 31/03/2030", []span{{Validity, 0, 2}}},
		// The identifier an e-invoice was sent under is no invoice number.
		{"Progressivo di invio: 00A7", []span{{Transmission, 0, 2}}},
		{"Ident. di trasmissione IT0_9", []span{{Transmission, 0, 2}}},
		{"Übertragungskennung", []span{{Transmission, 0, 0}}},
	})
}

func TestFindOrder(t *testing.T) {
	t.Parallel()
	// Longest first, then by score: "Totale documento" (2 words, 1.0),
	// "Scadenza" (0.9), "IVA" (0.85), "Totale" (0.75).
	hits := Find(strings.Fields("Totale 100 IVA 22 Scadenza 01/01/2026 Totale documento 122"))
	var got []Kind
	for _, h := range hits {
		got = append(got, h.Kind)
	}
	want := []Kind{Total, DueDate, TaxAmount, Total}
	if diff := gocmp.Diff(want, got); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
	if hits[0].First != 6 || hits[3].First != 0 {
		t.Errorf("order: %+v", hits)
	}
}

func TestScores(t *testing.T) {
	t.Parallel()
	cases := []struct {
		line  string
		kind  Kind
		score float64
		lang  string
		label string
	}{
		{"Totale documento", Total, 1, it, "Totale documento"},
		{"TOTALE DOCUMENTO:", Total, 1, it, "Totale documento"},
		{"Totale Documento", Total, 1, it, "Totale documento"},
		{"totale documento", Total, 0.9, it, "Totale documento"}, // lowered first letter: not exact
		{"Quantita", ColQuantity, 0.9, it, "Quantità"},           // accent lost
		{"Fattura N°", InvoiceNumber, 0.9, it, "Fattura n."},     // another number abbreviation
		{"P. IVA", VATNumber, 1, it, "P. IVA"},
		{"P.Iva", VATNumber, 1, it, "P.IVA"},
		{"Totale", Total, 0.75, it, "Totale"},
		{"Total", Total, 0.75, "", "Total"},
		{"Data", InvoiceDate, 0.6, it, "Data"},
		{"del", InvoiceDate, 0.35, it, "del"},
		{"IBAN", IBAN, 1, "", "IBAN"},
		{"Imponiblle", Subtotal, 0.8, it, "Imponibile"},
		{"Rechnungsnurnmer", InvoiceNumber, 0.8, de, "Rechnungsnummer"},
		{"Bezeichnung", ColDescription, 1, de, "Bezeichnung"},
	}
	for _, c := range cases {
		hits := Find(strings.Fields(c.line))
		if len(hits) != 1 {
			t.Errorf("Find(%q) = %+v, want one hit", c.line, hits)
			continue
		}
		h := hits[0]
		if h.Kind != c.kind || h.Score != c.score || h.Lang != c.lang || h.Label != c.label {
			t.Errorf("Find(%q) = %+v, want %s %.3f %q %q", c.line, h, c.kind, c.score, c.lang, c.label)
		}
	}
}

// TestFuzzy checks OCR-damaged labels.
func TestFuzzy(t *testing.T) {
	t.Parallel()
	cases := []struct {
		line string
		want []span
	}{
		{"Imponiblle 100,00", []span{{Subtotal, 0, 0}}},                            // i read as l
		{"Totale imponibiie 100,00", []span{{Subtotal, 0, 1}}},                     // l read as i
		{"Tota1e documento 100,00", []span{{Total, 0, 1}}},                         // l read as 1
		{"Totale docurnento 100,00", []span{{Total, 0, 1}}},                        // m read as rn
		{"Fatura n. 12", []span{{InvoiceNumber, 0, 1}}},                            // doubled letter lost
		{"Rechnungsdatom 01.02.2026", []span{{InvoiceDate, 0, 0}}},                 // u read as o? no: o/u are not look-alikes, but 14 letters allow 2
		{"Zwischensurnme 100,00", []span{{Subtotal, 0, 0}}},                        // m read as rn
		{"Bezeichnuug Menge", []span{{ColDescription, 0, 0}, {ColQuantity, 1, 1}}}, // n read as u
		{"Dcscrizione", []span{{ColDescription, 0, 0}}},                            // e read as c
		{"Partita lVA 01234567890", nil},                                           // "IVA" is too short to be damaged
		{"Quantitá", []span{{ColQuantity, 0, 0}}},                                  // wrong accent folds away
		{"Scadenza pagarnento", []span{{DueDate, 0, 1}}},                           // m read as rn in the second word
	}
	for _, c := range cases {
		hits := Find(strings.Fields(c.line))
		if diff := gocmp.Diff(c.want, spans(hits), emptyEqual); diff != "" {
			t.Errorf("Find(%q) (-want +got):\n%s\nhits: %+v", c.line, diff, hits)
		}
	}
}

// TestNegative checks ordinary words that must not be labels, including
// real words one edit away from a label (found in the development corpus).
func TestNegative(t *testing.T) {
	t.Parallel()
	for _, line := range []string{
		"Totalmente Datagramma Ivanhoe IBANEZ",
		"Ivana Dataset Totali Imponibili",
		"Quantitative easing",
		"posti disponibili: disponibile",      // not "Imponibile"
		"CONTATTI Contatti conti",             // not "Contanti", "Sconti"
		"eRechnung Belegsummen",               // not "Rechnung", "Belegnummer"
		"autolettura cadenza soggetto",        // not "Autofattura", "Scadenza", "Oggetto"
		"l'importo l’ordine prescrizione",     // not "Importo", "Ordine", "Descrizione"
		"Fatture Clienti Rechnungen Invoices", // inflections
		"Bezahlung Berechnung Forniture",      // not "Barzahlung", "Bezeichnung", "Fornitore"
		"Impossibile procedere",               // not "Imponibile"
		"R E N",                               // letters spelled out are not "Re.-Nr."
		"Mario Rossi Via Garibaldi 12 20121 Milano",
		"Elettrosud di Carbone Vittorio",
	} {
		var strong []Hit
		for _, h := range Find(strings.Fields(line)) {
			if h.Score >= 0.5 {
				strong = append(strong, h)
			}
		}
		if len(strong) > 0 {
			t.Errorf("Find(%q) = %+v, want no hit", line, strong)
		}
	}
}

func TestShortWordsNeverFuzzy(t *testing.T) {
	t.Parallel()
	for _, line := range []string{"IBAN", "IVAN", "IBA", "TVB", "Dato", "Tot", "Netta"} {
		for _, h := range Find([]string{line}) {
			if Normalize(h.Label) != Normalize(line) {
				t.Errorf("Find(%q) = %+v: short words must match exactly", line, h)
			}
		}
	}
}

func TestFindFuncColumns(t *testing.T) {
	t.Parallel()
	cases := []findCase{
		{"Codice Descrizione Quantità Prezzo Sconto Importo Iva", []span{
			{ColCode, 0, 0}, {ColDescription, 1, 1}, {ColQuantity, 2, 2}, {ColUnitPrice, 3, 3},
			{ColDiscount, 4, 4}, {ColAmount, 5, 5}, {ColTaxRate, 6, 6}}},
		{"Codice articolo Descrizione Quantità Prezzo un. Sconto % C.Iva Importo", []span{
			{ColCode, 0, 1}, {ColDescription, 2, 2}, {ColQuantity, 3, 3}, {ColUnitPrice, 4, 5},
			{ColDiscount, 6, 7}, {ColTaxRate, 8, 8}, {ColAmount, 9, 9}}},
		{"Q.tà U.M. Prezzo unitario Sc.% Aliq. Totale riga", []span{
			{ColQuantity, 0, 0}, {ColUnit, 1, 1}, {ColUnitPrice, 2, 3}, {ColDiscount, 4, 4},
			{ColTaxRate, 5, 5}, {ColAmount, 6, 7}}},
		{"Description Quantity Unit Price Disc.% Taxes Amount", []span{
			{ColDescription, 0, 0}, {ColQuantity, 1, 1}, {ColUnitPrice, 2, 3}, {ColDiscount, 4, 4},
			{ColTaxRate, 5, 5}, {ColAmount, 6, 6}}},
		{"Item Qty Unit Unit price VAT % Line total", []span{
			{ColDescription, 0, 0}, {ColQuantity, 1, 1}, {ColUnit, 2, 2}, {ColUnitPrice, 3, 4},
			{ColTaxRate, 5, 6}, {ColAmount, 7, 8}}},
		{"Pos. Art.-Nr. Bezeichnung Menge ME Einzelpreis Rabatt % MwSt. Gesamtpreis", []span{
			{ColPosition, 0, 0}, {ColCode, 1, 1}, {ColDescription, 2, 2}, {ColQuantity, 3, 3},
			{ColUnit, 4, 4}, {ColUnitPrice, 5, 5}, {ColDiscount, 6, 7}, {ColTaxRate, 8, 8}, {ColAmount, 9, 9}}},
		{"Pos Beschreibung Nettopreis Menge Steuer Entgelt", []span{
			{ColPosition, 0, 0}, {ColDescription, 1, 1}, {ColUnitPrice, 2, 2}, {ColQuantity, 3, 3},
			{ColTaxRate, 4, 4}, {ColAmount, 5, 5}}},
		{"Référence Désignation Qté Unité PU HT Remise TVA Montant HT", []span{
			{ColCode, 0, 0}, {ColDescription, 1, 1}, {ColQuantity, 2, 2}, {ColUnit, 3, 3},
			{ColUnitPrice, 4, 5}, {ColDiscount, 6, 6}, {ColTaxRate, 7, 7}, {ColAmount, 8, 9}}},
		{"Désignation Quantité Prix unitaire Total HT", []span{
			{ColDescription, 0, 0}, {ColQuantity, 1, 1}, {ColUnitPrice, 2, 3}, {ColAmount, 4, 5}}},
	}
	for _, c := range cases {
		hits := FindFunc(strings.Fields(c.line), Kind.IsColumn)
		if diff := gocmp.Diff(c.want, spans(hits), emptyEqual); diff != "" {
			t.Errorf("FindFunc(%q, IsColumn) (-want +got):\n%s\nhits: %+v", c.line, diff, hits)
		}
	}
	// Unfiltered, shared words are reported as result-field labels.
	hits := Find(strings.Fields("Sconto | IVA | Totale"))
	want := []span{{Discount, 0, 0}, {TaxAmount, 2, 2}, {Total, 4, 4}}
	if diff := gocmp.Diff(want, spans(hits)); diff != "" {
		t.Errorf("Find (-want +got):\n%s", diff)
	}
}

func TestFindFuncPayment(t *testing.T) {
	t.Parallel()
	cases := []findCase{
		{"Bonifico bancario", []span{{PayBankTransfer, 0, 1}}},
		{"SEPA-Lastschrift", []span{{PaySEPA, 0, 0}}},
		{"Addebito diretto SEPA (SDD)", []span{{PaySEPA, 0, 2}, {PaySEPA, 3, 3}}},
		{"RID bancario", []span{{PaySEPA, 0, 0}}},
		{"Carta di credito", []span{{PayCard, 0, 2}}},
		{"Contanti", []span{{PayCash, 0, 0}}},
		{"Barzahlung", []span{{PayCash, 0, 0}}},
		{"En espèces", []span{{PayCash, 0, 1}}},
		{"Assegno circolare", []span{{PayCheque, 0, 1}}},
		{"Chèque", []span{{PayCheque, 0, 0}}},
		{"Ri.Ba. 60 gg", []span{{PayRiba, 0, 0}}},
		{"RiBa", []span{{PayRiba, 0, 0}}},
		{"PayPal", []span{{PayPaypal, 0, 0}}},
		{"Wire transfer", []span{{PayBankTransfer, 0, 1}}},
		{"Überweisung", []span{{PayBankTransfer, 0, 0}}},
		{"Prélèvement SEPA", []span{{PaySEPA, 0, 1}}},
	}
	for _, c := range cases {
		hits := FindFunc(strings.Fields(c.line), Kind.IsPayment)
		if diff := gocmp.Diff(c.want, spans(hits), emptyEqual); diff != "" {
			t.Errorf("FindFunc(%q, IsPayment) (-want +got):\n%s\nhits: %+v", c.line, diff, hits)
		}
	}
	// Lower-case "rid" is an ordinary word, not the payment method.
	if hits := FindFunc([]string{"rid"}, Kind.IsPayment); len(hits) != 0 {
		t.Errorf("rid: %+v", hits)
	}
}

func TestFindEmpty(t *testing.T) {
	t.Parallel()
	if hits := Find(nil); hits != nil {
		t.Errorf("Find(nil) = %+v", hits)
	}
	if hits := Find([]string{":", "-", "€", ""}); hits != nil {
		t.Errorf("Find(punctuation) = %+v", hits)
	}
}

// TestFindLongLine exercises lines with more words than the stack buffers.
func TestFindLongLine(t *testing.T) {
	t.Parallel()
	var words []string
	for range 40 {
		words = append(words, "Totale", "documento", "123,45")
	}
	hits := Find(words)
	if len(hits) != 40 {
		t.Fatalf("got %d hits, want 40", len(hits))
	}
	for _, h := range hits {
		if h.Kind != Total || h.Last != h.First+1 || h.First%3 != 0 {
			t.Errorf("hit %+v", h)
		}
	}
}

func TestFindConcurrent(t *testing.T) {
	t.Parallel()
	lines := [][]string{
		strings.Fields("Totale imponibile 100 IVA 22 Totale documento 122"),
		strings.Fields("Rechnungsnummer 4711 Kundennummer 12"),
		strings.Fields("Net à payer 120,00 Date d'échéance 01/02/2026"),
	}
	want := make([][]Hit, len(lines))
	for i, l := range lines {
		want[i] = Find(l)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 200 {
				i := (g + k) % len(lines)
				if diff := gocmp.Diff(want[i], Find(lines[i])); diff != "" {
					t.Errorf("concurrent Find differs:\n%s", diff)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestFindAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop items")
	}
	Find(benchLine)
	if n := testing.AllocsPerRun(100, func() { Find(benchLine) }); n > 2 {
		t.Errorf("Find allocates %v times per line, want at most 2", n)
	}
}
