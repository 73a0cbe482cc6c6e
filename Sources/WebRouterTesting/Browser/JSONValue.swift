import WebRouterHTML
/// A JSON value as WebDriver sends and receives it.
///
/// WebDriver's wire format is JSON; this type is both what ``WebDriverSession/execute(_:_:)``
/// returns and what its arguments are. It has its own small reader and writer (rather than
/// `JSONSerialization`) so that `true` and `1` stay apart and the encoding is deterministic:
/// object keys are written sorted, and a whole number is written without a fraction (`1280`,
/// not `1280.0`: WebDriver's integer fields reject the latter).
///
/// ```swift
/// let value: JSONValue = ["width": 1280, "headless": true, "args": ["--no-sandbox"]]
/// value.serialized   // {"args":["--no-sandbox"],"headless":true,"width":1280}
/// ```
package enum JSONValue: Sendable, Equatable, Hashable {
    /// `null` (JavaScript's `null` and `undefined` both arrive as this).
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; JSON does not tell integers apart, so every number is a `Double`.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    // MARK: - Reading the cases

    /// The string, if this is one.
    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, if this is one.
    package var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as an `Int`, if this is a whole number that fits.
    package var intValue: Int? {
        guard case .number(let value) = self, value.rounded() == value, abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }

    /// The Boolean, if this is one.
    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an array.
    package var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, if this is an object.
    package var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is `null`.
    package var isNull: Bool { self == .null }

    /// The member named `key` of an object; `nil` for a missing key or a value that is not an object.
    package subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    // MARK: - Writing

    /// The compact JSON text of this value (object keys sorted).
    package var serialized: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null:
            output += "null"
        case .bool(let value):
            output += value ? "true" : "false"
        case .number(let value):
            if !value.isFinite {
                output += "null"   // JSON has no NaN or infinity; JavaScript's JSON.stringify does the same.
            } else if value.rounded() == value, abs(value) < 9.0e15 {
                output += String(Int(value))
            } else {
                output += "\(value)"
            }
        case .string(let value):
            Self.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                members[key]!.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    // MARK: - Reading

    /// Parses JSON text (a whole document: one value, surrounded by whitespace at most).
    package init(parsing bytes: [UInt8]) throws(JSONParseError) {
        var reader = JSONReader(bytes: bytes)
        self = try reader.readDocument()
    }

    /// Parses JSON text.
    package init(parsing text: String) throws(JSONParseError) {
        try self.init(parsing: Array(text.utf8))
    }
}

/// Why a text is not JSON: what was expected and the byte offset where reading stopped.
package struct JSONParseError: Error, CustomStringConvertible, Sendable {
    /// What the reader expected.
    package var expected: String
    /// The byte offset where it stopped.
    package var offset: Int
    /// `invalid JSON at byte 12: expected a value`.
    package var description: String { "invalid JSON at byte \(offset): expected \(expected)" }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `nil` is `.null`.
    package init(nilLiteral: ()) { self = .null }
    /// `true` is `.bool(true)`.
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `3` is `.number(3)`.
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// `0.5` is `.number(0.5)`.
    package init(floatLiteral value: Double) { self = .number(value) }
    /// `"a"` is `.string("a")`.
    package init(stringLiteral value: String) { self = .string(value) }
    /// `[1, "a"]` is an `.array`.
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// `["a": 1]` is an `.object` (a repeated key keeps its last value).
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue: CustomStringConvertible {
    /// The JSON text (``serialized``).
    package var description: String { serialized }
}

/// A recursive-descent reader of JSON bytes (RFC 8259).
private struct JSONReader {
    let bytes: [UInt8]
    var offset = 0
    /// How deep arrays and objects may nest before the reader gives up (a guard against stack overflow).
    static let maximumDepth = 512

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func readDocument() throws(JSONParseError) -> JSONValue {
        let value = try readValue(depth: 0)
        skipWhitespace()
        guard offset == bytes.count else { throw failure("the end of the text") }
        return value
    }

    func failure(_ expected: String) -> JSONParseError {
        JSONParseError(expected: expected, offset: offset)
    }

    mutating func skipWhitespace() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    mutating func expect(_ literal: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let utf8 = Array(literal.utf8)
        guard offset + utf8.count <= bytes.count, Array(bytes[offset..<offset + utf8.count]) == utf8 else {
            throw failure("`\(literal)`")
        }
        offset += utf8.count
        return value
    }

    mutating func readValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("at most \(Self.maximumDepth) levels of nesting") }
        skipWhitespace()
        guard offset < bytes.count else { throw failure("a value") }
        switch bytes[offset] {
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "["):
            offset += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return .array(elements)
            }
            while true {
                elements.append(try readValue(depth: depth + 1))
                skipWhitespace()
                guard offset < bytes.count else { throw failure("`,` or `]`") }
                if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                if bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(elements) }
                throw failure("`,` or `]`")
            }
        case UInt8(ascii: "{"):
            offset += 1
            var members: [String: JSONValue] = [:]
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw failure("a member name") }
                let key = try readString()
                skipWhitespace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw failure("`:`") }
                offset += 1
                members[key] = try readValue(depth: depth + 1)
                skipWhitespace()
                guard offset < bytes.count else { throw failure("`,` or `}`") }
                if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                if bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
                throw failure("`,` or `}`")
            }
        default:
            return .number(try readNumber())
        }
    }

    mutating func readNumber() throws(JSONParseError) -> Double {
        let start = offset
        let allowed = Set("+-0123456789.eE".utf8)
        while offset < bytes.count, allowed.contains(bytes[offset]) { offset += 1 }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard !text.isEmpty, let value = Double(text) else {
            offset = start
            throw failure("a value")
        }
        return value
    }

    mutating func readHex4() throws(JSONParseError) -> UInt32 {
        guard offset + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
        else { throw failure("four hexadecimal digits") }
        offset += 4
        return value
    }

    mutating func readString() throws(JSONParseError) -> String {
        offset += 1   // the opening quote
        var scalars = String.UnicodeScalarView()
        var run = offset   // start of the current run of unescaped bytes
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard offset < bytes.count else { throw failure("a closing `\"`") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                flush(offset)
                offset += 1
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else {
                offset += 1
                continue
            }
            flush(offset)
            offset += 1
            guard offset < bytes.count else { throw failure("an escape") }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try readHex4()
                if (0xD800..<0xDC00).contains(code), offset + 6 <= bytes.count,
                   bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
                {
                    let save = offset
                    offset += 2
                    let low = try readHex4()
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        offset = save
                    }
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")   // a lone surrogate becomes U+FFFD
            default:
                offset -= 1
                throw failure("a valid escape")
            }
            run = offset
        }
    }
}
