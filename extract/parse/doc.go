// Package parse reads typed values — dates, amounts, percentages,
// identifiers, postal lines, contacts, payment terms — from the text of
// invoices in it, en, de and fr.
//
// Most types come in two shapes:
//
//   - a whole-string parser ([Date], [Amount], [Percent], [Currency],
//     [VATID], [CodiceFiscale], [IBAN], [SDICode], [Email], [Phone]) for one
//     token or a short phrase, such as the value printed beside a label.
//     White space and the punctuation that often surrounds a value
//     (: ; , . ( ) [ ] { } < > quotes * |) may come before and after it;
//     anything else makes the parse fail, but for a weekday before a date,
//     a label before an e-mail address, and words around a percentage (see
//     each function);
//   - a finder ([FindDates], [FindAmounts], [FindPercents], [FindVATIDs],
//     [FindCodiciFiscali], [FindIBANs], [FindEmails], [FindPhones]) that
//     returns every value of a longer text as a [Match] with its byte
//     offsets, in order, never overlapping.
//
// [PostalLine] reads the line of an address that holds the postal code,
// [PaymentTerms] a phrase of payment terms, and [DueDate] computes the due
// date those terms give. [Normalize] cleans a value a caller keeps.
//
// Every function is pure and never panics, whatever its input (invalid
// UTF-8 included), and runs in time linear in it. Nothing is specific to a
// vendor: the rules are the written conventions of the four languages.
//
// The locale argument is "it", "en", "de" or "fr"; a longer tag such as
// "en-GB" counts by its language, and anything else reads like "it". It is a
// hint for what is really ambiguous — the order of day and month, a single
// separator before three digits, the country of a 5-digit postal code —
// never a constraint: a German date is read in an Italian locale.
//
// # Decisions
//
// Dates: numeric dates are day first. With locale "en" a date whose day-first
// reading is impossible (03/15/2026) is read month first, and a date with
// two valid readings (04/05/2026) is read day first and reported by
// [FindDates] as Ambiguous; in it, de and fr 03/15/2026 is not a date. Years
// are 1990–2099; two-digit years 00–69 are 20xx and 70–99 are 19xx (so 70–89
// fall outside the range). Month names of the four languages are read in
// every locale. The compact form 20260315 is not read.
//
// Amounts: "1.234" and "1,234" are resolved by the locale and marked
// Ambiguous; an ordinary space groups thousands only in locale fr. A bare
// "$" is USD and "¥" is JPY. See [FindAmounts].
//
// Identifiers: [FindVATIDs] and [FindCodiciFiscali] report 11 digits without
// prefix only when their Partita IVA check digit holds; the whole-string
// parsers accept them either way and say so in Checked. A VAT id or codice
// fiscale with the right form but a wrong check digit is reported with
// Checked false, for the validation flags to raise. A Swiss UID keeps its
// dashes and dots (CHE-123.456.789MWST), every other VAT id loses them.
//
// Phone numbers keep their printed form (white space collapsed): callers
// store what the invoice shows.
//
// Payment terms "d.f.f.m." (data fattura fine mese) are read as invoice
// date plus the days, then the end of that month; see [DueDate].
package parse
