import Foundation

/// Receives an animation's start and stop (Apple's CAAnimationDelegate; both optional).
///
/// Called on the thread that drives frames (the one calling `AnimationClock.tick`), in media
/// time order: `animationDidStart` when the active interval begins, `animationDidStop(finished:
/// true)` at the first frame past its end, `finished: false` when it is removed earlier.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation's active duration began.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation stopped: `flag` is true when it reached its end, false when removed.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing: a delegate need not implement it (Apple's method is optional).
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing: a delegate need not implement it (Apple's method is optional).
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Apple's CAAnimation: the abstract animation (reference §9).
///
/// The classes hold Apple's properties as given. When a layer attaches a copy
/// (`add(_:forKey:)`), the copy is compiled once into the compositor's `AnimationSpec`
/// (values converted to `AnimatableValue`, key path parsed, keyframes validated) and kept in
/// its `runtime`; presentation and the animation clock only read that.
///
/// Copying (`copy()`): `add(_:forKey:)` attaches a copy made with `required init()` followed by
/// `copyProperties(from:)`; subclasses with extra stored properties override
/// `copyProperties(from:)` (the Swift form of implementing NSCopying).
///
/// Key-value coding: `setValue(_:forKey:)` stores any value under any key (as Apple's
/// CAAnimation does for undefined keys), copied with the animation — the usual way to tell
/// animations apart in a delegate, since the delegate receives the attached copy (§9.5.2).
open class CAAnimation: NSObject, CAMediaTiming, CAAction, NSCopying {
    /// Pacing of the animation; nil means linear (§5.1.4).
    open var timingFunction: CAMediaTimingFunction?
    /// Retained strongly, as on Apple's platforms (§9.5.2).
    open var delegate: CAAnimationDelegate?
    /// Removed from the layer when its active duration ends. Default true.
    open var isRemovedOnCompletion = true
    /// The frame rate the animation would like (iOS 15). Lamina renders every display frame,
    /// so it is kept and copied but does not change the frame rate.
    open var preferredFrameRateRange: CAFrameRateRange = .default

    /// The CAMediaTiming values below, stored once (MediaTimingValues.swift).
    package var timing = MediaTimingValues()
    /// CAMediaTiming: start in the parent's time space (seconds); 0 on an animation added to a
    /// layer means "when the transaction commits".
    open var beginTime: CFTimeInterval {
        get { timing.beginTime }
        set { timing.beginTime = newValue; runtime?.setBeginTime(newValue) }
    }
    /// CAMediaTiming: basic duration (seconds); ≤ 0 takes the transaction's duration when added.
    open var duration: CFTimeInterval { get { timing.duration } set { timing.duration = newValue } }
    /// CAMediaTiming: the rate of local time relative to the parent's (1, the default, is real time; 0 pauses; negative runs backwards).
    open var speed: Float { get { timing.speed } set { timing.speed = newValue } }
    /// CAMediaTiming: seconds added to local time, so the animation starts part-way through.
    open var timeOffset: CFTimeInterval { get { timing.timeOffset } set { timing.timeOffset = newValue } }
    /// CAMediaTiming: how many times the animation plays (fractions allowed; `.infinity` for ever; 0, the default, plays once).
    open var repeatCount: Float { get { timing.repeatCount } set { timing.repeatCount = newValue } }
    /// CAMediaTiming: seconds to keep repeating (0, the default, means no time limit from this property).
    open var repeatDuration: CFTimeInterval { get { timing.repeatDuration } set { timing.repeatDuration = newValue } }
    /// CAMediaTiming: whether each forward pass is followed by a backward one (doubling the active duration).
    open var autoreverses: Bool { get { timing.autoreverses } set { timing.autoreverses = newValue } }
    /// CAMediaTiming: what the animation shows before its begin time and after its end (default `.removed`: nothing).
    open var fillMode: CAMediaTimingFillMode { get { timing.fillMode } set { timing.fillMode = newValue } }

    /// Values stored with `setValue(_:forKey:)`.
    package var keyedValues: [String: Any] = [:]
    /// Set on attached copies only: the compiled form and the clock's bookkeeping.
    package final var runtime: AnimationRuntime?

    /// An animation with Apple's defaults (duration 0, which takes the transaction's duration when added).
    public required override init() { super.init() }

    /// Apple's `+animation` factory.
    open class func animation() -> Self { self.init() }

    /// Apple's default for a property key (nil for zero defaults and unknown keys).
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "speed": return Float(1)
        case "removedOnCompletion": return true
        case "fillMode": return CAMediaTimingFillMode.removed
        default: return nil
        }
    }

    /// Whether the value for `key` is archived. Always true here.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// A value stored with `setValue(_:forKey:)`, else the class default.
    open func value(forKey key: String) -> Any? {
        keyedValues[key] ?? type(of: self).defaultValue(forKey: key)
    }

    /// Stores `value` under `key` (nil removes it). Kept by copies.
    open func setValue(_ value: Any?, forKey key: String) {
        keyedValues[key] = value
    }

    /// NSCopying: a new instance of the same class made with `init()` and `copyProperties(from:)`.
    open func copy(with zone: NSZone? = nil) -> Any {
        let c = type(of: self).init()
        c.copyProperties(from: self)
        return c
    }

    /// Copies every property of `other` into the receiver; subclasses call super.
    open func copyProperties(from other: CAAnimation) {
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
        preferredFrameRateRange = other.preferredFrameRateRange
        timing = other.timing
        runtime?.setBeginTime(timing.beginTime)
        keyedValues = other.keyedValues
    }

    /// As an action: adds a copy of the animation to the layer under `event`.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    /// The compositor's timing node for this animation's CAMediaTiming values (duration as
    /// given; ≤ 0 resolves to `defaultDuration` at evaluation).
    package var mediaTiming: MediaTiming { timing.mediaTiming }
}

/// An animation of one layer property, named by key path (Apple's CAPropertyAnimation).
open class CAPropertyAnimation: CAAnimation {
    /// The animated property, e.g. "position", or a sub-path: "position.x", "bounds.size",
    /// "shadowOffset.height", "transform.rotation.z", "transform.scale" (reference §9.1.6).
    open var keyPath: String?
    /// The animated value is added to the underlying value (§9.1.3).
    open var isAdditive = false
    /// Repeats accumulate the previous passes' end values (§9.1.4).
    open var isCumulative = false
    /// Turns a scalar into a transform (rotateZ, scale…) for transform key paths (§9.1.5).
    open var valueFunction: CAValueFunction?

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    /// Copies the key path, additive and cumulative flags and value function, after CAAnimation's properties.
    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CAPropertyAnimation else { return }
        keyPath = o.keyPath
        isAdditive = o.isAdditive
        isCumulative = o.isCumulative
        valueFunction = o.valueFunction
    }
}
