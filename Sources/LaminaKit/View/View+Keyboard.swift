import Foundation
import QuartzCore

// Keyboard input through a responder chain, as UIKit's presses: key events go to the first
// responder (a view that asked with `becomeFirstResponder()`), else to the root view; a view
// that does not handle a key passes it to its superview (the default implementation).

extension View {
    /// Whether this view is the host's first responder.
    public var isFirstResponder: Bool {
        guard let router = host?.router as? TouchRouter else { return false }
        return router.keyResponder === self
    }

    /// Makes this view receive key events first. Fails (false) when the view is not in a
    /// hosted tree or does not accept (`canBecomeFirstResponder`).
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let router = host?.router as? TouchRouter else { return false }
        router.keyResponder = self
        return true
    }

    /// Gives up first-responder status (key events go to the root view again).
    @discardableResult
    public func resignFirstResponder() -> Bool {
        guard let router = host?.router as? TouchRouter, router.keyResponder === self else { return false }
        router.keyResponder = nil
        return true
    }
}

extension TouchRouter {
    /// Sends a key event along the responder chain.
    func deliverKey(_ key: KeyEvent, modifiers: KeyModifiers) {
        let target: View
        if let responder = keyResponder, responder.isDescendant(of: rootView) {
            target = responder
        } else {
            keyResponder = nil
            target = rootView
        }
        if key.isDown { target.keyDown(key, modifiers: modifiers) } else { target.keyUp(key, modifiers: modifiers) }
    }
}
