package parse

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
)

// PostalAddress is the postal-code line of an address.
type PostalAddress struct {
	Street   string // what precedes the postal code on the same line ("Via Roma 1"), "" when nothing does
	Zip      string // the postal code, without a country prefix
	City     string // the city as printed (case kept), without province, CEDEX or country
	Province string // Italian province, Swiss canton or US state code; "" when none is printed
	Country  string // ISO 3166 alpha-2 country, "" when the line does not tell
	Guessed  bool   // Country comes from the locale, not from the line
}

// zipPrefixes are the country prefixes printed before a postal code
// (D-80333, IT-20121).
var zipPrefixes = map[string]string{
	"I": "IT", "IT": "IT", "D": "DE", "DE": "DE", "F": "FR", "FR": "FR", "A": "AT", "AT": "AT",
	"CH": "CH", "B": "BE", "BE": "BE", "L": "LU", "LU": "LU", "NL": "NL", "E": "ES", "ES": "ES",
}

// zipDigits is the length of the postal codes of the countries with a
// prefix.
var zipDigits = map[string]int{
	"IT": 5, "DE": 5, "FR": 5, "ES": 5, "AT": 4, "CH": 4, "BE": 4, "LU": 4, "NL": 4,
}

// countryNames maps country names in it, en, de and fr (lower case) to ISO
// codes; they may end a postal line.
var countryNames = map[string]string{
	"italia": "IT", "italy": "IT", "italien": "IT", "italie": "IT",
	"germania": "DE", "germany": "DE", "deutschland": "DE", "allemagne": "DE",
	"francia": "FR", "france": "FR", "frankreich": "FR",
	"austria": "AT", "österreich": "AT", "oesterreich": "AT", "autriche": "AT",
	"svizzera": "CH", "switzerland": "CH", "schweiz": "CH", "suisse": "CH",
	"belgio": "BE", "belgium": "BE", "belgien": "BE", "belgique": "BE",
	"paesi bassi": "NL", "olanda": "NL", "netherlands": "NL", "the netherlands": "NL",
	"niederlande": "NL", "pays-bas": "NL",
	"spagna": "ES", "spain": "ES", "spanien": "ES", "espagne": "ES", "españa": "ES",
	"lussemburgo": "LU", "luxembourg": "LU", "luxemburg": "LU",
	"regno unito": "GB", "united kingdom": "GB", "uk": "GB", "großbritannien": "GB", "royaume-uni": "GB",
	"irlanda": "IE", "ireland": "IE", "irland": "IE", "irlande": "IE",
	"australia": "AU", "australien": "AU", "australie": "AU",
	"hong kong": "HK", "hongkong": "HK", "singapore": "SG", "singapur": "SG", "singapour": "SG",
	"canada": "CA", "kanada": "CA", "india": "IN", "indien": "IN", "inde": "IN",
	"cina": "CN", "china": "CN", "chine": "CN", "giappone": "JP", "japan": "JP", "japon": "JP",
	"stati uniti": "US", "united states": "US", "usa": "US", "us": "US", "vereinigte staaten": "US", "états-unis": "US",
}

// CountryCode reports whether s is the ISO code of a country CountryName
// knows ("IT", "DE"), upper case.
func CountryCode(s string) bool {
	if len(s) != 2 || strings.ToUpper(s) != s {
		return false
	}
	return countryCodes[s]
}

var countryCodes = func() map[string]bool {
	out := map[string]bool{}
	for _, c := range countryNames {
		out[c] = true
	}
	return out
}()

// CountryName returns the ISO code of a country name in it, en, de or fr
// ("Deutschland", "Australia"), "" for an unknown name.
func CountryName(s string) string {
	return countryNames[strings.ToLower(strings.Join(strings.Fields(s), " "))]
}

// countryNamesLongestFirst lists the keys of countryNames, longest first, so
// that "the netherlands" is tried before "netherlands".
var countryNamesLongestFirst = func() []string {
	names := make([]string, 0, len(countryNames))
	for name := range countryNames {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool {
		if len(names[i]) != len(names[j]) {
			return len(names[i]) > len(names[j])
		}
		return names[i] < names[j]
	})
	return names
}()

