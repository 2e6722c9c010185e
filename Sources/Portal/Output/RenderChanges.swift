// The change list: what the last host call (`tick()`, `advance(by:)`) did to the render list,
// over all the ticks it ran, for hosts with a retained scene.
//
// Propagation knows what it touched, so the list costs what the ticks cost:
// - idle ticks (nothing propagated): the list is empty, no work;
// - patched ticks (items rewritten in place, same length and order): the patch keeps the one
//   item it is about to overwrite and compares it with what it wrote (`RenderPatchLog`): in the
//   call's last tick that field mask is the update; only an item first patched in an earlier
//   tick of the call keeps its old value until the call ends (a later tick may set a field
//   back) — O(changed), no log of old items;
// - once a tick of the call rebuilds the list (a structural change, or most views changed),
//   the call's baseline is kept: the old list (the tree list's double-buffer spare, as it is in
//   the call's last tick, else a copy; or a copy of a flat list taken before its in-place
//   rebuild) with the call's earlier patches undone; at the end of the call baseline and new
//   list are matched by key in one O(n) pass.

/// Identifies a render item across ticks: the view it draws and, for the items a portal layer
/// draws for its content's descendants, the layer they are drawn under.
///
/// A view is drawn at most once in its own place and at most once under each portal layer, so
/// keys are unique within a render list. ``World/renderKey(at:)`` gives an item's key.
public struct RenderKey: Hashable, Sendable {
    /// The item's ``RenderItem/entity``.
    public var entity: Entity
    /// The portal layer the item is drawn under as a copy of its content's descendant, or `nil`
    /// for a view drawn in its own place (portal layers themselves included).
    public var layer: Entity?

    /// A key from its parts.
    public init(entity: Entity, layer: Entity? = nil) {
        self.entity = entity
        self.layer = layer
    }
}

