package einvoice

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

// minimalCII is a small valid CII invoice; %s is replaced by the TypeCode.
const minimalCII = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
<rsm:ExchangedDocument><ram:ID>1</ram:ID><ram:TypeCode>%s</ram:TypeCode></rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>Ünïcödé GmbH</ram:Name></ram:SellerTradeParty></ram:ApplicableHeaderTradeAgreement></rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`

func ciiWithType(code string) []byte {
	return []byte(strings.Replace(minimalCII, "%s", code, 1))
}

// measure runs f and reports its duration and the bytes it allocated.
func measure(f func()) (time.Duration, uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	f()
	d := time.Since(start)
	runtime.ReadMemStats(&after)
	return d, after.TotalAlloc - before.TotalAlloc
}

func TestParseRefusesUnsafeInput(t *testing.T) {
	billionLaughs := `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><x>&lol9;</x></rsm:CrossIndustryInvoice>`
	external := `<?xml version="1.0"?>
<!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&xxe;</ID></Invoice>`
	publicDTD := `<?xml version="1.0"?>
<!DOCTYPE Invoice SYSTEM "http://example.com/invoice.dtd">
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</ID></Invoice>`
	undefinedEntity := `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&custom;</ID></Invoice>`
	deep := strings.Repeat("<a>", MaxDepth+1) + strings.Repeat("</a>", MaxDepth+1)
	veryDeep := strings.Repeat("<a>", 2_000_000)

	tests := []struct {
		name  string
		input []byte
		want  error
	}{
		{"billion laughs", []byte(billionLaughs), ErrUnsafe},
		{"external entity", []byte(external), ErrUnsafe},
		{"external DTD", []byte(publicDTD), ErrUnsafe},
		{"undefined entity", []byte(undefinedEntity), ErrUnsafe},
		{"too deep", []byte(deep), ErrUnsafe},
		{"very deep, unclosed", []byte(veryDeep), ErrUnsafe},
		{"oversize", append(ciiWithType("380"), bytes.Repeat([]byte(" "), MaxSize)...), ErrUnsafe},
		{"huge attribute", []byte(`<p:FatturaElettronica versione="` + strings.Repeat("A", 4<<20) + `" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"/>`), ErrUnsafe},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			d, alloc := measure(func() { _, err = Parse(tt.input) })
			if !errors.Is(err, tt.want) {
				t.Errorf("Parse(%s) error = %v, want %v", tt.name, err, tt.want)
			}
			if d > 2*time.Second {
				t.Errorf("Parse(%s) took %v, want < 2s", tt.name, d)
			}
			// Refusals cost at most a small multiple of the input.
			if limit := uint64(4*len(tt.input)) + 8<<20; alloc > limit {
				t.Errorf("Parse(%s) allocated %d bytes, want <= %d", tt.name, alloc, limit)
			}
		})
	}
}

func TestParseDepthLimitAcceptsDeepButLegalInput(t *testing.T) {
	// MaxDepth levels in total (the root included) are accepted.
	in := strings.Repeat("<a>", MaxDepth) + strings.Repeat("</a>", MaxDepth)
	if _, err := Parse([]byte(in)); !errors.Is(err, ErrNotEInvoice) {
		t.Errorf("Parse(%d levels) error = %v, want %v", MaxDepth, err, ErrNotEInvoice)
	}
}

func TestParseElementLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a million elements")
	}
	in := "<r>" + strings.Repeat("<a/>", MaxElements) + "</r>"
	var err error
	_, alloc := measure(func() { _, err = Parse([]byte(in)) })
	if !errors.Is(err, ErrUnsafe) {
		t.Errorf("Parse(%d elements) error = %v, want %v", MaxElements+1, err, ErrUnsafe)
	}
	t.Logf("refusing %d elements allocated %d MiB", MaxElements+1, alloc>>20)
}

func TestParseMalformedAndForeign(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  error
	}{
		{"empty", "", ErrMalformed},
		{"not xml", "%PDF-1.7 garbage", ErrMalformed},
		{"truncated", `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</ID>`, ErrMalformed},
		{"mismatched tags", `<a><b></a></b>`, ErrMalformed},
		{"unsupported encoding", `<?xml version="1.0" encoding="EBCDIC-CP-US"?><a/>`, ErrMalformed},
		{"odd UTF-16", "\xff\xfe<\x00a", ErrMalformed},
		{"html", `<html><body>invoice</body></html>`, ErrNotEInvoice},
		{"UBL order", `<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"><ID>1</ID></Order>`, ErrNotEInvoice},
		{"Invoice without UBL namespace", `<Invoice><ID>1</ID></Invoice>`, ErrNotEInvoice},
		{"CII root in the wrong namespace", `<CrossIndustryInvoice xmlns="urn:example"/>`, ErrNotEInvoice},
		{"FatturaPA in a foreign namespace", `<p:FatturaElettronica xmlns:p="urn:example"/>`, ErrNotEInvoice},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse([]byte(tt.input))
			if !errors.Is(err, tt.want) || doc != nil {
				t.Errorf("Parse(%q) = %v, %v, want nil, %v", tt.input, doc, err, tt.want)
			}
		})
	}
}

