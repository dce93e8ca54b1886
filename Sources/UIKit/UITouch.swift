import Foundation
import QuartzCore
import LaminaKit

/// UIKit's touch: one finger (or the mouse pointer) from touch-down to lift-off, the same
/// object through the sequence (so it can key dictionaries and sets, as in UIKit). It wraps
/// LaminaKit's `Touch`; locations convert through the views' model geometry, as UIKit's do.
open class UITouch: NSObject {
    /// UIKit's touch phases (the ones a touch screen or pointer produces).
    public enum Phase: Int, Sendable {
        /// `began`: the touch went down; `moved`: it moved; `stationary`: it is down and did not move in this event; `ended`: it lifted; `cancelled`: the system cancelled it.
        case began, moved, stationary, ended, cancelled
    }

    /// What produced the touch.
    public enum TouchType: Int, Sendable {
        /// A finger on the screen.
        case direct
        /// A touch not on the screen (remote); also LaminaKit's emulated pinch fingers.
        case indirect
        /// An Apple Pencil (never produced here).
        case pencil
        /// The mouse pointer.
        case indirectPointer
    }

    let touch: Touch

    init(_ touch: Touch) {
        self.touch = touch
        super.init()
    }

    /// Where the touch is now, in `view`'s bounds space (nil: the window's).
    open func location(in view: UIView?) -> CGPoint { touch.location(in: view?.backing) }
    /// Where the touch was at its previous event, in `view`'s bounds space (nil: the window's).
    open func previousLocation(in view: UIView?) -> CGPoint { touch.previousLocation(in: view?.backing) }
    /// The phase of the touch's latest event.
    open var phase: Phase {
        switch touch.phase {
        case .began: return .began
        case .moved: return .moved
        case .stationary: return .stationary
        case .ended: return .ended
        case .cancelled: return .cancelled
        }
    }
    /// Media time (seconds, `CACurrentMediaTime()`'s timebase) of the touch's latest event.
    open var timestamp: TimeInterval { touch.timestamp }
    /// The view the touch went down on (nil when it landed on nothing interactive or on a
    /// view that is not a UIView).
    open var view: UIView? { (touch.view as? UIViewBacking)?.owner }
    /// The window of `view`.
    open var window: UIWindow? { view?.window }
    /// Taps in quick succession at one place ending with this touch: 1 for a single tap, 2
    /// when it went down within 0.35 s and 10 points of the previous touch's lift-off…
    open internal(set) var tapCount: Int = 1
    /// Finger, pointer or emulated finger.
    open var type: TouchType {
        switch touch.kind {
        case .direct: return .direct
        case .pointer: return .indirectPointer
        case .emulated: return .indirect
        }
    }
    /// Pressure: 0, since no Lamina input reports it (as UIKit on devices without 3D Touch).
    open var force: CGFloat { 0 }
    /// The largest `force`: 0 (no pressure input).
    open var maximumPossibleForce: CGFloat { 0 }
    /// The touch's radius in points: a nominal fingertip (UIKit reports ~20 pt on devices).
    open var majorRadius: CGFloat { touch.kind == .direct ? 20 : 1 }
    /// The recognizers that receive this touch, deepest view first.
    open var gestureRecognizers: [UIGestureRecognizer]? {
        touch.gestureRecognizers.compactMap { UIGestureRecognizer.wrapper(of: $0) }
    }
}

/// The UITouch of each LaminaKit touch alive, so one finger is one object through its
/// sequence; entries go when the touch ends. Touches belong to the thread that runs the host
/// (the main thread in an app), like the views: the registry is per thread, so hosts on other
/// threads (tests run several at once) neither share tap counts nor race on one dictionary.
enum TouchRegistry {
    final class State {
        var live: [ObjectIdentifier: UITouch] = [:]
        var lastTap: (time: CFTimeInterval, location: CGPoint, count: Int)?
    }

    private static let threadKey = "org.lamina.UIKit.touches"

    /// This thread's registry.
    static var state: State {
        let dict = Thread.current.threadDictionary
        if let s = dict[threadKey] as? State { return s }
        let s = State()
        dict[threadKey] = s
        return s
    }

    /// The UITouch for `touch`, made at its first sighting.
    static func wrap(_ touch: Touch) -> UITouch {
        let state = self.state
        let id = ObjectIdentifier(touch)
        if let t = state.live[id], t.touch === touch { return t }
        let t = UITouch(touch)
        if let last = state.lastTap, touch.startTimestamp - last.time <= 0.35,
           hypot(touch.startLocationInWindow.x - last.location.x, touch.startLocationInWindow.y - last.location.y) <= 10 {
            t.tapCount = last.count + 1
        }
        state.live[id] = t
        return t
    }

    /// Every touch alive (on this thread).
    static var allTouches: Set<UITouch> { Set(state.live.values) }

    /// Forgets touches that ended (after their last delivery).
    static func retire(_ touches: [Touch]) {
        let state = self.state
        for touch in touches where touch.phase == .ended || touch.phase == .cancelled {
            if let t = state.live.removeValue(forKey: ObjectIdentifier(touch)), touch.phase == .ended {
                state.lastTap = (touch.timestamp, touch.locationInWindow, t.tapCount)
            }
        }
    }
}
