import Foundation

// Action lookup (reference §5.2), Apple's order:
//   1. the delegate's action(for:forKey:)
//   2. the layer's `actions` dictionary
//   3. `style["actions"]`, then the same in `style["style"]`, recursively
//   4. the class's defaultAction(forKey:)
//   5. the built-in implicit animation, for implicitly animated properties (§5.2.4: Apple's
//      defaultAction(forKey:) returns nil; the implicit animation comes after it)
// The first non-nil answer wins; NSNull at any step ends the search with nil (§5.2.3).

extension CALayer {
    package func lookUpAction(forKey event: String) -> CAAction? {
        if let a = delegateStorage?.action(for: self, forKey: event) { return a is NSNull ? nil : a }
        if let a = props.actions?[event] { return a is NSNull ? nil : a }
        var style = props.style
        var depth = 0
        while let s = style, depth < 64 {
            if let a = CALayer.styleAction(s["actions"], event) { return a is NSNull ? nil : a }
            style = s["style"] as? [AnyHashable: Any]
            depth += 1
        }
        if let a = type(of: self).defaultAction(forKey: event) { return a is NSNull ? nil : a }
        return implicitAnimation(forKey: event)
    }

    /// An action in a style's "actions" entry, which may be typed either way.
    private static func styleAction(_ entry: Any?, _ event: String) -> CAAction? {
        if let d = entry as? [String: CAAction] { return d[event] }
        if let d = entry as? [AnyHashable: Any] { return d[event] as? CAAction }
        return nil
    }

    /// Step 5: a CABasicAnimation for implicitly animated properties (§5.4): keyPath = the
    /// property, `fromValue` = the current (old) model value — the action is looked up before
    /// the new value is stored —, `toValue` nil (animate to the new model value), the
    /// transaction's duration and timing function (else the `default` curve).
    ///
    /// When a committed animation of the same property is still running, `fromValue` is the
    /// presented value instead, so the layer continues from where it is seen (§5.4.2 leaves
    /// Apple's choice UNCERTAIN; this is the reference's suggested handling, §12 #3).
    package func implicitAnimation(forKey key: String) -> CAAction? {
        guard let property = type(of: self).propertyTable[key], property.implicitlyAnimates else { return nil }
        let anim = CABasicAnimation(keyPath: key)
        anim.fromValue = AnimationEngine.presentedValue(forKey: key, on: self) ?? property.get(self)
        anim.duration = CATransaction.animationDuration()
        anim.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return anim
    }
}
