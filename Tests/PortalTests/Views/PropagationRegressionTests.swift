import Testing
@testable import Portal

private struct Glow { var level: Int }
private struct Item: Identifiable, Hashable { let id: Int }

/// Fuzzer-found cases in propagation: the kept render list of a portal layer with a content subtree
/// going stale (the debug invariant compares it with a fresh walk after every tick), and global
/// transforms overflowing for views of subnormal size.
@Suite struct PropagationRegressionTests {
@Test func fuzzSeed3() throws {
        let world = World()
        let e351 = try world.spawnView(frame: Rect(x: 440.0, y: 190.0, width: 30.0, height: 327.0), cornerRadius: 6.105112, opacity: 0.87354654, in: nil)
        try world.portal(e351, item: Item(id: 0), as: .source)
        try world.setPopupContainer(bounds: Rect(x: 585.5, y: 119.0, width: 350.0, height: 4.0), safeArea: EdgeInsets(top: 39.10941, leading: 0, bottom: 25.350111, trailing: 0))
        let e443 = try world.spawnView(frame: Rect(x: 243.0, y: 369.0, width: 230.0, height: 137.0), cornerRadius: 23.04489, opacity: 0.49390057)
        world.popupPolicy = .oneAtATime
        try world.portal(e443, item: Item(id: 0), as: .destination)
        let e915 = try world.spawnView(frame: Rect(x: -66.5, y: -48.5, width: 361.0, height: 364.0), cornerRadius: 21.346401, opacity: 0.9158587, in: e351)
        let e1014 = try world.spawnView(frame: Rect(x: 142.0, y: 439.5, width: 159.0, height: 0.0), cornerRadius: 0.60012984, opacity: 0.41834894, in: nil)
        let e1027 = try world.spawnView(frame: Rect(x: 486.0, y: 567.0, width: 208.0, height: 350.0), cornerRadius: 3.5989244, opacity: 0.7931013)
        try world.presentPopup(e915, from: e1014, width: 97.0, height: 0.0, animation: Animation.smooth.delay(0.247), backdrop: true)
        try world.presentPopup(e1027, from: e1014, width: 352.0, height: 376.0, animation: Animation.spring(response: 0.858, dampingFraction: 0.465).delay(0.066), backdrop: true)
        for _ in 0..<2 { world.tick() }
        try world.setClipsToBounds(true, of: e351)
        for _ in 0..<5 { world.tick() }
        try world.portalTransition(item: Item(id: 0), config: PortalTransitionConfig(animation: PortalAnimation(Animation.linear, delay: 0.122, duration: 0.198), effects: [.rotation(.degrees(56.698685), animation: Animation.easeInOut.delay(0.089).speed(3.104))]), scope: "")
        for _ in 0..<2 { world.tick() }
        _ = try world.spawn()
        for _ in 0..<9 { world.tick() }
        _ = try world.spawnView(frame: Rect(x: 183.5, y: 397.0, width: 263.0, height: 231.0), cornerRadius: 20.287178, opacity: 0.44461596)
        for _ in 0..<14 { world.tick() }
    }
@Test func fuzzSeed27() throws {
        let world = World()
        let e804 = try world.spawnView(frame: Rect(x: 626.0, y: 497.5, width: 90.0, height: 295.0), cornerRadius: 8.232932, opacity: 0.2338349)
        let e835 = try world.spawnView(frame: Rect(x: 538.0, y: -20.0, width: 288.0, height: 274.0), cornerRadius: 29.112587, opacity: 0.88097817)
        let e1015 = try world.spawnView(frame: Rect(x: 466.0, y: -61.5, width: 172.0, height: 57.0), cornerRadius: 23.982203, opacity: 0.3284005, in: nil)
        try world.portal(e835, item: Item(id: 4), as: .source)
        for _ in 0..<8 { world.tick() }
        try world.despawn(e835)
        try world.portalTransition(item: Item(id: 4), config: PortalTransitionConfig(animation: PortalAnimationWithCompletion(Animation.spring(response: 1.117, dampingFraction: 1.246), delay: 0.06, completionCriteria: .removed)), scope: "s1")
        try world.portal(e804, item: Item(id: 4), as: .destination)
        try world.portal(e1015, item: Item(id: 3), as: .destination)
        let e1424 = try world.spawnView(frame: Rect(x: 404.0, y: 367.0, width: 17.0, height: 399.0), cornerRadius: 18.796116, opacity: 0.8528841, in: nil)
        try world.setParent(e1015, of: e1424, keepingGlobalFrame: false)
        for _ in 0..<8 { world.tick() }
        try world.portalTransition(item: Item(id: 3), config: PortalTransitionConfig(animation: PortalAnimation(Animation.spring(duration: 0.318, bounce: -0.747).delay(0.203), delay: 0.06, duration: 0.139), allowsHitTesting: true), scope: "s1")
        world.advance(by: 0.03333333333333333)
    }
@Test func fuzzSeed37() throws {
        let world = World()
        let e176 = try world.spawnView(frame: Rect(x: 237.5, y: 48.0, width: 146.0, height: 106.0), cornerRadius: 12.017344, opacity: 0.2602607, in: nil)
        try world.portal(e176, item: Item(id: 0), as: .destination)
        try world.despawn(e176)
        let e414 = try world.spawnView(frame: Rect(x: 2.5, y: 282.0, width: 362.0, height: 270.0), cornerRadius: 18.484524, opacity: 0.005983967, in: nil)
        try world.portal(e414, item: Item(id: 1), as: .source)
        let e636 = try world.spawnView(frame: Rect(x: 678.5, y: 121.0, width: 292.0, height: 268.0), cornerRadius: 26.834345, opacity: 0.9039811)
        try world.portalTransition(item: Item(id: 1), config: PortalTransitionConfig(animation: PortalAnimation(Animation.timingCurve(0.82, 1.97, 0.065, 0.752, duration: 0.563), delay: 0.06, duration: 0.236), corners: PortalCorners(source: 15.056916, destination: 24.690258, style: .circular), removal: .fade), scope: "")
        try world.portal(e636, item: Item(id: 1), as: .destination)
        for _ in 0..<7 { world.tick() }
        _ = try world.spawnView(frame: Rect(x: 302.5, y: 376.0, width: 319.0, height: 209.0), cornerRadius: 2.9270272, opacity: 0.9259731, in: e414)
        world.tick()
        try world.portalTransition(item: Item(id: 0), config: PortalTransitionConfig(animation: PortalAnimation(Animation.bouncy(duration: 0.318, extraBounce: -0.469), delay: 0.06, duration: 0.288), corners: PortalCorners(source: 1.6938673, destination: 19.869417, style: .continuous), removal: .fade), scope: "")
        world.advance(by: 0.016666666666666666)
    }

