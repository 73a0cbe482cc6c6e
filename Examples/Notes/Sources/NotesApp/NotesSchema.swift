import WebRouterStore

/// The app's tables, as a history of migrations: each runs once per database, oldest first.
/// Never edit one that has run somewhere: add another.
public enum NotesSchema {
    public static var migrations: Migrations {
        var migrations = Migrations()
        migrations.add("v1 notes") { schema in
            schema.createTable(Note.table, id: .integer) { table in
                table.column("owner", .text)
                table.column("title", .text)
                table.column("text", .text)
                table.column("tag", .text)
            }
            schema.createIndex("note_by_owner", on: Note.table, ["owner", "id"])
        }
        return migrations
    }
}
