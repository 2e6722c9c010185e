import Portal

/// A host's retained scene in miniature: the render items by ``RenderKey``, in drawing order,
/// kept up to date from ``World/renderChanges`` alone (reading the new list only at the indices
/// the changes name). ``apply(_:)`` checks as it goes that the changes are exact: each removed
/// key was there, each inserted one was not, each updated field really differs, and afterwards
/// the mirror equals ``World/renderList`` item for item (so no changed field was left out).
public struct RenderMirror {
    /// The items by key.
    public private(set) var items: [RenderKey: RenderItem] = [:]
    /// The keys in drawing order.
    public private(set) var order: [RenderKey] = []

    /// An empty mirror.
    public init() {}

    /// Loads the whole current list (a baseline: after turning tracking on, or after several
    /// ticks whose changes were not applied one by one).
    public mutating func load(_ world: World) {
        items.removeAll()
        order.removeAll()
        for (j, item) in world.renderList.enumerated() {
            guard let key = try? world.renderKey(at: j) else { continue }
            items[key] = item
            order.append(key)
        }
    }

    /// Applies the last tick's ``World/renderChanges``; returns what was wrong, or nil when the
    /// mirror now equals the render list exactly and every reported change was real.
    public mutating func apply(_ world: World) -> String? {
        let changes = world.renderChanges
        let list = world.renderList
        func key(_ j: Int32) -> RenderKey? { try? world.renderKey(at: Int(j)) }
        let before = order
        // Removals.
        var gone = Set<RenderKey>()
        for k in changes.removed {
            guard items.removeValue(forKey: k) != nil else { return "removed \(k), which was not in the list" }
            gone.insert(k)
        }
        if !gone.isEmpty { order.removeAll { gone.contains($0) } }
        // Updates: each named field must differ, and only the named fields are copied.
        var seen = Set<Int32>()
        for u in changes.updated {
            guard seen.insert(u.index).inserted else { return "item \(u.index) updated twice" }
            guard u.index >= 0 && Int(u.index) < list.count, let k = key(u.index) else { return "update index \(u.index) outside the list" }
            guard var item = items[k] else { return "updated \(k), which was not in the list" }
            guard !u.fields.isEmpty else { return "update of \(k) names no field" }
            let new = list[Int(u.index)]
            if let f = RenderMirror.copy(u.fields, from: new, into: &item) { return "update of \(k) names \(f), which did not change" }
            items[k] = item
        }
        // Insertions, ascending.
        var previous: Int32 = -1
        for j in changes.inserted {
            guard j > previous else { return "insertions not ascending" }
            previous = j
            guard j >= 0 && Int(j) < list.count, let k = key(j) else { return "insert index \(j) outside the list" }
            guard items[k] == nil else { return "inserted \(k), which was already in the list" }
            items[k] = list[Int(j)]
            if !changes.orderChanged {
                guard Int(j) <= order.count else { return "insert index \(j) past the mirror's \(order.count) items" }
                order.insert(k, at: Int(j))
            }
        }
        if changes.orderChanged { order = list.indices.compactMap { key(Int32($0)) } }
        // The mirror must now be the list.
        guard order.count == list.count, items.count == list.count else {
            return "mirror has \(order.count) keys, \(items.count) items; the list \(list.count)"
        }
        for j in list.indices {
            guard let k = key(Int32(j)), order[j] == k else { return "item \(j): the mirror's order says \(order[j])" }
            guard items[k] == list[j] else { return "item \(j) (\(k)): the mirror has \(items[k]!), the list \(list[j])" }
            guard !gone.contains(k) else { return "\(k) reported removed but still in the list" }
        }
        // `orderChanged` exactly when the items present before and after changed relative order.
        let now = Set(order), was = Set(before)
        let moved = before.filter { now.contains($0) } != order.filter { was.contains($0) }
        guard moved == changes.orderChanged else { return "orderChanged is \(changes.orderChanged), the survivors \(moved ? "moved" : "kept their order")" }
        return nil
    }

    /// Copies the `fields` of `new` into `item`; returns a named field whose value did not
    /// change (an over-reported field), or nil. Field by field, independent of
    /// ``RenderFields/difference(_:_:)``.
    static func copy(_ fields: RenderFields, from new: RenderItem, into item: inout RenderItem) -> String? {
        func take<T: Equatable>(_ bit: RenderFields, _ path: WritableKeyPath<RenderItem, T>, _ name: String) -> String? {
            guard fields.contains(bit) else { return nil }
            if item[keyPath: path] == new[keyPath: path] { return name }
            item[keyPath: path] = new[keyPath: path]
            return nil
        }
        let checks: [String?] = [
            take(.content, \.content, "content"), take(.frame, \.frame, "frame"),
            take(.cornerRadius, \.cornerRadius, "cornerRadius"), take(.cornerStyle, \.cornerStyle, "cornerStyle"),
            take(.clipsContent, \.clipsContent, "clipsContent"), take(.opacity, \.opacity, "opacity"),
            take(.shadowRadius, \.shadowRadius, "shadowRadius"), take(.transform, \.transform, "transform"),
            take(.zIndex, \.zIndex, "zIndex"), take(.role, \.role, "role"),
            take(.allowsHitTesting, \.allowsHitTesting, "allowsHitTesting"),
            take(.globalTransform, \.globalTransform, "globalTransform"), take(.clip, \.clip, "clip"),
        ]
        return checks.compactMap { $0 }.first
    }
}