    /// A portal layer standing in for a content whose height animates to a subnormal number
    /// (1.17e-40): the scale from the content's size to the layer's overflowed to infinity and the
    /// content's child drew with a NaN global transform. The factor is now held to
    /// ±``Rect/maxMagnitude``, so the child's vertical scale is the layer's height ÷ the sliver,
    /// held there, times the layer's own.
    @Test func fuzzSeed185() throws {
        let world = World()
        let e1541 = try world.spawnView(frame: Rect(x: 94.0, y: 71.0, width: 221.0, height: 298.0), cornerRadius: 29.443266, opacity: 0.49536234, in: nil)
        let e1556 = try world.spawnView(frame: Rect(x: 662.0, y: 457.0, width: 0.0, height: 165.0), cornerRadius: 11.626873, opacity: 0.5455981, in: nil)
        try world.portal(e1556, item: Item(id: 2), as: .source)
        try world.setParent(e1556, of: e1541, keepingGlobalFrame: false)
        let e2021 = try world.spawnView(frame: Rect(x: 414.0, y: 667.0, width: 266.0, height: 140.0), cornerRadius: 23.629154, opacity: 0.7576627, in: nil)
        try world.portal(e2021, item: Item(id: 1), as: .destination)
        try world.portal(e2021, item: Item(id: 2), as: .destination)
        let sliver = Float(bitPattern: 0x147ae)
        _ = try world.animate(e1556, to: ViewProperties(frame: Rect(x: 105.5, y: 553.0, width: 372.0, height: sliver), contentOffset: Point(x: 96.0, y: 495.5)),
                              with: Animation.easeInOut(duration: 0.722))
        for _ in 0..<9 { world.tick() }
        try world.portalTransition(items: [Item(id: 1), Item(id: 2)], groupID: "g0", isActive: true,
                                   config: PortalTransitionConfig(animation: PortalAnimation(Animation.easeInOut(duration: 1.034), delay: 0.06, duration: 0.259)),
                                   staggerDelay: 0.083)
        var checked = 0
        for tick in 0..<78 {
            world.tick()
            let list = world.renderList
            for item in list {
                let g = item.globalTransform
                let finite = [g.m11, g.m12, g.m13, g.m21, g.m22, g.m23, g.m31, g.m32, g.m33].allSatisfy { $0.isFinite }
                #expect(finite, "tick \(tick): \(item)")
            }
            // Once the content has shrunk to the sliver, its child follows the layer scaled by
            // the held factor.
            guard try world.presentation(of: e1556).frame.height == sliver,
                  let layer = list.first(where: { $0.content == e1556 && $0.role == .overlay }),
                  let child = list.first(where: { $0.entity == e1541 && $0.role == .overlay }) else { continue }
            let factor = layer.frame.height > 0 ? Rect.maxMagnitude : 1
            #expect(child.globalTransform.m22 == factor * layer.globalTransform.m22, "tick \(tick): \(child.globalTransform) under \(layer.globalTransform)")
            checked += 1
        }
        #expect(checked > 0)
    }

