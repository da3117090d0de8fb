package fields

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/invex/invex/extract/layout"
	"github.com/invex/invex/invoice"
)

// docFromText lays out one page from text rows: words separated by one
// space sit side by side, runs of three or more spaces are column gaps,
// and each row is 14 pt below the previous. Characters are 5 pt wide and
// 10 pt high.
func docFromText(rows ...string) *layout.Document {
	p := layout.Page{Number: 1, Width: 595, Height: 842}
	for r, row := range rows {
		y := 40 + float64(r)*14
		var line layout.Line
		col := 0
		for col < len(row) {
			if row[col] == ' ' {
				col++
				continue
			}
			end := strings.IndexByte(row[col:], ' ')
			if end < 0 {
				end = len(row) - col
			}
			text := row[col : col+end]
			x := 40 + float64(col)*5
			w := layout.Word{Text: text, FontSize: 10, Box: layout.Rect{X0: x, Y0: y, X1: x + float64(len([]rune(text)))*5, Y1: y + 10}}
			line.Words = append(line.Words, len(p.Words))
			if len(line.Words) == 1 {
				line.Box = w.Box
			} else {
				line.Box = union(line.Box, w.Box)
			}
			p.Words = append(p.Words, w)
			col += end
		}
		if len(line.Words) > 0 {
			p.Lines = append(p.Lines, line)
		}
	}
	return &layout.Document{Pages: []layout.Page{p}}
}

