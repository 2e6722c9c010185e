// Propagation's debug invariant (`checkPropagation`, after every tick in debug builds): the kept
// render list, clip list and columns equal a fresh full walk's, bit for bit.

extension ViewStore {
    /// Debug check: the kept render list, clip list and columns equal a fresh full walk's, bit
    /// for bit. Only while the list is current (between a tick and the next change).
    func checkPropagation(items: [RenderItem], clips: [RenderClip]) {
        guard isRenderListCurrent else { return }
        var fresh = self
        var freshItems: [RenderItem] = [], freshClips: [RenderClip] = []
        fresh.writeRenderList(into: &freshItems, clips: &freshClips)
        let render = self.render
        precondition(freshItems.count == items.count, "propagation: \(items.count) items kept, a fresh walk gives \(freshItems.count): \(items.map { $0.entity }) vs \(freshItems.map { $0.entity }); slots \(render.itemSlots) roots \(render.lastRoots) order \(order) hidden \(hiddenBy) parents \(parentSlot)")
        for k in items.indices {
            precondition(freshItems[k] == items[k], "propagation: item \(k) (\(items[k].entity)) differs from a fresh walk's: \(items[k]) vs \(freshItems[k]); slots \(render.itemSlots) roots \(render.lastRoots)")
        }
        precondition(freshClips == clips, "propagation: the clip list differs from a fresh walk's")
        guard render.lastListWasTree else { return }
        for slot in entities.indices where live[slot] {
            precondition(fresh.render.itemOf[slot] == render.itemOf[slot], "propagation: the item index of slot \(slot) is stale")
            if render.itemOf[slot] >= 0 && !childSlots[slot].isEmpty {
                let a = fresh.render.contextOf[slot], b = render.contextOf[slot]
                precondition(a.global == b.global && a.opacity == b.opacity && a.hittable == b.hittable && a.clip == b.clip
                             && a.hasCull == b.hasCull && (!a.hasCull || a.cull == b.cull),
                             "propagation: the children's context of slot \(slot) is stale")
            }
        }
    }
}
