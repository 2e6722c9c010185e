import Testing
@testable import Portal

private struct Score { var value: Int }

@Suite("Bad input: typed errors, world unchanged")
struct ErrorTests {
    /// A world with a view mid-animation, a bare entity, a component and a pending command,
    /// so that "unchanged" covers every kind of state.
    func busyWorld() throws -> (World, view: Entity, bare: Entity, gone: Entity) {
        let world = World()
        try world.register(Score.self)
        let view = try world.spawnView(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        let bare = try world.spawn()
        let gone = try world.spawnView(frame: .zero)
        try world.insert(Score(value: 3), for: bare)
        world.tick()
        try world.despawn(gone)
        try world.animate(view, to: ViewProperties(opacity: 0.2), with: .smooth)
        world.run(ticks: 3)
        try world.setFrame(Rect(x: 1, y: 2, width: 3, height: 4), of: view)
        return (world, view, bare, gone)
    }

    func expectRejected(_ expected: PortalError, _ call: (World, Entity, Entity, Entity) throws -> Void) throws {
        let (world, view, bare, gone) = try busyWorld()
        let (twin, _, _, _) = try busyWorld()
        let before = world.fingerprint
        #expect(throws: expected) { try call(world, view, bare, gone) }
        #expect(world.fingerprint == before)
        #expect(world.count(of: Score.self) == 1)
        // And the future is unchanged too: it runs exactly as a twin that never saw the call.
        world.run(ticks: 90)
        twin.run(ticks: 90)
        #expect(world.fingerprint == twin.fingerprint)
    }

    @Test("stale entity") func stale() throws {
        let gone = try busyWorld().gone
        try expectRejected(.staleEntity(gone)) { w, _, _, gone in try w.setFrame(.zero, of: gone) }
        try expectRejected(.staleEntity(gone)) { w, _, _, gone in try w.despawn(gone) }
        try expectRejected(.staleEntity(gone)) { w, _, _, gone in _ = try w.animate(gone, to: ViewProperties(opacity: 1)) }
        try expectRejected(.staleEntity(gone)) { w, _, _, gone in _ = try w.presentation(of: gone) }
        try expectRejected(.staleEntity(gone)) { w, _, _, gone in try w.insert(Score(value: 1), for: gone) }
        try expectRejected(.staleEntity(Entity(index: 99, generation: 0))) { w, _, _, _ in try w.setZIndex(1, of: Entity(index: 99, generation: 0)) }
    }

    @Test("not a view") func notAView() throws {
        let bare = try busyWorld().bare
        try expectRejected(.notAView(bare)) { w, _, bare, _ in try w.setFrame(.zero, of: bare) }
        try expectRejected(.notAView(bare)) { w, _, bare, _ in try w.setAllowsHitTesting(false, of: bare) }
    }

    @Test("NaN, infinite and negative geometry") func geometry() throws {
        // NaN never equals itself, so the NaN case is matched by pattern.
        let (world, view, _, _) = try busyWorld()
        let before = world.fingerprint
        #expect { try world.setFrame(Rect(x: .nan, y: 0, width: 1, height: 1), of: view) } throws: { error in
            guard case let .invalidGeometry("frame", value, "a frame must be finite") = error as? PortalError else { return false }
            return value.isNaN
        }
        #expect(world.fingerprint == before)
        try expectRejected(.invalidGeometry("frame", .infinity, reason: "a frame must be finite")) { w, _, _, _ in
            _ = try w.spawnView(frame: Rect(x: 0, y: 0, width: .infinity, height: 1))
        }
        try expectRejected(.invalidGeometry("frame", -5, reason: "a frame's width and height must not be negative")) { w, v, _, _ in
            _ = try w.animate(v, to: ViewProperties(frame: Rect(x: 0, y: 0, width: 5, height: -5)))
        }
        try expectRejected(.invalidGeometry("cornerRadius", -1, reason: "a corner radius must be finite, not negative and at most 1e9")) { w, v, _, _ in
            try w.update(v, to: ViewProperties(cornerRadius: -1))
        }
    }