func TestTotals(t *testing.T) {
	cases := []struct {
		name   string
		locale string
		rows   []string
		want   invoice.Financials
	}{{
		name:   "net and gross sums with parenthesised tax words",
		locale: "de",
		rows: []string{
			"Rechnungssumme Netto (excl. USt.)                 198,00",
			"Steuerbasisbetrag USt. 19%              198,00    37,62",
			"Rechnungssumme Brutto (inkl. USt.)                235,62",
		},
		want: invoice.Financials{Subtotal: num(198), TaxRate: num(19), TaxAmount: num(37.62), Total: num(235.62)},
	}, {
		name:   "total net to pay stays the amount due",
		locale: "fr",
		rows: []string{
			"Total HT                 100,00",
			"TVA 20 %                  20,00",
			"Total net à payer        120,00",
		},
		want: invoice.Financials{Subtotal: num(100), TaxRate: num(20), TaxAmount: num(20), Total: num(120)},
	}, {
		name:   "checked VAT summary with wrapped rows stands when the total includes charges",
		locale: "it",
		rows: []string{
			"Aliquota   Natura                Imponibile      Imposta",
			"22                               1.620,00        356,40",
			"           (non soggette",
			"N2.2       altri casi)           100,00          0,00",
			"Sconto/maggiorazione",
			"Totale documento                                 1.388,40",
		},
		want: invoice.Financials{Subtotal: num(1720), TaxAmount: num(356.4), Total: num(1388.4)},
	}, {
		name:   "a VAT sentence states base, rate and tax",
		locale: "it",
		rows: []string{
			"Totale spesa energia (A)                                   85,10 €",
			"Importo IVA 22% (su imponibile di euro 87,18)              19,18 €",
			"TOTALE DELLA BOLLETTA                                     106,36 €",
		},
		want: invoice.Financials{Subtotal: num(87.18), TaxRate: num(22), TaxAmount: num(19.18), Total: num(106.36)},
	}, {
		name:   "a key-value summary with the rate's percent sign in the label",
		locale: "it",
		rows: []string{
			"Importo totale documento: 1090.76",
			"Sconto: 860.00",
			"Maggiorazione: 172.00",
			"Aliquota IVA (%): 22.00",
			"Totale imponibile/importo: 1458.00",
			"Totale imposta: 320.76",
		},
		want: invoice.Financials{Subtotal: num(1458), TaxRate: num(22), TaxAmount: num(320.76), Total: num(1090.76)},
	}, {
		name:   "a discount line that states its rate and base",
		locale: "fr",
		rows: []string{
			"1   PRESTATION SUPPORT                           60,00   20,00%",
			"95  REMISE : REMISE COMMERCIALE   5,00% sur 100,00 EUR    -5,00   20,00%",
			"Total HT                 95,00",
			"TVA 20 %                 19,00",
			"Total TTC               114,00",
		},
		want: invoice.Financials{Subtotal: num(95), TaxRate: num(20), TaxAmount: num(19), Total: num(114), Discount: num(5)},
	}, {
		name:   "a discount beside a VAT table row, proven by the printed gross",
		locale: "en",
		rows: []string{
			"VAT rate    Net         VAT         Goods total                1,168.10",
			"23%         1,051.29    241.80      Discount 10%               -116.81",
			"                                    Subtotal                   1,051.29",
			"                                    Total VAT                    241.80",
			"                                    Total                  EUR 1,293.09",
		},
		want: invoice.Financials{Subtotal: num(1051.29), TaxRate: num(23), TaxAmount: num(241.8), Total: num(1293.09), Discount: num(116.81)},
	}, {
		name:   "summary rows wrapped over a line with stray numbers; total right-aligned under its heading",
		locale: "it",
		rows: []string{
			"Natura / norma                 %IVA       Totale imponibile      Totale imposta",
			"Esigibilità immediata          N1                   1,00                 0",
			"Escluse ex art. 15 del D.P.R. 633/1972",
			"Esigibilità immediata          10,00              240,00             24,00",
			"Importo bollo     Arrotondamento             Totale documento",
			"                                                                  265,00",
		},
		want: invoice.Financials{Subtotal: num(241), TaxAmount: num(24), Total: num(265)},
	}, {
		name:   "a per-rate summary with unlabeled columns and its own total row",
		locale: "de",
		rows: []string{
			"Warenwert     Zu-/Abschlag     Nettobetrag     MwSt-Betrag     MwSt-%     Endbetrag",
			"-5,00         0,15             -4,85           -0,92           19,0       -5,77",
			"-2,90         0,08             -2,82           -0,20            7,0       -3,02",
			"-7,90         0,23             -7,67           -1,12           EUR        -8,79",
		},
		want: invoice.Financials{Subtotal: num(-7.67), TaxAmount: num(-1.12), Total: num(-8.79)},
	}, {
		name:   "several invoice discounts add up, with a charge, to the printed gross",
		locale: "de",
		rows: []string{
			"Positionssumme                                 500,00 EUR",
			"Rechnungsrabatt 1     Rabattbetrag:             -6,00",
			"Rechnungsrabatt 2     Rabattbetrag:             -4,00",
			"Gesamtbetrag der Zuschläge (Versand)            +5,00 EUR",
			"Rechnungssumme ohne USt.                       495,00 EUR",
			"Steuerbetrag 19 %                               94,05 EUR",
			"Bruttosumme                                    589,05 EUR",
		},
		want: invoice.Financials{Subtotal: num(495), TaxRate: num(19), TaxAmount: num(94.05), Total: num(589.05), Discount: num(10)},
	}, {
		name:   "a total of the discounts is a discount, not the invoice total",
		locale: "de",
		rows: []string{
			"Positionssumme                                 500,00 EUR",
			"Gesamtbetrag der Zuschläge                      +5,00 EUR",
			"Gesamtbetrag der Abschläge                     -10,00 EUR",
			"Rechnungssumme ohne USt.                       495,00 EUR",
			"Steuerbetrag                                    94,05 EUR",
			"Bruttosumme                                    589,05 EUR",
		},
		want: invoice.Financials{Subtotal: num(495), TaxRate: num(19), TaxAmount: num(94.05), Total: num(589.05), Discount: num(10)},
	}, {
		name:   "left-aligned summary headers over right-aligned amounts, a label set tight",
		locale: "it",
		rows: []string{
			"Aliquota  TOTALE CON IVA IMPONIBILE     IVA        TOTALI IVA",
			"IVA",
			"   22,00           23,98            19,66     4,32",
		},
		want: invoice.Financials{Subtotal: num(19.66), TaxRate: num(22), TaxAmount: num(4.32), Total: num(23.98)},
	}, {
		name:   "a VAT line that prints its rate twice",
		locale: "it",
		rows: []string{
			"Netto merce                                        1.800,00 EUR",
			"Totale imballaggi                                    200,00 EUR",
			"IVA vendite    2.000,00 EUR IVA 22%     22,000 %     440,00 EUR",
			"Totale fattura                                     2.440,00 EUR",
		},
		want: invoice.Financials{Subtotal: num(2000), TaxRate: num(22), TaxAmount: num(440), Total: num(2440)},
	}, {
		name:   "a VAT sentence wraps its base onto the next line",
		locale: "it",
		rows: []string{
			"Totale spesa (A)                                   1.021,20 €",
			"IVA Scissione Pagamenti 22% su imponibile di euro    245,01 €",
			"1.113,68",
			"Totale Bolletta                                    1.358,69 €",
		},
		want: invoice.Financials{Subtotal: num(1113.68), TaxRate: num(22), TaxAmount: num(245.01), Total: num(1358.69)},
	}, {
		name:   "the amount to pay includes a charge outside VAT",
		locale: "it",
		rows: []string{
			"IVA 10% su imponibile di 200,00 euro                  20,00",
			"TOTALE BOLLETTA                                      220,00 EURO",
			"CANONE DI ABBONAMENTO TV                              14,00 EURO",
			"TOTALE DA PAGARE                                     234,00 EURO",
		},
		want: invoice.Financials{Subtotal: num(200), TaxRate: num(10), TaxAmount: num(20), Total: num(234)},
	}, {
		name:   "an amount due after an advance leaves the total",
		locale: "de",
		rows: []string{
			"Rechnungssumme ohne USt.                   200,00 EUR",
			"Steuerbetrag 19 %                           38,00 EUR",
			"Bruttosumme                                238,00 EUR",
			"Erhaltene Anzahlungen                      -50,00 EUR",
			"Zahlbetrag                                 188,00 EUR",
		},
		want: invoice.Financials{Subtotal: num(200), TaxRate: num(19), TaxAmount: num(38), Total: num(238)},
	}, {
		name:   "a table's total row prints net, tax and gross; the items state the rate",
		locale: "en",
		rows: []string{
			"Product       Title                    Qty   Price    Tax(%)    Tax      Total",
			"Cards         Acme Micro Card 16 GB      1   412.50   14.50%    59.81   472.31",
			"                                Total    1   412.50             59.81   472.31",
			"                                         Grand Total                    319.00",
		},
		want: invoice.Financials{Subtotal: num(412.50), TaxRate: num(14.5), TaxAmount: num(59.81), Total: num(472.31)},
	}, {
		name:   "a negative invoice has a negative discount",
		locale: "fr",
		rows: []string{
			"Total brut HT                 -105,00",
			"Remise                           5,00",
			"Total HT                      -100,00",
			"TVA 20 %                       -20,00",
			"Total TTC                     -120,00",
		},
		want: invoice.Financials{Subtotal: num(-100), TaxRate: num(20), TaxAmount: num(-20), Total: num(-120), Discount: num(-5)},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := Extract(docFromText(c.rows...), c.locale)
			got := out.Result.Financials
			got.Currency = nil
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("financials (-want +got):\n%s", diff)
			}
		})
	}
}

