import Foundation

/// Encodes a record into its fields (`[name: StoreValue]`): one per key of its top-level
/// keyed container. A field that is a primitive, a date, bytes, a UUID, a URL or a type that
/// encodes one of those (an enum with a raw value) is stored as such; anything else (a struct,
/// an array, a dictionary) is JSON text with sorted keys.
package enum RecordEncoder {
    package static func encode<Record: Encodable>(_ record: Record) throws -> [String: StoreValue] {
        let encoder = FieldsEncoder()
        do {
            try record.encode(to: encoder)
        } catch is NeedsJSON {
            encoder.storage.fields = nil
        }
        guard let fields = encoder.storage.fields else {
            throw StoreError(.invalidRecord, "\(Record.self) does not encode as a keyed container (a struct or class with fields), so it cannot be stored")
        }
        return fields
    }

    /// One value, as a field holding it would be stored (a query's operand).
    package static func encodeValue<Value: Encodable>(_ value: Value) throws -> StoreValue {
        if let direct = try direct(value) { return direct }
        let encoder = ValueEncoder()
        do {
            try value.encode(to: encoder)
        } catch is NeedsJSON {
            return try json(value)
        }
        if encoder.storage.wantsJSON { return try json(value) }
        return encoder.storage.value ?? .null
    }

    /// Dates, bytes, UUIDs and URLs, which `Codable` would otherwise spell in its own way.
    static func direct<Value: Encodable>(_ value: Value) throws -> StoreValue? {
        switch value {
        case let date as Date: return .date(rounding: date)
        case let data as Data: return .blob(Array(data))
        case let uuid as UUID: return .text(uuid.uuidString)
        case let url as URL: return .text(url.absoluteString)
        case let decimal as Decimal: return .text(decimal.description)
        default: return nil
        }
    }

    static func json<Value: Encodable>(_ value: Value) throws -> StoreValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return .text(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}

/// Thrown inside a value's encoding when it asks for a keyed or unkeyed container: it is
/// then stored as JSON.
struct NeedsJSON: Error {}

final class FieldsStorage {
    var fields: [String: StoreValue]?
}

struct FieldsEncoder: Encoder {
    let storage = FieldsStorage()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if storage.fields == nil { storage.fields = [:] }
        return KeyedEncodingContainer(FieldsContainer<Key>(storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        storage.fields = nil
        return RefusingUnkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        RefusingSingleValueContainer()
    }
}

struct FieldsContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: FieldsStorage
    var codingPath: [any CodingKey] = []

    private func set(_ value: StoreValue, _ key: Key) { storage.fields?[key.stringValue] = value }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.text(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.real(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(.real(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(try Self.integer(value, key), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(try Self.integer(value, key), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try RecordEncoder.encodeValue(value), key)
    }

    // An optional field that is nil is stored as NULL, not left out: saving a record whose
    // field became nil clears the column.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encodeOrNull(value, key) }

    private mutating func encodeOrNull<T: Encodable>(_ value: T?, _ key: Key) throws {
        guard let value else { return set(.null, key) }
        try encode(value, forKey: key)
    }

    static func integer<T: BinaryInteger>(_ value: T, _ key: Key) throws -> StoreValue {
        guard let exact = Int64(exactly: value) else {
            throw StoreError(.invalidRecord, "the field \(key.stringValue) holds \(value), beyond a 64-bit integer")
        }
        return .integer(exact)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        // A record that nests by hand: kept as unsupported rather than half-stored.
        storage.fields = nil
        return KeyedEncodingContainer(FieldsContainer<NestedKey>(storage: FieldsStorage()))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        storage.fields = nil
        return RefusingUnkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { FieldsEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { FieldsEncoder() }
}

final class ValueStorage {
    var value: StoreValue?
    /// It asked for a keyed or unkeyed container (even one left empty, as `[]` is).
    var wantsJSON = false
}

/// Encodes one value that asks for a single-value container; any other container means JSON.
struct ValueEncoder: Encoder {
    let storage = ValueStorage()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        storage.wantsJSON = true
        return KeyedEncodingContainer(ThrowingKeyedContainer<Key>())
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        storage.wantsJSON = true
        return RefusingUnkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { ValueContainer(storage: storage) }
}

struct ValueContainer: SingleValueEncodingContainer {
    let storage: ValueStorage
    var codingPath: [any CodingKey] = []

    private func set(_ value: StoreValue) { storage.value = value }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.text(value)) }
    mutating func encode(_ value: Double) throws { set(.real(value)) }
    mutating func encode(_ value: Float) throws { set(.real(Double(value))) }
    mutating func encode(_ value: Int) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { set(.integer(value)) }
    mutating func encode(_ value: UInt) throws { set(try Self.integer(value)) }
    mutating func encode(_ value: UInt8) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { set(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { set(try Self.integer(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { set(try RecordEncoder.encodeValue(value)) }

    static func integer<T: BinaryInteger>(_ value: T) throws -> StoreValue {
        guard let exact = Int64(exactly: value) else {
            throw StoreError(.invalidRecord, "\(value) is beyond a 64-bit integer")
        }
        return .integer(exact)
    }
}

/// The keyed container of a value that turns out to be JSON: the first write says so.
struct ThrowingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [any CodingKey] = []
    mutating func encodeNil(forKey key: Key) throws { throw NeedsJSON() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw NeedsJSON() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(ThrowingKeyedContainer<NestedKey>())
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { RefusingUnkeyedContainer() }
    mutating func superEncoder() -> any Encoder { ValueEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { ValueEncoder() }
}

struct RefusingUnkeyedContainer: UnkeyedEncodingContainer {
    var codingPath: [any CodingKey] = []
    var count = 0
    mutating func encodeNil() throws { throw NeedsJSON() }
    mutating func encode<T: Encodable>(_ value: T) throws { throw NeedsJSON() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(ThrowingKeyedContainer<NestedKey>())
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { RefusingUnkeyedContainer() }
    mutating func superEncoder() -> any Encoder { ValueEncoder() }
}

struct RefusingSingleValueContainer: SingleValueEncodingContainer {
    var codingPath: [any CodingKey] = []
    mutating func encodeNil() throws { throw NeedsJSON() }
    mutating func encode<T: Encodable>(_ value: T) throws { throw NeedsJSON() }
}
