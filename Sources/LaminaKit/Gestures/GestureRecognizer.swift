import Foundation
import QuartzCore

/// Turns touch sequences into gestures: Lamina's UIGestureRecognizer (our name).
///
/// States (UIKit's): a *discrete* recognizer (tap) goes `possible → ended` ("recognized") or
/// `possible → failed`; a *continuous* one (pinch, pan, long press) goes `possible → began →
/// changed… → ended | cancelled`, or `possible → failed`. Actions run at began, changed, ended
/// and cancelled. Once terminal (ended, cancelled, failed) the recognizer returns to
/// `possible` when none of its touches is down any more (`reset()`).
///
/// Simultaneity, kept simple (the rules the `TouchRouter` applies):
///  1. A recognizer receives every touch that went down on its view or a descendant, while it
///     is enabled and its view takes user interaction; recognizers deeper in the tree first.
///  2. Discrete recognitions do not exclude each other: a one-finger tap and a two-finger tap
///     on one view both run, each failing by itself when the touch count is wrong.
///  3. When a continuous recognizer begins, every other recognizer sharing one of its touches
///     that is still `possible` fails — unless either one's `shouldRecognizeSimultaneously`
///     answers true for the pair.
///  4. `require(toFail:)`: a discrete recognizer that would recognise waits while the other is
///     `possible`, recognises when it fails and fails when it recognises (single tap vs
///     double tap); a continuous one does not begin while the other is `possible`.
///  5. When a recognizer recognises (discrete ended, continuous began) and
///     `cancelsTouchesInView`, the views get `touchesCancelled` for its touches and no further
///     callbacks for them.
public class GestureRecognizer {
    /// UIKit's gesture states (UIGestureRecognizer.State).
    public enum State: Sendable, Equatable {
        /// UIKit's states: `possible` before recognition (the initial state); `began`, `changed`, `ended` for a continuous gesture (`ended` is also a discrete gesture's `recognized`); `cancelled` when interrupted; `failed` when the touches are not this gesture.
        case possible, began, changed, ended, cancelled, failed
        /// A discrete recognizer's success state, as in UIKit.
        public static let recognized = State.ended