func TestTotalUnderHeaderRow(t *testing.T) {
	// A header row of left-aligned labels over right-aligned amounts, on
	// an invoice whose parts do not add up to its total (withholding and
	// a discount are stated elsewhere): the document total and the stamp
	// duty still stand on their labels.
	doc := docFromText(
		"Aliquota IVA       Totale imponibile       Totale imposta",
		"22,00                       1.620,00               356,40",
		"Importo bollo           Sconto/Maggiorazione         Arr.          Totale documento",
		"             12,34       -50.00%                                           1.026,74",
	)
	f := Extract(doc, "it").Result.Financials
	got := []string{fmtNum(f.Total), fmtNum(f.StampDuty)}
	if diff := cmp.Diff([]string{"1026.74", "12.34"}, got); diff != "" {
		t.Errorf("total, stamp duty (-want +got):\n%s", diff)
	}
}

func fmtNum(v *float64) string {
	if v == nil {
		return "<nil>"
	}
	return strconv.FormatFloat(*v, 'f', -1, 64)
}

func TestStatedCurrency(t *testing.T) {
	doc := docFromText(
		"Währung        :  EUR",
		"Gesamtbetrag      100.00",
		"Telefon Mo.-Fr. 08.30 - 12.30 Uhr",
		"        Mo.-Fr. 14.00 - 17.00 Uhr",
	)
	r := Extract(doc, "de").Result
	if got := deref(r.Invoice.Currency); got != "EUR" {
		t.Errorf("currency = %s, want EUR", got)
	}
}

func TestSummaryAcrossPages(t *testing.T) {
	rows := make([]string, 48)
	rows[0] = "Riepilogo IVA"
	rows[47] = "Aliquota      Imponibile      Imposta"
	first := docFromText(rows...)
	second := docFromText(
		"10              795,45          79,55",
		"Totale documento                876,00",
	)
	p2 := second.Pages[0]
	p2.Number = 2
	doc := &layout.Document{Pages: []layout.Page{first.Pages[0], p2}}
	f := Extract(doc, "it").Result.Financials
	got := []string{fmtNum(f.Subtotal), fmtNum(f.TaxAmount), fmtNum(f.Total)}
	if diff := cmp.Diff([]string{"795.45", "79.55", "876"}, got); diff != "" {
		t.Errorf("subtotal, tax, total (-want +got):\n%s", diff)
	}
}

func TestNetColumnHeadingsAreNoTax(t *testing.T) {
	doc := docFromText(
		"Pos.   Menge   Beschreibung                   VK-Preis     Zeilenbetrag",
		"                                              Ohne         Ohne MwSt.",
		"                                              MwSt.",
		"1      1       Acme Cloud Mailbox               3,89         3,89",
		"2      4       Acme Cloud Storage               7,71        30,84",
		"                                  Total EUR                 34,73",
	)
	f := Extract(doc, "de").Result.Financials
	got := []string{fmtNum(f.TaxAmount), fmtNum(f.Total)}
	if diff := cmp.Diff([]string{"<nil>", "34.73"}, got); diff != "" {
		t.Errorf("tax, total (-want +got):\n%s", diff)
	}
}

func TestTotalColumnOfItemsIsNoTotal(t *testing.T) {
	// "Total" heading the line amounts of an item table, beside the
	// quantity and unit price headings: the amount under it is the first
	// line's, never the document's total (which the rules do not read
	// under "Total Price:", a line-amount heading to them; the resolver
	// does).
	doc := docFromText(
		"Item Code    Item Desc.             Unit Price      Quantity            Total",
		"AB100        COPY PAPER A4          21.40           5                   107.00",
		"CD220        STAPLES BOX            4.10            10                  41.00",
		"",
		"Total Pcs.: 15                               Total Price: 148.00",
	)
	f := Extract(doc, "en").Result.Financials
	if got := fmtNum(f.Total); got == "107" {
		t.Errorf("total %s: the first line's amount", got)
	}
}
