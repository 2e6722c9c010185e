// What the world reports of a portal's layer (`World.portalLayers()`, `World.portalLayer(_:)`).

/// The state of one portal's overlay layer, for systems that animate layer content (the seed's
/// `AnimatedPortalLayer`, `AnimatedItemLayer` and `AnimatedGroupLayer`).
public struct PortalLayerState: Hashable, Sendable {
    /// The portal.
    public let id: PortalID
    /// The layer view: update or animate it like any view.
    public let layer: Entity
    /// The group transition it belongs to, if any.
    public let groupID: String?
    /// `true` from the moment the forward motion starts until the reverse motion starts.
    public let isActive: Bool
    /// Where the layer is between the source (0) and the destination (1), measured on its frame;
    /// a spring may take it a little past either end.
    public let progress: Float
    /// The direction of its current (or last) flight.
    public let direction: PortalDirection
}