/// The fields of a ``RenderItem`` that an update changed, one bit per stored field.
public struct RenderFields: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public var rawValue: UInt16
    /// Fields from raw bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// ``RenderItem/content``.
    public static let content = RenderFields(rawValue: 1 << 0)
    /// ``RenderItem/frame``.
    public static let frame = RenderFields(rawValue: 1 << 1)
    /// ``RenderItem/cornerRadius``.
    public static let cornerRadius = RenderFields(rawValue: 1 << 2)
    /// ``RenderItem/cornerStyle``.
    public static let cornerStyle = RenderFields(rawValue: 1 << 3)
    /// ``RenderItem/clipsContent``.
    public static let clipsContent = RenderFields(rawValue: 1 << 4)
    /// ``RenderItem/opacity``.
    public static let opacity = RenderFields(rawValue: 1 << 5)
    /// ``RenderItem/shadowRadius``.
    public static let shadowRadius = RenderFields(rawValue: 1 << 6)
    /// ``RenderItem/transform``.
    public static let transform = RenderFields(rawValue: 1 << 7)
    /// ``RenderItem/zIndex``.
    public static let zIndex = RenderFields(rawValue: 1 << 8)
    /// ``RenderItem/role``.
    public static let role = RenderFields(rawValue: 1 << 9)
    /// ``RenderItem/allowsHitTesting``.
    public static let allowsHitTesting = RenderFields(rawValue: 1 << 10)
    /// ``RenderItem/globalTransform``.
    public static let globalTransform = RenderFields(rawValue: 1 << 11)
    /// ``RenderItem/clip`` (the index into ``World/clipList``).
    public static let clip = RenderFields(rawValue: 1 << 12)
    /// Every field.
    public static let all = RenderFields(rawValue: (1 << 13) - 1)

    /// The fields in which `a` and `b` differ (by `==`, as ``RenderItem``'s own equality).
    public static func difference(_ a: RenderItem, _ b: RenderItem) -> RenderFields {
        var a = a, b = b
        return RenderFields(rawValue: differenceBits(&a, &b))
    }

    /// ``difference(_:_:)`` of two items in memory, with no branch per field: each float group
    /// (the frame, the transform's 11 numbers, the global transform's 9) is compared as SIMD
    /// vectors loaded from the items — `==` lane by lane, so −0 equals 0 and NaN equals nothing,
    /// as the fields' own `==`. A group's floats are contiguous at the byte offsets
    /// ``frameOffset``, ``transformOffset`` and ``globalTransformOffset`` (a test checks both
    /// against `MemoryLayout`'s key-path offsets, which Embedded Swift does not have).
    @_transparent
    static func differenceBits(_ a: UnsafePointer<RenderItem>, _ b: UnsafePointer<RenderItem>) -> UInt16 {
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
        @inline(__always) func bit(_ same: Bool, _ shift: UInt16) -> UInt16 { same ? 0 : 1 << shift }
        @inline(__always) func same4(_ o: Int) -> Bool {
            Swift.all(ra.loadUnaligned(fromByteOffset: o, as: SIMD4<Float>.self) .== rb.loadUnaligned(fromByteOffset: o, as: SIMD4<Float>.self))
        }
        @inline(__always) func same8(_ o: Int) -> Bool {
            Swift.all(ra.loadUnaligned(fromByteOffset: o, as: SIMD8<Float>.self) .== rb.loadUnaligned(fromByteOffset: o, as: SIMD8<Float>.self))
        }
        let transform = transformOffset, global = globalTransformOffset
        var m = bit(a.pointee.content == b.pointee.content, 0)
        m |= bit(same4(frameOffset), 1)
        m |= bit(a.pointee.cornerRadius == b.pointee.cornerRadius, 2)
        m |= bit(a.pointee.cornerStyle == b.pointee.cornerStyle, 3)
        m |= bit(a.pointee.clipsContent == b.pointee.clipsContent, 4)
        m |= bit(a.pointee.opacity == b.pointee.opacity, 5)
        m |= bit(a.pointee.shadowRadius == b.pointee.shadowRadius, 6)
        m |= bit(same8(transform), 7) | bit(same4(transform + 28), 7)
        m |= bit(a.pointee.zIndex == b.pointee.zIndex, 8)
        m |= bit(a.pointee.role == b.pointee.role, 9)
        m |= bit(a.pointee.allowsHitTesting == b.pointee.allowsHitTesting, 10)
        m |= bit(same8(global), 11) | bit(same8(global + 4), 11)
        m |= bit(a.pointee.clip == b.pointee.clip, 12)
        return m
    }

    /// Where in a ``RenderItem`` the float groups ``differenceBits(_:_:)`` loads as vectors start,
    /// in bytes: the frame's 4 floats, the transform's 11 and the global transform's 9 (the C
    /// interface's `PortalRenderItem` layout, which it reads in place).
    static let frameOffset = 16, transformOffset = 48, globalTransformOffset = 100
}

/// One item the last tick changed in place: its index in the new ``World/renderList`` and the
/// fields that differ from its previous value.
public struct RenderUpdate: Hashable, Sendable {
    /// The item's index in the current render list.
    public var index: Int32
    /// The fields that changed (never empty).
    public var fields: RenderFields

    /// An update from its parts.
    public init(index: Int32, fields: RenderFields) {
        self.index = index
        self.fields = fields
    }
}

/// What the last tick did to the render list (``World/renderChanges``), for a host that keeps a
/// retained scene (layers, nodes, DOM elements) per item and wants to touch only what changed.
///
/// Apply it to the previous list in this order: remove the items whose keys are in ``removed``;
/// if ``orderChanged`` is `false`, the remaining items kept their relative order, and each
/// index of ``inserted`` (ascending) is where a new item goes in the new list; if it is `true`,
/// reorder the remaining and inserted items by the new list (``World/renderKey(at:)``). Then
/// copy ``updated``'s ``RenderUpdate/fields`` from the new list. The result equals
/// ``World/renderList`` exactly. The clip list (``World/clipList``) is not diffed: re-read the
/// clips of items whose ``RenderFields/clip`` changed, or the whole list when any clip moved.
public struct RenderChanges: Sendable {
    /// The keys of the items no longer in the list.
    public internal(set) var removed: [RenderKey] = []
    /// The indices, ascending, of the new items in the current render list.
    public internal(set) var inserted: [Int32] = []
    /// The items present before and after whose fields changed, by their index in the current
    /// list (in no particular order; each index at most once).
    public internal(set) var updated: [RenderUpdate] = []
    /// Whether the items present before and after changed their relative order.
    public internal(set) var orderChanged = false

