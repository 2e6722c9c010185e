// What the demo's scenes and the tests that replay their traces share: the code a trace cannot
// carry. A transition's handler is code, so a replay is given it by name; keeping the handler
// here, in a library both the demo and the tests import, means a replay uses the very handler
// the scene recorded with, not a copy. The demo page's WebAssembly module compiles this file
// with the library, as one module (scripts/build-wasm), so its replays of the scenes have it too.

#if canImport(Portal)
import Portal
#endif

/// The demo's hand-written atomic transition: the arriving screen swings in about its
/// top-leading corner (rotated −25° and transparent at first), the leaving one shrinks to 0.9
/// and dims to 0.4.
public let swingHandler: AtomicTransition.Handler = { view, operation, container in
    switch operation {
    case .insertion:
        view.initial.translate(x: -container.width / 2, y: -container.height / 2)
        view.initial.rotate(by: .degrees(-25))
        view.initial.translate(x: container.width / 2, y: container.height / 2)
        view.initial.opacity = 0
        view.animation.transform = .identity
        view.animation.opacity = 1
    case .removal:
        view.animation.scale(0.9)
        view.animation.opacity = 0.4
        view.completion.transform = .identity
        view.completion.opacity = 1
    }
}

/// The atomic transitions the demo's scenes use, by the name their traces record.
public let demoAtomicTransitions: [String: AtomicTransition.Handler] = ["swing": swingHandler]
