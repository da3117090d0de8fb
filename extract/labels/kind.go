package labels

import "strings"

// Kind names what a label introduces: a field of the extraction result
// ("invoice.number"), a party block ("buyer"), a document-type heading
// ("type.invoice"), a line-item column header ("col.quantity"), a payment
// method word ("pay.bank_transfer"), or one of the look-alike references the
// engine must not confuse with a result field (customer number, service date,
// delivery note, tax number, …).
type Kind string

// Labels of fields of the extraction result (spec §2.3).
const (
	// InvoiceNumber labels the document number: "Fattura n.", "Numero documento",
	// "Invoice No.", "Rechnungsnummer", "Facture n°".
	InvoiceNumber Kind = "invoice.number"
	// InvoiceDate labels the issue date: "Data fattura", "Invoice date",
	// "Rechnungsdatum", "Date de facture"; "Data", "Date", "Datum" alone with a
	// low score, and the connectors "del", "du", "vom", "dated" with a very low one.
	InvoiceDate Kind = "invoice.date"
	// DueDate labels the payment due date: "Scadenza", "Due date", "Fällig am",
	// "Date d'échéance".
	DueDate Kind = "invoice.due_date"
	// PONumber labels the buyer's purchase-order reference: "Vs. ordine",
	// "PO Number", "Bestellnummer", "Bon de commande".
	PONumber Kind = "invoice.po_number"
	// PaymentTerms labels the payment conditions: "Condizioni di pagamento",
	// "Payment terms", "Zahlungsbedingungen", "Conditions de paiement"; the
	// bare words "Pagamento", "Payment", "Zahlung", "Règlement" with a low score.
	PaymentTerms Kind = "invoice.payment_terms"
	// PaymentMethod labels how the invoice is paid: "Modalità di pagamento",
	// "Payment method", "Zahlungsart", "Mode de règlement". The method itself
	// is one of the Pay… kinds.
	PaymentMethod Kind = "invoice.payment_method"
	// Currency labels the currency code: "Valuta", "Currency", "Währung", "Devise".
	Currency Kind = "invoice.currency"

	// Subtotal labels the amount before tax: "Imponibile", "Subtotal",
	// "Nettobetrag", "Total HT".
	Subtotal Kind = "financials.subtotal"
	// TaxAmount labels the tax amount: "Totale IVA", "VAT", "MwSt.-Betrag",
	// "Total TVA"; "IVA 22%" yields TaxAmount on "IVA" alone, the rate is left
	// to the caller.
	TaxAmount Kind = "financials.tax_amount"
	// TaxRate labels the tax percentage: "Aliquota IVA", "VAT rate",
	// "Steuersatz", "Taux de TVA", "IVA %".
	TaxRate Kind = "financials.tax_rate"
	// Total labels the invoice total: "Totale documento", "Grand total",
	// "Gesamtbetrag", "Total TTC"; "Totale"/"Total" alone with a lower score.
	Total Kind = "financials.total"
	// AmountDue labels what is left to pay: "Netto a pagare", "Da pagare",
	// "Amount due", "Zahlbetrag", "Net à payer".
	AmountDue Kind = "financials.amount_due"
	// Discount labels a discount: "Sconto", "Abbuono", "Discount", "Rabatt",
	// "Skonto", "Remise", "Escompte".
	Discount Kind = "financials.discount"
	// StampDuty labels the Italian stamp duty and its equivalents: "Bollo",
	// "Imposta di bollo", "Stamp duty", "Droit de timbre".
	StampDuty Kind = "financials.stamp_duty"
	// Withholding labels a withholding tax: "Ritenuta d'acconto", "R.A.",
	// "Withholding tax", "Quellensteuer", "Retenue à la source".
	Withholding Kind = "financials.withholding_tax"

	// VATNumber labels a VAT identification number: "Partita IVA", "P.IVA",
	// "VAT No", "USt-IdNr.", "N° TVA intracommunautaire".
	VATNumber Kind = "party.vat_number"
	// FiscalCode labels an Italian codice fiscale: "Codice fiscale", "C.F.".
	FiscalCode Kind = "party.fiscal_code"
	// IBAN labels a bank account: "IBAN", "Coordinate bancarie", "Bankverbindung", "RIB".
	IBAN Kind = "party.iban"
	// SDICode labels the Italian SdI recipient code: "Codice destinatario", "Codice SDI".
	SDICode Kind = "party.sdi_code"
	// Email labels an e-mail address: "E-mail", "Courriel".
	Email Kind = "party.email"
	// Phone labels a telephone number: "Tel.", "Telefono", "Phone", "Téléphone".
	// Fax numbers have their own kind.
	Phone Kind = "party.phone"
	// PEC labels an Italian certified e-mail address: "PEC", "Indirizzo PEC".
	PEC Kind = "party.pec"

	// BuyerBlock introduces the buyer's block: "Spett.le", "Cessionario/Committente",
	// "Bill to", "Rechnungsempfänger", "Facturé à".
	BuyerBlock Kind = "buyer"
	// VendorBlock introduces the vendor's block: "Cedente/Prestatore", "Seller",
	// "Lieferant", "Fournisseur".
	VendorBlock Kind = "vendor"
	// ShipTo introduces a delivery address, which is not the buyer's address:
	// "Destinazione merce", "Ship to", "Lieferanschrift", "Adresse de livraison".
	ShipTo Kind = "ship_to"
)