    /// Whether the last tick left the render list as it was.
    public var isEmpty: Bool { removed.isEmpty && inserted.isEmpty && updated.isEmpty && !orderChanged }

    mutating func clear() {
        if !removed.isEmpty { removed.removeAll(keepingCapacity: true) }
        if !inserted.isEmpty { inserted.removeAll(keepingCapacity: true) }
        if !updated.isEmpty { updated.removeAll(keepingCapacity: true) }
        orderChanged = false
    }
}

/// The patches' record for the current host call (only while tracking, and only until the list
/// is rebuilt within the call: then the baseline is kept whole and matched by key).
///
/// A patch keeps the item it is about to overwrite and compares it with what it wrote, field by
/// field: in the call's last tick (every tick of a `tick()` call, the second of a 60 Hz frame) that
/// comparison is the update — its mask against the value the host last saw, exact — unless an
/// earlier tick of the call patched the item already. An item first patched in an earlier tick
/// may be patched again and a field may come back to its old value, so there (only) the old
/// item is kept and the mask is taken against it when the call ends.
struct RenderPatchLog {
    /// An item first patched in a tick that was not the call's last, and its old value.
    struct Kept {
        var index: Int32
        var old: RenderItem
    }
    var isOn = false
    /// The list as it was when the host call began is kept (`RenderChangeLog.kept`, or the
    /// spare list after a tree compose in the call's last tick).
    var baselineKept = false
    /// The tick running is the host call's last (set by the world before each tick; false
    /// until told, the side that keeps old items).
    var isLastTick = false
    /// The updates of the items first patched in the call's last tick (never an empty mask).
    var updates: [RenderUpdate] = []
    /// The items first patched in an earlier tick of the call, with their old values.
    var kept: [Kept] = []
    /// Per item index: patched in an earlier tick of this call (`kept` holds it). All false
    /// between calls; written only while `kept` is not empty.
    var isKept: [Bool] = []

    /// The item the patch wrote last (−1: none) and its old value: compared with its new value
    /// when the next write comes (``willWrite(_:in:)``) or the patch ends
    /// (``finishWrites(in:)``) — one hook in the patch loop, before its write, and one item kept,
    /// not a log. (Out of line: an inlined hook changes the patch loop's register allocation even
    /// while tracking is off, which the untracked path would pay.)
    var pending = -1
    var old = ViewStore.fillerItem

    /// Before item `i` of `items` is overwritten by a patch.
    @inline(never)
    mutating func willWrite(_ i: Int, in items: UnsafeMutableBufferPointer<RenderItem>) {
        guard !baselineKept else { return }
        if pending >= 0 { noteWrite(pending, in: items) }
        RenderPatchLog.copy(UnsafeRawPointer(items.baseAddress! + i), to: &old)
        pending = i
    }

    /// After the patch's last write.
    mutating func finishWrites(in items: UnsafeMutableBufferPointer<RenderItem>) {
        guard pending >= 0 else { return }
        noteWrite(pending, in: items)
        pending = -1
    }

    /// Copies an item (a trivial type) with vector moves: inline, where `=` calls `memcpy`.
    @inline(__always)
    static func copy(_ source: UnsafeRawPointer, to item: UnsafeMutablePointer<RenderItem>) {
        let size = MemoryLayout<RenderItem>.size, d = UnsafeMutableRawPointer(item)
        if size == 140 {
            let a = source.loadUnaligned(as: SIMD16<Float>.self)
            let b = source.loadUnaligned(fromByteOffset: 64, as: SIMD16<Float>.self)
            let c = source.loadUnaligned(fromByteOffset: 124, as: SIMD4<Float>.self)
            d.storeBytes(of: a, as: SIMD16<Float>.self)
            d.storeBytes(of: b, toByteOffset: 64, as: SIMD16<Float>.self)
            d.storeBytes(of: c, toByteOffset: 124, as: SIMD4<Float>.self)
        } else {
            item.pointee = source.loadUnaligned(as: RenderItem.self)
        }
    }

