// The views: every entity that draws.
//
// Trade-off: unlike the swap-remove component tables, views live in *stable slots*. Animation
// tracks address a view's presented values by slot (slot × 16 + channel), and a stable slot
// keeps that address valid for the whole life of the view, with no fix-up when another view is
// despawned. A freed slot is reused only after the next refresh of the drawing order (the end
// of the tick), never within the tick that freed it: so a slot can be in the drawing order, or
// among the views spawned since the refresh, at most once, by construction. The slot array stays
// as dense as the high-water mark of the live views plus those freed in one tick. Drawing order
// is a separate dense list of slots, re-sorted only when a view is spawned, despawned or changes
// z index.
//
// This file holds the table, slots, lanes and tree links; the drawing order, reading views back
// and the invariants are in `ViewStore+DrawingOrder.swift`, `ViewStore+Presentation.swift` and
// `ViewStore+Invariants.swift`, propagation in `Propagation.swift`.

/// The per-view attributes that are not animated: everything the render list reads of a view
/// besides its entity and presented values, in one record (44 bytes), so that writing a render
/// item gathers from three places rather than five.
struct ViewStyle {
    /// The entity whose content the view draws: itself, or for a portal layer the view it
    /// stands in for.
    var content: Entity
    var allowsHitTesting = true
    var rotationAxis = Rotation3D.identity
    var cornerStyle = CornerStyle.circular
    var clipsContent = true
    /// Whether the view clips its descendants to its rounded frame (Core Animation's
    /// `masksToBounds`, UIKit's `clipsToBounds`). Off by default, as there: a zero-size grouping
    /// container must not hide its children. Unlike `clipsContent`, which clips the view's own
    /// content and is on by default.
    var clipsToBounds = false
    /// The drawing band (change it through `ViewStore.setRole`, which re-sorts the order).
    var role: RenderRole
    /// The z index within the band (change it through `ViewStore.setZIndex`).
    var zIndex: Int32 = 0

    init(content: Entity, role: RenderRole) {
        self.content = content
        self.role = role
    }
}

/// Who hid a view. Each owner sets and clears only its own bit, so the portal system hiding a
/// source during a flight never un-hides a view the app had hidden itself.
enum HiddenReason: UInt8 {
    case app = 1
    case portal = 2
    case navigation = 4
    /// Portal's own bookkeeping views (a stack's progress view): never drawn.
    case internalView = 8
    /// A popup's content when it is not presented.
    case popup = 16
}

/// The view table's per-slot columns: what the features write of each view — its entity,
/// presented values and lanes, style, hidden bits and tree links. Every member is a per-slot
/// column and is listed once in ``forEachColumn(_:)`` (see `SlotColumns.swift`); the tree's
/// links change only through `ViewStore.setParent`, the lanes through `setLane`.
struct ViewColumns {
    private(set) var entities: [Entity] = []
    private(set) var live: [Bool] = []
    /// Presented values, ``ViewChannel/stride`` per slot. Writes through the subscript are
    /// noted, so propagation knows which views changed (see `NotedColumn`).
    var values = NotedColumn<Float>(shift: 4)
    /// The track row animating each channel, or ``ViewStore/noLane``; same shape as `values`.
    var lanes: [Int32] = []
    /// What is drawn and how, beyond the animated numbers; also the band and z index. Writes
    /// through the subscript are noted, as for `values`.
    var styles = NotedColumn<ViewStyle>(shift: 0)
    /// Why each view is hidden, as bits of ``HiddenReason``; drawn only when 0. A byte column
    /// of its own: the render list reads it for every view every tick, the styles only for the
    /// views it draws.
    var hiddenBy: [UInt8] = []
    /// The spawn order (the last key of the drawing order).
    fileprivate(set) var sequence: [UInt64] = []
    /// The parent's slot + 1, or 0 for a root.
    fileprivate(set) var parentSlot: [UInt32] = []
    /// Each view's children, sorted by (z index, creation order).
    fileprivate(set) var childSlots: [[UInt32]] = []
    /// The number of channels a lane drives, and the view's place in `ViewStore.animatedSlots`
    /// (−1 for none). Kept by `setLane`.
    fileprivate(set) var laneCountOf: [UInt8] = []
    fileprivate(set) var animatedIndex: [Int32] = []

