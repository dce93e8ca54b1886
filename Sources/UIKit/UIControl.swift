import Foundation
import QuartzCore

/// UIKit's control: a view that turns touches into events (`UIControl.Event`) and sends them
/// to the actions registered for them, with the enabled/selected/highlighted state that
/// controls draw.
///
/// Registering for events — the portable way is a closure:
///
///     control.addAction(UIAction { _ in … }, for: .touchUpInside)   // iOS 14+ and Lamina
///
/// `addTarget(_:action:for:)` compiles with a `Selector` (`Selector("tapped:")`), but Swift on
/// Linux cannot call a selector, so such targets are recorded (`allTargets`,
/// `actions(forTarget:forControlEvent:)`) and never called; the first one registered says so on
/// standard error. `#selector(…)` itself does not compile on Linux.
///
/// Touch tracking, as UIKit's: a touch that goes down on an enabled control is tracked until it
/// lifts or is cancelled. Going down sends `.touchDown` (and `.touchDownRepeat` for a repeated
/// tap) and highlights the control; moving sends `.touchDragInside` or `.touchDragOutside`
/// (with `.touchDragEnter`/`.touchDragExit` when it crosses), keeping the control highlighted
/// only while inside; lifting sends `.touchUpInside` or `.touchUpOutside`; a cancelled touch
/// sends `.touchCancel`. "Inside" is the bounds grown by 70 points on every side, UIKit's
/// touch slop, so a finger that slides a little off a button still presses it. The tracking
/// methods (`beginTracking`, `continueTracking`, `endTracking`, `cancelTracking`) are called
/// along the way for subclasses to override; `beginTracking`/`continueTracking` returning
/// false stop those calls (the events continue). A disabled control tracks nothing and passes
/// its touches up the responder chain; `sendActions(for:)` still sends when called directly.
open class UIControl: UIView {
    /// The distance (points) beyond the bounds within which a tracked touch still counts as
    /// inside: UIKit's touch slop.
    static let touchSlop: CGFloat = 70

    struct ActionEntry {
        var action: UIAction
        var events: Event
    }

    struct TargetEntry {
        weak var object: AnyObject?
        /// The target when it is not a class instance (kept strongly), or nil.
        var value: Any?
        var isNil: Bool
        var selector: Selector
        var events: Event
    }

    var actionEntries: [ActionEntry] = []
    var targetEntries: [TargetEntry] = []
    private var trackedTouch: UITouch?
    private var tracking = false
    private var touchInside = false

    /// A control with `frame` (enabled, not selected, not highlighted).
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Always fails (no nib loading), as `UIView.init?(coder:)`.
    public required init?(coder: NSCoder) { return nil }

    // MARK: State

    /// Whether the control takes touches (default true). Disabling ends any highlight.
    open var isEnabled = true {
        didSet {
            guard oldValue != isEnabled else { return }
            if !isEnabled, isHighlighted { isHighlighted = false }
            stateDidChange()
        }
    }

    /// Whether the control is selected (default false); controls draw it, UIKit never sets it.
    open var isSelected = false {
        didSet { if oldValue != isSelected { stateDidChange() } }
    }

    /// Whether the control is highlighted (default false): set while a tracked touch is inside.
    open var isHighlighted = false {
        didSet { if oldValue != isHighlighted { stateDidChange() } }
    }

    /// The state flags: `.disabled`, `.highlighted`, `.selected` as the properties say.
    open var state: State {
        var s: State = []
        if !isEnabled { s.insert(.disabled) }
        if isHighlighted { s.insert(.highlighted) }
        if isSelected { s.insert(.selected) }
        return s
    }

    /// Where content sits horizontally (default `.center`); the control's subclass applies it.
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center {
        didSet { setNeedsLayout() }
    }

    /// Where content sits vertically (default `.center`); the control's subclass applies it.
    open var contentVerticalAlignment: ContentVerticalAlignment = .center {
        didSet { setNeedsLayout() }
    }

    /// `contentHorizontalAlignment` with leading/trailing resolved (left-to-right layout).
    open var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        switch contentHorizontalAlignment {
        case .leading: return .left
        case .trailing: return .right
        case let a: return a
        }
    }

    /// Whether a touch is being tracked.
    open var isTracking: Bool { tracking }

    /// Whether the tracked touch is inside the control (bounds plus the 70-point slop).
    open var isTouchInside: Bool { touchInside }

    /// Called when `isEnabled`, `isSelected` or `isHighlighted` changes (subclasses redraw).
    func stateDidChange() {}

    // MARK: Tracking (override)

    /// A touch went down on the control. Return false to stop tracking calls for it. Default
    /// true.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// The tracked touch moved. Return false to stop tracking calls for it. Default true.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// The tracked touch lifted (`touch` nil when there is none).
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}

    /// The tracked touch was cancelled.
    open func cancelTracking(with event: UIEvent?) {}

    // MARK: Touches (the tracking machine; see the type's discussion)

    /// Starts tracking the first touch of an enabled control: highlights it, calls `beginTracking(_:with:)` and sends `.touchDown` (and `.touchDownRepeat` for a repeated tap).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled else { return super.touchesBegan(touches, with: event) }
        guard trackedTouch == nil, let touch = touches.first else { return }
        trackedTouch = touch
        touchInside = true
        tracking = beginTracking(touch, with: event)
        isHighlighted = true
        var events: Event = .touchDown
        if touch.tapCount > 1 { events.insert(.touchDownRepeat) }
        sendActions(for: events)
    }

    /// Follows the tracked touch: updates the highlight, calls `continueTracking(_:with:)` and sends the drag events (inside, outside, enter, exit; inside means within the bounds or 70 points of them).
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else {
            if !isEnabled { super.touchesMoved(touches, with: event) }
            return
        }
        let inside = isWithinSlop(touch)
        let wasInside = touchInside
        touchInside = inside
        if tracking { tracking = continueTracking(touch, with: event) }
        isHighlighted = inside && isEnabled
        var events: Event = inside ? .touchDragInside : .touchDragOutside
        if inside != wasInside { events.insert(inside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: events)
    }

    /// Ends the tracked touch: calls `endTracking(_:with:)`, removes the highlight and sends `.touchUpInside` (with the primary action events) or `.touchUpOutside`.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else {
            if !isEnabled { super.touchesEnded(touches, with: event) }
            return
        }
        let inside = isWithinSlop(touch)
        touchInside = inside
        if tracking { endTracking(touch, with: event) }
        tracking = false
        trackedTouch = nil
        isHighlighted = false
        sendActions(for: inside ? Event.touchUpInside.union(primaryActionEvents) : .touchUpOutside)
        touchInside = false
    }

    /// Cancels the tracked touch: calls `cancelTracking(with:)`, removes the highlight and sends `.touchCancel`.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else {
            if !isEnabled { super.touchesCancelled(touches, with: event) }
            return
        }
        if tracking { cancelTracking(with: event) }
        tracking = false
        trackedTouch = nil
        touchInside = false
        isHighlighted = false
        sendActions(for: .touchCancel)
    }

    /// Events sent with `.touchUpInside`: a button adds `.primaryActionTriggered`.
    var primaryActionEvents: Event { [] }

    /// Whether `touch` is within the bounds grown by the touch slop.
    func isWithinSlop(_ touch: UITouch) -> Bool {
        let p = touch.location(in: self)
        guard p.x.isFinite, p.y.isFinite else { return false }
        return bounds.insetBy(dx: -UIControl.touchSlop, dy: -UIControl.touchSlop).contains(p)
    }
}
