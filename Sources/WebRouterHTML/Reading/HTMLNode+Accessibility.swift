/// How a person and assistive technology find an element: its ARIA role, its accessible name,
/// whether it is hidden, whether it is disabled — the subset of HTML-AAM and accname that
/// WebRouter's page state and WebRouterTesting's locators need.
extension HTMLNode {
    /// The element's ARIA role: the first token of an explicit `role`, else the implicit role
    /// of its tag (`a[href]` → `link`, `input[type=checkbox]` → `checkbox`, `select` →
    /// `combobox`, `nav` → `navigation`, `h2` → `heading`…); `nil` for elements without one.
    package var role: String? {
        if let explicit = explicitRole { return explicit }
        switch tag {
        case "a", "area": return self["href"] != nil ? "link" : nil
        case "button": return "button"
        case "input":
            switch inputType {
            case "button", "submit", "reset", "image": return "button"
            case "checkbox": return "checkbox"
            case "radio": return "radio"
            case "range": return "slider"
            case "number": return "spinbutton"
            case "search": return self["list"] != nil ? "combobox" : "searchbox"
            case "hidden", "file", "color", "date", "datetime-local", "month", "time", "week": return nil
            default: return self["list"] != nil ? "combobox" : "textbox"
            }
        case "textarea": return "textbox"
        case "select":
            let size = Int(self["size"] ?? "") ?? 0
            return self["multiple"] != nil || size > 1 ? "listbox" : "combobox"
        case "option": return "option"
        case "dialog": return "dialog"
        case "nav": return "navigation"
        case "main": return "main"
        case "aside": return "complementary"
        case "header": return enclosingSectioning == nil ? "banner" : nil
        case "footer": return enclosingSectioning == nil ? "contentinfo" : nil
        case "form": return "form"
        case "section": return self["aria-label"] != nil || self["aria-labelledby"] != nil ? "region" : nil
        case "article": return "article"
        case "h1", "h2", "h3", "h4", "h5", "h6": return "heading"
        case "ul", "ol", "menu": return "list"
        case "li": return "listitem"
        case "table": return "table"
        case "tr": return "row"
        case "td": return "cell"
        case "th": return "columnheader"
        case "img": return self["alt"] == "" ? "presentation" : "img"
        case "fieldset", "details": return "group"
        case "summary": return "button"
        case "p": return "paragraph"
        case "hr": return "separator"
        case "progress": return "progressbar"
        case "output": return "status"
        default: return nil
        }
    }

    /// The first token of the element's `role` attribute, if it has one.
    package var explicitRole: String? {
        guard record.has(.hasRole) else { return nil }
        return self[AttributeCode.role]?.split(separator: " ").first.map(String.init)
    }

    /// Whether the element is a heading: `role="heading"`, or `h1`…`h6` without another role.
    /// Cheaper than comparing ``role``, which every element would pay for.
    package var isHeading: Bool {
        if let explicit = explicitRole { return explicit == "heading" }
        return tagCode >= TagCode.h1 && tagCode <= TagCode.h6
    }

    /// The level of a heading: `h1`…`h6`, or `aria-level`.
    package var headingLevel: Int? {
        if let level = self[AttributeCode.ariaLevel].flatMap({ Int($0) }) { return level }
        let code = tagCode
        guard code >= TagCode.h1 && code <= TagCode.h6 else { return nil }
        return Int(code - TagCode.h1) + 1
    }

    /// The lowercased `type` of an `<input>` (`text` when absent).
    package var inputType: String { (self[AttributeCode.type] ?? "text").lowercased() }

    /// Whether the element is a form control a person types into, picks or ticks.
    package var isFormControl: Bool {
        switch tagCode {
        case TagCode.select, TagCode.textarea: return true
        case TagCode.input: return !["hidden", "submit", "button", "reset", "image"].contains(inputType)
        default: return false
        }
    }

    /// Whether the element is a button that can submit its form.
    package var isSubmitButton: Bool {
        switch tagCode {
        case TagCode.button: return (self[AttributeCode.type] ?? "submit").lowercased() == "submit"
        case TagCode.input: return inputType == "submit" || inputType == "image"
        default: return false
        }
    }

