package testpdf

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// This file makes up the names, addresses and goods of the layout
// families' invoices, combining parts so that names rarely repeat. Every
// company, person and street is invented.

// people holds first and last names per country.
var people = map[string][2][]string{
	"IT": {{"Marco", "Giulia", "Luca", "Francesca", "Paolo", "Chiara", "Andrea", "Elena", "Stefano", "Silvia", "Davide", "Martina", "Roberto", "Laura"},
		{"Rossi", "Bernardi", "Colombo", "Moretti", "Galli", "Ferri", "Conti", "Greco", "Marini", "Villa", "Sala", "Fontana", "Barbieri", "Lombardi", "Gatti", "Testa", "Mariani", "Rinaldi", "Caruso", "Ferrara", "Santoro", "Vitale", "Orlando", "Pellegrini"}},
	"DE": {{"Thomas", "Anna", "Michael", "Julia", "Stefan", "Katrin", "Andreas", "Sabine", "Jens", "Claudia", "Markus", "Petra"},
		{"Müller", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann", "Koch", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann", "Braun", "Krüger", "Hofmann", "Hartmann", "Lange"}},
	"FR": {{"Jean", "Marie", "Pierre", "Sophie", "Nicolas", "Camille", "Julien", "Claire", "Antoine", "Isabelle", "Thomas", "Élodie"},
		{"Dupont", "Lefèvre", "Moreau", "Girard", "Garnier", "Petit", "Roux", "Fournier", "Mercier", "Blanc", "Bonnet", "Chevalier", "Faure", "Rousseau", "Lambert", "Fontaine", "Perrin", "Morel", "Gauthier", "Robin"}},
	"GB": {{"James", "Emma", "Oliver", "Sophie", "Harry", "Charlotte", "George", "Amelia", "Daniel", "Lucy"},
		{"Harper", "Lowe", "Whitmore", "Ashby", "Fletcher", "Holloway", "Pemberton", "Marsh", "Thornton", "Kendall", "Bradley", "Carver", "Hughes", "Walsh", "Barker"}},
	"IE": {{"Sean", "Aoife", "Ciaran", "Niamh", "Declan", "Siobhan", "Padraig", "Orla"},
		{"Kavanagh", "Brennan", "O'Connell", "Murphy", "Byrne", "Doyle", "Gallagher", "Keane", "Nolan", "Quinn", "Ryan", "Walsh"}},
	"US": {{"Michael", "Jennifer", "David", "Sarah", "Robert", "Emily", "Kevin", "Megan", "Brian", "Ashley"},
		{"Carter", "Mitchell", "Reynolds", "Brooks", "Sullivan", "Hayes", "Foster", "Bennett", "Coleman", "Jenkins", "Perry", "Russell", "Griffin", "Hayward"}},
}

// trades are activity words that go into company names.
var trades = map[string][]string{
	"IT": {"Forniture", "Impianti", "Costruzioni", "Informatica", "Trasporti", "Arredamenti", "Elettroforniture", "Meccanica", "Alimentari", "Servizi", "Serramenti", "Distribuzione", "Tecnologie", "Grafiche", "Ricambi", "Edilizia"},
	"DE": {"Haustechnik", "Metallbau", "Elektro", "Logistik", "Druck", "IT-Service", "Bau", "Gartenbau", "Maschinenbau", "Bürobedarf", "Handel", "Systemtechnik", "Holzbau", "Medien"},
	"FR": {"Équipements", "Menuiserie", "Électricité", "Informatique", "Transports", "Imprimerie", "Bâtiment", "Services", "Distribution", "Plomberie", "Conseil", "Négoce"},
	"GB": {"Supplies", "Digital", "Engineering", "Design", "Logistics", "Consulting", "Print", "Interiors", "Systems", "Catering", "Electrical"},
	"IE": {"Software", "Office Supplies", "Print Works", "Engineering", "Consulting", "Foods", "Solutions"},
	"US": {"Analytics", "Outfitters", "Supply Co.", "Design Studio", "Logistics", "Software", "Consulting Group", "Labs", "Media"},
}

