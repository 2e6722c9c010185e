// The change list: what the last tick did to the render list, for hosts with a retained scene.
//
// Propagation knows what it touched, so the list costs what the tick cost:
// - an idle tick (nothing propagated): the list is empty, no work;
// - a patched tick (items rewritten in place, same length and order): the patch notes each
//   item's index and old value before writing it (`RenderPatchLog`), and the updates are those
//   whose fields differ — O(changed);
// - a rebuilt tick (any structural change, or most views changed): the old list is at hand (the
//   tree list is double-buffered; a flat list is copied before its in-place rebuild, with the
//   patches of the same tick undone), and the two are matched by key in one O(n) pass.

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
        var m: UInt16 = 0
        if a.content != b.content { m |= 1 << 0 }
        if a.frame != b.frame { m |= 1 << 1 }
        if a.cornerRadius != b.cornerRadius { m |= 1 << 2 }
        if a.cornerStyle != b.cornerStyle { m |= 1 << 3 }
        if a.clipsContent != b.clipsContent { m |= 1 << 4 }
        if a.opacity != b.opacity { m |= 1 << 5 }
        if a.shadowRadius != b.shadowRadius { m |= 1 << 6 }
        if a.transform != b.transform { m |= 1 << 7 }
        if a.zIndex != b.zIndex { m |= 1 << 8 }
        if a.role != b.role { m |= 1 << 9 }
        if a.allowsHitTesting != b.allowsHitTesting { m |= 1 << 10 }
        if a.globalTransform != b.globalTransform { m |= 1 << 11 }
        if a.clip != b.clip { m |= 1 << 12 }
        return RenderFields(rawValue: m)
    }
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
        removed.removeAll(keepingCapacity: true)
        inserted.removeAll(keepingCapacity: true)
        updated.removeAll(keepingCapacity: true)
        orderChanged = false
    }
}

/// The patches' record: each in-place item write's index and old value (only while tracking).
struct RenderPatchLog {
    var isOn = false
    var index: [Int32] = []
    var old: [RenderItem] = []

    @inline(__always)
    mutating func note(_ i: Int, _ item: RenderItem) {
        index.append(Int32(truncatingIfNeeded: i))
        old.append(item)
    }
}

/// The change list's state between ticks: where this tick's old list is, and scratch buffers
/// kept between ticks (so a steady tick allocates nothing).
struct RenderChangeLog {
    enum OldList { case unchanged, patchedInPlace, kept, spare }
    var oldList = OldList.unchanged
    /// A flat list's copy before its in-place rebuild.
    var kept: [RenderItem] = []
    /// The previous list's portal-layer copy ranges (pairs of item indices).
    var oldCopies: [Int32] = []
    /// Per entity index, 1 + its item's index in the old list (0: none).
    var position: [Int32] = []
    var copyPosition: [RenderKey: Int32] = [:]
    var matched: [Bool] = []
    var changes = RenderChanges()
}

extension ViewStore {
    /// Before a flat list is rebuilt in place: keeps the old list (while tracking).
    mutating func keepOldListForChanges(_ items: [RenderItem]) {
        guard patchLog.isOn else { return }
        changeLog.kept.removeAll(keepingCapacity: true)
        changeLog.kept.append(contentsOf: items)
        changeLog.oldList = .kept
    }

    /// Starts or stops tracking; the current list is the next change list's baseline.
    mutating func setTracksRenderChanges(_ on: Bool) {
        patchLog.isOn = on
        patchLog.index.removeAll(keepingCapacity: true)
        patchLog.old.removeAll(keepingCapacity: true)
        changeLog.changes.clear()
        changeLog.oldList = .unchanged
        changeLog.oldCopies.removeAll(keepingCapacity: true)
        changeLog.oldCopies.append(contentsOf: layerContentItems)
    }