    /// The columns, each with a vacant slot's entry: the one list every structural operation
    /// walks.
    @inline(__always)
    mutating func forEachColumn(_ v: inout some SlotColumnVisitor) {
        // (The entity, live flag, style and sequence are the spawn's own: `occupy` writes them.)
        v.visit(&entities, vacant: ViewStore.vacant, onReuse: .keep)
        v.visit(&live, vacant: false, onReuse: .keep)
        v.visit(&values, vacant: 0, stride: ViewChannel.stride, onReuse: .reset)
        v.visit(&lanes, vacant: ViewStore.noLane, stride: ViewChannel.stride, onReuse: .reset)
        v.visit(&styles, vacant: ViewStyle(content: ViewStore.vacant, role: .view), onReuse: .keep)
        v.visit(&hiddenBy, vacant: 0)
        v.visit(&sequence, vacant: 0, onReuse: .keep)
        v.visit(&parentSlot, vacant: 0)
        v.visit(&childSlots, vacant: [], onReuse: .keep)
        v.visit(&laneCountOf, vacant: 0)
        v.visit(&animatedIndex, vacant: -1)
    }

    /// Writes a spawned view's own entries (the columns its reuse keeps: see `forEachColumn`).
    fileprivate mutating func occupy(_ slot: Int, entity: Entity, role: RenderRole, sequence: UInt64) {
        entities[slot] = entity
        live[slot] = true
        styles.fillVacant(ViewStyle(content: entity, role: role), in: slot..<slot + 1)
        self.sequence[slot] = sequence
    }

    /// Where a removal leaves the slot: vacant to a reader that remembered it.
    fileprivate mutating func vacate(_ slot: Int) {
        live[slot] = false
        entities[slot] = ViewStore.vacant
    }

    /// ``withPointers(_:)`` from a mutating context: a closure that writes the rest of the store
    /// (propagation's state) would otherwise make Swift copy these columns to call it.
    @inline(__always)
    mutating func withPointersInPlace<R, E: Error>(_ body: (Pointers) throws(E) -> R) throws(E) -> R { try withPointers(body) }

    /// The columns the render loops read, as pointers (see ``withPointers(_:)``).
    struct Pointers {
        let entities: UnsafeBufferPointer<Entity>
        let live: UnsafeBufferPointer<Bool>
        let values: UnsafeBufferPointer<Float>
        let styles: UnsafeBufferPointer<ViewStyle>
        let hiddenBy: UnsafeBufferPointer<UInt8>
        let parentSlot: UnsafeBufferPointer<UInt32>
        let childSlots: UnsafeBufferPointer<[UInt32]>

        /// The parent of the view in `slot`, or `nil` for a root.
        @inline(__always)
        func parent(_ slot: Int) -> Int? {
            let p = parentSlot[slot]
            return p == 0 ? nil : Int(p - 1)
        }
    }

    /// Calls `body` with the columns' pointers (as swift-collections' `Heap` hands out its
    /// `_UnsafeHandle`): one closure for a loop that reads many columns, `c.values[i]` inside.
    /// The nesting the pointers need is here, once.
    @inline(__always)
    func withPointers<R, E: Error>(_ body: (Pointers) throws(E) -> R) throws(E) -> R {
        try entities.withUnsafeBufferPointer { entities throws(E) in
        try live.withUnsafeBufferPointer { live throws(E) in
        try values.withUnsafeBufferPointer { values throws(E) in
        try styles.withUnsafeBufferPointer { styles throws(E) in
        try hiddenBy.withUnsafeBufferPointer { hiddenBy throws(E) in
        try parentSlot.withUnsafeBufferPointer { parentSlot throws(E) in
        try childSlots.withUnsafeBufferPointer { childSlots throws(E) in
            try body(Pointers(entities: entities, live: live, values: values, styles: styles, hiddenBy: hiddenBy,
                              parentSlot: parentSlot, childSlots: childSlots))
        } } } } } } }
    }
}