    /// Item `i` of `items`, whose old value is `old`, was overwritten: notes what changed.
    @inline(__always)
    private mutating func noteWrite(_ i: Int, in items: UnsafeMutableBufferPointer<RenderItem>) {
        guard kept.isEmpty || !isKept[i] else { return }
        if isLastTick {
            let bits = RenderFields.differenceBits(&old, items.baseAddress! + i)
            if bits != 0 { updates.append(RenderUpdate(index: Int32(truncatingIfNeeded: i), fields: RenderFields(rawValue: bits))) }
        } else {
            keep(i, old, count: items.count)
        }
    }

    private mutating func keep(_ i: Int, _ old: RenderItem, count: Int) {
        if isKept.count < count { isKept.append(contentsOf: repeatElement(false, count: count - isKept.count)) }
        isKept[i] = true
        kept.append(Kept(index: Int32(truncatingIfNeeded: i), old: old))
    }

    /// Restores the kept old items in `list` (the call's earlier patches undone).
    func undo(in list: inout [RenderItem]) {
        list.withUnsafeMutableBufferPointer { l in
            for k in kept { l[Int(k.index)] = k.old }
        }
    }

    mutating func clear() {
        if !kept.isEmpty {
            for k in kept { isKept[Int(k.index)] = false }
            kept.removeAll(keepingCapacity: true)
        }
        if !updates.isEmpty { updates.removeAll(keepingCapacity: true) }
    }
}

/// The change list's state between host calls: the baseline when the list was rebuilt, and
/// scratch buffers kept between calls (so a steady call allocates nothing).
struct RenderChangeLog {
    /// Set by propagation when this tick composed a tree list (its old list is the spare).
    var oldListInSpare = false
    /// The baseline is the spare list (a tree compose in the call's last tick), not `kept`.
    var baselineInSpare = false
    /// The list as it was when the host call began (once a tick of the call before its last
    /// rebuilt it).
    var kept: [RenderItem] = []
    /// The baseline list's portal-layer copy ranges (pairs of item indices).
    var oldCopies: [Int32] = []
    /// Per entity index, 1 + its item's index in the old list (0: none, or matched).
    var position: [Int32] = []
    var copyPosition: [RenderKey: Int32] = [:]
    /// Per old item index, the fields the last tick's patches changed before its compose (the
    /// baseline in the spare holds the patched values); all empty between calls.
    var patched: [RenderFields] = []
    var changes = RenderChanges()
}

extension Propagation {
    /// Before a flat list is rebuilt in place: keeps the baseline (while tracking, once per call).
    mutating func keepOldListForChanges(_ items: [RenderItem]) {
        guard patchLog.isOn && !patchLog.baselineKept else { return }
        changeLog.kept.removeAll(keepingCapacity: true)
        changeLog.kept.append(contentsOf: items)
        patchLog.undo(in: &changeLog.kept)
        patchLog.clear()
        patchLog.baselineKept = true
    }

    /// After each tick's propagation: a composed tree list left its old list in the spare. In
    /// the call's last tick the spare is the baseline as it is (nothing writes it before the
    /// next tick); in an earlier one it is copied, as the next compose reuses it.
    mutating func noteRenderTick() {
        guard changeLog.oldListInSpare else { return }
        changeLog.oldListInSpare = false
        guard patchLog.isOn && !patchLog.baselineKept else { return }
        if patchLog.isLastTick {
            changeLog.baselineInSpare = true
            patchLog.baselineKept = true
        } else {
            keepOldListForChanges(spareItems)
        }
    }

    /// Starts or stops tracking; the current list is the next change list's baseline.
    mutating func setTracksRenderChanges(_ on: Bool) {
        patchLog.isOn = on
        beginRenderChanges()
    }

    /// Tells the change list whether the tick about to run is the host call's last.
    @inline(__always)
    mutating func beginRenderTick(isLast: Bool) {
        patchLog.isLastTick = isLast
    }

