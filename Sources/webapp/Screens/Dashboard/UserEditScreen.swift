import WebRouter

extension ScoresApp {
    /// Profile editing as a flow of three URLs: `/dashboard/~edit/name` → `team` → `confirm`.
    /// Each step's form validates and moves on, carrying the draft in the query
    /// (`…/confirm?name=Ada&team=3`); Save writes the profile and closes the sheet.
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
            let account = try await data.accounts.accountForPage(named: username)
            let draft = Draft(query: router.request.query)
            p(.class("muted")) { "Step \(router.stepIndex + 1) of \(router.stepCount)" }
            h1 { step.heading }
            switch step {
            case .name:
                router.form(.saveName, NameStep(displayName: draft.name ?? account?.displayName ?? ""), .class("form")) { fields in
                    fields
                    FlowButtons(back: nil, cancel: router.finish)
                }
            case .team:
                let chosen = draft.clearsTeam ? nil : (draft.team ?? account?.favouriteTeamID)
                router.form(.saveTeam, TeamStep(team: chosen), .class("form")) { fields in
                    fields
                    FlowButtons(back: router.previousStep.map(router.request.keepingQuery), cancel: router.finish)
                }
            case .confirm:
                let name = draft.name ?? account?.displayName ?? username
                let team = draft.clearsTeam ? nil : (draft.team ?? account?.favouriteTeamID)
                table(.class("table")) {
                    tbody {
                        tr { th(.scope("row")) { "Display name" }; td { name } }
                        tr { th(.scope("row")) { "Favourite team" }; td { team.map(data.words.teamName) ?? "None" } }
                    }
                }
                router.form(.save, .class("form")) {
                    FlowButtons(back: router.previousStep.map(router.request.keepingQuery), cancel: router.finish, nextLabel: "Save")
                }
            }
        }

        func perform(_ action: Action, form: FormData, router: Router<UserEdit>) async throws -> ActionResult {
            var draft = Draft(query: router.request.query)
            switch action {
            case .saveName:
                return try await router.validate(NameStep.self, form) { step in
                    draft.name = step.displayName
                    return .move(to: QueryURL.make(router.nextStepOrFinish, draft.queryPairs))
                }
            case .saveTeam:
                return try await router.validate(TeamStep.self, form) { step in
                    draft.team = step.team
                    draft.clearsTeam = step.team == nil
                    return .move(to: QueryURL.make(router.nextStepOrFinish, draft.queryPairs))
                }
            case .save:
                // One transaction: what the draft does not change keeps its stored value.
                let team: AccountStore.TeamChange = draft.clearsTeam ? .clear : draft.team.map { .set($0) } ?? .keep
                do {
                    try await data.accounts.updateProfile(
                        username: router.request.signedInUser ?? "", displayName: draft.name, favouriteTeam: team)
                } catch {
                    return .invalid(FormErrors(general: error.formErrors.allMessages))
                }
                return .move(to: router.finish)
            }
        }
    }
}

/// The values chosen so far in the profile flow, kept in the query between steps.
private struct Draft {
    var name: String?
    var team: Int?
    /// "No favourite team" was chosen (`team=none`).
    var clearsTeam = false

    init(query: QueryItems) {
        name = query["name"].flatMap { $0.isEmpty ? nil : $0 }
        if query["team"] == "none" { clearsTeam = true } else { team = query["team"].flatMap(Int.init) }
    }

    var queryPairs: [(String, String)] {
        [("name", name ?? ""), ("team", clearsTeam ? "none" : team.map(String.init) ?? "")]
    }
}

/// Back, Cancel and the submit button of a flow step.
private struct FlowButtons: HTML {
    let back: String?
    let cancel: String
    var nextLabel = "Next"

    func render(into output: inout HTMLOutput) {
        p(.class("flow-buttons")) {
            button(.type("submit"), .class("button button-primary")) { nextLabel }
            if let back { " "; a(.href(back), .class("button"), .rel("prev")) { "Back" } }
            " "
            a(.href(cancel), .class("button button-destructive")) { "Cancel" }
        }.render(into: &output)
    }
}
