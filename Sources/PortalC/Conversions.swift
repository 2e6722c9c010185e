// C values to Swift values and back.

import CPortal
#if canImport(Portal)
import Portal   // (the Embedded build compiles the library and this into one module)
#endif

extension PortalPoint {
    var swift: Point { Point(x: x, y: y) }
    init(_ p: Point) { self.init(x: p.x, y: p.y) }
}

extension PortalSize {
    var swift: Size { Size(width: width, height: height) }
}

extension PortalRect {
    var swift: Rect { Rect(x: x, y: y, width: width, height: height) }
    init(_ r: Rect) { self.init(x: r.minX, y: r.minY, width: r.width, height: r.height) }
}

extension PortalEdgeInsets {
    var swift: EdgeInsets { EdgeInsets(top: top, leading: leading, bottom: bottom, trailing: trailing) }
}

extension PortalTransform {
    var swift: Transform {
        Transform(translation: translation.swift, scaleX: scale_x, scaleY: scale_y, rotation: Angle(radians: rotation),
                  zPosition: z_position,
                  rotation3D: Rotation3D(angle: Angle(radians: rotation3d_angle), axis: (x: rotation3d_axis_x, y: rotation3d_axis_y, z: rotation3d_axis_z),
                                         perspective: rotation3d_perspective))
    }

    init(_ t: Transform) {
        let r = t.rotation3D
        self.init(translation: PortalPoint(t.translation), scale_x: t.scaleX, scale_y: t.scaleY, rotation: t.rotation.radians,
                  z_position: t.zPosition, rotation3d_angle: r.angle.radians, rotation3d_axis_x: r.axisX, rotation3d_axis_y: r.axisY,
                  rotation3d_axis_z: r.axisZ, rotation3d_perspective: r.perspective)
    }
}

extension PortalMatrix {
    init(_ m: ProjectionTransform) {
        self.init(m11: m.m11, m12: m.m12, m13: m.m13, m21: m.m21, m22: m.m22, m23: m.m23, m31: m.m31, m32: m.m32, m33: m.m33)
    }
}

/// A C entity handle as an optional Swift entity: `PORTAL_NO_ENTITY` is `nil`.
func optionalEntity(_ bits: UInt64) -> Entity? { bits == UInt64.max ? nil : Entity(bits: bits) }

/// A Swift optional entity as a C handle.
func handle(_ entity: Entity?) -> UInt64 { entity?.bits ?? UInt64.max }

/// The bits `PORTAL_PROPERTY_*` name.
let knownPropertyFields: UInt32 = 0x3f

/// The Swift properties a C `PortalProperties` sets; throws for a `fields` bit no
/// `PORTAL_PROPERTY_*` names.
func properties(_ p: PortalProperties) throws(PortalError) -> ViewProperties {
    let f = p.fields
    guard f & ~knownPropertyFields == 0 else {
        throw .invalidValue("properties.fields", Double(f), reason: "has bits no PORTAL_PROPERTY_* names (\(f & ~knownPropertyFields))")
    }
    return ViewProperties(frame: f & 1 != 0 ? p.frame.swift : nil,
                          cornerRadius: f & 2 != 0 ? p.corner_radius : nil,
                          opacity: f & 4 != 0 ? p.opacity : nil,
                          transform: f & 8 != 0 ? p.transform.swift : nil,
                          shadowRadius: f & 16 != 0 ? p.shadow_radius : nil,
                          contentOffset: f & 32 != 0 ? p.content_offset.swift : nil)
}

/// The Swift animation a C `PortalAnimationParams` describes; throws naming the bad field.
func animation(_ a: PortalAnimationParams, _ name: String) throws(PortalError) -> Animation {
    var value: Animation
    switch a.kind {
    case PORTAL_ANIMATION_SPRING:
        value = a.initial_velocity == 0 ? .spring(duration: a.a, bounce: a.b)
            : .interpolatingSpring(duration: a.a, bounce: a.b, initialVelocity: a.initial_velocity)
    case PORTAL_ANIMATION_SPRING_RESPONSE:
        value = a.initial_velocity == 0 ? .spring(response: a.a, dampingFraction: a.b)
            : .interpolatingSpring(Spring(response: a.a, dampingRatio: a.b), initialVelocity: a.initial_velocity)
    case PORTAL_ANIMATION_SPRING_PHYSICAL:
        value = .interpolatingSpring(mass: a.a, stiffness: a.b, damping: a.c, initialVelocity: a.initial_velocity)
    case PORTAL_ANIMATION_CURVE:
        value = .timingCurve(a.a, a.b, a.c, a.d, duration: a.duration)
    default:
        throw badValue("\(name).kind", a.kind, "not a PORTAL_ANIMATION_* kind")
    }
    if a.delay != 0 { value = value.delay(a.delay) }
    if a.speed != 1 { value = value.speed(a.speed) }
    return value
}

/// The Swift navigation transition a `PORTAL_NAVIGATION_*` kind names.
func navigationTransition(_ kind: Int32) -> NavigationTransition? {
    switch kind {
    case PORTAL_NAVIGATION_SLIDE: return .slide
    case PORTAL_NAVIGATION_MOVE_VERTICAL: return .move(axis: .vertical)
    case PORTAL_NAVIGATION_FADE_CROSS: return .fade(.cross)
    case PORTAL_NAVIGATION_FADE_IN: return .fade(.in)
    case PORTAL_NAVIGATION_FADE_OUT: return .fade(.out)
    case PORTAL_NAVIGATION_IDENTITY: return .identity
    default: return nil
    }
}

/// A Swift string of a C string argument, for messages and paths (ids go through `text`, which
/// refuses bytes that are not UTF-8).
func string(_ pointer: UnsafePointer<CChar>) -> String { String(cString: pointer) }

/// Sets every byte of `*pointer` to 0 — the padding of an input struct the library fills (the
/// `_default` functions) included — without binding its memory to another type; the fields are
/// then stored one by one, so the padding stays 0 and a filled struct compares bytewise.
func zeroBytes<T>(_ pointer: UnsafeMutablePointer<T>) {
    let raw = UnsafeMutableRawPointer(pointer)
    for i in 0..<MemoryLayout<T>.size { raw.storeBytes(of: 0, toByteOffset: i, as: UInt8.self) }
}