    /// At the start of a host call that may tick (`tick()`, `advance(by:)`): the current list
    /// is the baseline of the call's change list.
    mutating func beginRenderChanges() {
        changeLog.changes.clear()
        patchLog.clear()
        patchLog.baselineKept = false
        patchLog.isLastTick = false
        changeLog.oldListInSpare = false
        changeLog.baselineInSpare = false
        guard patchLog.isOn, !changeLog.oldCopies.isEmpty || !layerContentItems.isEmpty else { return }
        changeLog.oldCopies.removeAll(keepingCapacity: true)
        changeLog.oldCopies.append(contentsOf: layerContentItems)
    }

    /// At the end of the host call: writes the change list from the baseline (a rebuilt list:
    /// one keyed pass) or the patches' log (O(patched items)).
    mutating func finishRenderChanges(items: [RenderItem]) {
        guard patchLog.isOn else { return }
        changeLog.changes.clear()
        if patchLog.baselineKept {
            var log = changeLog
            changeLog = RenderChangeLog()
            defer { changeLog = log }
            if log.baselineInSpare {
                // The call's earlier patches are undone in the spare; this tick's patches are
                // in it, and their masks join the keyed pass's (`RenderChangeLog.diff`).
                patchLog.undo(in: &spareItems)
                log.diff(old: spareItems, new: items, newCopies: layerContentItems, patches: patchLog.updates)
            } else {
                log.diff(old: log.kept, new: items, newCopies: layerContentItems, patches: [])
            }
            patchLog.baselineKept = false
            log.baselineInSpare = false
        } else {
            // The last tick's first patches are the updates as they are; the items an earlier
            // tick patched are compared with their kept old values.
            swap(&changeLog.changes.updated, &patchLog.updates)
            if !patchLog.kept.isEmpty {
                items.withUnsafeBufferPointer { new in
                    for k in patchLog.kept {
                        var old = k.old
                        let bits = RenderFields.differenceBits(&old, new.baseAddress! + Int(k.index))
                        if bits != 0 { changeLog.changes.updated.append(RenderUpdate(index: k.index, fields: RenderFields(rawValue: bits))) }
                    }
                }
            }
        }
        patchLog.clear()
    }

}

extension ViewStore {
    // The change list's calls from `World`, to the propagation's state that keeps it.
    mutating func setTracksRenderChanges(_ on: Bool) { render.setTracksRenderChanges(on) }
    @inline(__always) mutating func beginRenderTick(isLast: Bool) { render.beginRenderTick(isLast: isLast) }
    mutating func beginRenderChanges() { render.beginRenderChanges() }
    mutating func finishRenderChanges(items: [RenderItem]) { render.finishRenderChanges(items: items) }
    mutating func noteRenderTick() { render.noteRenderTick() }
    var patchLog: RenderPatchLog { render.patchLog }
    var changeLog: RenderChangeLog { render.changeLog }
    var layerContentItems: [Int32] { render.layerContentItems }
    var lastListWasTree: Bool { render.lastListWasTree }

    /// The key of item `index` of `items`, whose portal-layer copy ranges are `copies`.
    static func renderKey(at index: Int, items: [RenderItem], copies: [Int32]) -> RenderKey {
        var k = 0
        while k + 1 < copies.count {
            if Int(copies[k]) <= index && index < Int(copies[k + 1]) {
                return RenderKey(entity: items[index].entity, layer: items[Int(copies[k]) - 1].entity)
            }
            k += 2
        }
        return RenderKey(entity: items[index].entity)
    }
}

/// A cursor over a list's portal-layer copy ranges (sorted pairs of item indices), asked for
/// each item in order: the layer the item is a copy under, or nil.
struct CopyCursor {
    let copies: UnsafeBufferPointer<Int32>
    var c = 0

    init(_ copies: UnsafeBufferPointer<Int32>) { self.copies = copies }

    @inline(__always)
    mutating func layer(of i: Int, in items: UnsafeBufferPointer<RenderItem>) -> Entity? {
        while c + 1 < copies.count && Int(copies[c + 1]) <= i { c += 2 }
        guard c + 1 < copies.count && Int(copies[c]) <= i else { return nil }
        return items[Int(copies[c]) - 1].entity
    }
}

