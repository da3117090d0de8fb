package testpdf

// This file holds the label wordings the layout families print, per
// concept and language: invoicing programs word the same thing in many
// ways, and each generated invoice draws its wording from these lists.
// Every wording here is one a real program prints.

// lexicon maps a concept to its wordings per language.
var lexicon = map[string]map[string][]string{
	"invoice": {
		"it": {"FATTURA", "Fattura", "FATTURA IMMEDIATA", "Fattura differita", "FATTURA DI VENDITA"},
		"en": {"INVOICE", "Invoice", "TAX INVOICE", "VAT INVOICE", "Sales Invoice"},
		"de": {"RECHNUNG", "Rechnung", "Ausgangsrechnung"},
		"fr": {"FACTURE", "Facture", "Facture de vente"},
	},
	"credit": {
		"it": {"NOTA DI CREDITO", "Nota di credito", "NOTA CREDITO"},
		"en": {"CREDIT NOTE", "Credit Note", "Credit Memo"},
		"de": {"GUTSCHRIFT", "Rechnungskorrektur", "Gutschrift", "Stornorechnung"},
		"fr": {"AVOIR", "Avoir", "Facture d'avoir"},
	},
	"feenote": {
		"it": {"PARCELLA", "Parcella", "Notula", "Avviso di parcella"},
		"en": {"FEE NOTE", "Fee note"},
	},
	"doctype": {
		"it": {"Tipo documento", "Documento", "Tipo doc."},
		"en": {"Document type", "Document"},
		"de": {"Belegart", "Dokument", "Beleg"},
		"fr": {"Type de document", "Document", "Type"},
	},
	"number": {
		"it": {"Numero", "N.", "Nr.", "Numero documento", "N. documento", "Num. doc."},
		"en": {"Invoice No.", "Invoice number", "Invoice #", "Number", "No.", "Invoice Number"},
		"de": {"Rechnungsnummer", "Rechnungs-Nr.", "Re.-Nr.", "Nummer", "Beleg-Nr.", "Rechnung Nr."},
		"fr": {"N° facture", "Facture n°", "Numéro", "N°", "Numéro de facture", "Réf. facture"},
	},
	"creditnumber": {
		"it": {"Numero", "N.", "Nota di credito n.", "N. documento"},
		"en": {"Credit note No.", "Credit note number", "Number", "Credit Note #"},
		"de": {"Gutschrift-Nr.", "Nummer", "Beleg-Nr.", "Korrektur-Nr."},
		"fr": {"Avoir n°", "N° d'avoir", "Numéro", "N°"},
	},
	"date": {
		"it": {"Data", "Data documento", "Data fattura", "Data doc."},
		"en": {"Date", "Invoice date", "Date of issue", "Issue date", "Invoice Date"},
		"de": {"Datum", "Rechnungsdatum", "Belegdatum", "Rechnungsdat."},
		"fr": {"Date", "Date de facture", "Date d'émission", "Date facture"},
	},
	"due": {
		"it": {"Scadenza", "Data scadenza", "Scad.", "Scadenza pagamento"},
		"en": {"Due date", "Payment due", "Due", "Date due", "Due Date"},
		"de": {"Fällig am", "Fälligkeit", "Zahlbar bis", "Fälligkeitsdatum"},
		"fr": {"Échéance", "Date d'échéance", "À régler avant le", "Date limite de paiement"},
	},
	"customerno": {
		"it": {"Cod. cliente", "Codice cliente", "Cliente n.", "Cod. Cli."},
		"en": {"Customer ID", "Customer No.", "Account No.", "Client ref."},
		"de": {"Kundennummer", "Kunden-Nr.", "Kd.-Nr.", "Ihre Kundennr."},
		"fr": {"Code client", "N° client", "Réf. client", "Client n°"},
	},
	"attn": {
		"it": {"Alla c.a.", "Referente", "Alla cortese attenzione di"},
		"en": {"Attn.", "Attention", "Contact person"},
		"de": {"z. Hd.", "Ansprechpartner", "z.Hd."},
		"fr": {"À l'attention de", "Interlocuteur", "A l'attention de"},
	},
	"salesrep": {
		"it": {"Agente", "Commesso", "Venditore incaricato"},
		"en": {"Sales rep", "Salesperson", "Account manager"},
		"de": {"Sachbearbeiter", "Ihr Ansprechpartner", "Kundenbetreuer"},
		"fr": {"Affaire suivie par", "Suivi par", "Conseiller"},
	},
	"po": {
		"it": {"Rif. ordine", "Vs. ordine", "Ordine n.", "Riferimento ordine", "Vs. rif."},
		"en": {"PO number", "Purchase order", "Your order", "PO #", "Order ref."},
		"de": {"Ihre Bestellung", "Bestellnummer", "Ihr Auftrag", "Bestell-Nr."},
		"fr": {"Votre commande", "Bon de commande", "Réf. commande", "N° de commande"},
	},
	"page": {
		"it": {"Pagina", "Pag.", "Pag"},
		"en": {"Page"},
		"de": {"Seite", "Blatt"},
		"fr": {"Page", "Folio"},
	},
	"vat": {
		"it": {"P.IVA", "Partita IVA", "P. IVA", "Part. IVA", "P.Iva"},
		"en": {"VAT Reg. No.", "VAT No.", "VAT number", "VAT Registration No.", "VAT ID"},
		"de": {"USt-IdNr.", "USt-ID", "UStIdNr.", "Umsatzsteuer-ID", "USt.-IdNr."},
		"fr": {"N° TVA", "TVA intracommunautaire", "N° TVA intracom.", "TVA Intra.", "N° TVA Intra"},
	},
	"buyervat": {
		"it": {"P.IVA cliente", "Partita IVA", "P.IVA/C.F.", "P.IVA"},
		"en": {"Customer VAT No.", "Your VAT No.", "VAT No."},
		"de": {"Ihre USt-IdNr.", "USt-IdNr. Kunde", "USt-IdNr."},
		"fr": {"N° TVA client", "TVA client", "N° TVA"},
	},
	"fiscal": {
		"it": {"C.F.", "Cod. Fisc.", "Codice fiscale", "Cod. fiscale"},
		"de": {"Steuernummer", "St.-Nr.", "Steuer-Nr."},
		"fr": {"SIRET", "N° SIRET"},
		"en": {"Company No.", "Company Reg. No."},
	},
	"buyer": {
		"it": {"Spett.le", "Cliente", "Destinatario", "Intestatario", "Cessionario / committente", "Fatturare a", "Spettabile"},
		"en": {"Bill to", "Invoice to", "Billed to", "Customer", "To", "BILL TO"},
		"de": {"Rechnungsempfänger", "Kunde", "Rechnungsadresse", "An", "Empfänger"},
		"fr": {"Facturé à", "Client", "Destinataire", "Adresse de facturation", "Facturer à"},
	},
	"ship": {
		"it": {"Destinazione merce", "Luogo di consegna", "Indirizzo di consegna", "Destinazione"},
		"en": {"Ship to", "Deliver to", "Delivery address", "SHIP TO"},
		"de": {"Lieferanschrift", "Lieferadresse", "Leistungsort", "Lieferung an"},
		"fr": {"Adresse de livraison", "Livré à", "Livraison", "Lieu de livraison"},
	},
	"vendor": {
		"it": {"Fornitore", "Cedente / prestatore", "Mittente", "Emittente"},
		"en": {"From", "Supplier", "Seller", "Sold by"},
		"de": {"Lieferant", "Absender", "Rechnungssteller", "Verkäufer"},
		"fr": {"Émetteur", "Fournisseur", "Vendeur", "Prestataire"},
	},
	"pname": {
		"it": {"Denominazione", "Ragione sociale", "Nominativo"},
		"en": {"Company name", "Name", "Business name"},
		"de": {"Firmenname", "Name", "Firma"},
		"fr": {"Raison sociale", "Dénomination", "Nom"},
	},
	"given": {
		"it": {"Nome"},
		"en": {"First name", "Given name"},
		"de": {"Vorname"},
		"fr": {"Prénom"},
	},
	"family": {
		"it": {"Cognome"},
		"en": {"Last name", "Surname"},
		"de": {"Nachname"},
		"fr": {"Nom de famille"},
	},
	"street": {
		"it": {"Indirizzo", "Indirizzo sede", "Via"},
		"en": {"Address", "Street", "Street address"},
		"de": {"Straße", "Anschrift", "Adresse"},
		"fr": {"Adresse", "Rue"},
	},
	"zip": {
		"it": {"CAP", "C.A.P."},
		"en": {"Postcode", "ZIP code", "Postal code"},
		"de": {"PLZ", "Postleitzahl"},
		"fr": {"Code postal", "CP"},
	},
	"city": {
		"it": {"Comune", "Città", "Località"},
		"en": {"City", "Town"},
		"de": {"Ort", "Stadt"},
		"fr": {"Ville", "Commune"},
	},
	"province": {
		"it": {"Provincia", "Prov."},
		"en": {"County", "Region"},
		"de": {"Bundesland", "Land"},
		"fr": {"Département", "Région"},
	},
	"nation": {
		"it": {"Nazione", "Paese"},
		"en": {"Country"},
		"de": {"Land", "Staat"},
		"fr": {"Pays"},
	},
	"partydata": {
		"it": {"Dati anagrafici", "Dati fiscali", "Anagrafica"},
		"en": {"Company details", "Details", "Contact details"},
		"de": {"Stammdaten", "Kontaktdaten", "Anschrift"},
		"fr": {"Coordonnées", "Identification", "Données fiscales"},
	},
	"housenumber": {
		"it": {"Numero civico", "N. civico"},
		"en": {"House number", "Number"},
		"de": {"Hausnummer", "Nr."},
		"fr": {"Numéro", "N°"},
	},
	"contacts": {
		"it": {"Recapiti", "Contatti"},
		"en": {"Contacts", "Contact"},
		"de": {"Kontakt", "Erreichbarkeit"},
		"fr": {"Contacts", "Coordonnées"},
	},
	"version": {
		"it": {"Versione"},
		"en": {"Version"},
		"de": {"Version"},
		"fr": {"Version"},
	},
	"transmission": {
		"it": {"Dati relativi alla trasmissione", "Dati trasmissione"},
		"en": {"Transmission data"},
		"de": {"Übermittlungsdaten"},
		"fr": {"Données de transmission"},
	},
	"sender": {
		"it": {"Identificativo del trasmittente", "Trasmittente"},
		"en": {"Transmitter ID"},
		"de": {"Übermittler"},
		"fr": {"Émetteur du fichier"},
	},
	"sendno": {
		"it": {"Progressivo di invio"},
		"en": {"Sending number"},
		"de": {"Sendungsnummer"},
		"fr": {"Numéro d'envoi"},
	},
	"format": {
		"it": {"Formato trasmissione", "Formato Trasmissione"},
		"en": {"Format"},
		"de": {"Format"},
		"fr": {"Format"},
	},
	"recipientcode": {
		"it": {"Codice identificativo destinatario", "Codice destinatario"},
		"en": {"Recipient code"},
		"de": {"Empfängercode"},
		"fr": {"Code destinataire"},
	},
	"seat": {
		"it": {"Dati della sede", "Sede", "Sede legale"},
		"en": {"Registered office", "Address"},
		"de": {"Firmensitz", "Sitz"},
		"fr": {"Siège social", "Adresse"},
	},
	"col.pos": {
		"it": {"Riga", "Nr.", "#", "Pos."},
		"en": {"#", "No.", "Line", "Item"},
		"de": {"Pos.", "Pos", "Nr."},
		"fr": {"N°", "Ligne", "#"},
	},
	"col.code": {
		"it": {"Codice", "Cod. articolo", "Art.", "Codice art."},
		"en": {"Item code", "SKU", "Code", "Product code"},
		"de": {"Art.-Nr.", "Artikelnr.", "Artikel", "Art.Nr."},
		"fr": {"Réf.", "Référence", "Code", "Code article"},
	},
	"col.ean": {
		"it": {"EAN", "Cod. EAN", "Barcode"},
		"en": {"EAN", "Barcode", "GTIN"},
		"de": {"EAN", "EAN-Code", "GTIN"},
		"fr": {"EAN", "Code EAN", "Gencod"},
	},
	"col.desc": {
		"it": {"Descrizione", "Descrizione articolo", "Articolo", "Descrizione beni/servizi", "DESCRIZIONE"},
		"en": {"Description", "Item", "Item & Description", "Details", "DESCRIPTION"},
		"de": {"Bezeichnung", "Beschreibung", "Artikel / Leistung", "Leistung", "Artikelbezeichnung"},
		"fr": {"Désignation", "Description", "Libellé", "DÉSIGNATION"},
	},
	"col.qty": {
		"it": {"Q.tà", "Quantità", "Qtà", "Q.ta", "QUANTITÀ"},
		"en": {"Qty", "Quantity", "QTY", "Units"},
		"de": {"Menge", "Anz.", "Anzahl", "Mng."},
		"fr": {"Qté", "Quantité", "QTÉ"},
	},
	"col.hours": {
		"it": {"Ore", "Q.tà"},
		"en": {"Hours", "Hrs", "Qty"},
		"de": {"Std.", "Stunden", "Menge"},
		"fr": {"Heures", "Qté"},
	},
	"col.unit": {
		"it": {"U.M.", "UM", "Um", "Unità"},
		"en": {"Unit", "UoM", "Units"},
		"de": {"Einheit", "ME", "Einh."},
		"fr": {"Unité", "U.", "Un."},
	},
	"col.price": {
		"it": {"Prezzo unit.", "Prezzo", "Prezzo unitario", "Pr. unitario", "PREZZO"},
		"en": {"Unit price", "Rate", "Price", "Unit cost", "Unit Price"},
		"de": {"Einzelpreis", "E-Preis", "Preis", "Einzelpr.", "Preis/Einheit"},
		"fr": {"Prix unit. HT", "P.U. HT", "Prix unitaire", "PU HT", "Prix HT"},
	},
	"col.disc": {
		"it": {"Sconto %", "Sc. %", "Sconto", "Sc.%"},
		"en": {"Disc. %", "Discount", "Disc."},
		"de": {"Rabatt", "Rabatt %", "Rab."},
		"fr": {"Remise", "Rem. %", "Remise %"},
	},
	"col.vat": {
		"it": {"IVA %", "IVA", "Aliq. IVA", "% IVA", "Aliq."},
		"en": {"VAT %", "VAT", "Tax", "VAT rate", "Tax %"},
		"de": {"USt.", "MwSt.", "USt. %", "MwSt.-Satz", "USt-Satz"},
		"fr": {"TVA", "TVA %", "Taux TVA", "Tx TVA"},
	},
	"col.vatcode": {
		"it": {"Cod. IVA", "C.IVA", "Iva", "Cod.Iva"},
		"en": {"Tax code", "VAT code", "T/C"},
		"de": {"St.-Schl.", "Steuer", "StS"},
		"fr": {"Code TVA", "C. TVA"},
	},
	"col.gross": {
		"it": {"Totale IVA incl.", "Importo ivato", "Totale lordo"},
		"en": {"Total incl. VAT", "Gross amount", "Total (inc. VAT)"},
		"de": {"Gesamt brutto", "Bruttobetrag", "Summe inkl. MwSt."},
		"fr": {"Total TTC", "Montant TTC", "Prix total TTC"},
	},
	"col.amount": {
		"it": {"Importo", "Totale", "Imponibile", "Valore", "IMPORTO"},
		"en": {"Amount", "Total", "Line total", "Net amount", "AMOUNT"},
		"de": {"Gesamtpreis", "Gesamt", "Betrag", "G-Preis", "Summe", "Gesamt netto"},
		"fr": {"Montant HT", "Total HT", "Montant", "MONTANT HT"},
	},
	"goods": {
		"it": {"Totale merce", "Totale righe", "Totale prodotti", "Totale merce e servizi"},
		"en": {"Items total", "Goods total", "Total before discount"},
		"de": {"Warenwert", "Summe Positionen", "Positionen gesamt"},
		"fr": {"Total brut HT", "Total articles HT", "Total brut"},
	},
	"discount": {
		"it": {"Sconto", "Sconto incondizionato", "Sconto in fattura", "Sconto finale"},
		"en": {"Discount", "Less discount", "Trade discount"},
		"de": {"abzgl. Rabatt", "Rabatt", "Nachlass"},
		"fr": {"Remise", "Remise globale", "Remise commerciale"},
	},
	"subtotal": {
		"it": {"Imponibile", "Totale imponibile", "Tot. imponibile", "Imponibile IVA", "Totale al netto dell'IVA"},
		"en": {"Subtotal", "Sub Total", "Net total", "Total net", "Total excl. VAT", "Amount excluding tax"},
		"de": {"Nettobetrag", "Summe netto", "Gesamt netto", "Netto", "Zwischensumme netto", "Gesamtbetrag ohne USt."},
		"fr": {"Total HT", "Montant HT", "Total net HT", "Sous-total HT", "Montant sans TVA"},
	},
	"vatline": {
		"it": {"IVA", "Imposta", "IVA al"},
		"en": {"VAT", "Tax", "VAT at"},
		"de": {"zzgl. USt.", "MwSt.", "Umsatzsteuer", "zzgl. MwSt."},
		"fr": {"TVA", "TVA à", "Montant TVA"},
	},
	"totalvat": {
		"it": {"Totale IVA", "Totale imposta", "Tot. IVA"},
		"en": {"Total VAT", "VAT total", "Total tax"},
		"de": {"Summe USt.", "USt. gesamt", "MwSt. gesamt", "Umsatzsteuer gesamt"},
		"fr": {"Total TVA", "Montant TVA", "TVA totale"},
	},
	"total": {
		"it": {"Totale documento", "Totale fattura", "TOTALE", "Totale", "Tot. documento", "Importo comprensivo di IVA"},
		"en": {"Total", "Invoice total", "Total incl. VAT", "TOTAL", "Grand total", "Total inclusive of tax"},
		"de": {"Gesamtbetrag", "Rechnungsbetrag", "Bruttobetrag", "Endbetrag", "Gesamt brutto", "Summe brutto", "Summe inkl. Umsatzsteuer"},
		"fr": {"Total TTC", "Montant TTC", "TOTAL TTC", "Total T.T.C.", "Montant TVA comprise"},
	},
	"due.amount": {
		"it": {"Netto a pagare", "Totale da pagare", "Importo da pagare", "Netto a pagare"},
		"en": {"Amount due", "Balance due", "Total due", "Amount to pay"},
		"de": {"Zahlbetrag", "Offener Betrag", "Zu zahlen", "Restbetrag"},
		"fr": {"Net à payer", "Reste à payer", "Montant dû", "Solde à payer"},
	},
	"stamp": {
		"it": {"Bollo", "Imposta di bollo", "Spese bollo", "Bollo virtuale"},
	},
	"withholding": {
		"it": {"Ritenuta d'acconto", "Ritenuta d'acconto 20%", "R.A.", "Ritenuta IRPEF"},
	},
	"cassa": {
		"it": {"Contributo cassa previdenza", "Cassa previdenza", "C.P.A.", "Contributo integrativo"},
	},
	"shipping": {
		"it": {"Spese di trasporto", "Trasporto", "Spese di spedizione"},
		"en": {"Shipping", "Delivery", "Carriage", "Postage & packing"},
		"de": {"Versandkosten", "Fracht", "Versand"},
		"fr": {"Frais de port", "Frais de livraison", "Port"},
	},
	"packing": {
		"it": {"Imballo", "Spese imballo"},
		"en": {"Packaging", "Packing"},
		"de": {"Verpackung", "Verpackungskosten"},
		"fr": {"Emballage", "Frais d'emballage"},
	},
	"collection": {
		"it": {"Spese incasso", "Spese bancarie", "Spese incasso RiBa"},
	},
	"advance": {
		"it": {"Acconto versato", "Anticipo ricevuto", "Acconto ricevuto", "Dedotto acconto"},
		"en": {"Deposit paid", "Payment made", "Less deposit", "Paid"},
		"de": {"abzgl. Anzahlung", "abzgl. Abschlagszahlung", "Geleistete Anzahlung"},
		"fr": {"Acompte versé", "Acompte", "Déjà réglé"},
	},
	"vt.rate": {
		"it": {"Aliquota", "Aliq.", "% IVA", "Cod. IVA"},
		"en": {"VAT rate", "Rate", "Tax rate"},
		"de": {"USt-Satz", "Steuersatz", "MwSt.-Satz"},
		"fr": {"Taux", "Taux TVA", "Code TVA"},
	},
	"vt.base": {
		"it": {"Imponibile", "Base imponibile"},
		"en": {"Net", "Net amount", "Taxable"},
		"de": {"Netto", "Nettobetrag", "Bemessungsgrundlage"},
		"fr": {"Base HT", "Montant HT", "Base"},
	},
	"vt.tax": {
		"it": {"Imposta", "IVA"},
		"en": {"VAT", "Tax", "VAT amount"},
		"de": {"USt-Betrag", "Steuer", "MwSt."},
		"fr": {"Montant TVA", "TVA"},
	},
	"vt.desc": {
		"it": {"Descrizione", "Natura"},
		"en": {"Description"},
		"de": {"Bezeichnung"},
		"fr": {"Libellé"},
	},
	"method": {
		"it": {"Modalità di pagamento", "Pagamento", "Mod. pagamento", "Tipo pagamento"},
		"en": {"Payment method", "Pay by", "Method of payment"},
		"de": {"Zahlungsart", "Zahlungsweise", "Zahlart"},
		"fr": {"Mode de règlement", "Mode de paiement", "Règlement"},
	},
	"terms": {
		"it": {"Condizioni di pagamento", "Termini di pagamento", "Pagamento"},
		"en": {"Payment terms", "Terms"},
		"de": {"Zahlungsbedingungen", "Zahlungsziel"},
		"fr": {"Conditions de paiement", "Conditions de règlement"},
	},
	"bank": {
		"it": {"Banca", "Banca d'appoggio", "Appoggio bancario", "Istituto"},
		"en": {"Bank", "Bank name"},
		"de": {"Bank", "Bankverbindung", "Kreditinstitut"},
		"fr": {"Banque", "Domiciliation"},
	},
	"phone": {
		"it": {"Tel.", "Tel", "Telefono"},
		"en": {"Tel", "Phone", "T:"},
		"de": {"Tel.", "Telefon", "Fon"},
		"fr": {"Tél.", "Tél :", "Téléphone"},
	},
	"email": {
		"it": {"E-mail", "Email", "Mail"},
		"en": {"Email", "E-mail", "E:"},
		"de": {"E-Mail", "Mail", "E-Mail:"},
		"fr": {"E-mail", "Courriel", "Email"},
	},
	"pec": {
		"it": {"PEC", "Pec"},
	},
	"sdi": {
		"it": {"Codice destinatario", "Cod. SDI", "Codice SDI", "Codice univoco"},
	},
	"tot.col": {
		"it": {"Totale"},
		"en": {"Total"},
		"de": {"Summe"},
		"fr": {"Total"},
	},
}

