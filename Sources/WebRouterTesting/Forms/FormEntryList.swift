import WebRouter
import WebRouterHTML
import WebRouterHTTP

/// What a browser sends when a form is submitted — HTML's "constructing the entry list": the
/// form's controls in tree order (those outside it with `form="its id"` included), disabled
/// ones and unchecked boxes left out, a `<select>`'s selected options, and only the button
/// that submitted it; then where and how: `formaction`, `formmethod` and `formenctype` of
/// that button over the form's own.
struct FormEntryList {
    /// One entry: a name and a text value, or a file.
    enum Value: Equatable {
        case text(String)
        case file(TestFile?)
    }

    var entries: [(name: String, value: Value)] = []
    /// Where the form goes: the submitter's `formaction`, the form's `action`, or the page.
    var action: String
    /// `get`, `post` (or `dialog`).
    var method: String
    /// `application/x-www-form-urlencoded` or `multipart/form-data`.
    var enctype: String

    /// The entries of `form` as submitted by `submitter`, with a test's `edits` applied.
    init(form: HTMLNode, submitter: HTMLNode?, edits: FieldEdits, pageURL: String) {
        action = submitter?["formaction"] ?? form["action"] ?? pageURL
        if action.isEmpty { action = pageURL }
        method = (submitter?["formmethod"] ?? form["method"] ?? "get").lowercased()
        if !["get", "post", "dialog"].contains(method) { method = "get" }
        enctype = (submitter?["formenctype"] ?? form["enctype"] ?? "").lowercased()
        if enctype != "multipart/form-data" { enctype = "application/x-www-form-urlencoded" }

        for control in Self.controls(of: form) where !control.isDisabled {
            guard control.enclosing("datalist") == nil else { continue }
            let name = control["name"] ?? ""
            if control.tag == "button" || (control.tag == "input" && ["submit", "image", "reset", "button"].contains(control.inputType)) {
                guard control == submitter, control.isSubmitButton else { continue }
                if control.tag == "input" && control.inputType == "image" {
                    let prefix = name.isEmpty ? "" : name + "."
                    entries.append((prefix + "x", .text("0")))
                    entries.append((prefix + "y", .text("0")))
                } else if !name.isEmpty {
                    entries.append((name, .text(control["value"] ?? "")))
                }
                continue
            }
            guard !name.isEmpty else { continue }
            switch control.tag {
            case "select":
                for option in edits.selectedOptions(of: control) ?? Self.selectedOptions(of: control) where !option.isDisabled {
                    entries.append((name, .text(Self.optionValue(option))))
                }
            case "textarea":
                entries.append((name, .text(edits.value(of: control) ?? Self.textareaValue(control))))
            case "input":
                switch control.inputType {
                case "checkbox", "radio":
                    guard edits.isChecked(control) ?? (control["checked"] != nil) else { continue }
                    entries.append((name, .text(control["value"] ?? "on")))
                case "file":
                    let files = edits.files(of: control)
                    if files.isEmpty {
                        entries.append((name, .file(nil)))
                    } else {
                        for file in files { entries.append((name, .file(file))) }
                    }
                default:
                    entries.append((name, .text(edits.value(of: control) ?? control["value"] ?? "")))
                }
            default:
                continue
            }
        }
    }

    /// The controls whose form owner is `form`, in tree order.
    static func controls(of form: HTMLNode) -> [HTMLNode] {
        let isControl: (HTMLNode) -> Bool = { ["input", "select", "textarea", "button"].contains($0.tag) }
        let id = form["id"]
        let root = form.documentRoot
        return root.descendants.filter { node in
            guard isControl(node) else { return false }
            if let owner = node["form"] { return owner == id }
            return node.enclosing("form") == form
        }
    }

    /// A `<select>`'s selected options as served: those marked `selected`, else (a single
    /// select) its first option that is not disabled.
    static func selectedOptions(of select: HTMLNode) -> [HTMLNode] {
        let options = select.all("option")
        let marked = options.filter { $0["selected"] != nil }
        if select["multiple"] != nil { return marked }
        if let last = marked.last { return [last] }
        return options.first { $0["disabled"] == nil }.map { [$0] } ?? []
    }

    /// An option's value: its `value`, else its text.
    static func optionValue(_ option: HTMLNode) -> String {
        option["value"] ?? option.text
    }

    /// A `<textarea>`'s text as served (a newline right after the start tag is not content).
    static func textareaValue(_ textarea: HTMLNode) -> String {
        let raw = textarea.children.map(\.textValue).joined()
        if raw.hasPrefix("\r\n") { return String(raw.dropFirst(2)) }
        if raw.hasPrefix("\n") { return String(raw.dropFirst()) }
        return raw
    }

    /// The text entries, for an urlencoded body or a query (a file's name stands for it),
    /// line breaks sent as CR LF as browsers send them.
    var textEntries: [(String, String)] {
        entries.map { entry in
            switch entry.value {
            case .text(let text): return (Self.crlf(entry.name), Self.crlf(text))
            case .file(let file): return (Self.crlf(entry.name), file?.name ?? "")
            }
        }
    }

    /// Every line break as CR LF (HTML: "converting an entry list to a list of name-value pairs").
    static func crlf(_ text: String) -> String {
        guard text.contains("\n") || text.contains("\r") else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .replacingOccurrences(of: "\n", with: "\r\n")
    }

    /// The body and its `Content-Type`.
    func encodedBody() -> (contentType: String, body: [UInt8]) {
        if enctype == "multipart/form-data" {
            return MultipartEncoder.encode(entries.map { entry in
                if case .text(let text) = entry.value { return (Self.crlf(entry.name), .text(Self.crlf(text))) }
                return entry
            })
        }
        return ("application/x-www-form-urlencoded", Array(Self.urlencoded(textEntries).utf8))
    }

    /// The entries as a browser writes `application/x-www-form-urlencoded` (a POST body, a GET
    /// form's query): every byte but ASCII letters, digits and `*-._` percent-encoded, a space
    /// as `+` — so a query reads the same in every mode (`next=%2Ffeed`).
    static func urlencoded(_ pairs: [(String, String)]) -> String {
        func encode(_ text: String) -> String {
            var output = ""
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                    output.unicodeScalars.append(Unicode.Scalar(byte))
                case UInt8(ascii: " "):
                    output += "+"
                default:
                    let hex = Array("0123456789ABCDEF".unicodeScalars)
                    output += "%"
                    output.unicodeScalars.append(hex[Int(byte >> 4)])
                    output.unicodeScalars.append(hex[Int(byte & 0xF)])
                }
            }
            return output
        }
        return pairs.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }
}
