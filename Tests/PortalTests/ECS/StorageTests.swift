import Testing
@testable import Portal

private struct Health: Equatable { var points: Int }
private struct Tag: Equatable { var name: String }

@Suite("ECS storage")
struct StorageTests {
    @Test("entity bits round-trip; indices are reused under a new generation; stale handles are refused")
    func entities() throws {
        let world = World()
        let a = try world.spawn()
        #expect(Entity(bits: a.bits) == a)
        try world.despawn(a)
        #expect(!world.isAlive(a))
        // The index is not reused until the despawn is applied at the tick boundary.
        let b = try world.spawn()
        #expect(b.index != a.index)
        world.tick()
        let c = try world.spawn()
        #expect(c.index == a.index && c.generation == a.generation + 1)
        #expect(world.isAlive(c) && !world.isAlive(a))
        #expect(throws: PortalError.staleEntity(a)) { try world.despawn(a) }
        #expect(throws: PortalError.staleEntity(a)) { try world.register(Health.self); try world.insert(Health(points: 1), for: a) }
    }

    @Test("the portal store's and the lanes' columns are listed once: every array as long as the portals, or the lane rows, is in its list")
    func portalAndLaneColumns() throws {
        var portals = PortalStore()
        for id in ["a", "b", "c"] { _ = portals.intern(PortalID(id)) }
        var check = CheckColumns(owner: "portals: per-portal", slots: 3)
        portals.forEachColumn(&check)
        #expect(check.columns == 10 && check.columns == Self.arrays(of: portals, count: 3))
        #expect(portals.ids.map(\.rawValue) == ["a", "b", "c"] && portals.keys["c"] == 2)

        let world = World()
        for i in 0..<3 {
            let view = try world.spawnView(frame: Rect(x: 0, y: Float(i) * 20, width: 10, height: 10))
            try world.animate(view, to: ViewProperties(frame: Rect(x: 100, y: 0, width: 30, height: 40), opacity: 0.5),
                              with: .linear(duration: 0.5))
        }
        world.tick()
        var tracks = world.tracks
        let rows = tracks.value.count
        var laneCheck = CheckColumns(owner: "tracks: lane", slots: rows)
        tracks.forEachLaneColumn(&laneCheck)
        #expect(tracks.laneCount == rows && rows > 4)
        #expect(laneCheck.columns == 6 && laneCheck.columns == Self.arrays(of: tracks, count: rows))
    }

    /// How many of `value`'s stored properties are arrays of `count` elements.
    static func arrays(of value: Any, count: Int) -> Int {
        Mirror(reflecting: value).children.filter { child in
            let mirror = Mirror(reflecting: child.value)
            return mirror.displayStyle == .collection && mirror.children.count == count
        }.count
    }

    @Test("the view table's columns are listed once, and a reused slot starts vacant in every column it resets")
    func viewColumns() {
        // Every stored property of the table's columns is in its one list.
        var columns = ViewColumns()
        var check = CheckColumns(owner: "views: per-slot", slots: 0)
        columns.forEachColumn(&check)
        #expect(check.columns == Mirror(reflecting: columns).children.count)
        var propagationColumns = PropagationColumns()
        var propagationCheck = CheckColumns(owner: "propagation: per-slot", slots: 0)
        propagationColumns.forEachColumn(&propagationCheck)
        #expect(propagationCheck.columns == Mirror(reflecting: propagationColumns).children.count)

        var store = ViewStore()
        let frame = Rect(x: 0, y: 0, width: 10, height: 10)
        let entities = (0..<3).map { Entity(index: UInt32($0), generation: 0) }
        for e in entities { store.insert(e, frame: frame, cornerRadius: 2, opacity: 0.5, role: .view) }
        store.refreshOrder()
        // Slot 1: hidden, raised, a child of slot 0, clipping, drawn once.
        store.setHidden(true, by: .app, slot: 1)
        store.setZIndex(3, slot: 1)
        store.setClipsToBounds(true, slot: 1)
        store.setParent(0, of: 1)
        store.setHidden(false, by: .app, slot: 1)
        store.values[1 * ViewChannel.stride + ViewChannel.rotation.rawValue] = 1
        var items: [RenderItem] = [], clips: [RenderClip] = []
        store.refreshOrder()
        _ = store.updateRenderList(into: &items, clips: &clips)
        #expect(store.render.itemOf[1] >= 0)
        store.remove(entities[1])
        store.refreshOrder()
        _ = store.updateRenderList(into: &items, clips: &clips)
        let slot = store.insert(Entity(index: 9, generation: 0), frame: frame, cornerRadius: 0, opacity: 1, role: .overlay)
        #expect(slot == 1)
        #expect(store.hiddenBy[1] == 0 && store.parentSlot[1] == 0 && store.render.itemOf[1] == -1)
        #expect(store.render.clipOf[1] == -1 && store.render.rootEntry[1] == -1)
        #expect(store.styles[1].zIndex == 0 && !store.styles[1].clipsToBounds && store.styles[1].role == .overlay)
        #expect(store.value(.rotation, slot: 1) == 0 && store.value(.scaleX, slot: 1) == 1 && store.value(.opacity, slot: 1) == 1)
        #expect((0..<ViewChannel.stride).allSatisfy { store.lanes[ViewChannel.stride + $0] == ViewStore.noLane })
        store.refreshOrder()
        store.checkInvariants(isAlive: { _ in true }, laneCount: 0)
    }

