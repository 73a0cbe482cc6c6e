/// Writes a ``PageState`` as JSON bytes straight into one buffer: the same bytes as
/// `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]` (a test holds them equal), at a
/// fraction of the cost — Foundation's encoder builds a tree of boxed values and sorts every
/// object's keys on every call, which cost more than reading the page.
///
/// ```swift
/// let bytes = PageStateJSONWriter.encode(state)   // {"alerts":[],"baseScreen":"Feed",…}
/// ```
enum PageStateJSONWriter {
    /// `state` as JSON, keys sorted, slashes left as they are.
    static func encode(_ state: PageState) -> [UInt8] {
        var writer = Buffer(capacity: 1024 + state.text.utf8.count + state.links.count * 128 + state.forms.count * 512)
        defer { writer.storage.deallocate() }
        writer.write(state)
        return Array(UnsafeBufferPointer(start: writer.storage, count: writer.count))
    }

    /// The output and the value writers; keys are written in sorted order by hand (the order
    /// `JSONEncoder`'s `.sortedKeys` gives: these keys are ASCII). The output is one block of
    /// memory grown by doubling: a key or a value is one copy, with none of an array's checks.
    private struct Buffer {
        var storage: UnsafeMutablePointer<UInt8>
        var capacity: Int
        var count = 0

        init(capacity: Int) {
            self.capacity = capacity
            storage = .allocate(capacity: capacity)
        }

        /// Makes room for `extra` more bytes.
        @inline(__always)
        mutating func reserve(_ extra: Int) {
            if count + extra > capacity { grow(extra) }
        }

        /// Moves the output to a block with room for `extra` more bytes.
        mutating func grow(_ extra: Int) {
            let grown = max(capacity * 2, count + extra)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            larger.update(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity = grown
        }

        mutating func append(_ byte: UInt8) {
            reserve(1)
            storage[count] = byte
            count += 1
        }

        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            reserve(bytes.count)
            if bytes.count <= 16 {   // a key or a short value: a loop beats a call to memmove
                for index in 0..<bytes.count { storage[count + index] = base[index] }
            } else {
                (storage + count).update(from: base, count: bytes.count)
            }
            count += bytes.count
        }

        mutating func write(_ state: PageState) {
            raw("{\"alerts\":"); array(state.alerts) { $0.write($1) }
            raw(",\"baseScreen\":"); string(state.baseScreen)
            raw(",\"forms\":"); array(state.forms) { $0.write($1) }
            raw(",\"headings\":"); array(state.headings) { writer, heading in
                writer.raw("{\"level\":"); writer.int(heading.level)
                writer.raw(",\"text\":"); writer.string(heading.text)
                writer.raw("}")
            }
            raw(",\"layers\":"); array(state.layers) { $0.write($1) }
            raw(",\"links\":"); array(state.links) { $0.write($1) }
            raw(",\"schema\":"); string(state.schema)
            raw(",\"screen\":"); string(state.screen)
            raw(",\"status\":"); int(state.status)
            raw(",\"tabs\":"); array(state.tabs) { writer, tab in
                writer.raw("{\"href\":"); writer.string(tab.href)
                writer.raw(",\"label\":"); writer.string(tab.label)
                writer.raw(",\"requiresSignIn\":"); writer.bool(tab.requiresSignIn)
                writer.raw(",\"selected\":"); writer.bool(tab.selected)
                writer.raw("}")
            }
            raw(",\"text\":"); string(state.text)
            raw(",\"title\":"); string(state.title)
            raw(",\"url\":"); string(state.url)
            raw("}")
        }

        mutating func write(_ alert: PageState.Alert) {
            raw("{\"actions\":"); array(alert.actions) { writer, action in
                writer.raw("{\"form\":"); writer.int(action.form)
                writer.raw(",\"href\":"); writer.string(action.href)
                writer.raw(",\"kind\":"); writer.string(action.kind.rawValue)
                writer.raw(",\"label\":"); writer.string(action.label)
                writer.raw(",\"role\":"); writer.string(action.role)
                writer.raw("}")
            }
            raw(",\"dismiss\":"); string(alert.dismiss)
            raw(",\"kind\":"); string(alert.kind)
            raw(",\"message\":"); string(alert.message)
            raw(",\"title\":"); string(alert.title)
            raw("}")
        }

        mutating func write(_ layer: PageState.Layer) {
            raw("{\"breadcrumb\":"); array(layer.breadcrumb) { writer, crumb in
                writer.raw("{\"href\":"); writer.string(crumb.href)
                writer.raw(",\"label\":"); writer.string(crumb.label)
                writer.raw("}")
            }
            raw(",\"dismiss\":"); string(layer.dismiss)
            raw(",\"kind\":"); string(layer.kind.rawValue)
            raw(",\"screen\":"); string(layer.screen)
            raw(",\"style\":"); string(layer.style)
            raw(",\"title\":"); string(layer.title)
            raw("}")
        }

        mutating func write(_ link: PageState.Link) {
            raw("{\"alert\":"); int(link.alert)
            raw(",\"current\":"); bool(link.current)
            raw(",\"href\":"); string(link.href)
            raw(",\"layer\":"); int(link.layer)
            raw(",\"name\":"); string(link.name)
            raw(",\"rel\":"); string(link.rel)
            raw("}")
        }