    /// A stack's root screen with a subnormal width (1.18e-40) and height 0 turned by a 3D rotation
    /// as the stack's transition starts: the perspective over the view's extent overflowed, and its
    /// global transform was NaN.
    @Test func fuzzSeed409() throws {
        let world = World()
        let e944 = try world.spawnView(frame: Rect(x: 366.0, y: 55.5, width: 165.0, height: 7.0), cornerRadius: 12.068368, opacity: 0.034084935)
        let e1011 = try world.spawnNavigationStack(frame: Rect(x: 510.0, y: 379.0, width: 5.0, height: 0.0), root: e944, interactivePopStart: .anywhere)
        try world.setFrame(Rect(x: 588.0, y: -50.0, width: Float(bitPattern: 0x147ae), height: 0.0), of: e944)
        let e1525 = try world.spawnView(frame: Rect(x: 187.0, y: 20.0, width: 185.0, height: 148.0), cornerRadius: 1.8412144, opacity: 0.040874682)
        try world.setStack(e1011, screens: [e1525], transition: NavigationTransition.asymmetric(push: AtomicTransition.rotate3D(.degrees(90.39447), axis: (x: 0.24795258, y: -0.35181475, z: -0.96025324), perspective: -1.4682379), pop: AtomicTransition.offset(x: 43.914124, y: -91.147964)).animation(Animation.smooth(duration: 0.698, extraBounce: 0.458)))
        world.tick()
        #expect(world.renderList.allSatisfy { [$0.globalTransform.m11, $0.globalTransform.m12, $0.globalTransform.m13, $0.globalTransform.m21, $0.globalTransform.m22, $0.globalTransform.m23, $0.globalTransform.m31, $0.globalTransform.m32, $0.globalTransform.m33].allSatisfy(\.isFinite) })
    }

    /// The same overflow through a stack of subnormal height whose pop turns its screens in 3D.
    @Test func fuzzSeed563() throws {
        let world = World()
        let e2747 = try world.spawnView(frame: Rect(x: 43.5, y: 519.0, width: 248.0, height: 129.0), cornerRadius: 2.938666, opacity: 0.7096125)
        let e2752 = try world.spawnView(frame: Rect(x: 331.0, y: 222.0, width: 308.0, height: 122.0), cornerRadius: 1.8319563, opacity: 0.16060737, in: nil)
        try world.setPopupContainer(bounds: Rect(x: 170.5, y: 118.5, width: 122.0, height: 351.0), safeArea: EdgeInsets(top: 29.847279, leading: 0, bottom: 10.13344, trailing: 0))
        let e2793 = try world.spawnNavigationStack(frame: Rect(x: 639.0, y: 514.5, width: -0.0, height: Float(bitPattern: 0x147ae)), root: e2747, interactivePopStart: .edge(width: 45.417477))
        try world.presentPopup(e2747, from: e2752, width: .infinity, height: 21.0, animation: Animation.interpolatingSpring(mass: 1.397, stiffness: 167.344, damping: Double(bitPattern: 0x1), initialVelocity: Double(bitPattern: 0x68db8bac71)), backdrop: true)
        let e3702 = try world.spawnView(frame: Rect(x: 412.5, y: 544.0, width: 347.0, height: 129.0), cornerRadius: 27.225975, opacity: 0.6350561, in: nil)
        try world.push(e3702, onto: e2793, transition: NavigationTransition.fade(.in).animation(Animation.easeOut))
        for _ in 0..<25 { world.tick() }
        world.tap(at: Point(x: 171.0, y: 137.0))
        for _ in 0..<16 { world.tick() }
        try world.popToRoot(e2793, transition: NavigationTransition.mirrorPush(AtomicTransition.asymmetric(insertion: AtomicTransition.rotate3D(.degrees(-101.91446), axis: (x: -0.240286, y: 0.71606624, z: 0.65959585), perspective: 0.25760102), removal: AtomicTransition.zPosition(6.6331844))).combined(with: NavigationTransition.custom("fuzz") { from, to, operation, container in from.animation.opacity = 0; to.initial.translate(x: operation == .push ? container.width : -container.width) }))
        world.tick()
        let p = try world.presentation(of: e2747)
        #expect([p.frame.minX, p.frame.minY, p.frame.width, p.frame.height, p.cornerRadius, p.opacity, p.shadowRadius, p.globalFrame.minX, p.globalFrame.minY, p.globalFrame.width, p.globalFrame.height, p.globalTransform.m11, p.globalTransform.m12, p.globalTransform.m13, p.globalTransform.m21, p.globalTransform.m22, p.globalTransform.m23, p.globalTransform.m31, p.globalTransform.m32, p.globalTransform.m33].allSatisfy(\.isFinite) && p.transform.isValid)
    }

