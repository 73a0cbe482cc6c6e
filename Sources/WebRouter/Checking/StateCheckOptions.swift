import Foundation

/// What the state check (``Application/stateCheck(_:)``) visits and how: the cap per screen, the sign-in for protected
/// screens, where the report's `curl` lines point.
///
/// ```swift
/// var options = StateCheckOptions(capPerScreen: 4)
/// options.signIn = StateCheckOptions.SignIn(page: "/welcome/~login", fields: ["username": "demo", "password": "demo"])
/// ```
public struct StateCheckOptions: Sendable {
    /// How the check signs in to see protected screens signed in as well: the page holding
    /// the sign-in form and the values of its fields, by name or label; the form's hidden
    /// fields (the CSRF token) are sent as they are.
    ///
    /// ```swift
    /// let signIn = StateCheckOptions.SignIn(page: "/welcome/~login", fields: ["Username": "demo", "Password": "demo"])
    /// ```
    public struct SignIn: Sendable {
        /// The URL of the page with the sign-in form.
        public var page: String
        /// Field values by name (`username`) or by label (`Username`).
        public var fields: [String: String]

        /// A sign-in at `page` with these field values.
        public init(page: String, fields: [String: String]) {
            self.page = page
            self.fields = fields
        }
    }

    /// A POST action the check may run, with example input: the app marks it safe (it only
    /// adds or changes data a check may change), and the states it leads to are then reached
    /// by clicks too. Its form is posted once per walk with the page's own hidden fields (the
    /// CSRF token), these values by field name or label, and the form's other defaults; the
    /// redirect it answers is followed as a move, and a `4xx`/`5xx` is reported.
    ///
    /// ```swift
    /// options.safeActions = [StateCheckOptions.SafeAction(Compose.self, .save, input: ["Title": "Groceries"])]
    /// ```
    public struct SafeAction: Sendable {
        /// The screen whose form it is (the route table's name, `data-screen`).
        public var screen: String
        /// The action's name (its raw value, the form's `_action`).
        public var action: String
        /// Field values by name or label.
        public var input: [String: String]

        /// The action `action` of the screen `S`, posted with `input`.
        public init<S: ContentScreen>(_ screen: S.Type, _ action: S.Action, input: [String: String] = [:]) {
            self.init(screen: ScreenNaming.typeName(screen), action: action.rawValue, input: input)
        }

        /// The action named `action` of the screen named `screen` (as the route table names
        /// it), posted with `input`: what `check --safe-action Compose:save?title=Groceries` makes.
        public init(screen: String, action: String, input: [String: String] = [:]) {
            self.screen = screen
            self.action = action
            self.input = input
        }
    }

    /// At most this many states per screen and kind of query (links beyond are still
    /// requested, to check they answer, but their pages are not checked).
    public var capPerScreen: Int
    /// How to sign in, to check protected screens signed in too; `nil` checks signed out only.
    public var signIn: SignIn?
    /// Example input for GET forms, by field name (`["q": ["united", "demo"]]`): a form with
    /// such a field is also submitted with each value, as a person typing a search would, so
    /// the states behind a search are reached by clicks.
    public var exampleInput: [String: [String]] = [:]
    /// POST actions the app marks safe to run during the check, with example input.
    public var safeActions: [SafeAction] = []
    /// The origin the report's `curl` lines use.
    public var origin: String
    /// Whether each page's JSON page state (`Accept: application/json`) is compared with its HTML.
    public var comparesPageState: Bool
    /// Where the report is written as text (`nil`: not written). The test kit writes to
    /// `.build/state-check/<app>.txt` by default.
    public var reportPath: String?
    /// The route patterns the app's own tests landed on (WebRouterTesting's coverage); when
    /// set, the report lists the transitions not among them.
    public var exercised: Set<String>?

    /// Options with a cap of `capPerScreen` states per screen.
    public init(
        capPerScreen: Int = 6, signIn: SignIn? = nil, origin: String = "http://127.0.0.1:8080",
        comparesPageState: Bool = true, reportPath: String? = nil
    ) {
        self.capPerScreen = capPerScreen
        self.signIn = signIn
        self.origin = origin
        self.comparesPageState = comparesPageState
        self.reportPath = reportPath
    }

    /// Reads a coverage file: one route pattern a test landed on per line.
    ///
    /// ```swift
    /// let exercised = try StateCheckOptions.readCoverage(at: ".build/state-check/Notes.coverage.txt")
    /// ```
    public static func readCoverage(at path: String) throws -> Set<String> {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return Set(text.split(separator: "\n").map(String.init).filter { !$0.isEmpty })
    }
}
