/// Invented-but-plausible first and last names by nationality, for generating players.
///
/// ```swift
/// var rng = SplitMix64(seed: 1)
/// let pool = NamePool.pool(for: "Spain")
/// let name = pool.name(using: &rng)   // e.g. "Álvaro Peñalver"
/// ```
struct NamePool: Sendable {
    /// Country of the names, as shown in `Player.nationality`.
    let nationality: String
    /// Given names.
    let firstNames: [String]
    /// Family names.
    let lastNames: [String]

    /// A random "First Last" name.
    func name(using rng: inout SplitMix64) -> String {
        rng.pick(firstNames) + " " + rng.pick(lastNames)
    }

    /// The pool of `nationality`, or the English one for an unknown country.
    static func pool(for nationality: String) -> NamePool {
        all.first { $0.nationality == nationality } ?? all[0]
    }

    /// Countries whose players appear abroad as well as at home.
    static let foreignNationalities = ["Brazil", "Nigeria", "Poland", "Denmark", "Croatia", "Japan",
                                       "Argentina", "Sweden", "Belgium", "Ghana"]

    /// Every pool: the six league countries first, then the foreign ones.
    static let all: [NamePool] = [
        NamePool(nationality: "England",
                 firstNames: ["Tom", "Jack", "Harry", "Oliver", "George", "Callum", "Ryan", "Lewis",
                              "Jamie", "Ben", "Sam", "Owen", "Connor", "Liam", "Max", "Alfie"],
                 lastNames: ["Ashworth", "Bramley", "Carter", "Dawson", "Fletcher", "Greenwood",
                             "Hargreaves", "Kettering", "Lockwood", "Marsh", "Northcott", "Pritchard",
                             "Radley", "Summers", "Thornton", "Whitlock", "Yardley", "Holloway"]),
        NamePool(nationality: "Spain",
                 firstNames: ["José", "Álvaro", "Sergio", "Iker", "Rubén", "Adrián", "Íñigo", "Pablo",
                              "Raúl", "Andrés", "Marcos", "Joaquín", "Ángel", "Hugo"],
                 lastNames: ["Álvarez", "Peñalver", "Ortega", "Castaño", "Muñoz", "Herrera", "Ibáñez",
                             "Navarro", "Quintana", "Serrano", "Valdés", "Zubiría", "Gómez", "Núñez"]),
        NamePool(nationality: "Germany",
                 firstNames: ["Jonas", "Lukas", "Felix", "Niklas", "Moritz", "Jürgen", "Tobias", "Leon",
                              "Florian", "Matthias", "Jannik", "Sören"],
                 lastNames: ["Müller", "Brandt", "Köhler", "Weißbach", "Hoffmann", "Krüger", "Lindner",
                             "Schäfer", "Vogt", "Zimmermann", "Hölzl", "Brückner", "Engel", "Reuß"]),
        NamePool(nationality: "Italy",
                 firstNames: ["Luca", "Marco", "Matteo", "Lorenzo", "Davide", "Niccolò", "Federico",
                              "Alessandro", "Giacomo", "Simone", "Andrea", "Tommaso"],
                 lastNames: ["Rossi", "Bianchi", "Esposito", "Ferrara", "Galli", "Lombardo", "Marchetti",
                             "Pellegrini", "Santoro", "Vitale", "De Luca", "Caruso", "Fabbri", "Nicolò"]),
        NamePool(nationality: "France",
                 firstNames: ["Théo", "Lucas", "Hugo", "Mathéo", "Antoine", "Jérôme", "Maxime", "Noé",
                              "Clément", "Rémi", "Baptiste", "Loïc", "Yanis"],
                 lastNames: ["Lefèvre", "Moreau", "Girard", "Dubois", "Rousseau", "Bonnet", "Faure",
                             "Mercier", "Garnier", "Chevalier", "Lemaître", "Perrot", "Barthélemy"]),
        NamePool(nationality: "Portugal",
                 firstNames: ["João", "Tiago", "Rúben", "Gonçalo", "Diogo", "Rafael", "André", "Nuno",
                              "Bernardo", "Vítor", "Simão", "Francisco"],
                 lastNames: ["Conceição", "Gonçalves", "Magalhães", "Araújo", "Pereira", "Fonseca",
                             "Sequeira", "Brandão", "Moutinho", "Loureiro", "Assunção", "Teixeira"]),
        NamePool(nationality: "Brazil",
                 firstNames: ["Thiago", "Gabriel", "Vinícius", "Matheus", "Caio", "Éverton", "Rodrigo"],
                 lastNames: ["Silva", "Santos", "Oliveira", "Souza", "Cardoso", "Barbosa", "Ribeiro"]),
        NamePool(nationality: "Nigeria",
                 firstNames: ["Chidi", "Emeka", "Tunde", "Ademola", "Ifeanyi", "Samuel", "Victor"],
                 lastNames: ["Okafor", "Adeyemi", "Eze", "Nwosu", "Balogun", "Okonkwo", "Ogunleye"]),
        NamePool(nationality: "Poland",
                 firstNames: ["Łukasz", "Krzysztof", "Paweł", "Jakub", "Michał", "Bartosz", "Wojciech"],
                 lastNames: ["Kowalczyk", "Wiśniewski", "Zieliński", "Szymański", "Lewandowicz", "Dąbrowski"]),
        NamePool(nationality: "Denmark",
                 firstNames: ["Søren", "Mads", "Rasmus", "Jesper", "Anders", "Mikkel", "Jens"],
                 lastNames: ["Jørgensen", "Kjær", "Møller", "Nørgaard", "Lindqvist", "Østergaard"]),
        NamePool(nationality: "Croatia",
                 firstNames: ["Luka", "Ivan", "Mateo", "Josip", "Marko", "Dario", "Ante"],
                 lastNames: ["Perišić", "Kovačić", "Brozović", "Vlašić", "Jurić", "Šimić", "Babić"]),
        NamePool(nationality: "Japan",
                 firstNames: ["Takumi", "Kaoru", "Ritsu", "Daichi", "Hiroki", "Wataru", "Shoya"],
                 lastNames: ["Tanaka", "Kamada", "Minamino", "Endo", "Itakura", "Morita", "Nakamura"]),
        NamePool(nationality: "Argentina",
                 firstNames: ["Nicolás", "Facundo", "Julián", "Lautaro", "Enzo", "Agustín", "Santiago"],
                 lastNames: ["Fernández", "Martínez", "Acuña", "Paredes", "Romero", "Domínguez", "Sosa"]),
        NamePool(nationality: "Sweden",
                 firstNames: ["Erik", "Viktor", "Emil", "Oskar", "Linus", "Hampus", "Gustav"],
                 lastNames: ["Lindström", "Forsberg", "Åkesson", "Sjöberg", "Nyström", "Ekdal"]),
        NamePool(nationality: "Belgium",
                 firstNames: ["Thibaut", "Wout", "Arne", "Dries", "Yannick", "Jelle", "Koen"],
                 lastNames: ["Vermeulen", "De Smet", "Claes", "Peeters", "Janssens", "Van Damme"]),
        NamePool(nationality: "Ghana",
                 firstNames: ["Kwame", "Kofi", "Yaw", "Kwabena", "Emmanuel", "Daniel", "Abdul"],
                 lastNames: ["Mensah", "Asante", "Owusu", "Boateng", "Appiah", "Agyemang", "Danso"]),
    ]
}
