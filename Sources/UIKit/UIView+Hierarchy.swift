import Foundation
import QuartzCore
import LaminaKit

// The subview family, with UIKit's notifications. Order of calls when `view` moves from one
// superview (or none) to `parent`: the old superview's `willRemoveSubview(view)`, then
// `view.willMove(toSuperview: parent)` and, when its window changes, `willMove(toWindow:)` on
// it and every view below it; the move itself (the layer tree follows: subview i's layer comes
// right after subview i-1's, so plain sublayers keep their places); `parent.didAddSubview(view)`,
// `view.didMoveToSuperview()`, and `didMoveToWindow()` below it when the window changed.
// View controllers whose root views enter or leave a shown window (one that
// `makeKeyAndVisible()` put on screen) get their appearance calls around the move (`viewWillAppear`/`viewDidAppear`, `viewWillDisappear`/`viewDidDisappear`).

extension UIView {
    /// The subviews, back to front (views that are not UIViews, added through LaminaKit, are
    /// left out).
    public var subviews: [UIView] { backing.subviews.compactMap { ($0 as? UIViewBacking)?.owner } }

    /// The view this one is a subview of.
    public var superview: UIView? { (backing.superview as? UIViewBacking)?.owner }

    /// The window this view is in (itself for a window), nil when not in one.
    public var window: UIWindow? {
        var v: UIView? = self
        while let current = v {
            if let w = current as? UIWindow { return w }
            v = current.superview
        }
        return nil
    }

    /// Adds `view` on top of the subviews (moving it from its old superview).
    public func addSubview(_ view: UIView) {
        move(view, toIndex: subviews.count)
    }

    /// Inserts `view` at `index` among the subviews (clamped to the valid range).
    public func insertSubview(_ view: UIView, at index: Int) {
        move(view, toIndex: index)
    }

    /// Inserts `view` just above `siblingSubview` (on top when that is not a subview).
    public func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        move(view, relativeTo: siblingSubview, offset: 1)
    }

    /// Inserts `view` just below `siblingSubview` (on top when that is not a subview).
    public func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        move(view, relativeTo: siblingSubview, offset: 0)
    }

    /// Moves `view` (a subview) to the top.
    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        backing.bringSubviewToFront(view.backing)
    }

    /// Moves `view` (a subview) to the bottom.
    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        backing.insertSubview(view.backing, at: 0)
    }

    /// Swaps the subviews at `index1` and `index2` (nothing when either is out of range).
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        let all = backing.subviews
        guard all.indices.contains(index1), all.indices.contains(index2), index1 != index2 else { return }
        let (low, high) = (min(index1, index2), max(index1, index2))
        let a = all[low], b = all[high]
        backing.insertSubview(a, at: high)
        backing.insertSubview(b, at: low)
    }

    /// Takes the view out of its superview (nothing when it has none).
    public func removeFromSuperview() {
        guard let parent = superview else {
            backing.removeFromSuperview()
            return
        }
        let oldWindow = window
        let wasVisible = oldWindow?.isShown == true
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if oldWindow != nil { notifyWillMove(toWindow: nil) }
        if wasVisible { forEachController { $0.beginAppearance(false) } }
        backing.removeFromSuperview()
        backing.retainsOwner = false
        didMoveToSuperview()
        if oldWindow != nil { notifyDidMoveToWindow() }
        if wasVisible { forEachController { $0.endAppearance(false) } }
    }

    /// This view or the first view below it (depth first, in subview order) with `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for sub in subviews {
            if let found = sub.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Whether this view is `view` or lies below it.
    public func isDescendant(of view: UIView) -> Bool { backing.isDescendant(of: view.backing) }

    // MARK: Moving

    private func move(_ view: UIView, relativeTo sibling: UIView, offset: Int) {
        guard sibling.superview === self, sibling !== view,
              let i = backing.subviews.firstIndex(where: { $0 === sibling.backing }) else {
            addSubview(view)
            return
        }
        var index = i + offset
        // The view leaves its place first when it is already here below the sibling.
        if let current = backing.subviews.firstIndex(where: { $0 === view.backing }), current < i { index -= 1 }
        move(view, toIndex: index)
    }

    /// Puts `view` at `index` of the subviews with UIKit's notifications.
    private func move(_ view: UIView, toIndex index: Int) {
        guard view !== self, !isDescendant(of: view) else {
            // LaminaKit reports the cycle and refuses it.
            backing.insertSubview(view.backing, at: index)
            return
        }
        if view.superview === self {
            backing.insertSubview(view.backing, at: index)  // a reorder: no notifications
            return
        }
        let oldWindow = view.window, newWindow = window
        let windowChanges = oldWindow !== newWindow
        let wasVisible = oldWindow?.isShown == true, willBeVisible = newWindow?.isShown == true
        view.superview?.willRemoveSubview(view)
        view.willMove(toSuperview: self)
        if windowChanges { view.notifyWillMove(toWindow: newWindow) }
        if wasVisible != willBeVisible { view.forEachController { $0.beginAppearance(willBeVisible) } }
        backing.insertSubview(view.backing, at: index)
        view.backing.retainsOwner = true
        didAddSubview(view)
        view.didMoveToSuperview()
        if windowChanges { view.notifyDidMoveToWindow() }
        if wasVisible != willBeVisible { view.forEachController { $0.endAppearance(willBeVisible) } }
    }

    func notifyWillMove(toWindow w: UIWindow?) {
        willMove(toWindow: w)
        for sub in subviews { sub.notifyWillMove(toWindow: w) }
    }

    func notifyDidMoveToWindow() {
        didMoveToWindow()
        for sub in subviews { sub.notifyDidMoveToWindow() }
    }

    /// The view controllers whose root views are this view or below it, outermost first.
    func forEachController(_ body: (UIViewController) -> Void) {
        if let vc = viewController { body(vc) }
        for sub in subviews { sub.forEachController(body) }
    }
}
