// The shape of a drag to dismiss, shared by the two things a finger can drag away: a portal's
// destination (its layer) and a screen pushed by a zoom. Both follow the finger the same way and
// decide a release by the same rule, so this file holds the curve and the rule once.
//
// While dragged, the dragged thing moves 1:1 with the finger and shrinks with the distance the
// finger has travelled (as Photos shrinks a photo dragged down): its scale goes from 1 to
// `minimumScale` linearly over `scaleDistance` × the container's height, then stays. Its corner
// radius and the backdrop behind it follow the same fraction (`DragToDismiss.progress`). At the
// release, the finger's path is projected forward as UIKit projects a flick (Apple's "Designing
// Fluid Interfaces", WWDC 2018: the distance a deceleration at `UIScrollView.DecelerationRate.normal`
// covers from the release velocity, v × 0.998 / (1 − 0.998) / 1000 s, i.e. v × 0.499 s); the drag
// dismisses when the projected travel in the dismissing direction reaches `dismissDistance` × the
// container's height, and springs back otherwise.

/// Which way a drag dismisses.
public enum DragDismissDirection: Hashable, Sendable {
    /// Downwards only (Photos, a sheet): the travel that counts is the downward part of the drag.
    /// A drag that starts upwards does not begin.
    case down
    /// Any direction (iOS 18's zoom transition): the travel that counts is the drag's length.
    case any
}

/// How a drag to dismiss follows the finger and decides at the release.
///
/// The defaults are Photos': the dragged view shrinks to 0.6 of its size over a quarter of the
/// container's height, and a release whose projected travel reaches an eighth of that height
/// dismisses.
public struct DragDismissStyle: Hashable, Sendable {
    /// Which way the drag dismisses. Default ``DragDismissDirection/down``.
    public var direction: DragDismissDirection
    /// The scale the dragged view reaches at `scaleDistance` (and keeps beyond), in 0…1.
    /// Default 0.6.
    public var minimumScale: Float
    /// The travel over which the scale goes from 1 to `minimumScale`, as a fraction of the
    /// container's height (greater than 0). Default 0.25.
    public var scaleDistance: Float
    /// The projected travel at which a release dismisses, as a fraction of the container's
    /// height (at least 0). Default 0.125.
    public var dismissDistance: Float

    /// A style; see each property for its meaning and default.
    public init(direction: DragDismissDirection = .down, minimumScale: Float = 0.6, scaleDistance: Float = 0.25,
                dismissDistance: Float = 0.125) {
        self.direction = direction
        self.minimumScale = minimumScale
        self.scaleDistance = scaleDistance
        self.dismissDistance = dismissDistance
    }

    /// Checks the style's numbers, naming the first bad one (`argument` is the name of the
    /// style's parameter in the call).
    func validate(_ argument: String) throws(PortalError) {
        guard minimumScale.isFinite, minimumScale >= 0, minimumScale <= 1 else {
            throw .invalidValue("\(argument).minimumScale", Double(minimumScale), reason: "must be in 0...1")
        }
        guard scaleDistance.isFinite, scaleDistance > 0 else {
            throw .invalidValue("\(argument).scaleDistance", Double(scaleDistance), reason: "must be finite and greater than 0")
        }
        guard dismissDistance.isFinite, dismissDistance >= 0 else {
            throw .invalidValue("\(argument).dismissDistance", Double(dismissDistance), reason: "must be finite and at least 0")
        }
    }
}

/// The curve and the release rule of a drag to dismiss (see the file's comment).
enum DragToDismiss {
    /// UIKit's projection of a release: seconds of release velocity a normal deceleration
    /// covers, 0.998 / (1 − 0.998) / 1000.
    static let projectionSeconds: Float = 0.998 / (1 - 0.998) / 1000

    /// The travel that counts for `style`: the downward part of `translation`, or its length.
    static func travel(_ translation: Point, _ style: DragDismissStyle) -> Float {
        switch style.direction {
        case .down: return max(translation.y, 0)
        case .any: return (translation.x * translation.x + translation.y * translation.y).squareRoot()
        }
    }

    /// How far the drag has gone towards its full shrink, 0…1: the travel over
    /// `scaleDistance` × `containerHeight`.
    static func progress(_ translation: Point, containerHeight: Float, _ style: DragDismissStyle) -> Float {
        let span = style.scaleDistance * containerHeight
        guard span > 0 else { return 1 }
        return min(travel(translation, style) / span, 1)
    }

    /// The dragged view's scale at `progress`: 1 → `minimumScale`, linearly.
    static func scale(_ progress: Float, _ style: DragDismissStyle) -> Float {
        1 - (1 - style.minimumScale) * progress
    }

    /// Whether a drag released at `translation` with `velocity` (points per second) dismisses:
    /// its projected travel (`translation + velocity × projectionSeconds`) reaches
    /// `dismissDistance` × `containerHeight`.
    static func dismisses(_ translation: Point, velocity: Point, containerHeight: Float, _ style: DragDismissStyle) -> Bool {
        let projected = Point(x: translation.x + velocity.x * projectionSeconds, y: translation.y + velocity.y * projectionSeconds)
        return travel(projected, style) >= style.dismissDistance * containerHeight
    }

    /// The dragged frame: `base` moved by `translation` and scaled by `scale` about its centre.
    static func frame(_ base: Rect, translation: Point, scale: Float) -> Rect {
        let width = base.width * scale, height = base.height * scale
        return Rect(x: base.midX + translation.x - width / 2, y: base.midY + translation.y - height / 2, width: width, height: height)
    }
}