/// The views: the table the features write (``ViewColumns`` and the drawing order), the
/// propagation's state beside it (``Propagation``), and the portals' anchor watches
/// (``AnchorWatches``), which every write that moves a view reports to.
struct ViewStore {
    static let noLane: Int32 = -1
    /// What `entities` holds for a free slot: no live entity has this index and generation, so
    /// a reader that remembered a slot can tell, from `entities` alone, that its view is gone.
    static let vacant = Entity(index: .max, generation: .max)

    /// The per-slot columns the features write.
    var columns = ViewColumns()
    /// Propagation's own state: the render list's columns, marks, buffers and change log.
    var render = Propagation()
    /// The portals' watches on anchors and their ancestors (`Portals/AnchorWatches.swift`).
    var watches = AnchorWatches()

    /// `slotOf[entity.index]` is the slot + 1, or 0.
    var slotOf: [UInt32] = []
    /// Slots free for the next spawn: freed before the last refresh of the drawing order.
    var freeSlots: [UInt32] = []
    private(set) var nextSequence: UInt64 = 0
    private(set) var count = 0
    /// Live views that are not hidden: the render list's length, kept as views are inserted,
    /// removed, hidden and shown, so building the list needs no counting pass.
    private(set) var visibleCount = 0

    // The drawing order and its pending changes, kept by `ViewStore+DrawingOrder.swift`.
    /// Live slots in drawing order, back to front. Valid after `refreshOrder()`.
    var order: [UInt32] = []
    /// The merge buffer of the drawing order's full sort, kept between sorts.
    var orderScratch: [UInt32] = []
    /// Views whose `sequence` is below this were spawned before the render list was last built.
    private(set) var renderedSequence: UInt64 = 0
    /// Slots spawned since the last refresh, in spawn order (each at most once: see
    /// `pendingRemovals`).
    var pendingInserts: [UInt32] = []
    /// Slots freed since the last refresh. They join `freeSlots` only at the refresh, so no
    /// slot is freed and reused between two refreshes: a stale entry in `order` is exactly a
    /// slot that is not `live`, and no slot enters `pendingInserts` twice.
    var pendingRemovals: [UInt32] = []
    /// A root's z index or role changed: the order must be rebuilt and sorted.
    var needsSort = false
    /// Views that became roots since the last refresh (a child's parent removed), merged into
    /// the order at the refresh unless already in it: a view may leave the roots and join them
    /// again between two refreshes, so a view may be listed twice, or be in the order already.
    var pendingRootJoins: [UInt32] = []
    /// Some root became a child since the last refresh: the refresh drops it from the order.
    var rootsLeft = false
    /// Per slot, the refresh's marks for taking each root join once (all 0 between refreshes).
    var joinMarks: [UInt8] = []
    var mergeBuffer: [UInt32] = []

    // MARK: The tree
    //
    // A view's parent is a slot + 1 (0 = a root); each view keeps its children's slots sorted by
    // (z index, creation order), so appending in creation order — the common case — is O(1)
    // and a z change re-sorts one sibling list. Only roots are in `order`; the render walk emits
    // each root followed by its subtree, depth first. Links are changed in one place
    // (`setParent`), which keeps both directions in agreement.

    /// The number of live views that have a parent: 0 means the flat fast path.
    private(set) var parentedCount = 0
    /// The slots with a running lane, densely (`columns.animatedIndex` is each one's place).
    private(set) var animatedSlots: [UInt32] = []
    /// A view was spawned, despawned, reparented, hidden or shown, or a z index, role or clip
    /// flag changed: the next render list is composed again (see `structuralSlots`). A new,
    /// empty store's (empty) list is current: a fresh world is idle (issue 32).
    var structureChanged = false
    /// The views where the structure changed since the last propagation (the view, and the old
    /// and new parent of a moved one): their roots' subtrees are walked again, the others'
    /// items copied. May repeat a view.
    var structuralSlots: [UInt32] = []

