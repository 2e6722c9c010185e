import Portal
import PortalFuzzing
import PortalTesting
import Testing

/// Every render list and event a world produces, bit for bit, collected by an output-stage
/// system (it sees each tick's list as the tick ends).
final class FrameLog {
    var frames: [[UInt64]] = []
    var events: [WorldEvent] = []

    func attach(to world: World) {
        world.addSystem("frame log", stage: .output) { [self] world in
            var digest: [UInt64] = [world.tickCount]
            for item in world.renderList {
                digest.append(item.entity.bits)
                digest.append(item.content.bits)
                let g = item.globalTransform, t = item.transform
                for v in [item.frame.origin.x, item.frame.origin.y, item.frame.size.width, item.frame.size.height,
                          item.cornerRadius, item.opacity, item.shadowRadius, t.translation.x, t.translation.y, t.scaleX, t.scaleY,
                          t.rotation.radians, t.zPosition, t.rotation3D.angle.radians, t.rotation3D.perspective,
                          g.m11, g.m12, g.m13, g.m21, g.m22, g.m23, g.m31, g.m32, g.m33] {
                    digest.append(UInt64(v.bitPattern))
                }
                digest.append(UInt64(UInt32(bitPattern: item.zIndex)) << 8 | (item.allowsHitTesting ? 1 : 0) << 1 | (item.clipsContent ? 1 : 0))
                digest.append(UInt64(UInt32(bitPattern: item.clip)))
            }
            for clip in world.clipList {
                let t = clip.transform
                for v in [clip.size.width, clip.size.height, clip.cornerRadius, t.m11, t.m12, t.m13, t.m21, t.m22, t.m23, t.m31, t.m32, t.m33] {
                    digest.append(UInt64(v.bitPattern))
                }
                digest.append(UInt64(UInt32(bitPattern: clip.parent)))
            }
            self.frames.append(digest)
            self.events.append(contentsOf: world.drainEvents())
        }
    }
}

@Suite struct TraceTests {
    @Test func numbersRoundTripBitForBit() throws {
        var specials: [Float] = [0, -0, .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                                 .leastNormalMagnitude, .greatestFiniteMagnitude, 0.1, 1.0 / 3, .pi, Float(bitPattern: 0x0001_0000)]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20_000 { specials.append(Float(bitPattern: rng.next())) }
        for v in specials where !v.isNaN {
            let parsed = try #require(Float(v.description))
            #expect(parsed.bitPattern == v.bitPattern, "\(v)")
            var text = ""
            v.write(to: &text)
            #expect(text == v.description)
        }
        var doubles: [Double] = [0, -0, .infinity, -.infinity, .leastNonzeroMagnitude, 1.0 / 120, 1.0 / 60]
        for _ in 0..<20_000 { doubles.append(Double(bitPattern: rng.next())) }
        for v in doubles where !v.isNaN {
            #expect(try #require(Double(v.description)).bitPattern == v.bitPattern, "\(v)")
        }
        // NaN is written `nan` and read back as a NaN (its payload is not kept: no call accepts one).
        #expect(Float("nan")?.isNaN == true)
        #expect(Double("nan")?.isNaN == true)
        #expect(Float("-0.0")?.sign == .minus)
    }

    @Test func aSmallSessionReplays() throws {
        let world = World()
        try world.startRecording()
        let card = try world.spawnView(frame: Rect(x: 20, y: 30, width: 90, height: 90), cornerRadius: 6)
        try world.animate(card, to: ViewProperties(frame: Rect(x: 290, y: 170, width: 110, height: 110), opacity: 0.4), with: .smooth)
        #expect(throws: PortalError.self) { try world.setFrame(Rect(x: .nan, y: 0, width: 1, height: 1), of: card) }
        world.advance(by: 1.0 / 60)
        world.tick()
        let text = try #require(world.stopRecording())
        print(text)
        let replayed = try Trace(text).replay()
        #expect(replayed.renderList == world.renderList)
    }
}
