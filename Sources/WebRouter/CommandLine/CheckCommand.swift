import ArgumentParser
import Foundation
import WebRouterHTML

/// `check`: visits every state of the app in process and checks each (``Application/stateCheck(_:)``);
/// prints the report and exits with status 1 when something failed.
///
/// ```sh
/// notes check
/// notes check --cap 3 --out check.txt
/// webapp check --sign-in /welcome/~login --field username=demo --field password=demo --input q=united
/// notes check --safe-action 'Compose:save?Title=Groceries&Tag=home'
/// ```
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Visit every state of the app in process and check each page."
    )

    @Option(help: "At most this many states per screen and kind of query.")
    var cap: Int = 6

    @Option(help: "Also write the report to this file.")
    var out: String?

    @Option(name: .customLong("sign-in"), help: "The page of a sign-in form, to check protected screens signed in as well.")
    var signInPage: String?

    @Option(name: .customLong("field"), help: "A sign-in field as name=value (repeat for each field).")
    var fields: [String] = []

    @Option(name: .customLong("input"), help: "Example input for GET forms as name=value (repeat for more values): a search typed into a form.")
    var inputs: [String] = []

    @Option(name: .customLong("safe-action"), help: "A POST action the check may run, as Screen:action?field=value&field=value (repeat for more).")
    var safeActions: [String] = []

    @Option(help: "The origin the report's curl lines use.")
    var origin: String = "http://127.0.0.1:8080"

    @Option(help: "A coverage file the test kit wrote (.build/state-check/<app>.coverage.txt): the report lists the transitions the tests never made.")
    var coverage: String?

    func run() async throws {
        let app = try ApplicationCommand.current()
        var options = StateCheckOptions(capPerScreen: cap, origin: origin, reportPath: out)
        if let signInPage {
            var values: [String: String] = [:]
            for field in fields {
                guard let equals = field.firstIndex(of: "=") else { throw ValidationError("--field takes name=value, not \(field)") }
                values[String(field[..<equals])] = String(field[field.index(after: equals)...])
            }
            options.signIn = StateCheckOptions.SignIn(page: signInPage, fields: values)
        }
        for input in inputs {
            guard let equals = input.firstIndex(of: "=") else { throw ValidationError("--input takes name=value, not \(input)") }
            options.exampleInput[String(input[..<equals]), default: []].append(String(input[input.index(after: equals)...]))
        }
        options.safeActions = try safeActions.map(Self.safeAction)
        options.exercised = try coverage.map { try StateCheckOptions.readCoverage(at: $0) }
        let report = await app.stateCheck(options)
        print(report.text, terminator: "")
        if !report.findings.isEmpty { throw ExitCode(1) }
    }

    /// `Compose:save?title=Groceries&tag=home` as a safe action.
    static func safeAction(_ text: String) throws -> StateCheckOptions.SafeAction {
        let parts = text.split(separator: "?", maxSplits: 1)
        let names = parts.first.map { $0.split(separator: ":", maxSplits: 1) } ?? []
        guard names.count == 2, !names[0].isEmpty, !names[1].isEmpty else {
            throw ValidationError("--safe-action takes Screen:action?field=value&field=value, not \(text)")
        }
        var input: [String: String] = [:]
        if parts.count == 2 {
            var components = URLComponents()
            components.percentEncodedQuery = String(parts[1])
            for item in components.queryItems ?? [] { input[item.name] = item.value ?? "" }
        }
        return StateCheckOptions.SafeAction(screen: String(names[0]), action: String(names[1]), input: input)
    }
}
