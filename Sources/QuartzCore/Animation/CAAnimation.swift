import Foundation

/// Receives an animation's start and stop (Apple's CAAnimationDelegate; both optional).
public protocol CAAnimationDelegate: AnyObject {
    /// The animation's active duration began.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation stopped: `flag` is true when it reached its end, false when removed.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}


extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Apple's CAAnimation: the abstract animation, as data (reference §9).
///
/// Lamina's animation classes hold their properties; evaluating them at a time t is the
/// compositor's timing code. As an action (`CAAction`) an animation adds a copy of itself to
/// the layer under the event key (§5.2.6).
///
/// Copying (`copy()`): `add(_:forKey:)` attaches a copy made with `required init()` followed by
/// `copyProperties(from:)`; subclasses with extra stored properties override
/// `copyProperties(from:)` (the Swift form of implementing NSCopying).
open class CAAnimation: NSObject, CAMediaTiming, CAAction, NSCopying {
    /// Pacing of the animation; nil means linear (§5.1.4).
    open var timingFunction: CAMediaTimingFunction?
    /// Retained strongly, as on Apple's platforms (§9.5.2).
    open var delegate: CAAnimationDelegate?
    /// Removed from the layer when its active duration ends. Default true.
    open var isRemovedOnCompletion = true

    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed

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
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
    }

    /// As an action: adds a copy of the animation to the layer under `event`.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

/// An animation of one layer property, named by key path (Apple's CAPropertyAnimation).
open class CAPropertyAnimation: CAAnimation {
    /// The animated property, e.g. "position" or "transform.rotation.z".
    open var keyPath: String?
    /// The animated value is added to the model value (§9.1).
    open var isAdditive = false
    /// Repeats accumulate the previous passes' end values.
    open var isCumulative = false
    /// Turns a scalar into a transform (rotateZ, scale…) for transform key paths.
    open var valueFunction: CAValueFunction?

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CAPropertyAnimation else { return }
        keyPath = o.keyPath
        isAdditive = o.isAdditive
        isCumulative = o.isCumulative
        valueFunction = o.valueFunction
    }
}

/// Interpolation between two values (Apple's CABasicAnimation, §9.1): any combination of
/// `fromValue`, `toValue`, `byValue`; nil ends use the layer's values.
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CABasicAnimation else { return }
        fromValue = o.fromValue
        toValue = o.toValue
        byValue = o.byValue
    }

    open override var description: String {
        "<CABasicAnimation keyPath=\(keyPath ?? "nil") duration=\(duration)>"
    }
}

/// A transition between two states of a layer (Apple's CATransition, §10), as data. Always
/// stored under the key "transition" when added.
open class CATransition: CAAnimation {
    /// Default `fade`.
    open var type: CATransitionType = .fade
    /// The direction for push, moveIn and reveal; nil for fade.
    open var subtype: CATransitionSubtype?
    /// Where in the transition to start and end, 0…1.
    open var startProgress: Float = 0
    open var endProgress: Float = 1
    /// A filter object for custom transitions (not rendered by Lamina).
    open var filter: Any?

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CATransition else { return }
        type = o.type
        subtype = o.subtype
        startProgress = o.startProgress
        endProgress = o.endProgress
        filter = o.filter
    }
}

/// Builds a transform from scalar values for transform key-path animations (Apple's
/// CAValueFunction), as data: the name says what it builds.
open class CAValueFunction: NSObject {
    public let name: CAValueFunctionName

    /// nil for names Apple does not define.
    public init?(name: CAValueFunctionName) {
        let known: Set<String> = ["rotateX", "rotateY", "rotateZ", "scale", "scaleX", "scaleY", "scaleZ",
                                  "translate", "translateX", "translateY", "translateZ"]
        guard known.contains(name.rawValue) else { return nil }
        self.name = name
        super.init()
    }
}
