import Foundation
import QuartzCore

/// UIKit's window: the root of a view tree shown on screen. `makeKeyAndVisible()` shows it in
/// the application's host window (LaminaKit's `LaminaApplication`, opened at the window's
/// size on first use), and `UIApplication.shared.run()` runs the loop; see `UIApplication`.
open class UIWindow: UIView {
    /// The scene the window belongs to: always nil (Lamina has no scenes).
    open var windowScene: UIWindowScene? { nil }

    /// The window's view controller: setting it makes the controller's view (loading it) the
    /// window's content, filling the window, and removes the previous controller's view.
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let old = oldValue, old.isViewLoaded, old.view.superview === self { old.view.removeFromSuperview() }
            if let vc = rootViewController {
                let content = vc.view!
                content.frame = bounds
                addSubview(content)
            }
        }
    }

    /// Whether the window is the key window (the one `makeKeyAndVisible()` showed last).
    open var isKeyWindow: Bool { UIApplication.shared.keyWindow === self }

    /// Whether the application shows the window (set by `makeKeyAndVisible()`): views entering
    /// or leaving it make their controllers appear or disappear.
    var isShown = false

    /// The window level (stored only).
    open var windowLevel: CGFloat = 0

    /// A window with `frame` in screen points.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A window filling `UIScreen.main`.
    public convenience init() {
        self.init(frame: UIScreen.main.bounds)
    }

    /// Always fails: views are not archived with NSCoder on Lamina.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Shows the window (un-hiding it) and makes it the key window: it is added to the
    /// application's host window (opened at this window's size if none is open yet); its root
    /// view controller's view appears (`viewWillAppear`/`viewDidAppear`).
    open func makeKeyAndVisible() {
        isHidden = false
        UIApplication.shared.show(self)
    }

    /// Makes the window key without showing it.
    open func makeKey() {
        UIApplication.shared.keyWindow = self
    }

    /// A window's next responder is the application (nil here).
    open override var next: UIResponder? { nil }
}

/// UIKit's window scene: Lamina has none (`UIWindow.windowScene` is nil); the type exists so
/// code mentioning it compiles.
open class UIWindowScene: UIResponder {}
