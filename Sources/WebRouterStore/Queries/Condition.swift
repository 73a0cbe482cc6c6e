/// One test a ``Query`` applies to each record: a field compared with a value. Written with
/// key paths and the usual operators, so the compiler checks the field's type:
/// `\.owner == "ada"`, `\.done == false`, `\.createdAt > since`, `\.doneAt == nil`.
/// ```swift
/// let mine = Note.filter(\.owner == "ada").filter(\.createdAt > lastWeek)
/// ```
public struct Condition<Record: StoredRecord>: Sendable {
    /// The field's name, or why the key path names none (thrown when the query runs).
    let field: Result<String, StoreError>
    let comparison: Comparison
    let value: Result<StoreValue, StoreError>

    init(field: Result<String, StoreError>, _ comparison: Comparison, value: Result<StoreValue, StoreError>) {
        self.field = field
        self.comparison = comparison
        self.value = value
    }

    /// A condition on a field named as a string (see ``Field``).
    /// ```swift
    /// let open = Condition<Note>(Field("status"), .equal, "open")
    /// ```
    public init(_ field: Field, _ comparison: Comparison, _ value: some Encodable) {
        self.init(field: .success(field.name), comparison, value: Self.encode(value))
    }

    init<Value: Encodable>(_ keyPath: KeyPath<Record, Value>, _ comparison: Comparison, _ value: Value) {
        self.init(field: Self.name(keyPath), comparison, value: Self.encode(value))
    }

    static func name<Value: Encodable>(_ keyPath: KeyPath<Record, Value>) -> Result<String, StoreError> {
        Result {
            try FieldNames.name(of: keyPath)
        }.mapError { $0 as? StoreError ?? StoreError(.unknownField, "\($0)") }
    }

    static func encode(_ value: some Encodable) -> Result<StoreValue, StoreError> {
        Result {
            try RecordEncoder.encodeValue(value)
        }.mapError { $0 as? StoreError ?? StoreError(.invalidRecord, "a query's value cannot be stored: \($0)") }
    }
}

/// Records whose field equals `value` (`\.doneAt == nil`: the field is `NULL`).
/// ```swift
/// let adas = Note.filter(\.owner == "ada")
/// ```
public func == <Record: StoredRecord, Value: Encodable>(field: KeyPath<Record, Value>, value: Value) -> Condition<Record> {
    Condition(field, .equal, value)
}

/// Records whose field differs from `value` (`!= nil`: it is not `NULL`; a `NULL` field
/// differs from no value).
/// ```swift
/// let others = Note.filter(\.owner != "ada")
/// ```
public func != <Record: StoredRecord, Value: Encodable>(field: KeyPath<Record, Value>, value: Value) -> Condition<Record> {
    Condition(field, .notEqual, value)
}

/// Records whose field is less than `value`.
/// ```swift
/// let old = Note.filter(\.createdAt < lastYear)
/// ```
public func < <Record: StoredRecord, Value: Encodable & Comparable>(field: KeyPath<Record, Value>, value: Value) -> Condition<Record> {
    Condition(field, .lessThan, value)
}

/// Records whose field is at most `value`.
/// ```swift
/// let cheap = Item.filter(\.price <= 10)
/// ```
public func <= <Record: StoredRecord, Value: Encodable & Comparable>(field: KeyPath<Record, Value>, value: Value) -> Condition<Record> {
    Condition(field, .lessThanOrEqual, value)
}

/// Records whose field is greater than `value`.
/// ```swift
/// let recent = Note.filter(\.createdAt > lastWeek)
/// ```
public func > <Record: StoredRecord, Value: Encodable & Comparable>(field: KeyPath<Record, Value>, value: Value) -> Condition<Record> {
    Condition(field, .greaterThan, value)
}

/// Records whose field is at least `value`.
/// ```swift
/// let adults = Person.filter(\.age >= 18)
/// ```
public func >= <Record: StoredRecord, Value: Encodable & Comparable>(field: KeyPath<Record, Value>, value: Value) -> Condition<Record> {
    Condition(field, .greaterThanOrEqual, value)
}