// methodNames are the printed names of payment methods per language.
var methodNames = map[string]map[string][]string{
	"bank_transfer": {
		"it": {"Bonifico bancario", "Bonifico", "B.B. bonifico bancario", "Rimessa a mezzo bonifico"},
		"en": {"Bank transfer", "BACS", "Direct bank transfer", "Wire transfer"},
		"de": {"Überweisung", "Banküberweisung"},
		"fr": {"Virement bancaire", "Virement", "Par virement"},
	},
	"sepa_direct_debit": {
		"de": {"SEPA-Lastschrift", "Lastschrift", "Bankeinzug"},
		"fr": {"Prélèvement SEPA", "Prélèvement"},
		"en": {"Direct debit", "SEPA direct debit"},
		"it": {"SEPA SDD", "Addebito diretto SEPA", "RID"},
	},
	"riba": {
		"it": {"Ri.Ba.", "Ricevuta bancaria", "RIBA 30 gg d.f."},
	},
	"cheque": {
		"fr": {"Chèque", "Par chèque"},
		"en": {"Cheque", "Check"},
	},
	"card": {
		"it": {"Carta di credito", "Pagamento con carta"},
		"en": {"Credit card", "Card", "Visa ending 4242"},
		"de": {"Kreditkarte", "EC-Karte"},
		"fr": {"Carte bancaire", "CB"},
	},
	"paypal": {
		"it": {"PayPal"},
		"en": {"PayPal"},
		"de": {"PayPal"},
		"fr": {"PayPal"},
	},
	"cash": {
		"it": {"Contanti", "Rimessa diretta contanti"},
		"en": {"Cash"},
		"de": {"Bar", "Barzahlung"},
		"fr": {"Espèces"},
	},
}