var placeNames = map[string][]string{
	"IT": {"Adriatica", "Lombarda", "Veneta", "del Nord", "Centro Italia", "Tirrenica", "Alpina", "Padana"},
	"DE": {"Nord", "Süd", "Rhein-Main", "Bayern", "Elbe", "Alpen"},
	"FR": {"du Sud", "de l'Ouest", "Rhône-Alpes", "Atlantique", "de Provence", "du Nord"},
	"GB": {"Northbridge", "Kestrel", "Oakfield", "Riverside", "Thames", "Pennine"},
	"IE": {"Shannon", "Liffey", "Atlantic", "Wicklow", "Galway Bay"},
	"US": {"Pinecrest", "Blue Ridge", "Lakeshore", "Summit", "Redwood", "Harbor"},
}

var legalForms = map[string][]string{
	"IT": {"S.r.l.", "S.p.A.", "S.n.c.", "S.a.s.", "S.r.l.s.", "SRL", "Srl"},
	"DE": {"GmbH", "GmbH & Co. KG", "KG", "AG", "e.K.", "UG (haftungsbeschränkt)"},
	"FR": {"SARL", "SAS", "SA", "EURL", "SASU"},
	"GB": {"Ltd", "Limited", "LLP", "plc"},
	"IE": {"Ltd", "Limited", "DAC"},
	"US": {"LLC", "Inc.", "Corp.", "Co."},
}

// isLegalForm reports whether w is one of the legal forms of legalForms.
func isLegalForm(w string) bool {
	for _, forms := range legalForms {
		for _, f := range forms {
			if strings.EqualFold(f, w) {
				return true
			}
		}
	}
	return false
}

// companyName makes a company name of a country.
func companyName(rng *rand.Rand, country string) string {
	pp := people[country]
	last := pick(rng, pp[1])
	trade := pick(rng, trades[country])
	form := pick(rng, legalForms[country])
	switch country {
	case "IT":
		return pick(rng, []string{
			last + " " + trade + " " + form,
			trade + " " + last + " " + form,
			"F.lli " + last + " " + form,
			trade + " " + pick(rng, placeNames[country]) + " " + form,
			last + " & " + pick(rng, pp[1]) + " " + form,
		})
	case "DE":
		return pick(rng, []string{
			last + " " + trade + " " + form,
			trade + " " + last + " " + form,
			last + " & " + pick(rng, pp[1]) + " " + form,
			trade + " " + pick(rng, placeNames[country]) + " " + form,
		})
	case "FR":
		return pick(rng, []string{
			last + " " + trade + " " + form,
			form + " " + trade + " " + last,
			trade + " " + pick(rng, placeNames[country]) + " " + form,
			"Établissements " + last + " " + form,
		})
	}
	return pick(rng, []string{
		last + " " + trade + " " + form,
		pick(rng, placeNames[country]) + " " + trade + " " + form,
		last + " & " + pick(rng, pp[1]) + " " + form,
	})
}

// personName makes a person's name of a country.
// attnTitles are the titles a person at a company is addressed with
// under its name, by language.
var attnTitles = map[string][]string{
	"it": {"Sig.", "Sig.ra", "Alla c.a. Sig.", "Dott."},
	"en": {"Mr", "Ms", "Mrs", "Dr"},
	"de": {"Herrn", "Frau", "Herrn Dr."},
	"fr": {"M.", "Mme", "Monsieur", "Madame"},
}

func personName(rng *rand.Rand, country string) string {
	pp := people[country]
	return pick(rng, pp[0]) + " " + pick(rng, pp[1])
}

