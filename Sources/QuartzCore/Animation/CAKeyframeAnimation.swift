import Foundation

/// How keyframe values are interpolated (Apple's `CAAnimationCalculationMode`, §9.2.4).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether a layer moving along a keyframe path turns with it (Apple's
/// `CAAnimationRotationMode`, §9.2.6).
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Follow the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// The tangent plus 180°.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// Keyframes (Apple's CAKeyframeAnimation, §9.2): `values` (or a `path` for point properties,
/// which wins over `values`), optional `keyTimes` in [0, 1], per-segment `timingFunctions`, a
/// `calculationMode`, the Kochanek–Bartels parameters of the cubic modes, and a `rotationMode`
/// for paths.
///
/// `keyTimes`, `tensionValues`, `continuityValues` and `biasValues` are `[NSNumber]?` as on
/// Apple's platforms (Foundation's NSNumber on Linux: write `[0, 0.5, 1]` or
/// `[NSNumber(value: 0.5)]`). Invalid key times are ignored (even spacing), as Apple documents.
///
/// With `rotationMode` set, the layer's presented `transform` gets a rotation about z by the
/// path's tangent angle, applied before the layer's own transform (Apple does not say in which
/// order; INF).
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
    open var rotationMode: CAAnimationRotationMode?

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CAKeyframeAnimation else { return }
        values = o.values
        path = o.path?.copy()
        keyTimes = o.keyTimes
        timingFunctions = o.timingFunctions
        calculationMode = o.calculationMode
        tensionValues = o.tensionValues
        continuityValues = o.continuityValues
        biasValues = o.biasValues
        rotationMode = o.rotationMode
    }
}