// italianProvinces are the codes (sigle) of the Italian provinces, those
// abolished since 2016 included.
var italianProvinces = setOf(`AG AL AN AO AP AQ AR AT AV BA BG BI BL BN BO BR BS BT BZ CA CB CE CH CI CL CN
	CO CR CS CT CZ EN FC FE FG FI FM FR GE GO GR IM IS KR LC LE LI LO LT LU MB MC ME MI MN MO MS MT NA NO NU
	OG OR OT PA PC PD PE PG PI PN PO PR PT PU PV PZ RA RC RE RG RI RM RN RO SA SI SO SP SR SS SU SV TA TE TN
	TO TP TR TS TV UD VA VB VC VE VI VR VS VT VV`)

// swissCantons are the codes of the Swiss cantons.
var swissCantons = setOf(`AG AI AR BE BL BS FR GE GL GR JU LU NE NW OW SG SH SO SZ TG TI UR VD VS ZG ZH`)

// auStates are the codes of the Australian states and territories.
var auStates = setOf(`NSW VIC QLD WA SA TAS ACT NT`)

// usStates are the codes of the US states, DC and Puerto Rico.
var usStates = setOf(`AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV
	NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR`)

// ukPostcode is a British postcode, with or without its space.
var ukPostcode = regexp.MustCompile(`^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$`)

// eircode is an Irish postcode: a routing key (a letter and two digits, or
// D6W) and a unique identifier of four characters from a reduced alphabet
// ("D02 X285", "T12 R2NC"). An identifier of four digits alone is not
// taken: too many other codes read like that.
var eircode = regexp.MustCompile(`^(?:[AC-FHKNPRTV-Y][0-9]{2}|D6W) ?[0-9AC-FHKNPRTV-Y]*[AC-FHKNPRTV-Y][0-9AC-FHKNPRTV-Y]*$`)

// isEircode reports whether w (one or two words) is an Eircode.
func isEircode(w string) bool {
	compact := strings.ReplaceAll(w, " ", "")
	return len(compact) == 7 && eircode.MatchString(w)
}

// isoCountries are the ISO 3166-1 alpha-2 country codes.
var isoCountries = setOf(`AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO
	BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE
	EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT
	HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU
	LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR
	NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM
	SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG
	VI VN VU WF WS YE YT ZA ZM ZW`)

// setOf returns the set of the fields of s.
func setOf(s string) map[string]bool {
	set := map[string]bool{}
	for _, f := range strings.Fields(s) {
		set[f] = true
	}
	return set
}

// maxPostalWords bounds the words of a postal line, street included.
const maxPostalWords = 24

// PostalLine reads the line of an address that holds the postal code and
// the city:
//
//	20121 Milano (MI)      20121 Milano MI       I-20121 Milano
//	IT-20121 MILANO (MI)   00184 Roma RM         80333 München
//	D-80333 München        75002 Paris           75002 PARIS CEDEX 02
//	1010 Wien              CH-8001 Zürich        1012 AB Amsterdam
//	London SW1A 1AA        SW1A 1AA London       New York, NY 10001
//
// The street may come first (Via Roma 1, 20121 Milano), and a country name
// last (75002 Paris, France). The country comes from a prefix (I-, D-, F-,
// A-, CH-, B-, L-, NL-, E- and their two-letter forms), a country name, the
// form (an Italian province code after a 5-digit code: IT; CEDEX: FR; 4
// digits and 2 letters: NL; a British postcode: GB; a US state and ZIP
// code: US), and otherwise, for 5 digits alone, from the locale (it, de, fr;
// Guessed is then set). Four digits alone (1010 Wien) leave Country empty:
// they are Austrian, Swiss, Belgian, Luxembourgish, Danish…
//
// A province is a known Italian code (in parentheses or not), a Swiss canton
// after a CH- code, or a US state. A line of more than 24 words is not read.
func PostalLine(s, locale string) (PostalAddress, bool) {
	line := strings.Join(strings.Fields(s), " ")
	line = strings.TrimFunc(line, func(r rune) bool { return r == ',' || r == ';' || r == '.' || isHSpace(r) })
	line, named := stripCountryName(line)
	words := dropCAPKeys(strings.Fields(line))
	// A code glued to its city ("80331München"), as a text layer that
	// draws the two without a space between them gives it.
	for k, w := range words {
		if m := gluedCode.FindStringSubmatchIndex(w); m != nil {
			words = append(append(append([]string(nil), words[:k]...), w[:m[3]], w[m[3]:]), words[k+1:]...)
			break
		}
	}
	line = strings.Join(words, " ")
	if len(words) < 2 || len(words) > maxPostalWords {
		return PostalAddress{}, false
	}
	for _, read := range []func([]string) (PostalAddress, bool){usLine, ukLine, ieLine, itCityFirst} {
		if a, ok := read(words); ok {
			if named != "" {
				a.Country = named
			}
			return a, true
		}
	}
	for k := range words {
		if a, ok := zipFirst(words[k:], named, locale); ok {
			a.Street = strings.TrimRight(strings.Join(words[:k], " "), " ,;-–")
			// A country code printed apart before the code ("DE 80333
			// München").
			if c := zipPrefixes[a.Street]; k == 1 && len(a.Street) == 2 && zipDigits[c] == len(a.Zip) && (a.Guessed || a.Country == "" || a.Country == c) {
				a.Street, a.Country, a.Guessed = "", c, false
			}
			return a, true
		}
	}
	if a, ok := codeLast(line); ok {
		if named != "" && a.Country == "" {
			a.Country = named
		}
		return a, true
	}
	return PostalAddress{}, false
}

