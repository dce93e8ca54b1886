import Foundation
import QuartzCore

/// UIKit's event: the touches of one moment. Lamina delivers touch events only (`.touches`).
open class UIEvent: NSObject {
    /// Kinds of event.
    public enum EventType: Int, Sendable {
        /// The kinds of UIKit events (touches, motion, remote control, presses, scroll, hover and transform); Lamina produces only `touches`.
        case touches, motion, remoteControl, presses, scroll = 10, hover, transform
    }

    /// Touches events only.
    open var type: EventType { .touches }
    /// No subtypes for touch events.
    open var subtype: Int { 0 }
    /// Media time (seconds) of the event.
    public let timestamp: TimeInterval
    private let touches: Set<UITouch>

    init(timestamp: TimeInterval, touches: Set<UITouch>) {
        self.timestamp = timestamp
        self.touches = touches
        super.init()
    }

    /// Every touch down at the time of the event (and those of this event that just ended).
    open var allTouches: Set<UITouch>? { touches }

    /// The touches that went down on `view`.
    open func touches(for view: UIView) -> Set<UITouch>? { touches.filter { $0.view === view } }

    /// The touches that go to `window`.
    open func touches(for window: UIWindow) -> Set<UITouch>? { touches.filter { $0.window === window } }

    /// The touches `gesture` receives.
    open func touches(for gesture: UIGestureRecognizer) -> Set<UITouch>? {
        touches.filter { $0.touch.gestureRecognizers.contains { $0 === gesture.base } }
    }
}