    /// After propagation: writes the change list from what it did to `items`.
    mutating func finishRenderChanges(items: [RenderItem]) {
        guard patchLog.isOn else { return }
        var log = changeLog
        changeLog = RenderChangeLog()
        defer { changeLog = log }
        log.changes.clear()
        switch log.oldList {
        case .unchanged:
            break
        case .patchedInPlace:
            items.withUnsafeBufferPointer { new in
                for (k, i) in patchLog.index.enumerated() {
                    let fields = RenderFields.difference(patchLog.old[k], new[Int(i)])
                    if !fields.isEmpty { log.changes.updated.append(RenderUpdate(index: i, fields: fields)) }
                }
            }
        case .kept:
            log.diff(old: log.kept, new: items, newCopies: layerContentItems)
        case .spare:
            // The patches of this tick wrote into the old list before it was composed again:
            // undone (last first), so the spare holds the old list.
            spareItems.withUnsafeMutableBufferPointer { old in
                for k in patchLog.index.indices.reversed() { old[Int(patchLog.index[k])] = patchLog.old[k] }
            }
            log.diff(old: spareItems, new: items, newCopies: layerContentItems)
        }
        log.oldList = .unchanged
        if !log.oldCopies.isEmpty || !layerContentItems.isEmpty {
            log.oldCopies.removeAll(keepingCapacity: true)
            log.oldCopies.append(contentsOf: layerContentItems)
        }
        patchLog.index.removeAll(keepingCapacity: true)
        patchLog.old.removeAll(keepingCapacity: true)
    }

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

extension RenderChangeLog {
    /// Calls `body` with each item's index and the layer it is a copy under (nil for none),
    /// in order: one pass with a cursor over the sorted copy ranges.
    @inline(__always)
    static func forEachKey(_ items: UnsafeBufferPointer<RenderItem>, copies: [Int32], _ body: (Int, Entity?) -> Void) {
        var c = 0
        for i in 0..<items.count {
            while c + 1 < copies.count && Int(copies[c + 1]) <= i { c += 2 }
            if c + 1 < copies.count && Int(copies[c]) <= i {
                body(i, items[Int(copies[c]) - 1].entity)
            } else {
                body(i, nil)
            }
        }
    }

    /// Matches `old` and `new` by key in O(n): updates, insertions, removals and whether the
    /// surviving items kept their order.
    mutating func diff(old oldList: [RenderItem], new newList: [RenderItem], newCopies: [Int32]) {
        var position = self.position, copyPosition = self.copyPosition, matched = self.matched
        self.position = []; self.copyPosition = [:]; self.matched = []
        var changes = self.changes
        self.changes = RenderChanges()
        defer { self.position = position; self.copyPosition = copyPosition; self.matched = matched; self.changes = changes }
        copyPosition.removeAll(keepingCapacity: true)
        matched.removeAll(keepingCapacity: true)
        matched.append(contentsOf: repeatElement(false, count: oldList.count))
        oldList.withUnsafeBufferPointer { old in
            newList.withUnsafeBufferPointer { new in
                RenderChangeLog.forEachKey(old, copies: oldCopies) { i, layer in
                    if let layer {
                        copyPosition[RenderKey(entity: old[i].entity, layer: layer)] = Int32(i)
                    } else {
                        let e = Int(old[i].entity.index)
                        if e >= position.count { position.append(contentsOf: repeatElement(0, count: e + 1 - position.count)) }
                        position[e] = Int32(i + 1)
                    }
                }
                var last = -1
                RenderChangeLog.forEachKey(new, copies: newCopies) { j, layer in
                    let entity = new[j].entity
                    var i = -1
                    if let layer {
                        i = Int(copyPosition[RenderKey(entity: entity, layer: layer)] ?? -1)
                    } else if Int(entity.index) < position.count {
                        let p = Int(position[Int(entity.index)]) - 1
                        if p >= 0 && old[p].entity == entity { i = p }
                    }
                    guard i >= 0 else { changes.inserted.append(Int32(j)); return }
                    matched[i] = true
                    if i < last { changes.orderChanged = true }
                    last = i
                    let fields = RenderFields.difference(old[i], new[j])
                    if !fields.isEmpty { changes.updated.append(RenderUpdate(index: Int32(j), fields: fields)) }
                }
                RenderChangeLog.forEachKey(old, copies: oldCopies) { i, layer in
                    if layer == nil { position[Int(old[i].entity.index)] = 0 }
                    if !matched[i] { changes.removed.append(RenderKey(entity: old[i].entity, layer: layer)) }
                }
            }
        }
    }
}
