// Package eval scores extraction results against hand-checked truth by the
// rules of the corpus format (../shared/corpus/FORMAT.md).
//
// A case is a PDF and the truth file beside it, <name>.pdf and
// <name>.truth.json; [LoadDir] finds the cases of a folder. [Score] compares
// our result with the truth field by field and [Failed] scores a case whose
// extraction failed. A [Report] adds up many case scores: field accuracy,
// the "no invented value" rate, line-item figures, expected flags, a
// per-field table, a calibration table when per-field confidences are given,
// and the cases with misses.
//
// [Holdout] evaluates leaving one origin out at a time: the cases of each
// origin (the layout family a truth file names) are scored with what a
// [Learner] fitted on the other origins' cases, beside the plain scores of
// a model fitted on all cases, with each origin's figures and their mean
// over origins (macro average). A Learner that returns no model, as the
// engine's does while all its rules are hand-written, makes held-out
// scores equal plain ones, and each case is scored once.
//
// # Rules
//
// Only the fields present in the truth are scored. A truth value of null is
// a "no invented value" check, counted apart: ours must be null, absent, a
// blank string, an empty array or an object of nulls. Values are compared by
// the name of the field:
//
//   - Free text is compared after Unicode NFKC, full case folding,
//     collapsing white space and dropping punctuation and spaces at both
//     ends. name, address, description and payment_terms also match when
//     one contains the other and the shorter is at least 60% of the longer,
//     counted in characters.
//   - vat_number: white space, dots and dashes removed, upper-cased, and a
//     leading two-letter prefix (A–Z) dropped on both sides.
//   - iban, zip_code, sdi_code, fiscal_code: white space removed,
//     upper-cased (after NFKC).
//   - date and due_date: exactly equal.
//   - Numbers: within 0.001 for tax_rate, discount_pct and quantity, within
//     0.01 for every other number (amounts).
//   - line_items: truth rows are matched to ours in order. A truth row we
//     did not return scores Miss for each of its fields (its null checks
//     pass). Our rows beyond the truth's count against line-item precision.
//     A truth row is exact when none of its fields is Miss or Invented.
//   - expect_flags: each code must be among the validation flags raised.
//
// Truth keys that the result schema (invoice.Result) has no place for are
// reported as [NotInSchema] and not scored. A failed extraction scores every
// field Miss, null checks included, so a failure never improves a figure.
package eval
