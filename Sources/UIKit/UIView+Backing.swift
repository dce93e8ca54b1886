import Foundation
import QuartzCore
import LaminaKit

/// The LaminaKit view behind a `UIView`: it owns nothing of its own but the tree links and
/// input plumbing of LaminaKit, shares the UIView's layer (and is its delegate), and forwards
/// to its owner what UIKit lets a subclass override: layout (with the view controller's
/// will/did-layout calls around it), drawing, hit testing and the touch methods.
///
/// Ownership: the UIView holds its backing strongly; the backing holds its owner strongly only
/// while it is in a tree (`retainsOwner`), so a superview keeps its subviews' UIViews alive
/// as in UIKit, and a view out of any tree is not kept alive by a cycle.
final class UIViewBacking: View {
    private weak var weakOwner: UIView?
    private var strongOwner: UIView?

    /// The UIView this backs (nil only while its UIView is being deinitialised).
    var owner: UIView? { strongOwner ?? weakOwner }

    /// Whether the backing keeps its owner alive (true while the view is in a tree).
    var retainsOwner: Bool {
        get { strongOwner != nil }
        set { strongOwner = newValue ? weakOwner : nil }
    }

    init(owner: UIView, frame: CGRect, layer: CALayer) {
        weakOwner = owner
        super.init(frame: frame, layer: layer)
    }

    override func layoutSubviews() {
        guard let owner else { return }
        owner.viewController?.viewWillLayoutSubviews()
        owner.layoutSubviews()
        owner.viewController?.viewDidLayoutSubviews()
    }

    override func draw(_ rect: CGRect, in context: CGContext) {
        guard let owner else { return }
        // As on iOS, the view's context is UIKit's current one while `draw(_:)` runs.
        UIGraphicsPushContext(context)
        owner.draw(rect)
        UIGraphicsPopContext()
    }

    /// The layer's actions come from the owner, so a UIView subclass's override applies.
    override func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard let owner else { return NSNull() }
        return owner.action(for: layer, forKey: event)
    }

    /// LaminaKit's answer (NSNull outside animation blocks), for `UIView.action(for:forKey:)`.
    func defaultAction(for layer: CALayer, forKey event: String) -> CAAction? {
        super.action(for: layer, forKey: event)
    }

    override func point(inside point: CGPoint) -> Bool {
        owner?.point(inside: point, with: nil) ?? bounds.contains(point)
    }

    /// UIKit's hit testing (model geometry, overridable `hitTest(_:with:)`) for the UIView
    /// tree below this backing.
    override func hitTest(_ point: CGPoint, presented: CALayer) -> View? {
        guard let owner else { return nil }
        return owner.hitTest(point, with: nil)?.backing
    }

    override func touchesBegan(_ touches: [Touch]) { deliver(touches) { $0.touchesBegan($1, with: $2) } }
    override func touchesMoved(_ touches: [Touch]) { deliver(touches) { $0.touchesMoved($1, with: $2) } }
    override func touchesEnded(_ touches: [Touch]) { deliver(touches) { $0.touchesEnded($1, with: $2) } }
    override func touchesCancelled(_ touches: [Touch]) { deliver(touches) { $0.touchesCancelled($1, with: $2) } }

    private func deliver(_ touches: [Touch], _ method: (UIView, Set<UITouch>, UIEvent) -> Void) {
        guard let owner else { return }
        let set = Set(touches.map(TouchRegistry.wrap))
        let time = touches.map(\.timestamp).max() ?? CACurrentMediaTime()
        let event = UIEvent(timestamp: time, touches: TouchRegistry.allTouches.union(set))
        method(owner, set, event)
        TouchRegistry.retire(touches)
    }
}
