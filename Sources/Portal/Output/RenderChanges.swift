// The change list: what the last host call (`tick()`, `advance(by:)`) did to the render list,
// over all the ticks it ran, for hosts with a retained scene.
//
// Propagation knows what it touched, so the list costs what the ticks cost:
// - idle ticks (nothing propagated): the list is empty, no work;
// - patched ticks (items rewritten in place, same length and order): the patch notes each
//   item's index and old value before writing it (`RenderPatchLog`), and the updates are the
//   patched items, each once against its first old value, whose fields differ — O(changed);
// - once a tick of the call rebuilds the list (a structural change, or most views changed),
//   the call's baseline is kept: the old list (the tree list's double-buffer spare, or a copy
//   of a flat list taken before its in-place rebuild) with the call's patches undone; at the
//   end of the call baseline and new list are matched by key in one O(n) pass.

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

/// The patches' record: each in-place item write's index and old value (only while tracking,
/// and only until the list is rebuilt within the host call: then the baseline is kept whole).
struct RenderPatchLog {
    var isOn = false
    /// The list as it was when the host call began is in `RenderChangeLog.kept`.
    var baselineKept = false
    var index: [Int32] = []
    var old: [RenderItem] = []

    @inline(__always)
    mutating func note(_ i: Int, _ item: RenderItem) {
        guard !baselineKept else { return }
        index.append(Int32(truncatingIfNeeded: i))
        old.append(item)
    }

    /// Undoes the noted writes in `list` (last first, so the earliest old value wins).
    func undo(in list: inout [RenderItem]) {
        list.withUnsafeMutableBufferPointer { l in
            for k in index.indices.reversed() { l[Int(index[k])] = old[k] }
        }
    }

    mutating func clear() {
        index.removeAll(keepingCapacity: true)
        old.removeAll(keepingCapacity: true)
    }
}

/// The change list's state between host calls: the baseline when the list was rebuilt, and
/// scratch buffers kept between calls (so a steady call allocates nothing).
struct RenderChangeLog {
    /// Set by propagation when this tick composed a tree list (its old list is the spare).
    var oldListInSpare = false
    /// The list as it was when the host call began (once a tick of the call rebuilt it).
    var kept: [RenderItem] = []
    /// The baseline list's portal-layer copy ranges (pairs of item indices).
    var oldCopies: [Int32] = []
    /// Per entity index, 1 + its item's index in the old list (0: none).
    var position: [Int32] = []
    var copyPosition: [RenderKey: Int32] = [:]
    /// Per old item index: matched (a rebuilt diff).
    var matched: [Bool] = []
    /// Per item index: already reported (patches; all false between calls).
    var reported: [Bool] = []
    var changes = RenderChanges()
}

extension ViewStore {
    /// Before a flat list is rebuilt in place: keeps the baseline (while tracking, once per call).
    mutating func keepOldListForChanges(_ items: [RenderItem]) {
        guard patchLog.isOn && !patchLog.baselineKept else { return }
        changeLog.kept.removeAll(keepingCapacity: true)
        changeLog.kept.append(contentsOf: items)
        keepBaseline()
    }

    /// The kept list had this call's patches written into it: undone, it is the baseline.
    private mutating func keepBaseline() {
        patchLog.undo(in: &changeLog.kept)
        patchLog.clear()
        patchLog.baselineKept = true
    }

    /// After each tick's propagation: a composed tree list left its old list in the spare.
    mutating func noteRenderTick() {
        guard changeLog.oldListInSpare else { return }
        changeLog.oldListInSpare = false
        guard patchLog.isOn && !patchLog.baselineKept else { return }
        changeLog.kept.removeAll(keepingCapacity: true)
        changeLog.kept.append(contentsOf: spareItems)
        keepBaseline()
    }

    /// Starts or stops tracking; the current list is the next change list's baseline.
    mutating func setTracksRenderChanges(_ on: Bool) {
        patchLog.isOn = on
        beginRenderChanges()
    }

    /// At the start of a host call that may tick (`tick()`, `advance(by:)`): the current list
    /// is the baseline of the call's change list.
    mutating func beginRenderChanges() {
        changeLog.changes.clear()
        patchLog.clear()
        patchLog.baselineKept = false
        changeLog.oldListInSpare = false
        guard patchLog.isOn, !changeLog.oldCopies.isEmpty || !layerContentItems.isEmpty else { return }
        changeLog.oldCopies.removeAll(keepingCapacity: true)
        changeLog.oldCopies.append(contentsOf: layerContentItems)
    }

    /// At the end of the host call: writes the change list from the baseline (a rebuilt list:
    /// one keyed pass) or the patches' log (each patched item once, against its first old value).
    mutating func finishRenderChanges(items: [RenderItem]) {
        guard patchLog.isOn else { return }
        var log = changeLog
        changeLog = RenderChangeLog()
        defer { changeLog = log }
        log.changes.clear()
        if patchLog.baselineKept {
            log.diff(old: log.kept, new: items, newCopies: layerContentItems)
            patchLog.baselineKept = false
        } else if !patchLog.index.isEmpty {
            if log.reported.count < items.count { log.reported.append(contentsOf: repeatElement(false, count: items.count - log.reported.count)) }
            items.withUnsafeBufferPointer { new in
                for (k, i) in patchLog.index.enumerated() where !log.reported[Int(i)] {
                    log.reported[Int(i)] = true
                    let fields = RenderFields.difference(patchLog.old[k], new[Int(i)])
                    if !fields.isEmpty { log.changes.updated.append(RenderUpdate(index: i, fields: fields)) }
                }
            }
            for i in patchLog.index { log.reported[Int(i)] = false }
        }
        patchLog.clear()
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
