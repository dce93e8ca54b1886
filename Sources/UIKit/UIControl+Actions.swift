import Foundation

// Target-action for controls: closures (`UIAction`, the portable spelling) and selectors
// (recorded, never called on Linux). See UIControl's discussion.

extension UIControl {
    // MARK: Actions (closures)

    /// Runs `action` for each of `controlEvents`. Actions are told apart by identifier: adding
    /// one whose identifier the control already has replaces that action and adds the events
    /// to its events. The portable spelling of target-action (iOS 14+ and Lamina).
    public func addAction(_ action: UIAction, for controlEvents: Event) {
        if let i = actionEntries.firstIndex(where: { $0.action.identifier == action.identifier }) {
            actionEntries[i].action = action
            actionEntries[i].events.formUnion(controlEvents)
        } else {
            actionEntries.append(ActionEntry(action: action, events: controlEvents))
        }
    }

    /// Stops running the action with `action`'s identifier for `controlEvents`.
    public func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Stops running the action with `actionIdentifier` for `controlEvents`.
    public func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        for i in actionEntries.indices where actionEntries[i].action.identifier == actionIdentifier {
            actionEntries[i].events.subtract(controlEvents)
        }
        actionEntries.removeAll { $0.events.isEmpty }
    }

    /// Runs `action`, with its `sender` this control while it runs.
    public func sendAction(_ action: UIAction) {
        action.perform(sender: self)
    }

    // MARK: Targets (selectors)

    /// Records `target` and `action` for `controlEvents`. The selector is never called — Swift
    /// on Linux cannot call selectors (said once on standard error); use `addAction(_:for:)`
    /// with a `UIAction`, which compiles on iOS too. Objects are held weakly, as UIKit does.
    public func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        Selector.reportUnsupported(action, in: "UIControl.addTarget(_:action:for:)",
                                   remedy: "addAction(UIAction { _ in … }, for: …)")
        if let i = targetEntries.firstIndex(where: { $0.selector == action && UIControl.same($0, target) }) {
            targetEntries[i].events.formUnion(controlEvents)
            return
        }
        let object = target.flatMap { type(of: $0) is AnyClass ? $0 as AnyObject : nil }
        targetEntries.append(TargetEntry(object: object, value: object == nil ? target : nil, isNil: target == nil,
                                         selector: action, events: controlEvents))
    }

    /// Removes `target`'s `action` (nil: every action of `target`; a nil `target`: every
    /// target's) for `controlEvents`.
    public func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        for i in targetEntries.indices {
            let e = targetEntries[i]
            guard target == nil || UIControl.same(e, target), action == nil || e.selector == action else { continue }
            targetEntries[i].events.subtract(controlEvents)
        }
        targetEntries.removeAll { $0.events.isEmpty || (!$0.isNil && $0.object == nil && $0.value == nil) }
    }

    /// Every target registered (`NSNull` stands for a nil target, as in UIKit); targets that
    /// are not hashable are left out.
    public var allTargets: Set<AnyHashable> {
        var out = Set<AnyHashable>()
        for e in targetEntries {
            if e.isNil { out.insert(NSNull()) } else if let t = (e.object ?? e.value) as? AnyHashable { out.insert(t) }
        }
        return out
    }

    /// Every event some action or target is registered for.
    public var allControlEvents: Event {
        (actionEntries.map(\.events) + targetEntries.map(\.events)).reduce([]) { $0.union($1) }
    }

    /// The selector names registered for `target` (nil: the nil target) and any of
    /// `controlEvent`, or nil when there are none.
    public func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let names = targetEntries.filter { UIControl.same($0, target) && !$0.events.isDisjoint(with: controlEvent) }
            .map(\.selector.name)
        return names.isEmpty ? nil : names
    }

    /// Would call `action` on `target`: selectors cannot be called on Linux, so it does
    /// nothing (see `addTarget(_:action:for:)`).
    public func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        Selector.reportUnsupported(action, in: "UIControl.sendAction(_:to:for:)",
                                   remedy: "addAction(UIAction { _ in … }, for: …)")
    }

    /// Sends `controlEvents` now: runs every action registered for any of them (once each,
    /// in the order added), then hands every matching selector target to
    /// `sendAction(_:to:for:)`. Sent whatever the control's state, as UIKit does.
    public func sendActions(for controlEvents: Event) {
        let actions = actionEntries.filter { !$0.events.isDisjoint(with: controlEvents) }.map(\.action)
        let targets = targetEntries.filter { !$0.events.isDisjoint(with: controlEvents) }
        for action in actions { sendAction(action) }
        for t in targets { sendAction(t.selector, to: t.isNil ? nil : (t.object ?? t.value), for: nil) }
    }

    /// Whether `entry` is for `target` (the same object, an equal hashable value, or both nil).
    static func same(_ entry: TargetEntry, _ target: Any?) -> Bool {
        guard let target else { return entry.isNil }
        if let o = entry.object, type(of: target) is AnyClass { return o === (target as AnyObject) }
        if let v = entry.value as? AnyHashable, let t = target as? AnyHashable { return v == t }
        return false
    }
}
