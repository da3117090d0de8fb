// Package validate checks identifiers and the consistency of an extracted
// invoice: the checksums of Italian, German, French and other European tax
// and bank identifiers, and the data-consistency findings that go into a
// job's validation_flags (spec §2.4, DESIGN.md §2).
//
// # Identifiers
//
// [PartitaIVA], [CodiceFiscale], [IBAN], [VATNumber], [SIREN], [SIRET] and
// [SDICode] are pure functions. They accept input as printed: spaces, dots and
// dashes are removed and letters are upper-cased before checking.
//
// [VATNumber] verifies a check digit for IT, DE, FR, AT and BE and checks only
// the format for NL and ES; [VATChecksumKnown] says which is which. Every
// other country prefix is reported as not valid.
//
// # Findings
//
// [Flags] returns the data-consistency findings of a result. A null (or
// blank) field never raises anything, and neither does a NaN or infinite
// number: an unknown value cannot be inconsistent. Amounts are compared with
// a tolerance, never for exact equality.
//
//	Code                     Severity  Field                        Raised when
//	ARITHMETIC_MISMATCH      error     financials.total             subtotal + tax_amount differs from total by more than
//	                                                                max(0.01, 0.05% of |total|), and neither a stamp duty
//	                                                                included in the total nor a withholding deducted from
//	                                                                it (nor both) explains the difference
//	INVALID_TOTAL            error     financials.total             total ≤ 0; for a credit note only total = 0
//	INVALID_IT_VAT_RATE      warning   financials.tax_rate,         on an Italian invoice, a rate not in 22, 10, 5, 4, 0
//	                                   line_items[i].tax_rate       (20 before 2011-09-17, 21 before 2013-10-01)
//	INVALID_PIVA_CHECKSUM    warning   vendor|buyer.vat_number      an Italian VAT number fails the Partita IVA check
//	DATE_INCOHERENCE         warning   invoice.due_date             invoice.date is later than invoice.due_date
//	INVALID_VAT_CHECKSUM     warning   vendor|buyer.vat_number      a non-Italian VAT number of a country with a known
//	                                                                checksum (DE, FR, AT, BE) fails it
//	INVALID_CF_CHECKSUM      warning   vendor|buyer.fiscal_code     a codice fiscale fails its check (party in IT or of
//	                                                                unknown country)
//	INVALID_IBAN_CHECKSUM    warning   vendor.iban                  the IBAN has the wrong length or fails mod 97
//	LINE_ITEMS_SUM_MISMATCH  warning   financials.subtotal          the line amounts (all known, at least one) add up to
//	                                                                neither subtotal nor subtotal + discount within
//	                                                                max(0.01, 0.05% of |subtotal|)
//	TAX_RATE_MISMATCH        warning   financials.tax_amount        a single rate applies and tax_amount differs from
//	                                                                subtotal × tax_rate / 100 by more than
//	                                                                max(0.02, 0.5% of the expected tax)
//	INVALID_DATE             warning   invoice.date,                the value is not a real calendar date in YYYY-MM-DD
//	                                   invoice.due_date             form
//
// The details:
//
//   - Credit notes (invoice.type "credit_note") normally carry negative
//     amounts, and some print positive ones: for them INVALID_TOTAL is raised
//     only for a total of zero.
//   - An invoice is Italian when vendor.country is IT, or vendor.vat_number
//     starts with IT, or vendor.vat_number is 11 digits and vendor.country is
//     unknown. 20% is accepted for invoices dated before 2011-09-17 and 21%
//     for invoices dated before 2013-10-01 (the lower bound of 21% is not
//     enforced); when the date is unknown or invalid they are flagged like
//     any other rate. 0% is accepted although it needs an exemption nature
//     the result does not carry.
//   - A VAT number is Italian when it starts with IT, or when it is 11 digits
//     without prefix and the party's country is IT or unknown. Other VAT
//     numbers are checked only when they carry a country prefix.
//   - A withholding is deducted by its absolute value, since it may be
//     extracted with either sign; so is the discount.
//   - A single rate applies when financials.tax_rate is known and every line
//     whose tax_rate is known has that rate.
//   - Line-item fields are indexed from 0 ("line_items[0].tax_rate"); the
//     messages count lines from 1, as a reader does.
//
// Findings come in a fixed order: by code in the order of the table above,
// then by field (financials before line items, lines by index, vendor before
// buyer, invoice.date before invoice.due_date).
package validate
