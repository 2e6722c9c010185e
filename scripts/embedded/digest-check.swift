// The digest check of scripts/check-embedded: a portal flight and a spring animation through the
// public API, 120 ticks, hashed (FNV-1a) over every render item's frame, opacity and corner radius
// bits. The normal build, the Embedded native build and the Embedded wasm build must agree.
func portalCheckDigest() -> UInt64 {
    var hash: UInt64 = 0xcbf29ce484222325
    func mix(_ bits: UInt32) { hash = (hash ^ UInt64(bits)) &* 0x100000001b3 }
    do throws(PortalError) {
        let world = World()
        let card = try world.spawnView(frame: Rect(x: 16, y: 120, width: 160, height: 200))
        let detail = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 420))
        try world.portal(card, id: "hero", as: .source)
        try world.portal(detail, id: "hero", as: .destination)
        let other = try world.spawnView(frame: Rect(x: 10, y: 10, width: 40, height: 40), cornerRadius: 4, opacity: 1)
        try world.animate(other, to: ViewProperties(frame: Rect(x: 200, y: 500, width: 80, height: 60), opacity: 0.3),
                          with: .bouncy(duration: 0.5))
        world.tick()
        try world.portalTransition(id: "hero", isActive: true, config: PortalTransitionConfig(animation: PortalAnimation(.smooth(duration: 0.4))))
        for _ in 0..<120 {
            world.tick()
            for item in world.renderList {
                mix(item.frame.minX.bitPattern); mix(item.frame.minY.bitPattern)
                mix(item.frame.width.bitPattern); mix(item.frame.height.bitPattern)
                mix(item.opacity.bitPattern); mix(item.cornerRadius.bitPattern)
            }
        }
    } catch {
        return 0
    }
    return hash
}

#if hasFeature(Embedded)
@_expose(wasm, "portal_check_digest")
@_cdecl("portal_check_digest")
func portalCheckDigestExport() -> UInt64 { portalCheckDigest() }
#else
@main struct Main { static func main() { print(String(portalCheckDigest(), radix: 16)) } }
#endif
