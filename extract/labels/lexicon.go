package labels

import "strings"

// Languages of lexicon entries; shared entries have no language.
const (
	it     = "it"
	en     = "en"
	de     = "de"
	fr     = "fr"
	shared = ""
)

// def is one group of lexicon labels with the same kind, language and weight.
// A label starting with "!" only matches words printed without lower-case
// letters ("UM", "U.M." but not "um"): it is short and a common word in
// some language.
type def struct {
	kind   Kind
	lang   string
	weight float64
	labels []string
	// exact keeps the labels out of fuzzy matching: composed forms, too
	// many to try against every misread word (see taxQualified).
	exact bool
}

// vocabulary is the lexicon: general vocabulary of invoices in Italian,
// English, German and French. Number abbreviations need not be spelled out
// ("Fattura n." also matches "Fattura N°", "Fattura nr.", "Fattura numero",
// "Fattura #"), nor accents, case, punctuation or how a compound is split
// ("Rechnungs-Nr." also matches "Rechnungsnr." and "Rechnungs Nr."); see
// Normalize. Weights below 1 mark generic words that are labels only in
// context ("Totale", "Data", "Netto").
func vocabulary() []def {
	var v []def
	add := func(k Kind, lang string, w float64, labels ...string) {
		v = append(v, def{kind: k, lang: lang, weight: w, labels: labels})
	}

	// ---------------------------------------------------------------- invoice number
	add(InvoiceNumber, it, 1,
		"Fattura n.", "N. fattura", "Numero della fattura", "N. della fattura",
		"Numero fattura elettronica", "Numero fattura elettronica valida ai fini fiscali",
		"Fattura elettronica n.", "Fattura immediata n.", "Fattura differita n.",
		"Fattura accompagnatoria n.", "Fattura di vendita n.", "Fattura proforma n.",
		"Fattura pro forma n.", "Fattura d'acconto n.", "Autofattura n.",
		"Nota di credito n.", "Nota credito n.", "N. nota di credito", "N. nota credito",
		"Nota di accredito n.", "Nota di debito n.", "Nota debito n.", "N. nota di debito",
		"Parcella n.", "N. parcella", "Ricevuta n.", "Ricevuta fiscale n.", "N. ricevuta",
		"Documento n.", "N. documento", "Doc. n.", "N. doc.", "Numero documento",
		"Numero del documento")
	add(InvoiceNumber, it, 0.9, "Numero e data documento", "Numero e data doc.",
		"N. e data documento", "Numero/data documento", "Estremi fattura", "Riferimento fattura")
	add(InvoiceNumber, en, 1,
		"Invoice No.", "Invoice Number", "Tax invoice No.", "Credit note No.", "Credit note number",
		"Credit memo No.", "Debit note No.", "Debit memo No.", "Receipt No.", "Receipt number",
		"Pro forma invoice No.", "Proforma invoice No.", "No. of invoice")
	add(InvoiceNumber, en, 0.9, "Invoice ID", "Document No.", "Bill No.", "Invoice ref.",
		"Invoice reference", "Invoice ref. No.", "Inv. No.", "Inv#")
	add(InvoiceNumber, de, 1,
		"Rechnungsnummer", "Rechnungs-Nr.", "Rechnung Nr.", "Rechnungsnr.",
		"Gutschriftnummer", "Gutschriftsnummer", "Gutschrift Nr.", "Gutschrifts-Nr.",
		"Rechnungskorrektur Nr.", "Korrekturrechnung Nr.", "Stornorechnung Nr.", "Storno Nr.",
		"Proformarechnung Nr.", "Proforma-Rechnung Nr.", "Quittung Nr.", "Quittungsnummer",
		"Handelsrechnung Nr.", "Teilrechnung Nr.", "Schlussrechnung Nr.", "Abschlagsrechnung Nr.",
		"Honorarnote Nr.", "Nummer der Rechnung")
	add(InvoiceNumber, de, 0.9, "Belegnummer", "Beleg-Nr.", "Dokumentnummer", "Dok.-Nr.",
		"Dok.-Nummer", "Dok.-nummer und -datum", "Dokumentnummer und -datum", "Belegnummer und -datum",
		"Re.-Nr.", "RG-Nr.", "Rg.-Nr.", "Rechnungs-ID")
	add(InvoiceNumber, fr, 1,
		"Facture n°", "N° de facture", "N° facture", "Numéro de la facture",
		"Avoir n°", "N° d'avoir", "N° de l'avoir", "Facture d'avoir n°",
		"Note de crédit n°", "N° de note de crédit", "Note de débit n°",
		"Facture proforma n°", "Facture pro forma n°", "Facture rectificative n°",
		"Reçu n°", "N° de reçu", "Note d'honoraires n°")
	add(InvoiceNumber, fr, 0.9, "N° de document", "N° de pièce", "Référence facture",
		"Réf. facture", "Référence de la facture")

	// ---------------------------------------------------------------- dates
	add(InvoiceDate, it, 1,
		"Data fattura", "Data della fattura", "Data documento", "Data doc.", "Data del documento",
		"Data emissione", "Data di emissione", "Data emissione fattura", "Data nota di credito",
		"Data nota credito", "Data ricevuta", "Data parcella")
	add(InvoiceDate, it, 0.9, "Data fatturazione", "Data di fatturazione")
	add(InvoiceDate, it, 0.8, "Fattura del", "Documento del", "Nota di credito del")
	add(InvoiceDate, it, 0.7, "Emessa il", "Emessa in data")
	add(InvoiceDate, it, 0.6, "Data")
	add(InvoiceDate, it, 0.35, "del")
	add(InvoiceDate, en, 1,
		"Invoice date", "Date of invoice", "Date of issue", "Issue date", "Date issued",
		"Invoice issue date", "Credit note date", "Receipt date", "Tax invoice date")
	add(InvoiceDate, en, 0.9, "Document date", "Tax point date", "Invoiced on", "Inv. date")
	add(InvoiceDate, en, 0.8, "Invoice dated", "Issued on", "Billing date", "Date of billing")
	add(InvoiceDate, en, 0.7, "Tax point")
	add(InvoiceDate, en, 0.35, "dated")
	add(InvoiceDate, de, 1,
		"Rechnungsdatum", "Belegdatum", "Ausstellungsdatum", "Datum der Rechnung",
		"Gutschriftsdatum", "Gutschriftdatum", "Rechnungsausstellungsdatum")
	add(InvoiceDate, de, 0.9, "Dokumentdatum", "Ausgestellt am", "Datum der Ausstellung")
	add(InvoiceDate, de, 0.8, "Rechnung vom", "Gutschrift vom")
	add(InvoiceDate, de, 0.6, "Datum")
	add(InvoiceDate, de, 0.35, "vom")
	add(InvoiceDate, fr, 1,
		"Date de facture", "Date de la facture", "Date facture", "Date de facturation",
		"Date d'émission", "Date d'émission de la facture", "Date de l'avoir", "Date d'avoir")
	add(InvoiceDate, fr, 0.8, "Facture du", "Avoir du", "Émise le", "Établie le")
	add(InvoiceDate, fr, 0.3, "du")
	add(InvoiceDate, shared, 0.6, "Date")

	add(DueDate, it, 1,
		"Data scadenza", "Data di scadenza", "Scadenza pagamento", "Scadenza fattura",
		"Data scadenza pagamento", "Da pagare entro", "Pagare entro", "Pagabile entro",
		"Scadenza rata", "Data di pagamento entro", "Termine di pagamento")
	add(DueDate, it, 0.9, "Scadenza", "Quando scade", "Scade il")
	add(DueDate, it, 0.85, "Scadenze")
	add(DueDate, it, 0.8, "Scad.", "Scad. pagamento", "Data pagamento", "Data di pagamento")
	add(DueDate, it, 0.5, "Entro il")
	add(DueDate, en, 1,
		"Due date", "Date due", "Payment due", "Payment due date", "Payment date due",
		"Please pay by", "Payable by", "Due by", "Due on", "Pay by", "Payment due by")
	add(DueDate, en, 0.4, "Due")
	add(DueDate, de, 1,
		"Fälligkeitsdatum", "Fällig am", "Fälligkeit", "Zahlbar bis", "Zahlbar bis zum",
		"Fällig bis", "Fälligkeitstermin", "Zahlungstermin", "Zu zahlen bis", "Fällig zum",
		"Bitte zahlen Sie bis", "Zahlung bis")
	add(DueDate, de, 0.7, "Fällig")
	add(DueDate, fr, 1,
		"Date d'échéance", "Échéance", "Date limite de paiement", "Date limite de règlement",
		"À payer avant le", "A régler avant le", "À payer le", "Échéance de paiement",
		"Date d'exigibilité", "Payable avant le")
	add(DueDate, fr, 0.8, "Date limite", "Payable le", "Échéances")

	add(ServiceDate, de, 1,
		"Leistungsdatum", "Lieferdatum", "Liefer- und Leistungsdatum", "Liefer-/Leistungsdatum",
		"Leistungszeitpunkt", "Lieferzeitpunkt", "Datum der Leistung", "Datum der Lieferung")
	add(ServiceDate, de, 0.8, "Leistungszeitraum", "Lieferzeitraum", "Abrechnungszeitraum", "Liefertermin")
	add(ServiceDate, de, 0.7, "Zeitraum")
	add(ServiceDate, it, 1,
		"Data consegna", "Data di consegna", "Data prestazione", "Data della prestazione",
		"Data spedizione", "Data di spedizione", "Data DDT", "Data trasporto", "Data di trasporto")
	add(ServiceDate, it, 0.8, "Periodo di fatturazione", "Periodo di riferimento",
		"Periodo di competenza", "Data inizio trasporto")
	add(ServiceDate, en, 1,
		"Delivery date", "Date of delivery", "Date of supply", "Service date", "Shipping date",
		"Ship date", "Date shipped", "Dispatch date", "Supply date")
	add(ServiceDate, en, 0.8, "Service period", "Billing period", "Period of service", "Delivery period")
	add(ServiceDate, fr, 1,
		"Date de livraison", "Date de prestation", "Date d'expédition", "Date de la prestation",
		"Date de début de prestation", "Date de fin de prestation")
	add(ServiceDate, fr, 0.8, "Période de prestation", "Période de facturation", "Période de livraison")
	add(ServiceDate, fr, 0.7, "Période")
	add(ServiceDate, en, 0.7, "Period")
	add(ServiceDate, it, 0.7, "Periodo")

	add(OrderDate, it, 1, "Data ordine", "Data dell'ordine", "Data ordine cliente", "Data ordine d'acquisto")
	add(OrderDate, en, 1, "Order date", "Date of order", "PO date", "Purchase order date")
	add(OrderDate, de, 1, "Bestelldatum", "Auftragsdatum", "Datum der Bestellung")
	add(OrderDate, de, 0.8, "Bestellt am", "Bestellung vom", "Auftrag vom")
	add(OrderDate, fr, 1, "Date de commande", "Date commande", "Date de la commande", "Date du bon de commande")

	// ---------------------------------------------------------------- references
	add(RelatedInvoice, it, 1,
		"Fattura di riferimento", "Fattura collegata", "Fattura originale", "Fattura originaria",
		"Fattura stornata", "Storno fattura", "Storno fattura n.", "A storno fattura",
		"A storno della fattura", "A storno della fattura n.", "Rettifica fattura n.")
	add(RelatedInvoice, en, 1,
		"Original invoice", "Original invoice No.", "Original invoice number", "Related invoice",
		"Related invoice No.", "Corrected invoice", "Corrected invoice No.", "Preceding invoice",
		"Preceding invoice No.", "Referenced invoice", "Credited invoice", "Invoice being credited",
		"Relates to invoice", "Relating to invoice")
	add(RelatedInvoice, de, 1,
		"Ursprungsrechnung", "Ursprungsrechnung Nr.", "Originalrechnung", "Originalrechnung Nr.",
		"Bezugsrechnung", "Bezugsrechnung Nr.", "Ursprüngliche Rechnung", "Korrigierte Rechnung",
		"Stornierte Rechnung", "Vorhergehende Rechnung", "Korrektur zur Rechnung Nr.",
		"Korrektur zu Rechnung Nr.")
	add(RelatedInvoice, fr, 1,
		"Facture associée", "N° de facture associée", "N° facture associée", "Facture d'origine",
		"N° de facture d'origine", "Facture initiale", "Facture rectifiée", "Facture antérieure",
		"Facture de référence", "N° de facture de référence", "Sur facture n°",
		"Annule et remplace la facture n°")

	add(Transmission, it, 1,
		"Progressivo di invio", "Progressivo invio", "Identificativo di trasmissione",
		"Identificativo trasmissione", "Ident. di trasmissione", "Id. trasmissione",
		"Identificativo SdI", "Identificativo SDI", "Id. SdI", "Nome file", "Nome del file")
	add(Transmission, en, 1, "Transmission ID", "Transmission identifier", "Message ID", "File name")
	add(Transmission, de, 1, "Übertragungskennung", "Übertragungs-ID", "Nachrichten-ID", "Dateiname")
	add(Transmission, fr, 1, "Identifiant de transmission", "Identifiant du message", "Nom du fichier")

	add(Validity, it, 1,
		"Scadenza offerta", "Data scadenza offerta", "Data di scadenza offerta",
		"Data di scadenza dell'offerta", "Scadenza dell'offerta", "Validità offerta",
		"Validità dell'offerta", "Offerta valida fino al", "Scadenza contratto",
		"Data scadenza contratto", "Data di scadenza del contratto", "Scadenza del contratto",
		"Fine contratto", "Validità preventivo", "Preventivo valido fino al", "Valido fino al")
	add(Validity, en, 1,
		"Offer valid until", "Offer expires", "Offer expiry date", "Quote valid until",
		"Quotation valid until", "Valid until", "Validity", "Contract end date", "Contract expires",
		"Contract expiry date", "Price valid until", "Prices valid until")
	add(Validity, de, 1,
		"Angebot gültig bis", "Gültig bis", "Gültigkeit", "Angebotsgültigkeit", "Vertragsende",
		"Vertragslaufzeit bis", "Preise gültig bis", "Bindefrist")
	add(Validity, fr, 1,
		"Offre valable jusqu'au", "Validité de l'offre", "Devis valable jusqu'au", "Valable jusqu'au",
		"Date de fin de contrat", "Fin de contrat", "Date d'expiration de l'offre", "Validité du devis")

	add(PONumber, it, 1,
		"Ordine n.", "N. ordine", "Vs. ordine", "Vostro ordine", "Vs. ordine n.",
		"Rif. ordine", "Riferimento ordine", "Rif. vs. ordine", "Ordine cliente", "Ordine cliente n.",
		"Rif. ordine cliente", "Ordine d'acquisto", "Ordine di acquisto", "N. ordine d'acquisto",
		"Buono d'ordine", "Vs. ordine del", "Conferma d'ordine n.", "Vs.Ord.", "Vs. Ord.", "Vs. ord. n.")
	add(PONumber, it, 0.6, "Ordine", "Vs. rif.", "Vostro riferimento", "Vs. riferimento")
	add(PONumber, en, 1,
		"PO Number", "Purchase order", "Purchase order number", "Purchase order No.",
		"Order No.", "Order number", "Your order", "Your order No.", "Customer PO",
		"Customer PO No.", "P.O. No.", "Order reference")
	add(PONumber, en, 0.8, "Order ID", "Customer order", "Customer order No.")
	add(PONumber, en, 0.7, "!PO", "!P.O.")
	add(PONumber, en, 0.6, "Your reference", "Your ref.")
	add(PONumber, en, 0.5, "Order")
	add(PONumber, en, 0.4, "Reference")
	add(PONumber, de, 1,
		"Bestellnummer", "Bestell-Nr.", "Ihre Bestellung", "Ihre Bestellnummer", "Ihre Bestell-Nr.",
		"Bestellung Nr.", "Auftragsnummer", "Auftrags-Nr.", "Auftrag Nr.", "Ihr Auftrag",
		"Ihr Auftrag Nr.", "Bestellreferenz", "Ihre Auftragsnummer", "Kundenbestellung",
		"Kundenauftrag", "Kundenbestellnummer")
	add(PONumber, de, 0.7, "Bestellung")
	add(PONumber, de, 0.6, "Auftrag", "Ihre Referenz", "Ihr Zeichen")
	add(PONumber, fr, 1,
		"Bon de commande", "N° de bon de commande", "N° bon de commande", "Bon de commande n°",
		"Commande n°", "N° commande", "N° de commande", "Votre commande", "Votre commande n°",
		"Réf. commande", "Référence commande", "Référence de commande", "Votre bon de commande")
	add(PONumber, fr, 0.6, "Commande", "Votre référence", "Votre réf.")
	add(PONumber, fr, 0.5, "Vos références", "Vos réf.")

	add(CustomerNumber, it, 1,
		"Codice cliente", "Cod. cliente", "Cod. cli.", "Cliente n.", "N. cliente",
		"ID cliente", "Id. cliente", "Conto cliente", "Codice utente", "Codice anagrafica",
		"Vostro codice", "Vs. codice", "Codice cliente n.",
		"Numero contratto", "N. contratto", "Codice contratto", "Conto contrattuale")
	add(CustomerNumber, en, 1,
		"Customer No.", "Customer number", "Customer ID", "Customer code", "Customer account",
		"Customer account No.", "Account No.", "Account number", "Client No.", "Client ID",
		"Client number", "Your customer No.", "Contract No.", "Contract number")
	add(CustomerNumber, en, 0.8, "Account ID", "Customer ref.", "Customer reference", "Client ref.", "Client reference")
	add(CustomerNumber, de, 1,
		"Kundennummer", "Kunden-Nr.", "Kd.-Nr.", "KdNr.", "Kunden-ID", "Kundenkonto",
		"Debitorennummer", "Debitoren-Nr.", "Ihre Kundennummer", "Ihre Kunden-Nr.",
		"Kunde Nr.", "Vertragsnummer")
	add(CustomerNumber, de, 0.6, "Debitor")
	// The buyer's own routing reference of EN 16931 (BT-10), printed by
	// e-invoice visualisations: a code, never the buyer's name.
	add(CustomerNumber, it, 0.8, "Riferimento acquirente", "Rif. acquirente", "Riferimento amministrazione")
	add(CustomerNumber, en, 0.8, "Buyer reference", "Buyer ref.")
	add(CustomerNumber, de, 0.8, "Käuferreferenz", "Leitweg-ID", "Leitweg-Id")
	add(CustomerNumber, fr, 0.8, "Référence acheteur", "Réf. acheteur", "Référence de l'acheteur")
	add(CustomerNumber, fr, 1,
		"N° client", "N° de client", "Numéro de client", "Code client", "Réf. client",
		"Référence client", "Id client", "Identifiant client", "Compte client",
		"N° d'abonné", "N° de compte client", "N° de contrat")

	add(DeliveryNote, it, 1,
		"DDT", "DDT n.", "N. DDT", "Rif. DDT", "Documento di trasporto", "Doc. di trasporto",
		"Documento di trasporto n.", "Rif. doc. di trasporto", "Rif. DDT n.", "Bolla di consegna",
		"D.d.T.", "Bolla n.", "Rif. bolla")
	add(DeliveryNote, it, 0.7, "Bolla")
	add(DeliveryNote, en, 1, "Delivery note", "Delivery note No.", "Delivery No.", "Packing slip",
		"Despatch note", "Dispatch note", "Packing list", "Delivery note number")
	add(DeliveryNote, de, 1, "Lieferschein", "Lieferscheinnummer", "Lieferschein-Nr.",
		"Lieferschein Nr.", "Lieferung Nr.", "Lieferungsnummer")
	add(DeliveryNote, fr, 1, "Bon de livraison", "N° bon de livraison", "N° de bon de livraison",
		"Bon de livraison n°", "Bordereau de livraison")

	add(Page, it, 1, "Pagina", "Pag.")
	add(Page, it, 0.8, "Foglio")
	add(Page, de, 1, "Seite")
	add(Page, de, 0.7, "Blatt")
	add(Page, shared, 1, "Page")

	add(Staff, it, 1, "Agente", "Commesso", "Operatore", "Cassiere", "Addetto", "Referente",
		"Incaricato", "Rappresentante", "Venditore incaricato", "Alla c.a.", "Alla cortese attenzione di")
	add(Staff, en, 1, "Sales agent", "Sales rep", "Sales rep.", "Sales representative", "Salesperson",
		"Sales person", "Cashier", "Operator", "Account manager", "Contact person", "Attn.", "Attention")
	add(Staff, de, 1, "Sachbearbeiter", "Sachbearbeiterin", "Bearbeiter", "Bearbeiterin",
		"Ansprechpartner", "Ansprechpartnerin", "Kundenbetreuer", "Kundenbetreuerin", "Kassierer",
		"Verkaufsberater", "Außendienst", "Vertreter", "z. Hd.", "z.Hd.")
	add(Staff, fr, 1, "Interlocuteur", "Conseiller", "Conseillère", "Caissier",
		"Suivi par", "Affaire suivie par", "Dossier suivi par", "A l'attention de", "À l'attention de")

	// ---------------------------------------------------------------- payment
	add(PaymentTerms, it, 1,
		"Termini di pagamento", "Condizioni di pagamento", "Condizioni pagamento",
		"Termini pagamento", "Cond. pagamento", "Cond. pag.", "Condizioni di vendita",
		"Condizione di pagamento", "Condizione pagamento",
		"Termini e condizioni di pagamento", "Termine di pagamento", "Termine pagamento")
	add(PaymentTerms, it, 0.6, "Pagamento", "Pagam.")
	add(PaymentTerms, en, 1, "Payment terms", "Terms of payment", "Payment conditions",
		"Credit terms", "Terms of sale", "Payment term")
	add(PaymentTerms, en, 0.6, "Terms")
	add(PaymentTerms, en, 0.5, "Payment")
	add(PaymentTerms, en, 0.8, "Payable within", "Payable on receipt", "Due on receipt", "Net 30 days",
		"Payable upon receipt", "Due upon receipt")
	add(PaymentTerms, de, 1, "Zahlungsbedingungen", "Zahlungsbedingung", "Zahlungsziel",
		"Zahlungskonditionen", "Zahlungsfrist", "Zahlungsvereinbarung", "Skontovereinbarung",
		"Skontobedingungen")
	add(PaymentTerms, de, 0.8, "Zahlbar innerhalb", "Zahlbar sofort", "Zahlbar ohne Abzug", "Zahlbar netto",
		"Bei Zahlung innerhalb", "Zahlbar nach Erhalt", "Zahlbar bei Erhalt", "Zahlbar nach Rechnungserhalt",
		"Zahlbar nach Rechnungseingang")
	add(PaymentTerms, de, 0.6, "Konditionen")
	add(PaymentTerms, de, 0.5, "Zahlung")
	add(PaymentTerms, fr, 1, "Conditions de paiement", "Conditions de règlement",
		"Termes de paiement", "Délai de paiement", "Délai de règlement",
		"Modalités de paiement", "Modalités de règlement", "Conditions de vente")
	add(PaymentTerms, fr, 0.8, "Payable à réception", "Payable sous", "Paiement à réception",
		"Payable dès réception", "Paiement à la réception")
	add(PaymentTerms, fr, 0.6, "Règlement")
	add(PaymentTerms, fr, 0.5, "Paiement")

	add(PaymentMethod, it, 1,
		"Modalità di pagamento", "Modalità pagamento", "Mod. pagamento", "Mod. pag.",
		"Metodo di pagamento", "Metodo pagamento", "Tipo pagamento", "Tipo di pagamento",
		"Mezzo di pagamento", "Forma di pagamento", "Forma pagamento", "Strumento di pagamento")
	add(PaymentMethod, it, 0.8, "Pagamento tramite", "Pagamento a mezzo")
	add(PaymentMethod, en, 1, "Payment method", "Method of payment", "Payment type",
		"Payment mode", "Payment means", "Payment option", "Mode of payment")
	add(PaymentMethod, en, 0.7, "Paid by", "Paid with", "Payment via")
	add(PaymentMethod, de, 1, "Zahlungsart", "Zahlungsweise", "Zahlungsmethode", "Zahlungsform",
		"Zahlungsmittel", "Bezahlart", "Zahlart", "Bezahlmethode", "Zahlungsweg")
	add(PaymentMethod, de, 0.7, "Bezahlt mit", "Bezahlt per", "Zahlung per")
	add(PaymentMethod, fr, 1, "Mode de règlement", "Mode de paiement", "Moyen de paiement",
		"Moyen de règlement", "Type de paiement", "Mode de règlement choisi")
	add(PaymentMethod, fr, 0.7, "Payé par", "Réglé par", "Paiement par")

	add(Currency, it, 1, "Valuta importi")
	add(Currency, it, 0.9, "Valuta", "Divisa")
	add(Currency, en, 1, "Currency", "Invoice currency")
	add(Currency, de, 1, "Währung", "Rechnungswährung")
	add(Currency, fr, 1, "Devise")
	add(Currency, fr, 0.8, "Monnaie")

	// ---------------------------------------------------------------- amounts
	add(Subtotal, it, 1,
		"Imponibile", "Totale imponibile", "Tot. imponibile", "Imponibile IVA", "Base imponibile",
		"Netto merce", "Totale netto", "Tot. netto", "Imponibile totale", "Importo netto",
		"Totale parziale", "Subtotale", "Totale IVA esclusa", "Totale senza IVA",
		"Imponibile netto", "Totale imponibili", "Importo imponibile", "Totale netto merce",
		"Totale prodotti e servizi", "Totale beni e servizi")
	add(Subtotal, it, 0.8, "Totale merce", "Totale prestazioni", "Totale servizi", "Totale beni",
		"Totale prodotti", "Totale merci", "Totale articoli", "Totale righe")
	add(Subtotal, it, 0.65, "Netto")
	add(Subtotal, en, 1,
		"Subtotal", "Net amount", "Net total", "Total net", "Total net amount",
		"Total excl. VAT", "Total excluding VAT", "Total excl. tax", "Total excluding tax",
		"Total before tax", "Amount before tax", "Total before VAT", "Amount excl. VAT",
		"Taxable amount", "Total without VAT", "Total ex. VAT", "Total ex VAT", "Net value",
		"Total net value", "Subtotal excl. VAT", "Sub total")
	add(Subtotal, en, 0.9, "Taxable value", "Total taxable")
	add(Subtotal, en, 0.8, "Items total", "Goods total")
	add(Subtotal, en, 0.6, "Net")
	add(Subtotal, de, 1,
		"Nettobetrag", "Zwischensumme", "Summe netto", "Nettosumme", "Gesamtbetrag netto",
		"Gesamt netto", "Netto gesamt", "Nettowert", "Rechnungsbetrag netto", "Gesamtsumme netto",
		"Summe ohne MwSt.", "Betrag netto", "Nettogesamtbetrag", "Gesamtnettobetrag",
		"Summe Netto", "Nettobetrag gesamt", "Steuerbasis", "Bemessungsgrundlage",
		"Gesamtbetrag ohne MwSt.", "Summe exkl. MwSt.", "Warenwert netto")
	add(Subtotal, de, 0.9, "Warenwert")
	add(Subtotal, de, 0.8, "Summe Positionen", "Positionssumme", "Positionen gesamt")
	add(Subtotal, de, 0.65, "Netto")
	add(Subtotal, fr, 1,
		"Total HT", "Montant HT", "Sous-total", "Total hors taxes", "Montant hors taxes",
		"Total hors TVA", "Base HT", "Base imposable", "Net HT", "Total net HT",
		"Montant net HT", "Total HT net", "Montant total HT", "Sous-total HT", "Total H.T.",
		"Montant total hors taxes", "Total brut HT")
	add(Subtotal, fr, 0.9, "Prix total HT")
	add(Subtotal, fr, 0.8, "Total articles HT")

	// A sum qualified by the tax it leaves out is the net, by the tax it
	// takes in the gross: any sum word, any way of saying so, any name of
	// the tax ("Gesamtbetrag exkl. USt.", "Amount excluding sales tax",
	// "Totale al netto dell'IVA", "Montant hors taxes").
	v = append(v, taxQualified()...)

	add(TaxAmount, it, 1,
		"Totale IVA", "Tot. IVA", "Importo IVA", "Totale imposta", "Imposta IVA", "IVA totale",
		"Ammontare IVA", "Totale imposte", "Importo imposta", "IVA dovuta", "Totale I.V.A.")
	add(TaxAmount, it, 0.85, "IVA", "Imposta")
	add(TaxAmount, it, 0.7, "Imposte")
	add(TaxAmount, en, 1, "Sales tax", "Total tax", "Tax amount", "VAT amount", "Total VAT",
		"Tax total", "VAT total", "Amount of VAT", "Total tax amount", "Total sales tax",
		"GST amount", "Total GST", "VAT due")
	add(TaxAmount, en, 0.85, "VAT")
	add(TaxAmount, en, 0.8, "GST")
	add(TaxAmount, en, 0.7, "Tax")
	add(TaxAmount, de, 1, "Umsatzsteuer", "Mehrwertsteuer", "MwSt.-Betrag", "USt.-Betrag",
		"Steuerbetrag", "Summe MwSt.", "Summe USt.", "Gesamt MwSt.", "MwSt. gesamt",
		"Umsatzsteuerbetrag", "Mehrwertsteuerbetrag", "Betrag MwSt.", "Betrag USt.",
		"Summe Umsatzsteuer", "Gesamtsteuerbetrag", "Steuer gesamt")
	add(TaxAmount, de, 0.9, "zzgl. MwSt.", "zzgl. USt.", "zuzüglich MwSt.", "zzgl. Umsatzsteuer",
		"zuzüglich Umsatzsteuer", "enthaltene MwSt.", "enthaltene USt.")
	add(TaxAmount, de, 0.85, "MwSt.", "USt.")
	add(TaxAmount, de, 0.6, "Steuer")
	add(TaxAmount, fr, 1, "Total TVA", "Montant TVA", "Montant de la TVA", "Montant de TVA",
		"TVA totale", "Total des taxes", "Montant des taxes", "Total taxes", "Montant total TVA")
	add(TaxAmount, fr, 0.85, "TVA")
	add(TaxAmount, fr, 0.8, "Montant taxes")
	add(TaxAmount, fr, 0.6, "Taxes")

	add(TaxRate, it, 1, "Aliquota IVA", "Aliq. IVA", "% IVA", "IVA %", "Perc. IVA",
		"Percentuale IVA", "Aliquota IVA applicata", "Aliquota d'imposta")
	add(TaxRate, it, 0.9, "Aliquota", "Aliq.")
	add(TaxRate, en, 1, "Tax rate", "VAT rate", "VAT %", "Tax %", "Rate of VAT", "GST rate",
		"% VAT", "VAT rate %", "Tax rate %", "Sales tax rate")
	add(TaxRate, de, 1, "Steuersatz", "MwSt.-Satz", "USt.-Satz", "MwSt. %", "USt. %",
		"Umsatzsteuersatz", "Mehrwertsteuersatz", "Steuer %", "Steuersatz %", "% MwSt.", "% USt.")
	add(TaxRate, de, 0.5, "Satz")
	add(TaxRate, fr, 1, "Taux de TVA", "Taux TVA", "TVA %", "% TVA", "Taux de taxe", "Taux de la TVA")
	add(TaxRate, fr, 0.5, "Taux")

	add(Total, it, 1,
		"Totale documento", "Totale fattura", "Importo totale", "Tot. documento", "Tot. fattura",
		"Totale generale", "Totale complessivo", "Totale da pagare", "Totale a pagare",
		"Importo totale documento", "Totale importo", "Totale IVA inclusa", "Totale IVA compresa",
		"Importo complessivo", "Tot. doc.", "Totale ivato", "Totale nota di credito",
		"Totale parcella", "Totale ricevuta", "Totale (IVA inclusa)", "Importo totale fattura")
	add(Total, it, 0.9, "Totale bolletta", "Totale lordo", "Importo fattura")
	add(Total, it, 0.75, "Totale")
	add(Total, en, 1, "Total amount", "Grand total", "Invoice total", "Total incl. VAT",
		"Total including VAT", "Total incl. tax", "Total including tax", "Total inc. VAT",
		"Total gross", "Gross total", "Total invoice amount", "Total (incl. VAT)",
		"Total amount incl. VAT", "Credit note total", "Total invoice value", "Invoice amount")
	add(Total, en, 0.9, "Gross amount", "Total value", "Total sum")
	add(Total, de, 1, "Gesamtbetrag", "Rechnungsbetrag", "Bruttobetrag", "Summe brutto",
		"Endbetrag", "Gesamtsumme", "Rechnungssumme", "Gesamtbetrag brutto", "Rechnungsendbetrag",
		"Bruttosumme", "Gesamt brutto", "Rechnungsbetrag brutto", "Gesamtbetrag inkl. MwSt.",
		"Summe inkl. MwSt.", "Gesamtbetrag inkl. USt.", "Summe inkl. USt.", "Brutto gesamt",
		"Gesamtbruttobetrag", "Gutschriftsbetrag", "Gesamtbetrag Dokument", "Endsumme",
		"Bruttorechnungsbetrag", "Total inkl. MwSt.")
	add(Total, de, 0.9, "Betrag inkl. MwSt.", "Betrag inkl. USt.", "Brutto inkl. MwSt.")
	add(Total, de, 0.7, "Brutto", "Gesamt")
	add(Total, de, 0.6, "Summe")
	add(Total, fr, 1, "Total TTC", "Montant TTC", "Montant total", "Total facture",
		"Montant total TTC", "Total général", "Total de la facture", "Total T.T.C.",
		"Total toutes taxes comprises", "Montant toutes taxes comprises", "Total avoir")
	add(Total, fr, 0.9, "Montant de la facture", "Prix total TTC", "Net TTC")
	add(Total, shared, 0.75, "Total")

	add(AmountDue, it, 1,
		"Netto a pagare", "Netto da pagare", "Da pagare", "Importo da pagare", "Importo dovuto",
		"Residuo da pagare", "Saldo da pagare", "Resta da pagare", "Totale netto a pagare",
		"Importo da versare", "Rimane da pagare", "Importo residuo")
	add(AmountDue, it, 0.9, "Totale dovuto")
	add(AmountDue, it, 0.6, "Saldo")
	add(AmountDue, en, 1, "Amount due", "Total due", "Balance due", "Amount payable",
		"Total payable", "Amount to pay", "Amount to be paid", "Total amount due",
		"Please pay", "Total to pay", "Outstanding amount", "Outstanding balance",
		"Amount outstanding", "Balance payable", "Remaining balance", "Total amount payable",
		"Net amount due", "Amount now due", "Amount due for payment", "Due payable",
		"Payable amount", "Amount due payable")
	add(AmountDue, en, 0.9, "Net payable")
	add(AmountDue, en, 0.5, "Balance")
	add(AmountDue, de, 1, "Zahlbetrag", "Zu zahlen", "Zu zahlender Betrag", "Offener Betrag",
		"Restbetrag", "Fälliger Betrag", "Zahlungsbetrag", "Noch zu zahlen", "Offener Saldo",
		"Gesamt zu zahlen", "Rechnungsbetrag zu zahlen", "Zu zahlender Gesamtbetrag",
		"Auszahlungsbetrag", "Zu überweisender Betrag")
	add(AmountDue, de, 0.8, "Bitte zahlen Sie")
	add(AmountDue, fr, 1, "Net à payer", "Montant dû", "Reste à payer", "Montant à payer",
		"Somme à payer", "Total à payer", "Solde dû", "Solde à payer", "Montant restant dû",
		"Net à payer TTC", "Total TTC à payer", "Montant à régler", "Somme due", "Restant dû",
		"Montant net à payer", "Total à régler")
	add(AmountDue, fr, 0.8, "À payer")
	add(AmountDue, fr, 0.6, "Solde")

	add(Discount, it, 1, "Sconto", "Abbuono", "Sconti", "Totale sconto", "Totale sconti",
		"Sconto incondizionato", "Sconto finale", "Sconto in fattura", "Abbuoni",
		"Importo sconto", "Sconto merce", "Sconto cassa", "Sconto pagamento")
	add(Discount, it, 0.8, "Sconto/Maggiorazione", "Sconto o maggiorazione")
	add(Discount, en, 1, "Discount", "Total discount", "Discounts", "Discount amount",
		"Less discount", "Cash discount", "Early payment discount", "Invoice discount")
	add(Discount, en, 0.8, "Rebate")
	add(Discount, en, 0.7, "Allowance")
	add(Discount, de, 1, "Rabatt", "Skonto", "Nachlass", "Preisnachlass", "Rabattbetrag",
		"Skontobetrag", "Gesamtrabatt", "Rabatte", "Nachlässe", "Sofortrabatt", "Mengenrabatt",
		"Sondernachlass", "Sonderrabatt", "Rechnungsrabatt", "Rechnungsrabatte", "Treuerabatt",
		"Gesamtbetrag der Abschläge", "Summe der Abschläge", "Summe Abschläge", "Summe Rabatte",
		"Gesamtbetrag der Rabatte", "Summe der Rabatte", "Summe der Nachlässe")
	add(Discount, de, 0.5, "Abschlag")
	// An allowance or charge column: its negative amounts are discounts,
	// as with "Sconto/Maggiorazione".
	add(Discount, de, 0.8, "Zu-/Abschlag", "Zu-/Abschläge", "Ab-/Zuschlag", "Zu- und Abschläge")
	add(Discount, fr, 1, "Remise", "Escompte", "Rabais", "Ristourne", "Total remise",
		"Total remises", "Remise globale", "Montant remise", "Remises", "Montant de la remise",
		"Remise commerciale")

	add(StampDuty, it, 1, "Bollo", "Imposta di bollo", "Marca da bollo", "Bollo virtuale",
		"Spese di bollo", "Spese bollo", "Bolli", "Importo bollo", "Rimborso bollo",
		"Rimborso spese bollo", "Bollo assolto", "Addebito bollo", "Bollo su fattura")
	add(StampDuty, en, 1, "Stamp duty", "Stamp tax")
	add(StampDuty, de, 1, "Stempelsteuer", "Stempelgebühr", "Stempelwert", "Betrag Stempelwert")
	add(StampDuty, en, 0.8, "Revenue stamp")
	add(StampDuty, de, 1, "Stempelgebühr", "Stempelsteuer", "Stempelmarke")
	add(StampDuty, fr, 1, "Droit de timbre", "Droits de timbre", "Timbre fiscal")

	add(Withholding, it, 1, "Ritenuta d'acconto", "Ritenuta di acconto", "Rit. acconto",
		"Rit. d'acconto", "Ritenuta IRPEF", "Importo ritenuta", "Dati ritenuta d'acconto",
		"Ritenuta fiscale", "Ritenuta a titolo d'acconto", "Ritenuta d'acconto IRPEF",
		"Totale ritenuta", "Totale ritenute", "Ritenute")
	add(Withholding, it, 0.85, "Ritenuta")
	add(Withholding, it, 0.7, "!R.A.")
	add(Withholding, en, 1, "Withholding tax", "Tax withheld", "Withholding amount", "Amount withheld")
	add(Withholding, en, 0.8, "Withholding", "!WHT")
	add(Withholding, de, 1, "Quellensteuer", "Steuereinbehalt", "Abzugsteuer", "Einbehaltene Steuer")
	add(Withholding, de, 0.7, "Einbehalt")
	add(Withholding, fr, 1, "Retenue à la source", "Retenue fiscale", "Montant de la retenue")
	add(Withholding, fr, 0.8, "Précompte")
	add(Withholding, fr, 0.7, "Retenue")

	// ---------------------------------------------------------------- identifiers
	add(VATNumber, it, 1, "Partita IVA", "P.IVA", "P. IVA", "PIVA", "P.I.V.A.", "Part. IVA",
		"Part. I.V.A.", "P.Iva", "N. partita IVA", "Partita IVA n.", "P.IVA n.",
		"Identificativo fiscale ai fini IVA", "Ident. fiscale ai fini IVA", "Id. fiscale IVA",
		"Identificativo IVA", "Id fiscale IVA", "Codice identificativo IVA", "Vs. P.IVA",
		"Vostra partita IVA", "Posizione IVA", "Pos. IVA", "Vs. Pos. IVA")
	add(VATNumber, it, 0.9, "C.F./P.IVA", "P.IVA/C.F.", "C.F. e P.IVA", "P.IVA e C.F.",
		"Codice fiscale e partita IVA", "Partita IVA e codice fiscale", "Partita IVA/Codice fiscale",
		"Codice fiscale/Partita IVA", "C.F. - P.IVA", "P.IVA - C.F.", "Cod. Fiscale/P.IVA",
		"Cod. Fisc./P.IVA", "Codice fiscale/P.IVA", "P.IVA/Cod. Fiscale")
	add(VATNumber, it, 0.7, "!P.I.")
	add(VATNumber, en, 1, "VAT No.", "VAT Reg. No.", "VAT Registration No.", "VAT Registration Number",
		"VAT ID", "VAT ID No.", "VAT Reg.", "VAT identification number", "VAT identification No.",
		"VATIN", "Tax ID", "Tax ID No.", "EU VAT No.", "EU VAT ID", "VAT Registration",
		"VAT-ID", "VAT Reg. Number", "Company VAT No.", "VAT registration ID")
	add(VATNumber, en, 0.8, "Tax identification number", "GSTIN", "GST No.", "GST Reg. No.",
		"GST Registration No.", "VAT/TIN", "VAT TIN", "TIN No.")
	add(VATNumber, en, 0.7, "!TIN")
	add(VATNumber, de, 1, "USt-IdNr.", "USt-ID", "UStId", "USt-Id-Nr.", "UID-Nr.",
		"Umsatzsteuer-ID", "Umsatzsteuer-Identifikationsnummer", "Umsatzsteuer-Identnummer",
		"USt-Ident-Nr.", "USt-IdNr", "Umsatzsteuer-Id-Nr.", "USt-Identifikationsnummer",
		"MwSt-Nr.", "MWST-Nr.", "Umsatzsteueridentifikationsnummer", "Ust-ID-Nummer",
		"Mehrwertsteuernummer", "Mehrwertsteuer-Nummer", "MwSt.-Nummer", "MwSt-Nummer")
	add(VATNumber, de, 0.8, "!UID")
	add(VATNumber, de, 0.7, "USt-Nr.")
	add(VATNumber, fr, 1, "N° TVA", "Numéro de TVA", "N° de TVA", "TVA intracommunautaire",
		"N° TVA intracommunautaire", "N° de TVA intracommunautaire",
		"Numéro de TVA intracommunautaire", "N° TVA intra", "N° de TVA intra", "TVA intra",
		"N° d'identification TVA", "Numéro d'identification TVA", "Identifiant TVA", "Id. TVA",
		"N° intracommunautaire", "Numéro intracommunautaire", "Code TVA intracommunautaire",
		"N° d'identification à la TVA", "Identifiant de TVA")

	add(FiscalCode, it, 1, "Codice fiscale", "C.F.", "Cod. Fisc.", "Cod. Fiscale", "C. Fiscale",
		"Cod.Fisc.", "Codice fiscale n.", "N. codice fiscale")
	add(FiscalCode, en, 0.9, "Fiscal code")
	add(FiscalCode, fr, 0.9, "Code fiscal")

	add(TaxNumber, de, 1, "Steuernummer", "Steuer-Nr.", "St.-Nr.", "StNr.", "Steuer-ID",
		"Steuer-Identifikationsnummer", "Steuernr.", "Steuer-Nummer")
	add(TaxNumber, en, 0.7, "Tax number", "Tax No.")

	add(SIRET, fr, 1, "SIRET", "N° SIRET", "Numéro SIRET", "SIRET n°")
	add(SIREN, fr, 1, "SIREN", "N° SIREN", "Numéro SIREN", "SIREN n°")
	add(CompanyRegister, fr, 1, "RCS", "R.C.S.", "Registre du commerce",
		"Registre du commerce et des sociétés", "N° RCS", "N° de RCS")
	add(CompanyRegister, it, 1, "Registro imprese", "Registro delle imprese", "Reg. Imprese",
		"!REA", "!R.E.A.", "N. REA", "Iscrizione REA", "Iscrizione al Registro delle Imprese",
		"C.C.I.A.A.", "CCIAA", "Reg. Impr.")
	add(CompanyRegister, de, 1, "Handelsregister", "Registergericht", "!HRB", "!HRA",
		"Handelsregisternummer", "Handelsregister-Nr.", "Firmenbuchnummer", "Firmenbuch",
		"Registernummer", "Handelsregistereintrag", "Handelsregistereintragung")
	add(CompanyRegister, de, 0.6, "Amtsgericht")
	add(CompanyRegister, en, 0.9, "Company No.", "Company registration number",
		"Company reg. No.", "Company registration No.", "Registered number", "Company registration")
	add(CompanyRegister, en, 0.7, "Registration number", "Registration No.")
	add(ShareCapital, it, 1, "Capitale sociale", "Cap. soc.", "Cap. sociale", "Capitale sociale i.v.")
	add(ShareCapital, en, 1, "Share capital")
	add(ShareCapital, de, 1, "Stammkapital", "Grundkapital")
	add(ShareCapital, fr, 1, "Capital social", "Au capital de", "Société au capital de")
	add(ShareCapital, shared, 0.5, "Capital")

	add(IBAN, shared, 1, "IBAN", "IBAN No.", "IBAN code")
	add(IBAN, it, 1, "Codice IBAN", "Coordinate IBAN")
	add(IBAN, it, 0.8, "Coordinate bancarie", "Coord. bancarie", "Estremi bancari", "Appoggio bancario")
	add(IBAN, it, 0.6, "Conto corrente", "C/C bancario")
	add(IBAN, en, 0.9, "Bank account No.", "Bank account number")
	add(IBAN, en, 0.8, "Bank details", "Bank account", "Banking details", "Account details")
	add(IBAN, de, 1, "Verkäufer-IBAN", "Empfänger-IBAN")
	add(IBAN, de, 0.8, "Bankverbindung", "Bankverbindungen", "Bankdaten", "Kontoverbindung")
	add(IBAN, de, 0.6, "Kontonummer", "Kto.-Nr.", "Konto-Nr.")
	add(IBAN, de, 0.5, "Konto")
	add(IBAN, fr, 0.8, "!RIB", "Coordonnées bancaires", "Relevé d'identité bancaire")
	add(IBAN, fr, 0.7, "Compte bancaire")

	add(BIC, shared, 1, "BIC", "SWIFT", "BIC/SWIFT", "SWIFT/BIC", "SWIFT code", "BIC code",
		"SWIFT-BIC", "BIC-SWIFT")
	add(BIC, it, 1, "Codice BIC", "Codice SWIFT", "Cod. BIC", "Codice BIC/SWIFT")
	add(BIC, fr, 1, "Code BIC", "Code SWIFT")
	add(BIC, en, 0.9, "Sort code", "Bank sort code", "Routing number", "ABA routing number", "ABA number")
	add(BIC, de, 0.9, "Bankleitzahl", "!BLZ")

	add(Bank, it, 1, "Banca d'appoggio", "Istituto bancario", "Istituto di credito",
		"Banca di appoggio", "Nome banca")
	add(Bank, it, 0.7, "Banca")
	add(Bank, en, 1, "Bank name", "Name of bank")
	add(Bank, en, 0.7, "Bank")
	add(Bank, de, 1, "Bankname", "Kreditinstitut", "Geldinstitut", "Bankinstitut", "Name der Bank")
	add(Bank, de, 0.7, "Bank")
	add(Bank, fr, 1, "Nom de la banque", "Établissement bancaire", "Domiciliation bancaire")
	add(Bank, fr, 0.7, "Banque", "Domiciliation")

	add(SDICode, it, 1, "Codice destinatario", "Cod. destinatario", "Cod. Dest.", "Codice SDI",
		"Cod. SDI", "Codice univoco", "Codice univoco ufficio", "Codice univoco SDI",
		"Codice identificativo destinatario", "Codice identificativo SDI", "ID SDI",
		"Codice destinatario SDI", "Codice SdI destinatario", "Cod. univoco", "Codice ufficio")
	add(SDICode, it, 0.8, "SDI", "Codice IPA")
	add(SDICode, en, 0.8, "Recipient code", "SDI code")
	add(SDICode, de, 0.8, "Kennung Rechnungsempfänger", "Empfängerkennung")

	add(PEC, it, 1, "PEC", "Indirizzo PEC", "E-mail PEC", "PEC destinatario",
		"Posta elettronica certificata", "Casella PEC", "Mail PEC", "Indirizzo PEC destinatario")

	add(Email, shared, 1, "E-mail", "E-mail address")
	add(Email, shared, 0.7, "Mail")
	add(Email, it, 1, "Indirizzo e-mail", "Posta elettronica", "Indirizzo di posta elettronica")
	add(Email, de, 1, "E-Mail-Adresse", "Mailadresse")
	add(Email, fr, 1, "Courriel", "Adresse e-mail", "Adresse électronique", "Adresse mail",
		"Adresse de courriel")
	add(Email, fr, 0.8, "Mél.")

	add(Phone, it, 1, "Tel.", "Telefono", "Tel. n.", "N. tel.", "Numero di telefono", "Cell.",
		"Cellulare", "Recapito telefonico", "N. telefono", "Tel. cell.")
	add(Phone, it, 0.8, "Tel./Fax", "Numero verde")
	add(Phone, en, 1, "Phone", "Telephone", "Telephone number", "Phone number", "Phone No.",
		"Tel. No.", "Mobile", "Mobile phone", "Mob.", "Cell phone", "Telephone No.")
	add(Phone, en, 0.7, "Ph.")
	add(Phone, de, 1, "Telefon", "Telefonnummer", "Tel.-Nr.", "Mobilnummer", "Mobiltelefon",
		"Telefon-Nr.", "Rufnummer")
	add(Phone, de, 0.8, "Handy", "Mobil", "Tel./Fax")
	add(Phone, de, 0.7, "Fon")
	add(Phone, fr, 1, "Téléphone", "Tél.", "N° de téléphone", "Numéro de téléphone",
		"Tél. portable", "Tél. mobile")
	add(Phone, fr, 0.8, "Portable")
	add(Phone, en, 0.6, "Contact")
	add(Phone, fr, 0.6, "Contact")
	add(Phone, de, 0.6, "Kontakt")

	add(Fax, shared, 1, "Fax", "Telefax", "Fax No.", "Fax number")
	add(Fax, it, 1, "N. fax", "Numero di fax")
	add(Fax, de, 1, "Faxnummer", "Fax-Nr.")
	add(Fax, fr, 1, "Télécopie", "Télécopieur", "N° de fax", "Numéro de fax")

	// ---------------------------------------------------------------- party blocks
	add(BuyerBlock, it, 1, "Spett.le", "Spettabile", "Spett.", "Destinatario", "Cessionario",
		"Committente", "Cessionario/Committente", "Cessionario / Committente", "Intestatario",
		"Intestatario fattura", "Intestatario documento", "Intestazione documento",
		"Dati cliente", "Dati del cliente", "Fatturare a", "Fattura intestata a",
		"Dati del cessionario", "Dati del cessionario/committente", "Acquirente",
		"Spett.le ditta", "Cliente destinatario", "Cessionario/committente (cliente)",
		"I tuoi dati", "I suoi dati", "I miei dati", "I tuoi dati identificativi",
		"I suoi dati identificativi", "Indirizzo cliente")
	add(BuyerBlock, it, 0.8, "Cliente", "Compratore", "Intestazione")
	add(BuyerBlock, it, 0.6, "Gentile", "Egregio", "Egr.", "Gent.le", "Alla cortese attenzione")
	add(BuyerBlock, en, 1, "Bill to", "Billed to", "Invoice to", "Invoiced to", "Sold to",
		"Billing address", "Bill-to address", "Invoice address", "Billing to", "Buyer",
		"Customer details", "Customer information", "Billing information", "Bill to address",
		"Purchaser", "Customer address", "Your details")
	add(BuyerBlock, en, 0.9, "Recipient")
	add(BuyerBlock, en, 0.8, "Customer")
	add(BuyerBlock, en, 0.3, "To")
	add(BuyerBlock, de, 1, "Rechnungsempfänger", "Rechnungsadresse", "Rechnungsanschrift",
		"Käufer", "Leistungsempfänger", "Rechnung an", "Kundenanschrift", "Kundenadresse",
		"Empfänger der Rechnung", "Ihre Daten")
	add(BuyerBlock, de, 0.8, "Empfänger", "Auftraggeber", "Besteller")
	add(BuyerBlock, de, 0.7, "Kunde")
	add(BuyerBlock, fr, 1, "Facturé à", "Facturer à", "Destinataire", "Adresse de facturation",
		"Acheteur", "Acquéreur", "Client facturé", "Facture adressée à", "Adresse du client",
		"Adresse client", "Vos coordonnées")
	add(BuyerBlock, fr, 0.5, "Doit")
	add(BuyerBlock, shared, 0.7, "Client")

	add(VendorBlock, it, 1, "Fornitore", "Cedente", "Prestatore", "Cedente/Prestatore",
		"Cedente / Prestatore", "Mittente", "Venditore", "Emittente", "Emesso da",
		"Dati fornitore", "Dati del fornitore", "Dati del cedente", "Dati del cedente/prestatore",
		"Cedente/prestatore (fornitore)", "Venduto da", "Fatturato da")
	add(VendorBlock, en, 1, "Seller", "Supplier", "Vendor", "Issuer", "Issued by", "Sold by",
		"Service provider", "Bill from", "Billed by", "Invoice from", "Supplier details",
		"Seller details", "Biller", "Invoiced by")
	add(VendorBlock, en, 0.7, "Remit to", "Payee", "Pay to", "Payable to")
	add(VendorBlock, en, 0.4, "From")
	add(VendorBlock, de, 1, "Verkäufer", "Lieferant", "Rechnungssteller", "Leistungserbringer",
		"Rechnungsaussteller", "Auftragnehmer", "Verkauft von", "Leistender Unternehmer",
		"Rechnung von", "Aussteller")
	add(VendorBlock, de, 0.7, "Absender", "Zahlungsempfänger")
	add(VendorBlock, fr, 1, "Vendeur", "Fournisseur", "Émetteur", "Prestataire", "Vendu par",
		"Émis par", "Facturé par", "Émetteur de la facture")
	add(VendorBlock, fr, 0.7, "Expéditeur")

	add(ShipTo, it, 1, "Destinazione merce", "Luogo di consegna", "Luogo di destinazione",
		"Indirizzo di consegna", "Consegna a", "Spedire a", "Destinazione diversa",
		"Indirizzo di spedizione", "Destinatario merce", "Sede di consegna", "Luogo consegna",
		"Destinazione della merce")
	add(ShipTo, it, 0.8, "Destinazione")
	add(ShipTo, en, 1, "Ship to", "Shipping address", "Deliver to", "Delivery address",
		"Ship-to address", "Shipped to", "Delivered to", "Delivery to", "Ship to address")
	add(ShipTo, de, 1, "Lieferanschrift", "Lieferadresse", "Lieferung an", "Versandadresse",
		"Warenempfänger", "Abweichende Lieferadresse", "Lieferanschrift abweichend")
	add(ShipTo, fr, 1, "Livré à", "Livrer à", "Adresse de livraison", "Lieu de livraison")
	add(ShipTo, fr, 0.7, "Livraison")

	// ---------------------------------------------------------------- document types
	add(DocInvoice, it, 1, "Fattura", "Fattura elettronica", "Fattura differita",
		"Fattura immediata", "Fattura accompagnatoria", "Fattura di vendita", "Autofattura",
		"Fattura d'acconto", "Fattura commerciale")
	add(DocInvoice, it, 0.8, "Bolletta")
	add(DocInvoice, en, 1, "Invoice", "Tax invoice", "Commercial invoice", "VAT invoice",
		"Sales invoice")
	add(DocInvoice, en, 0.5, "Bill")
	add(DocInvoice, de, 1, "Rechnung", "Handelsrechnung", "Teilrechnung", "Schlussrechnung",
		"Abschlagsrechnung", "Sammelrechnung", "Endrechnung")
	add(DocInvoice, fr, 1, "Facture", "Facture commerciale")
	add(DocCreditNote, it, 1, "Nota di credito", "Nota credito", "Nota di accredito",
		"Fattura di storno")
	add(DocCreditNote, en, 1, "Credit note", "Credit memo", "Credit invoice")
	add(DocCreditNote, de, 1, "Gutschrift", "Rechnungskorrektur", "Stornorechnung",
		"Korrekturrechnung", "Gutschriftsanzeige", "Rechnungsgutschrift")
	add(DocCreditNote, de, 0.8, "Storno")
	add(DocCreditNote, fr, 1, "Avoir", "Facture d'avoir", "Note de crédit")
	add(DocCreditNote, fr, 0.8, "Facture rectificative")
	add(DocDebitNote, it, 1, "Nota di debito", "Nota debito", "Nota di addebito")
	add(DocDebitNote, en, 1, "Debit note", "Debit memo")
	add(DocDebitNote, de, 1, "Belastungsanzeige", "Lastschriftanzeige", "Belastungsnote")
	add(DocDebitNote, fr, 1, "Note de débit")
	add(DocProforma, it, 1, "Fattura proforma", "Fattura pro forma", "Fattura pro-forma",
		"Proforma", "Pro forma")
	add(DocProforma, en, 1, "Pro forma invoice", "Proforma invoice", "Pro-forma invoice")
	add(DocProforma, de, 1, "Proformarechnung", "Proforma-Rechnung", "Pro-forma-Rechnung")
	add(DocProforma, fr, 1, "Facture proforma", "Facture pro forma", "Facture pro-forma")
	add(DocFeeNote, it, 1, "Parcella", "Notula", "Avviso di parcella", "Parcella proforma")
	add(DocFeeNote, en, 1, "Fee note")
	add(DocFeeNote, de, 1, "Honorarnote", "Honorarrechnung", "Honorarabrechnung")
	add(DocFeeNote, fr, 1, "Note d'honoraires", "Note d'honoraire")
	add(DocReceipt, it, 1, "Ricevuta", "Ricevuta fiscale", "Ricevuta di pagamento")
	add(DocReceipt, it, 0.8, "Scontrino", "Scontrino fiscale")
	add(DocReceipt, en, 1, "Receipt", "Sales receipt", "Payment receipt")
	add(DocReceipt, de, 1, "Quittung", "Kassenbon", "Kassenbeleg", "Zahlungsbeleg")
	add(DocReceipt, fr, 1, "Reçu", "Ticket de caisse", "Reçu de paiement")

	// ---------------------------------------------------------------- payment methods (values)
	add(PayBankTransfer, it, 1, "Bonifico", "Bonifico bancario", "Bonifico SEPA",
		"Bonifico anticipato", "Bonifico bancario anticipato", "Bonifico postale", "MP05")
	add(PayBankTransfer, it, 0.6, "!B.B.")
	add(PayBankTransfer, en, 1, "Bank transfer", "Wire transfer", "Bank wire", "Credit transfer",
		"SEPA credit transfer", "SEPA transfer", "Direct bank transfer", "Electronic funds transfer")
	add(PayBankTransfer, en, 0.8, "Please remit", "Remit to", "Please transfer")
	add(PayBankTransfer, en, 0.5, "Wire")
	add(PayBankTransfer, en, 0.4, "Transfer")
	add(PayBankTransfer, de, 1, "Überweisung", "Banküberweisung", "SEPA-Überweisung",
		"Per Überweisung")
	add(PayBankTransfer, de, 0.8, "Bitte überweisen Sie", "überweisen Sie")
	add(PayBankTransfer, fr, 1, "Virement", "Virement bancaire", "Virement SEPA", "Par virement")
	add(PaySEPA, shared, 1, "!SDD", "SEPA direct debit", "SEPA DD", "SEPA Core", "SEPA B2B")
	add(PaySEPA, it, 1, "Addebito diretto", "Addebito diretto SEPA", "Addebito SEPA",
		"Addebito in conto", "Addebito su conto corrente", "Domiciliazione bancaria",
		"Addebito automatico", "!RID", "MP09", "MP19", "MP20", "MP21")
	add(PaySEPA, it, 0.7, "Domiciliazione")
	add(PaySEPA, en, 1, "Direct debit")
	add(PaySEPA, de, 1, "Lastschrift", "SEPA-Lastschrift", "Lastschriftverfahren",
		"SEPA-Lastschriftverfahren", "Bankeinzug", "SEPA-Basislastschrift", "Basislastschrift",
		"SEPA-Firmenlastschrift", "Firmenlastschrift", "Lastschrifteinzug", "Abbuchung")
	add(PaySEPA, de, 0.5, "Einzug")
	add(PaySEPA, fr, 1, "Prélèvement", "Prélèvement SEPA", "Prélèvement automatique",
		"Par prélèvement")
	add(PayCard, it, 1, "Carta di credito", "Carta di debito", "Bancomat", "Pagobancomat",
		"Carta prepagata", "MP08", "Pagamento POS", "Pagamento con POS", "Tramite POS",
		"POS/Bancomat", "Bancomat/POS", "Carta/POS")
	add(PayCard, it, 0.7, "!POS")
	add(PayCard, it, 0.5, "Carta")
	add(PayCard, en, 1, "Credit card", "Debit card", "Card payment")
	add(PayCard, en, 0.5, "Card")
	add(PayCard, shared, 0.8, "Visa", "Mastercard", "American Express", "Amex")
	add(PayCard, de, 1, "Kreditkarte", "EC-Karte", "Girocard", "Kartenzahlung", "Debitkarte")
	add(PayCard, de, 0.5, "Karte")
	add(PayCard, fr, 1, "Carte bancaire", "Carte de crédit", "Carte bleue", "Paiement par carte",
		"Carte de débit")
	add(PayCard, fr, 0.6, "!CB")
	add(PayCard, fr, 0.5, "Carte")
	add(PayCash, it, 1, "Contanti", "Contante", "In contanti", "Pagamento in contanti", "MP01")
	add(PayCash, en, 1, "Cash", "Cash payment", "In cash")
	add(PayCash, de, 1, "Barzahlung", "In bar", "Bargeld", "Bar bezahlt")
	add(PayCash, de, 0.5, "Bar")
	add(PayCash, fr, 1, "Espèces", "En espèces")
	add(PayCash, fr, 0.8, "Numéraire")
	add(PayCheque, it, 1, "Assegno", "Assegno bancario", "Assegno circolare", "MP02", "MP03",
		"Assegni", "Intestare gli assegni a", "Assegni intestati a")
	add(PayCheque, en, 1, "Cheque", "Bank cheque", "By cheque", "Cheques", "Make cheques payable to",
		"Make checks payable to", "Make all checks payable to", "Checks payable to", "Pay by check")
	add(PayCheque, en, 0.5, "Check")
	add(PayCheque, de, 1, "Scheck", "Schecks", "Verrechnungsscheck", "Per Scheck")
	add(PayCheque, fr, 1, "Chèque", "Par chèque", "Chèques", "Chèques à l'ordre de")
	add(PayRiba, it, 1, "Ri.Ba.", "Ricevuta bancaria", "Ricevute bancarie", "Ricevuta bancaria elettronica", "MP12")
	add(PayRiba, it, 0.6, "!R.B.")
	add(PayPaypal, shared, 1, "PayPal")

	// ---------------------------------------------------------------- column headers
	add(ColDescription, it, 1, "Descrizione", "Descrizione articolo", "Descrizione prodotto",
		"Descrizione dei beni", "Descrizione bene/servizio", "Descrizione beni/servizi",
		"Descrizione della prestazione", "Descrizione servizio", "Descrizione merce")
	add(ColDescription, it, 0.7, "Articolo", "Prodotto")
	add(ColDescription, it, 0.5, "Oggetto")
	add(ColDescription, en, 1, "Item description", "Product description", "Description of goods",
		"Description of services", "Particulars", "Product name")
	add(ColDescription, en, 0.7, "Item")
	add(ColDescription, en, 0.6, "Product")
	add(ColDescription, en, 0.5, "Service")
	add(ColDescription, en, 0.5, "Details")
	add(ColDescription, de, 1, "Bezeichnung", "Beschreibung", "Artikelbezeichnung",
		"Leistungsbeschreibung", "Artikelbeschreibung", "Produktbezeichnung", "Warenbezeichnung")
	add(ColDescription, de, 0.7, "Artikel", "Leistung", "Produkt")
	add(ColDescription, fr, 1, "Désignation", "Libellé", "Désignation du produit",
		"Description du produit", "Nature des prestations")
	add(ColDescription, fr, 0.7, "Article", "Produit", "Prestation")
	add(ColDescription, shared, 1, "Description")

	add(ColQuantity, it, 1, "Q.tà", "Quantità", "Q.ta", "Qt.", "Quant.", "Q.tà fatt.")
	add(ColQuantity, it, 0.5, "Pezzi")
	add(ColQuantity, en, 1, "Qty", "Quantity", "Qty.", "Q'ty", "No. of units")
	add(ColQuantity, en, 0.5, "Hours", "Hrs", "Units")
	add(ColQuantity, de, 1, "Menge", "Anzahl", "Anz.", "Stückzahl")
	add(ColQuantity, de, 0.5, "Stunden", "Std.")
	add(ColQuantity, fr, 1, "Qté", "Quantité", "Qte")
	add(ColQuantity, fr, 0.5, "Nombre", "Nb")

	add(ColUnit, it, 1, "Unità di misura", "Unità misura", "Un. mis.")
	add(ColUnit, it, 1, "!U.M.", "!UM")
	add(ColUnit, it, 0.8, "Unità")
	add(ColUnit, en, 1, "UOM", "!U/M", "Unit of measure", "Unit of measurement")
	add(ColUnit, en, 0.8, "Unit")
	add(ColUnit, de, 1, "Einheit", "Mengeneinheit", "Einh.", "!ME", "Maßeinheit")
	add(ColUnit, fr, 1, "Unité", "Unité de mesure")
	add(ColUnit, fr, 0.8, "!UN")

	add(ColUnitPrice, it, 1, "Prezzo unitario", "Prezzo unit.", "Prezzo un.", "Pr. unitario",
		"Pr. unit.", "Importo unitario", "Costo unitario", "Valore unitario", "Prezzo netto",
		"Prezzo unitario netto")
	add(ColUnitPrice, it, 0.9, "Prezzo", "Prezzi")
	add(ColUnitPrice, en, 1, "Unit price", "Unit cost", "Price per unit", "Price/unit",
		"Unit rate", "Unit price excl. VAT", "Net price")
	add(ColUnitPrice, en, 0.9, "Price", "Prices")
	add(ColUnitPrice, en, 0.5, "Rate")
	add(ColUnitPrice, de, 1, "Einzelpreis", "E-Preis", "Stückpreis", "Preis/Einheit",
		"Einzelpreis netto", "Preis pro Einheit", "Nettopreis", "Nettoeinzelpreis", "Einzelpreis EUR")
	add(ColUnitPrice, de, 0.8, "Preis", "Preise", "VK-Preis", "Einheitspreis")
	add(ColUnitPrice, fr, 1, "Prix unitaire", "PU HT", "P.U. HT", "P.U.", "Prix unitaire HT",
		"Prix unit. HT", "Prix unit.")
	add(ColUnitPrice, fr, 0.8, "Prix", "Prix HT")
	add(ColUnitPrice, fr, 0.6, "Tarif")

	add(ColAmount, it, 1, "Totale riga", "Importo riga", "Prezzo totale", "Valore totale",
		"Importo netto riga", "Tot. riga")
	add(ColAmount, it, 0.9, "Importo")
	add(ColAmount, it, 0.7, "Totale")
	add(ColAmount, it, 0.6, "Valore")
	add(ColAmount, en, 1, "Line total", "Line amount", "Extended price", "Ext. price",
		"Total price", "Amount excl. VAT", "Net amount")
	add(ColAmount, en, 0.9, "Amount")
	add(ColAmount, de, 1, "Gesamtpreis", "Zeilenbetrag", "Positionsbetrag", "Gesamtpreis netto",
		"Betrag netto", "Nettobetrag", "Positionswert", "Gesamt netto", "Pos.-Betrag")
	add(ColAmount, de, 0.9, "G-Preis", "Ges.-Preis", "Ges.Preis")
	add(ColAmount, de, 0.8, "Betrag")
	add(ColAmount, de, 0.7, "Entgelt", "Gesamt")
	add(ColAmount, de, 0.6, "Summe")
	add(ColAmount, fr, 1, "Montant HT", "Total HT", "Total ligne", "Montant ligne",
		"Prix total HT", "Montant net HT", "Montant TTC", "Total TTC")
	add(ColAmount, fr, 0.8, "Montant")
	add(ColAmount, shared, 0.7, "Total")

	add(ColTaxRate, it, 1, "Aliquota IVA", "Aliq. IVA", "% IVA", "IVA %", "Cod. IVA", "Codice IVA",
		"C. IVA", "Perc. IVA")
	add(ColTaxRate, it, 0.9, "Aliq.", "Aliquota")
	add(ColTaxRate, it, 0.8, "IVA")
	add(ColTaxRate, en, 1, "VAT %", "Tax %", "Tax rate", "VAT rate", "% VAT", "VAT code", "Tax code")
	add(ColTaxRate, en, 0.8, "VAT")
	add(ColTaxRate, en, 0.7, "Tax", "Taxes")
	add(ColTaxRate, de, 1, "MwSt. %", "USt. %", "Steuersatz", "MwSt.-Satz", "USt.-Satz",
		"Steuer %", "% MwSt.", "% USt.", "Steuerschlüssel")
	add(ColTaxRate, de, 0.8, "MwSt.", "USt.")
	add(ColTaxRate, de, 0.6, "Steuer")
	add(ColTaxRate, fr, 1, "TVA %", "% TVA", "Taux TVA", "Taux de TVA", "Code TVA")
	add(ColTaxRate, fr, 0.8, "TVA")
	add(ColTaxRate, fr, 0.5, "Taux")

	add(ColDiscount, it, 1, "Sconto", "Sc.%", "Sconto %", "Sc.", "% Sconto", "Sconti",
		"Sconto/Magg.", "Sconto o magg.")
	add(ColDiscount, en, 1, "Discount", "Disc.", "Disc.%", "Discount %", "% Discount")
	add(ColDiscount, de, 1, "Rabatt", "Rabatt %", "% Rabatt", "Nachlass")
	add(ColDiscount, fr, 1, "Remise", "Rem.", "Remise %", "% Remise", "Rabais")

	add(ColCode, it, 1, "Codice", "Cod.", "Codice articolo", "Cod. art.", "Cod. articolo",
		"Codice prodotto", "Cod. prodotto", "Codice art.")
	add(ColCode, it, 0.5, "Rif.", "Riferimento")
	add(ColCode, en, 1, "Item code", "Product code", "Item No.", "Part No.", "Article No.",
		"Part number", "Item number", "Product No.", "SKU")
	add(ColCode, en, 0.7, "Code")
	add(ColCode, de, 1, "Artikelnummer", "Art.-Nr.", "Artikel-Nr.", "ArtNr.", "Art. Nr.",
		"Produktnummer", "Materialnummer", "Artikelcode")
	add(ColCode, fr, 1, "Référence", "Réf.", "Code article", "Réf. article", "Référence article",
		"Code produit")
	add(ColCode, fr, 0.7, "Code")

	add(ColPosition, it, 1, "Nr. riga", "N. riga", "Nr. linea", "N. linea")
	add(ColPosition, it, 0.7, "Riga", "Posizione")
	add(ColPosition, en, 1, "Line No.")
	add(ColPosition, en, 0.5, "Line")
	add(ColPosition, de, 1, "Pos.", "Pos", "Position", "Pos.-Nr.", "Positionsnummer")
	add(ColPosition, de, 0.5, "Zeile")
	add(ColPosition, fr, 1, "N° ligne", "N° de ligne")
	add(ColPosition, fr, 0.5, "Ligne")

	// ---------------------------------------------------------------- not labels
	// Phrases that contain a label word but introduce something else; they win
	// overlaps by being longer (or exact) and are never reported.
	add(stopKind, shared, 1,
		"Servizio clienti", "Area clienti", "Assistenza clienti", "Servizio clienti business",
		"Customer service", "Customer care", "Customer support", "Customer portal",
		"Kundenservice", "Kundendienst", "Kundenportal", "Service clients", "Service client",
		"Espace client", "Espace abonné", "P.O. Box", "PO Box",
		"Impossibile", "Imponibile previdenziale", "Aliquota ritenuta", "Aliquota contributo cassa",
		"Importo contributo cassa", "Contributo cassa", "Tipologia ritenuta", "Causale ritenuta",
		"Data di nascita", "Date of birth", "Geburtsdatum", "Date de naissance",
		"Terms and conditions", "Allgemeine Geschäftsbedingungen",
		"Conditions générales de vente", "Condizioni generali di vendita",
		"Conditions générales",
		// Totals of charges are neither the invoice total nor a discount.
		"Gesamtbetrag der Zuschläge", "Summe der Zuschläge", "Summe Zuschläge",
		"Total des frais", "Total charges", "Totale maggiorazioni",
		// Amounts outside the scope of VAT or exempt from it carry no tax:
		// the VAT word in their name labels none.
		"fuori campo IVA", "Importo fuori campo IVA", "Operazioni fuori campo IVA",
		"esente IVA", "esenti IVA", "esente da IVA", "non soggetto a IVA", "non soggetta a IVA",
		"outside the scope of VAT", "out of scope of VAT", "VAT exempt", "exempt from VAT",
		"nicht steuerbar", "hors champ de TVA", "hors champ TVA", "exonéré de TVA",
		"exonérée de TVA", "non soumis à TVA", "non soumis à la TVA")
	return v
}

