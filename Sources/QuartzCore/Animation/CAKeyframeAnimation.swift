import Foundation

/// How keyframe values are interpolated (Apple's `CAAnimationCalculationMode`, §9.2.4).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Straight interpolation between consecutive values at their key times (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// No interpolation: each value holds until the next key time.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Constant speed across the values; key times and timing functions are ignored.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A smooth Kochanek–Bartels spline through the values, honouring key times.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// The spline of `cubic` at constant speed; key times and timing functions are ignored.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether a layer moving along a keyframe path turns with it (Apple's
/// `CAAnimationRotationMode`, §9.2.6).
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    /// The constant's string, as Apple's SDK defines it (what archives and KVC store).
    public let rawValue: String
    /// A value wrapping the given string; the named constants are the strings Core Animation understands.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A value with the given raw string (the unlabelled form the SDK imports).
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
    /// One value per keyframe, of the animated property's type (numbers, `CGPoint`, `CGColor`,
    /// `CATransform3D`…). Nil by default. The animation does not start from the layer's current
    /// value by itself: make it the first value when the motion should continue from it.
    open var values: [Any]?
    /// A path for point properties (`position`, `anchorPoint`…), which wins over `values`: each
    /// of its points other than move-to points is a keyframe. Nil by default; copied on
    /// assignment. Use `calculationMode` `.paced` for constant speed along the path.
    open var path: CGPath?
    /// When each keyframe is reached, as fractions of the duration in [0, 1], one per value,
    /// each no less than the previous; nil (the default) spaces the keyframes evenly. For
    /// `.linear` and `.cubic` the first must be 0 and the last 1; `.discrete` needs one more key
    /// time than values; the paced modes ignore them. Invalid key times are ignored.
    open var keyTimes: [NSNumber]?
    /// One timing function per segment (n − 1 for n keyframes), applied within the segment after
    /// the animation's own `timingFunction`, if any, has eased the overall time. Nil: linear
    /// segments. Ignored by the paced modes.
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed; `.linear` by default.
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Kochanek–Bartels tension of the cubic modes, one per keyframe in [−1, 1] (missing entries
    /// 0): positive tightens the curve at the keyframe, negative rounds it. Nil: all 0.
    open var tensionValues: [NSNumber]?
    /// Kochanek–Bartels continuity of the cubic modes, one per keyframe in [−1, 1] (missing
    /// entries 0): positive gives sharper corners, negative inverted ones. Nil: all 0.
    open var continuityValues: [NSNumber]?
    /// Kochanek–Bartels bias of the cubic modes, one per keyframe in [−1, 1] (missing entries 0):
    /// positive moves the curve before the keyframe, negative after it. Nil: all 0 (with zero
    /// tension and continuity, a Catmull-Rom spline).
    open var biasValues: [NSNumber]?
    /// Whether a layer moving along `path` turns to follow its tangent; nil (the default) keeps
    /// its orientation. Has no effect without a path.
    open var rotationMode: CAAnimationRotationMode?

    /// Copies the keyframe properties (values, path, key times, timing functions, modes), after CAPropertyAnimation's.
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
