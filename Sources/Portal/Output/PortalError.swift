/// Every way a call into Portal can be refused.
///
/// Public calls validate their input before changing anything and throw one of these, so a
/// refused call leaves the world exactly as it was. The ``description`` says what went wrong
/// and what to do about it.
public enum PortalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The entity was despawned, or never belonged to this world.
    case staleEntity(Entity)
    /// The entity is alive but is not a view, and the call needs one.
    case notAView(Entity)
    /// A geometric value is NaN, infinite, or a negative size. `field` names it.
    case invalidGeometry(_ field: String, _ value: Float, reason: String)
    /// A number outside the range the call accepts (an opacity above 1, a NaN scale…).
    case invalidValue(_ field: String, _ value: Double, reason: String)
    // Boxed: an `Animation` is 100-odd bytes, and inline it made every `PortalError` (124 bytes
    // in wasm32) that large, copied at every `try` that passes one on.
    /// An animation that cannot run (a zero duration, a zero stiffness, a negative delay…).
    indirect case invalidAnimation(Animation, reason: String)
    /// A `World.Configuration` that cannot work.
    case invalidConfiguration(_ field: String, reason: String)
    /// The component type was never registered with ``World/register(_:)``.
    case componentNotRegistered(String)
    /// The component type is already registered.
    case componentAlreadyRegistered(String)
    /// The entity has no component of this type.
    case componentMissing(String, Entity)
    /// The call would change a component table that a closure is iterating.
    case componentTableBusy(String)
    /// No system has this identifier (it was never added, or already removed).
    case unknownSystem(SystemID)
    /// Every one of the 2³² entity indices is in use or retired.
    case entityLimitReached
    /// No view was ever marked with this portal id.
    case unknownPortal(PortalID)
    /// The id already has a view in this role: `existing`; `rejected` was refused.
    case duplicatePortalRole(PortalID, PortalRole, existing: Entity, rejected: Entity)
    /// The portal is not presented (or flying forward), so it has nothing to transfer.
    case portalNotActive(PortalID)
    /// The entity is a portal layer, which Portal creates and removes itself: the app may read it
    /// and change how it looks (``World/update(_:to:)``, ``World/animate(_:to:with:)``…), but
    /// not despawn it, attach components to it, or hand it to a feature.
    case portalLayer(Entity)
    /// The entity is not a navigation stack.
    case notANavigationStack(Entity)
    /// The entity is not a flowing header.
    case notAFlowingHeader(Entity)
    /// The view is not a scroll view (once the calls made so far run), and the call needs one.
    case notAScrollView(Entity)
    /// Popups need a container: call ``World/setPopupContainer(bounds:safeArea:)`` first.
    case noPopupContainer
    /// The view is already presented as a popup.
    case popupAlreadyPresented(Entity)
    /// The view is not presented as a popup.
    case popupNotPresented(Entity)
    /// The stack will have only its root screen once the calls made so far (staged or queued)
    /// run; there is nothing to pop.
    case cannotPopRoot(Entity)
    /// The screen is already in a navigation stack (or listed twice).
    case screenAlreadyInStack(Entity)
    /// An interactive pop call out of order (update or end without a begin, or a begin while one runs).
    case noInteractivePop(Entity)
    /// The stack is following an interactive pop; other changes wait until it is released.
    case interactivePopInProgress(Entity)
    /// The entity is one Portal created for itself and removes itself (a popup's backdrop): the
    /// app may read it (render list, hit testing, ``World/presentation(of:)``) and change how it
    /// looks, but not despawn it, attach components to it, or hand it to a feature.
    case portalOwned(Entity)
    /// Making `parent` the parent of `view` would put `view` inside its own subtree (`parent`
    /// is `view` or one of its descendants, counting the parent changes staged this frame).
    case parentCycle(Entity, parent: Entity)
    /// The element `element` of a batch (`frames[3]` of the frames given to `World.setFrames`),
    /// or the field `element` of a configuration (`dragToDismiss.begin`), was refused for
    /// `error`; nothing of the batch, or of the call, was applied.
    indirect case invalidElement(_ element: String, PortalError)
    /// A ``PointerEvent`` moved, ended or cancelled a pointer that is not down (it never began,
    /// or already ended), counting the events sent so far.
    case pointerNotDown(Int)
    /// ``World/startRecording(capacity:)`` cannot start in the world's state: it is already
    /// recording, or it is not fresh (something was spawned, staged or run).
    case recordingUnavailable(reason: String)
    /// A ``PointerEvent`` began a pointer that is already down (it has not ended or been
    /// cancelled), counting the events sent so far.
    case pointerAlreadyDown(Int)

    public var description: String {
        switch self {
        case let .staleEntity(entity):
            return Self.message(entity, " is not alive in this world: it was despawned (or came from another world). Drop the handle and use the entity that replaced it.")
        case let .notAView(entity):
            return Self.message(entity, " is not a view. Create views with spawnView(frame:cornerRadius:opacity:).")
        case let .invalidGeometry(field, value, reason):
            return "\(field) is \(value): \(reason). Pass finite coordinates and non-negative sizes."
        case let .invalidValue(field, value, reason):
            return "\(field) is \(value): \(reason)."
        case let .invalidAnimation(animation, reason):
            return "the animation \(animation) cannot run: \(reason)."
        case let .invalidConfiguration(field, reason):
            return "World.Configuration.\(field) \(reason)."
        case let .componentNotRegistered(name):
            return "the component type \(name) is not registered. Call world.register(\(name).self) once before using it."
        case let .componentAlreadyRegistered(name):
            return "the component type \(name) is already registered; register each type once."
        case let .componentMissing(name, entity):
            return "\(entity) has no \(name) component. Insert one first, or check with hasComponent."
        case let .componentTableBusy(name):
            return "the \(name) table is being iterated; collect the change and make it after the loop."
        case let .unknownSystem(id):
            return "no system has id \(id.rawValue); it was never added or was already removed."
        case .entityLimitReached:
            return "all 2³² entity indices are in use or retired; despawn entities you no longer need."
        case let .unknownPortal(id):
            return "no view is marked with portal id \"\(id)\"; mark a source with portal(_:id:as: .source) first."
        case let .duplicatePortalRole(id, role, existing, rejected):
            return "portal \"\(id)\" already has \(existing) as its \(role); \(rejected) was refused. Remove the mark from \(existing) (removePortal(from:)) first."
        case let .portalNotActive(id):
            return "portal \"\(id)\" is not presented, so there is nothing to transfer; activate it first."
        case .noPopupContainer:
            return "popups need a container; call setPopupContainer(bounds:safeArea:) first."
        case let .popupAlreadyPresented(entity):
            return Self.message(entity, " is already presented as a popup; dismiss it first.")
        case let .popupNotPresented(entity):
            return Self.message(entity, " is not presented as a popup.")
        case let .notAFlowingHeader(entity):
            return Self.message(entity, " is not a flowing header. Create one with flowingHeader(on:title:…).")
        case let .notAScrollView(entity):
            return Self.message(entity, " is not a scroll view. Make it one with makeScrollView(_:configuration:).")
        case let .notANavigationStack(entity):
            return Self.message(entity, " is not a navigation stack. Create one with spawnNavigationStack(frame:root:).")
        case let .cannotPopRoot(stack):
            return Self.message(stack, " will have only its root screen once the calls made so far run; there is nothing to pop.")
        case let .screenAlreadyInStack(screen):
            return Self.message(screen, " is already in a navigation stack (or listed twice); a screen belongs to one place in one stack.")
        case let .interactivePopInProgress(stack):
            return Self.message(stack, " is following an interactive pop; end it (endInteractivePop) before changing the stack.")
        case let .noInteractivePop(stack):
            return Self.message(stack, " has no interactive pop in progress (or already has one); call beginInteractivePop first, once.")
        case let .portalLayer(entity):
            return Self.message(entity, " is a portal layer, which Portal creates and removes itself; change the transition instead.")
        case let .portalOwned(entity):
            return Self.message(entity, " is an entity Portal created for itself (such as a popup's backdrop) and removes itself; it can be read and restyled, but not despawned, given components or handed to a feature.")
        case let .parentCycle(view, parent):
            return "\(parent) is \(view) or one of its descendants; a view cannot be placed inside its own subtree."
        case let .pointerNotDown(pointer):
            return "event.pointer is \(pointer), which is not down: send .began first, and nothing after its .ended or .cancelled."
        case let .pointerAlreadyDown(pointer):
            return "event.pointer is \(pointer), which is already down: end or cancel it before it begins again."
        case let .recordingUnavailable(reason):
            return "the world cannot start recording: \(reason). Call startRecording() on a fresh world, before anything else."
        case let .invalidElement(element, error):
            // A batch's element (`frames[3]`) takes the batch with it; a configuration's field
            // (`dragToDismiss.begin`) takes the call.
            let whole = element.hasSuffix("]") ? "the whole batch" : "the call"
            return "\(element) was refused, and with it \(whole): \(error.description)"
        }
    }

    /// A message about one entity: its description, then `text`. One body, not a string
    /// interpolation per case.
    @inline(never)
    private static func message(_ entity: Entity, _ text: String) -> String { entity.description + text }
}