// keyVocabulary is the lexicon of the keys forms print a party's data
// under ("Denominazione:", "Indirizzo:", "CAP:", "Comune:") and of the
// headings over those data ("Dati anagrafici", "Sede legale"). Their
// words are also common words of names and streets ("Comune di Roma",
// "12 rue de la Paix"), so they are kept out of Find, whose callers take
// any hit for a label, and found by FindKeys, whose callers weigh them
// with where they stand.
func keyVocabulary() []def {
	var v []def
	add := func(k Kind, lang string, w float64, labels ...string) {
		v = append(v, def{kind: k, lang: lang, weight: w, labels: labels})
	}
	add(PartyName, it, 1, "Denominazione", "Ragione sociale", "Denominazione sociale",
		"Nome e cognome", "Cognome e nome", "Nominativo", "Nome commerciale", "Insegna",
		"Nome cliente")
	add(PartyName, en, 1, "Company name", "Business name", "Legal name", "Trading name", "Trade name",
		"Full name", "Customer name")
	add(PartyName, de, 1, "Firmenname", "Firmenbezeichnung", "Vor- und Nachname", "Handelsname",
		"Kundenname")
	add(PartyName, fr, 1, "Raison sociale", "Dénomination", "Dénomination sociale", "Nom et prénom",
		"Nom de la société", "Nom commercial", "Nom du client", "Nom de l'abonné", "Nom du titulaire")
	add(GivenName, it, 1, "Nome")
	add(GivenName, en, 1, "First name", "Given name", "Forename")
	add(GivenName, de, 1, "Vorname")
	add(GivenName, fr, 1, "Prénom")
	add(FamilyName, it, 1, "Cognome")
	add(FamilyName, en, 1, "Last name", "Surname", "Family name")
	add(FamilyName, de, 1, "Nachname", "Familienname")
	add(FamilyName, fr, 1, "Nom de famille")
	add(Street, it, 1, "Indirizzo", "Via e numero civico", "Indirizzo sede")
	add(Street, en, 1, "Street", "Street address", "Address line 1")
	add(Street, en, 0.8, "Address")
	add(Street, de, 1, "Straße", "Strasse", "Straße und Hausnummer", "Adresse")
	add(Street, fr, 1, "Rue", "Adresse", "Voie")
	add(HouseNumber, it, 1, "Numero civico", "N. civico")
	add(HouseNumber, it, 0.8, "Civico")
	add(HouseNumber, en, 1, "House number", "Building number")
	add(HouseNumber, de, 1, "Hausnummer", "Hausnr.")
	add(HouseNumber, fr, 1, "Numéro de rue", "Numéro de voie")
	add(ZipCode, it, 1, "CAP", "C.A.P.", "Codice postale", "Codice di avviamento postale")
	add(ZipCode, en, 1, "ZIP", "ZIP code", "Postal code", "Postcode", "Post code")
	add(ZipCode, de, 1, "PLZ", "Postleitzahl")
	add(ZipCode, fr, 1, "Code postal")
	add(ZipCode, fr, 0.7, "CP")
	add(City, it, 1, "Comune", "Città", "Località")
	add(City, en, 1, "City", "Town", "Town/City")
	add(City, de, 1, "Stadt", "Wohnort")
	add(City, de, 0.8, "Ort")
	add(City, fr, 1, "Ville", "Commune", "Localité")
	add(Province, it, 1, "Provincia", "Prov.", "Sigla provincia")
	add(Province, en, 1, "County", "State", "Province", "Region", "State/Province")
	add(Province, de, 1, "Bundesland", "Kanton")
	add(Province, fr, 1, "Département", "Région", "Province")
	add(Country, it, 1, "Nazione", "Paese")
	add(Country, en, 1, "Country", "Country code")
	add(Country, de, 1, "Staat", "Länderkennzeichen")
	add(Country, de, 0.8, "Land")
	add(Country, fr, 1, "Pays", "Code pays")
	add(Heading, it, 1, "Dati anagrafici", "Dati fiscali", "Recapiti", "Dati di contatto",
		"Dati della sede", "Sede legale", "Sede operativa", "Dati di iscrizione")
	add(Heading, en, 1, "Contact details", "Contact information", "Company details",
		"Registered office")
	add(Heading, en, 0.8, "Details")
	add(Heading, de, 1, "Anagrafische Daten", "Kontaktdaten", "Anschrift",
		"Firmensitz", "Stammdaten")
	add(Heading, fr, 1, "Coordonnées", "Siège social", "Données fiscales")
	return v
}

