package testpdf

// This file holds the made-up names, places and goods the generator draws
// from. Every company, person and street is invented.

// place is a city with its postal code; prov is the Italian province code.
type place struct {
	city, zip, prov string
}

// good is a kind of line item: its description, unit (per language) and
// price range in cents.
type good struct {
	desc     string
	unit     string
	min, max int64
	// hours marks services billed by the hour, which may have half
	// quantities.
	hours bool
}

// pool holds what the generator picks from for one country.
type pool struct {
	vendors, buyers []string
	people          []string // private buyers (Italy only)
	streets         []string
	places          []place
	goods           []good
	long            []good // descriptions that wrap over two lines
	fees            []good // professional fees (Italian withholding)
	freelance       []good // flat-rate freelancers (Italian stamp duty)
	professionals   []string
	freelancers     []string
	banks           []string
}

var pools = map[string]pool{
	"IT": {
		vendors: []string{"Rossi Forniture S.r.l.", "Officine Meccaniche Bernardi S.p.A.", "Tipografia Colombo S.n.c.",
			"Caseificio Valle Verde S.r.l.", "Idraulica Moretti S.r.l.", "Ferramenta Galli & Figli S.a.s."},
		buyers: []string{"Bianchi Caffè S.p.A.", "Ristorante Da Gino S.r.l.", "Hotel Belvedere S.r.l.",
			"Edilnord Costruzioni S.r.l.", "Gelateria Il Cono S.n.c.", "Studio Dentistico Associato Lodi"},
		people:  []string{"Mario Esposito", "Giulia Romano", "Francesca Ricci"},
		streets: []string{"Via Roma 12", "Corso Vittorio Emanuele II 45", "Viale Europa 3/B", "Piazza Garibaldi 7", "Via dell'Industria 88", "Via G. Verdi 21", "Via Santa Lucia 102"},
		places: []place{{"Milano", "20121", "MI"}, {"Torino", "10121", "TO"}, {"Bologna", "40121", "BO"}, {"Firenze", "50123", "FI"},
			{"Napoli", "80133", "NA"}, {"Verona", "37121", "VR"}, {"Padova", "35122", "PD"}, {"Bari", "70121", "BA"},
			{"Sesto San Giovanni", "20099", "MI"}, {"Reggio nell'Emilia", "42121", "RE"}},
		goods: []good{
			{"Consulenza tecnica", "ore", 6000, 12000, true},
			{"Cartuccia toner nero TN-2420", "pz", 2500, 8900, false},
			{"Carta A4 80 g/m² risma 500 fogli", "pz", 390, 690, false},
			{"Manutenzione impianto di climatizzazione", "nr", 8000, 30000, false},
			{"Trasporto e consegna", "nr", 1500, 6000, false},
			{"Cavo elettrico FG16OR16 3G2,5", "m", 110, 480, false},
			{"Caffè in grani miscela Oro", "kg", 1200, 2500, false},
			{"Licenza software gestionale annuale", "nr", 30000, 150000, false},
			{"Installazione e collaudo", "ore", 4500, 9000, true},
			{"Vernice murale bianca 14 l", "pz", 3500, 7500, false},
			{"Guanti da lavoro in nitrile (conf. 100)", "conf", 800, 1900, false},
			{"Valvola a sfera ottone 3/4\"", "pz", 650, 1850, false},
		},
		long: []good{
			{"Intervento di manutenzione straordinaria sull'impianto di riscaldamento centralizzato, compresa sostituzione valvole", "nr", 25000, 90000, false},
			{"Fornitura e posa in opera di pavimento in gres porcellanato formato 60x60 cm, colore grigio chiaro", "mq", 3500, 7000, false},
			{"Servizio di pulizia uffici del mese di marzo secondo contratto quadro sottoscritto in data 10 gennaio", "nr", 40000, 120000, false},
			{"Stampa brochure istituzionale 16 pagine formato A4, carta patinata opaca 150 g, confezione in scatole", "pz", 120, 450, false},
		},
		fees: []good{
			{"Consulenza fiscale e tributaria mese di marzo", "nr", 30000, 90000, false},
			{"Redazione perizia tecnica immobile di via Manzoni", "nr", 80000, 250000, false},
			{"Assistenza stragiudiziale pratica n. 118", "nr", 50000, 150000, false},
			{"Compenso per attività professionale di progettazione", "nr", 100000, 400000, false},
			{"Sopralluogo e rilievo metrico", "ore", 5000, 9000, true},
		},
		freelance: []good{
			{"Progettazione logo e immagine coordinata", "nr", 40000, 150000, false},
			{"Servizio fotografico evento aziendale", "nr", 30000, 90000, false},
			{"Traduzione manuale tecnico dall'inglese", "cartella", 1500, 2500, false},
			{"Impaginazione catalogo prodotti", "pagina", 1500, 4000, false},
		},
		professionals: []string{"Studio Tecnico Ing. Paolo Greco", "Avv. Chiara Marini", "Dott. Marco Conti Commercialista"},
		freelancers:   []string{"Lucia Ferri Grafica e Illustrazione", "Andrea Villa Fotografo", "Elena Sala Traduzioni"},
		banks:         []string{"Banca Popolare di Sondrio", "Intesa Sanpaolo, filiale 1234", "Credito Emiliano"},
	},
	"DE": {
		vendors: []string{"Müller Antriebstechnik GmbH", "Schneider & Söhne KG", "Weber Büroservice e.K.",
			"Hoffmann Elektro GmbH", "Grünwald Gartenbau GmbH & Co. KG", "Becker Druck GmbH"},
		buyers: []string{"Schulz Logistik GmbH", "Bäckerei Krüger", "Praxis Dr. med. Jana Wolf",
			"Fischer Maschinenbau AG", "Hotel Zur Post GmbH", "Köhler IT-Systeme GmbH"},
		streets: []string{"Hauptstraße 12", "Industriestraße 5a", "Am Mühlbach 3", "Lindenallee 27", "Bahnhofstr. 101", "Königsweg 8"},
		places: []place{{"München", "80331", ""}, {"Hamburg", "20095", ""}, {"Köln", "50667", ""}, {"Stuttgart", "70173", ""},
			{"Düsseldorf", "40213", ""}, {"Leipzig", "04109", ""}, {"Nürnberg", "90402", ""}, {"Frankfurt am Main", "60311", ""}},
		goods: []good{
			{"Wartung Heizungsanlage", "Std.", 6500, 9500, true},
			{"Kugellager 6204-2RS", "Stk.", 450, 1200, false},
			{"Druckerpapier A4, 500 Blatt", "Pck.", 450, 790, false},
			{"Montagearbeiten", "Std.", 5500, 8500, true},
			{"Anfahrtspauschale", "pausch.", 3500, 7500, false},
			{"Kupferrohr 15 mm", "m", 690, 1450, false},
			{"Softwarelizenz Jahresabo", "Stk.", 25000, 99000, false},
			{"Visitenkarten 4/4-farbig, 250 Stück", "Stk.", 2900, 5900, false},
			{"Rasenmähen und Heckenschnitt", "Std.", 3800, 5200, true},
			{"Zahnriemen HTD 8M-1200", "Stk.", 2200, 6400, false},
			{"Kaffee Crema ganze Bohne", "kg", 1490, 2290, false},
		},
		long: []good{
			{"Austausch des Umwälzpumpenmoduls inklusive Entlüftung und Funktionsprüfung der gesamten Heizungsanlage", "Stk.", 35000, 85000, false},
			{"Lieferung und Montage von Trennwandsystemen im zweiten Obergeschoss gemäß Angebot vom 12. Februar", "m²", 9000, 19000, false},
			{"Unterhaltsreinigung der Büroflächen im Monat März gemäß Rahmenvertrag, einschließlich Sanitärbereiche", "pausch.", 60000, 150000, false},
		},
		banks: []string{"Sparkasse München", "Volksbank Köln Bonn eG", "Commerzbank AG"},
	},
	"FR": {
		vendors: []string{"Dupont Équipements SARL", "Atelier Lefèvre SAS", "Moreau & Fils SARL",
			"Imprimerie Girard SAS", "Garnier Électricité SARL", "Boulangerie Petit SARL"},
		buyers: []string{"Restaurant Le Cèdre SARL", "Cabinet Rousseau Avocats", "Hôtel des Deux Gares SAS",
			"Fromagerie Blanc SAS", "Clinique Vétérinaire des Lilas", "Bertrand Transports SAS"},
		streets: []string{"12 rue de la République", "45 avenue Jean Jaurès", "3 boulevard Victor Hugo", "8 place du Marché", "27 rue des Lilas", "101 route de Lyon"},
		places: []place{{"Paris", "75011", ""}, {"Lyon", "69002", ""}, {"Marseille", "13001", ""}, {"Toulouse", "31000", ""},
			{"Nantes", "44000", ""}, {"Lille", "59000", ""}, {"Bordeaux", "33000", ""}, {"Strasbourg", "67000", ""}},
		goods: []good{
			{"Prestation de conseil", "h", 7000, 13000, true},
			{"Cartouche d'encre noire XL", "u", 2900, 6900, false},
			{"Ramette papier A4 80 g", "u", 450, 790, false},
			{"Main d'œuvre électricien", "h", 4500, 6500, true},
			{"Déplacement forfaitaire", "forfait", 3500, 6000, false},
			{"Câble électrique 3G1,5", "m", 90, 250, false},
			{"Abonnement logiciel de gestion", "mois", 2900, 14900, false},
			{"Disjoncteur différentiel 40 A", "u", 4500, 9800, false},
			{"Baguette tradition (lot de 50)", "lot", 4500, 6000, false},
			{"Café en grains pur arabica", "kg", 1800, 3200, false},
		},
		long: []good{
			{"Remplacement du tableau électrique et mise en conformité de l'installation selon la norme NF C 15-100", "forfait", 90000, 240000, false},
			{"Nettoyage des locaux professionnels pour le mois de mars selon le contrat annuel signé le 5 janvier", "forfait", 45000, 110000, false},
			{"Impression de dépliants trois volets format A4, papier couché mat 170 g, livraison comprise", "u", 30, 95, false},
		},
		banks: []string{"Crédit Agricole Centre-Est", "BNP Paribas, agence Lyon Bellecour", "Banque Populaire Auvergne Rhône Alpes"},
	},
	"GB": {
		vendors: []string{"Harper & Lowe Ltd", "Northbridge Supplies Ltd", "Kestrel Design Studio Ltd"},
		buyers:  []string{"Oakfield Dental Practice", "Thames Valley Catering Ltd", "Whitmore & Co Solicitors"},
		streets: []string{"14 Market Street", "221 Kings Road", "7 Mill Lane", "Unit 4 Riverside Park"},
		places:  []place{{"London", "EC1A 1BB", ""}, {"Manchester", "M1 1AE", ""}, {"Leeds", "LS1 4DY", ""}, {"Bristol", "BS1 5TR", ""}},
		goods:   enGoods,
		long:    enLong,
		banks:   []string{"Barclays Bank plc", "Lloyds Bank"},
	},
	"IE": {
		vendors: []string{"Kavanagh Software Ltd", "Brennan Office Supplies Ltd", "Shannon Print Works Ltd"},
		buyers:  []string{"Galway Bay Hotel Ltd", "O'Connell Engineering Ltd", "Liffey Dental Care"},
		streets: []string{"12 Harcourt Street", "Unit 9 Sandyford Business Park", "3 Quay Street"},
		places:  []place{{"Dublin", "D02 X285", ""}, {"Cork", "T12 R2NC", ""}, {"Galway", "H91 E2K3", ""}},
		goods:   enGoods,
		long:    enLong,
		banks:   []string{"Bank of Ireland", "AIB"},
	},
}

var enGoods = []good{
	{"Consulting services", "h", 8000, 15000, true},
	{"Ergonomic office chair", "pcs", 14900, 39900, false},
	{"Website maintenance", "month", 9900, 39900, false},
	{"Printer toner cartridge, black", "pcs", 3900, 8900, false},
	{"Delivery charge", "ea", 950, 2500, false},
	{"Network cable Cat6, 305 m box", "box", 7900, 14900, false},
	{"Software licence, annual", "pcs", 29900, 120000, false},
	{"On-site support", "h", 6000, 9500, true},
	{"A4 copier paper, 5 reams", "box", 1800, 3200, false},
}

var enLong = []good{
	{"Design and development of the customer portal, phase two: user accounts, invoice history and e-mail notifications", "pcs", 150000, 480000, false},
	{"Annual maintenance contract for the air-conditioning units at the head office, including two service visits", "pcs", 60000, 180000, false},
	{"Supply and installation of acoustic ceiling panels in the first-floor meeting rooms as per quotation", "m²", 4500, 9000, false},
}