        mutating func write(_ form: PageState.Form) {
            raw("{\"action\":"); string(form.action)
            raw(",\"alert\":"); int(form.alert)
            raw(",\"buttons\":"); array(form.buttons) { writer, button in
                writer.raw("{\"disabled\":"); writer.bool(button.disabled)
                writer.raw(",\"formaction\":"); writer.string(button.formaction)
                writer.raw(",\"formmethod\":"); writer.string(button.formmethod)
                writer.raw(",\"label\":"); writer.string(button.label)
                writer.raw(",\"name\":"); writer.string(button.name)
                writer.raw(",\"value\":"); writer.string(button.value)
                writer.raw("}")
            }
            raw(",\"enctype\":"); string(form.enctype)
            raw(",\"errors\":"); array(form.errors) { $0.string($1) }
            raw(",\"fields\":"); array(form.fields) { $0.write($1) }
            raw(",\"layer\":"); int(form.layer)
            raw(",\"method\":"); string(form.method)
            raw("}")
        }

        mutating func write(_ field: PageState.Field) {
            raw("{\"checked\":"); bool(field.checked)
            raw(",\"disabled\":"); bool(field.disabled)
            raw(",\"error\":"); string(field.error)
            raw(",\"label\":"); string(field.label)
            raw(",\"name\":"); string(field.name)
            raw(",\"options\":")
            if let options = field.options {
                array(options) { writer, option in
                    writer.raw("{\"disabled\":"); writer.bool(option.disabled)
                    writer.raw(",\"label\":"); writer.string(option.label)
                    writer.raw(",\"selected\":"); writer.bool(option.selected)
                    writer.raw(",\"value\":"); writer.string(option.value)
                    writer.raw("}")
                }
            } else {
                raw("null")
            }
            raw(",\"required\":"); bool(field.required)
            raw(",\"rules\":{")
            for (index, name) in field.rules.keys.sorted().enumerated() {
                if index > 0 { raw(",") }
                string(name); raw(":"); string(field.rules[name])
            }
            raw("}")
            raw(",\"type\":"); string(field.type)
            raw(",\"value\":"); string(field.value)
            raw("}")
        }

        // MARK: - Values

        mutating func array<Element>(_ elements: [Element], _ write: (inout Buffer, Element) -> Void) {
            append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                write(&self, element)
            }
            append(UInt8(ascii: "]"))
        }

        /// Punctuation and keys: ASCII literals, copied as they are. A literal of 4 to 16 bytes
        /// (every key) is copied as two overlapping words from its two ends, with no loop and
        /// no byte read outside it.
        @inline(__always)
        mutating func raw(_ literal: StaticString) {
            let length = literal.utf8CodeUnitCount
            let source = UnsafeRawPointer(literal.utf8Start)
            reserve(length)
            let target = UnsafeMutableRawPointer(storage + count)
            switch length {
            case 8...16:
                let head = source.loadUnaligned(as: UInt64.self), tail = source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                target.storeBytes(of: head, as: UInt64.self)
                target.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
            case 4..<8:
                let head = source.loadUnaligned(as: UInt32.self), tail = source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
                target.storeBytes(of: head, as: UInt32.self)
                target.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
            default:
                target.copyMemory(from: source, byteCount: length)
            }
            count += length
        }

        mutating func bool(_ value: Bool?) {
            guard let value else { return raw("null") }
            value ? raw("true") : raw("false")
        }

        mutating func int(_ value: Int?) {
            guard let value else { return raw("null") }
            // Digits written backwards into a word-sized scratch, then copied: no string made.
            reserve(20)
            var magnitude = value.magnitude
            var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
            let length = withUnsafeMutableBytes(of: &digits) { scratch in
                var start = scratch.count
                repeat {
                    start -= 1
                    scratch[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                    magnitude /= 10
                } while magnitude > 0
                if value < 0 { start -= 1; scratch[start] = UInt8(ascii: "-") }
                (storage + count).update(from: scratch.baseAddress!.advanced(by: start).assumingMemoryBound(to: UInt8.self),
                                         count: scratch.count - start)
                return scratch.count - start
            }
            count += length
        }

        /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX`;
        /// everything else, slashes and non-ASCII included, as its UTF-8 bytes.
        mutating func string(_ value: String?) {
            guard var value else { return raw("null") }
            append(UInt8(ascii: "\""))
            value.withUTF8 { utf8 in
                var start = 0
                var index = 0
                while index < utf8.count {
                    // Eight bytes at a time while none of them needs escaping (most text).
                    if index + 8 <= utf8.count,
                       !Self.needsEscape(UnsafeRawPointer(utf8.baseAddress! + index).loadUnaligned(as: UInt64.self)) {
                        index += 8
                        continue
                    }
                    let byte = utf8[index]
                    if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                        append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
                        escape(byte)
                        start = index + 1
                    }
                    index += 1
                }
                append(UnsafeBufferPointer(rebasing: utf8[start...]))
            }
            append(UInt8(ascii: "\""))
        }

        /// Whether any of the eight bytes in `word` is a control character, a quote or a backslash (the bit
        /// tricks of "Bit Twiddling Hacks": a byte below n, a byte equal to zero).
        private static func needsEscape(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
            let below0x20 = (word &- ones &* 0x20) & ~word & highs != 0
            return below0x20 || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
        }

        private mutating func escape(_ byte: UInt8) {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            default:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                raw("\\u00")
                append(hex[Int(byte >> 4)])
                append(hex[Int(byte & 0x0F)])
            }
        }
    }
}
