public import WebRouter

/// A value an app keeps in its ``Store``: `Codable`, identified by `id` (the table's primary
/// key), in the table `table` that a ``Migrations`` step created with a column per field.
/// Writes of a record refresh the open pages showing its ``liveKeys``.
/// ```swift
/// struct Note: StoredRecord {
///     static let table = "note"
///     var id: UUID
///     var owner: String
///     var title: String
///     var done = false
/// }
///
/// try await store.save(Note(id: UUID(), owner: "ada", title: "Buy milk"))
/// let open = try await store.fetch(Note.filter(\.owner == "ada").filter(\.done == false))
/// ```
public protocol StoredRecord: Codable, Sendable, Identifiable where ID: Codable & Sendable {
    /// The table the records live in (letters, digits and `_`).
    static var table: String { get }

    /// The live keys a write of this record changes: by default the table's (`Self.liveKey`,
    /// `note`: lists of notes) and the record's (`liveKey`, `note/3F2A…`: a page
    /// showing this note). Add keys for other pages showing it, such as one owner's list.
    var liveKeys: [LiveKey] { get }
}

extension StoredRecord {
    /// The key of the whole table (`note`): a screen listing records shows it, and every write
    /// to the table refreshes it.
    /// ```swift
    /// func liveKeys(for state: NotesState) -> [LiveKey] { [Note.liveKey] }
    /// ```
    public static var liveKey: LiveKey { LiveKey(table) }

    /// The key of one record (`note/3F2A…`): a screen showing it names this key, and a write of
    /// the record refreshes it.
    /// ```swift
    /// func liveKeys(for state: NoteState) -> [LiveKey] { [Note.liveKey(id: state.id)] }
    /// ```
    public static func liveKey(id: ID) -> LiveKey {
        LiveKey(table, (try? RecordEncoder.encodeValue(id).keyText) ?? String(describing: id))
    }

    /// This record's key (`note/3F2A…`).
    /// ```swift
    /// app.refresh(note.liveKey)
    /// ```
    public var liveKey: LiveKey { Self.liveKey(id: id) }

    /// The table's key and the record's.
    /// ```swift
    /// note.liveKeys   // ["note", "note/3F2A…"]
    /// ```
    public var liveKeys: [LiveKey] { [Self.liveKey, liveKey] }
}