var streetNames = map[string][]string{
	"IT": {"Via Roma", "Corso Vittorio Emanuele II", "Viale Europa", "Piazza Garibaldi", "Via dell'Industria", "Via G. Verdi", "Via Santa Lucia", "Via Nazionale", "Viale della Repubblica", "Via Mazzini", "Via dell'Artigianato", "Strada Provinciale 11", "Via Emilia Est", "Via Torino"},
	"DE": {"Hauptstraße", "Industriestraße", "Am Mühlbach", "Lindenallee", "Bahnhofstraße", "Königsweg", "Gewerbepark", "Schillerstraße", "Goethestraße", "Marktplatz", "Ringstraße", "Im Gewerbegebiet"},
	"FR": {"rue de la République", "avenue Jean Jaurès", "boulevard Victor Hugo", "place du Marché", "rue des Lilas", "route de Lyon", "rue Pasteur", "avenue de la Gare", "chemin des Vignes", "rue du Commerce", "allée des Tilleuls"},
	"GB": {"Market Street", "Kings Road", "Mill Lane", "Station Road", "High Street", "Church Lane", "Victoria Road", "Park Avenue"},
	"IE": {"Harcourt Street", "Quay Street", "Main Street", "Dame Street", "Patrick Street", "Eyre Square"},
	"US": {"Oak Street", "Maple Avenue", "Main Street", "Cedar Lane", "Lakeview Drive", "Commerce Blvd", "Elm Street", "Washington Ave"},
}

// street makes a street address of a country, its number where that
// country puts it.
func street(rng *rand.Rand, country string) string {
	name := pick(rng, streetNames[country])
	n := 1 + rng.IntN(180)
	switch country {
	case "IT":
		if rng.IntN(5) == 0 {
			return fmt.Sprintf("%s, %d/%c", name, n, 'A'+rng.IntN(3))
		}
		if rng.IntN(2) == 0 {
			return fmt.Sprintf("%s, %d", name, n)
		}
		return fmt.Sprintf("%s %d", name, n)
	case "DE":
		if rng.IntN(5) == 0 {
			return fmt.Sprintf("%s %d%c", name, n, 'a'+rng.IntN(3))
		}
		return fmt.Sprintf("%s %d", name, n)
	case "FR":
		if rng.IntN(6) == 0 {
			return fmt.Sprintf("%d bis %s", n, name)
		}
		return fmt.Sprintf("%d %s", n, name)
	case "US":
		s := fmt.Sprintf("%d %s", 100+rng.IntN(9800), name)
		if rng.IntN(3) == 0 {
			s += fmt.Sprintf(", Suite %d", 100+rng.IntN(400))
		}
		return s
	case "GB", "IE":
		if rng.IntN(4) == 0 {
			return fmt.Sprintf("Unit %d, %s", 1+rng.IntN(30), name)
		}
		return fmt.Sprintf("%d %s", n, name)
	}
	return name
}

// cities: city, postal code, Italian province or US state.
var cities = map[string][]place{
	"IT": {{"Milano", "20121", "MI"}, {"Torino", "10121", "TO"}, {"Bologna", "40121", "BO"}, {"Firenze", "50123", "FI"},
		{"Napoli", "80133", "NA"}, {"Verona", "37121", "VR"}, {"Padova", "35122", "PD"}, {"Bari", "70121", "BA"},
		{"Sesto San Giovanni", "20099", "MI"}, {"Reggio nell'Emilia", "42121", "RE"}, {"Bergamo", "24121", "BG"}, {"Brescia", "25121", "BS"},
		{"Trento", "38122", "TN"}, {"Bolzano", "39100", "BZ"}, {"Ancona", "60121", "AN"}, {"Perugia", "06121", "PG"}, {"Roma", "00184", "RM"},
		{"Genova", "16121", "GE"}, {"Catania", "95131", "CT"}, {"Vicenza", "36100", "VI"}, {"Treviso", "31100", "TV"}, {"Modena", "41121", "MO"}},
	"DE": {{"München", "80331", ""}, {"Hamburg", "20095", ""}, {"Köln", "50667", ""}, {"Stuttgart", "70173", ""},
		{"Düsseldorf", "40213", ""}, {"Leipzig", "04109", ""}, {"Nürnberg", "90402", ""}, {"Frankfurt am Main", "60311", ""},
		{"Hannover", "30159", ""}, {"Dresden", "01067", ""}, {"Bremen", "28195", ""}, {"Augsburg", "86150", ""}, {"Freiburg im Breisgau", "79098", ""}},
	"FR": {{"Paris", "75011", ""}, {"Lyon", "69002", ""}, {"Marseille", "13001", ""}, {"Toulouse", "31000", ""},
		{"Nantes", "44000", ""}, {"Lille", "59000", ""}, {"Bordeaux", "33000", ""}, {"Strasbourg", "67000", ""},
		{"Rennes", "35000", ""}, {"Montpellier", "34000", ""}, {"Grenoble", "38000", ""}, {"Dijon", "21000", ""}},
	"GB": {{"London", "EC1A 1BB", ""}, {"Manchester", "M1 1AE", ""}, {"Leeds", "LS1 4DY", ""}, {"Bristol", "BS1 5TR", ""},
		{"Birmingham", "B1 1BB", ""}, {"Glasgow", "G1 2FF", ""}, {"Cambridge", "CB2 1TN", ""}},
	"IE": {{"Dublin", "D02 X285", ""}, {"Cork", "T12 R2NC", ""}, {"Galway", "H91 E2K3", ""}, {"Limerick", "V94 T9PX", ""}},
	"US": {{"Springfield", "62701", "IL"}, {"Austin", "78701", "TX"}, {"Portland", "97204", "OR"}, {"Denver", "80202", "CO"},
		{"Columbus", "43215", "OH"}, {"Raleigh", "27601", "NC"}, {"Madison", "53703", "WI"}},
}

