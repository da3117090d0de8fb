package parse

import "testing"

func TestPostalLine(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in, locale string
		want       PostalAddress
		ok         bool
	}{
		{"20121 Milano (MI)", "it", PostalAddress{Zip: "20121", City: "Milano", Province: "MI", Country: "IT"}, true},
		{"80331München", "de", PostalAddress{Zip: "80331", City: "München", Country: "DE", Guessed: true}, true},
		{"Hauptstraße 5, 80331München", "de", PostalAddress{Street: "Hauptstraße 5", Zip: "80331", City: "München", Country: "DE", Guessed: true}, true},
		{"1010Wien, Österreich", "de", PostalAddress{Zip: "1010", City: "Wien", Country: "AT"}, true},
		{"12345abc", "de", PostalAddress{}, false},
		{"Rechnung 2025Nr", "de", PostalAddress{}, false},
		{"20121 Milano (MI)", "de", PostalAddress{Zip: "20121", City: "Milano", Province: "MI", Country: "IT"}, true},
		{"20121 Milano MI", "it", PostalAddress{Zip: "20121", City: "Milano", Province: "MI", Country: "IT"}, true},
		{"60027 - IT", "it", PostalAddress{Zip: "60027", Country: "IT"}, true},
		{"PZA BERTOLINI, 7, MONTE SERRANO (AN) CAP: 60037", "it", PostalAddress{Street: "PZA BERTOLINI, 7", Zip: "60037", City: "MONTE SERRANO", Province: "AN", Country: "IT"}, true},
		{"Via Po 7 - Torino (TO) C.A.P. 10121", "en", PostalAddress{Street: "Via Po 7", Zip: "10121", City: "Torino", Province: "TO", Country: "IT"}, true},
		{"CAP 20121 Milano (MI)", "it", PostalAddress{Zip: "20121", City: "Milano", Province: "MI", Country: "IT"}, true},
		{"Serrano (AN) CAP: 60027", "it", PostalAddress{Zip: "60027", City: "Serrano", Province: "AN", Country: "IT"}, true},
		{"12345 Springfield GB", "it", PostalAddress{Zip: "12345", City: "Springfield", Country: "GB"}, true},
		{"Kowloon, 0000, HK", "en", PostalAddress{Street: "Kowloon", Zip: "0000", Country: "HK"}, true},
		{"Redmond, WA 98052-6399, US", "it", PostalAddress{Zip: "98052-6399", City: "Redmond", Province: "WA", Country: "US"}, true},
		{"20121 Milano (mi)", "it", PostalAddress{Zip: "20121", City: "Milano", Province: "MI", Country: "IT"}, true},
		{"20121 Milano - MI", "it", PostalAddress{Zip: "20121", City: "Milano", Province: "MI", Country: "IT"}, true},
		{"20121 - Milano (MI)", "it", PostalAddress{Zip: "20121", City: "Milano", Province: "MI", Country: "IT"}, true},
		{"I-20121 Milano", "it", PostalAddress{Zip: "20121", City: "Milano", Country: "IT"}, true},
		{"IT-20121 MILANO (MI)", "en", PostalAddress{Zip: "20121", City: "MILANO", Province: "MI", Country: "IT"}, true},
		{"Viale Verdi, 51 Roma RM 00147 Italia", "it", PostalAddress{Street: "Viale Verdi, 51", Zip: "00147", City: "Roma", Province: "RM", Country: "IT"}, true},
		{"San Donato Milanese (MI) 20097", "en", PostalAddress{Zip: "20097", City: "San Donato Milanese", Province: "MI", Country: "IT"}, true},
		{"Via Larga 3 - Bari BA 70121", "it", PostalAddress{Street: "Via Larga 3", Zip: "70121", City: "Bari", Province: "BA", Country: "IT"}, true},
		{"Piazza Duomo Bari BA 70121", "it", PostalAddress{}, false},
		{"00184 Roma RM", "it", PostalAddress{Zip: "00184", City: "Roma", Province: "RM", Country: "IT"}, true},
		{"55100 LUCCA LU IT", "it", PostalAddress{Zip: "55100", City: "LUCCA", Province: "LU", Country: "IT"}, true},
		{"80333 München DE", "de", PostalAddress{Zip: "80333", City: "München", Country: "DE"}, true},
		{"39100 Bolzano/Bozen (BZ)", "it", PostalAddress{Zip: "39100", City: "Bolzano/Bozen", Province: "BZ", Country: "IT"}, true},
		{"70121 Bari (BA) Italia", "fr", PostalAddress{Zip: "70121", City: "Bari", Province: "BA", Country: "IT"}, true},
		{"20097 San Donato Milanese (MI)", "it", PostalAddress{Zip: "20097", City: "San Donato Milanese", Province: "MI", Country: "IT"}, true},
		{"Via Roma 1, 20121 Milano (MI)", "it", PostalAddress{Street: "Via Roma 1", Zip: "20121", City: "Milano", Province: "MI", Country: "IT"}, true},
		{"Via Roma 12 - 20121 Milano", "it", PostalAddress{Street: "Via Roma 12", Zip: "20121", City: "Milano", Country: "IT", Guessed: true}, true},
		{"80333 München", "de", PostalAddress{Zip: "80333", City: "München", Country: "DE", Guessed: true}, true},
		{"80333 München", "it", PostalAddress{Zip: "80333", City: "München", Country: "IT", Guessed: true}, true},
		{"80333 München", "en", PostalAddress{Zip: "80333", City: "München"}, true},
		{"D-80333 München", "it", PostalAddress{Zip: "80333", City: "München", Country: "DE"}, true},
		{"DE-80333 München", "it", PostalAddress{Zip: "80333", City: "München", Country: "DE"}, true},
		{"80333 München, Deutschland", "it", PostalAddress{Zip: "80333", City: "München", Country: "DE"}, true},
		{"60311 Frankfurt am Main", "de", PostalAddress{Zip: "60311", City: "Frankfurt am Main", Country: "DE", Guessed: true}, true},
		{"75002 Paris", "fr", PostalAddress{Zip: "75002", City: "Paris", Country: "FR", Guessed: true}, true},
		{"F-75002 Paris", "it", PostalAddress{Zip: "75002", City: "Paris", Country: "FR"}, true},
		{"75002 PARIS CEDEX 02", "it", PostalAddress{Zip: "75002", City: "PARIS", Country: "FR"}, true},
		{"92130 Issy-les-Moulineaux Cedex", "en", PostalAddress{Zip: "92130", City: "Issy-les-Moulineaux", Country: "FR"}, true},
		{"75002 Paris, France", "it", PostalAddress{Zip: "75002", City: "Paris", Country: "FR"}, true},
		{"1010 Wien", "de", PostalAddress{Zip: "1010", City: "Wien"}, true},
		{"A-1010 Wien", "de", PostalAddress{Zip: "1010", City: "Wien", Country: "AT"}, true},
		{"1010 Wien, Österreich", "de", PostalAddress{Zip: "1010", City: "Wien", Country: "AT"}, true},
		{"CH-8001 Zürich", "de", PostalAddress{Zip: "8001", City: "Zürich", Country: "CH"}, true},
		{"CH-8001 Zürich ZH", "de", PostalAddress{Zip: "8001", City: "Zürich", Province: "ZH", Country: "CH"}, true},
		{"8001 Zürich", "de", PostalAddress{Zip: "8001", City: "Zürich"}, true},
		{"B-1000 Bruxelles", "fr", PostalAddress{Zip: "1000", City: "Bruxelles", Country: "BE"}, true},
		{"1012 AB Amsterdam", "en", PostalAddress{Zip: "1012 AB", City: "Amsterdam", Country: "NL"}, true},
		{"1012 AB Amsterdam, The Netherlands", "en", PostalAddress{Zip: "1012 AB", City: "Amsterdam", Country: "NL"}, true},
		{"London SW1A 1AA", "en", PostalAddress{Zip: "SW1A 1AA", City: "London", Country: "GB"}, true},
		{"SW1A 1AA London", "en", PostalAddress{Zip: "SW1A 1AA", City: "London", Country: "GB"}, true},
		{"GB SW1A 1AA London", "de", PostalAddress{Zip: "SW1A 1AA", City: "London", Country: "GB"}, true},
		{"Manchester M1 1AE", "en", PostalAddress{Zip: "M1 1AE", City: "Manchester", Country: "GB"}, true},
		{"10 Downing Street, London SW1A 2AA", "en", PostalAddress{Street: "10 Downing Street", Zip: "SW1A 2AA", City: "London", Country: "GB"}, true},
		{"Dublin D02 X285", "en", PostalAddress{Zip: "D02 X285", City: "Dublin", Country: "IE"}, true},
		{"Galway H91 E2K3, Ireland", "it", PostalAddress{Zip: "H91 E2K3", City: "Galway", Country: "IE"}, true},
		{"12 Harcourt Street, Dublin D02X285", "en", PostalAddress{Street: "12 Harcourt Street", Zip: "D02X285", City: "Dublin", Country: "IE"}, true},
		{"Rossi Ltd - 12 Harcourt Street - Dublin D02 X285", "en", PostalAddress{Street: "Rossi Ltd - 12 Harcourt Street", Zip: "D02 X285", City: "Dublin", Country: "IE"}, true},
		{"T12 R2NC Cork", "en", PostalAddress{Zip: "T12 R2NC", City: "Cork", Country: "IE"}, true},
		{"Rechnung R12 3456", "de", PostalAddress{}, false},
		// A house number of four digits before a street is no postal code.
		{"6779 Commerce Blvd, Suite 139", "en", PostalAddress{}, false},
		{"1234 Elm Street", "en", PostalAddress{}, false},
		// A quantity and its unit of measure are no postal code and city.
		{"Aktueller Verbrauch 9258 kWh", "de", PostalAddress{}, false},
		{"Consumo annuo 12500 Smc", "it", PostalAddress{}, false},
		{"Poids total 1250 kg", "fr", PostalAddress{}, false},
		{"Arbeitszeit 1200 Std.", "de", PostalAddress{}, false},
		{"Tel +353 1 522 1746 Email: info@rossi.ie", "en", PostalAddress{}, false},
		{"London SW1A 1AA, United Kingdom", "it", PostalAddress{Zip: "SW1A 1AA", City: "London", Country: "GB"}, true},
		{"New York, NY 10001", "en", PostalAddress{Zip: "10001", City: "New York", Province: "NY", Country: "US"}, true},
		{"New York, NY 10001-1234", "it", PostalAddress{Zip: "10001-1234", City: "New York", Province: "NY", Country: "US"}, true},
		{"350 Fifth Avenue, New York, NY 10118", "en", PostalAddress{Street: "350 Fifth Avenue", Zip: "10118", City: "New York", Province: "NY", Country: "US"}, true},
		// the code last, set apart by a comma, a region or its form
		{"Springfield, XY 12345", "en", PostalAddress{Zip: "12345", City: "Springfield", Province: "XY"}, true},
		{"Springfield, XY 12345, United States", "it", PostalAddress{Zip: "12345", City: "Springfield", Province: "XY", Country: "US"}, true},
		{"Sydney NSW 2000", "en", PostalAddress{Zip: "2000", City: "Sydney", Province: "NSW"}, true},
		{"MATERA, MATERA, 75100", "it", PostalAddress{Street: "MATERA", Zip: "75100", City: "MATERA"}, true},
		{"Tokyo, Japan, 105-6789", "en", PostalAddress{Zip: "105-6789", City: "Tokyo", Country: "JP"}, true},
		{"Akasaka 3-5-2, Tokyo, Japan, 107-0052", "en", PostalAddress{Street: "Akasaka 3-5-2", Zip: "107-0052", City: "Tokyo", Country: "JP"}, true},
		{"São Paulo 01310-100", "en", PostalAddress{Zip: "01310-100", City: "São Paulo"}, true},
		{"Pune, 411001", "en", PostalAddress{Zip: "411001", City: "Pune"}, true},
		{"12 Elm Road, Pune, 411001", "en", PostalAddress{Street: "12 Elm Road", Zip: "411001", City: "Pune"}, true},
		// not postal lines: a label or a street before a number
		{"Rechnung 123456", "de", PostalAddress{}, false},
		{"Banca ABI 03069", "it", PostalAddress{}, false},
		{"Totale EUR 1500", "it", PostalAddress{}, false},
		{"Via Roma, 12345", "it", PostalAddress{}, false},
		{"Main Street 1234", "en", PostalAddress{}, false},
		{"Invoice No: 123456", "en", PostalAddress{}, false},
		{"tokyo, 105-6789", "en", PostalAddress{}, false},
		{"Order 3-5-2", "en", PostalAddress{}, false},
		{"  20121   Milano  (MI) ", "it", PostalAddress{Zip: "20121", City: "Milano", Province: "MI", Country: "IT"}, true},
		{"75011 PARIS, FR", "it", PostalAddress{Zip: "75011", City: "PARIS", Country: "FR"}, true},
		{"03100 Frosinone FR", "it", PostalAddress{Zip: "03100", City: "Frosinone", Province: "FR", Country: "IT"}, true},
		{"03100 Frosinone (FR)", "fr", PostalAddress{Zip: "03100", City: "Frosinone", Province: "FR", Country: "IT"}, true},
		{"80333 München, DE", "it", PostalAddress{Zip: "80333", City: "München", Country: "DE"}, true},
		{"1010 Wien AT", "de", PostalAddress{Zip: "1010", City: "Wien", Country: "AT"}, true},
		{"14100 Asti AT", "de", PostalAddress{Zip: "14100", City: "Asti", Province: "AT", Country: "IT"}, true},
		{"DE 80333 München", "it", PostalAddress{Zip: "80333", City: "München", Country: "DE"}, true},
		{"IT 20121 Milano MI", "de", PostalAddress{Zip: "20121", City: "Milano", Province: "MI", Country: "IT"}, true},
		{"AT 20121 Milano", "de", PostalAddress{Street: "AT", Zip: "20121", City: "Milano", Country: "DE", Guessed: true}, true},
		// not postal lines
		{"", "it", PostalAddress{}, false},
		{"20121", "it", PostalAddress{}, false},
		{"Milano", "it", PostalAddress{}, false},
		{"20121 (MI)", "it", PostalAddress{}, false},
		{"123 Milano", "it", PostalAddress{}, false},
		{"123456 Milano", "it", PostalAddress{}, false},
		{"D-1010 Wien", "de", PostalAddress{}, false}, // German codes have 5 digits
		{"X-20121 Milano", "it", PostalAddress{}, false},
		{"20121 12345", "it", PostalAddress{}, false},
		{"Totale 1.234,56", "it", PostalAddress{}, false},
		{"Italia", "it", PostalAddress{}, false},
	} {
		got, ok := PostalLine(tt.in, tt.locale)
		if got != tt.want || ok != tt.ok {
			t.Errorf("PostalLine(%q, %q) = %+v, %v; want %+v, %v", tt.in, tt.locale, got, ok, tt.want, tt.ok)
		}
	}
}

