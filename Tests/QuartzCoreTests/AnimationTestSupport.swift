import Foundation
import QuartzCore

/// Runs `body` with absolute media time frozen at `t` for this task (`MediaClock` override).
@discardableResult
func at<T>(_ t: CFTimeInterval, _ body: () throws -> T) rethrows -> T {
    try MediaClock.$override.withValue(t, operation: body)
}

/// A committed layer in an attached tree, ready for explicit animations. Keep `host` alive
/// (the root holds it weakly) for as long as the tree should count as on screen.
struct AnimatedScene {
    let host: TestHost
    let root: CALayer
    let layer: CALayer

    /// `configure` runs before the layer joins the tree, so its changes make no implicit
    /// animations.
    init(at t: CFTimeInterval = 0, layer: CALayer = CALayer(), configure: (CALayer) -> Void = { _ in }) {
        let host = TestHost()
        var root: CALayer!
        at(t) {
            root = attachedRoot(host)
            layer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            configure(layer)
            root.addSublayer(layer)
            CATransaction.flush()
        }
        self.host = host
        self.root = root
        self.layer = layer
    }

    /// Adds `anim` under `key` and commits at absolute time `t` (so begin time 0 becomes `t`
    /// in the layer's time).
    func add(_ anim: CAAnimation, forKey key: String? = "a", at t: CFTimeInterval) {
        at(t) {
            layer.add(anim, forKey: key)
            CATransaction.flush()
        }
    }

    /// The layer's presentation copy at absolute time `t`.
    func presented(at t: CFTimeInterval) -> CALayer? {
        at(t) { layer.presentation() }
    }

    /// One frame of the animation clock at absolute time `t`.
    func tick(_ t: CFTimeInterval) {
        AnimationEngine.tick(root, at: t)
    }

    /// Changes model values without implicit animations.
    func setModel(_ change: (CALayer) -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change(layer)
        CATransaction.commit()
    }
}

/// Records delegate callbacks and completion blocks in one ordered log.
final class AnimationRecorder: CAAnimationDelegate {
    var log: [String] = []
    func animationDidStart(_ anim: CAAnimation) {
        log.append("start \(anim.value(forKey: "name") as? String ?? "?")")
    }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        log.append("stop \(anim.value(forKey: "name") as? String ?? "?") \(flag)")
    }
}

/// A linear basic animation of `keyPath` from `from` to `to` over `duration` seconds.
func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil, duration: CFTimeInterval = 1) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: keyPath)
    a.fromValue = from
    a.toValue = to
    a.byValue = by
    a.duration = duration
    return a
}
