import WebRouter

struct TypedTrip: ContentScreen {
    typealias Context = TripStep
    enum Action: String, ScreenAction { case dates, party, room, cancel }
    struct Draft: Codable, Sendable { var checkIn: Day?, adults = 1, children = 0, room: TripRoom?, note = "" }
    struct Dates: Form {
        var checkIn: Day?
        var note = ""
        static let fields: [Field<Dates>] = [
            .date("check_in", \.checkIn, label: "Check-in date", .required("Choose a check-in date."), .min(Day(year: 2030, month: 1, day: 1)!)),
            .multiline("note", \.note, label: "Note", .maxLength(4000)),
        ]
    }
    struct Party: Form {
        var adults = 1, children = 0
        static let fields: [Field<Party>] = [
            .integer("adults", \.adults, label: "Adults", .required("Say how many adults."), .range(1...8)),
            .integer("children", \.children, label: "Children", .range(0...6)),
        ]
    }
    struct Room: Form {
        var room: TripRoom?
        static let fields: [Field<Room>] = [.choice("room", \.room, label: "Room", style: .radios, .required("Choose a room.")) { $0.title }]
    }
    let inbox: TripInbox

    func body(_ step: TripStep, router: Router<TypedTrip>) -> some HTML {
        let draft = router.draft(Draft())
        switch step {
        case .dates: router.form(.dates, Dates(checkIn: draft.checkIn, note: draft.note)) { $0; TripButtons(back: nil) }
        case .party: router.form(.party, Party(adults: draft.adults, children: draft.children)) { $0; TripButtons(back: router.previousStep) }
        case .room: router.form(.room, Room(room: draft.room)) { $0; TripButtons(back: router.previousStep) }
        }
        router.form(.cancel) { button(.type("submit")) { "Cancel" } }
    }

    func perform(_ action: Action, form: FormData, router: Router<TypedTrip>) async throws -> ActionResult {
        var draft = router.draft(Draft())
        switch action {
        case .dates: return try await router.validate(Dates.self, form) { (draft.checkIn, draft.note) = ($0.checkIn, $0.note); return router.advance(saving: draft) }
        case .party: return try await router.validate(Party.self, form) { (draft.adults, draft.children) = ($0.adults, $0.children); return router.advance(saving: draft) }
        case .room:
            return try await router.validate(Room.self, form) { room in
                guard let checkIn = draft.checkIn, let chosen = room.room else { return .move(to: router.url(of: .dates)) }
                await inbox.record(Trip(checkIn: checkIn, adults: draft.adults, children: draft.children, room: chosen))
                router.discardDraft()
                return .move(to: router.finish)
            }
        case .cancel:
            router.discardDraft()
            return .move(to: router.finish)
        }
    }
}
