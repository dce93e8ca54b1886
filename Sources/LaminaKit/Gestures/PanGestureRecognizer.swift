import Foundation
import QuartzCore

/// Follows fingers dragging (Lamina's UIPanGestureRecognizer). Continuous.
///
/// It begins once the centroid of the touches has moved more than `hysteresis` points with
/// between `minimumNumberOfTouches` and `maximumNumberOfTouches` fingers down; fails when too
/// many fingers land first or all lift before it began; ends when fewer than the minimum
/// remain. `translation(in:)` is the centroid's movement since touch-down (fingers landing or
/// lifting mid-gesture do not make it jump); `velocity(in:)` is points per second over the
/// last change; both are in the given view's space.
public final class PanGestureRecognizer: GestureRecognizer {
    /// A recognizer calling `handler` with itself (so its own properties are at hand) at each
    /// state change that reports: began, changed, ended and cancelled.
    override public init(handler: ((PanGestureRecognizer) -> Void)? = nil) {
        super.init(handler: handler.map { action in { if let r = $0 as? PanGestureRecognizer { action(r) } } })
    }

    /// Fewest fingers that pan; the pan ends when fewer remain.
    public var minimumNumberOfTouches = 1
    /// Most fingers that may pan; more landing before it began fail it.
    public var maximumNumberOfTouches = Int.max
    /// Points the centroid must move before the pan begins.
    public var hysteresis: CGFloat = 10

    /// The centroid at which translation is zero, window points.
    private var origin: CGPoint?
    private var lastCentroid: CGPoint = .zero
    private var lastSample: (time: CFTimeInterval, point: CGPoint)?
    private var velocityInWindow = CGVector(dx: 0, dy: 0)

    /// True: a pan reports began, changed… ended.
    override public var isContinuous: Bool { true }

    /// The centroid's movement since the start, in `view`'s space (nil: window points).
    public func translation(in view: View?) -> CGPoint {
        guard let origin else { return .zero }
        let now = centroidInWindow ?? lastCentroid
        guard let view else { return CGPoint(x: now.x - origin.x, y: now.y - origin.y) }
        let a = view.convert(origin, from: nil), b = view.convert(now, from: nil)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    /// Makes `translation(in: view)` read `translation` now (UIKit's incremental idiom
    /// `setTranslation(.zero, in: view)`).
    public func setTranslation(_ translation: CGPoint, in view: View?) {
        guard !translation.x.isNaN, !translation.y.isNaN else { return }
        let now = centroidInWindow ?? lastCentroid
        guard let view else {
            origin = CGPoint(x: now.x - translation.x, y: now.y - translation.y)
            return
        }
        let b = view.convert(now, from: nil)
        origin = view.convert(CGPoint(x: b.x - translation.x, y: b.y - translation.y), to: nil)
    }

    /// Points per second in `view`'s space (its linear part: translation of the view drops out).
    public func velocity(in view: View?) -> CGPoint {
        let v = velocityInWindow
        guard let view else { return CGPoint(x: v.dx, y: v.dy) }
        let a = view.convert(CGPoint.zero, from: nil)
        let b = view.convert(CGPoint(x: v.dx, y: v.dy), from: nil)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    override func touchesBegan(_ touches: [Touch], at time: CFTimeInterval) {
        guard let c = centroidInWindow else { return }
        if state == .possible, trackedTouches.count > maximumNumberOfTouches {
            transition(to: .failed)
            return
        }
        if var origin {
            // Keep the translation continuous: shift the origin by the centroid's jump.
            origin.x += c.x - lastCentroid.x
            origin.y += c.y - lastCentroid.y
            self.origin = origin
        } else {
            origin = c
        }
        lastCentroid = c
        lastSample = (time, c)
    }

    override func touchesMoved(_ touches: [Touch], at time: CFTimeInterval) {
        guard let c = centroidInWindow, let origin else { return }
        lastCentroid = c
        if let last = lastSample, time > last.time {
            let dt = CGFloat(time - last.time)
            velocityInWindow = CGVector(dx: (c.x - last.point.x) / dt, dy: (c.y - last.point.y) / dt)
        }
        lastSample = (time, c)
        switch state {
        case .possible:
            let count = trackedTouches.count
            guard count >= minimumNumberOfTouches, count <= maximumNumberOfTouches,
                  c.distance(to: origin) > hysteresis else { return }
            transition(to: .began)
        case .began, .changed:
            transition(to: .changed)
        default:
            break
        }
    }

    override func touchesEnded(_ touches: [Touch], at time: CFTimeInterval) {
        if let c = centroidInWindow, var origin {
            origin.x += c.x - lastCentroid.x
            origin.y += c.y - lastCentroid.y
            self.origin = origin
            lastCentroid = c
        }
        guard trackedTouches.count < max(1, minimumNumberOfTouches) else { return }
        if state.isActive { transition(to: .ended) } else if state == .possible, trackedTouches.isEmpty { transition(to: .failed) }
    }

    override func reset() {
        super.reset()
        origin = nil
        lastSample = nil
        velocityInWindow = CGVector(dx: 0, dy: 0)
    }
}
