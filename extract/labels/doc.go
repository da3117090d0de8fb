// Package labels finds the printed labels of invoice fields in a line of
// words, without templates: lexicons for Italian, English, German and French
// ("Totale documento", "Rechnungsnummer", "Bill to", "Net à payer", column
// headers, document-type headings, payment method words) and a tolerant
// matcher. The engine takes the value to the right of a hit on the same line,
// below it in the same column, or in the same table row (DESIGN.md §5).
//
// # Matching
//
// A line is given as its words' texts ([Find]). Each word is folded by
// [Normalize]: accents, case and punctuation go, "%" stays, number
// abbreviations ("N°", "Nr.", "n.", "No.", "#", "numero", "Nummer") become
// "nr". A label matches consecutive words whose folded texts, concatenated,
// equal the label's folded words concatenated, so compounds may be joined or
// split in any way: "Rechnungsnummer", "Rechnungs-Nr.", "Rechnungs Nr.";
// "P.IVA", "P. IVA", "PIVA"; "Sous-total", "Sous total"; "USt-IdNr.",
// "USt.-IdNr.". A label never matches part of a word: "Totalmente",
// "Datagramma", "Ivanhoe" and "IBANEZ" are not labels.
//
// OCR damage is tolerated word by word: a word of the label with six to nine
// letters may differ from the printed word by one edit (insertion, deletion,
// substitution or transposition), one of ten letters or more by two; shorter
// words must match exactly ("IVA" never matches "IBAN"). An inflection of
// a label word (its last letter changed or letters appended: "Clienti",
// "Fatture", "Rechnungen") is another word, not damage, and does not match.
//
// # Overlaps
//
// Hits do not overlap. The label covering more words wins: "Totale
// imponibile" is Subtotal, not Total then nothing; "Totale IVA" is
// TaxAmount; "Netto a pagare" is AmountDue while "Netto" alone is Subtotal;
// "Data scadenza" is DueDate; "Codice destinatario" is SDICode, not a buyer
// block. Then the higher score wins, then the kind listed first by [Kinds]
// (result fields before column headers). A few phrases are known not to be
// labels ("Servizio clienti", "Customer service", "P.O. Box", "Impossibile")
// and silently absorb the words they cover.
//
// # Scores
//
// Score = weight × quality, rounded to three decimals.
//
// The weight belongs to the lexicon entry: 1 for a label that says what it
// introduces ("Totale documento", "Rechnungsdatum", "Partita IVA"), less
// for a word that is a label only in context: 0.85 "IVA", "VAT", "MwSt.",
// "TVA"; 0.75 "Totale", "Total"; 0.7 "Netto", "Pagamento"; 0.6 "Data",
// "Date", "Datum", "Due", "Terms", "Saldo"; 0.5 and below for words that are
// also ordinary words ("Order", "Balance", "Bar", "Card"); 0.35 for the
// connectors "del", "vom", "dated" and 0.3 for "du" ("Fattura n. 12 del
// 15/03/2026": the date follows "del").
//
// The quality is 1 for an exact match (the words are a form listed in the
// lexicon, ignoring case and a trailing ':'), 0.9 for a match after folding
// (accents, punctuation, joined or split words, another number abbreviation:
// "Quantita", "P. IVA", "Fattura N°"), 0.8 with one edit, 0.7 with two and
// 0.6 with three or more.
//
// # Kinds
//
// Besides the result fields (invoice.*, financials.*, party.*, buyer,
// vendor, ship_to), some kinds exist so that the engine can avoid a
// look-alike: [ServiceDate] ("Leistungsdatum") is not the invoice date,
// [CustomerNumber] ("Kundennummer") not the invoice number, [TaxNumber]
// ("Steuernummer") not a VAT id, [Fax] not the phone, [ShareCapital] not an
// amount of the invoice, [DeliveryNote] ("DDT n. 12 del …") neither the
// number nor the date of the invoice.
package labels