    /// The element's accessible name, as a screen reader announces it: `aria-labelledby`,
    /// `aria-label`, a control's `<label>`, a button's value, an image's `alt`, a fieldset's
    /// `<legend>`, the content of links, buttons, headings and cells, then `title` and
    /// `placeholder`. Whitespace is collapsed; hidden parts are left out.
    package var accessibleName: String {
        let code = tagCode
        let hasAttributes = record.start < record.finish
        if hasAttributes, let ids = self[AttributeCode.ariaLabelledby] {
            let root = documentRoot
            let parts = ids.split(separator: " ").compactMap { id in root.element(withID: String(id))?.visibleText(excluding: nil) }
            let joined = parts.joined(separator: " ").collapsingWhitespace
            if !joined.isEmpty { return joined }
        }
        if hasAttributes, let label = self[AttributeCode.ariaLabel]?.collapsingWhitespace, !label.isEmpty { return label }
        let formControl = isFormControl
        if formControl {
            let labels = self.labels.map { $0.visibleText(excluding: self) }.filter { !$0.isEmpty }
            if !labels.isEmpty { return labels.joined(separator: " ") }
        }
        // The tag decides by its code: no string is compared and no role is worked out for the
        // common cases (a link, a button, a heading).
        switch code {
        case TagCode.input:
            switch inputType {
            case "submit": return self[AttributeCode.value] ?? "Submit"
            case "reset": return self[AttributeCode.value] ?? "Reset"
            case "button": return self[AttributeCode.value] ?? ""
            case "image": return self[AttributeCode.alt] ?? "Submit"
            default: break
            }
        case TagCode.img, TagCode.area: if let alt = self[AttributeCode.alt], !alt.isEmpty { return alt.collapsingWhitespace }
        case TagCode.fieldset:
            if let legend = firstChild(TagCode.legend) { return legend.text }
        case TagCode.table:
            if let caption = firstChild(TagCode.caption) { return caption.text }
        default: break
        }
        if code == TagCode.button || isNamedFromContent {
            let content = visibleText(excluding: nil)
            if !content.isEmpty { return content }
        }
        guard hasAttributes else { return "" }
        if let title = self[AttributeCode.title]?.collapsingWhitespace, !title.isEmpty { return title }
        if formControl, let placeholder = self[AttributeCode.placeholder]?.collapsingWhitespace { return placeholder }
        return ""
    }

    /// Whether the element takes its name from its content (``isNamedFromContent(_:)`` of its
    /// ``role``), decided by the tag's code for links and headings without an explicit role.
    private var isNamedFromContent: Bool {
        if !has(AttributeCode.role) {
            switch tagCode {
            case TagCode.a, TagCode.area: return has(AttributeCode.href)
            case TagCode.h1...TagCode.h6, TagCode.button, TagCode.li, TagCode.option: return true
            default: break
            }
        }
        return Self.isNamedFromContent(role)
    }

    /// Whether an element of `role` takes its name from its content.
    static func isNamedFromContent(_ role: String?) -> Bool {
        switch role {
        case "link", "button", "heading", "cell", "columnheader", "rowheader", "option", "tab", "menuitem",
             "checkbox", "radio", "switch", "treeitem", "tooltip", "listitem":
            return true
        default:
            return false
        }
    }

    /// The `<label>`s of a form control: `<label for>` its `id` (found in the document's index
    /// of labels), and the label around it.
    var labels: [HTMLNode] {
        var found: [HTMLNode] = []
        if let id = self[AttributeCode.id], !id.isEmpty, let positions = document.labels[id] {
            found = positions.map { HTMLNode(document, $0) }
        }
        if let wrapping = enclosing(TagCode.label), wrapping[AttributeCode.for] == nil || wrapping[AttributeCode.for] == self[AttributeCode.id],
           !found.contains(wrapping) {
            found.append(wrapping)
        }
        return found
    }

    /// Whether a person can't perceive the element: it or an ancestor is `hidden`,
    /// `aria-hidden="true"`, `display: none`, a closed `<dialog>`, a `<template>`, inside
    /// `<head>`, inside a closed `<details>` but outside its `<summary>`; or it is an
    /// `<input type="hidden">`. An `inert` element is not hidden: the base layer under a modal is
    /// inert and still read. The parser worked this out as it went down the page, so reading it
    /// costs a flag test.
    package var isHidden: Bool {
        !record.flags.isDisjoint(with: [.hiddenInput, .insideHidden, .hidesContent])
    }

    /// Whether the element hides itself and everything in it.
    var hidesItsContent: Bool { record.has(.hidesContent) }

    /// The first child element with a tag's code.
    func firstChild(_ code: UInt16) -> HTMLNode? {
        var child = record.firstChild
        while child >= 0 {
            let record = document.nodes[Int(child)]
            if record.tag == code { return HTMLNode(document, child) }
            child = record.nextSibling
        }
        return nil
    }

    /// Whether the control is disabled: its own `disabled`, or a disabled `<fieldset>` around it
    /// (except inside that fieldset's first `<legend>`), or `aria-disabled="true"`.
    package var isDisabled: Bool {
        if has(AttributeCode.disabled) || attribute(AttributeCode.ariaDisabled, is: "true") { return true }
        var child: HTMLNode = self
        var node = parent
        while let current = node {
            if current.tagCode == TagCode.fieldset, current.has(AttributeCode.disabled) {
                if current.firstChild(TagCode.legend) != child { return true }
            }
            child = current
            node = current.parent
        }
        return false
    }

