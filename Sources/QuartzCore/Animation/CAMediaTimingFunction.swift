import Foundation

/// A cubic Bézier timing curve from (0, 0) to (1, 1), Apple's `CAMediaTimingFunction` (§8).
///
/// The control points are kept as given (Float, as Apple's); evaluation (x → s → y) goes
/// through the compositor's `TimingCurve`, built once here.
open class CAMediaTimingFunction: NSObject {
    /// The inner control points c1 = (x1, y1), c2 = (x2, y2), in unit time/progress.
    package let controlPoints: (x1: Float, y1: Float, x2: Float, y2: Float)
    /// The curve the animation engine evaluates.
    package let curve: TimingCurve

    /// Output progress for an input time fraction in [0, 1] (clamped; NaN → 0). Not Apple API
    /// (Apple's solver is private); what every timed animation uses.
    package func progress(at x: Double) -> Double { curve.progress(at: x) }

    /// The curve with control points (0, 0), (c1x, c1y), (c2x, c2y), (1, 1). Values are stored
    /// as given (Apple documents x in [0, 1]; out-of-range x is the evaluator's concern).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        controlPoints = (c1x, c1y, c2x, c2y)
        curve = TimingCurve(c1x: Double(c1x), c1y: Double(c1y), c2x: Double(c2x), c2y: Double(c2y))
        super.init()
    }

    /// One of the named curves (reference §8, header CAMediaTimingFunction.h). Unknown names
    /// give the linear curve.
    public convenience init(name: CAMediaTimingFunctionName) {
        let p = CAMediaTimingFunction.points(for: name)
        self.init(controlPoints: p.0, p.1, p.2, p.3)
    }

    package static func points(for name: CAMediaTimingFunctionName) -> (Float, Float, Float, Float) {
        switch name {
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInEaseOut: return (0.42, 0, 0.58, 1)
        case .default: return (0.25, 0.1, 0.25, 1)
        default: return (0, 0, 1, 1)
        }
    }

    /// Writes control point `idx` (0…3; 0 is (0, 0) and 3 is (1, 1)) as two Floats into
    /// `ptr`. An index outside 0…3 leaves `ptr` untouched (Apple raises an exception).
    open func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let p: (Float, Float)
        switch idx {
        case 0: p = (0, 0)
        case 1: p = (controlPoints.x1, controlPoints.y1)
        case 2: p = (controlPoints.x2, controlPoints.y2)
        case 3: p = (1, 1)
        default: return
        }
        ptr[0] = p.0
        ptr[1] = p.1
    }

    /// Equal when the control points are equal.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAMediaTimingFunction else { return false }
        return controlPoints == other.controlPoints
    }

    /// A hash of the four control-point coordinates, consistent with `isEqual(_:)`.
    open override var hash: Int {
        var h = Hasher()
        h.combine(controlPoints.x1); h.combine(controlPoints.y1)
        h.combine(controlPoints.x2); h.combine(controlPoints.y2)
        return h.finalize()
    }

    /// The two inner control points, for debugging.
    open override var description: String {
        "<CAMediaTimingFunction (\(controlPoints.x1), \(controlPoints.y1)) (\(controlPoints.x2), \(controlPoints.y2))>"
    }
}
