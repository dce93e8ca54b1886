/// The hierarchical timing model shared by layers and animations (§7), Apple's protocol.
///
/// Each adopter maps its parent's time to its own local time:
/// `t_local = (t_parent − beginTime) · speed + timeOffset` (stage 1), then repetition and
/// autoreversing (stage 2, evaluated by the compositor's timing code). All times are seconds.
public protocol CAMediaTiming {
    /// Start in the parent's time space (seconds).
    var beginTime: CFTimeInterval { get set }
    /// Basic duration of one forward pass (seconds).
    var duration: CFTimeInterval { get set }
    /// Rate relative to the parent's time.
    var speed: Float { get set }
    /// Offset added in active local time (seconds).
    var timeOffset: CFTimeInterval { get set }
    /// Number of repetitions, may be fractional; 0 means one pass.
    var repeatCount: Float { get set }
    /// Total time to keep repeating (seconds).
    var repeatDuration: CFTimeInterval { get set }
    /// Play backwards after each forward pass.
    var autoreverses: Bool { get set }
    /// What shows outside the active interval.
    var fillMode: CAMediaTimingFillMode { get set }
}
