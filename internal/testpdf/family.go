package testpdf

import "strings"

// A layout family is the way one kind of invoicing program lays out its
// invoices: where the letterhead, the parties, the document data, the
// item table and the totals go, and how each is drawn. Invoices of one
// family share that arrangement; their content (parties, items, amounts,
// tax treatment) and their style (fonts, sizes, margins, colours, label
// wordings, number and date notation) vary from invoice to invoice. The
// corpus cases of a family carry origin "gen:<name>", so that evaluation
// can hold a whole family out.

// Letterhead arrangements.
const (
	headLeft       = iota // vendor name and data top left
	headRight             // vendor block top right, right-aligned
	headCentre            // centred letterhead
	headBand              // a coloured band across the top with the vendor's name, data under it
	headPicture           // the whole letterhead is a picture
	headLogo              // a logo picture left, the vendor's data as text beside it
	headMinimal           // only the vendor's name on top; its data in the footer
	headSenderLine        // DIN 5008: logo right, a small sender line over the address window
)

// Party arrangements.
const (
	partyWindowRight = iota // buyer in an address window on the right
	partyWindowLeft         // buyer in an address window on the left (DIN 5008), document data on the right
	partyBuyerFirst         // buyer block at the top left, before anything of the vendor's
	partySideBySide         // vendor and buyer side by side, each under its heading
	partyBillShip           // billing address beside a delivery address
	partyBoxes              // vendor and buyer in framed boxes with headings (FatturaPA style)
	partyKeyed              // each party's data as "Key: value" rows under headings (the SdI stylesheet, forms)
)

// Document data arrangements.
const (
	metaGrid       = iota // a row of labels over a row of values in framed cells
	metaBeside            // label: value rows in a block
	metaTitleLine         // "Invoice 123 of 12/03/2025" as one line under the title
	metaKVBox             // a framed box of label/value pairs
	metaTableRight        // a small two-column table on the right
	metaInline            // several label: value pairs on one line
)

// Item table styles.
const (
	tableRuled     = iota // every cell framed
	tableZebra            // filled header, shaded alternate rows
	tableLines            // horizontal rules only
	tableNoHeader         // no header row at all
	tableHeaderPic        // the header row is a picture
	tableBoxed            // an outer frame with vertical column rules (classic form)
)

// Totals arrangements.
const (
	totColumn    = iota // label/value rows on the right
	totBox              // a framed box, the total emphasised
	totFootGrid         // a grid of labels over a row of amounts at the foot
	totVATColumn        // a VAT summary table on the left, totals column on the right
	totTableRows        // totals as the last rows of the item table
	totSentence         // the summary as sentences, the total in a "due" line
)

// Payment arrangements.
const (
	payBlock    = iota // labelled block: method, terms, bank, IBAN
	paySentence        // one or two sentences asking for payment
	payGrid            // a table of instalments (due date, amount) with the method
	payFooter          // bank details in the page footer only
)

// Footer arrangements.
const (
	footLegal   = iota // one or two lines of legal data
	footColumns        // three columns: address, contacts, bank (German style)
	footPageNum        // only a page number
	footNone
)

