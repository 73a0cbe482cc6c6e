/// How a person and assistive technology find an element: its ARIA role, its accessible name,
/// whether it is hidden, whether it is disabled — the subset of HTML-AAM and accname that
/// WebRouter's page state and WebRouterTesting's locators need.
extension HTMLNode {
    /// The element's ARIA role: the first token of an explicit `role`, else the implicit role
    /// of its tag (`a[href]` → `link`, `input[type=checkbox]` → `checkbox`, `select` →
    /// `combobox`, `nav` → `navigation`, `h2` → `heading`…); `nil` for elements without one.
    package var role: String? {
        if let explicit = self["role"]?.split(separator: " ").first { return String(explicit) }
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

    /// The level of a heading: `h1`…`h6`, or `aria-level`.
    package var headingLevel: Int? {
        if let level = self["aria-level"].flatMap({ Int($0) }) { return level }
        guard tag.count == 2, tag.hasPrefix("h"), let level = Int(tag.dropFirst()), (1...6).contains(level) else { return nil }
        return level
    }

    /// The lowercased `type` of an `<input>` (`text` when absent).
    package var inputType: String { (self["type"] ?? "text").lowercased() }

    /// Whether the element is a form control a person types into, picks or ticks.
    package var isFormControl: Bool {
        switch tag {
        case "select", "textarea": return true
        case "input": return !["hidden", "submit", "button", "reset", "image"].contains(inputType)
        default: return false
        }
    }

    /// Whether the element is a button that can submit its form.
    package var isSubmitButton: Bool {
        switch tag {
        case "button": return (self["type"] ?? "submit").lowercased() == "submit"
        case "input": return inputType == "submit" || inputType == "image"
        default: return false
        }
    }

    /// The element's accessible name, as a screen reader announces it: `aria-labelledby`,
    /// `aria-label`, a control's `<label>`, a button's value, an image's `alt`, a fieldset's
    /// `<legend>`, the content of links, buttons, headings and cells, then `title` and
    /// `placeholder`. Whitespace is collapsed; hidden parts are left out.
    package var accessibleName: String {
        if let ids = self["aria-labelledby"] {
            let root = documentRoot
            let parts = ids.split(separator: " ").compactMap { id in root.element(withID: String(id))?.visibleText(excluding: nil) }
            let joined = parts.joined(separator: " ").collapsingWhitespace
            if !joined.isEmpty { return joined }
        }
        if let label = self["aria-label"]?.collapsingWhitespace, !label.isEmpty { return label }
        if isFormControl {
            let labels = self.labels.map { $0.visibleText(excluding: self) }.filter { !$0.isEmpty }
            if !labels.isEmpty { return labels.joined(separator: " ") }
        }
        switch tag {
        case "input" where inputType == "submit": return self["value"] ?? "Submit"
        case "input" where inputType == "reset": return self["value"] ?? "Reset"
        case "input" where inputType == "button": return self["value"] ?? ""
        case "input" where inputType == "image": return self["alt"] ?? "Submit"
        case "img", "area": if let alt = self["alt"], !alt.isEmpty { return alt.collapsingWhitespace }
        case "fieldset":
            if let legend = children.first(where: { $0.tag == "legend" }) { return legend.text }
        case "table":
            if let caption = children.first(where: { $0.tag == "caption" }) { return caption.text }
        default: break
        }
        if tag == "button" || Self.isNamedFromContent(role) {
            let content = visibleText(excluding: nil)
            if !content.isEmpty { return content }
        }
        if let title = self["title"]?.collapsingWhitespace, !title.isEmpty { return title }
        if let placeholder = self["placeholder"]?.collapsingWhitespace, isFormControl { return placeholder }
        return ""
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

    /// The `<label>`s of a form control: `<label for>` its `id`, and the label around it.
    var labels: [HTMLNode] {
        var found: [HTMLNode] = []
        if let id = self["id"], !id.isEmpty {
            let root = documentRoot
            found = root.index.map { $0.labels[id] ?? [] } ?? root.all { $0.tag == "label" && $0["for"] == id }
        }
        if let wrapping = enclosing("label"), wrapping["for"] == nil || wrapping["for"] == self["id"], !found.contains(where: { $0 === wrapping }) {
            found.append(wrapping)
        }
        return found
    }

    /// Whether a person can't perceive the element: it or an ancestor is `hidden`,
    /// `aria-hidden="true"`, `display: none`, a closed `<dialog>`, a `<template>`, inside
    /// `<head>`; or it is an `<input type="hidden">`.
    package var isHidden: Bool {
        if tag == "input" && inputType == "hidden" { return true }
        return insideHidden || hidesItsContent
    }

    /// Whether an element of `tag` with `attributes` hides itself and everything in it.
    static func hides(tag: String, attributes: [(name: String, value: String)]) -> Bool {
        switch tag {
        case "template", "head", "script", "style": return true
        case "dialog" where !attributes.contains(where: { $0.name == "open" }): return true
        default: break
        }
        for (name, value) in attributes {
            switch name {
            case "hidden": return true
            case "aria-hidden" where value == "true": return true
            case "style":
                let style = value.lowercased().filter { $0 != " " }
                if style.contains("display:none") || style.contains("visibility:hidden") { return true }
            default: continue
            }
        }
        return false
    }

    /// Whether the control is disabled: its own `disabled`, or a disabled `<fieldset>` around it
    /// (except inside that fieldset's first `<legend>`), or `aria-disabled="true"`.
    package var isDisabled: Bool {
        if self["disabled"] != nil || self["aria-disabled"] == "true" { return true }
        var child: HTMLNode = self
        var node = parent
        while let current = node {
            if current.tag == "fieldset", current["disabled"] != nil {
                let firstLegend = current.children.first { $0.tag == "legend" }
                if firstLegend !== child { return true }
            }
            child = current
            node = current.parent
        }
        return false
    }

    /// The text a person sees in the element: ``text`` without hidden parts, and without the
    /// subtree of `excluded` (a label's own control).
    package func visibleText(excluding excluded: HTMLNode?) -> String {
        var raw = ""
        collectVisibleText(into: &raw, excluding: excluded)
        return raw.collapsingWhitespace
    }

    private func collectVisibleText(into output: inout String, excluding excluded: HTMLNode?) {
        if tag == "#text" { output += textValue; return }
        if self === excluded || hidesItsContent { return }
        if tag == "input" && inputType == "hidden" { return }
        if tag == "img", let alt = self["alt"] { output += " " + alt + " "; return }
        for child in children { child.collectVisibleText(into: &output, excluding: excluded) }
        if isBlock { output += " " }
    }

    /// Whether `tag` ends a line of visible text.
    static func isBlock(_ tag: String) -> Bool {
        switch tag {
        case "br", "p", "li", "div", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd", "section",
             "article", "header", "footer", "nav", "main", "ul", "ol", "table", "form", "fieldset", "legend", "label",
             "option", "dialog", "figcaption", "blockquote", "pre", "button":
            return true
        default:
            return false
        }
    }

    /// The root of the tree the element is in.
    package var documentRoot: HTMLNode {
        var node = self
        while let parent = node.parent { node = parent }
        return node
    }

    /// The element with an `id`, below this one (the first in document order).
    package func element(withID id: String) -> HTMLNode? {
        if let index { return index.ids[id] }
        return first { $0["id"] == id }
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
    /// The string with runs of whitespace made one space, trimmed.
    /// One pass over the bytes (splitting into substrings and joining them cost an allocation
    /// a word); U+00A0 is the two bytes C2 A0.
    package var collapsingWhitespace: String {
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count)
        var pendingSpace = false
        var heldLeadByte = false   // a C2 that may start U+00A0
        func write(_ byte: UInt8) {
            if pendingSpace && !output.isEmpty { output.append(0x20) }
            pendingSpace = false
            output.append(byte)
        }
        for byte in utf8 {
            if heldLeadByte {
                heldLeadByte = false
                if byte == 0xA0 { pendingSpace = true; continue }
                write(0xC2)
            }
            switch byte {
            case 0x20, 0x0A, 0x09, 0x0D, 0x0C: pendingSpace = true
            case 0xC2: heldLeadByte = true
            default: write(byte)
            }
        }
        if heldLeadByte { write(0xC2) }
        return String(decoding: output, as: UTF8.self)
    }
}
