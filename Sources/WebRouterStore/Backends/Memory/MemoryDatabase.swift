import Foundation

/// The in-memory store's data: tables of rows by id, the indexes that must stay unique, the
/// migrations applied. A value: a transaction works on a copy and commits by replacing it.
struct MemoryDatabase: Sendable {
    struct Table: Sendable {
        var columns: [ColumnDefinition]
        var rows: [StoreValue: [String: StoreValue]] = [:]

        func column(_ name: String) -> ColumnDefinition? { columns.first { $0.name == name } }
    }

    struct Index: Sendable {
        let table: String
        let columns: [String]
        let unique: Bool
    }

    var tables: [String: Table] = [:]
    var indexes: [String: Index] = [:]
    var applied: [String] = []

    func table(_ name: String) throws -> Table {
        guard let table = tables[name] else {
            throw StoreError(.unknownTable, "there is no table \(name) (create it in a migration)")
        }
        return table
    }

    // MARK: Rows

    /// `fields` completed with defaults and checked against the columns, as SQL would.
    func complete(_ fields: [String: StoreValue], in name: String, over old: [String: StoreValue]? = nil) throws -> [String: StoreValue] {
        let table = try table(name)
        for field in fields.keys where table.column(field) == nil {
            throw StoreError(.unknownField, "the table \(name) has no column \(field) (add it in a migration)")
        }
        var row: [String: StoreValue] = [:]
        for column in table.columns {
            let value = fields[column.name] ?? old?[column.name] ?? column.defaultValue ?? .null
            if value.isNull && !column.isOptional {
                throw StoreError(.invalidRecord, "\(name).\(column.name) cannot be NULL")
            }
            if !column.type.accepts(value) {
                throw StoreError(.invalidRecord, "\(name).\(column.name) holds a \(column.type.rawValue), not \(value)")
            }
            row[column.name] = value
        }
        return row
    }

    /// Refuses `row` when another row (not `id`'s) has its values in a unique column or index.
    func checkUnique(_ row: [String: StoreValue], in name: String) throws {
        let table = try table(name)
        var groups = table.columns.filter(\.isUnique).map { [$0.name] }
        groups += indexes.values.filter { $0.table == name && $0.unique }.map(\.columns)
        let id = row["id"] ?? .null
        for columns in groups {
            let values = columns.map { row[$0] ?? .null }
            if values.contains(where: \.isNull) { continue }   // NULLs never clash, as in SQL
            for (otherID, other) in table.rows where otherID != id {
                if columns.map({ other[$0] ?? .null }) == values {
                    throw StoreError(.duplicate, "\(name) already has a record with \(columns.joined(separator: ", ")) \(values.map(\.description).joined(separator: ", "))")
                }
            }
        }
    }

    mutating func insert(_ fields: [String: StoreValue], into name: String) throws -> Bool {
        let row = try complete(fields, in: name)
        guard let id = row["id"], !id.isNull else { throw StoreError(.invalidRecord, "a record of \(name) has no id") }
        if tables[name]?.rows[id] != nil { return false }
        try checkUnique(row, in: name)
        tables[name]?.rows[id] = row
        return true
    }

    mutating func update(_ fields: [String: StoreValue], in name: String) throws -> Bool {
        guard let id = fields["id"], let old = try table(name).rows[id] else { return false }
        let row = try complete(fields, in: name, over: old)
        try checkUnique(row, in: name)
        tables[name]?.rows[id] = row
        return true
    }

    // MARK: Queries

    func select(_ query: RowQuery) throws -> [[String: StoreValue]] {
        let table = try table(query.table)
        for field in query.fields where table.column(field) == nil {
            throw StoreError(.unknownField, "the table \(query.table) has no column \(field)")
        }
        var rows = table.rows.values.filter { row in
            query.conditions.allSatisfy { Self.holds($0, row[$0.field] ?? .null) }
        }
        let orders = query.orders + [RowOrder(field: "id", descending: false)]
        rows.sort { left, right in
            for order in orders {
                let result = Self.sortOrder(left[order.field] ?? .null, right[order.field] ?? .null)
                if result == .orderedSame { continue }
                return (result == .orderedAscending) != order.descending
            }
            return false
        }
        let start = min(query.offset, rows.count)
        let end = query.limit.map { min(start + $0, rows.count) } ?? rows.count
        return Array(rows[start..<end])
    }

    /// SQL's answer: `NULL` only matches `IS NULL`; values of other kinds never match.
    static func holds(_ condition: RowCondition, _ value: StoreValue) -> Bool {
        if condition.value.isNull {
            switch condition.comparison {
            case .equal: return value.isNull
            case .notEqual: return !value.isNull
            default: return false
            }
        }
        guard let order = StoreValue.compare(value, condition.value) else { return false }
        switch condition.comparison {
        case .equal: return order == .orderedSame
        case .notEqual: return order != .orderedSame
        case .lessThan: return order == .orderedAscending
        case .lessThanOrEqual: return order != .orderedDescending
        case .greaterThan: return order == .orderedDescending
        case .greaterThanOrEqual: return order != .orderedAscending
        }
    }

    /// `NULL` first, then by value.
    static func sortOrder(_ left: StoreValue, _ right: StoreValue) -> ComparisonResult {
        switch (left.isNull, right.isNull) {
        case (true, true): return .orderedSame
        case (true, false): return .orderedAscending
        case (false, true): return .orderedDescending
        default: return StoreValue.compare(left, right) ?? .orderedSame
        }
    }

    // MARK: Schema

    mutating func apply(_ step: SchemaStep) throws {
        switch step {
        case .createTable(let definition):
            guard tables[definition.name] == nil else { throw StoreError(.migration, "the table \(definition.name) exists already") }
            let id = ColumnDefinition(name: "id", type: definition.idType, isOptional: false, defaultValue: nil, isUnique: false)
            tables[definition.name] = Table(columns: [id] + definition.columns)
        case .addColumn(let name, let column):
            var table = try table(name)
            guard table.column(column.name) == nil else { throw StoreError(.migration, "\(name) has a column \(column.name) already") }
            table.columns.append(column)
            for id in table.rows.keys { table.rows[id]?[column.name] = column.defaultValue ?? .null }
            tables[name] = table
        case .createIndex(let name, let table, let columns, let unique):
            let existing = try self.table(table)
            guard indexes[name] == nil else { throw StoreError(.migration, "an index \(name) exists already") }
            for column in columns where existing.column(column) == nil {
                throw StoreError(.migration, "the table \(table) has no column \(column) to index")
            }
            indexes[name] = Index(table: table, columns: columns, unique: unique)
            if unique { for row in existing.rows.values { try checkUnique(row, in: table) } }
        case .dropIndex(let name):
            guard indexes.removeValue(forKey: name) != nil else { throw StoreError(.migration, "there is no index \(name)") }
        case .dropTable(let name):
            guard tables.removeValue(forKey: name) != nil else { throw StoreError(.migration, "there is no table \(name)") }
            indexes = indexes.filter { $0.value.table != name }
        case .adoptTable(let legacyName, let name, let columns):
            guard let legacy = tables[legacyName] else { return }
            for row in legacy.rows.values {
                let fields = columns.mapValues { row[$0] ?? .null }
                guard try insert(fields, into: name) else {
                    throw StoreError(.duplicate, "\(name) already has a record with id \(fields["id"]?.keyText ?? "")")
                }
            }
            try apply(.dropTable(legacyName))
        case .data:
            break
        }
    }
}
