import Foundation
@_spi(WebRouterInternals) import WebRouterHTTP

/// Which stored field a key path reads (`\Note.title` → `title`), found without any
/// declaration: the record is decoded a few times from made-up values, each field a different
/// one (a counter; a bit of it for booleans and `CaseIterable` enums), and the field whose
/// stored values match what the key path reads in every round is the one. The coding key is
/// what counts, so a renamed key (`case createdAt = "created_at"`) is found as stored.
/// Done once per record type and key path; a record whose decoding refuses made-up values (an
/// enum that is not `CaseIterable`, a validating `init(from:)`) says so, and its queries can
/// name fields as strings instead.
package enum FieldNames {
    /// Rounds of made-up values: booleans and enums tell apart 2^rounds fields.
    static let rounds = 8

    final class Probes<Record>: @unchecked Sendable {
        let records: [Record]
        let fields: [[String: StoreValue]]
        /// The names found, by key path (key paths are not `Sendable`: guarded by `lock`).
        private var names: [AnyKeyPath: String] = [:]
        private let lock = NSLock()

        func name(_ keyPath: AnyKeyPath) -> String? {
            lock.withLock { names[keyPath] }
        }

        func remember(_ name: String, for keyPath: AnyKeyPath) {
            lock.withLock { names[keyPath] = name }
        }

        init(records: [Record], fields: [[String: StoreValue]]) {
            self.records = records
            self.fields = fields
        }
    }

    private static let cache = Locked<[ObjectIdentifier: Result<any Sendable, StoreError>]>([:])

    static func probes<Record: StoredRecord>(_ type: Record.Type) throws -> Probes<Record> {
        let key = ObjectIdentifier(type)
        if let cached = cache.withLock({ $0[key] }) {
            return try cached.get() as! Probes<Record>
        }
        let made: Result<any Sendable, StoreError>
        do {
            var records: [Record] = []
            var fields: [[String: StoreValue]] = []
            for round in 0..<rounds {
                let record = try Record(from: ProbeDecoder(state: ProbeState(round: round)))
                records.append(record)
                fields.append(try RecordEncoder.encode(record))
            }
            made = .success(Probes(records: records, fields: fields))
        } catch {
            made = .failure(StoreError(.unknownField, "\(Record.self)'s fields cannot be found from key paths (its decoding refused made-up values: \(error)); make its enums CaseIterable or name fields as strings, Field(\"name\")"))
        }
        cache.withLock { $0[key] = made }
        return try made.get() as! Probes<Record>
    }

    /// The stored fields of `Record` (its coding keys), as it encodes them.
    package static func fields<Record: StoredRecord>(of type: Record.Type) throws -> Set<String> {
        Set(try probes(type).fields[0].keys)
    }

    /// The field `keyPath` reads, or why it is none.
    package static func name<Record: StoredRecord, Value: Encodable>(of keyPath: KeyPath<Record, Value>) throws -> String {
        let probes = try probes(Record.self)
        if let known = probes.name(keyPath) { return known }
        var candidates = Set(probes.fields[0].keys)
        for (record, fields) in zip(probes.records, probes.fields) {
            let read = try RecordEncoder.encodeValue(record[keyPath: keyPath])
            candidates = candidates.filter { fields[$0] == read }
            if candidates.isEmpty { break }
        }
        guard candidates.count == 1, let name = candidates.first else {
            if candidates.isEmpty {
                throw StoreError(.unknownField, "\(keyPath) is not a stored field of \(Record.self) (a computed property, or a property inside a field?)")
            }
            throw StoreError(.unknownField, "\(keyPath) could be any of the fields \(candidates.sorted()) of \(Record.self); name the field as a string, Field(\"name\")")
        }
        probes.remember(name, for: keyPath)
        return name
    }
}

/// The made-up values of one round: a counter, shared by every container of the record.
final class ProbeState {
    let round: Int
    private var counter = 0

    init(round: Int) { self.round = round }

