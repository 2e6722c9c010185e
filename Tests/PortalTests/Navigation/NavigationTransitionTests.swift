import Testing
@testable import Portal

private let container = Rect(x: 0, y: 0, width: 390, height: 844)

private func states(_ t: AtomicTransition, _ operation: AtomicTransition.Operation) -> TransientView {
    var view = TransientView(frame: container)
    t.apply(to: &view, for: operation, in: container)
    return view
}

private func translation(_ p: TransientView.Properties) -> Point? { p.transform?.resolved().translation }

@Suite("Atomic transitions")
struct AtomicTransitionTests {
    @Test("move(edge:) enters from the edge by the container's size, exits towards it, resets after")
    func move() {
        let expected: [(Edge, Point)] = [(.top, Point(x: 0, y: -844)), (.leading, Point(x: -390, y: 0)),
                                          (.bottom, Point(x: 0, y: 844)), (.trailing, Point(x: 390, y: 0))]
        for (edge, offset) in expected {
            let insertion = states(.move(edge: edge), .insertion)
            #expect(translation(insertion.initial) == offset)
            #expect(insertion.animation.transform == .identity)
            #expect(insertion.completion.transform == nil)
            let removal = states(.move(edge: edge), .removal)
            #expect(removal.initial.transform == nil)
            #expect(translation(removal.animation) == offset)
            #expect(removal.completion.transform == .identity)
        }
    }

    @Test("offset, rotate, rotate3D and scale: transformed → rest on insertion, rest → transformed on removal")
    func transforms() {
        let insertion = states(.offset(x: 10, y: -20), .insertion)
        #expect(translation(insertion.initial) == Point(x: 10, y: -20) && insertion.animation.transform == .identity)
        #expect(translation(states(.offset(x: 10, y: -20), .removal).animation) == Point(x: 10, y: -20))

        let rotated = states(.rotate(.degrees(30)), .insertion).initial.transform!.resolved()
        #expect(abs(rotated.rotation.degrees - 30) < 1e-4 && abs(rotated.scaleX - 1) < 1e-6)
        let unrotated = states(.rotate(.degrees(30)), .removal)
        #expect(abs(unrotated.animation.transform!.resolved().rotation.degrees - 30) < 1e-4 && unrotated.completion.transform == .identity)

        let flipIn = states(.rotate3D(.degrees(90), axis: (0, 1, 0), perspective: 0.5), .insertion).initial.transform!.rotation3D
        #expect(flipIn.angle == .degrees(90) && flipIn.axisY == 1 && flipIn.perspective == 0.5)
        let flipOut = states(.rotate3D(.degrees(90), axis: (0, 1, 0), perspective: 0.5), .removal).animation.transform!.rotation3D
        #expect(flipOut.angle == .degrees(90) && flipOut.perspective == -0.5)

        let scaledIn = states(.scale(0.5), .insertion)
        #expect(scaledIn.initial.transform!.resolved().scaleX == 0.5 && scaledIn.initial.transform!.resolved().scaleY == 0.5)
        #expect(scaledIn.animation.transform == .identity)
        let scaledOut = states(.scale(0.5), .removal)
        #expect(scaledOut.animation.transform!.resolved().scaleX == 0.5 && scaledOut.completion.transform == .identity)
    }

    @Test("opacity, zPosition, placement and identity")
    func plainValues() {
        let fadeIn = states(.opacity, .insertion)
        #expect(fadeIn.initial.opacity == 0 && fadeIn.animation.opacity == 1 && fadeIn.completion.opacity == nil)
        let fadeOut = states(.opacity, .removal)
        #expect(fadeOut.initial.opacity == nil && fadeOut.animation.opacity == 0 && fadeOut.completion.opacity == 1)
        for operation in [AtomicTransition.Operation.insertion, .removal] {
            let z = states(.zPosition(3), operation)
            #expect(z.initial.zPosition == nil && z.animation.zPosition == 3 && z.completion.zPosition == 0)
            #expect(states(.bringToFront, operation).placement == .front)
            #expect(states(.sendToBack, operation).placement == .back)
            let untouched = states(.identity, operation)
            #expect(untouched.initial == .init() && untouched.animation == .init() && untouched.completion == .init() && untouched.placement == nil)
        }
    }