// gluedCode is a word of a postal code of four or five digits glued to a
// capitalised city name.
var gluedCode = regexp.MustCompile(`^(\d{4,5})(\p{Lu}\p{Ll}{2,})[,;]?$`)

// dropCAPKeys removes the Italian key of a postal code ("CAP", "C.A.P.",
// with or without a colon) printed just before its five digits: "Monte
// Serrano (AN) CAP: 60037" is "Monte Serrano (AN) 60037", "CAP
// 20121 Milano" is "20121 Milano".
func dropCAPKeys(words []string) []string {
	out := words[:0:0]
	for i, w := range words {
		k := strings.ToUpper(strings.TrimSuffix(w, ":"))
		if (k == "CAP" || k == "C.A.P." || k == "C.A.P") && i+1 < len(words) && digitsLen(strings.TrimRight(words[i+1], ",;"), 5, 5) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// codeLast reads a postal line whose code comes last, as most of the
// world outside continental Europe prints it, when the code is set apart
// from the city by a comma or a region, or has a form no house number has:
//
//	Springfield, XY 12345      Sydney NSW 2000       Matera, Matera, 75100
//	Tokyo, Japan, 105-6789     Akasaka 3-5-2, Tokyo, 107-0052
//	São Paulo 01310-100        Springfield, 12345
//
// The code is 5 or 6 digits, or dashed (105-6789, 01310-100, 12345-6789);
// 4 digits only after a region. A region is a word of two or three
// capitals before the code; a country name between city and code is taken
// as the country. The city is the last part set apart by commas before
// them, a proper name of letters only; what precedes it is the street.
func codeLast(line string) (PostalAddress, bool) {
	words := strings.Fields(line)
	n := len(words)
	if n < 2 {
		return PostalAddress{}, false
	}
	code := strings.TrimRight(words[n-1], ",;")
	dashed := dashedCode(code)
	if !dashed && !digitsLen(code, 4, 6) {
		return PostalAddress{}, false
	}
	head := strings.Join(words[:n-1], " ")
	apart := strings.HasSuffix(head, ",")
	var parts []string
	for _, p := range strings.Split(head, ",") {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return PostalAddress{}, false
	}
	a := PostalAddress{Zip: code}
	// A region: the last part alone ("Springfield, XY 12345") or the last
	// word of the last part ("Sydney NSW 2000").
	last := strings.Fields(parts[len(parts)-1])
	if r := last[len(last)-1]; (isUpperWord(r, 2) || isUpperWord(r, 3)) && !currencyCodes[r] {
		switch {
		case len(last) == 1 && len(parts) > 1:
			parts = parts[:len(parts)-1]
		case len(last) > 1 && !apart && (usStates[r] || auStates[r]):
			// Without a comma only a known state: "Banca ABI 03069" is
			// a bank code.
			parts[len(parts)-1] = strings.Join(last[:len(last)-1], " ")
		default:
			r = ""
		}
		if r != "" {
			a.Province, apart = r, true
			if usStates[r] && usZip(code) {
				a.Country = "US"
			}
		}
	}
	if len(code) == 4 && a.Province == "" {
		return PostalAddress{}, false // a house number ("Street 1234")
	}
	if c := CountryName(parts[len(parts)-1]); c != "" && len(parts) > 1 {
		a.Country, parts, apart = c, parts[:len(parts)-1], true
	}
	if !apart && !dashed {
		// "Rechnung 123456": a word before a number is a label as often
		// as a city.
		return PostalAddress{}, false
	}
	city := parts[len(parts)-1]
	r, _ := runeAt(city, 0)
	cw := strings.Fields(city)
	if !unicode.IsUpper(r) || len(cw) > 4 || !plausibleCity(city) || IsStreet(city) || strings.ContainsAny(city, "0123456789") || CountryName(city) != "" {
		return PostalAddress{}, false
	}
	a.City = city
	a.Street = strings.Join(parts[:len(parts)-1], ", ")
	return a, true
}

// dashedCode reports whether w is a postal code of two groups of digits
// joined by a dash: 3-4 (Japan), 5-3 (Brazil), 5-4 (a US ZIP+4).
func dashedCode(w string) bool {
	i := strings.IndexByte(w, '-')
	if i < 0 {
		return false
	}
	a, b := w[:i], w[i+1:]
	return digitsLen(a, 3, 3) && digitsLen(b, 4, 4) || digitsLen(a, 5, 5) && (digitsLen(b, 3, 3) || digitsLen(b, 4, 4))
}

// stripCountryName removes a country name ending the line and returns it as
// a code.
func stripCountryName(line string) (string, string) {
	lower := strings.ToLower(line)
	for _, name := range countryNamesLongestFirst {
		code := countryNames[name]
		if !strings.HasSuffix(lower, name) || len(lower) != len(line) {
			continue
		}
		head := line[:len(line)-len(name)]
		r, _ := runeBefore(head, len(head))
		if r >= 0 && !isHSpace(r) && r != ',' && r != '-' && r != '(' {
			continue
		}
		head = strings.TrimRight(head, " ,-–(")
		if strings.TrimSpace(head) == "" {
			continue
		}
		return head, code
	}
	return line, ""
}

// usLine reads "New York, NY 10001": city, state and ZIP code last.
func usLine(words []string) (PostalAddress, bool) {
	n := len(words)
	if n < 3 || !usZip(words[n-1]) || !usStates[words[n-2]] {
		return PostalAddress{}, false
	}
	street, city := splitCity(strings.Join(words[:n-2], " "))
	if !plausibleCity(city) {
		return PostalAddress{}, false
	}
	return PostalAddress{Street: street, Zip: words[n-1], City: city, Province: words[n-2], Country: "US"}, true
}

// usZip reports whether w is a ZIP code: 5 digits, or 5 and 4 joined by
// '-'.
func usZip(w string) bool {
	return digitsLen(w, 5, 5) || len(w) == 10 && digitsLen(w[:5], 5, 5) && w[5] == '-' && digitsLen(w[6:], 4, 4)
}

// ukLine reads "London SW1A 1AA" or "SW1A 1AA London", the latter maybe
// after the country's code ("GB SW1A 1AA London", as e-invoice viewers
// print it).
func ukLine(words []string) (PostalAddress, bool) {
	n := len(words)
	if n > 2 && (words[0] == "GB" || words[0] == "UK") && ukPostcode.MatchString(strings.Join(words[1:3], " ")) {
		words, n = words[1:], n-1
	}
	for _, k := range []int{2, 1} {
		if n > k && ukPostcode.MatchString(strings.Join(words[n-k:], " ")) {
			street, city := splitCity(strings.Join(words[:n-k], " "))
			if plausibleCity(city) {
				return PostalAddress{Street: street, Zip: strings.Join(words[n-k:], " "), City: city, Country: "GB"}, true
			}
		}
		if n > k && ukPostcode.MatchString(strings.Join(words[:k], " ")) {
			city := strings.Join(words[k:], " ")
			if plausibleCity(city) {
				return PostalAddress{Zip: strings.Join(words[:k], " "), City: city, Country: "GB"}, true
			}
		}
	}
	return PostalAddress{}, false
}

// ieLine reads "Dublin D02 X285", "Co. Cork T12 R2NC" or "D02 X285 Dublin":
// an Irish city with its Eircode, the city first or last.
func ieLine(words []string) (PostalAddress, bool) {
	n := len(words)
	for _, k := range []int{2, 1} {
		if n > k && isEircode(strings.Join(words[n-k:], " ")) {
			street, city := splitCity(strings.Join(words[:n-k], " "))
			if plausibleCity(city) {
				return PostalAddress{Street: street, Zip: strings.Join(words[n-k:], " "), City: city, Country: "IE"}, true
			}
		}
		if n > k && isEircode(strings.Join(words[:k], " ")) {
			city := strings.Join(words[k:], " ")
			if plausibleCity(city) {
				return PostalAddress{Zip: strings.Join(words[:k], " "), City: city, Country: "IE"}, true
			}
		}
	}
	return PostalAddress{}, false
}

// itCityFirst reads "Viale Verdi, 51 Roma RM 00147": an Italian city, its
// province and its postal code last, the street before the city ending at
// its house number or a comma. A line without such an end is read only
// when it is not a street itself.
func itCityFirst(words []string) (PostalAddress, bool) {
	n := len(words)
	if n < 3 || !digitsLen(words[n-1], 5, 5) {
		return PostalAddress{}, false
	}
	code := strings.ToUpper(strings.TrimSuffix(strings.TrimPrefix(words[n-2], "("), ")"))
	if !italianProvinces[code] || !isUpperWord(code, 2) {
		return PostalAddress{}, false
	}
	start := 0
	for k := n - 3; k >= 0; k-- {
		if strings.ContainsAny(words[k], "0123456789,") {
			start = k + 1
			break
		}
	}
	from := start
	for from < n-2 && (words[from] == "-" || words[from] == "–") {
		from++
	}
	city := strings.TrimRight(strings.Join(words[from:n-2], " "), " ,-–")
	cityWords := n - 2 - from
	if cityWords == 0 || cityWords > 4 || !plausibleCity(city) || start == 0 && IsStreet(city) {
		return PostalAddress{}, false
	}
	street := strings.TrimRight(strings.Join(words[:start], " "), " ,;-–")
	return PostalAddress{Street: street, Zip: words[n-1], City: city, Province: code, Country: "IT"}, true
}

// splitCity splits "10 Downing Street, London" into the street and the city
// after the last comma, or the last dash or dot set apart by spaces ("Rossi
// Ltd - 12 Harcourt Street - Dublin").
func splitCity(s string) (street, city string) {
	s = strings.TrimRight(s, " ,")
	cut, width := strings.LastIndexByte(s, ','), 1
	for _, sep := range []string{" - ", " – ", " · ", " • ", " | "} {
		if i := strings.LastIndex(s, sep); i > cut {
			cut, width = i, len(sep)
		}
	}
	if cut >= 0 {
		return strings.TrimRight(strings.TrimSpace(s[:cut]), " ,-–·•|"), strings.TrimSpace(s[cut+width:])
	}
	return "", s
}

// zipFirst reads the words of "[prefix-]zip city [province]".
func zipFirst(words []string, named, locale string) (PostalAddress, bool) {
	zip, country, ok := zipToken(words[0])
	if !ok {
		return PostalAddress{}, false
	}
	a := PostalAddress{Zip: zip, Country: country}
	rest := words[1:]
	if len(zip) == 4 && len(rest) > 1 && (country == "" || country == "NL") && isUpperWord(rest[0], 2) {
		a.Zip, a.Country, rest = zip+" "+rest[0], "NL", rest[1:]
	}
	if len(zip) == 4 && country == "" && named == "" && IsStreet(strings.Join(rest, " ")) {
		return PostalAddress{}, false // a house number and its street: "6779 Commerce Blvd, Suite 139"
	}
	apart := strings.HasSuffix(words[0], ",")
	for len(rest) > 0 && (rest[0] == "-" || rest[0] == "–" || rest[0] == ",") {
		rest, apart = rest[1:], true
	}
	if a.Country == "" {
		a.Country = named
	}
	before := a.Country
	rest = takeProvince(&a, rest)
	if a.Country != before && a.Province == "" {
		// A province before the country code ("55100 LUCCA LU IT").
		rest = takeProvince(&a, rest)
	}
	rest = takeCedex(&a, rest)
	a.City = strings.TrimRight(strings.Join(rest, " "), " ,-–")
	if c := a.City; apart && isUpperWord(c, 2) && isoCountries[c] && (a.Country == "" || a.Country == c) {
		// "CAP: 60027 - IT", "Kowloon, 0000, HK": a country code set apart
		// where the city would be, the city printed before the code.
		a.City, a.Country, a.Guessed = "", c, false
		return a, true
	}
	if !plausibleCity(a.City) {
		return PostalAddress{}, false
	}
	if a.Country == "" && len(zip) == 5 {
		switch lang(locale) {
		case langIT:
			a.Country, a.Guessed = "IT", true
		case langDE:
			a.Country, a.Guessed = "DE", true
		case langFR:
			a.Country, a.Guessed = "FR", true
		}
	}
	return a, true
}

// zipToken reads a postal code of 4 or 5 digits with an optional country
// prefix, which must agree with its length.
func zipToken(w string) (zip, country string, ok bool) {
	w = strings.TrimRight(w, ",")
	if i := strings.IndexByte(w, '-'); i > 0 {
		c, known := zipPrefixes[strings.ToUpper(w[:i])]
		if !known {
			return "", "", false
		}
		country, w = c, w[i+1:]
	}
	if !digitsLen(w, 4, 5) || country != "" && zipDigits[country] != len(w) {
		return "", "", false
	}
	return w, country, true
}

// takeProvince moves a province code ending the words into a, and returns
// the words before it.
func takeProvince(a *PostalAddress, rest []string) []string {
	for len(rest) > 1 && (rest[len(rest)-1] == "-" || rest[len(rest)-1] == "–") {
		rest = rest[:len(rest)-1]
	}
	if len(rest) < 2 {
		return rest
	}
	last := strings.TrimRight(rest[len(rest)-1], ",")
	code := strings.ToUpper(strings.TrimSuffix(strings.TrimPrefix(last, "("), ")"))
	parens := len(last) == 4 && last[0] == '(' && last[3] == ')'
	if !parens && !isUpperWord(last, 2) {
		return rest
	}
	switch {
	case code == "FR" && !strings.HasPrefix(a.Zip, "03") && (a.Country == "" || a.Country == "FR") && !parens:
		// Frosinone's postcodes start with 03; after any other code "FR"
		// is France ("75011 PARIS, FR").
		a.Country = "FR"
	case italianProvinces[code] && (a.Country == "" || a.Country == "IT") && len(a.Zip) == 5:
		a.Province, a.Country = code, "IT"
	case swissCantons[code] && a.Country == "CH":
		a.Province = code
	case !parens && zipDigits[code] == len(strings.Fields(a.Zip)[0]) && (a.Country == "" || a.Country == code):
		// A country code ending the line ("80333 München, DE").
		a.Country = code
	case !parens && a.Country == "" && isoCountries[code] && !italianProvinces[code] && !usStates[code]:
		// The code of a country whose postcodes have another form
		// ("00000 London GB", as e-invoice viewers print it).
		a.Country = code
	default:
		return rest
	}
	rest = rest[:len(rest)-1]
	for len(rest) > 1 && (rest[len(rest)-1] == "-" || rest[len(rest)-1] == "–") {
		rest = rest[:len(rest)-1]
	}
	return rest
}

// takeCedex drops "CEDEX" and what follows it (a French delivery office):
// the line is French.
func takeCedex(a *PostalAddress, rest []string) []string {
	for i, w := range rest {
		if i > 0 && strings.EqualFold(w, "CEDEX") {
			if a.Country == "" {
				a.Country = "FR"
			}
			return rest[:i]
		}
	}
	return rest
}

// isUpperWord reports whether w is n upper-case ASCII letters.
func isUpperWord(w string, n int) bool {
	if len(w) != n {
		return false
	}
	for i := range len(w) {
		if !isUpper(w[i]) {
			return false
		}
	}
	return true
}

// plausibleCity reports whether s can be a city name: it starts with a
// letter, has at most six words, and no number of more than three digits.
func plausibleCity(s string) bool {
	r, _ := runeAt(s, 0)
	if !isLetter(r) || strings.ContainsAny(s, "@:") {
		return false // "Email: info@…" after a phone number's last digits
	}
	words := strings.Fields(s)
	if len(words) > 6 || measureUnits[strings.ToLower(words[0])] {
		return false // "Verbrauch 9258 kWh": a quantity and its unit
	}
	for _, w := range words {
		if n := readDigits(w, 0); n > 3 {
			return false
		}
	}
	return true
}

// measureUnits are units of measure printed after a quantity (lower
// case): a number followed by one is a quantity, not a postal code and
// its city.
var measureUnits = setOf(`kwh mwh gwh kw mw kvarh kvar smc mc m3 m³ m2 m² kg g t q.li l lt ml km m cm mm
	h std std. stk stk. pz pz. pcs pc nr nr. n. gg`)

// streetWords are the words that name a kind of street in it, en, de and fr
// (lower case, abbreviations with their dot).
var streetWords = setOf(`via viale v.le piazza p.za p.zza pza piazzale p.le corso c.so largo vicolo
	strada str. contrada c.da località loc. frazione fraz. borgo lungomare lungotevere salita traversa vico
	rue avenue av. bd boulevard chemin allée allee impasse quai route cours square passage voie lieu-dit
	street road lane drive boulevard blvd blvd. terrace highway parkway
	straße strasse weg platz allee gasse damm ufer chaussee promenade postfach
	casella c.p. p.o. bp`)

// weakStreetWords name a street only on a line with a number ("12 Place
// Bellecour", "Am Ring 3"): alone they are common words of names, or the
// abbreviations of English streets, which alone are codes and titles as
// well ("LS", a company in liquidation, in an Italian e-invoice; "Dr.",
// "St. Gallen").
var weakStreetWords = setOf(`place court ct way ring markt pl. st. rd rd. ave ave. ln dr. hwy`)

// streetSuffixes end German compound street names ("Händlerstraße").
var streetSuffixes = []string{"straße", "strasse", "str.", "weg", "platz", "allee", "gasse", "ring", "damm", "ufer", "chaussee", "promenade", "steig", "pfad"}

// IsStreet reports whether s reads as a street line: it names a kind of
// street (Via, Rue, Street, …straße, Postfach…), or starts with a house
// number followed by a word ("217 Harbour Street", "27 rue des dunes").
func IsStreet(s string) bool {
	words := strings.Fields(strings.ToLower(s))
	if len(words) == 0 || len(words) > 10 || strings.ContainsAny(s, "?!") {
		return false // "6 HAI UN GUASTO?": a question is prose
	}
	hasDigit := strings.ContainsAny(s, "0123456789")
	for _, w := range words {
		w = strings.Trim(w, ",;:()")
		if streetWords[w] || hasDigit && weakStreetWords[w] {
			return true
		}
		for _, suf := range streetSuffixes {
			if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) {
				return true
			}
		}
	}
	first := strings.TrimRight(words[0], ",")
	return len(words) > 1 && leadHouseNumber(first) && isLetterWord(words[1]) && !unitWords[strings.Trim(words[1], ",;:()")] ||
		prepositionStreet(strings.Fields(s))
}

// streetPrepositions open German street names that name no kind of
// street: "Am Mühlbach", "Im Tal", "An der Alster", "Unter den Linden".
var streetPrepositions = setOf(`am im zum zur auf an in unter hinter vor über`)

// prepositionStreet reports whether words are a German street named by a
// preposition and its house number: "Am Mühlbach 163", "Zum Hafen 3a",
// "An der Alster 12". The words between are capitalised but for an
// article ("der", "den", "dem"); "An" and "In" need their article, being
// words of other languages too.
func prepositionStreet(words []string) bool {
	n := len(words)
	if n < 3 || n > 6 || !streetPrepositions[strings.ToLower(words[0])] || !leadHouseNumber(strings.TrimRight(words[n-1], ",")) {
		return false
	}
	r0, _ := runeAt(words[0], 0)
	if !unicode.IsUpper(r0) {
		return false
	}
	article := func(w string) bool { return w == "der" || w == "den" || w == "dem" || w == "die" || w == "das" }
	if p := strings.ToLower(words[0]); (p == "an" || p == "in" || p == "unter" || p == "hinter" || p == "vor" || p == "über" || p == "auf") && !article(words[1]) {
		return false
	}
	for _, w := range words[1 : n-1] {
		r, _ := runeAt(w, 0)
		if !article(w) && !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// unitWords are the units and spans of time a number is followed by when
// it is a quantity, not a house number ("6 kW", "30 giorni", "14 days").
var unitWords = setOf(`kw kwh mwh w v a kv kva h hr hrs ore min kg g t l ml m m2 m3 mq km cm mm
	pz pcs pc stk x mesi mese giorni giorno gg anni anno days day months month weeks week years year
	tage tag monate monat wochen woche jahre jahr jours jour mois semaines semaine ans an`)

// IsQuantity reports whether s is a number and its unit or span of time
// alone ("31 Tage", "6 kW", "30 giorni"): a quantity, neither a house
// number with its street nor a name.
func IsQuantity(s string) bool {
	words := strings.Fields(s)
	if len(words) != 2 {
		return false
	}
	n := strings.Trim(words[0], "~")
	if n == "" || strings.Trim(n, "0123456789.,") != "" {
		return false
	}
	return unitWords[strings.ToLower(strings.Trim(words[1], ",;:().*"))]
}

// leadHouseNumber reports whether w is a house number a street line starts
// with: one to five digits, a letter after them, or a second number after
// a slash or a dash ("12", "12b", "12/14", "12-14"); not a version or an
// amount ("2.1", "3,50").
func leadHouseNumber(w string) bool {
	n := readDigits(w, 0)
	if n == 0 || n > 5 {
		return false
	}
	rest := w[n:]
	switch {
	case rest == "":
		return true
	case len(rest) == 1:
		return isLetter(rune(rest[0]))
	case rest[0] == '/' || rest[0] == '-':
		return readDigits(rest, 1) == len(rest) || len(rest) == 2 && isLetter(rune(rest[1]))
	}
	return false
}

// leadStreetWords are the street words a street line starts with ("Via
// Roma 1", "rue de la Paix"), as opposed to those it ends with ("Baker
// Street"), which follow a house number.
var leadStreetWords = setOf(`via viale v.le piazza p.za p.zza pza piazzale p.le corso c.so largo vicolo
	strada contrada c.da frazione fraz. borgo lungomare lungotevere salita traversa vico
	rue avenue av. bd boulevard chemin allée allee impasse quai route cours square passage voie`)

// WordSpans returns the byte offsets [start, end) of the words of s, the
// runs of characters between spaces.
func WordSpans(s string) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		j := i
		for j < len(s) && s[j] != ' ' {
			j++
		}
		if j > i {
			out = append(out, [2]int{i, j})
		}
		i = j
	}
	return out
}

// LeadStreetWord reports whether w (any case, punctuation around it
// ignored) is a street word a street line starts with: "Via", "Viale",
// "P.le", "rue", "avenue".
func LeadStreetWord(w string) bool {
	return leadStreetWords[strings.ToLower(strings.Trim(w, ",;:()"))]
}

// StreetStart returns where, in s, a street starts that is preceded by
// other words on the same segment (a name, a key: "Rossi S.r.l. Via Roma 1",
// "Sede legale e direzione via Po 7", "Max Muster Hauptstraße 4"): the byte
// offset of the street's first word, or -1 when s holds no such street or
// starts with it.
func StreetStart(s string) int {
	type word struct {
		start int
		text  string
	}
	var words []word
	for _, sp := range WordSpans(s) {
		words = append(words, word{sp[0], s[sp[0]:sp[1]]})
	}
	if len(words) < 2 || !strings.ContainsAny(s, "0123456789") {
		return -1
	}
	for k, w := range words {
		lw := strings.ToLower(strings.Trim(w.text, ",;:()"))
		start := -1
		switch {
		case leadStreetWords[lw] && k+1 < len(words):
			start = k
			if k > 0 {
				if d := readDigits(strings.TrimRight(words[k-1].text, ","), 0); d > 0 && d <= 4 {
					start = k - 1 // "23 rue Lacaze"
				}
			}
		case len(lw) > 8 && (strings.HasSuffix(lw, "straße") || strings.HasSuffix(lw, "strasse")):
			start = k
		case streetWords[lw] && k > 0:
			// "Baker Street": the street starts at its house number.
			for j := k - 1; j >= 0 && j >= k-4; j-- {
				if d := readDigits(words[j].text, 0); d > 0 && d <= 5 {
					start = j
					break
				}
			}
		}
		if start == 0 {
			return -1
		}
		if start > 0 {
			if !IsStreet(s[words[start].start:]) {
				return -1
			}
			return words[start].start
		}
	}
	return -1
}

// isLetterWord reports whether w starts with a letter.
func isLetterWord(w string) bool {
	r, _ := runeAt(w, 0)
	return isLetter(r)
}
