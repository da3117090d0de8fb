package einvoice

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// hostileXML are XML inputs of the kinds the readers must refuse or read
// without harm: external entities, entity expansion, deep nesting, huge
// attributes, odd encodings.
var hostileXML = []string{
	`<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>`,
	`<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><l>&c;</l>`,
	`<!DOCTYPE r SYSTEM "http://example.invalid/x.dtd"><r/>`,
	`<?xml-stylesheet href="http://example.invalid/x.xsl"?><r/>`,
	strings.Repeat("<a>", 300) + strings.Repeat("</a>", 300),
	`<a b="` + strings.Repeat("x", 70000) + `"/>`,
	"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>caf\xe9</a>",
	"<?xml version=\"1.0\" encoding=\"EBCDIC\"?><a/>",
	"\xef\xbb\xbf<a>\x00</a>",
	`<a><![CDATA[` + strings.Repeat("]", 10) + `]]></a>`,
}

// readerSeeds adds the XML fixtures whose name starts with one of prefixes,
// then the hostile inputs.
func readerSeeds(f *testing.F, prefixes ...string) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.xml"))
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		base := filepath.Base(file)
		for _, p := range prefixes {
			if strings.HasPrefix(base, p) {
				data, err := os.ReadFile(file)
				if err != nil {
					f.Fatal(err)
				}
				f.Add(data)
				break
			}
		}
	}
	for _, s := range hostileXML {
		f.Add([]byte(s))
	}
}

// fuzzReader parses data into a tree and, whatever its root, hands it to
// read: each reader must cope with any well-formed tree, not only with the
// ones Parse would route to it.
func fuzzReader(t *testing.T, data []byte, read func(*node) *Document) {
	root, _, _, err := parseTree(data)
	if err != nil {
		return
	}
	doc := read(root)
	if doc == nil {
		t.Fatal("reader returned no document")
	}
	doc.Result.Normalize()
	if doc.Result.LineItems == nil || doc.Warnings == nil {
		t.Fatalf("reader returned nil slices: %+v", doc)
	}
	if _, err := json.Marshal(doc); err != nil {
		t.Fatalf("json.Marshal(document) error = %v", err)
	}
}

// FuzzCII fuzzes the UN/CEFACT CII reader (Factur-X, ZUGFeRD 2, XRechnung
// CII) and the ZUGFeRD 1 variant.
func FuzzCII(f *testing.F) {
	readerSeeds(f, "cii-", "xrechnung-", "zugferd")
	f.Add(ciiWithType("381"))
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzReader(t, data, func(n *node) *Document { return parseCII(n, FormatCII) })
		fuzzReader(t, data, func(n *node) *Document { return parseCII(n, FormatZUGFeRD1) })
	})
}

// FuzzUBL fuzzes the UBL reader (Invoice and CreditNote).
func FuzzUBL(f *testing.F) {
	readerSeeds(f, "ubl-")
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzReader(t, data, parseUBL)
	})
}

// FuzzFatturaPA fuzzes the FatturaPA reader.
func FuzzFatturaPA(f *testing.F) {
	readerSeeds(f, "fatturapa-")
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzReader(t, data, func(root *node) *Document { return parseFatturaPA(root, fatturaPABodies(root)-1) })
	})
}

// FuzzValues fuzzes the value parsers shared by the readers: numbers,
// dates, codes and identifiers as XML writes them.
func FuzzValues(f *testing.F) {
	for _, s := range []string{
		"1234.50", "-7.9", "+3", "1,5", "1e308", "1e309", "NaN", "-0", "0x10", "", " 12 ",
		"2026-03-15", "2026-03-15T10:00:00Z", "20260315", "20260230", "202603", "2026-W11",
		"IT", "it", "EUR", "eur", "IT60 X054 2811 1010 0000 0123 456", "mailto:a@b.it", " IT 012 345 678 97 ",
		"C62", "H87", "58", "30", "ZZ", "\u202eRSSMRA85T10A562S", "\x00",
	} {
		for _, format := range []string{"", "102", "610"} {
			f.Add(s, format)
		}
	}
	f.Fuzz(func(t *testing.T, s, format string) {
		if v := parseNumber(s); v != nil && (math.IsNaN(*v) || math.IsInf(*v, 0)) {
			t.Fatalf("parseNumber(%q) = %v", s, *v)
		}
		if d := isoDate(s, format); d != nil {
			if _, err := time.Parse("2006-01-02", *d); err != nil {
				t.Fatalf("isoDate(%q, %q) = %q, not a calendar date", s, format, *d)
			}
		}
		if c := country(s); c != nil && len(*c) != 2 {
			t.Fatalf("country(%q) = %q", s, *c)
		}
		if c := currency(s); c != nil && len(*c) != 3 {
			t.Fatalf("currency(%q) = %q", s, *c)
		}
		if v := iban(s); v != nil && (len(*v) < 15 || len(*v) > 34 || strings.ContainsAny(*v, " \t\n")) {
			t.Fatalf("iban(%q) = %q", s, *v)
		}
		if v := vatNumber(s); v != nil && strings.ContainsAny(*v, " \t\n") {
			t.Fatalf("vatNumber(%q) = %q", s, *v)
		}
		email(s)
		upperCode(s)
		streetLine(s, format)
		unit(s)
		paymentMethod4461(s)
		clean(s)
	})
}