// taxQualified returns the sums qualified by the tax they leave out
// (Subtotal) or take in (Total), in each language: every sum word with
// every way of saying so and every name of the VAT. A word for taxes in
// general is none: net of "imposte", an Italian utility bill's total
// leaves out its excise duties, and its VAT base is another line.
func taxQualified() []def {
	type lang struct {
		code        string
		sums, taxes []string
		excl, incl  []string // "%s" stands for the tax
	}
	langs := []lang{
		{de,
			[]string{"Summe", "Gesamtsumme", "Gesamtbetrag", "Rechnungssumme", "Rechnungsbetrag", "Betrag",
				"Gesamt", "Endsumme", "Endbetrag", "Positionssumme", "Warenwert", "Total"},
			[]string{"MwSt.", "USt.", "Umsatzsteuer", "Mehrwertsteuer"},
			[]string{"ohne %s", "exkl. %s", "exklusive %s", "excl. %s", "vor %s"},
			[]string{"inkl. %s", "inklusive %s", "incl. %s", "mit %s", "einschl. %s", "einschließlich %s"}},
		{it,
			[]string{"Totale", "Importo", "Importo totale", "Totale documento", "Totale fattura", "Tot."},
			[]string{"IVA"},
			[]string{"%s esclusa", "escluso %s", "esclusa %s", "senza %s", "al netto dell'%s",
				"al netto di %s", "netto %s"},
			[]string{"%s inclusa", "%s compresa", "incluso %s", "inclusa %s", "compresa %s", "comprensivo di %s",
				"comprensivo dell'%s", "con %s", "%s incl."}},
		{en,
			[]string{"Total", "Amount", "Sum", "Invoice total", "Total amount", "Invoice amount", "Subtotal"},
			[]string{"VAT", "tax", "taxes", "GST", "sales tax"},
			[]string{"excl. %s", "excluding %s", "ex. %s", "ex %s", "before %s", "without %s", "net of %s",
				"exclusive of %s", "pre-%s"},
			[]string{"incl. %s", "including %s", "inc. %s", "with %s", "inclusive of %s"}},
		{fr,
			[]string{"Total", "Montant", "Montant total", "Somme", "Prix total", "Total facture"},
			[]string{"TVA", "taxes", "taxe"},
			[]string{"hors %s", "sans %s", "%s non comprise", "%s exclue"},
			[]string{"%s comprise", "%s incluse", "toutes %s comprises", "avec %s", "y compris %s"}},
	}
	var out []def
	for _, l := range langs {
		for _, q := range []struct {
			kind  Kind
			forms []string
		}{{Subtotal, l.excl}, {Total, l.incl}} {
			d := def{kind: q.kind, lang: l.code, weight: 1, exact: true}
			seen := map[string]bool{}
			for _, sum := range l.sums {
				for _, f := range q.forms {
					for _, tax := range l.taxes {
						label := sum + " " + strings.ReplaceAll(f, "%s", tax)
						if !seen[label] {
							seen[label] = true
							d.labels = append(d.labels, label)
						}
					}
				}
			}
			out = append(out, d)
		}
	}
	return out
}