// notes are sentences printed for a tax treatment, per language.
var notes = map[string]map[string][]string{
	"exempt": {
		"it": {"Operazione senza applicazione dell'IVA effettuata ai sensi dell'art. 1, commi da 54 a 89, Legge n. 190/2014 (regime forfettario).",
			"Operazione in franchigia da IVA ai sensi della Legge 190/2014, art. 1, commi 54-89. Compenso non assoggettato a ritenuta d'acconto."},
		"de": {"Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.", "Kleinunternehmer gem. § 19 UStG, keine Umsatzsteuer ausgewiesen."},
		"fr": {"TVA non applicable, art. 293 B du CGI.", "TVA non applicable - article 293 B du Code général des impôts."},
		"en": {"VAT exempt supply.", "No VAT charged: the supplier is not VAT registered."},
	},
	"reverse": {
		"it": {"Operazione soggetta a inversione contabile ai sensi dell'art. 17, comma 6, DPR 633/72.", "Inversione contabile - reverse charge art. 17 c. 6 lett. a) DPR 633/1972."},
		"de": {"Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge) gemäß § 13b UStG.", "Reverse Charge: Die Umsatzsteuer schuldet der Leistungsempfänger."},
		"fr": {"Autoliquidation - TVA due par le preneur, art. 283-2 du CGI.", "Autoliquidation : TVA due par le preneur assujetti."},
		"en": {"Reverse charge: customer to account for VAT to HMRC.", "Reverse charge applies: VAT to be accounted for by the recipient."},
	},
	"split": {
		"it": {"Scissione dei pagamenti - art. 17-ter DPR 633/72: IVA versata dal committente.", "IVA da versare a cura del cessionario o committente ai sensi dell'art. 17-ter del DPR 633/1972 (split payment)."},
	},
	"stamp": {
		"it": {"Imposta di bollo assolta in modo virtuale ai sensi del DM 17/06/2014.", "Bollo da 2,00 euro assolto sull'originale."},
	},
	"withholding": {
		"it": {"Ritenuta d'acconto da versare a cura del committente.", "Il committente opera la ritenuta d'acconto del 20% sull'imponibile."},
	},
}