    @Test("mirrored twice is the original, for every primitive and combinator")
    func mirrorLaw() {
        let all: [AtomicTransition] = [
            .identity, .move(edge: .top), .move(edge: .leading), .move(edge: .bottom), .move(edge: .trailing),
            .offset(x: 3, y: -4), .opacity, .rotate(.degrees(15)), .rotate3D(.degrees(40), axis: (1, 0, 0), perspective: 0.7),
            .scale(0.8), .zPosition(2), .bringToFront, .sendToBack, .custom("swing") { _, _, _ in },
            .move(edge: .leading).combined(with: .scale(0.5)),
            .asymmetric(insertion: .move(edge: .trailing), removal: .offset(x: 10)),
            .onInsertion(.rotate(.degrees(5))), .onRemoval(.opacity),
        ]
        for t in all { #expect(t.mirrored().mirrored() == t, "\(t)") }
        #expect(AtomicTransition.move(edge: .leading).mirrored() == .move(edge: .trailing))
        #expect(AtomicTransition.move(edge: .top).mirrored() == .move(edge: .bottom))
        #expect(AtomicTransition.offset(x: 3, y: -4).mirrored() == .offset(x: -3, y: 4))
        #expect(AtomicTransition.rotate(.degrees(15)).mirrored() == .rotate(.degrees(-15)))
        #expect(AtomicTransition.scale(0.8).mirrored() == .scale(0.8))
        #expect(AtomicTransition.opacity.mirrored() == .opacity)
    }

    @Test("combined applies in order: transforms compose, plain values are last-write-wins")
    func combinedOrder() {
        // Scale, then move 100: the move happens in the scaled frame (as CATransform3DTranslate).
        let scaleThenMove = states(AtomicTransition.scale(0.5).combined(with: .offset(x: 100)), .insertion).initial.transform!.resolved()
        #expect(scaleThenMove.translation == Point(x: 50, y: 0) && scaleThenMove.scaleX == 0.5)
        let moveThenScale = states(AtomicTransition.offset(x: 100).combined(with: .scale(0.5)), .insertion).initial.transform!.resolved()
        #expect(moveThenScale.translation == Point(x: 100, y: 0) && moveThenScale.scaleX == 0.5)
        let dim = AtomicTransition.custom("dim") { view, _, _ in view.animation.opacity = 0.3 }
        #expect(states(dim.combined(with: .opacity), .removal).animation.opacity == 0)
        #expect(states(AtomicTransition.opacity.combined(with: dim), .removal).animation.opacity == 0.3)
    }

    @Test("asymmetric and the on-insertion / on-removal filters pick by operation")
    func filters() {
        let t = AtomicTransition.asymmetric(insertion: .move(edge: .trailing), removal: .opacity)
        #expect(translation(states(t, .insertion).initial) == Point(x: 390, y: 0))
        #expect(states(t, .removal).animation.opacity == 0 && states(t, .removal).animation.transform == nil)
        #expect(states(.onInsertion(.opacity), .removal).animation.opacity == nil)
        #expect(states(.onRemoval(.opacity), .removal).animation.opacity == 0)
        #expect(states(.onRemoval(.opacity), .insertion).initial.opacity == nil)
    }
}

@Suite("Navigation transitions")
struct NavigationTransitionTests {
    func views(_ t: NavigationTransition, _ operation: NavigationTransition.Operation) -> (from: TransientView, to: TransientView) {
        t.transientViews(for: operation, from: container, to: container, in: container)
    }

