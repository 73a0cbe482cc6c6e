import Foundation
import WebRouter

struct StringTrip: ContentScreen {
    typealias Context = TripStep
    enum Action: String, ScreenAction { case dates, party, room, cancel }
    let inbox: TripInbox

    func body(_ step: TripStep, router: Router<StringTrip>) -> some HTML {
        let session = router.request.session
        switch step {
        case .dates:
            router.form(.dates) {
                router.field("check_in", label: "Check-in date", type: "date", value: session["trip.check_in"], .required, .custom(name: "min", value: "2030-01-01"))
                label(.for("field-note")) { "Note" }
                let noteError = router.errors["note"]
                textarea(noteError == nil ? [.id("field-note"), .name("note"), .maxlength(4000)]
                         : [.id("field-note"), .name("note"), .maxlength(4000), .aria("invalid", "true"), .aria("describedby", "field-note-error")]) {
                    router.request.submitted("note") ?? session["trip.note"] ?? ""
                }
                if let noteError { p(.class("field-error"), .id("field-note-error")) { noteError } }
                TripButtons(back: nil)
            }
        case .party:
            router.form(.party) {
                router.field("adults", label: "Adults", type: "number", value: session["trip.adults"] ?? "1", .required,
                             .custom(name: "min", value: "1"), .custom(name: "max", value: "8"))
                router.field("children", label: "Children", type: "number", value: session["trip.children"] ?? "0",
                             .custom(name: "min", value: "0"), .custom(name: "max", value: "6"))
                TripButtons(back: router.previousStep)
            }
        case .room:
            let chosen = router.request.submitted("room") ?? session["trip.room"]
            router.form(.room) {
                fieldset(.class(router.errors["room"] == nil ? "field" : "field field-invalid")) {
                    legend { "Room" }
                    for room in TripRoom.allCases {
                        label {
                            input(Self.radio(room, checked: chosen == room.rawValue, invalid: router.errors["room"] != nil))
                            " " + room.title
                        }
                    }
                    if let error = router.errors["room"] { p(.class("field-error"), .id("field-room-error")) { error } }
                }
                TripButtons(back: router.previousStep)
            }
        }
        router.form(.cancel) { button(.type("submit")) { "Cancel" } }
    }

    static func radio(_ room: TripRoom, checked: Bool, invalid: Bool) -> [HTMLAttribute] {
        var attributes: [HTMLAttribute] = [.type("radio"), .name("room"), .value(room.rawValue), .required]
        if checked { attributes.append(.checked) }
        if invalid { attributes += [.aria("invalid", "true"), .aria("describedby", "field-room-error")] }
        return attributes
    }

    func perform(_ action: Action, form: FormData, router: Router<StringTrip>) async throws -> ActionResult {
        switch action {
        case .dates:
            let text = (form["check_in"] ?? "").trimmingCharacters(in: .whitespaces)
            let note = (form["note"] ?? "").replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            var errors = FormErrors()
            if text.isEmpty {
                errors["check_in"] = "Choose a check-in date."
            } else if let day = Day(formText: text) {
                if day < Day(year: 2030, month: 1, day: 1)! { errors["check_in"] = "Use 2030-01-01 or more." }
            } else {
                errors["check_in"] = "Enter a date, like 2030-05-01."
            }
            if note.utf16.count > 4000 { errors["note"] = "Use at most 4000 characters." }
            guard errors.isEmpty else { return .invalid(errors) }
            let size = router.request.session.values.values.reduce(0) { $0 + $1.utf8.count } + text.utf8.count + note.utf8.count
            guard size <= 1024 else {
                return .invalid(FormErrors(general: ["There is too much in this form to keep between steps (\(size) bytes, at most 1024). Shorten what you entered."]))
            }
            router.request.updateSession { $0["trip.check_in"] = text; $0["trip.note"] = note }
        case .party:
            var errors = FormErrors()
            let adultsText = (form["adults"] ?? "").trimmingCharacters(in: .whitespaces)
            let childrenText = (form["children"] ?? "").trimmingCharacters(in: .whitespaces)
            if adultsText.isEmpty {
                errors["adults"] = "Say how many adults."
            } else if let adults = Int(adultsText) {
                if !(1...8).contains(adults) { errors["adults"] = "Use a value from 1 to 8." }
            } else {
                errors["adults"] = "Enter a whole number."
            }
            if !childrenText.isEmpty {
                if let children = Int(childrenText) {
                    if !(0...6).contains(children) { errors["children"] = "Use a value from 0 to 6." }
                } else {
                    errors["children"] = "Enter a whole number."
                }
            }
            guard errors.isEmpty else { return .invalid(errors) }
            router.request.updateSession {
                $0["trip.adults"] = String(Int(adultsText)!)
                $0["trip.children"] = childrenText.isEmpty ? "0" : String(Int(childrenText)!)
            }
        case .room:
            guard let room = form["room"].flatMap(TripRoom.init(rawValue:)) else {
                return .invalid(FormErrors(fields: ["room": form["room"] == nil ? "Choose a room." : "Choose from the list."]))
            }
            let session = router.request.session
            guard let checkIn = session["trip.check_in"].flatMap(Day.init(formText:)),
                  let adults = session["trip.adults"].flatMap(Int.init), let children = session["trip.children"].flatMap(Int.init)
            else { return .move(to: router.url(of: .dates)) }
            await inbox.record(Trip(checkIn: checkIn, adults: adults, children: children, room: room))
            router.request.updateSession { session in
                for key in ["trip.check_in", "trip.note", "trip.adults", "trip.children", "trip.room"] { session[key] = nil }
            }
            return .move(to: router.finish)
        case .cancel:
            router.request.updateSession { session in
                for key in ["trip.check_in", "trip.note", "trip.adults", "trip.children", "trip.room"] { session[key] = nil }
            }
            return .move(to: router.finish)
        }
        return .move(to: router.nextStepOrFinish)
    }
}