    // The columns, read (and the values, lanes, styles and hidden bits written) as before the
    // split: `views.styles[slot]`, `views.values[i]`.
    var entities: [Entity] { columns.entities }
    var live: [Bool] { columns.live }
    var values: NotedColumn<Float> {
        @inline(__always) _read { yield columns.values }
        @inline(__always) _modify { yield &columns.values }
    }
    var lanes: [Int32] {
        @inline(__always) _read { yield columns.lanes }
        @inline(__always) _modify { yield &columns.lanes }
    }
    var styles: NotedColumn<ViewStyle> {
        @inline(__always) _read { yield columns.styles }
        @inline(__always) _modify { yield &columns.styles }
    }
    var hiddenBy: [UInt8] {
        @inline(__always) _read { yield columns.hiddenBy }
        @inline(__always) _modify { yield &columns.hiddenBy }
    }
    var parentSlot: [UInt32] { columns.parentSlot }
    var childSlots: [[UInt32]] { columns.childSlots }
    var laneCountOf: [UInt8] { columns.laneCountOf }
    var sequence: [UInt64] { columns.sequence }

    /// Every per-slot column of the three owners: the one list the structural operations
    /// (grow, reset, reserve, read ahead, check) walk.
    @inline(__always)
    mutating func forEachColumn(_ v: inout some SlotColumnVisitor) {
        columns.forEachColumn(&v)
        render.forEachColumn(&v)
        watches.forEachColumn(&v)
    }

    /// Calls `body` with the table's column pointers and the propagation's state: the one
    /// handle the render loops work through.
    @inline(__always)
    mutating func withColumns<R, E: Error>(_ body: (ViewColumns.Pointers, inout Propagation) throws(E) -> R) throws(E) -> R {
        try columns.withPointersInPlace { c throws(E) in try body(c, &render) }
    }

    mutating func reserveCapacity(_ n: Int) {
        var reserve = ReserveColumns(slots: n)
        forEachColumn(&reserve)
        order.reserveCapacity(n); mergeBuffer.reserveCapacity(n)
        animatedSlots.reserveCapacity(n)
        render.itemSlots.reserveCapacity(n)
    }

    @inline(__always)
    func slot(of entity: Entity) -> Int? {
        let i = Int(entity.index)
        guard i < slotOf.count else { return nil }
        let s = Int(slotOf[i])
        guard s != 0, entities[s - 1] == entity else { return nil }
        return s - 1
    }

    /// ``slot(of:)`` for a caller that reads the store through a class's stored property
    /// where Swift would otherwise copy the whole store (every column retained) to make the
    /// read: a mutating access reads it in place.
    @inline(__always)
    mutating func slotInPlace(of entity: Entity) -> Int? { slot(of: entity) }

    /// ``slot(of:)``, trying `hint` first (a slot the entity was seen in: a view keeps its slot
    /// for life, and a freed slot holds ``vacant``), which reads one column instead of two.
    @inline(__always)
    func slot(of entity: Entity, hint: Int) -> Int? {
        if hint >= 0, hint < entities.count, entities[hint] == entity { return hint }
        return slot(of: entity)
    }

    /// ``slot(of:)`` from the two columns, for loops that hold the store's arrays.
    @inline(__always)
    static func slot(of entity: Entity, slotOf: [UInt32], entities: UnsafeBufferPointer<Entity>) -> Int? {
        let i = Int(entity.index)
        guard i < slotOf.count else { return nil }
        let s = Int(slotOf[i])
        guard s != 0, entities[s - 1] == entity else { return nil }
        return s - 1
    }

    /// Reads, for a read-ahead, what a portal visit reads of the view of `entity`: its value and
    /// lane blocks (its frame and corner radius, whether a lane moves it), hidden bits, watches
    /// and parent; returns a value that depends on all of it, so the reads are not optimised away.
    @inline(__always)
    func touchAnchor(_ entity: Entity) -> UInt32 {
        guard let slot = slot(of: entity) else { return 0 }
        return touchBlocks(slot: slot) &+ UInt32(hiddenBy[slot]) &+ UInt32(bitPattern: watches.heads[slot]) &+ parentSlot[slot]
            &+ UInt32(laneCountOf[slot])
    }

