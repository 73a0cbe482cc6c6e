/// One attribute of an element: a validated name and an optional value (no value → a boolean
/// attribute such as `required`).
///
/// Values are escaped when rendered and always double-quoted. A name made of anything but
/// `[a-zA-Z0-9-:_]` is dropped. URL-valued attributes (`href`, `src`, `action`, `formaction`)
/// refuse `javascript:`, `vbscript:` and `data:` URLs (except `data:image/` in `src`): the value
/// becomes `#blocked`.
/// ```swift
/// a(.href(url), .class("button"), .aria("label", "Open match")) { "Open" }
/// input(.type("email"), .name("email"), .required, .data("field", "email"))
/// ```
public struct HTMLAttribute: Sendable {
    /// The attribute's name; empty when the requested name was invalid (the attribute is skipped).
    public let name: String
    /// The attribute's value; `nil` for a boolean attribute.
    public let value: String?

    init(trusted name: String, value: String?) {
        self.name = name
        self.value = value
    }

    /// An attribute with any name; an invalid name drops the attribute.
    public static func custom(name: String, value: String? = nil) -> HTMLAttribute {
        HTMLAttribute(trusted: isValidName(name) ? name : "", value: value)
    }

    /// `data-name="value"`; an invalid name drops the attribute.
    public static func data(_ name: String, _ value: String) -> HTMLAttribute {
        HTMLAttribute(trusted: isValidName(name) ? "data-" + name : "", value: value)
    }

    /// `aria-name="value"`; an invalid name drops the attribute.
    public static func aria(_ name: String, _ value: String) -> HTMLAttribute {
        HTMLAttribute(trusted: isValidName(name) ? "aria-" + name : "", value: value)
    }

    /// Whether `name` is a non-empty run of `[a-zA-Z0-9-:_]`.
    static func isValidName(_ name: String) -> Bool {
        if name.isEmpty { return false }
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "_"):
                continue
            default:
                return false
            }
        }
        return true
    }

    @usableFromInline func render(into output: inout HTMLOutput) {
        if name.isEmpty { return }
        guard let value else {
            output.appendRaw(" ")
            output.appendRaw(name)
            return
        }
        output.appendAttributeStart(name)
        output.appendEscapedAttribute(value)
        output.appendRaw("\"")
    }
}

// MARK: - Named attributes

extension HTMLAttribute {
    /// `class="…"` (space-separated class names).
    public static func `class`(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "class", value: value) }
    /// `id="…"`.
    public static func id(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "id", value: value) }
    /// `href="…"`; `javascript:`, `vbscript:` and `data:` URLs become `#blocked`.
    public static func href(_ url: String) -> HTMLAttribute {
        HTMLAttribute(trusted: "href", value: URLAttributeSanitizer.sanitize(url, allowImageData: false))
    }
    /// `src="…"`; `javascript:`, `vbscript:` and non-image `data:` URLs become `#blocked`.
    public static func src(_ url: String) -> HTMLAttribute {
        HTMLAttribute(trusted: "src", value: URLAttributeSanitizer.sanitize(url, allowImageData: true))
    }
    /// `action="…"` of a form; `javascript:`, `vbscript:` and `data:` URLs become `#blocked`.
    public static func action(_ url: String) -> HTMLAttribute {
        HTMLAttribute(trusted: "action", value: URLAttributeSanitizer.sanitize(url, allowImageData: false))
    }
    /// `formaction="…"` of a submit button; `javascript:`, `vbscript:` and `data:` URLs become `#blocked`.
    public static func formaction(_ url: String) -> HTMLAttribute {
        HTMLAttribute(trusted: "formaction", value: URLAttributeSanitizer.sanitize(url, allowImageData: false))
    }
    /// `method="…"` of a form, as a string.
    public static func method(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "method", value: value) }
    /// `method="get"` or `method="post"` of a form.
    public static func method(_ value: FormMethod) -> HTMLAttribute { HTMLAttribute(trusted: "method", value: value.rawValue) }
    /// `name="…"`.
    public static func name(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "name", value: value) }
    /// `value="…"`.
    public static func value(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "value", value: value) }
    /// `type="…"`.
    public static func type(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "type", value: value) }
    /// `rel="…"`.
    public static func rel(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "rel", value: value) }
    /// `target="…"`.
    public static func target(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "target", value: value) }
    /// `title="…"` (the tooltip attribute, not the `<title>` element).
    public static func title(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "title", value: value) }
    /// `lang="…"`.
    public static func lang(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "lang", value: value) }
    /// `role="…"`.
    public static func role(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "role", value: value) }
    /// `placeholder="…"`.
    public static func placeholder(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "placeholder", value: value) }
    /// `for="…"` of a label.
    public static func `for`(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "for", value: value) }
    /// `autocomplete="…"`.
    public static func autocomplete(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "autocomplete", value: value) }
    /// `alt="…"`.
    public static func alt(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "alt", value: value) }
    /// `content="…"` of a meta tag.
    public static func content(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "content", value: value) }
    /// `charset="…"`.
    public static func charset(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "charset", value: value) }
    /// `tabindex="n"`.
    public static func tabindex(_ value: Int) -> HTMLAttribute { HTMLAttribute(trusted: "tabindex", value: String(value)) }
    /// `datetime="…"` of a `<time>`.
    public static func datetime(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "datetime", value: value) }
    /// `minlength="n"`.
    public static func minlength(_ value: Int) -> HTMLAttribute { HTMLAttribute(trusted: "minlength", value: String(value)) }
    /// `maxlength="n"`.
    public static func maxlength(_ value: Int) -> HTMLAttribute { HTMLAttribute(trusted: "maxlength", value: String(value)) }
    /// `inputmode="…"`.
    public static func inputmode(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "inputmode", value: value) }
    /// `enctype="…"` of a form.
    public static func enctype(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "enctype", value: value) }
    /// `scope="…"` of a table header cell.
    public static func scope(_ value: String) -> HTMLAttribute { HTMLAttribute(trusted: "scope", value: value) }
    /// `colspan="n"` of a table cell.
    public static func colspan(_ value: Int) -> HTMLAttribute { HTMLAttribute(trusted: "colspan", value: String(value)) }

    /// Boolean `required`.
    public static let `required` = HTMLAttribute(trusted: "required", value: nil)
    /// Boolean `disabled`.
    public static let disabled = HTMLAttribute(trusted: "disabled", value: nil)
    /// Boolean `checked`.
    public static let checked = HTMLAttribute(trusted: "checked", value: nil)
    /// Boolean `selected`.
    public static let selected = HTMLAttribute(trusted: "selected", value: nil)
    /// Boolean `open` (of `<dialog>` and `<details>`).
    public static let open = HTMLAttribute(trusted: "open", value: nil)
    /// Boolean `hidden`.
    public static let hidden = HTMLAttribute(trusted: "hidden", value: nil)
    /// Boolean `autofocus`.
    public static let autofocus = HTMLAttribute(trusted: "autofocus", value: nil)
    /// Boolean `readonly`.
    public static let readonly = HTMLAttribute(trusted: "readonly", value: nil)
    /// Boolean `inert`: the subtree ignores focus and clicks.
    public static let inert = HTMLAttribute(trusted: "inert", value: nil)
    /// Boolean `defer` of a script.
    public static let `defer` = HTMLAttribute(trusted: "defer", value: nil)

    /// The HTTP method of a form.
    public enum FormMethod: String, Sendable {
        /// `GET`: the fields go into the URL's query (a search form).
        case get
        /// `POST`: the fields go in the body (every screen action).
        case post
    }
}
