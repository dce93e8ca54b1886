import Foundation
import QuartzCore
import LaminaKit

/// UIKit's gesture recognizer, over LaminaKit's recognizers (which hold the state machine and
/// the simultaneity rules, documented on LaminaKit's `GestureRecognizer`): a `UIGestureRecognizer`
/// owns one LaminaKit recognizer of the matching kind (its `base`) and gives it UIKit's names
/// and types.
///
/// Actions: Swift on Linux has no `#selector` and no Objective-C messaging, so the portable
/// spelling of target-action is a closure — `UITapGestureRecognizer { tap in … }` or
/// `recognizer.addTarget { tap in … }` — which compiles on iOS too when the app adds the same
/// two small extensions there. `init(target:action:)` and `addTarget(_:action:)` with a
/// `Selector` compile (for `nil` actions and string selectors) but cannot call the method:
/// such actions are ignored, with a message on standard error the first time.
///
/// Actions run at every state change that reports: recognition of a discrete gesture
/// (`.ended`, alias `.recognized`), and `.began`, `.changed`, `.ended`, `.cancelled` of a
/// continuous one. Custom recognizers (subclasses overriding `touchesBegan(_:with:)` and
/// setting `state`) are not supported.
open class UIGestureRecognizer: NSObject {
    /// UIKit's states (raw values as in UIKit).
    public enum State: Int, Sendable {
        /// `possible`: not recognized yet (the initial state); `began`, `changed`, `ended`: a continuous gesture started, changed and ended (`ended` is also a discrete gesture's `recognized`); `cancelled`: interrupted; `failed`: the touches are not this gesture.
        case possible, began, changed, ended, cancelled, failed
        /// A discrete recognizer's success state: `.ended`.
        public static let recognized = State.ended
    }

    /// The LaminaKit recognizer doing the work.
    let base: GestureRecognizer
    private var actions: [(UIGestureRecognizer) -> Void] = []

    /// The LaminaKit recognizer made for each recognizer of this class.
    class func makeBase() -> GestureRecognizer { GestureRecognizer() }

