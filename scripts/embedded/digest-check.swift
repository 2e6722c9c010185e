// The digest checks of scripts/check-embedded, compiled with the library (and the demo's
// transitions, `Sources/PortalDemoScenes/Transitions.swift`) in each of three builds — normal,
// Embedded native, Embedded wasm — which must agree:
//   - `portalCheckDigest`: a portal flight and a spring animation through the public API, 120
//     ticks, hashed (FNV-1a) over every render item's frame, opacity and corner radius bits;
//   - `portalTraceDigest`: a trace (each golden of Tests/PortalTests/Goldens) replayed call by
//     call, the render list hashed the same way after every call, with the item's entity,
//     transform and z-index besides.

/// FNV-1a over 32-bit words.
struct Digest {
    var hash: UInt64 = 0xcbf29ce484222325
    mutating func mix(_ bits: UInt32) { hash = (hash ^ UInt64(bits)) &* 0x100000001b3 }
    mutating func mix(_ item: RenderItem, full: Bool) {
        mix(item.frame.minX.bitPattern); mix(item.frame.minY.bitPattern)
        mix(item.frame.width.bitPattern); mix(item.frame.height.bitPattern)
        mix(item.opacity.bitPattern); mix(item.cornerRadius.bitPattern)
        guard full else { return }
        mix(UInt32(truncatingIfNeeded: item.entity.bits)); mix(UInt32(truncatingIfNeeded: item.entity.bits >> 32))
        let t = item.globalTransform
        for v in [t.m11, t.m12, t.m13, t.m21, t.m22, t.m23, t.m31, t.m32, t.m33] { mix(v.bitPattern) }
        mix(UInt32(bitPattern: Int32(truncatingIfNeeded: item.zIndex)))
    }
}

func portalCheckDigest() -> UInt64 {
    var digest = Digest()
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
            for item in world.renderList { digest.mix(item, full: false) }
        }
    } catch {
        return 0
    }
    return digest.hash
}

/// The digest of replaying the trace `text`, or 0 when it cannot be read or replayed.
func portalTraceDigest(_ text: String) -> UInt64 {
    var digest = Digest()
    do throws(TraceError) {
        let replayer = TraceReplayer(try Trace(text), atomicTransitions: demoAtomicTransitions)
        while try replayer.step() {
            for item in replayer.world.renderList { digest.mix(item, full: true) }
        }
    } catch {
        return 0
    }
    return digest.hash
}

#if hasFeature(Embedded)
@_expose(wasm, "portal_check_digest")
@_cdecl("portal_check_digest")
func portalCheckDigestExport() -> UInt64 { portalCheckDigest() }

/// `count` bytes for the host to write a trace into (the wasm host's way into the memory).
@_expose(wasm, "portal_check_alloc")
@_cdecl("portal_check_alloc")
func portalCheckAlloc(_ count: Int) -> UnsafeMutablePointer<UInt8> { .allocate(capacity: count) }

/// ``portalTraceDigest`` of the `count` bytes of UTF-8 at `bytes`.
@_expose(wasm, "portal_check_trace_digest")
@_cdecl("portal_check_trace_digest")
func portalCheckTraceDigest(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
    portalTraceDigest(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
}
#else
import Glibc

/// With no argument, the check digest; with trace files, `NAME DIGEST` for each.
@main struct Main {
    static func main() {
        let files = CommandLine.arguments.dropFirst()
        guard !files.isEmpty else { return print(String(portalCheckDigest(), radix: 16)) }
        for path in files {
            guard let f = fopen(path, "rb") else { fatalError("cannot open \(path)") }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while case let n = fread(&chunk, 1, chunk.count, f), n > 0 { bytes += chunk[0..<n] }
            fclose(f)
            print(path.split(separator: "/").last.map(String.init) ?? path, String(portalTraceDigest(String(decoding: bytes, as: UTF8.self)), radix: 16))
        }
    }
}
#endif