    /// The order's compaction after removals alone starts at the smallest removed key (found by
    /// binary search), so a removed root anywhere before that point would survive it. Against a
    /// brute-force model (the live roots sorted by band, z index, creation), over rounds of
    /// random removals in both bands and at several z indices, with views spawned and removed
    /// before a refresh and parented views removed among them.
    @Test("removals alone keep the drawing order exact, wherever the removed views sit", arguments: [1, 2, 3] as [UInt64])
    func orderAfterRemovals(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var store = ViewStore()
        let frame = Rect(x: 0, y: 0, width: 10, height: 10)
        var next: UInt32 = 0
        var alive: [(entity: Entity, slot: Int)] = []
        func spawn() {
            let e = Entity(index: next, generation: 0)
            next += 1
            let role: RenderRole = Bool.random(using: &rng) ? .view : .overlay
            let slot = store.insert(e, frame: frame, cornerRadius: 0, opacity: 1, role: role)
            alive.append((e, slot))
        }
        for _ in 0..<300 { spawn() }
        store.refreshOrder()
        for k in alive.indices where k % 7 == 0 { store.setZIndex(Int32(k % 3), slot: alive[k].slot) }
        for k in alive.indices where k % 11 == 5 { store.setParent(alive[k - 1].slot, of: alive[k].slot) }
        store.refreshOrder()
        for round in 0..<40 {
            // Removals only (new views are spawned every fifth round, then refreshed apart).
            if round % 5 == 4 {
                for _ in 0..<20 { spawn() }
                store.refreshOrder()
            }
            let removals = Int.random(in: 1...12, using: &rng)
            for _ in 0..<removals where !alive.isEmpty {
                let view = alive.remove(at: Int.random(in: 0..<alive.count, using: &rng))
                // A child removed with its parent's subtree would go first: remove children here too.
                for child in store.childSlots[view.slot].reversed() {
                    let i = alive.firstIndex { $0.slot == Int(child) }!
                    store.remove(alive.remove(at: i).entity)
                }
                store.remove(view.entity)
            }
            if round % 3 == 0 {
                // A view spawned and removed between two refreshes: never in the order.
                let e = Entity(index: next, generation: 0)
                next += 1
                store.insert(e, frame: frame, cornerRadius: 0, opacity: 1, role: .view)
                store.remove(e)
            }
            store.refreshOrder()
            let key = ViewStore.DrawKey(styles: store.styles.elements, sequence: store.sequence)
            let model = alive.map { UInt32($0.slot) }.filter { store.parentSlot[Int($0)] == 0 }.sorted { key.before($0, $1) }
            #expect(store.order == model, "round \(round)")
            store.checkInvariants(isAlive: { _ in true }, laneCount: 0)
        }
    }

    @Test("a table as a sparse set: swap-remove keeps rows dense and the index consistent")
    func componentTable() {
        var table = ComponentTable<Int>()
        let entities = (0..<5).map { Entity(index: UInt32($0 * 3), generation: 0) }
        for (i, e) in entities.enumerated() { table.insert(i * 10, for: e) }
        #expect(table.remove(entities[1]) == 10)
        #expect(table.entities == [entities[0], entities[4], entities[2], entities[3]])
        #expect(table.values == [0, 40, 20, 30])
        #expect(table.value(of: entities[4]) == 40)
        #expect(table.value(of: entities[1]) == nil)
        #expect(table.value(of: Entity(index: 0, generation: 1)) == nil)   // stale generation
        table.checkInvariants("ints", isAlive: { _ in true })
    }

