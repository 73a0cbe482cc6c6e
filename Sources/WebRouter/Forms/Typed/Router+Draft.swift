import Foundation

extension Router where From.Context: FlowStep {
    /// The draft the flow's steps fill, one `Codable` value kept in the session (so it
    /// survives a refresh and Back), or `empty` when none is kept yet.
    /// ```swift
    /// struct Draft: Codable, Sendable { var checkIn: Day?; var adults = 1; var room: Room? }
    /// let draft = router.draft(Draft())
    /// router.form(.party, Party(adults: draft.adults)) { fields in … }
    /// ```
    public func draft<Draft: Codable & Sendable>(_ empty: @autoclosure () -> Draft) -> Draft {
        guard let json = request.session[draftKey],
              let draft = try? JSONDecoder().decode(Draft.self, from: Data(json.utf8)) else { return empty() }
        return draft
    }

    /// Keeps `draft` for the next steps and moves to the next one (or out of the flow after
    /// the last). A draft larger than `limit` bytes (as JSON) is not kept: the step answers
    /// `422` saying so, since the session travels in a cookie.
    /// ```swift
    /// try await router.validate(Party.self, form) { party in
    ///     draft.adults = party.adults
    ///     return router.advance(saving: draft)
    /// }
    /// ```
    public func advance<Draft: Codable & Sendable>(saving draft: Draft, limit: Int = 1024) -> ActionResult {
        guard let data = try? JSONEncoder().encode(draft) else {
            return .invalid(FormErrors(general: ["This step could not be kept. Try again."]))
        }
        guard data.count <= limit else {
            return .invalid(FormErrors(general: [
                "There is too much in this form to keep between steps (\(data.count) bytes, at most \(limit)). Shorten what you entered.",
            ]))
        }
        let json = String(decoding: data, as: UTF8.self)
        request.updateSession { $0[draftKey] = json }
        return .move(to: nextStepOrFinish)
    }

    /// Forgets the draft: call it when the flow is finished or dismissed.
    /// ```swift
    /// case .cancel:
    ///     router.discardDraft()
    ///     return .move(to: router.finish)
    /// ```
    public func discardDraft() {
        if request.session[draftKey] != nil { request.updateSession { $0[draftKey] = nil } }
    }

    /// The session key of this flow's draft: one per flow screen type.
    var draftKey: String { "draft." + ScreenNaming.typeName(From.self) }
}
