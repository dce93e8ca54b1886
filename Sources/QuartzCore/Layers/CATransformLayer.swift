import Foundation

/// A layer that does not flatten its sublayers (Apple's CATransformLayer, §2.8): they keep
/// their 3D positions in the enclosing space. It renders only its sublayers — background,
/// contents, border, mask, masksToBounds and shadows are ignored by the renderer — and is never
/// returned by hit testing (its sublayers are tested through it, §1.7.5).
open class CATransformLayer: CALayer {
    public override init() { super.init() }
    public override init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { return nil }
}