    @Test("slide: a push moves right to left, a pop left to right")
    func slide() {
        #expect(NavigationTransition.slide == .move(axis: .horizontal))
        let push = views(.slide, .push)
        #expect(translation(push.to.initial) == Point(x: 390, y: 0) && push.to.animation.transform == .identity)
        #expect(translation(push.from.animation) == Point(x: -390, y: 0) && push.from.completion.transform == .identity)
        let pop = views(.slide, .pop)
        #expect(translation(pop.to.initial) == Point(x: -390, y: 0))
        #expect(translation(pop.from.animation) == Point(x: 390, y: 0))
        let vertical = views(.move(axis: .vertical), .push)
        #expect(translation(vertical.to.initial) == Point(x: 0, y: 844) && translation(vertical.from.animation) == Point(x: 0, y: -844))
    }

    @Test("fade: in (the arriving screen in front), out (the leaving screen in front) and cross, the same side on a pop")
    func fade() {
        let fadeIn = views(.fade(.in), .push)
        #expect(fadeIn.to.initial.opacity == 0 && fadeIn.to.animation.opacity == 1 && fadeIn.from.animation.opacity == nil)
        let fadeInPop = views(.fade(.in), .pop)
        #expect(fadeInPop.to.initial.opacity == 0 && fadeInPop.to.animation.zPosition == 1 && fadeInPop.from.animation.opacity == nil)
        let fadeOut = views(.fade(.out), .push)
        #expect(fadeOut.from.animation.opacity == 0 && fadeOut.from.animation.zPosition == 1 && fadeOut.to.initial.opacity == nil)
        let fadeOutPop = views(.fade(.out), .pop)
        #expect(fadeOutPop.from.animation.opacity == 0 && fadeOutPop.from.animation.zPosition == 1 && fadeOutPop.to.initial.opacity == nil)
        let cross = views(.fade(.cross), .pop)
        #expect(cross.to.initial.opacity == 0 && cross.from.animation.opacity == 0)
        #expect(NavigationTransition.fade(.in) == .mirrorPush(.onInsertion(AtomicTransition.zPosition(1).combined(with: .opacity))))
    }

    @Test("asymmetric over navigation transitions, mirror helpers, combined, identity, custom, animation")
    func combinators() {
        let t = NavigationTransition.asymmetric(push: .fade(.cross), pop: .slide)
        #expect(views(t, .push).to.initial.opacity == 0 && views(t, .push).to.initial.transform == nil)
        #expect(translation(views(t, .pop).to.initial) == Point(x: -390, y: 0))

        let mirrored = NavigationTransition.mirrorPush(.move(edge: .trailing))
        #expect(translation(views(mirrored, .push).to.initial) == Point(x: 390, y: 0))
        #expect(translation(views(mirrored, .pop).to.initial) == Point(x: -390, y: 0))
        #expect(NavigationTransition.mirrorPop(.move(edge: .trailing)) == .asymmetric(push: .move(edge: .leading), pop: .move(edge: .trailing)))

        let both = views(NavigationTransition.slide.combined(with: .fade(.in)), .push)
        #expect(translation(both.to.initial) == Point(x: 390, y: 0) && both.to.initial.opacity == 0)

        let none = views(.identity, .push)
        #expect(none.to.initial == .init() && none.from.animation == .init())

        let swing = NavigationTransition.custom("swing") { from, to, operation, container in
            to.initial.rotate(by: .degrees(operation == .push ? 10 : -10))
            from.animation.opacity = 0.5
            to.initial.translate(x: container.width / 2)
        }
        let swung = views(swing, .pop)
        #expect(abs(swung.to.initial.transform!.resolved().rotation.degrees + 10) < 1e-4 && swung.from.animation.opacity == 0.5)

        #expect(NavigationTransition.slide.animation == .easeInOut(duration: 0.35))
        #expect(NavigationTransition.slide.animation(.bouncy).animation == .bouncy)
        #expect(NavigationTransition.slide.animation(.bouncy) != .slide)
    }
}
