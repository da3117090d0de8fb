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
// OCR damage is tolerated word by word, with an edit distance weighted by
// how plausible each edit is as OCR damage: reading a look-alike (l/i/1,
// o/0/c/e, u/n/v, rn/m, cl/d, …) or dropping or adding a thin letter (i, l,
// t, f, r) or one of a doubled pair costs 1; any other substitution,
// insertion or deletion costs 2. A word of the label with six to nine
// letters tolerates a cost of 1, one of ten letters or more a cost of 2;
// shorter words must match exactly ("IVA" never matches "IBAN"). The first
// letter is never dropped or added. A word that is itself a word of the
// lexicon is never taken for a damaged form of another, and neither is an
// inflection (the last letter changed or letters appended: "Clienti",
// "Fatture", "Rechnungen"). So "Imponiblle", "Tota1e" and "docurnento" are
// found, while "disponibile" (Imponibile), "Contatti" (Contanti), "conti"
// (Sconti) and "eRechnung" (Rechnung) are not.
//
// A colon ends a label ("IVA: Totale" is two labels), and a label does not
// run across a separator word such as ":" or "|" ("/" and "-" are allowed:
// "Cedente / Prestatore"). A label may end at a slash inside its last word
// ("Totale imponibile/importo"). A "%" right after a number belongs to the
// value ("19 % MwSt." is TaxAmount on "MwSt."). Single letters only compose
// a label when abbreviated with a dot ("P. IVA", not "R E N").
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
// The quality is 1 for an exact match: the words are a form listed in the
// lexicon, ignoring a trailing ':' and case, except that a lower-case first
// letter where the form has a capital is not exact ("TOTALE DOCUMENTO" and
// "Totale Documento" are exact, "netto" in running text is not). It is 0.9
// for a match after folding (accents, punctuation, joined or split words,
// another number abbreviation: "Quantita", "P IVA", "Fattura N°") or ending
// at a slash, 0.8 with OCR damage of cost 1, 0.7 of cost 2 and 0.6 above.
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