    /// Reads the value and lane blocks of the view in `slot` (both ends: a block can straddle
    /// two cache lines), for a read-ahead.
    @inline(__always)
    func touchBlocks(slot: Int) -> UInt32 {
        let base = slot * ViewChannel.stride, last = base + ViewChannel.stride - 1
        return values[base].bitPattern &+ values[last].bitPattern &+ UInt32(bitPattern: lanes[base]) &+ UInt32(bitPattern: lanes[last])
    }

    /// Reads what the next `count` inserts write, in the slots they will take (the free list's
    /// last), for a read-ahead: flights start by the hundred in one tick, and each new layer
    /// writes a dozen columns at a slot no tick has touched since it was freed.
    mutating func touchNextSlots(_ count: Int) -> UInt32 {
        var sum: UInt32 = 0
        for k in 0..<min(count, freeSlots.count) { sum &+= touch(slot: Int(freeSlots[freeSlots.count - 1 - k])) }
        return sum
    }

    /// Reads what removing the view of `entity` reads and writes, for a read-ahead: its slot's
    /// entries (``touch(slot:)``).
    @inline(__always)
    mutating func touchForRemoval(_ entity: Entity) -> UInt32 {
        guard let slot = slot(of: entity) else { return 0 }
        return touch(slot: slot)
    }

    /// Reads what showing or hiding the view of `entity` reads, for a read-ahead.
    @inline(__always)
    func touchVisibility(_ entity: Entity) -> UInt32 {
        guard let slot = slot(of: entity) else { return 0 }
        return UInt32(hiddenBy[slot])
    }

    /// Reads every per-slot column at `slot` — what spawning a view into it, starting its lanes
    /// or removing it writes — for a read-ahead. (`mutating` only because the one list of
    /// columns hands them out for writing: it writes nothing.)
    @inline(__always)
    mutating func touch(slot: Int) -> UInt32 {
        var touch = TouchColumns(slot: slot)
        forEachColumn(&touch)
        return touch.sum
    }

    /// Reads the animated-view index of the last `count` animated views (a view leaving the
    /// animated set swaps the last one into its place), for a read-ahead.
    func touchAnimatedTail(_ count: Int) -> UInt32 {
        var sum: UInt32 = 0
        for k in 0..<min(count, animatedSlots.count) { sum &+= UInt32(bitPattern: columns.animatedIndex[Int(animatedSlots[animatedSlots.count - 1 - k])]) }
        return sum
    }

    /// Reads the slot map's entry for entity index `index` (an insert writes it), for a read-ahead.
    @inline(__always)
    func touchSlotMap(index: Int) -> UInt32 { index < slotOf.count ? slotOf[index] : 0 }