    /// The text a person sees in the element: ``text`` without hidden parts, and without the
    /// subtree of `excluded` (a label's own control).
    ///
    /// Written, collapsed as it goes, straight into the string's storage: the storage is sized
    /// by every text and `alt` below the element plus three bytes an element (more than the
    /// visible text can take), so no buffer is made and the bytes are walked once.
    package func visibleText(excluding excluded: HTMLNode?) -> String {
        let page = document
        let excludedPosition = excluded.flatMap { $0.document === page ? $0.position : nil } ?? -1
        return page.nodes.withUnsafeBufferPointer { nodes in
            var bound = 0
            var index = Int(position)
            let end = Int(nodes[index].end)
            while index < end {
                let record = nodes[index]
                if record.tag == TagCode.text {
                    bound &+= Int(record.finish &- record.start)
                } else {
                    bound &+= 3
                    if record.tag == TagCode.img, let alt = page.attribute(AttributeCode.alt, of: Int32(index)) {
                        bound &+= Int(alt.valueEnd &- alt.valueStart)
                    }
                }
                index &+= 1
            }
            guard bound > 0 else { return "" }
            return page.bytes.withUnsafeBufferPointer { bytes in
                // No reference HTMLEntities knows decodes longer than it is written, so the text
                // fits; should a longer one ever be added, the text is written again, twice the room.
                var capacity = bound
                if capacity <= 512 {
                    // A name or a label: written on the stack, then made a string of its own
                    // length — one of up to 15 bytes needs no storage at all.
                    let text: String? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { output in
                        var writer = CollapsingWriter(output: output)
                        Self.writeVisibleText(position, nodes: nodes, bytes: bytes, document: page, into: &writer, excluding: excludedPosition)
                        let count = writer.finish()
                        return writer.overflowed ? nil : String(decoding: UnsafeBufferPointer(rebasing: output[..<count]), as: UTF8.self)
                    }
                    if let text { return text }
                    capacity &*= 2
                }
                while true {
                    var overflowed = false
                    let text = String(unsafeUninitializedCapacity: capacity) { output in
                        var writer = CollapsingWriter(output: output)
                        Self.writeVisibleText(position, nodes: nodes, bytes: bytes, document: page, into: &writer, excluding: excludedPosition)
                        overflowed = writer.overflowed
                        return writer.finish()
                    }
                    if !overflowed { return text }
                    capacity &*= 2
                }
            }
        }
    }

    /// Writes the visible text of node `node` and its descendants to `writer`, leaving out node
    /// `excluded`: texts, images' `alt`, a closed `<details>`' summary only, a space after a block.
    private static func writeVisibleText(_ node: Int32, nodes: UnsafeBufferPointer<NodeRecord>, bytes: UnsafeBufferPointer<UInt8>,
                                         document: HTMLDocument, into writer: inout CollapsingWriter, excluding excluded: Int32) {
        let record = nodes[Int(node)]
        if record.tag == TagCode.text { writer.append(record, bytes: bytes, document: document); return }
        if node == excluded || !record.flags.isDisjoint(with: [.hidesContent, .hiddenInput]) { return }
        if record.tag == TagCode.img, let alt = document.attribute(AttributeCode.alt, of: node) {
            writer.append(0x20)
            for byte in document.value(alt).utf8 { writer.append(byte) }
            writer.append(0x20)
            return
        }
        let closedDetails = record.has(.closedDetails)
        var child = record.firstChild
        while child >= 0 {
            let childRecord = nodes[Int(child)]
            if childRecord.tag == TagCode.text {
                if !closedDetails { writer.append(childRecord, bytes: bytes, document: document) }
            } else if !closedDetails || childRecord.tag == TagCode.summary {
                writeVisibleText(child, nodes: nodes, bytes: bytes, document: document, into: &writer, excluding: excluded)
            }
            child = childRecord.nextSibling
        }
        if record.has(.block) { writer.append(0x20) }
    }

    /// Whether `tag` ends a line of visible text.
    static func isBlock(_ tag: String) -> Bool {
        switch tag {
        case "br", "p", "li", "div", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd", "section",
             "article", "header", "footer", "nav", "main", "ul", "ol", "table", "form", "fieldset", "legend", "label",
             "option", "dialog", "figcaption", "blockquote", "pre", "button", "summary", "details":
            return true
        default:
            return false
        }
    }

    /// The root of the tree the element is in.
    package var documentRoot: HTMLNode { HTMLNode(document, 0) }

    /// The element with an `id`, below this one (the first in document order): a look-up in the
    /// document's index of ids.
    package func element(withID id: String) -> HTMLNode? {
        if let found = document.ids[id], position == 0 || HTMLNode(document, found).isInside(self) { return HTMLNode(document, found) }
        guard position != 0 else { return nil }
        return first { $0[AttributeCode.id] == id }
    }

    /// The nearest `article`, `aside`, `main`, `nav` or `section` around the element.
    private var enclosingSectioning: HTMLNode? {
        var node = parent
        while let current = node {
            if ["article", "aside", "main", "nav", "section"].contains(current.tag) { return current }
            node = current.parent
        }
        return nil
    }
}

extension String {
    /// The string with runs of whitespace (U+00A0 included) made one space, trimmed: one pass
    /// over the bytes.
    package var collapsingWhitespace: String { HTMLNode.collapse(Array(utf8), nonBreaking: true) }

}
