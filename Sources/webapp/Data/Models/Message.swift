/// A message in the Messages tab's inbox of the demo user.
///
/// ```swift
/// let data = SampleData.make()
/// let unread = data.messages.filter { !$0.isRead }.count
/// ```
struct Message: Sendable, Hashable, Identifiable {
    /// 1-based, dense, oldest first (the inbox lists newest first).
    let id: Int
    /// Sender's display name.
    let from: String
    /// Subject line.
    let subject: String
    /// Body text (plain text, to be escaped when rendered).
    let body: String
    /// When it was sent.
    let sent: DayTime
    /// Whether the user has opened it.
    let isRead: Bool
}
