import Foundation

/// Decodes a record from its fields, as `RecordEncoder` stored them: each backend's values are
/// read back leniently by the type asked for (a `Bool` from SQLite's `0`/`1`, a `Date` from its
/// microseconds, a struct from its JSON text).
package enum RecordDecoder {
    package static func decode<Record: Decodable>(_ type: Record.Type, from fields: [String: StoreValue]) throws -> Record {
        do {
            return try Record(from: FieldsDecoder(fields: fields))
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.invalidRecord, "a stored \(Record.self) cannot be read back: \(error)")
        }
    }

    /// One value of `type` from `value` (a field's content).
    static func decodeValue<Value: Decodable>(_ type: Value.Type, from value: StoreValue, codingPath: [any CodingKey]) throws -> Value {
        if let direct = try direct(type, value, codingPath) { return direct }
        do {
            return try Value(from: ValueDecoder(value: value, codingPath: codingPath))
        } catch is NeedsJSON {
            guard case .text(let json) = value else { throw mismatch(type, value, codingPath) }
            return try JSONDecoder().decode(Value.self, from: Data(json.utf8))
        }
    }

    private static func direct<Value>(_ type: Value.Type, _ value: StoreValue, _ path: [any CodingKey]) throws -> Value? {
        if type == Date.self {
            switch value {
            case .date(let date): return date as? Value
            case .integer(let microseconds): return Date(microseconds: microseconds) as? Value
            default: throw mismatch(type, value, path)
            }
        }
        if type == Data.self {
            guard case .blob(let bytes) = value else { throw mismatch(type, value, path) }
            return Data(bytes) as? Value
        }
        if type == UUID.self {
            guard case .text(let text) = value, let uuid = UUID(uuidString: text) else { throw mismatch(type, value, path) }
            return uuid as? Value
        }
        if type == URL.self {
            guard case .text(let text) = value, let url = URL(string: text) else { throw mismatch(type, value, path) }
            return url as? Value
        }
        if type == Decimal.self {
            guard case .text(let text) = value, let decimal = Decimal(string: text) else { throw mismatch(type, value, path) }
            return decimal as? Value
        }
        return nil
    }

    static func mismatch(_ type: Any.Type, _ value: StoreValue, _ path: [any CodingKey]) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: "the stored value is \(value)"))
    }

    static func bool(_ value: StoreValue, _ path: [any CodingKey]) throws -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .integer(let number) where number == 0 || number == 1: return number == 1
        default: throw mismatch(Bool.self, value, path)
        }
    }

    static func integer<T: FixedWidthInteger>(_ type: T.Type, _ value: StoreValue, _ path: [any CodingKey]) throws -> T {
        guard case .integer(let number) = value, let exact = T(exactly: number) else { throw mismatch(type, value, path) }
        return exact
    }

    static func real(_ value: StoreValue, _ path: [any CodingKey]) throws -> Double {
        switch value {
        case .real(let number): return number
        case .integer(let number): return Double(number)
        default: throw mismatch(Double.self, value, path)
        }
    }

    static func text(_ value: StoreValue, _ path: [any CodingKey]) throws -> String {
        guard case .text(let text) = value else { throw mismatch(String.self, value, path) }
        return text
    }
}

struct FieldsDecoder: Decoder {
    let fields: [String: StoreValue]
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FieldsDecodingContainer<Key>(fields: fields))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, DecodingError.Context(codingPath: [], debugDescription: "a stored record is a keyed container"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(Any.self, DecodingError.Context(codingPath: [], debugDescription: "a stored record is a keyed container"))
    }
}

struct FieldsDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: StoreValue]
    var codingPath: [any CodingKey] = []
    var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func value(_ key: Key) throws -> StoreValue {
        guard let value = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "no stored field \(key.stringValue)"))
        }
        if case .null = value {
            throw DecodingError.valueNotFound(Any.self, DecodingError.Context(codingPath: codingPath + [key], debugDescription: "the stored field \(key.stringValue) is NULL"))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { fields[key.stringValue]?.isNull ?? true }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try RecordDecoder.bool(value(key), codingPath + [key]) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try RecordDecoder.text(value(key), codingPath + [key]) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try RecordDecoder.real(value(key), codingPath + [key]) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try RecordDecoder.real(value(key), codingPath + [key])) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try RecordDecoder.integer(type, value(key), codingPath + [key]) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try RecordDecoder.integer(type, value(key), codingPath + [key]) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try RecordDecoder.integer(type, value(key), codingPath + [key]) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try RecordDecoder.integer(type, value(key), codingPath + [key]) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try RecordDecoder.integer(type, value(key), codingPath + [key]) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try RecordDecoder.integer(type, value(key), codingPath + [key]) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try RecordDecoder.integer(type, value(key), codingPath + [key]) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try RecordDecoder.integer(type, value(key), codingPath + [key]) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try RecordDecoder.integer(type, value(key), codingPath + [key]) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try RecordDecoder.integer(type, value(key), codingPath + [key]) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try RecordDecoder.decodeValue(type, from: value(key), codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(type, DecodingError.Context(codingPath: codingPath + [key], debugDescription: "stored fields do not nest; a nested value is decoded as a whole"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, DecodingError.Context(codingPath: codingPath + [key], debugDescription: "stored fields do not nest; a nested value is decoded as a whole"))
    }

    func superDecoder() throws -> any Decoder { FieldsDecoder(fields: fields, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { FieldsDecoder(fields: fields, codingPath: codingPath + [key]) }
}

/// Decodes one value that reads a single-value container; asking for another container means
/// the value was stored as JSON.
struct ValueDecoder: Decoder {
    let value: StoreValue
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> { throw NeedsJSON() }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw NeedsJSON() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { ValueDecodingContainer(value: value, codingPath: codingPath) }
}

struct ValueDecodingContainer: SingleValueDecodingContainer {
    let value: StoreValue
    var codingPath: [any CodingKey]

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try RecordDecoder.bool(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try RecordDecoder.text(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try RecordDecoder.real(value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { Float(try RecordDecoder.real(value, codingPath)) }
    func decode(_ type: Int.Type) throws -> Int { try RecordDecoder.integer(type, value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try RecordDecoder.integer(type, value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try RecordDecoder.integer(type, value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try RecordDecoder.integer(type, value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try RecordDecoder.integer(type, value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try RecordDecoder.integer(type, value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try RecordDecoder.integer(type, value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try RecordDecoder.integer(type, value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try RecordDecoder.integer(type, value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try RecordDecoder.integer(type, value, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try RecordDecoder.decodeValue(type, from: value, codingPath: codingPath) }
}
