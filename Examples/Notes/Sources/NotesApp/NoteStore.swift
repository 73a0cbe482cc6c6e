/// One note.
public struct Note: Sendable, Equatable {
    public let id: Int
    public var title: String
    public var text: String
    public var tag: String
}

/// The app's data: an actor, so screens on any server thread can read and write it.
/// A real app would keep a database connection here.
public actor NoteStore {
    private var notes: [Int: Note]
    private var nextID: Int

    public init(notes: [Note] = NoteStore.samples) {
        self.notes = Dictionary(uniqueKeysWithValues: notes.map { ($0.id, $0) })
        self.nextID = (notes.map(\.id).max() ?? 0) + 1
    }

    public static let samples = [
        Note(id: 1, title: "Groceries", text: "Milk, eggs, bread.", tag: "home"),
        Note(id: 2, title: "Release checklist", text: "Tag, build, announce.", tag: "work"),
        Note(id: 3, title: "Book ideas", text: "A router that speaks HTML.", tag: "ideas"),
        Note(id: 4, title: "Plumber", text: "Call on Monday.", tag: "home"),
    ]

    /// Every note, newest (highest id) first.
    public func all() -> [Note] { notes.values.sorted { $0.id > $1.id } }

    public func note(_ id: Int) -> Note? { notes[id] }

    /// The tags in use, sorted.
    public func tags() -> [String] { Set(notes.values.map(\.tag)).sorted() }

    /// Adds a note and returns it with its new id.
    public func add(title: String, text: String, tag: String) -> Note {
        let note = Note(id: nextID, title: title, text: text, tag: tag)
        notes[note.id] = note
        nextID += 1
        return note
    }
}