// goodsOf are the kinds of goods and services per language, with units in
// the notations programs print (pz, NR, BT, CT, CF, kg, Stk., h, …).
var goodsOf = map[string][]good{
	"it": {
		{"Consulenza tecnica", "ore", 6000, 12000, true},
		{"Cartuccia toner nero", "pz", 2500, 8900, false},
		{"Carta A4 80 g/m² risma 500 fogli", "CF", 390, 690, false},
		{"Manutenzione impianto di climatizzazione", "NR", 8000, 30000, false},
		{"Cavo elettrico FG16OR16 3G2,5", "m", 110, 480, false},
		{"Caffè in grani miscela Oro", "kg", 1200, 2500, false},
		{"Licenza software gestionale annuale", "NR", 30000, 150000, false},
		{"Installazione e collaudo", "h", 4500, 9000, true},
		{"Vernice murale bianca 14 l", "pz", 3500, 7500, false},
		{"Guanti da lavoro in nitrile", "CF", 800, 1900, false},
		{"Valvola a sfera ottone 3/4\"", "pz", 650, 1850, false},
		{"Acqua minerale naturale 0,5 l", "CT", 290, 650, false},
		{"Vino rosso Montepulciano d'Abruzzo DOC", "BT", 450, 1800, false},
		{"Olio extravergine di oliva 1 l", "BT", 690, 1490, false},
		{"Detergente pavimenti 5 kg", "pz", 890, 1990, false},
		{"Pasta di semola trafilata al bronzo 500 g", "CT", 1890, 3490, false},
		{"Viti autofilettanti 4x40 zincate", "CF", 350, 990, false},
		{"Noleggio piattaforma aerea", "gg", 12000, 28000, false},
		{"Smaltimento rifiuti speciali", "kg", 35, 180, false},
		{"Pallet in legno EPAL", "NR", 900, 1600, false},
	},
	"de": {
		{"Wartung Heizungsanlage", "Std.", 6500, 9500, true},
		{"Kugellager 6204-2RS", "Stk.", 450, 1200, false},
		{"Druckerpapier A4, 500 Blatt", "Pck.", 450, 790, false},
		{"Montagearbeiten", "Std.", 5500, 8500, true},
		{"Anfahrtspauschale", "pauschal", 3500, 7500, false},
		{"Kupferrohr 15 mm", "m", 690, 1450, false},
		{"Softwarelizenz Jahresabo", "Stk.", 25000, 99000, false},
		{"Visitenkarten 4/4-farbig, 250 Stück", "Stk.", 2900, 5900, false},
		{"Rasenmähen und Heckenschnitt", "h", 3800, 5200, true},
		{"Zahnriemen HTD 8M-1200", "Stk.", 2200, 6400, false},
		{"Kaffee Crema ganze Bohne", "kg", 1490, 2290, false},
		{"Mineralwasser 0,7 l", "Kiste", 590, 990, false},
		{"Schrauben 5x50 verzinkt", "Pck.", 390, 1290, false},
		{"Trockenbauwand inkl. Spachtelung", "m²", 3500, 6500, false},
		{"Entsorgung Bauschutt", "t", 4500, 9900, false},
		{"Beratungsleistung Projektleitung", "h", 9000, 14500, true},
	},
	"fr": {
		{"Prestation de conseil", "h", 7000, 13000, true},
		{"Cartouche d'encre noire XL", "u", 2900, 6900, false},
		{"Ramette papier A4 80 g", "u", 450, 790, false},
		{"Main d'œuvre électricien", "h", 4500, 6500, true},
		{"Déplacement forfaitaire", "forfait", 3500, 6000, false},
		{"Câble électrique 3G1,5", "m", 90, 250, false},
		{"Abonnement logiciel de gestion", "mois", 2900, 14900, false},
		{"Disjoncteur différentiel 40 A", "u", 4500, 9800, false},
		{"Café en grains pur arabica", "kg", 1800, 3200, false},
		{"Bouteille d'eau minérale 1,5 l", "pack", 290, 590, false},
		{"Carrelage grès cérame 60x60", "m²", 2500, 5500, false},
		{"Location nacelle élévatrice", "jour", 15000, 29000, false},
		{"Vin rouge Côtes du Rhône", "btl", 690, 1890, false},
	},
	"en": {
		{"Consulting services", "h", 8000, 15000, true},
		{"Ergonomic office chair", "pcs", 14900, 39900, false},
		{"Website maintenance", "month", 9900, 39900, false},
		{"Printer toner cartridge, black", "pcs", 3900, 8900, false},
		{"Network cable Cat6, 305 m box", "box", 7900, 14900, false},
		{"Software licence, annual", "pcs", 29900, 120000, false},
		{"On-site support", "h", 6000, 9500, true},
		{"A4 copier paper, 5 reams", "box", 1800, 3200, false},
		{"Cloud hosting, standard plan", "month", 2900, 19900, false},
		{"Copywriting", "h", 4500, 8500, true},
		{"Stainless steel bolts M8x40", "pack", 690, 1590, false},
		{"LED panel light 600x600", "ea", 2900, 6900, false},
		{"Catering for 20 guests", "ea", 25000, 60000, false},
	},
}