        var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }
        var isActive: Bool { self == .began || self == .changed }
    }

    /// Where the recognizer is in its gesture (see the type's documentation); read it in the
    /// handler to tell began, changed, ended and cancelled apart.
    public private(set) var state: State = .possible
    /// The view it is attached to (`View.addGestureRecognizer`); touches on it and its
    /// subviews reach the recognizer.
    public internal(set) weak var view: View?
    /// A disabled recognizer gets no new touches; disabling an active one cancels it and a
    /// possible one fails (it ignores the rest of its touches and resets when they lift).
    public var isEnabled = true {
        didSet { if !isEnabled { abandon() } }
    }
    /// When true (the default), recognising cancels the touches in the view: the view gets
    /// `touchesCancelled` and no further touch callbacks for them (rule 5).
    public var cancelsTouchesInView = true
    /// Asked for each pair sharing a touch when one of them begins (rule 3).
    public var shouldRecognizeSimultaneously: ((GestureRecognizer, GestureRecognizer) -> Bool)?
    /// Asked when the recognizer is about to leave `possible` by recognising (a discrete
    /// recognition or a continuous begin): false fails it instead (UIKit's delegate
    /// `gestureRecognizerShouldBegin(_:)`).
    public var shouldBegin: ((GestureRecognizer) -> Bool)?
    /// Asked at touch-down for each touch the recognizer would receive: false keeps the
    /// touch from it (UIKit's delegate `gestureRecognizer(_:shouldReceive:)`).
    public var shouldReceive: ((GestureRecognizer, Touch) -> Bool)?
    /// A name for debugging.
    public var name: String?

    /// The touches this recognizer follows now (down, not ended), in the order they came.
    public internal(set) var trackedTouches: [Touch] = []
    private var actions: [(GestureRecognizer) -> Void] = []
    private var failureRequirements: [WeakRecognizer] = []
    /// A discrete recognition waiting for `failureRequirements` to fail (rule 4).
    private(set) var isRecognitionPending = false
    /// Set when the recognizer began or recognised since the router last looked (rules 3, 5).
    var didJustRecognize = false

    /// Whether this recognizer reports began/changed (continuous) rather than one recognition.
    public var isContinuous: Bool { false }

    /// Whether the router must keep calling `update(at:)` while no touch is down (a tap
    /// waiting for its next tap).
    var needsTimeUpdates: Bool { false }

    /// A recognizer calling `handler` at each state change that reports (began, changed,
    /// ended, cancelled).
    public init(handler: ((GestureRecognizer) -> Void)? = nil) {
        if let handler { actions.append(handler) }
    }

    /// Adds a closure action.
    public func addAction(_ handler: @escaping (GestureRecognizer) -> Void) {
        actions.append(handler)
    }

    /// Target-action: `tap.addTarget(self, action: Controller.fold)` calls `self.fold(tap)`.
    /// The target is held weakly; the action is skipped once it is gone.
    public func addTarget<Target: AnyObject, Recognizer: GestureRecognizer>(
        _ target: Target, action: @escaping (Target) -> (Recognizer) -> Void
    ) {
        actions.append { [weak target] recognizer in
            guard let target, let typed = recognizer as? Recognizer else { return }
            action(target)(typed)
        }
    }

    /// Rule 4: do not recognise until `other` has failed.
    public func require(toFail other: GestureRecognizer) {
        guard other !== self else { return }
        failureRequirements.append(WeakRecognizer(other))
    }

    /// Fingers the recognizer follows now.
    public var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the tracked touches in `view`'s space (nil: window points); the last
    /// known centroid when none is down.
    public func location(in view: View?) -> CGPoint {
        let p = centroidInWindow ?? lastCentroidInWindow
        guard let view else { return p }
        return view.convert(p, from: nil)
    }

    /// Touch `index`'s location in `view`'s space; the centroid when out of range.
    public func location(ofTouch index: Int, in view: View?) -> CGPoint {
        guard trackedTouches.indices.contains(index) else { return location(in: view) }
        return trackedTouches[index].location(in: view)
    }

    private var lastCentroidInWindow = CGPoint.zero

    /// Keeps the centroid of the current touches for `location(in:)` after they lift.
    func rememberCentroid() { _ = centroidInWindow }

    /// The mean location of the tracked touches in window points (nil when none).
    var centroidInWindow: CGPoint? {
        guard !trackedTouches.isEmpty else { return nil }
        var x: CGFloat = 0, y: CGFloat = 0
        for t in trackedTouches { x += t.locationInWindow.x; y += t.locationInWindow.y }
        let n = CGFloat(trackedTouches.count)
        let c = CGPoint(x: x / n, y: y / n)
        lastCentroidInWindow = c
        return c
    }

    // MARK: Hooks for subclasses (touches arrive already added to / removed from
    // `trackedTouches` by the router; `time` is the event's media time)

    func touchesBegan(_ touches: [Touch], at time: CFTimeInterval) {}
    func touchesMoved(_ touches: [Touch], at time: CFTimeInterval) {}
    func touchesEnded(_ touches: [Touch], at time: CFTimeInterval) {}
    func touchesCancelled(_ touches: [Touch], at time: CFTimeInterval) {
        if state.isActive { transition(to: .cancelled) } else if state == .possible { transition(to: .failed) }
    }
    /// Called every turn while the recognizer is in use, for time-driven transitions.
    func update(at time: CFTimeInterval) {}
    /// Clears per-gesture state; subclasses call super.
    func reset() {
        state = .possible
        isRecognitionPending = false
        didJustRecognize = false
    }

    // MARK: Transitions

    /// Moves to `new`, applying the failure requirements (rule 4), and runs the actions.
    func transition(to new: State) {
        guard new != state || new == .changed else { return }
        guard !state.isTerminal else { return }
        let recognizing = new == .began || (new == .ended && state == .possible)
        if recognizing {
            let others = failureRequirements.compactMap(\.recognizer)
            if others.contains(where: { $0.state != .failed && $0.state != .possible }) {
                state = .failed
                return
            }
            if others.contains(where: { $0.state == .possible }) {
                if !isContinuous { isRecognitionPending = true }
                return
            }
            if let shouldBegin, !shouldBegin(self) {
                isRecognitionPending = false
                state = .failed
                return
            }
            didJustRecognize = true
        }
        state = new
        if new != .failed { sendActions() }
    }

    /// Resolves a pending recognition once the requirements settled. Returns true when the
    /// state changed.
    func resolvePending() -> Bool {
        guard isRecognitionPending, state == .possible else { return false }
        let others = failureRequirements.compactMap(\.recognizer)
        if others.contains(where: { $0.state != .failed && $0.state != .possible }) {
            isRecognitionPending = false
            state = .failed
            return true
        }
        guard others.allSatisfy({ $0.state == .failed }) else { return false }
        isRecognitionPending = false
        if let shouldBegin, !shouldBegin(self) {
            state = .failed
            return true
        }
        didJustRecognize = true
        state = .ended
        sendActions()
        return true
    }

    /// Stops following the current gesture: cancelled when active, failed when possible.
    func abandon() {
        if state.isActive { transition(to: .cancelled) } else { failIfPossible() }
    }

    /// Fails the recognizer (rule 3) if it is still possible.
    func failIfPossible() {
        if state == .possible {
            isRecognitionPending = false
            state = .failed
        }
    }

    private func sendActions() {
        for action in actions { action(self) }
    }

    private struct WeakRecognizer {
        weak var recognizer: GestureRecognizer?
        init(_ r: GestureRecognizer) { recognizer = r }
    }
}
