import Foundation

/// A damped spring from `fromValue` to `toValue` (Apple's CASpringAnimation, §9.3).
///
/// Progress follows the damped oscillator of the compositor's `SpringParameters` at the
/// animation's local time in seconds; `duration` only cuts it off (set it to
/// `settlingDuration` to see the spring come to rest). The timing function is not applied.
/// Out-of-range parameters are replaced by the defaults when evaluated (mass ≤ 0 → 1,
/// stiffness ≤ 0 → 100, damping < 0 → 10), as Apple logs and resets them.
open class CASpringAnimation: CABasicAnimation {
    /// Default 1.
    open var mass: CGFloat = 1
    /// Spring constant. Default 100.
    open var stiffness: CGFloat = 100
    /// Friction. Default 10.
    open var damping: CGFloat = 10
    /// In progress units per second: positive moves toward `toValue`. Default 0.
    open var initialVelocity: CGFloat = 0
    /// Without it an overdamped spring is evaluated as critically damped. Default false.
    open var allowsOverdamping = false

    /// A spring with Apple's defaults: mass 1, stiffness 100, damping 10, initial velocity 0.
    public required init() { super.init() }

    /// A spring that feels like it takes `perceptualDuration` seconds with the given bounce
    /// (0 critical, > 0 bouncier, < 0 overdamped); sets `duration = settlingDuration` and
    /// allows overdamping (§9.3.4).
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let p = SpringParameters(perceptualDuration: perceptualDuration, bounce: Double(bounce))
        mass = CGFloat(p.mass)
        stiffness = CGFloat(p.stiffness)
        damping = CGFloat(p.damping)
        allowsOverdamping = true
        duration = settlingDuration
    }

    /// The compositor's parameters for the current values.
    package var springParameters: SpringParameters {
        SpringParameters(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                         initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }

    /// Estimated seconds until the spring rests (error below 0.001 of the distance), at this
    /// animation's speed (§9.3.3). Damping 5 with the other defaults gives ≈ 2.85 s.
    open var settlingDuration: CFTimeInterval {
        springParameters.settlingDuration(speed: Double(speed))
    }

    /// 2π√(mass/stiffness) (seconds).
    open var perceptualDuration: CFTimeInterval { springParameters.perceptualDuration }

    /// 0 for a critically damped spring, positive when it bounces, negative when overdamped.
    open var bounce: CGFloat { CGFloat(springParameters.bounce) }

    /// Copies the spring's parameters, after CABasicAnimation's properties.
    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let o = other as? CASpringAnimation else { return }
        mass = o.mass
        stiffness = o.stiffness
        damping = o.damping
        initialVelocity = o.initialVelocity
        allowsOverdamping = o.allowsOverdamping
    }
}
