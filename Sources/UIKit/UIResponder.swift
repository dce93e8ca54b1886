import Foundation
import QuartzCore

/// UIKit's responder: an object in the chain that touch events travel up when a responder
/// does not handle them. `UIView`'s next responder is its view controller (when it is one's
/// root view), else its superview; a view controller's is its view's superview.
///
/// The touch methods' default implementations forward to `next`, as UIKit's do: a subclass
/// that handles touches overrides them (calling super is optional and forwards the touches
/// up the chain).
open class UIResponder: NSObject {
    /// The next object in the responder chain (nil at its end).
    open var next: UIResponder? { nil }

    /// Touches that went down on this responder (the hit-tested view) or were forwarded to it.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    /// Touches of a sequence that began here moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    /// Touches of a sequence that began here lifted.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    /// Touches of a sequence that began here were cancelled (e.g. a gesture recognizer
    /// recognised and `cancelsTouchesInView`).
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }

    /// Whether this responder may become first responder. Default false.
    open var canBecomeFirstResponder: Bool { false }
    /// Whether this responder may give up first-responder status. Default true.
    open var canResignFirstResponder: Bool { true }
    /// Asks to become first responder; the default succeeds only when
    /// `canBecomeFirstResponder` (views route key events through LaminaKit's responder).
    @discardableResult
    open func becomeFirstResponder() -> Bool { canBecomeFirstResponder }
    /// Gives up first-responder status. Default true.
    @discardableResult
    open func resignFirstResponder() -> Bool { true }
    /// Whether this responder is the first responder.
    open var isFirstResponder: Bool { false }

    // MARK: Nib loading (declared on NSObject in UIKit)

    /// Called on objects loaded from a nib or storyboard once all its outlets are connected.
    /// Lamina loads no nibs, so it never calls this: it is here so that the many views and
    /// controllers that override it (calling super) compile. Code that must run for views made
    /// in code belongs in `init(frame:)`.
    open func awakeFromNib() {}

    /// Called by Interface Builder before it renders an `@IBDesignable` view. Never called on
    /// Lamina; declared so overrides compile.
    open func prepareForInterfaceBuilder() {}
}