// Labels of values that are not result fields but look like them; the engine
// uses them to avoid taking, say, a customer number as the invoice number.
const (
	// Fax labels a fax number (never a phone number): "Fax", "Telefax", "Télécopie".
	Fax Kind = "party.fax"
	// TaxNumber labels a national tax number that is not a VAT id:
	// "Steuernummer", "St.-Nr.", "Tax number".
	TaxNumber Kind = "party.tax_number"
	// SIRET labels a French establishment number.
	SIRET Kind = "party.siret"
	// SIREN labels a French company number.
	SIREN Kind = "party.siren"
	// CompanyRegister labels a trade-register reference: "RCS", "REA",
	// "Registro imprese", "Handelsregister", "HRB", "Company No.".
	CompanyRegister Kind = "party.company_register"
	// ShareCapital labels a company's share capital (an amount that is not an
	// invoice amount): "Capitale sociale", "Stammkapital", "Capital social".
	ShareCapital Kind = "party.share_capital"
	// BIC labels a bank identifier code: "BIC", "SWIFT", or a national
	// bank code ("Sort code", "Routing number", "BLZ").
	BIC Kind = "party.bic"
	// Bank labels a bank name: "Banca d'appoggio", "Bank", "Kreditinstitut", "Banque".
	Bank Kind = "party.bank"
	// PartyName labels a party's name as a key before its value:
	// "Denominazione", "Ragione sociale", "Company name", "Firmenname",
	// "Raison sociale".
	PartyName Kind = "party.name"
	// Street labels a party's street as a key before its value: "Indirizzo",
	// "Street", "Straße", "Rue".
	Street Kind = "party.address"
	// HouseNumber labels the house number printed apart from the street:
	// "Numero civico", "Hausnummer", "House number".
	HouseNumber Kind = "party.house_number"
	// ZipCode labels a postal code: "CAP", "ZIP code", "PLZ", "Code postal".
	ZipCode Kind = "party.zip_code"
	// City labels a city: "Comune", "Città", "City", "Ort", "Ville".
	City Kind = "party.city"
	// GivenName and FamilyName label a person's names printed under keys
	// of their own: "Nome" / "Cognome", "First name" / "Last name",
	// "Vorname" / "Nachname", "Prénom" / "Nom de famille".
	GivenName  Kind = "party.given_name"
	FamilyName Kind = "party.family_name"
	// Province labels a province, county or state printed apart from the
	// city: "Provincia", "County", "Bundesland", "Département".
	Province Kind = "party.province"
	// Country labels a party's country printed apart from its postal line:
	// "Nazione", "Country", "Land", "Pays".
	Country Kind = "party.country"
	// Heading is a section heading over a party's data that is neither a
	// value nor the label of one: "Dati anagrafici", "Recapiti",
	// "Contact details", "Anschrift", "Coordonnées".
	Heading Kind = "heading"
	// CustomerNumber labels the buyer's number at the vendor (not the invoice
	// number): "Codice cliente", "Customer No.", "Kundennummer", "N° client";
	// and the buyer's own routing reference: "Buyer reference", "Leitweg-ID".
	CustomerNumber Kind = "ref.customer_number"
	// ServiceDate labels a delivery or service date or period (not the issue
	// date): "Leistungsdatum", "Lieferdatum", "Data consegna", "Delivery date",
	// "Date de livraison".
	ServiceDate Kind = "ref.service_date"
	// OrderDate labels the date of the buyer's order: "Data ordine",
	// "Order date", "Bestelldatum", "Date de commande".
	OrderDate Kind = "ref.order_date"
	// DeliveryNote labels a delivery-note reference: "DDT", "Documento di
	// trasporto", "Delivery note", "Lieferschein", "Bon de livraison".
	DeliveryNote Kind = "ref.delivery_note"
	// RelatedInvoice labels the number of another invoice that a credit
	// note or a corrected invoice refers to (not the document's own
	// number): "Fattura di riferimento", "Original invoice No.",
	// "Ursprungsrechnung", "N° de facture associée".
	RelatedInvoice Kind = "ref.related_invoice"
	// Transmission labels the identifier an e-invoice was sent under
	// (not the invoice's number): "Progressivo di invio",
	// "Identificativo di trasmissione", "Transmission ID",
	// "Übertragungskennung".
	Transmission Kind = "ref.transmission"
	// Validity labels the end of an offer's, a quote's or a contract's
	// validity (not the invoice's due date, though it may say "scadenza"
	// or "expires"): "Scadenza offerta", "Offer valid until",
	// "Angebot gültig bis", "Offre valable jusqu'au".
	Validity Kind = "ref.validity"
	// Page labels a page number: "Pagina", "Pag.", "Page", "Seite".
	Page Kind = "ref.page"
	// Staff labels a person of a party's business who is not the party:
	// a sales agent, a clerk, a contact person ("Agente", "Commesso",
	// "Sales rep", "Attn.", "Ansprechpartner", "Affaire suivie par"). The
	// name after it is no party's name. Places (a shop, a branch) are
	// not: "Store" and "Filiale" are words of companies' names too.
	Staff Kind = "ref.staff"
)

