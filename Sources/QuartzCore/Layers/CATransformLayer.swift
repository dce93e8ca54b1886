import Foundation

/// A layer that does not flatten its sublayers (Apple's CATransformLayer, §2.8): they keep
/// their 3D positions in the enclosing space. It renders only its sublayers — background,
/// contents, border, mask, masksToBounds and shadows are ignored by the renderer — and is never
/// returned by hit testing (its sublayers are tested through it, §1.7.5).
open class CATransformLayer: CALayer {
    /// A CATransformLayer with Apple's default values.
    public override init() { super.init() }
    /// A presentation copy of `layer` (see `CALayer.init(layer:)`); a transform layer has no state of its own.
    public override init(layer: Any) { super.init(layer: layer) }
    /// Always fails: keyed archives of layers are not supported (use the JSON layer archive).
    public required init?(coder: NSCoder) { return nil }
}
