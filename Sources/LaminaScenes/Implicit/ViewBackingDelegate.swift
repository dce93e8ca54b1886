import QuartzCore

/// What UIKit's UIView does as its layer's delegate (seed 002, reference §6): outside an
/// animation block it answers every action request with `NSNull`, so changing a view's layer
/// does not animate; inside `animate { }` it lets the normal search run, so it does.
///
/// A stand-in for LaminaKit's View in scenes that need only this one behaviour.
package final class ViewBackingDelegate: CALayerDelegate {
    private var animationDepth = 0

    package init() {}

    package func action(for layer: CALayer, forKey event: String) -> CAAction? {
        animationDepth > 0 ? nil : NSNull()
    }

    /// UIView.animate(withDuration:animations:): the changes in `body` animate over `duration`.
    package func animate(duration: CFTimeInterval, _ body: () -> Void) {
        animationDepth += 1
        CATransaction.begin()
        CATransaction.setAnimationDuration(duration)
        body()
        CATransaction.commit()
        animationDepth -= 1
    }
}