    func next() -> Int {
        counter += 1
        return counter
    }

    /// A made-up value of `type`, different for every field in one round (booleans and enums:
    /// a bit of the counter, different across rounds).
    func value<T: Decodable>(_ type: T.Type, codingPath: [any CodingKey]) throws -> T {
        let n = next()
        let bit = (n >> round) & 1 == 1
        let made: Any?
        switch type {
        case is Bool.Type: made = bit
        case is String.Type: made = "\u{1F}probe\(n)"
        case is Double.Type: made = Double(n) + 0.5
        case is Float.Type: made = Float(n) + 0.5
        case is Int.Type: made = n
        case is Int8.Type: made = Int8(truncatingIfNeeded: n)
        case is Int16.Type: made = Int16(truncatingIfNeeded: n)
        case is Int32.Type: made = Int32(truncatingIfNeeded: n)
        case is Int64.Type: made = Int64(n)
        case is UInt.Type: made = UInt(n)
        case is UInt8.Type: made = UInt8(truncatingIfNeeded: n)
        case is UInt16.Type: made = UInt16(truncatingIfNeeded: n)
        case is UInt32.Type: made = UInt32(truncatingIfNeeded: n)
        case is UInt64.Type: made = UInt64(n)
        case is Date.Type: made = Date(timeIntervalSince1970: Double(n) * 1000)
        case is Data.Type: made = Data("probe\(n)".utf8)
        case is UUID.Type: made = UUID(uuidString: "00000000-0000-4000-8000-" + String(String(n).suffix(12)).leftPadded(to: 12))
        case is URL.Type: made = URL(string: "probe:\(n)")
        case is Decimal.Type: made = Decimal(n)
        case let cases as any CaseIterable.Type:
            let all = Self.allCases(of: cases)
            made = all.isEmpty ? nil : all[(bit ? 1 : 0) % all.count]
        default:
            return try T(from: ProbeDecoder(state: self, codingPath: codingPath))
        }
        guard let value = made as? T else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "no made-up value of \(type)"))
        }
        return value
    }
}

extension ProbeState {
    static func allCases<Cases: CaseIterable>(of type: Cases.Type) -> [Any] {
        type.allCases.map { $0 }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}

struct ProbeDecoder: Decoder {
    let state: ProbeState
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ProbeKeyedContainer<Key>(state: state, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        ProbeUnkeyedContainer(state: state, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ProbeSingleValueContainer(state: state, codingPath: codingPath)
    }
}

struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: ProbeState
    var codingPath: [any CodingKey]
    /// A dictionary gets one made-up key, so two dictionary fields differ.
    var allKeys: [Key] { [Key(stringValue: "probe\(state.next())")].compactMap { $0 } }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try state.value(type, codingPath: codingPath + [key])
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(ProbeKeyedContainer<NestedKey>(state: state, codingPath: codingPath + [key]))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        ProbeUnkeyedContainer(state: state, codingPath: codingPath + [key])
    }
    func superDecoder() throws -> any Decoder { ProbeDecoder(state: state, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { ProbeDecoder(state: state, codingPath: codingPath + [key]) }
}

/// An array of one made-up element.
struct ProbeUnkeyedContainer: UnkeyedDecodingContainer {
    let state: ProbeState
    var codingPath: [any CodingKey]
    var count: Int? { 1 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= 1 }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        return try state.value(type, codingPath: codingPath)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        currentIndex += 1
        return KeyedDecodingContainer(ProbeKeyedContainer<NestedKey>(state: state, codingPath: codingPath))
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        currentIndex += 1
        return ProbeUnkeyedContainer(state: state, codingPath: codingPath)
    }
    mutating func superDecoder() throws -> any Decoder { ProbeDecoder(state: state, codingPath: codingPath) }
}

struct ProbeSingleValueContainer: SingleValueDecodingContainer {
    let state: ProbeState
    var codingPath: [any CodingKey]

    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try state.value(type, codingPath: codingPath) }
}
