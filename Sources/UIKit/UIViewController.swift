import Foundation
import QuartzCore

/// UIKit's view controller: owns a view loaded lazily, and hears its life cycle.
///
/// Order, as in UIKit: reading `view` the first time calls `loadView()` (default: a plain
/// `UIView` of the screen's size) then `viewDidLoad()`. When the view enters a window (as a
/// window's `rootViewController`, or below a view in one): `viewWillAppear(_:)` before, then
/// `viewDidAppear(_:)` after; leaving: `viewWillDisappear(_:)`, `viewDidDisappear(_:)`
/// (`animated` is false: Lamina's appearance transitions are not animated). Each layout of the
/// view: `viewWillLayoutSubviews()`, the view's `layoutSubviews()`, `viewDidLayoutSubviews()`.
/// Containment: `addChild(_:)` calls the child's `willMove(toParent:)` (you add its view and
/// call `didMove(toParent:)`); `removeFromParent()` calls `didMove(toParent: nil)` (you call
/// `willMove(toParent: nil)` and remove the view first), as in UIKit.
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    private var appearing: Bool?

    /// The controller's title (stored).
    open var title: String?
    /// The identifier UIKit's state restoration saves the controller under (stored only: Lamina
    /// restores no state).
    open var restorationIdentifier: String?
    /// The controller that contains this one (set by `addChild`).
    open private(set) weak var parent: UIViewController?
    /// The contained controllers, in the order added.
    open private(set) var children: [UIViewController] = []

    /// A controller whose view is made by `loadView()` (nibs are not supported: both
    /// arguments are ignored).
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// `init(nibName: nil, bundle: nil)`.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Always fails: Lamina loads no storyboards.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: The view

    /// The root view, loaded on first access (`loadView()` then `viewDidLoad()`). Setting it
    /// replaces the view (nil unloads it; the next read loads again).
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView?.viewController = nil
            loadedView = newValue
            newValue?.viewController = self
        }
    }

    /// The view if it is loaded, without loading it.
    open var viewIfLoaded: UIView? { loadedView }

    /// Whether the view is loaded.
    open var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view now if it is not loaded.
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = UIView(frame: UIScreen.main.bounds) }
        viewDidLoad()
    }

    /// Makes the view and assigns it to `view`. The default makes a plain UIView filling
    /// the screen; override to make your own (without calling super).
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    /// Called once after the view loaded.
    open func viewDidLoad() {}
    /// Called before the view enters a window.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view entered a window.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view leaves its window.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view left its window.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called before the view's `layoutSubviews()`.
    open func viewWillLayoutSubviews() {}
    /// Called after the view's `layoutSubviews()`.
    open func viewDidLayoutSubviews() {}

    /// Whether the view is in a window.
    var isViewInWindow: Bool { loadedView?.window != nil }

    /// Appearance calls around a move of the view into (true) or out of (false) a window.
    func beginAppearance(_ appear: Bool) {
        guard appearing != appear else { return }
        appearing = appear
        if appear { viewWillAppear(false) } else { viewWillDisappear(false) }
    }

    func endAppearance(_ appear: Bool) {
        guard appearing == appear else { return }
        appearing = nil
        if appear { viewDidAppear(false) } else { viewDidDisappear(false) }
    }

    /// UIKit's manual appearance forwarding (what a container controller calls for a child, and
    /// what a host without a window — a test, an offline render — calls for the root):
    /// `viewWillAppear`/`viewWillDisappear` now. Ignored when the controller is already
    /// appearing (or disappearing) that way.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        beginAppearance(isAppearing)
    }

    /// Completes `beginAppearanceTransition`: `viewDidAppear`/`viewDidDisappear`.
    open func endAppearanceTransition() {
        if let appearing { endAppearance(appearing) }
    }

    /// The view's superview (UIKit's next responder for a controller).
    open override var next: UIResponder? { loadedView?.superview }

    // MARK: Containment

    /// Adds `childController` as a child: calls its `willMove(toParent: self)`. Add its view
    /// to yours and call its `didMove(toParent: self)` afterwards, as in UIKit.
    open func addChild(_ childController: UIViewController) {
        guard childController !== self, childController.parent !== self else { return }
        childController.removeFromParent()
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }

    /// Removes this controller from its parent: calls `didMove(toParent: nil)`. Call
    /// `willMove(toParent: nil)` and remove the view before, as in UIKit.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to (or removed from, nil) a parent.
    open func willMove(toParent parent: UIViewController?) {}
    /// Called after the controller was added to (or removed from, nil) a parent.
    open func didMove(toParent parent: UIViewController?) {}
}
