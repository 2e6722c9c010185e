// User components: register your own types and attach them to entities.
//
// A component type is known to the world by a key (`ComponentKey`), which registering it returns:
// the key-taking functions are the API in both builds. The normal build also knows a type by
// its metatype (`register(Glow.self)`, then `insert(glow, for: card)`): a type's identity and its
// printed name, which Embedded Swift does not have, so those functions (the `Value.Type` ones)
// are left out of the Embedded build, the one part of the public API it lacks.

/// A registered user component type, as the world knows it: returned by
/// ``World/registerComponent(_:name:)`` and passed to the functions that read and write the
/// table (the form of the component API that Embedded Swift builds have).
public struct ComponentKey<Value>: Hashable, Sendable {
    /// The table's number in its world.
    let index: Int
    /// The name the type was registered under (what errors name).
    public let name: String
}

extension World {
    /// Registers a component type under `name` (unique in this world) so entities can carry
    /// values of it, and returns the key that names its table.
    ///
    /// ```swift
    /// struct Glow { var radius: Float }
    /// let glow = try world.registerComponent(Glow.self, name: "Glow")
    /// try world.insert(Glow(radius: 4), for: card, as: glow)
    /// world.addSystem("pulse", stage: .finish) { world in
    ///     try? world.updateEach(glow) { _, glow in glow.radius *= 0.99 }
    /// }
    /// ```
    ///
    /// - Throws: ``PortalError/componentAlreadyRegistered(_:)`` when `name` is taken.
    public func registerComponent<Value>(_ type: Value.Type, name: String) throws(PortalError) -> ComponentKey<Value> {
        guard !components.contains(where: { $0.name == name }) else { throw .componentAlreadyRegistered(name) }
        let key = ComponentKey<Value>(index: components.count, name: name)
        let storage = ComponentStorage<Value>(name: name)
        components.append(storage)
        // The table takes part in every removal: a despawned (or Portal-removed) entity leaves it.
        removal.register(.component(key.index)) { [storage] _, entity in storage.remove(entity) }
        return key
    }

    /// Gives `entity` a component value, replacing the one it had. Takes effect at once.
    ///
    /// - Throws: ``PortalError/portalLayer(_:)`` and ``PortalError/portalOwned(_:)`` for the
    ///   entities Portal creates and removes itself (layers, backdrops): nothing of the app's can
    ///   be attached to them.
    /// - Complexity: O(1) amortised.
    public func insert<Value>(_ value: Value, for entity: Entity, as key: ComponentKey<Value>) throws(PortalError) {
        let storage = try writableStorage(key)
        try requireAppEntity(entity)
        storage.table.insert(value, for: entity)
        #if PORTAL_CHECK_INVARIANTS
        storage.checkInvariants(isAlive: { [allocator] in allocator.isAlive($0) })
        #endif
    }

    /// Removes `entity`'s component of the table `key` names and returns it.
    @discardableResult
    public func removeComponent<Value>(_ key: ComponentKey<Value>, from entity: Entity) throws(PortalError) -> Value {
        let storage = try writableStorage(key)
        try requireAlive(entity)
        guard let value = storage.table.remove(entity) else { throw .componentMissing(storage.name, entity) }
        #if PORTAL_CHECK_INVARIANTS
        storage.checkInvariants(isAlive: { [allocator] in allocator.isAlive($0) })
        #endif
        return value
    }

    /// `entity`'s component of the table `key` names.
    public func component<Value>(_ key: ComponentKey<Value>, of entity: Entity) throws(PortalError) -> Value {
        let storage = try writableStorage(key)
        try requireAlive(entity)
        guard let value = storage.table.value(of: entity) else { throw .componentMissing(storage.name, entity) }
        return value
    }

    /// Whether `entity` is alive and has a component of the table `key` names.
    public func hasComponent<Value>(_ key: ComponentKey<Value>, _ entity: Entity) -> Bool {
        guard let storage = storage(key) else { return false }
        return allocator.isUsable(entity) && !storage.isBorrowed && storage.contains(entity)
    }

    /// Calls `body` with every live entity that has a component of the table `key` names and its
    /// value, in row order. The loop sees the table as it was when the call began. An entity
    /// despawned this frame keeps its row until the next tick but is dead to every call, so it
    /// is skipped.
    public func forEach<Value>(_ key: ComponentKey<Value>, _ body: (Entity, Value) -> Void) throws(PortalError) {
        let table = try writableStorage(key).table
        let entities = table.entities
        for (row, value) in table.values.enumerated() where allocator.isUsable(entities[row]) { body(entities[row], value) }
    }

    /// Calls `body` with every live entity that has a component of the table `key` names and a
    /// mutable reference to its value (an entity despawned this frame is skipped, as in
    /// ``forEach(_:_:)-(ComponentKey<Value>,_)``). During the call the table refuses other reads
    /// and writes (``PortalError/componentTableBusy(_:)``).
    public func updateEach<Value>(_ key: ComponentKey<Value>, _ body: (Entity, inout Value) -> Void) throws(PortalError) {
        let storage = try writableStorage(key)
        storage.isBorrowed = true
        defer { storage.isBorrowed = false }
        let allocator = self.allocator
        storage.table.updateEach { entity, value in
            if allocator.isUsable(entity) { body(entity, &value) }
        }
    }