    @Test("values out of range") func values() throws {
        try expectRejected(.invalidValue("opacity", 1.5, reason: "opacity must be a number in 0…1")) { w, v, _, _ in
            try w.update(v, to: ViewProperties(opacity: 1.5))
        }
        let nanTransform = Transform(scaleX: .nan)
        let (world, view, _, _) = try busyWorld()
        let before = world.fingerprint
        #expect { try world.update(view, to: ViewProperties(transform: nanTransform)) } throws: { error in
            guard case .invalidValue("transform", _, _) = error as? PortalError else { return false }
            return true
        }
        #expect(world.fingerprint == before)
    }

    @Test("animations that cannot run") func animations() throws {
        for bad in [Animation.linear(duration: 0), .easeIn(duration: .nan), .smooth.delay(-1), .smooth.speed(0), .smooth.delay(.nan),
                    .spring(Spring(mass: 1, stiffness: 0, damping: 1)), .spring(duration: 0.5, bounce: -1),
                    .interpolatingSpring(stiffness: 100, damping: 10, initialVelocity: .infinity)] {
            let (world, view, _, _) = try busyWorld()
            let before = world.fingerprint
            #expect { try world.animate(view, to: ViewProperties(opacity: 1), with: bad) } throws: { error in
                guard case let .invalidAnimation(animation, _) = error as? PortalError else { return false }
                return animation.description == bad.description
            }
            #expect(world.fingerprint == before, "\(bad)")
        }
    }

    @Test("configurations that cannot work") func configurations() {
        for (configuration, field) in [(World.Configuration(tickRate: 0), "tickRate"), (.init(maxCatchUpTicks: 0), "maxCatchUpTicks"),
                                       (.init(settleTolerance: .nan), "settleTolerance"), (.init(reservedCapacity: -1), "reservedCapacity")] {
            #expect { try World(configuration: configuration) } throws: { error in
                guard case .invalidConfiguration(field, _) = error as? PortalError else { return false }
                return true
            }
        }
    }

    @Test("component misuse") func components() throws {
        try expectRejected(.componentAlreadyRegistered("Score")) { w, _, _, _ in try w.register(Score.self) }
        try expectRejected(.componentNotRegistered("Int")) { w, _, bare, _ in try w.insert(1, for: bare) }
        let view = try busyWorld().view
        try expectRejected(.componentMissing("Score", view)) { w, view, _, _ in _ = try w.component(Score.self, of: view) }
        let (world, _, bare, _) = try busyWorld()
        var error: PortalError?
        try world.updateEach(Score.self) { _, _ in
            do throws(PortalError) { _ = try world.component(Score.self, of: bare) } catch let refused { error = refused }
        }
        #expect(error == .componentTableBusy("Score"))
    }

    @Test("unknown system") func systems() throws {
        try expectRejected(.unknownSystem(SystemID(rawValue: 42))) { w, _, _, _ in try w.removeSystem(SystemID(rawValue: 42)) }
    }

    @Test("entity limit") func entityLimit() throws {
        let world = World()
        world.allocator.indexLimit = 2
        _ = try world.spawn()
        _ = try world.spawnView(frame: .zero)
        let before = world.fingerprint
        #expect(throws: PortalError.entityLimitReached) { try world.spawnView(frame: .zero) }
        #expect(world.fingerprint == before)
    }

    @Test("every error explains itself") func descriptions() {
        let errors: [PortalError] = [.staleEntity(Entity(bits: 1)), .notAView(Entity(bits: 1)),
                                     .invalidGeometry("frame", .nan, reason: "a frame must be finite"),
                                     .invalidValue("opacity", 2, reason: "opacity must be a number in 0…1"),
                                     .invalidAnimation(.smooth, reason: "speed must be a positive, finite number"),
                                     .invalidConfiguration("tickRate", reason: "must be 1…10,000 ticks per second"),
                                     .componentNotRegistered("T"),
                                     .componentAlreadyRegistered("T"), .componentMissing("T", Entity(bits: 1)),
                                     .componentTableBusy("T"), .unknownSystem(SystemID(rawValue: 1)), .entityLimitReached,
                                     .unknownPortal("p"), .duplicatePortalRole("p", .source, existing: Entity(bits: 1), rejected: Entity(bits: 2)),
                                     .portalNotActive("p"), .portalLayer(Entity(bits: 1)), .notANavigationStack(Entity(bits: 1)),
                                     .cannotPopRoot(Entity(bits: 1)), .screenAlreadyInStack(Entity(bits: 1)), .noInteractivePop(Entity(bits: 1)),
                                     .interactivePopInProgress(Entity(bits: 1)), .notAFlowingHeader(Entity(bits: 1)), .noPopupContainer,
                                     .popupAlreadyPresented(Entity(bits: 1)), .popupNotPresented(Entity(bits: 1)), .portalOwned(Entity(bits: 1))]
        #expect(Set(errors.map(\.description)).count == errors.count)
        for error in errors { #expect(error.description.count > 30) }
    }
}
