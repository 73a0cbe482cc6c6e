import Foundation
import Testing
@testable import WebRouter
import WebRouterTesting
@testable import webapp

/// Every field of every demo form: a value that breaks one of its HTML constraints (as the
/// page prints them) is refused by the server too, with a 422 naming that field; and the
/// JSON page state lists each field's rules as the form declares them.
@Suite("Scores app: form rules")
struct ScoresFormRulesTests {
    /// The demo's forms: where each is shown, its action, and whether it needs a signed-in visitor.
    static let forms: [(url: String, action: String, signedIn: Bool)] = [
        ("/welcome/~login", "sign-in", false),
        ("/welcome/~registration", "register", false),
        ("/dashboard/~edit/name", "save-name", true),
        ("/dashboard/~edit/team", "save-team", true),
        ("/messages/~settings/change-password", "change", true),
        ("/search/~filter?q=united", "apply", true),
    ]

    @Test(arguments: forms.indices)
    func aValueBreakingAnHTMLConstraintIsRefusedByTheServerOnItsField(_ index: Int) async throws {
        let (url, action, signedIn) = Self.forms[index]
        let fixture = try await ScoresFixture()
        let client = signedIn ? try await fixture.signedIn() : try fixture.visitor()
        let page = try await client.get(url)
        let form = try page.form(action)
        let state = try #require(page.state.forms.first { $0.fields.contains { $0.name == "_action" && $0.value == action } })
        var broken = 0
        for field in state.fields where field.type != "hidden" {
            for (rule, value) in Self.breakingValues(field) {
                let again = try await client.get(url)
                let answer = try await client.submit(action, on: again, [field.name: value])
                #expect(answer.status.code == 422, "\(url) \(field.name) breaking \(rule) with \(value.debugDescription) answered \(answer.status.code)")
                let error = answer.state.forms.flatMap(\.fields).first { $0.name == field.name }?.error
                #expect(error != nil, "\(url) \(field.name) breaking \(rule) with \(value.debugDescription): no message on the field")
                broken += 1
            }
        }
        #expect(broken > 0, "\(url): no field has a constraint to break")
        _ = form
    }

    /// The page state lists, for every field of the demo's typed forms, the rules its
    /// declaration gives: the HTML constraints and the server-only ones.
    @Test func thePageStateListsEachFieldsRulesAsDeclared() async throws {
        let fixture = try await ScoresFixture()
        let client = try await fixture.signedIn()
        let visitor = try fixture.visitor()
        func declared<F: Form>(_ type: F.Type) -> [String: Set<String>] {
            var rules: [String: Set<String>] = [:]
            for field in F.fields {
                rules[field.name] = Set(field.rules.flatMap { rule in rule.attributes.isEmpty ? [rule.name] : rule.attributes.map(\.name) })
            }
            return rules
        }
        let expectations: [(TestClient, String, [String: Set<String>])] = [
            (visitor, "/welcome/~login", declared(ScoresApp.Login.Credentials.self)),
            (visitor, "/welcome/~registration", declared(ScoresApp.Registration.NewAccount.self)),
            (client, "/dashboard/~edit/name", declared(ScoresApp.UserEdit.NameStep.self)),
            (client, "/dashboard/~edit/team", declared(ScoresApp.UserEdit.TeamStep.self)),
            (client, "/messages/~settings/change-password", declared(ScoresApp.ChangePassword.PasswordChange.self)),
            (client, "/search/~filter?q=united", declared(ScoresApp.SearchFilter.Filter.self)),
        ]
        for (who, url, rules) in expectations {
            let json = try await who.request(.get, url, headers: [("Accept", "application/json")])
            let state = try JSONDecoder().decode(PageState.self, from: Data(json.body))
            let fields = state.forms.flatMap(\.fields)
            for (name, expected) in rules {
                let listed = fields.filter { $0.name == name }
                #expect(!listed.isEmpty, "\(url): no field \(name) in the page state")
                for field in listed {
                    #expect(expected.isSubset(of: Set(field.rules.keys)), "\(url) \(name): declared \(expected.sorted()), listed \(field.rules.keys.sorted())")
                }
            }
        }
    }

    /// For each HTML constraint of a field, a value that breaks it (none when the field has none).
    static func breakingValues(_ field: PageState.Field) -> [(String, String)] {
        var values: [(String, String)] = []
        let rules = field.rules
        if rules["required"] != nil { values.append(("required", "")) }
        if let min = rules["minlength"].flatMap(Int.init), min > 1 { values.append(("minlength", String(repeating: "a", count: min - 1))) }
        if let max = rules["maxlength"].flatMap(Int.init) { values.append(("maxlength", String(repeating: "a", count: max + 1))) }
        if let pattern = rules["pattern"], let regex = try? Regex(pattern), (try? regex.wholeMatch(in: "Not Allowed!")) == nil {
            values.append(("pattern", "Not Allowed!"))
        }
        if field.type == "email" { values.append(("type=email", "not an address")) }
        if field.type == "number" { values.append(("type=number", "twelve")) }
        if let min = rules["min"].flatMap(Int.init) { values.append(("min", String(min - 1))) }
        if let max = rules["max"].flatMap(Int.init) { values.append(("max", String(max + 1))) }
        if let options = field.options { values.append(("one of \(options.count) options", "not-an-option")) }
        if field.type == "checkbox" || field.type == "radio", field.value != "on" { values.append(("one of the boxes", "not-a-box")) }
        return values
    }
}