    /// The number of entities with a component of the table `key` names; like ``entityCount``,
    /// entities despawned this frame still count until the next tick.
    public func count<Value>(of key: ComponentKey<Value>) -> Int {
        storage(key)?.table.count ?? 0
    }

    /// The table `key` names, if it is this world's.
    private func storage<Value>(_ key: ComponentKey<Value>) -> ComponentStorage<Value>? {
        // A key from another world may name another table, or none: its name tells.
        guard key.index < components.count, components[key.index].name == key.name else { return nil }
        return unsafeDowncast(components[key.index], to: ComponentStorage<Value>.self)
    }

    private func writableStorage<Value>(_ key: ComponentKey<Value>) throws(PortalError) -> ComponentStorage<Value> {
        guard let storage = storage(key) else { throw .componentNotRegistered(key.name) }
        guard !storage.isBorrowed else { throw .componentTableBusy(storage.name) }
        return storage
    }
}

#if !hasFeature(Embedded)
// The component API by type: a type's identity (`ObjectIdentifier`) and printed name
// (`String(describing:)`) exist only with the full runtime. Each function is the key-taking one
// with the key the type was registered under.
extension World {
    /// Registers a component type so entities can carry values of it (the table is named by the
    /// type's name). Not in Embedded Swift builds: use ``registerComponent(_:name:)`` there.
    ///
    /// ```swift
    /// struct Glow { var radius: Float }
    /// try world.register(Glow.self)
    /// try world.insert(Glow(radius: 4), for: card)
    /// world.addSystem("pulse", stage: .finish) { world in
    ///     try? world.updateEach(Glow.self) { _, glow in glow.radius *= 0.99 }
    /// }
    /// ```
    public func register<Value>(_ type: Value.Type) throws(PortalError) {
        let id = ObjectIdentifier(type)
        guard componentKeys[id] == nil else { throw .componentAlreadyRegistered(String(describing: type)) }
        componentKeys[id] = try registerComponent(type, name: String(describing: type)).index
    }

    /// Whether `type` is registered.
    public func isRegistered<Value>(_ type: Value.Type) -> Bool { componentKeys[ObjectIdentifier(type)] != nil }

    /// Gives `entity` a component value, replacing the one it had. Takes effect at once.
    ///
    /// - Throws: ``PortalError/portalLayer(_:)`` and ``PortalError/portalOwned(_:)`` for the
    ///   entities Portal creates and removes itself (layers, backdrops): nothing of the app's can
    ///   be attached to them.
    /// - Complexity: O(1) amortised.
    public func insert<Value>(_ value: Value, for entity: Entity) throws(PortalError) {
        try insert(value, for: entity, as: requireKey(Value.self))
    }

    /// Removes `entity`'s component of `type` and returns it.
    @discardableResult
    public func removeComponent<Value>(_ type: Value.Type, from entity: Entity) throws(PortalError) -> Value {
        try removeComponent(requireKey(type), from: entity)
    }

    /// `entity`'s component of `type`.
    public func component<Value>(_ type: Value.Type, of entity: Entity) throws(PortalError) -> Value {
        try component(requireKey(type), of: entity)
    }

    /// Whether `entity` is alive and has a component of `type`.
    public func hasComponent<Value>(_ type: Value.Type, _ entity: Entity) -> Bool {
        guard let key = key(type) else { return false }
        return hasComponent(key, entity)
    }

    /// Calls `body` with every live entity that has a component of `type` and its value, in row
    /// order. The loop sees the table as it was when the call began. An entity despawned this
    /// frame keeps its row until the next tick but is dead to every call, so it is skipped.
    public func forEach<Value>(_ type: Value.Type, _ body: (Entity, Value) -> Void) throws(PortalError) {
        try forEach(requireKey(type), body)
    }

    /// Calls `body` with every live entity that has a component of `type` and a mutable reference
    /// to its value (an entity despawned this frame is skipped, as in
    /// ``forEach(_:_:)-(Value.Type,_)``). During
    /// the call the table refuses other reads and writes (``PortalError/componentTableBusy(_:)``).
    public func updateEach<Value>(_ type: Value.Type, _ body: (Entity, inout Value) -> Void) throws(PortalError) {
        try updateEach(requireKey(type), body)
    }

    /// The number of entities with a component of `type` (0 when it is not registered); like
    /// ``entityCount``, entities despawned this frame still count until the next tick.
    public func count<Value>(of type: Value.Type) -> Int {
        key(type).map { count(of: $0) } ?? 0
    }

    private func key<Value>(_ type: Value.Type) -> ComponentKey<Value>? {
        componentKeys[ObjectIdentifier(type)].map { ComponentKey(index: $0, name: components[$0].name) }
    }

    private func requireKey<Value>(_ type: Value.Type) throws(PortalError) -> ComponentKey<Value> {
        guard let key = key(type) else { throw .componentNotRegistered(String(describing: type)) }
        return key
    }
}
#endif