    /// Adds a view for `entity` in a free slot (the most recently freed before the last refresh,
    /// or a new one) and returns the slot.
    @discardableResult
    mutating func insert(_ entity: Entity, frame: Rect, cornerRadius: Float, opacity: Float, role: RenderRole) -> Int {
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = Int(reused)
            var reset = ResetColumns(slot: slot)
            forEachColumn(&reset)
        } else {
            slot = entities.count
            var grow = GrowColumns()
            forEachColumn(&grow)
        }
        columns.occupy(slot, entity: entity, role: role, sequence: nextSequence)
        markStructure(slot)
        writeRestingBlock(slot: slot, frame: frame, cornerRadius: cornerRadius, opacity: opacity)
        nextSequence += 1
        let i = Int(entity.index)
        if i >= slotOf.count { slotOf.append(contentsOf: repeatElement(0, count: i + 1 - slotOf.count)) }
        slotOf[i] = UInt32(slot + 1)
        count += 1
        visibleCount += 1
        pendingInserts.append(UInt32(slot))
        return slot
    }

    /// Writes a new view's presented values, its block vacant (all zero) before: its frame,
    /// radius and opacity, and the identity transform. Written through one buffer (one
    /// uniqueness check, not one per value: portal layers are spawned by the hundred per tick).
    private mutating func writeRestingBlock(slot: Int, frame: Rect, cornerRadius: Float, opacity: Float) {
        let base = slot * ViewChannel.stride
        columns.values.withUnsafeMutableBufferPointerUnnoted { values in
            values[base + ViewChannel.x.rawValue] = frame.minX
            values[base + ViewChannel.y.rawValue] = frame.minY
            values[base + ViewChannel.width.rawValue] = frame.width
            values[base + ViewChannel.height.rawValue] = frame.height
            values[base + ViewChannel.cornerRadius.rawValue] = cornerRadius
            values[base + ViewChannel.opacity.rawValue] = opacity
            values[base + ViewChannel.scaleX.rawValue] = 1
            values[base + ViewChannel.scaleY.rawValue] = 1
        }
    }

    /// Frees the slot of `entity`. The caller must already have removed its tracks.
    mutating func remove(_ entity: Entity) {
        guard let slot = slot(of: entity) else { return }
        if parentSlot[slot] != 0 { markStructure(Int(parentSlot[slot] - 1)) }
        if hiddenBy[slot] == 0 { visibleCount -= 1 }
        if parentSlot[slot] != 0 {
            // Unlinked by hand, not through `setParent`: the view leaves the tree altogether,
            // so it does not become a root (which would re-sort the roots).
            let p = Int(parentSlot[slot] - 1)
            if let i = childSlots[p].firstIndex(of: UInt32(slot)) { columns.childSlots[p].remove(at: i) }
            columns.parentSlot[slot] = 0
            parentedCount -= 1
        }
        // The World despawns a subtree children first, so none is left here; should one be,
        // it becomes a root rather than point at a freed slot.
        while let child = childSlots[slot].last { setParent(nil, of: Int(child)) }
        columns.vacate(slot)
        slotOf[Int(entity.index)] = 0
        count -= 1
        render.slots.rootEntry[slot] = -1
        structureChanged = true
        pendingRemovals.append(UInt32(slot), bound: entities.count)   // reusable after the next refresh, not before
    }

    /// Records that the view in `slot` is about to move on screen, or its content with it (or the
    /// view to go), for the portals watching it (see `AnchorWatches`).
    @inline(__always)
    mutating func noteGeometryWrite(slot: Int) { watches.noteWrite(slot: slot) }

    /// The watch of portal `key` on the view in `slot` and its ancestors (see
    /// `AnchorWatches.watch`).
    mutating func watch(_ chain: Int32, slot: Int, by key: UInt32) -> Int32 {
        watches.watch(chain, slot: slot, by: key, parentSlot: columns.parentSlot)
    }

    /// Whether `chain` watches exactly the view in `slot` and its ancestors, in order.
    @inline(__always)
    func watches(_ chain: Int32, slot: Int) -> Bool { watches.watches(chain, slot: slot, parentSlot: columns.parentSlot) }

    // MARK: Lanes

    /// The lanes' write-back: copies each of `count` lane values into its view's block. The
    /// views it writes are the animated ones, which propagation marks from `animatedSlots`
    /// (per view, not per lane, and outside this loop).
    mutating func writeLanes(_ value: UnsafeBufferPointer<Float>, to output: UnsafeBufferPointer<UInt32>, count: Int) {
        columns.values.withUnsafeMutableBufferPointerUnnoted { presented in
            for i in 0..<count { presented[Int(output[i])] = value[i] }
        }
    }

    /// Points the channel at `out` (slot × 16 + channel) at lane `row` (or ``noLane``), keeping
    /// the set of animated views: a view joins it with its first lane and leaves with its last.
    mutating func setLane(_ out: Int, _ row: Int32) {
        let old = lanes[out]
        columns.lanes[out] = row
        let slot = out / ViewChannel.stride
        if old == ViewStore.noLane && row != ViewStore.noLane {
            columns.laneCountOf[slot] += 1
            if columns.laneCountOf[slot] == 1 {
                columns.animatedIndex[slot] = Int32(animatedSlots.count)
                animatedSlots.append(UInt32(slot))
            }
        } else if old != ViewStore.noLane && row == ViewStore.noLane {
            columns.laneCountOf[slot] -= 1
            if columns.laneCountOf[slot] == 0 { leaveAnimated(slot: slot) }
        }
    }

    /// Takes the view in `slot`, whose last lane just ended, out of the animated set
    /// (swap-remove, keeping `animatedIndex` right).
    @inline(__always)
    private mutating func leaveAnimated(slot: Int) {
        let i = Int(columns.animatedIndex[slot])
        let last = animatedSlots.removeLast()
        if i < animatedSlots.count {
            animatedSlots[i] = last
            columns.animatedIndex[Int(last)] = Int32(i)
        }
        columns.animatedIndex[slot] = -1
    }

    /// Points the channels of the view in `slot` that `outputs` name (slot × 16 + channel, one
    /// per lane), none of which has a lane, at lanes `first`, `first + 1`, …: what one
    /// ``setLane(_:_:)`` per lane does, with the lane count and the animated set updated once
    /// (a flight starts five lanes on a new layer).
    mutating func setFreshLanes(_ outputs: UnsafeBufferPointer<UInt32>, first: Int, slot: Int) {
        columns.lanes.withUnsafeMutableBufferPointer { lanes in
            for (i, out) in outputs.enumerated() { lanes[Int(out)] = Int32(first + i) }
        }
        let before = columns.laneCountOf[slot]
        columns.laneCountOf[slot] = before + UInt8(outputs.count)
        if before == 0 && !outputs.isEmpty {
            columns.animatedIndex[slot] = Int32(animatedSlots.count)
            animatedSlots.append(UInt32(slot))
        }
    }

    /// Takes `count` lanes off the lane count of the view in `slot`, whose channels the caller
    /// has already cleared in `lanes`: what the bookkeeping of one ``setLane(_:_:)`` per lane
    /// does, done once (a landing flight's five lanes end together).
    mutating func dropLanes(_ count: Int, slot: Int) {
        guard count > 0 else { return }
        columns.laneCountOf[slot] -= UInt8(count)
        if columns.laneCountOf[slot] == 0 { leaveAnimated(slot: slot) }
    }

    /// Whether the view in `slot` has a running lane on its frame or corner radius.
    func hasGeometryLane(slot: Int) -> Bool {
        lanes.withUnsafeBufferPointer { lanes in
            let base = slot * ViewChannel.stride
            return ViewChannel.geometry.contains { lanes[base + $0] != ViewStore.noLane }
        }
    }

    /// Whether the view in `slot` has a running lane on a channel that moves its content on
    /// screen (its frame, transform or content offset).
    func hasPlacementLane(slot: Int) -> Bool {
        lanes.withUnsafeBufferPointer { lanes in
            let base = slot * ViewChannel.stride
            // `noLane` is all ones and a lane row is not negative: the AND of the entries is
            // `noLane` exactly when none has a lane (no branch per channel).
            var all = ViewStore.noLane
            for c in 0..<ViewChannel.stride where c != ViewChannel.opacity.rawValue && c != ViewChannel.shadowRadius.rawValue {
                all &= lanes[base + c]
            }
            return all != ViewStore.noLane
        }
    }

    /// Whether the global frame of the view in `slot` can change only by a write that
    /// `noteGeometryWrite(slot:)` reports: no lane runs on its geometry, nor on the placement
    /// of any ancestor.
    @inline(__always)   // as `anchorFrame`: out of line, the matching pass copied the store to call it
    func isStill(slot: Int) -> Bool {
        guard !hasGeometryLane(slot: slot) else { return false }
        var s = parent(slot: slot)
        while let current = s {
            if hasPlacementLane(slot: current) { return false }
            s = parent(slot: current)
        }
        return true
    }

    mutating func setZIndex(_ z: Int32, slot: Int) {
        guard styles[slot].zIndex != z else { return }
        let parent = parentSlot[slot]
        markStructure(slot)
        if parent == 0 {
            styles[slot].zIndex = z; needsSort = true
        } else {
            // Re-sort one sibling list: take the view out, change its key, put it back.
            let p = Int(parent - 1)
            if let i = childSlots[p].firstIndex(of: UInt32(slot)) { columns.childSlots[p].remove(at: i) }
            styles[slot].zIndex = z
            insertChild(UInt32(slot), into: p)
        }
    }

    /// The parent of the view in `slot`, or `nil` for a root.
    func parent(slot: Int) -> Int? {
        let p = parentSlot[slot]
        return p == 0 ? nil : Int(p - 1)
    }

    /// Makes `parent` (a slot, or `nil` for none) the parent of the view in `slot`: the one
    /// place both directions of a link change. The caller has ruled out cycles.
    mutating func setParent(_ parent: Int?, of slot: Int) {
        let old = parentSlot[slot]
        let new = parent.map { UInt32($0 + 1) } ?? 0
        guard old != new else { return }
        noteGeometryWrite(slot: slot)   // its global frame changes: a portal trusting it looks again
        markStructure(slot)
        if old != 0 { markStructure(Int(old - 1)) }
        if let parent { markStructure(parent) }
        if old != 0 {
            let p = Int(old - 1)
            if let i = childSlots[p].firstIndex(of: UInt32(slot)) { columns.childSlots[p].remove(at: i) }
            parentedCount -= 1
        }
        columns.parentSlot[slot] = new
        if let parent {
            insertChild(UInt32(slot), into: parent)
            parentedCount += 1
        }
        // A view leaving or joining the roots moves in or out of the drawing order at the next
        // refresh, which keeps the other roots where they are: a navigation stack adopting or
        // releasing a screen does not re-sort every root. (A view spawned since the last
        // refresh is still among the pending inserts, which the refresh filters by root-ness.)
        if old == 0 && new != 0 {
            rootsLeft = true
        } else if old != 0 && new == 0 {
            pendingRootJoins.append(UInt32(slot), bound: entities.count)
        }
    }

    /// Inserts `child` into the sorted children of `parent` (after its equals: creation order).
    private mutating func insertChild(_ child: UInt32, into parent: Int) {
        let key = DrawKey(styles: styles.elements, sequence: sequence)
        var i = childSlots[parent].count
        while i > 0 && key.siblingBefore(child, childSlots[parent][i - 1]) { i -= 1 }
        columns.childSlots[parent].insert(child, at: i)
    }

    /// Sorts `slots` into the order of a sibling list (z index, then creation order).
    func sortSiblings(_ slots: inout [UInt32]) {
        let key = DrawKey(styles: styles.elements, sequence: sequence)
        slots.sort { key.siblingBefore($0, $1) }
    }

    mutating func setClipsToBounds(_ clips: Bool, slot: Int) {
        guard styles[slot].clipsToBounds != clips else { return }
        styles[slot].clipsToBounds = clips
        markStructure(slot)
    }

    /// Sets what the view in `slot` draws (a portal layer shows another view's content). A
    /// layer's drawn subtree depends on its content — the copies of the content's descendants,
    /// and the clip of a content that clips — so a change is one of structure: the layer's root
    /// is walked again, never copied with the items and clip its old content gave it.
    mutating func setContent(_ content: Entity, slot: Int) {
        guard styles[slot].content != content else { return }
        styles[slot].content = content
        markStructure(slot)
    }

    /// The z index of the view in `slot`.
    func zIndex(slot: Int) -> Int32 { styles[slot].zIndex
    }

    mutating func setHidden(_ hidden: Bool, by reason: HiddenReason, slot: Int) {
        let (wasVisible, isVisible) = columns.hiddenBy.withUnsafeMutableBufferPointer { hiddenBy in
            let was = hiddenBy[slot]
            let now = hidden ? was | reason.rawValue : was & ~reason.rawValue
            hiddenBy[slot] = now
            return (was == 0, now == 0)
        }
        if wasVisible != isVisible { visibleCount += isVisible ? 1 : -1; markStructure(slot) }
    }

    func isHidden(slot: Int) -> Bool { hiddenBy[slot] != 0 }

    mutating func setRole(_ newRole: RenderRole, slot: Int) {
        if styles[slot].role != newRole { styles[slot].role = newRole; needsSort = true; markStructure(slot) }
    }

    /// Records that the render list has just been built from the views spawned so far.
    mutating func noteRenderListBuilt() { renderedSequence = nextSequence }
}
