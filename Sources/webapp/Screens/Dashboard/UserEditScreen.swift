import WebRouter

extension ScoresApp {
    /// Profile editing as a flow of three URLs: `/dashboard/~edit/name` → `team` → `confirm`.
    /// Each step's typed form validates and moves on, filling one ``ProfileDraft`` kept in the
    /// session (so a refresh or Back shows what was chosen); Save writes the profile and
    /// closes the sheet, and Save or Cancel forgets the draft.
    ///
    /// ```swift
    /// Flow(base: UserEdit(data: data)).present()
    /// ```
    struct UserEdit: ContentScreen {
        typealias Context = EditStep
        enum Action: String, ScreenAction {
            case saveName = "save-name"
            case saveTeam = "save-team"
            case save
            case cancel
        }

        let title = "Edit profile"
        let data: DemoData

        /// The first step: the display name, by the store's rules.
        struct NameStep: Form {
            var displayName = ""
            static let fields: [Field<NameStep>] = [
                .text("display_name", \.displayName, label: "Display name", autocomplete: "name", .required("Enter a display name."),
                      .maxLength(40, "Keep the display name to 40 characters."), .noControlCharacters),
            ]
        }

        /// The second step: a team of the sample data, or none.
        struct TeamStep: Form {
            var team: Int?
            static let fields: [Field<TeamStep>] = [
                .choice("favourite_team", \.team, label: "Favourite team", emptyTitle: "No favourite team",
                        options: { SampleData.shared.teams.map(\.id) }) { id in
                    let sample = SampleData.shared
                    guard let team = sample.team(id) else { return "" }
                    return team.name + " (" + (sample.league(team.leagueID)?.name ?? "") + ")"
                },
            ]
        }

        func title(for step: EditStep) -> String { "Edit profile · " + step.heading }

        @HTMLBuilder
        func body(_ step: EditStep, router: Router<UserEdit>) async throws -> some HTML {
            let username = router.request.signedInUser ?? ""
            let account = try await data.profiles.profileForPage(named: username)
            let draft = router.draft(ProfileDraft())
            p(.class("muted")) { "Step \(router.stepIndex + 1) of \(router.stepCount)" }
            h1 { step.heading }
            switch step {
            case .name:
                router.form(.saveName, NameStep(displayName: draft.name ?? account?.displayName ?? ""), .class("form")) { fields in
                    fields
                    FlowButtons(back: nil)
                }
            case .team:
                router.form(.saveTeam, TeamStep(team: draft.team(else: account?.favouriteTeamID)), .class("form")) { fields in
                    fields
                    FlowButtons(back: router.previousStep)
                }
            case .confirm:
                let name = draft.name ?? account?.displayName ?? username
                let team = draft.team(else: account?.favouriteTeamID)
                table(.class("table")) {
                    tbody {
                        tr { th(.scope("row")) { "Display name" }; td { name } }
                        tr { th(.scope("row")) { "Favourite team" }; td { team.map(data.words.teamName) ?? "None" } }
                    }
                }
                router.form(.save, .class("form")) {
                    FlowButtons(back: router.previousStep, nextLabel: "Save")
                }
            }
            // Cancel forgets the draft, so the next edit starts from the stored profile.
            router.form(.cancel, .class("form flow-cancel")) {
                button(.type("submit"), .class("button button-destructive")) { "Cancel" }
            }
        }

        func perform(_ action: Action, form: FormData, router: Router<UserEdit>) async throws -> ActionResult {
            var draft = router.draft(ProfileDraft())
            switch action {
            case .saveName:
                return try await router.validate(NameStep.self, form) { step in
                    draft.name = step.displayName
                    return router.advance(saving: draft)
                }
            case .saveTeam:
                return try await router.validate(TeamStep.self, form) { step in
                    draft.team = step.team
                    draft.teamChosen = true
                    return router.advance(saving: draft)
                }
            case .save:
                // One transaction: what the draft does not change keeps its stored value.
                let team: ProfileStore.TeamChange = !draft.teamChosen ? .keep : draft.team.map { .set($0) } ?? .clear
                do {
                    try await data.profiles.update(
                        username: router.request.signedInUser ?? "", displayName: draft.name, favouriteTeam: team)
                } catch {
                    return .invalid(FormErrors(general: error.formErrors.allMessages))
                }
                router.discardDraft()
                return .move(to: router.finish)
            case .cancel:
                router.discardDraft()
                return .move(to: router.finish)
            }
        }
    }
}

/// The values chosen so far in the profile flow: one `Codable` draft the steps fill, kept in
/// the session between them (``Router/draft(_:)``, ``Router/advance(saving:limit:)``).
struct ProfileDraft: Codable, Sendable {
    var name: String?
    /// The team chosen in the team step (`nil`: "No favourite team").
    var team: Int?
    /// Whether the team step was passed: until then the stored team stands.
    var teamChosen = false

    /// The team to show: the one chosen, or `stored` before the team step.
    func team(else stored: Int?) -> Int? { teamChosen ? team : stored }
}

/// The submit button of a flow step and its Back link.
private struct FlowButtons: HTML {
    let back: String?
    var nextLabel = "Next"

    func render(into output: inout HTMLOutput) {
        p(.class("flow-buttons")) {
            button(.type("submit"), .class("button button-primary")) { nextLabel }
            if let back { " "; a(.href(back), .class("button"), .rel("prev")) { "Back" } }
        }.render(into: &output)
    }
}
