/// The tag or attribute names of one document, each stored once and known by a small number:
/// a node record holds the number, and comparing two numbers is all a look-up by name costs
/// after the name has been found here once.
///
/// A name of up to 16 bytes is packed, lowercased, into two words and found by an open-addressed
/// probe — no `String` is made while parsing a name already seen; a longer name is compared as a
/// string.
/// ```swift
/// var table = NameTable.tags
/// let code = Array("DIV".utf8).withUnsafeBufferPointer { table.code(of: $0) }   // the code of "div"
/// table.names[Int(code)]                               // "div"
/// ```
struct NameTable: Sendable {
    /// The names, lowercased, by code.
    private(set) var names: [String] = []
    /// Each name's packed key, by code.
    private var keys: [Key] = []
    /// Open-addressed slots holding a code + 1 (0 is empty); a power of two in size.
    private var slots: [UInt16] = Array(repeating: 0, count: 256)

    /// A name's first 16 bytes, lowercased, and its length.
    struct Key: Equatable, Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var count: Int = 0

        init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
            var shift: UInt64 = 0
            for byte in bytes {
                let lower = Self.lowercased(byte)
                if count < 8 { low |= UInt64(lower) << shift } else if count < 16 { high |= UInt64(lower) << (shift - 64) }
                count += 1
                shift += 8
            }
        }

        /// The key of a name read in place (the parser's case): two straight loops, no generic
        /// iteration.
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            count = bytes.count
            let first = min(count, 8)
            var index = 0
            while index < first {
                let byte = bytes[index]
                low |= UInt64(Self.lowercased(byte)) << UInt64(index &* 8)
                index += 1
            }
            let second = min(count, 16)
            while index < second {
                let byte = bytes[index]
                high |= UInt64(Self.lowercased(byte)) << UInt64((index &- 8) &* 8)
                index += 1
            }
        }

        /// The key of a name of `count` bytes at `base`, when 16 bytes can be read from `base`
        /// (the page goes on after the name): the bytes are loaded a word at a time and
        /// lowercased together, with no loop per byte.
        @inline(__always)
        init(words base: UnsafeRawPointer, count: Int) {
            self.count = count
            low = Self.lowercased(UInt64(littleEndian: base.loadUnaligned(as: UInt64.self))) & Self.mask(count)
            if count > 8 {
                high = Self.lowercased(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt64.self))) & Self.mask(count - 8)
            }
        }

        /// The low `count` bytes of a word (all of them from 8 on).
        private static func mask(_ count: Int) -> UInt64 {
            count >= 8 ? ~0 : (1 &<< UInt64(count &* 8)) &- 1
        }

        /// `byte` made a small letter when it is an ASCII capital (`A`…`Z`), with no branch.
        @inline(__always)
        static func lowercased(_ byte: UInt8) -> UInt8 {
            byte &+ (byte &- 65 < 26 ? 32 : 0)
        }

        /// The eight bytes of `word` with ASCII capitals made small letters, all at once: a byte
        /// is a capital when it is ASCII, at least `A` and not above `Z`; its 0x20 bit is then set.
        static func lowercased(_ word: UInt64) -> UInt64 {
            let sevenBits = word & 0x7F7F_7F7F_7F7F_7F7F
            let atLeastA = sevenBits &+ 0x3F3F_3F3F_3F3F_3F3F   // high bit set from 0x41 (`A`) on
            let aboveZ = sevenBits &+ 0x2525_2525_2525_2525     // high bit set from 0x5B on
            let capitals = atLeastA & ~aboveZ & ~word & 0x8080_8080_8080_8080
            return word | (capitals &>> 2)
        }

        var hash: Int {
            let mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
            return Int(truncatingIfNeeded: mixed >> 40)
        }
    }

    /// A table holding `names` with codes 0, 1, 2… in that order.
    init(_ names: [String]) {
        for name in names { _ = Array(name.utf8).withUnsafeBufferPointer { code(of: $0) } }
    }

    /// The code of an existing name, or `nil` when the document never used it.
    func existingCode(of name: String) -> UInt16? {
        let key = Key(name.utf8)
        if key.count <= 16 { return find(key) }
        return find(key) { key.count <= 16 || names[$0] == name.lowercased() }
    }

    /// The code of `bytes` as a name, added to the table when it is new.
    mutating func code(of bytes: UnsafeBufferPointer<UInt8>) -> UInt16 {
        code(of: bytes, key: Key(bytes))
    }

    /// The code of a name already in the table, found by its key (`bytes` confirm a name longer
    /// than a key); `nil` when the document never used it.
    func existingCode(of bytes: UnsafeBufferPointer<UInt8>, key: Key) -> UInt16? {
        if key.count <= 16 { return find(key) }
        return find(key) { names[$0].utf8.elementsEqual(bytes.lazy.map(Key.lowercased)) }
    }

    /// Whether the name with code `code` has the key `key` and is at most 16 bytes long, so
    /// that the key is the whole name: how an end tag is matched to the open element.
    func isShortName(_ code: UInt16, _ key: Key) -> Bool {
        key.count <= 16 && keys[Int(code)] == key
    }

    /// The code of `bytes` as a name whose ``Key`` is `key`, added to the table when it is new.
    @inline(__always)
    mutating func code(of bytes: UnsafeBufferPointer<UInt8>, key: Key) -> UInt16 {
        // A short name is its key: found with no string made and no closure, and no call.
        if key.count <= 16, let code = find(key) { return code }
        return add(bytes, key: key)
    }

    /// The code of a long name, or of a new one, added to the table.
    private mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, key: Key) -> UInt16 {
        var made: String?
        func spelled() -> String {
            if let made { return made }
            let name = String(decoding: bytes.lazy.map(Key.lowercased), as: UTF8.self)
            made = name
            return name
        }
        if let code = find(key, { key.count <= 16 || names[$0] == spelled() }) { return code }
        let code = UInt16(names.count)
        names.append(spelled())
        keys.append(key)
        if names.count * 2 > slots.count { rehash() } else { place(code, key) }
        return code
    }

    /// The code of a name of at most 16 bytes, whose key is the whole name.
    @inline(__always)
    private func find(_ key: Key) -> UInt16? {
        let mask = slots.count - 1
        var slot = key.hash & mask
        while slots[slot] != 0 {
            let code = Int(slots[slot] - 1)
            if keys[code] == key { return UInt16(code) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private func find(_ key: Key, _ confirms: (Int) -> Bool) -> UInt16? {
        let mask = slots.count - 1
        var slot = key.hash & mask
        while slots[slot] != 0 {
            let code = Int(slots[slot] - 1)
            if keys[code] == key && confirms(code) { return UInt16(code) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private mutating func place(_ code: UInt16, _ key: Key) {
        let mask = slots.count - 1
        var slot = key.hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = code + 1
    }

    private mutating func rehash() {
        slots = Array(repeating: 0, count: slots.count * 2)
        for (code, key) in keys.enumerated() { place(UInt16(code), key) }
    }
}

extension NameTable {
    /// The tags every document starts with, at fixed codes (see ``TagCode``).
    static let tags = NameTable(TagCode.seeded)
    /// The attributes every document starts with, at fixed codes (see ``AttributeCode``).
    static let attributes = NameTable(AttributeCode.seeded)
}

/// Codes of the tags the reader itself looks at, fixed in every document.
package enum TagCode {
    package static let seeded = ["#document", "#text", "input", "label", "a", "form", "img", "template", "head", "script",
                         "style", "dialog", "textarea", "title", "fieldset", "legend", "nav", "main", "body", "li",
                         "option", "select", "button", "optgroup", "h1", "h2", "h3", "h4", "h5", "h6", "area", "div",
                         "span", "p", "br", "html", "meta", "link", "ul", "ol", "section", "article", "header", "footer", "aside",
                         "table", "tr", "td", "th", "thead", "tbody", "caption", "small", "strong", "em", "b", "i", "svg",
                         "path", "time", "output", "dl", "dt", "dd", "figure", "figcaption", "blockquote", "pre", "hr",
                         "summary", "details", "progress", "menu", "noscript", "circle", "g", "use", "abbr", "code", "kbd"]
    @inlinable package static var document: UInt16 { 0 }
    @inlinable package static var text: UInt16 { 1 }
    @inlinable package static var input: UInt16 { 2 }
    @inlinable package static var label: UInt16 { 3 }
    @inlinable package static var a: UInt16 { 4 }
    @inlinable package static var form: UInt16 { 5 }
    @inlinable package static var img: UInt16 { 6 }
    @inlinable package static var template: UInt16 { 7 }
    @inlinable package static var head: UInt16 { 8 }
    @inlinable package static var script: UInt16 { 9 }
    @inlinable package static var style: UInt16 { 10 }
    @inlinable package static var dialog: UInt16 { 11 }
    @inlinable package static var textarea: UInt16 { 12 }
    @inlinable package static var title: UInt16 { 13 }
    @inlinable package static var fieldset: UInt16 { 14 }
    @inlinable package static var legend: UInt16 { 15 }
    @inlinable package static var nav: UInt16 { 16 }
    @inlinable package static var main: UInt16 { 17 }
    @inlinable package static var body: UInt16 { 18 }
    @inlinable package static var li: UInt16 { 19 }
    @inlinable package static var option: UInt16 { 20 }
    @inlinable package static var select: UInt16 { 21 }
    @inlinable package static var button: UInt16 { 22 }
    @inlinable package static var optgroup: UInt16 { 23 }
    @inlinable package static var h1: UInt16 { 24 }
    @inlinable package static var h6: UInt16 { 29 }
    @inlinable package static var area: UInt16 { 30 }
    @inlinable package static var div: UInt16 { 31 }
    @inlinable package static var span: UInt16 { 32 }
    @inlinable package static var p: UInt16 { 33 }
    @inlinable package static var br: UInt16 { 34 }
    package static let details = code("details"), summary = code("summary")
    package static let table = code("table"), caption = code("caption")

    /// The fixed code of a seeded tag name.
    private static func code(_ name: String) -> UInt16 { seededCode(of: name, in: seeded) }
}

/// Codes of the attributes the reader itself looks at, fixed in every document.
package enum AttributeCode {
    package static let seeded = ["id", "for", "hidden", "aria-hidden", "style", "open", "type", "class", "href", "role",
                         "name", "value", "aria-label", "aria-labelledby", "aria-current", LandmarkName.screen.description, "disabled",
                         "aria-disabled", "alt", "rel", "aria-modal", "method", "action", "enctype", "placeholder", "required", "checked",
                         "selected", "multiple", "aria-describedby", "aria-invalid", "aria-expanded", "aria-controls",
                         "tabindex", "lang", "charset", "content", "src", "width", "height", "viewbox", "fill", "d",
                         LandmarkName.dismissURL.description, "formaction", "formmethod", "minlength", "maxlength", "min", "max", "step",
                         "pattern", "accept", "autocomplete", "inputmode", "size", "list", "label", "title", "aria-live",
                         "data-rules", "aria-required", "aria-level", "xmlns", "stroke", "datetime", "colspan", "scope",
                         "novalidate", "autofocus", "rows", "cols", "integrity", "crossorigin", "defer", "async", "media",
                         "sizes", "loading", "decoding", "focusable", "aria-atomic", "aria-busy", "aria-haspopup", "form", "inert",
                         // What WebRouter's own chrome writes: a page's first name missing here copies
                         // the table (about 11,000 instructions a page).
                         "blocking", "data-depth", "data-validate", "data-webrouter-prefetch", "readonly", "target"]
    @inlinable package static var id: UInt16 { 0 }
    @inlinable package static var `for`: UInt16 { 1 }
    @inlinable package static var hidden: UInt16 { 2 }
    @inlinable package static var ariaHidden: UInt16 { 3 }
    @inlinable package static var style: UInt16 { 4 }
    @inlinable package static var open: UInt16 { 5 }
    @inlinable package static var type: UInt16 { 6 }
    @inlinable package static var `class`: UInt16 { 7 }
    @inlinable package static var href: UInt16 { 8 }
    @inlinable package static var role: UInt16 { 9 }
    @inlinable package static var name: UInt16 { 10 }
    @inlinable package static var value: UInt16 { 11 }
    @inlinable package static var ariaLabel: UInt16 { 12 }
    @inlinable package static var ariaLabelledby: UInt16 { 13 }
    @inlinable package static var ariaCurrent: UInt16 { 14 }
    @inlinable package static var dataScreen: UInt16 { 15 }
    @inlinable package static var disabled: UInt16 { 16 }
    @inlinable package static var ariaDisabled: UInt16 { 17 }
    @inlinable package static var alt: UInt16 { 18 }
    @inlinable package static var rel: UInt16 { 19 }
    @inlinable package static var ariaModal: UInt16 { 20 }
    package static let placeholder = code("placeholder"), title = code("title"), ariaLevel = code("aria-level")
    package static let method = code("method"), action = code("action"), enctype = code("enctype")
    package static let formaction = code("formaction"), formmethod = code("formmethod")
    package static let checked = code("checked"), selected = code("selected"), multiple = code("multiple"), label = code("label")
    package static let ariaDescribedby = code("aria-describedby"), ariaInvalid = code("aria-invalid")
    package static let required = code("required"), ariaRequired = code("aria-required")
    package static let dataRules = code("data-rules"), dataDismiss = code(LandmarkName.dismissURL.description)
    package static let minlength = code("minlength"), maxlength = code("maxlength"), min = code("min"), max = code("max")
    package static let step = code("step"), pattern = code("pattern"), accept = code("accept")

    /// The fixed code of a seeded attribute name.
    private static func code(_ name: String) -> UInt16 { seededCode(of: name, in: seeded) }
}

/// The code of `name` in a seed list: its place there, which is its code in every document.
private func seededCode(of name: String, in seeded: [String]) -> UInt16 { UInt16(seeded.firstIndex(of: name)!) }
