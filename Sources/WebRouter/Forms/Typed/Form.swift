/// A form declared once as a Swift type: its fields with their kinds, labels and rules.
/// From the one declaration WebRouter renders the fields (with the HTML constraints of their
/// rules), decodes a submission into the typed value, and runs the same rules on the server.
/// ```swift
/// struct Booking: Form {
///     enum Room: String, URLContext, CaseIterable { case single, double, suite }
///     var checkIn: Day?
///     var nights = 1
///     var room = Room.double
///     static let fields: [Field<Booking>] = [
///         .date("check_in", \.checkIn, label: "Check-in date", .required()),
///         .integer("nights", \.nights, label: "Nights", .range(1...30)),
///         .choice("room", \.room, label: "Room", style: .radios) { $0.rawValue.capitalized },
///     ]
/// }
///
/// // In a screen:
/// router.form(.book, Booking()) { fields in
///     fields
///     button(.type("submit")) { "Book" }
/// }
/// func perform(_ action: Action, form: FormData, router: Router<Hotel>) async throws -> ActionResult {
///     try await router.validate(Booking.self, form) { booking in
///         .move(to: router.link(\.confirmation, booking.nights))
///     }
/// }
/// ```
/// An invalid submission answers `422` with the form as the person filled it and a message
/// under each field at fault; the closure (the action) never runs.
public protocol Form: Sendable {
    /// The empty form: every field at its default, the value a new form shows.
    init()
    /// The fields, in the order they are rendered.
    static var fields: [Field<Self>] { get }
    /// Rules over several fields (a confirmation matching a password), run on the server
    /// once every field is valid. None by default.
    static var rules: [FormRule<Self>] { get }
    /// The largest submission the form accepts, uploads included, in bytes (1 MiB by
    /// default). A larger upload is an error on the form's file field, not a bare `413`.
    static var maxBodySize: Int { get }
}

extension Form {
    public static var rules: [FormRule<Self>] { [] }
    public static var maxBodySize: Int { 1 << 20 }

    /// Decodes and validates a submission: the typed value, or the message of every field
    /// at fault (and of the form as a whole).
    /// ```swift
    /// switch Booking.validate(form) {
    /// case .success(let booking): …
    /// case .failure(let errors): errors["nights"]   // "Use a value from 1 to 30."
    /// }
    /// ```
    ///
    /// Options and bounds computed per request are computed for an empty request here (the
    /// address `/`, no session, today in the app's time zone while a request is answered):
    /// pass the request with ``validate(_:request:)``.
    public static func validate(_ form: FormData) -> Result<Self, FormErrors> {
        validate(form, bodySize: 0, request: RequestContext())
    }

    /// Decodes and validates a submission against the options and bounds `request` computes
    /// (a `.choice` whose options depend on the query, a date no earlier than the request's
    /// today): what ``Router/validate(_:_:action:)`` does with the request it answers.
    /// ```swift
    /// let request = RequestContext(request: HTTPRequest(method: .post, path: "/book?hotel=harbour"))
    /// Booking.validate(form, request: request)
    /// ```
    public static func validate(_ form: FormData, request: RequestContext) -> Result<Self, FormErrors> {
        validate(form, bodySize: 0, request: request)
    }

    /// ``validate(_:request:)`` for a submission of `bodySize` bytes: over ``maxBodySize`` it is an
    /// error on the form's file fields (or the form, without one), whatever else it holds.
    static func validate(_ form: FormData, bodySize: Int, request: RequestContext) -> Result<Self, FormErrors> {
        if bodySize > maxBodySize { return .failure(tooLarge(limit: maxBodySize, errors: FormErrors())) }
        var value = Self()
        var errors = FormErrors()
        for field in fields {
            if let message = field.decode(&value, form, request) { errors[field.name] = message }
        }
        if errors.isEmpty {
            for rule in rules where !rule.check(value) {
                if let name = rule.field.flatMap(fieldName(of:)) {
                    if errors[name] == nil { errors[name] = rule.message }
                } else {
                    errors.general.append(rule.message)
                }
            }
        }
        return errors.isEmpty ? .success(value) : .failure(errors)
    }

    /// The value printed into a form and submitted as a browser submits it: the fields'
    /// name/value pairs and files (empty fields left out, unticked boxes absent).
    /// ```swift
    /// Booking.validate(booking.submission)   // .success(booking)
    /// ```
    public var submission: FormData {
        var data = FormData()
        for field in Self.fields {
            for text in field.print(self) where field.control.submitsEmpty || !text.isEmpty {
                data.fields.append((field.name, text))
            }
            data.files += field.files(self)
        }
        return data
    }

    /// `errors` with the message of a submission over `limit` bytes on each file field (or
    /// the form as a whole, without one).
    static func tooLarge(limit: Int, errors: FormErrors) -> FormErrors {
        let message = "Choose a smaller file: this form takes at most \(FieldRule<FormFile>.size(limit)) in all."
        var errors = errors
        let files = fields.filter { $0.control == .file }
        // A file field's size rule in the app's own words says it in them, when what it says
        // is true of the upload cut (its bound is within the limit that cut it).
        for field in files {
            let own = field.rules.first { rule in
                guard rule.name == "maxSize", let bytes = rule.parameter.flatMap({ Int($0) }) else { return false }
                return bytes <= limit && rule.message != FieldRule<FormFile>.maxSizeMessage(bytes)
            }
            errors[field.name] = own?.message ?? message
        }
        if files.isEmpty { errors.general.append(message) }
        return errors
    }

    static func fieldName(of keyPath: PartialKeyPath<Self>) -> String? {
        fields.first { $0.keyPath == keyPath }?.name
    }
}

/// A rule over several fields of a form, reported on one of them (or on the form as a whole).
/// ```swift
/// static let rules: [FormRule<PasswordChange>] = [
///     FormRule(\.confirmation, "The two new passwords differ.") { $0.new == $0.confirmation },
/// ]
/// ```
public struct FormRule<Root: Form>: Sendable {
    let field: (PartialKeyPath<Root> & Sendable)?
    /// The message shown when the rule is broken.
    public let message: String
    let check: @Sendable (Root) -> Bool

    /// A rule reported under the field at `field`.
    public init(_ field: PartialKeyPath<Root> & Sendable, _ message: String, _ check: @escaping @Sendable (Root) -> Bool) {
        self.field = field
        self.message = message
        self.check = check
    }

    /// A rule reported for the form as a whole, in its error summary.
    public init(_ message: String, _ check: @escaping @Sendable (Root) -> Bool) {
        self.field = nil
        self.message = message
        self.check = check
    }
}

extension FormErrors: Error {}