    /// 1,500 random operations a seed (12,000 with PORTAL_LONG_TESTS=1, LongTests.swift) against
    /// a dictionary model; the world checks every table's invariants after each structural change
    /// and each tick (debug builds).
    @Test("seeded model test: spawn, despawn, insert, remove, animate against a Dictionary", arguments: [1, 2, 3] as [UInt64])
    func modelTest(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let world = World()
        try world.register(Health.self)
        try world.register(Tag.self)
        var health: [Entity: Int] = [:]
        var tags: [Entity: String] = [:]
        var alive: [Entity] = []
        var dead: [Entity] = []
        var views: Set<Entity> = []
        for _ in 0..<LongTests.size(1_500, long: 12_000) {
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<20:
                if Bool.random(using: &rng) {
                    let v = try world.spawnView(frame: Rect(x: Float(Int.random(in: 0..<300, using: &rng)), y: 0, width: 10, height: 10))
                    alive.append(v)
                    views.insert(v)
                } else {
                    alive.append(try world.spawn())
                }
            case 20..<32 where !alive.isEmpty:
                let e = alive.remove(at: Int.random(in: 0..<alive.count, using: &rng))
                try world.despawn(e)
                health[e] = nil
                tags[e] = nil
                views.remove(e)
                dead.append(e)
            case 32..<55 where !alive.isEmpty:
                let e = alive[Int.random(in: 0..<alive.count, using: &rng)]
                let points = Int.random(in: 0..<1000, using: &rng)
                try world.insert(Health(points: points), for: e)
                health[e] = points
                if Bool.random(using: &rng) {
                    try world.insert(Tag(name: "t\(points)"), for: e)
                    tags[e] = "t\(points)"
                }
            case 55..<70 where !alive.isEmpty:
                let e = alive[Int.random(in: 0..<alive.count, using: &rng)]
                if health[e] != nil {
                    #expect(try world.removeComponent(Health.self, from: e) == Health(points: health[e]!))
                    health[e] = nil
                } else {
                    #expect(throws: PortalError.componentMissing("Health", e)) { try world.removeComponent(Health.self, from: e) }
                }
            case 70..<80 where !views.isEmpty:
                let v = views.randomElement(using: &rng)!
                let animation: Animation = Bool.random(using: &rng) ? .snappy : .easeOut(duration: 0.2)
                try world.animate(v, to: ViewProperties(frame: Rect(x: Float(Int.random(in: 0..<300, using: &rng)), y: 5, width: 20, height: 20),
                                                        opacity: Bool.random(using: &rng) ? 0.5 : nil), with: animation)
            case 80..<85 where !dead.isEmpty:
                let e = dead[Int.random(in: 0..<dead.count, using: &rng)]
                #expect(!world.isAlive(e))
                #expect(throws: PortalError.staleEntity(e)) { try world.component(Health.self, of: e) }
            default:
                world.tick()
            }
        }
        world.tick()
        #expect(world.entityCount == alive.count)
        #expect(world.count(of: Health.self) == health.count)
        #expect(world.count(of: Tag.self) == tags.count)
        for e in alive {
            #expect(world.isAlive(e))
            #expect((try? world.component(Health.self, of: e))?.points == health[e])
            #expect((try? world.component(Tag.self, of: e))?.name == tags[e])
        }
        var seen: [Entity: Int] = [:]
        try world.forEach(Health.self) { e, h in seen[e] = h.points }
        #expect(seen == health)
        #expect(world.viewCount == views.count)
        #expect(Set(world.renderList.map(\.entity)) == views)
    }

    @Test("updateEach mutates in place and refuses re-entrant access to the same table")
    func updateEach() throws {
        let world = World()
        try world.register(Health.self)
        let a = try world.spawn(), b = try world.spawn()
        try world.insert(Health(points: 1), for: a)
        try world.insert(Health(points: 2), for: b)
        var refused: PortalError?
        try world.updateEach(Health.self) { entity, health in
            health.points *= 10
            do throws(PortalError) { try world.insert(Health(points: 0), for: entity) } catch { refused = error }
        }
        #expect(refused == .componentTableBusy("Health"))
        #expect(try world.component(Health.self, of: a).points == 10)
        #expect(try world.component(Health.self, of: b).points == 20)
        #expect(world.hasComponent(Health.self, a) && !world.hasComponent(Tag.self, a))
    }
}

