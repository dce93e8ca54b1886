import Foundation
import QuartzCore

/// One finger (or the mouse pointer, or an emulated finger) from touch-down to lift-off:
/// Lamina's UITouch. The same object is updated through the sequence.
///
/// Locations are kept in window points (the root view's space); `location(in:)` converts them
/// through the view's model geometry, as UIKit does. Timestamps are media time in seconds.
public final class Touch {
    /// Where the touch comes from.
    public enum Kind: Sendable {
        /// A finger on a touch device.
        case direct
        /// The mouse or pen, as a single touch.
        case pointer
        /// One of the two fingers of a desktop pinch emulation (Alt-drag or Ctrl-wheel).
        case emulated
    }

    /// Unique among the touches alive at once.
    public let identifier: Int64
    /// Finger, pointer or emulated finger.
    public let kind: Kind
    /// The phase of the latest event of this touch.
    public internal(set) var phase: TouchPhase
    /// Media time (seconds) of the latest event of this touch.
    public internal(set) var timestamp: CFTimeInterval
    /// Current location in window points.
    public internal(set) var locationInWindow: CGPoint
    /// Location at the previous event of this touch, in window points.
    public internal(set) var previousLocationInWindow: CGPoint
    /// Where and when the touch went down.
    public let startLocationInWindow: CGPoint
    /// Media time (seconds) of the touch-down.
    public let startTimestamp: CFTimeInterval
    /// The view hit at touch-down (nil when it landed on nothing interactive).
    public internal(set) weak var view: View?
    /// The recognizers that receive this touch: those of `view` and its ancestors at
    /// touch-down, deepest first.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    /// False once a recognizer that cancels touches in view recognised, or when the view
    /// does not take multiple touches and already had one: the view's touch callbacks skip it.
    var deliversToView = true

    init(identifier: Int64, kind: Kind, location: CGPoint, timestamp: CFTimeInterval) {
        self.identifier = identifier
        self.kind = kind
        phase = .began
        self.timestamp = timestamp
        locationInWindow = location
        previousLocationInWindow = location
        startLocationInWindow = location
        startTimestamp = timestamp
    }

    /// The current location in `view`'s bounds space (nil: window points).
    public func location(in view: View?) -> CGPoint {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    /// The previous location in `view`'s bounds space (nil: window points).
    public func previousLocation(in view: View?) -> CGPoint {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }

    /// Moves the touch; a NaN location keeps the old one.
    func move(to location: CGPoint, phase: TouchPhase, at time: CFTimeInterval) {
        previousLocationInWindow = locationInWindow
        if !location.x.isNaN, !location.y.isNaN { locationInWindow = location }
        self.phase = phase
        if time.isFinite { timestamp = time }
    }
}

extension CGPoint {
    /// Euclidean distance in points.
    func distance(to other: CGPoint) -> CGFloat {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
