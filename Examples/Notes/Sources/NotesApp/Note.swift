import WebRouter
import WebRouterStore

/// One note, kept in the `note` table and owned by one account: every query filters by
/// ``owner``, so a person sees only their own notes. A write refreshes the open pages that
/// show the table (`note`, ``StoredRecord/liveKey``) or the note (`note/5`).
public struct Note: StoredRecord, Equatable {
    public static let table = "note"
    /// Unique across accounts (the URL's `/notes/note/5`), given by ``NoteStore/add(owner:title:text:tag:)``.
    public var id: Int
    /// The username of the account the note belongs to.
    public var owner: String
    public var title: String
    public var text: String
    public var tag: String

    public init(id: Int, owner: String, title: String, text: String, tag: String) {
        self.id = id
        self.owner = owner
        self.title = title
        self.text = text
        self.tag = tag
    }
}