// Content features a family may print.
const (
	featCredit        = 1 << iota // credit notes
	featMultiVAT                  // several VAT rates
	featDocDiscount               // a document-level discount
	featLineDiscount              // discounts per line
	featWrap                      // long descriptions that wrap
	featDetail                    // a second description line (lot, period)
	featLong                      // long tables over two or more pages
	featWithholding               // Italian ritenuta d'acconto
	featStamp                     // Italian imposta di bollo
	featCassa                     // Italian cassa previdenza contribution
	featSplit                     // Italian split payment
	featReverse                   // reverse charge
	featExempt                    // no VAT (flat-rate, small business)
	featShipping                  // shipping or packing charges
	featAdvance                   // an advance paid, deducted from the amount due
	featPrecise                   // unit prices with 3 to 5 decimals
	featEAN                       // EAN codes in the code column
	featVATCodes                  // VAT codes or natures instead of rates in the rows
	featDelivery                  // a delivery address
	featHours                     // hourly services
	featBuyerPerson               // private buyers without a VAT number
	featUnits                     // a unit column
	featCode                      // a product code column
	featPos                       // a position column
	featKeyedItems                // items as blocks of "Key: value" lines instead of a table (e-invoice viewers, forms)
	featAmountOnly                // item rows print a description and an amount, no quantity or price (services)
	featStacked                   // cells centred in their row: the price stacked as gross, discount and net, the description over a period, the code over a reference
	featLeftNumbers               // the numbers of the item table left-aligned in their cells, as a word processor's table prints them
	featFlatRow                   // one row of a priced table prints its amount alone, no quantity or price (a flat fee)
	featLongTerms                 // payment terms with a cash discount, wrapping over two or three lines of a narrow column
	featGrossLines                // the item table's amounts include each row's VAT, printed before them (a shop's "Total TTC")
	featDotNumbers                // numbers printed the English way (a decimal dot, no grouping) whatever the language, as a program that ignores it does
	featMonthFirst                // dates printed month first on A4 (an English program made in the United States), in English families only
	featRateGrid                  // the foot grid of the totals has a row per VAT rate (rate, taxable, VAT, gross) and a last row of their sums, the invoice's totals
	featGroupedNumber             // the document number printed as two groups of digits set apart by a space, a till's or a branch's code and a sequence, as till and ERP programs print it
)

// Family is one layout family.
type Family struct {
	Name string
	// Lang is the invoice's language; Second, when set, a second language
	// every label is also printed in ("Rechnung / Fattura").
	Lang, Second string
	// Countries are the vendor's possible countries; the buyer is of the
	// same country unless a feature says otherwise.
	Countries []string
	// Currency overrides the country's currency.
	Currency string
	// Letter prints on US Letter paper, with US dates (month first).
	Letter bool
	// Ghostscript makes some of the family's PDFs go through
	// Ghostscript's pdfwrite after Chromium.
	Ghostscript bool

	Head, Parties, Meta, Table, Totals, Pay, Foot int
	// Always are features every invoice of the family has; Maybe those
	// each invoice has with some probability.
	Always, Maybe int
}

// Origin is the family's corpus origin.
func (f Family) Origin() string { return "gen:" + f.Name }

func (f Family) has(feat int) bool { return f.Always&feat != 0 || f.Maybe&feat != 0 }

