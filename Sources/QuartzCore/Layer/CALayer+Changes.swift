import Foundation

// The one funnel every model change goes through (DESIGN §4.4): compare, store, record.
//
// Order, following Apple (§5.2.7): the action is looked up *before* the new value is stored,
// so the built-in implicit animation (and any custom action) can read the old value; then the
// value is stored, side effects run (needs-display, needs-layout), and the action runs (a
// CAAnimation adds a copy of itself to the layer).

extension CALayer {
    /// Changes a `LayerProperties` field through the funnel; equal values change nothing.
    @inline(__always)
    package final func update<T: Equatable>(_ key: String, _ kp: WritableKeyPath<LayerProperties, T>, _ newValue: T) {
        let old = props[keyPath: kp]
        guard old != newValue else { return }
        changeValue(forKey: key, oldValue: AnyOptional.flatten(old)) { $0.props[keyPath: kp] = newValue }
    }

    /// As `update`, for a field whose declared rule refuses NaN (`AnimatableLayerField.NaNRule.refused`):
    /// a value with `hasNaN` is reported as invalid geometry and not stored, as Apple raises
    /// CALayerInvalidGeometry for it.
    @inline(__always)
    package final func update<T: Equatable>(_ key: String, _ kp: WritableKeyPath<LayerProperties, T>, _ newValue: T,
                                            refusingNaN hasNaN: Bool) {
        guard CALayer.acceptsGeometry(key, hasNaN, "\(newValue)") else { return }
        update(key, kp, newValue)
    }

    /// As `update`, for values compared by an explicit rule (optionals of classes, `Any?`).
    @inline(__always)
    package final func update<T>(_ key: String, _ kp: WritableKeyPath<LayerProperties, T>, _ newValue: T,
                                 same: (T, T) -> Bool) {
        let old = props[keyPath: kp]
        guard !same(old, newValue) else { return }
        changeValue(forKey: key, oldValue: AnyOptional.flatten(old)) { $0.props[keyPath: kp] = newValue }
    }

    /// The funnel. `store` writes the new value; `oldValue` is what the transaction records and
    /// what the implicit animation starts from.
    package final func changeValue(forKey key: String, oldValue: Any?, store: (CALayer) -> Void) {
        // Presentation copies and layers under construction just store.
        guard !isPresentationCopy, !isSuppressingChangeRecording else {
            store(self)
            return
        }
        let transaction = TransactionStack.current
        transaction.recordChange(layer: self, key: key, oldValue: oldValue)
        var action: CAAction?
        if !transaction.disableActions, takesPartInActions {
            action = self.action(forKey: key)
        }
        store(self)
        valueDidChange(forKey: key, oldValue: oldValue)
        action?.run(forKey: key, object: self, arguments: nil)
    }

    /// After a change of `isHidden`: posts kCAOnOrderOut or kCAOnOrderIn when visibility
    /// changed, as the older guide describes (§5.5.1).
    package final func postOrderEvent(wasHidden: Bool) {
        if wasHidden != props.animatable.isHidden { postEvent(props.animatable.isHidden ? kCAOnOrderOut : kCAOnOrderIn) }
    }

    /// Posts a non-property event (`kCAOnOrderIn`, `kCAOnOrderOut`, `kCATransition`): looks up
    /// and runs its action when the layer takes part in actions and actions are enabled.
    package final func postEvent(_ event: String) {
        guard !isPresentationCopy else { return }
        let transaction = TransactionStack.current
        guard !transaction.disableActions, takesPartInActions else { return }
        self.action(forKey: event)?.run(forKey: event, object: self, arguments: nil)
    }

    /// Posts `kCAOnOrderIn` on a layer just added under `parent`: it becomes visible when
    /// `parent` is (committed, in a shown tree) — whether or not the layer itself was ever
    /// committed (§5.5.1: "added as a sublayer of a visible layer"). A new layer's first
    /// appearance is what the event is for (seed 004 starts its curl from it).
    package final func postOrderIn(under parent: CALayer) {
        guard !isPresentationCopy, !props.animatable.isHidden else { return }
        let transaction = TransactionStack.current
        guard !transaction.disableActions, takesPartInActions || parent.takesPartInActions else { return }
        self.action(forKey: kCAOnOrderIn)?.run(forKey: kCAOnOrderIn, object: self, arguments: nil)
    }

    /// Side effects of a stored change: `needsDisplay(forKey:)` and bounds-driven display and
    /// layout.
    private func valueDidChange(forKey key: String, oldValue: Any?) {
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        if key == "bounds", let old = oldValue as? CGRect, old.size != props.animatable.bounds.size {
            if props.needsDisplayOnBoundsChange { setNeedsDisplay() }
            setNeedsLayout()
        }
    }

    /// True while an initialiser or the archive reader writes properties: nothing is recorded.
    package var isSuppressingChangeRecording: Bool {
        get { suppressDepth > 0 }
    }

    /// Runs `body` without recording changes or running actions.
    package final func withoutRecording(_ body: () throws -> Void) rethrows {
        suppressDepth += 1
        defer { suppressDepth -= 1 }
        try body()
    }
}

extension CALayer {
    /// Identity for `Any?` values: the same object (or both nil).
    package static func sameObject(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?): return (x as AnyObject) === (y as AnyObject)
        default: return false
        }
    }

    /// NaN geometry is refused, as Apple raises `CALayerInvalidGeometry` (reported, not stored).
    package static func acceptsGeometry(_ key: String, _ isNaN: Bool, _ value: @autoclosure () -> String) -> Bool {
        if isNaN { LayerDiagnostics.report(.invalidGeometry(key: key, value: value())) }
        return !isNaN
    }
}

/// Turns a value of a generic type that happens to be an Optional into a plain `Any?`, so an
/// empty optional property records its old value as nil rather than as a boxed `.none`.
package enum AnyOptional {
    package static func flatten<T>(_ value: T) -> Any? {
        if let o = value as? OptionalBox { return o.unboxed }
        return value
    }
}

private protocol OptionalBox {
    var unboxed: Any? { get }
}

extension Optional: OptionalBox {
    fileprivate var unboxed: Any? { self.map { AnyOptional.flatten($0) } ?? nil }
}
