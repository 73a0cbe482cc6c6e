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
        options.exercised = try coverage.map { try StateCheckOptions.readCoverage(at: $0) }
        let report = await app.stateCheck(options)
        print(report.text, terminator: "")
        if !report.findings.isEmpty { throw ExitCode(1) }
    }
}