// Document-type headings.
const (
	// DocInvoice is an invoice heading: "Fattura", "Invoice", "Rechnung", "Facture".
	DocInvoice Kind = "type.invoice"
	// DocCreditNote is a credit-note heading: "Nota di credito", "Credit note",
	// "Gutschrift", "Avoir".
	DocCreditNote Kind = "type.credit_note"
	// DocDebitNote is a debit-note heading: "Nota di debito", "Debit note",
	// "Belastungsanzeige", "Note de débit".
	DocDebitNote Kind = "type.debit_note"
	// DocProforma is a pro-forma heading: "Fattura proforma", "Pro forma
	// invoice", "Proformarechnung", "Facture proforma".
	DocProforma Kind = "type.proforma"
	// DocFeeNote is a professional's fee note: "Parcella", "Fee note",
	// "Honorarnote", "Note d'honoraires".
	DocFeeNote Kind = "type.fee_note"
	// DocReceipt is a receipt heading: "Ricevuta", "Receipt", "Quittung", "Reçu".
	DocReceipt Kind = "type.receipt"
)

// Line-item table column headers.
const (
	// ColDescription heads the description column: "Descrizione", "Description",
	// "Bezeichnung", "Désignation".
	ColDescription Kind = "col.description"
	// ColQuantity heads the quantity column: "Q.tà", "Qty", "Menge", "Qté".
	ColQuantity Kind = "col.quantity"
	// ColUnit heads the unit-of-measure column: "U.M.", "Unit", "Einheit", "Unité".
	ColUnit Kind = "col.unit"
	// ColUnitPrice heads the unit-price column: "Prezzo unitario", "Unit price",
	// "Einzelpreis", "Prix unitaire".
	ColUnitPrice Kind = "col.unit_price"
	// ColAmount heads the line-amount column: "Importo", "Amount", "Betrag",
	// "Montant HT".
	ColAmount Kind = "col.amount"
	// ColTaxRate heads the tax-rate column: "IVA", "Aliq.", "VAT %", "MwSt.", "TVA".
	ColTaxRate Kind = "col.tax_rate"
	// ColDiscount heads the discount column: "Sconto", "Sc.%", "Disc.", "Rabatt", "Remise".
	ColDiscount Kind = "col.discount"
	// ColCode heads the article-code column: "Codice", "Item code", "Art.-Nr.", "Référence".
	ColCode Kind = "col.code"
	// ColPosition heads the line-number column: "Pos.", "Riga", "Line", "Ligne".
	ColPosition Kind = "col.position"
)

