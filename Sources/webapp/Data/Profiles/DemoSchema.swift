import WebRouterStore

/// The demo's records in WebRouterStore: the `profiles` table, in one history of migrations
/// that the store runs once per database, the same on SQLite and PostgreSQL. Before it the demo
/// kept its profiles in a table of its own SQL, `profile` (username, display name, favourite
/// team, bio), beside the accounts: a database from then has its rows carried over
/// (`adoptTable`) and that table dropped. A new database gets the pre-made `demo` profile
/// ("Demo User", following team 3), whose account `DemoData.seedDemoAccount()` then makes.
/// Never edit a released migration: add one.
///
/// ```swift
/// let store = try await Store.open(.sqlite("webapp.sqlite"), migrations: DemoSchema.migrations, records: DemoSchema.records)
/// ```
enum DemoSchema {
    /// The record types the demo keeps, checked against the tables at start.
    static let records: [any StoredRecord.Type] = [Profile.self]

    /// The pre-made profile of the demo account (password `demo`).
    static let demoProfile = Profile(username: "demo", displayName: "Demo User", favouriteTeamID: 3,
                                     bio: "The pre-made account of the WebRouter demo.")

    /// The demo's migrations, oldest first.
    static var migrations: Migrations {
        var migrations = Migrations()
        migrations.add("scores v2: profiles in the store") { schema in
            schema.createTable(Profile.table, id: .text) { table in
                table.column("display_name", .text)
                table.column("favourite_team_id", .integer, optional: true)
                table.column("bio", .text, default: "")
            }
            schema.adoptTable("profile", into: Profile.table, columns: [
                "id": "username", "display_name": "display_name", "favourite_team_id": "favourite_team_id", "bio": "bio",
            ])
            schema.update { transaction in
                // A new database (nothing carried over): the demo account's profile.
                if try await transaction.count(Profile.all) == 0 { try await transaction.insert(demoProfile) }
            }
        }
        return migrations
    }
}
