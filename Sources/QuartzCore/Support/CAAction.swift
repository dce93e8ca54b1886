import Foundation

/// Something a layer runs in response to an event: a property change (the key is the property
/// name) or one of the special events (`kCAOnOrderIn`, `kCAOnOrderOut`, `kCATransition`).
/// `CAAnimation` is the usual action: running it adds a copy of it to the layer (§5.2.6).
public protocol CAAction {
    /// Called with the event name, the object (the layer) and optional arguments.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// `NSNull` is the "no action, stop searching" answer of the action lookup, as on Apple's
/// platforms: `return NSNull()` from `action(for:forKey:)`, or `actions = ["position": NSNull()]`,
/// stops the search at that step and no implicit animation happens (§5.2.3). Running it does
/// nothing. (On Apple's platforms this works through Objective-C's `id`; here NSNull conforms to
/// CAAction explicitly.)
extension NSNull: CAAction {
    /// Does nothing: `NSNull` as an action means "no action".
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}