// Payment method words: these are values, not labels ("Pagamento: Bonifico
// bancario" gives PaymentTerms on "Pagamento" and PayBankTransfer on
// "Bonifico bancario").
const (
	// PayBankTransfer is a credit transfer: "Bonifico", "Bank transfer",
	// "Überweisung", "Virement", FatturaPA code "MP05".
	PayBankTransfer Kind = "pay.bank_transfer"
	// PaySEPA is a SEPA direct debit: "SDD", "RID", "Addebito diretto",
	// "Lastschrift", "Prélèvement".
	PaySEPA Kind = "pay.sepa_direct_debit"
	// PayCard is a card payment: "Carta di credito", "Credit card", "Kreditkarte",
	// "Carte bancaire".
	PayCard Kind = "pay.card"
	// PayCash is a cash payment: "Contanti", "Cash", "Barzahlung", "Espèces".
	PayCash Kind = "pay.cash"
	// PayCheque is a cheque: "Assegno", "Cheque", "Scheck", "Chèque".
	PayCheque Kind = "pay.cheque"
	// PayRiba is an Italian ricevuta bancaria: "Ri.Ba.", "Ricevuta bancaria".
	PayRiba Kind = "pay.riba"
	// PayPaypal is a PayPal payment.
	PayPaypal Kind = "pay.paypal"
)

// stopKind marks lexicon entries that only exist to absorb phrases that look
// like labels but are not ("Servizio clienti", "P.O. Box", "Impossibile").
// Their hits take part in overlap resolution and are never returned.
const stopKind Kind = ""

// allKinds lists every kind in priority order: when one phrase is a label of
// several kinds with the same score (e.g. "Totale": Total and ColAmount),
// Find reports the earliest.
var allKinds = []Kind{
	InvoiceNumber, InvoiceDate, DueDate, PONumber, PaymentTerms, PaymentMethod, Currency,
	Subtotal, TaxAmount, TaxRate, Total, AmountDue, Discount, StampDuty, Withholding,
	VATNumber, FiscalCode, IBAN, SDICode, Email, Phone, PEC,
	BuyerBlock, VendorBlock, ShipTo,
	Fax, TaxNumber, SIRET, SIREN, CompanyRegister, ShareCapital, BIC, Bank,
	PartyName, GivenName, FamilyName, Street, HouseNumber, ZipCode, City, Province, Country, Heading,
	CustomerNumber, ServiceDate, OrderDate, DeliveryNote, RelatedInvoice, Transmission, Validity, Page, Staff,
	DocInvoice, DocCreditNote, DocDebitNote, DocProforma, DocFeeNote, DocReceipt,
	PayBankTransfer, PaySEPA, PayCard, PayCash, PayCheque, PayRiba, PayPaypal,
	ColDescription, ColQuantity, ColUnit, ColUnitPrice, ColAmount, ColTaxRate, ColDiscount, ColCode, ColPosition,
}

// Kinds returns every kind in priority order (result fields first, then
// look-alike references, document types, payment methods and column headers).
func Kinds() []Kind {
	return append([]Kind(nil), allKinds...)
}

// IsColumn reports whether k is a line-item column header (a "col." kind).
// It suits [FindFunc]: labels.FindFunc(words, labels.Kind.IsColumn).
func (k Kind) IsColumn() bool { return strings.HasPrefix(string(k), "col.") }

// IsKey reports whether k is a party key or heading, found by FindKeys.
func (k Kind) IsKey() bool {
	switch k {
	case PartyName, GivenName, FamilyName, Street, HouseNumber, ZipCode, City, Province, Country, Heading:
		return true
	}
	return false
}

// IsDocType reports whether k is a document-type heading (a "type." kind).
func (k Kind) IsDocType() bool { return strings.HasPrefix(string(k), "type.") }

// IsPayment reports whether k is a payment method word (a "pay." kind).
func (k Kind) IsPayment() bool { return strings.HasPrefix(string(k), "pay.") }
