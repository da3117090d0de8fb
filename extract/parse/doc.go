// Package parse reads typed values — dates, amounts, percentages,
// identifiers, postal lines, contacts, payment terms — from the text of
// invoices in it, en, de and fr.
//
// Every type comes in two shapes:
//
//   - a whole-string parser ([Date], [Amount], [Percent], [VATID],
//     [CodiceFiscale], [IBAN], [SDICode], [Email], [Phone], [PostalLine],
//     [PaymentTerms]) for one token or a short phrase, such as the value
//     printed beside a label. White space and the punctuation that often
//     surrounds a value (: ; , . ( ) [ ] { } < > quotes * |) may come before
//     and after it; anything else makes the parse fail ([Percent] and
//     [Email] also allow a label, see them).
//   - a finder ([FindDates], [FindAmounts], [FindPercents], [FindVATIDs],
//     [FindCodiciFiscali], [FindIBANs], [FindEmails], [FindPhones]) that
//     returns every value in a longer text as a [Match] with its byte offsets,
//     in order, never overlapping.
//
// Every function is pure and never panics, whatever its input (invalid
// UTF-8 included). Nothing is specific to a vendor: the rules are those of
// the written conventions of the four languages.
//
// The locale argument is "it", "en", "de" or "fr" (a longer tag such as
// "en-GB" counts by its language; anything else reads like "it"). It is a
// hint for what is really ambiguous — the order of day and month, a single
// separator before three digits — never a constraint: a German date is read
// in an Italian locale.
//
// # Decisions
//
// Dates: numeric dates are day first. With locale "en" a date whose day-first
// reading is impossible (03/15/2026) is read month first, and a date with
// two valid readings (04/05/2026) is read day first and reported by
// [FindDates] as Ambiguous; in it, de and fr 03/15/2026 is not a date. Years
// are 1990–2099; two-digit years 00–69 are 20xx and 70–99 are 19xx (so 70–89
// fall outside the range). Month names of the four languages are read in
// every locale. A compact form without separators (20260315) is not read.
//
// Amounts: see [Amount] for the accepted forms and what Ambiguous means.
// A bare "$" is USD and "¥" is JPY.
//
// Identifiers: [FindVATIDs] and [FindCodiciFiscali] report an 11-digit
// number without prefix only when its Partita IVA check digit holds; the
// whole-string parsers accept it either way and say so in Checked.
package parse