// longGoodsOf are descriptions long enough to wrap.
var longGoodsOf = map[string][]good{
	"it": pools["IT"].long,
	"de": pools["DE"].long,
	"fr": pools["FR"].long,
	"en": enLong,
}

// details are second description lines.
var details = map[string][]string{
	"it": {"Lotto %d scad. 12/2027", "Rif. DDT n. %d", "Matricola SN%d", "Periodo: mese corrente", "Commessa %d"},
	"de": {"Charge %d", "Lieferschein Nr. %d", "Seriennr. SN%d", "Leistungszeitraum laut Auftrag", "Projekt %d"},
	"fr": {"Lot %d", "Bon de livraison n° %d", "N° de série SN%d", "Période : mois en cours", "Chantier %d"},
	"en": {"Batch %d", "Delivery note %d", "Serial no. SN%d", "Period: current month", "Project %d"},
}

// detail makes a second description line.
func detail(rng *rand.Rand, lang string) string {
	d := pick(rng, details[lang])
	if strings.Contains(d, "%d") {
		return fmt.Sprintf(d, 1000+rng.IntN(90000))
	}
	return d
}

// EAN13 returns a valid EAN-13 code with a random national prefix.
func EAN13(rng *rand.Rand, country string) string {
	prefix := map[string]string{"IT": "80", "DE": "40", "FR": "30", "GB": "50", "IE": "539", "US": "0"}[country]
	d := prefix + digits(rng, 12-len(prefix), false)
	sum := 0
	for i := range 12 {
		v := int(d[i] - '0')
		if i%2 == 1 {
			v *= 3
		}
		sum += v
	}
	return d + string(rune('0'+(10-sum%10)%10))
}