// families are the layout families printed by Chromium (and Ghostscript),
// each modelled on what one kind of invoicing program prints.
var families = []Family{
	// Italian desktop and cloud invoicing programs.
	{Name: "it-grid-logo", Lang: "it", Countries: []string{"IT"}, Head: headLogo, Parties: partyWindowRight, Meta: metaGrid,
		Table: tableBoxed, Totals: totFootGrid, Pay: payGrid, Foot: footLegal,
		Always: featCode | featUnits, Maybe: featMultiVAT | featLineDiscount | featCredit | featDelivery | featShipping | featLong | featPrecise | featRateGrid},
	{Name: "it-cloud-modern", Lang: "it", Countries: []string{"IT"}, Head: headRight, Parties: partySideBySide, Meta: metaTitleLine,
		Table: tableZebra, Totals: totColumn, Pay: payBlock, Foot: footPageNum, Ghostscript: true,
		Maybe: featMultiVAT | featCredit | featDocDiscount | featWrap | featUnits | featBuyerPerson | featFlatRow},
	{Name: "it-boxes-pa", Lang: "it", Countries: []string{"IT"}, Head: headMinimal, Parties: partyBoxes, Meta: metaKVBox,
		Table: tableRuled, Totals: totVATColumn, Pay: payBlock, Foot: footNone,
		Always: featVATCodes, Maybe: featMultiVAT | featCredit | featWithholding | featCassa | featDetail | featUnits | featPos},
	{Name: "it-erp-billship", Lang: "it", Countries: []string{"IT"}, Head: headLeft, Parties: partyBillShip, Meta: metaGrid,
		Table: tableBoxed, Totals: totBox, Pay: payBlock, Foot: footLegal, Ghostscript: true,
		Always: featDelivery | featCode | featUnits, Maybe: featMultiVAT | featLineDiscount | featShipping | featLong | featCredit},
	{Name: "it-ean-wholesale", Lang: "it", Countries: []string{"IT"}, Head: headCentre, Parties: partyWindowRight, Meta: metaBeside,
		Table: tableLines, Totals: totVATColumn, Pay: payBlock, Foot: footLegal,
		Always: featEAN | featCode | featUnits | featPrecise, Maybe: featMultiVAT | featLineDiscount | featLong | featShipping | featStacked | featGroupedNumber},
	{Name: "it-professional", Lang: "it", Countries: []string{"IT"}, Head: headCentre, Parties: partyWindowRight, Meta: metaTitleLine,
		Table: tableLines, Totals: totColumn, Pay: paySentence, Foot: footNone,
		Always: featWithholding, Maybe: featCassa | featCredit | featBuyerPerson | featLongTerms},
	{Name: "it-flat-rate", Lang: "it", Countries: []string{"IT"}, Head: headLeft, Parties: partySideBySide, Meta: metaBeside,
		Table: tableLines, Totals: totColumn, Pay: paySentence, Foot: footNone, Ghostscript: true,
		Always: featExempt | featStamp, Maybe: featBuyerPerson | featUnits | featHours},
	{Name: "it-public-split", Lang: "it", Countries: []string{"IT"}, Head: headPicture, Parties: partyWindowRight, Meta: metaKVBox,
		Table: tableRuled, Totals: totBox, Pay: payBlock, Foot: footLegal,
		Always: featSplit, Maybe: featMultiVAT | featUnits | featDetail | featPos},
	{Name: "it-reverse-building", Lang: "it", Countries: []string{"IT"}, Head: headLeft, Parties: partyWindowRight, Meta: metaBeside,
		Table: tableRuled, Totals: totColumn, Pay: payBlock, Foot: footLegal,
		Always: featReverse | featUnits, Maybe: featAdvance | featHours | featWrap | featLongTerms},
	{Name: "it-sap-codes", Lang: "it", Countries: []string{"IT"}, Head: headRight, Parties: partyWindowLeft, Meta: metaTableRight,
		Table: tableLines, Totals: totVATColumn, Pay: payBlock, Foot: footPageNum, Ghostscript: true,
		Always: featVATCodes | featDetail | featCode | featPos, Maybe: featMultiVAT | featLong | featUnits | featPrecise},
	{Name: "it-picture-header", Lang: "it", Countries: []string{"IT"}, Head: headLeft, Parties: partyBuyerFirst, Meta: metaInline,
		Table: tableHeaderPic, Totals: totFootGrid, Pay: payBlock, Foot: footLegal,
		Maybe: featMultiVAT | featUnits | featLineDiscount | featCollectionCharge | featCredit | featRateGrid},
	{Name: "it-de-bilingual", Lang: "it", Second: "de", Countries: []string{"IT"}, Head: headLeft, Parties: partyWindowRight, Meta: metaBeside,
		Table: tableRuled, Totals: totColumn, Pay: payBlock, Foot: footLegal,
		Maybe: featMultiVAT | featUnits | featCredit | featCode},
	{Name: "it-advance-shipping", Lang: "it", Countries: []string{"IT"}, Head: headCentre, Parties: partyBillShip, Meta: metaGrid,
		Table: tableZebra, Totals: totColumn, Pay: payGrid, Foot: footPageNum,
		Always: featAdvance | featShipping | featDelivery, Maybe: featMultiVAT | featUnits | featDocDiscount},
	{Name: "it-word-simple", Lang: "it", Countries: []string{"IT"}, Head: headLeft, Parties: partyWindowRight, Meta: metaTitleLine,
		Table: tableRuled, Totals: totColumn, Pay: paySentence, Foot: footNone, Ghostscript: true,
		Maybe: featHours | featBuyerPerson | featAmountOnly | featLeftNumbers | featDotNumbers},
	{Name: "it-shop-receipt", Lang: "it", Countries: []string{"IT"}, Head: headBand, Parties: partyBuyerFirst, Meta: metaInline,
		Table: tableZebra, Totals: totBox, Pay: payBlock, Foot: footLegal,
		Always: featShipping, Maybe: featBuyerPerson | featMultiVAT | featCode | featGrossLines | featDotNumbers},

	// German programs.
	{Name: "de-din5008", Lang: "de", Countries: []string{"DE"}, Head: headSenderLine, Parties: partyWindowLeft, Meta: metaBeside,
		Table: tableLines, Totals: totColumn, Pay: paySentence, Foot: footColumns, Ghostscript: true,
		Always: featPos, Maybe: featMultiVAT | featUnits | featCredit | featLong | featCode | featDocDiscount | featLongTerms},
	{Name: "de-cloud-table", Lang: "de", Countries: []string{"DE"}, Head: headRight, Parties: partyWindowLeft, Meta: metaTableRight,
		Table: tableZebra, Totals: totColumn, Pay: paySentence, Foot: footColumns,
		Maybe: featMultiVAT | featUnits | featCredit | featHours | featLineDiscount | featFlatRow},
	{Name: "de-band", Lang: "de", Countries: []string{"DE"}, Head: headBand, Parties: partyWindowLeft, Meta: metaInline,
		Table: tableLines, Totals: totBox, Pay: payFooter, Foot: footColumns,
		Maybe: featMultiVAT | featUnits | featWrap | featPos},
	{Name: "de-trades-advance", Lang: "de", Countries: []string{"DE"}, Head: headLeft, Parties: partyBillShip, Meta: metaBeside,
		Table: tableRuled, Totals: totColumn, Pay: paySentence, Foot: footColumns,
		Always: featPos | featUnits | featDelivery, Maybe: featAdvance | featHours | featWrap | featLong},
	{Name: "de-small-business", Lang: "de", Countries: []string{"DE"}, Head: headCentre, Parties: partyWindowLeft, Meta: metaBeside,
		Table: tableLines, Totals: totColumn, Pay: paySentence, Foot: footNone, Ghostscript: true,
		Always: featExempt, Maybe: featHours | featBuyerPerson | featUnits | featAmountOnly | featLeftNumbers | featDotNumbers},
	{Name: "de-erp-grid", Lang: "de", Countries: []string{"DE"}, Head: headPicture, Parties: partyWindowLeft, Meta: metaGrid,
		Table: tableRuled, Totals: totFootGrid, Pay: payBlock, Foot: footLegal,
		Always: featCode | featPos, Maybe: featMultiVAT | featUnits | featLong | featPrecise | featCredit | featRateGrid},
	{Name: "de-kv-boxed", Lang: "de", Countries: []string{"DE"}, Head: headLogo, Parties: partyWindowLeft, Meta: metaKVBox,
		Table: tableBoxed, Totals: totVATColumn, Pay: payBlock, Foot: footColumns,
		Always: featMultiVAT, Maybe: featUnits | featCode | featLineDiscount | featShipping | featStacked},
	{Name: "de-eu-reverse", Lang: "de", Countries: []string{"DE"}, Head: headLeft, Parties: partyWindowLeft, Meta: metaBeside,
		Table: tableLines, Totals: totColumn, Pay: payBlock, Foot: footColumns,
		Always: featReverse, Maybe: featUnits | featHours | featPos | featLongTerms},
	{Name: "de-webshop", Lang: "de", Countries: []string{"DE"}, Head: headLogo, Parties: partyBillShip, Meta: metaTableRight,
		Table: tableLines, Totals: totColumn, Pay: payBlock, Foot: footColumns, Ghostscript: true,
		Always: featShipping | featDelivery, Maybe: featMultiVAT | featCode | featBuyerPerson | featKeyedItems | featGrossLines | featGroupedNumber},

	// French programs.
	{Name: "fr-classic", Lang: "fr", Countries: []string{"FR"}, Head: headLogo, Parties: partyWindowRight, Meta: metaBeside,
		Table: tableRuled, Totals: totVATColumn, Pay: payBlock, Foot: footLegal,
		Maybe: featMultiVAT | featUnits | featCredit | featLineDiscount | featCode | featStacked | featFlatRow | featGroupedNumber},
	{Name: "fr-band-grid", Lang: "fr", Countries: []string{"FR"}, Head: headBand, Parties: partySideBySide, Meta: metaGrid,
		Table: tableZebra, Totals: totColumn, Pay: payBlock, Foot: footLegal, Ghostscript: true,
		Maybe: featMultiVAT | featUnits | featDocDiscount | featWrap},
	{Name: "fr-micro", Lang: "fr", Countries: []string{"FR"}, Head: headCentre, Parties: partyWindowRight, Meta: metaTitleLine,
		Table: tableLines, Totals: totColumn, Pay: paySentence, Foot: footLegal,
		Always: featExempt, Maybe: featHours | featBuyerPerson | featAmountOnly | featLeftNumbers | featLongTerms | featDotNumbers},
	{Name: "fr-erp-billship", Lang: "fr", Countries: []string{"FR"}, Head: headRight, Parties: partyBillShip, Meta: metaKVBox,
		Table: tableBoxed, Totals: totFootGrid, Pay: payBlock, Foot: footPageNum,
		Always: featCode | featDelivery, Maybe: featMultiVAT | featAdvance | featLong | featUnits | featEAN | featCredit | featRateGrid},
	{Name: "fr-en-bilingual", Lang: "fr", Second: "en", Countries: []string{"FR"}, Head: headLeft, Parties: partySideBySide, Meta: metaBeside,
		Table: tableRuled, Totals: totColumn, Pay: payBlock, Foot: footLegal,
		Maybe: featMultiVAT | featUnits | featCredit},
	{Name: "fr-building-reverse", Lang: "fr", Countries: []string{"FR"}, Head: headLeft, Parties: partyWindowRight, Meta: metaBeside,
		Table: tableRuled, Totals: totColumn, Pay: payBlock, Foot: footLegal, Ghostscript: true,
		Always: featReverse | featUnits, Maybe: featAdvance | featWrap | featPos | featLongTerms},
	{Name: "fr-shop", Lang: "fr", Countries: []string{"FR"}, Head: headMinimal, Parties: partyBillShip, Meta: metaBeside,
		Table: tableZebra, Totals: totColumn, Pay: payBlock, Foot: footLegal,
		Always: featShipping | featDelivery, Maybe: featBuyerPerson | featCode | featMultiVAT | featKeyedItems | featGrossLines},

	// English programs.
	{Name: "en-us-books", Lang: "en", Countries: []string{"US"}, Letter: true, Head: headLeft, Parties: partyBillShip, Meta: metaKVBox,
		Table: tableLines, Totals: totColumn, Pay: paySentence, Foot: footPageNum,
		Always: featDelivery, Maybe: featDocDiscount | featShipping | featHours | featCode},
	{Name: "en-gb-cloud", Lang: "en", Countries: []string{"GB"}, Head: headRight, Parties: partyBuyerFirst, Meta: metaTableRight,
		Table: tableLines, Totals: totColumn, Pay: paySentence, Foot: footLegal, Ghostscript: true,
		Maybe: featMultiVAT | featCredit | featUnits | featHours | featMonthFirst},
	{Name: "en-band-grid", Lang: "en", Countries: []string{"GB", "IE"}, Head: headBand, Parties: partySideBySide, Meta: metaGrid,
		Table: tableZebra, Totals: totColumn, Pay: paySentence, Foot: footNone,
		Maybe: featHours | featDocDiscount | featWrap | featMonthFirst},
	{Name: "en-saas-minimal", Lang: "en", Countries: []string{"IE", "GB"}, Head: headMinimal, Parties: partySideBySide, Meta: metaBeside,
		Table: tableLines, Totals: totColumn, Pay: paySentence, Foot: footPageNum,
		Maybe: featMultiVAT | featCredit | featKeyedItems | featAmountOnly | featLeftNumbers | featMonthFirst},
	{Name: "en-uk-vat", Lang: "en", Countries: []string{"GB"}, Head: headCentre, Parties: partyWindowLeft, Meta: metaBeside,
		Table: tableRuled, Totals: totVATColumn, Pay: payBlock, Foot: footLegal,
		Maybe: featMultiVAT | featUnits | featCode | featLong | featCredit | featStacked | featFlatRow},
	{Name: "en-ie-picture", Lang: "en", Countries: []string{"IE"}, Head: headPicture, Parties: partyWindowRight, Meta: metaTitleLine,
		Table: tableNoHeader, Totals: totBox, Pay: payBlock, Foot: footNone,
		Maybe: featMultiVAT | featUnits | featLongTerms},
	{Name: "en-marketplace", Lang: "en", Countries: []string{"GB", "IE"}, Head: headLeft, Parties: partyBillShip, Meta: metaKVBox,
		Table: tableRuled, Totals: totTableRows, Pay: payBlock, Foot: footLegal, Ghostscript: true,
		Always: featDelivery, Maybe: featMultiVAT | featShipping | featCode | featBuyerPerson | featGrossLines | featGroupedNumber},
	{Name: "en-us-balance", Lang: "en", Countries: []string{"US"}, Letter: true, Head: headRight, Parties: partySideBySide, Meta: metaBeside,
		Table: tableZebra, Totals: totColumn, Pay: paySentence, Foot: footNone,
		Always: featPos, Maybe: featAdvance | featDocDiscount | featWrap | featDetail},
	{Name: "en-consulting-hours", Lang: "en", Countries: []string{"GB", "IE"}, Head: headCentre, Parties: partySideBySide, Meta: metaGrid,
		Table: tableLines, Totals: totSentence, Pay: paySentence, Foot: footNone,
		Always: featHours, Maybe: featDetail | featLongTerms | featMonthFirst},

	// More Italian and German shapes: no header row, sentence totals.
	{Name: "it-noheader-list", Lang: "it", Countries: []string{"IT"}, Head: headRight, Parties: partyWindowRight, Meta: metaInline,
		Table: tableNoHeader, Totals: totSentence, Pay: paySentence, Foot: footLegal,
		Maybe: featUnits | featMultiVAT | featAmountOnly},
	{Name: "de-noheader-rows", Lang: "de", Countries: []string{"DE"}, Head: headMinimal, Parties: partyWindowLeft, Meta: metaTitleLine,
		Table: tableNoHeader, Totals: totTableRows, Pay: payFooter, Foot: footColumns,
		Maybe: featUnits | featMultiVAT | featPos | featAmountOnly},
	{Name: "fr-sentence", Lang: "fr", Countries: []string{"FR"}, Head: headPicture, Parties: partyBuyerFirst, Meta: metaInline,
		Table: tableHeaderPic, Totals: totSentence, Pay: paySentence, Foot: footLegal,
		Maybe: featUnits | featHours},

	// Party data as keys and values: the SdI stylesheet that prints
	// Italian e-invoices.
	{Name: "it-sdi-keyed", Lang: "it", Countries: []string{"IT"}, Head: headMinimal, Parties: partyKeyed, Meta: metaBeside,
		Table: tableRuled, Totals: totVATColumn, Pay: payBlock, Foot: footNone,
		Always: featKeyedItems, Maybe: featMultiVAT | featBuyerPerson | featWithholding | featCredit},
}

// featCollectionCharge is the Italian bank collection fee, a kind of
// shipping-type charge.
const featCollectionCharge = featShipping

// Families returns the layout families, Chromium's first, then the four
// fpdf ones.
func Families() []Family {
	out := append([]Family(nil), families...)
	return append(out, fpdfFamilies...)
}

// fpdfFamilies are the four layouts drawn directly with fpdf (core fonts,
// WinAnsi text).
var fpdfFamilies = []Family{
	{Name: "fpdf-left", Lang: "*"},
	{Name: "fpdf-right", Lang: "*"},
	{Name: "fpdf-blocks", Lang: "*"},
	{Name: "fpdf-footer", Lang: "*"},
}

func (f Family) fpdf() bool { return strings.HasPrefix(f.Name, "fpdf-") }
