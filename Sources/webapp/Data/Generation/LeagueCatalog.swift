/// The hand-written part of the sample data: six invented national leagues with eight invented
/// clubs each (name, short name, city, ground). Everything else is generated from a seed.
///
/// ```swift
/// for entry in LeagueCatalog.all { print(entry.name, entry.clubs.count) }   // six leagues of 8
/// ```
struct LeagueCatalog: Sendable {
    /// The fixed facts of one club.
    struct Club: Sendable {
        /// Full name, e.g. "Riverside Rovers".
        let name: String
        /// Three capital letters, unique within the league.
        let shortName: String
        /// Home city.
        let city: String
        /// Home ground.
        let stadium: String
    }

    /// League name.
    let name: String
    /// Country; also the most common nationality of its players.
    let country: String
    /// Name of the league's knockout cup.
    let cupName: String
    /// The eight clubs, in team-id order.
    let clubs: [Club]

    /// The six leagues, in league-id order.
    static let all: [LeagueCatalog] = [
        LeagueCatalog(name: "Albion Premier League", country: "England", cupName: "Albion FA Trophy", clubs: [
            Club(name: "Riverside Rovers", shortName: "RIV", city: "Riverside", stadium: "Wharf Lane"),
            Club(name: "Ashford Albion", shortName: "ASH", city: "Ashford", stadium: "The Hawthorns Park"),
            Club(name: "Kingsbridge United", shortName: "KIN", city: "Kingsbridge", stadium: "Crown Meadow"),
            Club(name: "Millbrook Wanderers", shortName: "MIL", city: "Millbrook", stadium: "Mill Road"),
            Club(name: "Harrowgate Athletic", shortName: "HAR", city: "Harrowgate", stadium: "Fellside Stadium"),
            Club(name: "Stonehaven City", shortName: "STO", city: "Stonehaven", stadium: "Quarry Park"),
            Club(name: "Westmoor Town", shortName: "WES", city: "Westmoor", stadium: "Heath End"),
            Club(name: "Brackenfield Rangers", shortName: "BRA", city: "Brackenfield", stadium: "Bracken Lane"),
        ]),
        LeagueCatalog(name: "Liga Ibérica", country: "Spain", cupName: "Copa Ibérica", clubs: [
            Club(name: "Real Villaseca", shortName: "RVS", city: "Villaseca", stadium: "Estadio de la Ribera"),
            Club(name: "Atlético Valdemora", shortName: "ATV", city: "Valdemora", stadium: "Campo del Olivar"),
            Club(name: "Deportivo Puerto Claro", shortName: "DPC", city: "Puerto Claro", stadium: "Estadio del Faro"),
            Club(name: "CD Sierra Alta", shortName: "CDS", city: "Sierra Alta", stadium: "Los Pinares"),
            Club(name: "Racing Peñaverde", shortName: "RPV", city: "Peñaverde", stadium: "El Mirador"),
            Club(name: "UD Castellar", shortName: "UDC", city: "Castellar", stadium: "Estadio Municipal de Castellar"),
            Club(name: "CF Almadena", shortName: "CFA", city: "Almadena", stadium: "La Alcazaba"),
            Club(name: "Sporting Montearroyo", shortName: "SMA", city: "Montearroyo", stadium: "El Arroyo"),
        ]),
        LeagueCatalog(name: "Deutsche Oberliga", country: "Germany", cupName: "Oberliga-Pokal", clubs: [
            Club(name: "FC Rheinfeld", shortName: "FCR", city: "Rheinfeld", stadium: "Rheinauen-Arena"),
            Club(name: "SV Lindenau 04", shortName: "SVL", city: "Lindenau", stadium: "Lindenpark"),
            Club(name: "Borussia Talheim", shortName: "BTH", city: "Talheim", stadium: "Talkessel-Stadion"),
            Club(name: "Eintracht Grünwald", shortName: "EGW", city: "Grünwald", stadium: "Waldstadion Grünwald"),
            Club(name: "VfB Steinbach", shortName: "VFB", city: "Steinbach", stadium: "Am Steinbruch"),
            Club(name: "Fortuna Ahlbeck", shortName: "FAH", city: "Ahlbeck", stadium: "Ostseestadion"),
            Club(name: "1. FC Waldberg", shortName: "FCW", city: "Waldberg", stadium: "Bergwerk-Arena"),
            Club(name: "TSV Mühlental", shortName: "TSV", city: "Mühlental", stadium: "Mühlenkamp"),
        ]),
        LeagueCatalog(name: "Serie Azzurra", country: "Italy", cupName: "Coppa Azzurra", clubs: [
            Club(name: "AC Montecalvo", shortName: "ACM", city: "Montecalvo", stadium: "Stadio dei Colli"),
            Club(name: "US Castelrosso", shortName: "USC", city: "Castelrosso", stadium: "Stadio Rocca Rossa"),
            Club(name: "Virtus Valdora", shortName: "VIR", city: "Valdora", stadium: "Stadio Comunale Valdora"),
            Club(name: "Sporting Lagomare", shortName: "SLM", city: "Lagomare", stadium: "Stadio del Lago"),
            Club(name: "Atletico Portoselva", shortName: "APS", city: "Portoselva", stadium: "Arena Selva"),
            Club(name: "Real Fiumara", shortName: "RFI", city: "Fiumara", stadium: "Stadio del Ponte"),
            Club(name: "Pro Cittadella Alta", shortName: "PCA", city: "Cittadella Alta", stadium: "Stadio delle Mura"),
            Club(name: "Juventina Borgoverde", shortName: "JBV", city: "Borgoverde", stadium: "Stadio Verdeprato"),
        ]),
        LeagueCatalog(name: "Ligue Étoile", country: "France", cupName: "Coupe de l'Étoile", clubs: [
            Club(name: "Olympique Valmont", shortName: "OVA", city: "Valmont", stadium: "Stade du Vallon"),
            Club(name: "AS Saint-Aurèle", shortName: "ASA", city: "Saint-Aurèle", stadium: "Stade Aurélien"),
            Club(name: "FC Beaulieu-sur-Loire", shortName: "FCB", city: "Beaulieu-sur-Loire", stadium: "Stade des Berges"),
            Club(name: "Stade Marignac", shortName: "STM", city: "Marignac", stadium: "Parc Marignac"),
            Club(name: "Racing Montclair", shortName: "RCM", city: "Montclair", stadium: "Stade de la Colline"),
            Club(name: "US Rochebrune", shortName: "USR", city: "Rochebrune", stadium: "Stade de la Roche"),
            Club(name: "SC Bellerive", shortName: "SCB", city: "Bellerive", stadium: "Stade des Rives"),
            Club(name: "En Avant Kerlouan", shortName: "EAK", city: "Kerlouan", stadium: "Stade de l'Océan"),
        ]),
        LeagueCatalog(name: "Liga Atlântica", country: "Portugal", cupName: "Taça Atlântica", clubs: [
            Club(name: "Sporting Vila Serena", shortName: "SVS", city: "Vila Serena", stadium: "Estádio da Serena"),
            Club(name: "FC Ribeira Alta", shortName: "FRA", city: "Ribeira Alta", stadium: "Estádio do Rio"),
            Club(name: "União Lagoa Azul", shortName: "ULA", city: "Lagoa Azul", stadium: "Estádio da Lagoa"),
            Club(name: "SC Monte Alvo", shortName: "SMA", city: "Monte Alvo", stadium: "Estádio do Monte"),
            Club(name: "Académica Serranova", shortName: "ACS", city: "Serranova", stadium: "Estádio Universitário"),
            Club(name: "GD Quinta Real", shortName: "GDQ", city: "Quinta Real", stadium: "Estádio da Quinta"),
            Club(name: "Estrela do Vale", shortName: "EDV", city: "Vale Fundo", stadium: "Estádio da Estrela"),
            Club(name: "Marítimo Costa Nova", shortName: "MCN", city: "Costa Nova", stadium: "Estádio do Cais"),
        ]),
    ]
}