func TestParseEncodings(t *testing.T) {
	utf8Doc := ciiWithType("380")
	utf16 := func(bigEndian bool) []byte {
		src := strings.Replace(string(utf8Doc), `encoding="UTF-8"`, `encoding="UTF-16"`, 1)
		units := utf16.Encode([]rune(src))
		out := []byte{0xFF, 0xFE}
		if bigEndian {
			out = []byte{0xFE, 0xFF}
		}
		for _, u := range units {
			if bigEndian {
				out = append(out, byte(u>>8), byte(u))
			} else {
				out = append(out, byte(u), byte(u>>8))
			}
		}
		return out
	}
	latin1 := func(decl string) []byte {
		src := strings.Replace(string(utf8Doc), `encoding="UTF-8"`, decl, 1)
		var out []byte
		for _, r := range src {
			out = append(out, byte(r)) // every rune of the document is < 256
		}
		return out
	}
	tests := []struct {
		name     string
		input    []byte
		fallback bool
	}{
		{"UTF-8", utf8Doc, false},
		{"UTF-8 with BOM", append([]byte{0xEF, 0xBB, 0xBF}, utf8Doc...), false},
		{"UTF-16LE with BOM", utf16(false), false},
		{"UTF-16BE with BOM", utf16(true), false},
		{"ISO-8859-1", latin1(`encoding="ISO-8859-1"`), false},
		{"latin1 alias", latin1(`encoding="latin1"`), false},
		{"windows-1252", latin1(`encoding="windows-1252"`), false},
		{"Windows-1252 upper case", latin1(`encoding="Windows-1252"`), false},
		{"latin-1 bytes declared UTF-8", latin1(`encoding="UTF-8"`), true},
		{"latin-1 bytes, no declaration", latin1(`encoding="UTF-8"`)[len(`<?xml version="1.0" encoding="UTF-8"?>`):], true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse(tt.input)
			if err != nil {
				t.Fatalf("Parse(%s) error = %v", tt.name, err)
			}
			if got := doc.Result.Vendor.Name; got == nil || *got != "Ünïcödé GmbH" {
				t.Errorf("Parse(%s) vendor.name = %v, want Ünïcödé GmbH", tt.name, got)
			}
			fellBack := len(doc.Warnings) > 0 && doc.Warnings[0].Code == WarnEncodingFallback
			if fellBack != tt.fallback {
				t.Errorf("Parse(%s) warnings = %v, want fallback warning %v", tt.name, doc.Warnings, tt.fallback)
			}
		})
	}
}

func TestCP1252Specials(t *testing.T) {
	// Bytes 0x80–0x9F: windows-1252 letters and signs, also under the
	// ISO-8859-1 label (as browsers and most producers treat it).
	in := []byte("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" +
		"<p:FatturaElettronica xmlns:p=\"http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2\" versione=\"FPR12\">" +
		"<FatturaElettronicaBody><DatiBeniServizi><DettaglioLinee><Descrizione>\x80 5 \x96 \x93ok\x94 \xe0</Descrizione>" +
		"<PrezzoTotale>5</PrezzoTotale></DettaglioLinee></DatiBeniServizi></FatturaElettronicaBody></p:FatturaElettronica>")
	doc, err := Parse(in)
	if err != nil {
		t.Fatalf("Parse() error = %v", err)
	}
	if got, want := *doc.Result.LineItems[0].Description, "€ 5 – “ok” à"; got != want {
		t.Errorf("Parse() description = %q, want %q", got, want)
	}
	latin9 := bytes.Replace(in, []byte("ISO-8859-1"), []byte("ISO-8859-15"), 1)
	latin9 = bytes.Replace(latin9, []byte("\x80"), []byte("\xa4"), 1)
	doc, err = Parse(latin9)
	if err != nil {
		t.Fatalf("Parse(latin-9) error = %v", err)
	}
	if got := *doc.Result.LineItems[0].Description; !strings.HasPrefix(got, "€ 5") {
		t.Errorf("Parse(latin-9) description = %q, want prefix %q", got, "€ 5")
	}
}

func TestParseIgnoresTrailingBytes(t *testing.T) {
	in := append(ciiWithType("380"), "\n\x00\x00%%EOF garbage <x>"...)
	if _, err := Parse(in); err != nil {
		t.Errorf("Parse(padded) error = %v, want nil", err)
	}
}
