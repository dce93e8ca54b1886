/// The layer's delegate, Apple's `CALayerDelegate`.
///
/// Apple's methods are optional; here every method has a default implementation in a protocol
/// extension that behaves exactly like "not implemented":
/// - `display(_:)`: the default runs the layer's own drawing path (`layerWillDraw(_:)`, then
///   the backing store). A delegate that implements it takes over display entirely.
/// - `layerWillDraw(_:)`, `layoutSublayers(of:)`: do nothing.
/// - `action(for:forKey:)`: returns nil, so the action search continues (§5.2.1).
///
/// - `draw(_:in:)`: draws nothing (the backing store stays transparent).
public protocol CALayerDelegate: AnyObject {
    /// Replaces the layer's drawing: set `layer.contents` yourself.
    func display(_ layer: CALayer)
    /// Called before the layer draws into its backing store.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers (called from `layoutSublayers()`).
    func layoutSublayers(of layer: CALayer)
    /// The action for `event`; nil continues the search, `NSNull()` stops it with no action.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    /// Draws the layer's content into its backing store (see `CALayer.draw(in:)`).
    func draw(_ layer: CALayer, in ctx: CGContext)
}

extension CALayerDelegate {
    /// The default: the layer draws its backing store itself (`layerWillDraw(_:)`, then `draw(in:)`).
    public func display(_ layer: CALayer) { layer.displayUsingBackingStore() }
    /// The default: does nothing.
    public func layerWillDraw(_ layer: CALayer) {}
    /// The default: does nothing.
    public func layoutSublayers(of layer: CALayer) {}
    /// The default: nil, so the action search continues.
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    /// The default: draws nothing.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
}
