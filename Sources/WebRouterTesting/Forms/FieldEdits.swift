import WebRouter
import WebRouterHTML

/// What a test typed, ticked, picked and attached on the current page, before it presses a
/// button: the page's parsed fields stay as served; the edits sit beside them.
struct FieldEdits {
    private var values: [HTMLNode: String] = [:]
    private var checked: [HTMLNode: Bool] = [:]
    private var selections: [HTMLNode: [HTMLNode]] = [:]
    private var attachments: [HTMLNode: [TestFile]] = [:]

    mutating func setValue(_ value: String, of field: HTMLNode) { values[field] = value }
    func value(of field: HTMLNode) -> String? { values[field] }

    /// Ticks or clears a box; choosing a radio button clears the others of its group.
    mutating func setChecked(_ isChecked: Bool, _ box: HTMLNode) {
        if isChecked, box.inputType == "radio", let name = box["name"] {
            let form = box.enclosing("form")
            for other in box.documentRoot.all("input", "name", name) where other.inputType == "radio" && other.enclosing("form") == form {
                checked[other] = false
            }
        }
        checked[box] = isChecked
    }
    func isChecked(_ box: HTMLNode) -> Bool? { checked[box] }

    mutating func select(_ options: [HTMLNode], in select: HTMLNode) { selections[select] = options }
    func selectedOptions(of select: HTMLNode) -> [HTMLNode]? { selections[select] }

    mutating func attach(_ files: [TestFile], to input: HTMLNode) { attachments[input] = files }
    func files(of input: HTMLNode) -> [TestFile] { attachments[input] ?? [] }
}
