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
        saveDraft(draft, limit: limit) ?? .move(to: nextStepOrFinish)
    }

    /// Keeps `draft` for the flow's steps without moving: `nil` once it is kept, or the `422`
    /// to answer when it cannot be (larger than `limit` bytes as JSON). For a step that stays
    /// where it is (a "Save" that is not "Next"), or a move of the step's own choosing.
    /// ```swift
    /// case .save:
    ///     draft.notes = form["notes"] ?? ""
    ///     return router.saveDraft(draft) ?? .move(to: router.url)
    /// ```
    public func saveDraft<Draft: Codable & Sendable>(_ draft: Draft, limit: Int = 1024) -> ActionResult? {
        guard let data = try? JSONEncoder().encode(draft) else {
            return .invalid(FormErrors(general: ["This step could not be kept. Try again."]))
        }
        guard data.count <= limit else {
            return .invalid(FormErrors(general: [
                "There is too much in this form to keep between steps (\(data.count) bytes, at most \(limit)). Shorten what you entered.",
            ]))
        }
        let json = String(decoding: data, as: UTF8.self)
        if request.session[draftKey] != json { request.updateSession { $0[draftKey] = json } }
        return nil
    }

    /// Keeps `draft` and moves to the previous step (the first step's Back: out of the flow),
    /// so a Back button keeps what was typed on this step. The button posts the step's form
    /// (`formnovalidate`: nothing on it needs to be valid yet).
    /// ```swift
    /// case .back:
    ///     draft.guests = Int(form["guests"] ?? "") ?? draft.guests
    ///     return router.stepBack(saving: draft)
    /// ```
    public func stepBack<Draft: Codable & Sendable>(saving draft: Draft, limit: Int = 1024) -> ActionResult {
        saveDraft(draft, limit: limit) ?? .move(to: previousStep ?? finish)
    }

    /// Forgets the draft now. The framework forgets it anyway when the person leaves the flow
    /// (the first page shown outside it); call this on a step that ends the flow in place.
    /// ```swift
    /// case .cancel:
    ///     router.discardDraft()
    ///     return .move(to: router.finish)
    /// ```
    public func discardDraft() {
        if request.session[draftKey] != nil { request.updateSession { $0[draftKey] = nil } }
    }

    /// The session key of this flow's draft: one per flow screen type.
    var draftKey: String { Application.draftPrefix + ScreenNaming.typeName(From.self) }
}
