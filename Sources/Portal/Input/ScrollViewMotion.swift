// One axis of a scroll view in motion: a glide (UIScrollView's deceleration), a spring (back to an
// edge, to a page or a snap target), or an animated scroll. Pure values; the store steps them.
//
// A glide advances by its closed form in product form: with the fixed tick, r^(1000·t) after n
// ticks is f^n for f = r^(1000·step), so v ← f·v and x = rest + v / (1000·ln r) (the closed form
// x(t) = x₀ + v₀·(r^(1000t) − 1)/(1000·ln r) rewritten around the rest point). A spring advances
// by its exact one-tick transition matrix, as the track store's lanes do: four multiply-adds.

/// A spring's exact one-tick transition matrix: (displacement, velocity) ← (xx·d + xv·v, vx·d + vv·v).
struct ScrollSpringMatrix {
    let xx: Double, xv: Double, vx: Double, vv: Double
}

/// A spring's exact one-tick step, in `Double` (the scroll state's type).
struct ScrollSpringStep {
    let spring: Spring
    let step: Double
    let matrix: ScrollSpringMatrix
    var xx: Double { matrix.xx }
    var xv: Double { matrix.xv }
    var vx: Double { matrix.vx }
    var vv: Double { matrix.vv }

    init(_ spring: Spring, step: Double) {
        self.spring = spring
        self.step = step
        let m = spring.transitionMatrix(step: step)
        matrix = ScrollSpringMatrix(xx: m.xx, xv: m.xv, vx: m.vx, vv: m.vv)
    }

    /// Ticks until a motion from displacement `d` and velocity `v` stays within
    /// ``ScrollPhysics/springTolerance`` of its target: its settling envelope's time, in whole
    /// ticks (at least 1).
    func settleTicks(displacement d: Double, velocity v: Double) -> UInt32 {
        let seconds = spring.settlingTime(displacement: d, velocity: v, tolerance: ScrollPhysics.springTolerance)
        let ticks = PortalMath.rounded(seconds / step, .up)
        return ticks.isFinite ? UInt32(max(1, min(ticks, 1e9))) : 1_000_000_000
    }
}

/// What an axis of a scroll view is doing.
enum ScrollAxisMode: UInt8 {
    /// Still (or following a finger: tracking writes the offset itself).
    case idle
    /// Gliding after a release.
    case decelerating
    /// Springing to an edge, a page or a snap target after a release (UIKit counts it as
    /// decelerating).
    case bouncing
    /// Springing to the target of an animated `scroll(_:to:animated:)`.
    case animating
}

/// One axis of a scroll view's motion.
struct ScrollAxisMotion: Hashable {
    var mode: ScrollAxisMode = .idle
    /// Where the content is, points (the content offset on this axis).
    var position: Double = 0
    /// Points per second.
    var velocity: Double = 0
    /// Gliding: the rest point x₀ − v₀/(1000·ln r). Springing: the target.
    var anchor: Double = 0
    /// Gliding: the velocity kept per tick, r^(1000·step).
    var factor: Double = 0
    /// Gliding: 1 / (1000·ln r).
    var inverseDecay: Double = 0
    /// Springing: the ticks left until it is put on its target.
    var ticksLeft: UInt32 = 0

    var isMoving: Bool { mode != .idle }

    /// Starts a glide from `position` at `velocity` with `rate`; stays idle when the whole glide
    /// is within ``ScrollPhysics/stopDistance`` (the offset is then left where it is).
    mutating func decelerate(from position: Double, velocity: Double, rate: ScrollDecelerationRate, step: Double) {
        self.position = position
        let k = rate.decayPerSecond
        guard abs(velocity) / abs(k) > ScrollPhysics.stopDistance else {
            stop()
            return
        }
        mode = .decelerating
        self.velocity = velocity
        inverseDecay = 1 / k
        anchor = position - velocity * inverseDecay
        factor = PortalMath.exp(k * step)
    }

    /// Starts a spring from `position` at `velocity` to `target`, with the stepper's spring
    /// (`mode` says which: `.bouncing` or `.animating`).
    mutating func spring(from position: Double, velocity: Double, to target: Double, with stepper: ScrollSpringStep, mode: ScrollAxisMode) {
        self.position = position
        self.velocity = velocity
        anchor = target
        let d = position - target
        if abs(d) <= ScrollPhysics.springTolerance && abs(velocity) <= ScrollPhysics.springTolerance {
            self.position = target
            stop()
            return
        }
        self.mode = mode
        ticksLeft = stepper.settleTicks(displacement: d, velocity: velocity)
    }

    /// Stops where it is.
    mutating func stop() {
        mode = .idle
        velocity = 0
    }

    /// Advances one tick. A glide that leaves `minimum…maximum` hands its position and velocity
    /// to a spring back to the edge it crossed (`bounces`), or stops on the edge (not);
    /// a glide with at most ``ScrollPhysics/stopDistance`` left is put on its rest point.
    @inline(__always)
    mutating func advance(minimum: Double, maximum: Double, bounces: Bool, bounce: ScrollSpringStep, animation: ScrollSpringStep) {
        if advance(minimum: minimum, maximum: maximum, bounces: bounces, bounce: bounce.matrix, animation: animation.matrix) {
            handOver(to: bounce)
        }
    }

    /// Starts the bounce a glide asked for (``advance(minimum:maximum:bounces:bounce:animation:)``
    /// returned `true`): from its position and velocity to the edge in `anchor`.
    mutating func handOver(to bounce: ScrollSpringStep) {
        spring(from: position, velocity: velocity, to: anchor, with: bounce, mode: .bouncing)
    }

    /// `advance` with the matrices alone. Returns `true` when a glide left the edges and bounces:
    /// its position and velocity are kept and `anchor` is the edge, for ``handOver(to:)`` (which
    /// needs the spring, for its settling time: rare, so out of the loop's way).
    @inline(__always)
    mutating func advance(minimum: Double, maximum: Double, bounces: Bool, bounce: ScrollSpringMatrix,
                          animation: ScrollSpringMatrix) -> Bool {
        switch mode {
        case .idle:
            return false
        case .decelerating:
            velocity *= factor
            position = anchor + velocity * inverseDecay
            if position < minimum || position > maximum {
                let edge = position < minimum ? minimum : maximum
                if bounces {
                    anchor = edge
                    return true
                } else {
                    position = edge
                    stop()
                }
            } else if abs(velocity * inverseDecay) <= ScrollPhysics.stopDistance {
                position = anchor
                stop()
            }
        case .bouncing, .animating:
            let s = mode == .bouncing ? bounce : animation
            let d = position - anchor
            let d1 = s.xx * d + s.xv * velocity
            velocity = s.vx * d + s.vv * velocity
            position = anchor + d1
            ticksLeft -= 1
            if ticksLeft == 0 {
                position = anchor
                stop()
            }
        }
        return false
    }
}