    /// A recognizer with a target-action pair. The action cannot be called on Linux (see the
    /// type's documentation); pass `nil` and add a closure with `addTarget(_:)` instead.
    public required init(target: Any?, action: Selector?) {
        base = Self.makeBase()
        super.init()
        Self.register(self)
        base.addAction { [weak self] _ in self?.sendActions() }
        base.shouldBegin = { [weak self] _ in
            guard let self else { return true }
            if let view = self.view, !view.gestureRecognizerShouldBegin(self) { return false }
            return self.delegate?.gestureRecognizerShouldBegin(self) ?? true
        }
        base.shouldReceive = { [weak self] _, touch in
            guard let self, let delegate = self.delegate else { return true }
            return delegate.gestureRecognizer(self, shouldReceive: TouchRegistry.wrap(touch))
        }
        base.shouldRecognizeSimultaneously = { [weak self] _, other in
            guard let self, let delegate = self.delegate, let other = UIGestureRecognizer.wrapper(of: other) else { return false }
            return delegate.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other)
        }
        if let target, let action { addTarget(target, action: action) }
    }

    /// A recognizer with no action yet.
    public convenience override init() {
        self.init(target: nil, action: nil)
    }

    /// A recognizer calling `handler` with itself at each state change that reports (the
    /// portable spelling of `init(target:action:)`).
    public convenience init(handler: @escaping (Self) -> Void) {
        self.init(target: nil, action: nil)
        addTarget(handler)
    }

    /// Adds a closure action, called with the recognizer.
    public func addTarget(_ handler: @escaping (Self) -> Void) {
        actions.append { recognizer in
            if let typed = recognizer as? Self { handler(typed) }
        }
    }

    /// Target-action with a selector: cannot be called on Linux; ignored with a message (see
    /// the type's documentation).
    open func addTarget(_ target: Any, action: Selector) {
        Selector.reportUnsupported(action, in: "\(type(of: self)).addTarget(_:action:)")
    }

    /// Removes actions: `removeTarget(nil, action: nil)` removes every action (closures
    /// included); other combinations name selector actions, which are never stored.
    open func removeTarget(_ target: Any?, action: Selector?) {
        if target == nil, action == nil { actions.removeAll() }
    }

    private func sendActions() {
        for action in actions { action(self) }
    }

    // MARK: State

    /// Where the recognizer is in its gesture.
    open var state: State {
        switch base.state {
        case .possible: return .possible
        case .began: return .began
        case .changed: return .changed
        case .ended: return .ended
        case .cancelled: return .cancelled
        case .failed: return .failed
        }
    }

    /// A disabled recognizer gets no new touches; disabling an active one cancels it.
    open var isEnabled: Bool {
        get { base.isEnabled }
        set { base.isEnabled = newValue }
    }

    /// The view it is attached to.
    open var view: UIView? { (base.view as? UIViewBacking)?.owner }

    /// When true (the default), recognising cancels the view's touches (`touchesCancelled`).
    open var cancelsTouchesInView: Bool {
        get { base.cancelsTouchesInView }
        set { base.cancelsTouchesInView = newValue }
    }

    /// Stored only: Lamina delivers touches to views without delay.
    open var delaysTouchesBegan = false
    /// Stored only.
    open var delaysTouchesEnded = true
    /// Stored only (every recognizer receives touches from every input kind).
    open var requiresExclusiveTouchType = true

    /// A name for debugging.
    open var name: String? {
        get { base.name }
        set { base.name = newValue }
    }

    /// Asked about beginning, simultaneity and touches (held weakly).
    open weak var delegate: UIGestureRecognizerDelegate?

    /// Do not recognise until `otherGestureRecognizer` has failed (single tap vs double tap).
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        base.require(toFail: otherGestureRecognizer.base)
    }

    // MARK: Location

    /// The centroid of the gesture's touches in `view`'s bounds space (nil: the window's).
    open func location(in view: UIView?) -> CGPoint { base.location(in: view?.backing) }

    /// Touch `touchIndex`'s location in `view`'s space (the centroid when out of range).
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        base.location(ofTouch: touchIndex, in: view?.backing)
    }

    /// Fingers the recognizer follows now.
    open var numberOfTouches: Int { base.numberOfTouches }

    // MARK: Wrappers of LaminaKit recognizers

    private struct WeakRecognizer { weak var recognizer: UIGestureRecognizer? }
    /// LaminaKit recognizer → its UIGestureRecognizer. Recognizers are made on any thread
    /// (tests make hosts on several), so the map is behind a lock: an unguarded dictionary
    /// mutated from two threads corrupted the heap under the parallel test run.
    private static let wrappers = WrapperTable()

    private final class WrapperTable: @unchecked Sendable {
        private let lock = NSLock()
        private var table: [ObjectIdentifier: WeakRecognizer] = [:]

        func set(_ r: UIGestureRecognizer) {
            lock.withLock {
                if table.count > 64 { table = table.filter { $0.value.recognizer != nil } }
                table[ObjectIdentifier(r.base)] = WeakRecognizer(recognizer: r)
            }
        }

        func get(_ base: GestureRecognizer) -> UIGestureRecognizer? {
            lock.withLock { table[ObjectIdentifier(base)]?.recognizer }
        }
    }

    private static func register(_ r: UIGestureRecognizer) { wrappers.set(r) }

    /// The UIGestureRecognizer owning `base` (nil for LaminaKit recognizers used directly).
    static func wrapper(of base: GestureRecognizer) -> UIGestureRecognizer? {
        guard let r = wrappers.get(base), r.base === base else { return nil }
        return r
    }
}

/// UIKit's gesture recognizer delegate. Every method is optional (default implementations).
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer is about to recognise (discrete) or begin (continuous):
    /// false fails it. Default true.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Asked when one of two recognizers sharing a touch begins: true lets both proceed.
    /// Default false.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Asked at touch-down for each new touch: false keeps it from the recognizer. Default true.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
}

extension UIGestureRecognizerDelegate {
    /// The default: true, the recognizer may begin.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// The default: false, only one of the two recognizers proceeds.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// The default: true, the recognizer receives every touch.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
}