extension RenderChangeLog {
    /// Matches `old` and `new` by key in O(n): updates, insertions, removals and whether the
    /// surviving items kept their order. `patches` are updates by index in `old` whose fields
    /// were changed in `old` already (the last tick's patches, before its compose); each joins
    /// the mask of its item's match. The compose writes a patched item's patched values again
    /// (a walk composes what a patch composed, bit for bit) except its clip index, which a patch
    /// never changes; so a field is in the union exactly when it differs from the baseline.
    mutating func diff(old oldList: [RenderItem], new newList: [RenderItem], newCopies: [Int32], patches: [RenderUpdate]) {
        var position = self.position, copyPosition = self.copyPosition, patched = self.patched, changes = self.changes
        self.position = []; self.copyPosition = [:]; self.patched = []; self.changes = RenderChanges()
        defer { self.position = position; self.copyPosition = copyPosition; self.patched = patched; self.changes = changes }
        if patched.count < oldList.count { patched.append(contentsOf: repeatElement([], count: oldList.count - patched.count)) }
        for u in patches { patched[Int(u.index)] = u.fields }
        var maxEntity = 0
        for item in oldList { maxEntity = max(maxEntity, Int(item.entity.index)) }
        if position.count <= maxEntity { position.append(contentsOf: repeatElement(0, count: maxEntity + 1 - position.count)) }
        copyPosition.removeAll(keepingCapacity: true)
        let hasPatches = !patches.isEmpty
        oldList.withUnsafeBufferPointer { old in
          newList.withUnsafeBufferPointer { new in
            oldCopies.withUnsafeBufferPointer { oldCopies in
              newCopies.withUnsafeBufferPointer { newCopies in
                position.withUnsafeMutableBufferPointer { position in
                  patched.withUnsafeMutableBufferPointer { patched in
                    // Where each old item is: by entity index, or by key for a layer's copy.
                    var cursor = CopyCursor(oldCopies)
                    for i in 0..<old.count {
                        if let layer = cursor.layer(of: i, in: old) {
                            copyPosition[RenderKey(entity: old[i].entity, layer: layer)] = Int32(i)
                        } else {
                            position[Int(old[i].entity.index)] = Int32(i + 1)
                        }
                    }
                    // Each new item's match (consumed: a matched position is cleared).
                    var last = -1
                    cursor = CopyCursor(newCopies)
                    for j in 0..<new.count {
                        let entity = new[j].entity
                        var i = -1
                        if let layer = cursor.layer(of: j, in: new) {
                            i = Int(copyPosition.removeValue(forKey: RenderKey(entity: entity, layer: layer)) ?? -1)
                        } else if Int(entity.index) < position.count {
                            let p = Int(position[Int(entity.index)]) - 1
                            if p >= 0 && old[p].entity == entity {
                                i = p
                                position[Int(entity.index)] = 0
                            }
                        }
                        guard i >= 0 else { changes.inserted.append(Int32(j)); continue }
                        if i < last { changes.orderChanged = true }
                        last = i
                        var bits = RenderFields.differenceBits(old.baseAddress! + i, new.baseAddress! + j)
                        if hasPatches { bits |= patched[i].rawValue }
                        if bits != 0 { changes.updated.append(RenderUpdate(index: Int32(j), fields: RenderFields(rawValue: bits))) }
                    }
                    // The old items left unmatched are removed.
                    cursor = CopyCursor(oldCopies)
                    for i in 0..<old.count {
                        if let layer = cursor.layer(of: i, in: old) {
                            let key = RenderKey(entity: old[i].entity, layer: layer)
                            if copyPosition[key] != nil { changes.removed.append(key) }
                        } else {
                            let e = Int(old[i].entity.index)
                            if position[e] == Int32(i + 1) {
                                changes.removed.append(RenderKey(entity: old[i].entity))
                                position[e] = 0
                            }
                        }
                    }
                    for u in patches { patched[Int(u.index)] = [] }
                  }
                }
              }
            }
          }
        }
    }
}
