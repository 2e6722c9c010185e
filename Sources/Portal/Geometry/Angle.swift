/// A geometric angle, stored in radians, made from degrees or radians as in SwiftUI.
public struct Angle: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The angle in radians.
    public var radians: Float

    /// The angle in degrees.
    public var degrees: Float {
        get { radians * (180 / Float.pi) }
        set { radians = newValue * (Float.pi / 180) }
    }

    /// Creates an angle of `radians` radians.
    public init(radians: Float) { self.radians = radians }

    /// Creates an angle of `degrees` degrees.
    public init(degrees: Float) { self.radians = degrees * (Float.pi / 180) }

    /// The zero angle.
    public static let zero = Angle(radians: 0)

    /// An angle of `radians` radians.
    public static func radians(_ radians: Float) -> Angle { Angle(radians: radians) }

    /// An angle of `degrees` degrees.
    public static func degrees(_ degrees: Float) -> Angle { Angle(degrees: degrees) }

    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }

    public var description: String { "\(degrees)°" }
}