func TestIsStreet(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"Via Roma 1", true},
		{"VIALE DELLA CARITÀ 6", true},
		{"P.le Lorenzini, 8", true},
		{"Piazza Mercato 4", true},
		{"27 rue des dunes", true},
		{"19 rue d'en haut, Seller line 2", true},
		{"217 Harbour Street", true},
		// English abbreviations name a street only with a number: alone
		// they are codes and titles.
		{"4417 Maple Ln", true},
		{"12 Oak Rd.", true},
		{"LS (in liquidazione)", false},
		{"Dr. Anna Weber", false},
		{"St. Gallen", false},
		{"625 Alder Ave South", true},
		{"Händlerstraße 14", true},
		{"Lindenallee 23", true},
		{"Mühlstr. 17", true},
		{"Am Ring 3", true},
		{"Am Mühlbach 163", true},
		{"6 HAI UN GUASTO?", false}, // a question after a footnote's number
		{"24 ore su 24!", false},
		{"Im Tal 4", true},
		{"Zum Hafen 3a", true},
		{"An der Alster 12", true},
		{"Unter den Linden 77", true},
		{"An Herrn Müller 5", false},
		{"In Stock 5", false},
		{"Am 12. März 2026", false},
		{"Postfach 12 34", true},
		{"12 Place Bellecour", true},
		{"12b Baker Street", true},
		{"12-14 rue de la Paix", true},
		{"3.2 vom 01.02.2021", false}, // a version and its date
		{"3,50 Euro", false},
		{"6 kW (potenza)", false}, // a quantity
		{"14 days", false},
		{"30 giorni data fattura", false},
		{"4 Elm", true},
		{"Hof 3", false},
		{"Buyer line 2", false},
		{"Rossi S.r.l.", false},
		{"Place Holdings", false},
		{"Ufficio acquisti", false},
		{"2 x Monitor", false}, // a quantity
		{"", false},
	} {
		if got := IsStreet(tt.in); got != tt.want {
			t.Errorf("IsStreet(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// Country names in the four languages give their ISO codes.
func TestCountryName(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"Australia": "AU", " deutschland ": "DE", "Royaume-Uni": "GB", "Hong Kong": "HK", "Narnia": ""} {
		if got := CountryName(in); got != want {
			t.Errorf("CountryName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestStreetStart(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want string // the street from where it starts; "" for none
	}{
		{"Rossi Impianti S.r.l. Via Roma 1", "Via Roma 1"},
		{"Sede legale e direzione via Po 7", "via Po 7"},
		{"Max Muster Hauptstraße 4", "Hauptstraße 4"},
		{"Acme Ltd 12 Baker Street", "12 Baker Street"},
		{"Siège : 23 rue Lacaze", "23 rue Lacaze"},
		{"Via Roma 1", ""},            // starts with its street
		{"12 Baker Street", ""},       // starts with its house number
		{"Rossi Impianti S.r.l.", ""}, // no street
		{"Piazza senza numero", ""},   // no house number anywhere
	} {
		got := ""
		if i := StreetStart(tt.in); i >= 0 {
			got = tt.in[i:]
		}
		if got != tt.want {
			t.Errorf("StreetStart(%q): %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestIsQuantity(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]bool{
		"31 Tage": true, "30 giorni": true, "6 kW": true, "1.250 kWh": true, "14 days": true,
		"12 Rue Verte": false, "Via Roma 1": false, "31": false, "Tage": false, "3 Fratelli": false,
	} {
		if got := IsQuantity(in); got != want {
			t.Errorf("IsQuantity(%q) = %v, want %v", in, got, want)
		}
	}
}
