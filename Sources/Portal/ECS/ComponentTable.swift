/// A table of one user-defined component type: a sparse index plus one dense column of values.
///
/// Register a type with ``World/registerComponent(_:name:)`` (or, in the normal build,
/// ``World/register(_:)``), then insert, read, update and remove values per entity, and iterate
/// all rows in your own systems with ``World/forEach(_:_:)-(ComponentKey<Value>,_)`` or
/// ``World/updateEach(_:_:)-(ComponentKey<Value>,_)``. The column is contiguous, so a loop over
/// it is a plain loop over an array. Despawning an entity removes its row from every table.
///
/// - Complexity: insert, remove and lookup are O(1); iteration is O(rows).
public struct ComponentTable<Value> {
    var index = SparseSet()
    /// The values, in row order.
    public internal(set) var values: [Value] = []

    /// The entities, in row order: `entities[i]` owns `values[i]`.
    public var entities: [Entity] { index.dense }

    /// The number of rows.
    public var count: Int { values.count }

    /// The value of `entity`, or `nil` when it has none.
    public func value(of entity: Entity) -> Value? {
        index.row(of: entity).map { values[$0] }
    }

    /// Calls `body` with every row's entity and a mutable reference to its value.
    /// Rows must not be inserted or removed during the call (the closure cannot reach the table).
    public mutating func updateEach<E: Error>(_ body: (Entity, inout Value) throws(E) -> Void) throws(E) {
        let dense = index.dense
        for row in values.indices {
            try body(dense[row], &values[row])
        }
    }

    /// Reads what inserting a row for entity index `index` reads first, for a read-ahead.
    @inline(__always)
    func touch(index: Int) -> UInt32 { self.index.touch(index: index) }

    /// Reads what removing the row of entity index `index` reads, for a read-ahead.
    @inline(__always)
    func touchRemoval(index: Int) -> UInt32 { self.index.touchRow(index: index) }

    mutating func insert(_ value: Value, for entity: Entity) {
        if let row = index.row(of: entity) {
            values[row] = value
        } else {
            _ = index.insert(entity)
            values.append(value)
        }
    }

    @discardableResult
    mutating func remove(_ entity: Entity) -> Value? {
        guard let row = index.row(of: entity) else { return nil }
        let value = values[row]
        _ = index.remove(entity)
        values.swapRemove(at: row)
        return value
    }

    func checkInvariants(_ name: String, isAlive: (Entity) -> Bool) {
        index.checkInvariants(name, isAlive: isAlive)
        precondition(values.count == index.count, "\(name): \(values.count) values for \(index.count) rows")
    }
}

/// The type-erased face of a user component table, so the world can despawn an entity from
/// every table without knowing the component types.
class AnyComponentStorage {
    let name: String
    /// Set while a closure holds the table; mutations from inside it are refused instead of
    /// tripping Swift's exclusivity check.
    var isBorrowed = false
    init(name: String) { self.name = name }
    func remove(_ entity: Entity) {}
    func contains(_ entity: Entity) -> Bool { false }
    func checkInvariants(isAlive: (Entity) -> Bool) {}
}

final class ComponentStorage<Value>: AnyComponentStorage {
    var table = ComponentTable<Value>()
    override func remove(_ entity: Entity) { table.remove(entity) }
    override func contains(_ entity: Entity) -> Bool { table.index.contains(entity) }
    override func checkInvariants(isAlive: (Entity) -> Bool) { table.checkInvariants(name, isAlive: isAlive) }
}

extension ComponentTable {
    /// Changes the value of `entity` in place, if it has one.
    mutating func update(_ entity: Entity, _ body: (inout Value) -> Void) {
        guard let row = index.row(of: entity) else { return }
        body(&values[row])
    }
}