    /// The held perspective, exactly: a view of subnormal width and zero height turned in 3D has
    /// the eye at `max(w, h) / perspective` ≈ 0; its matrix takes the perspective term
    /// `−p·r₂₀` with p held at ``Rect/maxMagnitude`` (Rodrigues' r₂₀ = z·x·(1 − cos θ) − y·sin θ,
    /// the unit axis (x, y, z)).
    @Test func subnormalViewTurnedIn3D() throws {
        let world = World()
        let sliver = Float(bitPattern: 0x147ae)
        let turn = Rotation3D(angle: .degrees(30), axis: (0, 1, 0), perspective: 1)
        let view = try world.spawnView(frame: Rect(x: 10, y: 20, width: sliver, height: 0))
        try world.update(view, to: ViewProperties(transform: Transform(rotation3D: turn)))
        world.tick()
        let g = try world.presentation(of: view).globalTransform
        let r20 = -PortalMath.sin(turn.angle.radians)   // x = z = 0, y = 1
        #expect(g.m13 == -Rect.maxMagnitude * r20, "\(g)")
        #expect([g.m11, g.m12, g.m13, g.m21, g.m22, g.m23, g.m31, g.m32, g.m33].allSatisfy { $0.isFinite }, "\(g)")
    }

    /// A root with no children is drawn as the flat list draws a view (`composeTreeList`'s fast
    /// path for portal layers and backdrops), not by the walk: its item must be the walk's, bit
    /// for bit. The same roots are drawn with a child (walked), then with the child gone (the
    /// fast path), in a tree list (another view keeps a parent), and every field is compared.
    @Test func childlessRootDrawsAsTheWalkDoes() throws {
        let world = World()
        let keepsTree = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        _ = try world.spawnView(frame: Rect(x: 1, y: 1, width: 2, height: 2), in: keepsTree)
        let transforms = [
            Transform(),
            Transform(translation: Point(x: 3.25, y: -7.5), scaleX: 1.3, scaleY: 0.7, rotation: .degrees(17)),
            Transform(rotation3D: Rotation3D(angle: .degrees(40), axis: (0.3, 1, 0.2), perspective: 0.8)),
            Transform(scaleX: -0.5, zPosition: 4, rotation3D: Rotation3D(angle: .degrees(-75), axis: (1, 0, 0), perspective: 1)),
        ]
        var roots: [Entity] = [], children: [Entity] = []
        for (i, transform) in transforms.enumerated() {
            let root = try world.spawnView(frame: Rect(x: 13.7 * Float(i), y: 0.1 + Float(i), width: 41.3, height: 27.9), cornerRadius: 3.5)
            try world.update(root, to: ViewProperties(opacity: 0.25 + 0.2 * Float(i), transform: transform, shadowRadius: Float(i)))
            try world.setAllowsHitTesting(i % 2 == 0, of: root)
            try world.setCornerStyle(i % 2 == 0 ? .continuous : .circular, clipsContent: i % 3 == 0, of: root)
            try world.setZIndex(Int32(i) - 2, of: root)
            roots.append(root)
            children.append(try world.spawnView(frame: Rect(x: 2, y: 3, width: 5, height: 6), in: root))
        }
        world.tick()
        func items() -> [Entity: RenderItem] {
            world.withRenderList { list in Dictionary(uniqueKeysWithValues: list.map { ($0.entity, $0) }) }
        }
        let walked = items()
        for child in children { try world.despawn(child) }
        world.tick()
        let fast = items()
        for root in roots {
            let (a, b) = (try #require(walked[root]), try #require(fast[root]))
            #expect(a == b, "\(root): walked \(a), drawn as a leaf \(b)")
            #expect(a.globalTransform.m13 == b.globalTransform.m13 && a.opacity.bitPattern == b.opacity.bitPattern)
        }
    }
}

/// The flat render list writes each item field by field (`ViewStore.writeFlatItem`); the item
/// built as a value from the view's presentation, style and local matrix is the reference. Over blocks that take every branch
/// (no rotation, a 2D rotation, a 3D one with its own axis and perspective, negative sizes and
/// radii clamped to 0, opacity above 1 and below 0) and styles with every field set, each written
/// over an item filled with other values, so a field left unwritten shows.
@Suite struct FlatItemWriterTests {
    @Test("writing a flat item field by field gives the value-built item, bit for bit", arguments: 0..<6)
    func writerMatchesValue(variant: Int) {
        var rng = SeededGenerator(seed: UInt64(variant) + 1)
        func r(_ range: ClosedRange<Float>) -> Float { Float.random(in: range, using: &rng) }
        var block = [Float](repeating: 0, count: 3 * ViewChannel.stride)
        let slot = 1, b = slot * ViewChannel.stride
        block[b] = r(-50...50); block[b + 1] = r(-50...50)
        block[b + 2] = variant == 3 ? -r(1...9) : r(0...300); block[b + 3] = r(0...300)
        block[b + ViewChannel.cornerRadius.rawValue] = variant == 3 ? -2 : r(0...20)
        block[b + ViewChannel.opacity.rawValue] = [0.5, 1.5, -0.25, 1, 0, 0.75][variant]
        block[b + ViewChannel.shadowRadius.rawValue] = variant == 4 ? -1 : r(0...8)
        block[b + ViewChannel.translationX.rawValue] = r(-9...9); block[b + ViewChannel.translationY.rawValue] = r(-9...9)
        block[b + ViewChannel.scaleX.rawValue] = r(0.5...2); block[b + ViewChannel.scaleY.rawValue] = r(0.5...2)
        block[b + ViewChannel.rotation.rawValue] = variant == 1 || variant == 5 ? r(-3...3) : 0
        block[b + ViewChannel.zPosition.rawValue] = r(-4...4)
        block[b + ViewChannel.rotation3DAngle.rawValue] = variant >= 2 && variant != 3 ? r(-1...1) : 0
        var style = ViewStyle(content: Entity(index: 7, generation: 3), role: variant.isMultiple(of: 2) ? .view : .overlay)
        style.allowsHitTesting = variant.isMultiple(of: 3)
        style.rotationAxis = Rotation3D(angle: .zero, axis: (r(-1...1), r(-1...1), r(-1...1)), perspective: r(0.2...1))
        style.cornerStyle = variant.isMultiple(of: 2) ? .continuous : .circular
        style.clipsContent = !variant.isMultiple(of: 2)
        style.zIndex = Int32(variant) - 2
        let entity = Entity(index: 41, generation: 9)

        let expected = block.withUnsafeBufferPointer { Self.valueItem(slot: slot, v: $0, style: style, entity: entity) }
        var written = RenderItem(entity: Entity(index: 1, generation: 1), content: Entity(index: 2, generation: 2),
                                 frame: Rect(x: 1, y: 2, width: 3, height: 4), cornerRadius: 5, cornerStyle: .circular,
                                 clipsContent: false, opacity: 0.1, shadowRadius: 6,
                                 transform: Transform(translation: Point(x: 7, y: 8), scaleX: 9, scaleY: 10, rotation: .radians(11),
                                                      zPosition: 12, rotation3D: Rotation3D(angle: .radians(13), axis: (1, 0, 0), perspective: 0.5)),
                                 zIndex: 99, role: .backdrop, allowsHitTesting: true)
        written.clip = 17
        (written.reserved0, written.reserved1) = (0xBEEF, 0xCAFE)   // always 0 in an item: written too
        withUnsafePointer(to: style) { style in
            block.withUnsafeBufferPointer { v in
                ViewStore.writeFlatItem(into: &written, slot: slot, v: v, style: style, entity: entity)
            }
        }
        #expect(written == expected)
        #expect(written.globalTransform == expected.globalTransform && written.clip == -1)
    }

    /// A root view's render item built as a value (as the flat list built it before the writer).
    static func valueItem(slot: Int, v: UnsafeBufferPointer<Float>, style: ViewStyle, entity: Entity) -> RenderItem {
        let p = ViewStore.presentation(block: v, slot: slot, axis: style.rotationAxis)
        return RenderItem(
            entity: entity, content: style.content, frame: p.frame,
            cornerRadius: p.cornerRadius, cornerStyle: style.cornerStyle,
            clipsContent: style.clipsContent, opacity: p.opacity, shadowRadius: p.shadowRadius,
            transform: p.transform, zIndex: style.zIndex, role: style.role,
            allowsHitTesting: style.allowsHitTesting,
            globalTransform: ProjectionTransform.local(frame: p.frame, transform: p.transform))
    }
}
