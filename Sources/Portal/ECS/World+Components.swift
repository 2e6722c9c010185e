// User components: register your own types and attach them to entities.

extension World {
    /// Registers a component type so entities can carry values of it.
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
        let key = ObjectIdentifier(type)
        guard components[key] == nil else { throw .componentAlreadyRegistered(String(describing: type)) }
        let storage = ComponentStorage<Value>(name: String(describing: type))
        components[key] = storage
        // The table takes part in every removal: a despawned (or Portal-removed) entity leaves it.
        removal.register(key) { [storage] _, entity in storage.remove(entity) }
    }

    /// Whether `type` is registered.
    public func isRegistered<Value>(_ type: Value.Type) -> Bool { components[ObjectIdentifier(type)] != nil }

    /// Gives `entity` a component value, replacing the one it had. Takes effect at once.
    ///
    /// - Throws: ``PortalError/portalLayer(_:)`` and ``PortalError/portalOwned(_:)`` for the
    ///   entities Portal creates and removes itself (layers, backdrops): nothing of the app's can
    ///   be attached to them.
    /// - Complexity: O(1) amortised.
    public func insert<Value>(_ value: Value, for entity: Entity) throws(PortalError) {
        let storage = try writableStorage(Value.self)
        try requireAppEntity(entity)
        storage.table.insert(value, for: entity)
        #if PORTAL_CHECK_INVARIANTS
        storage.checkInvariants(isAlive: { [allocator] in allocator.isAlive($0) })
        #endif
    }

    /// Removes `entity`'s component of `type` and returns it.
    @discardableResult
    public func removeComponent<Value>(_ type: Value.Type, from entity: Entity) throws(PortalError) -> Value {
        let storage = try writableStorage(type)
        try requireAlive(entity)
        guard let value = storage.table.remove(entity) else { throw .componentMissing(storage.name, entity) }
        #if PORTAL_CHECK_INVARIANTS
        storage.checkInvariants(isAlive: { [allocator] in allocator.isAlive($0) })
        #endif
        return value
    }

    /// `entity`'s component of `type`.
    public func component<Value>(_ type: Value.Type, of entity: Entity) throws(PortalError) -> Value {
        let storage = try writableStorage(type)
        try requireAlive(entity)
        guard let value = storage.table.value(of: entity) else { throw .componentMissing(storage.name, entity) }
        return value
    }

    /// Whether `entity` is alive and has a component of `type`.
    public func hasComponent<Value>(_ type: Value.Type, _ entity: Entity) -> Bool {
        guard let storage = components[ObjectIdentifier(type)] else { return false }
        return allocator.isUsable(entity) && !storage.isBorrowed && storage.contains(entity)
    }

    /// Calls `body` with every live entity that has a component of `type` and its value, in row
    /// order. The loop sees the table as it was when the call began. An entity despawned this
    /// frame keeps its row until the next tick but is dead to every call, so it is skipped.
    public func forEach<Value>(_ type: Value.Type, _ body: (Entity, Value) -> Void) throws(PortalError) {
        let table = try writableStorage(type).table
        let entities = table.entities
        for (row, value) in table.values.enumerated() where allocator.isUsable(entities[row]) { body(entities[row], value) }
    }

    /// Calls `body` with every live entity that has a component of `type` and a mutable reference
    /// to its value (an entity despawned this frame is skipped, as in ``forEach(_:_:)``). During
    /// the call the table refuses other reads and writes (``PortalError/componentTableBusy(_:)``).
    public func updateEach<Value>(_ type: Value.Type, _ body: (Entity, inout Value) -> Void) throws(PortalError) {
        let storage = try writableStorage(type)
        storage.isBorrowed = true
        defer { storage.isBorrowed = false }
        let allocator = self.allocator
        storage.table.updateEach { entity, value in
            if allocator.isUsable(entity) { body(entity, &value) }
        }
    }

    /// The number of entities with a component of `type` (0 when it is not registered); like
    /// ``entityCount``, entities despawned this frame still count until the next tick.
    public func count<Value>(of type: Value.Type) -> Int {
        (components[ObjectIdentifier(type)] as? ComponentStorage<Value>)?.table.count ?? 0
    }

    private func writableStorage<Value>(_ type: Value.Type) throws(PortalError) -> ComponentStorage<Value> {
        guard let erased = components[ObjectIdentifier(type)] else {
            throw .componentNotRegistered(String(describing: type))
        }
        guard !erased.isBorrowed else { throw .componentTableBusy(erased.name) }
        return unsafeDowncast(erased, to: ComponentStorage<Value>.self)
    }
}