@Suite("Event heap")
struct EventHeapTests {
    @Test("events come out due by tick, then by owner, whatever order they went in", arguments: [1, 2, 3] as [UInt64])
    func order(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var heap = EventHeap()
        var model: [(tick: UInt64, owner: UInt32)] = []
        for now in UInt64(0)..<300 {
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                let event = ScheduledEvent(tick: now + UInt64.random(in: 0...40, using: &generator),
                                           owner: UInt32.random(in: 0..<64, using: &generator), version: 0)
                heap.push(event)
                model.append((event.tick, event.owner))
            }
            var popped: [(UInt64, UInt32)] = []
            while let event = heap.popDue(by: now) { popped.append((event.tick, event.owner)) }
            let due = model.filter { $0.tick <= now }.sorted { $0.tick != $1.tick ? $0.tick < $1.tick : $0.owner < $1.owner }
            model.removeAll { $0.tick <= now }
            #expect(popped.map(\.0) == due.map(\.tick) && popped.map(\.1) == due.map(\.owner))
            #expect(heap.count == model.count)
        }
    }
}

@Suite("Tick wheel")
struct TickWheelTests {
    @Test("each event comes due on its tick (or the next one taken, if scheduled late), near or many turns ahead",
          arguments: [1, 2, 3] as [UInt64])
    func dueOnTime(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var wheel = TickWheel()
        var model: [(tick: UInt64, owner: UInt32)] = []
        var owner: UInt32 = 0
        var now: UInt64 = 0
        // The pool holds as many chunks as the buckets ever needed at once (each bucket whole
        // chunks for its events): no more, so it grows only at a new peak.
        var peakChunks = 0
        func chunksNeeded(_ model: [(tick: UInt64, owner: UInt32)]) -> Int {
            var sizes: [Int: Int] = [:]
            for event in model { sizes[Int(event.tick % UInt64(TickWheel.span)), default: 0] += 1 }
            return sizes.values.reduce(0) { $0 + ($1 + TickWheel.chunkSize - 1) / TickWheel.chunkSize }
        }
        while now < 3 * UInt64(TickWheel.span) {
            // Now and then a burst into one bucket, over chunks, for this turn and later ones
            // (taking it keeps some events and releases chunks from the middle of the chain).
            let burst = Int.random(in: 0..<12, using: &generator) == 0
            let burstTick = now + UInt64.random(in: 0...30, using: &generator)
            for _ in 0..<(burst ? Int.random(in: 17...60, using: &generator) : Int.random(in: 0...6, using: &generator)) {
                // Mostly near, some several turns ahead, some already gone by.
                let ahead = [UInt64.random(in: 0...40, using: &generator), UInt64.random(in: 500...1_700, using: &generator)]
                let tick = burst ? burstTick + UInt64(TickWheel.span) * UInt64.random(in: 0...2, using: &generator)
                    : Bool.random(using: &generator) && now > 5 ? now - 5 : now + ahead.randomElement(using: &generator)!
                let scheduled = wheel.schedule(ScheduledEvent(tick: tick, owner: owner, version: 0))
                #expect(scheduled == max(tick, wheel.next))
                model.append((scheduled, owner))
                owner += 1
                peakChunks = max(peakChunks, chunksNeeded(model))
                #expect(wheel.chunkCount == peakChunks)
            }
            // Usually one tick at a time; now and then a jump, as far as a whole turn and more.
            now += Int.random(in: 0..<20, using: &generator) == 0 ? UInt64.random(in: 2...600, using: &generator) : 1
            var due: [ScheduledEvent] = []
            wheel.takeDue(by: now, into: &due)
            let expected = model.filter { $0.tick <= now }.map(\.owner).sorted()
            model.removeAll { $0.tick <= now }
            #expect(due.map(\.owner).sorted() == expected)
            // Within a bucket, in the order scheduled (owners count up).
            #expect(zip(due, due.dropFirst()).allSatisfy { $0.tick % UInt64(TickWheel.span) != $1.tick % UInt64(TickWheel.span) || $0.owner < $1.owner })
            #expect(wheel.count == model.count)
            wheel.checkInvariants("wheel")
        }
    }
}
