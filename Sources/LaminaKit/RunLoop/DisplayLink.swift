import Foundation
import QuartzCore

/// LaminaKit's name for QuartzCore's `CADisplayLink` (one implementation: the host drives the
/// link through QuartzCore's public `DisplayLinkDriver`). Kept so LaminaKit code written
/// before `CADisplayLink` existed compiles; new code should say `CADisplayLink`.
public typealias DisplayLink = CADisplayLink

extension CADisplayLink {
    /// Target-action spelling of `init(target:selector:)` (LaminaKit's older label).
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> (CADisplayLink) -> Void) {
        self.init(target: target, selector: action)
    }

    /// Starts calling the link from `host`'s next frame (links added to the host itself, not
    /// to a run loop).
    package func add(to host: WindowHost) {
        add(to: host.displayLinkDriver)
    }
}
