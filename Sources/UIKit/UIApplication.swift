import Foundation
import QuartzCore
import LaminaKit

/// UIKit's application object, reduced to what hosting needs: the key window and the run loop.
///
/// How an iOS app's start reads on Lamina (no `@main` app delegate, no scenes):
///
///     let window = UIWindow(frame: UIScreen.main.bounds)
///     window.rootViewController = MyViewController()
///     window.makeKeyAndVisible()      // opens the host window at the window's size
///     UIApplication.shared.run()       // LaminaKit's run loop; returns when the window closes
///
/// or in one line, `UIApplication.run(rootViewController: MyViewController())`.
///
/// The host is LaminaKit's `LaminaApplication` (`laminaApplication`), so everything it
/// documents applies: an SDL2 window when a display is there, else headless; with
/// `LAMINA_HEADLESS=1` the run is headless, finite and deterministic (`LAMINA_FRAMES`,
/// `LAMINA_OUTPUT`, `LAMINA_INPUT`). Shown windows are subviews of its root view, at their
/// frames (the host window's coordinates are the UIWindow's, origin top-left).
open class UIApplication: UIResponder, @unchecked Sendable {
    /// The application (one per process).
    public static let shared = UIApplication()

    /// The window `makeKeyAndVisible()` showed last (held weakly, as UIKit does: keep your own
    /// reference to a window).
    open internal(set) var keyWindow: UIWindow? {
        get { lock.withLock { keyWindowRef.window } }
        set { lock.withLock { keyWindowRef = WeakWindow(window: newValue) } }
    }
    /// The windows shown and still alive, in the order shown.
    open var windows: [UIWindow] { lock.withLock { shownWindows.compactMap(\.window) } }

    // The application is one object for the whole process, and windows may be shown from any
    // thread a host runs on (tests run several hosts at once), so its state is behind a lock;
    // windows are held weakly, so a window nobody keeps goes away with its views.
    private struct WeakWindow { weak var window: UIWindow? }
    private let lock = NSLock()
    private var keyWindowRef = WeakWindow(window: nil)
    private var shownWindows: [WeakWindow] = []
    /// The LaminaKit application hosting the windows (nil until a window is shown, or when
    /// the host window could not be opened).
    public private(set) var laminaApplication: LaminaApplication?

    override private init() { super.init() }

    /// Shows `window` in the host (opened at the window's size on first use; a failure is
    /// reported on standard error and the window stays unshown).
    func show(_ window: UIWindow) {
        if laminaApplication == nil {
            do {
                let size = window.bounds.size
                laminaApplication = try LaminaApplication(title: ProcessInfo.processInfo.processName, size: size)
            } catch {
                FileHandle.standardError.write(Data("UIKit: could not open the host window: \(error)\n".utf8))
                return
            }
        }
        guard let host = laminaApplication else { return }
        show(window, in: host.rootView)
    }

    /// Shows `window` as a subview of `root` (a LaminaKit view: the host's root view, or a
    /// test's), with its controllers' appearance calls around it.
    package func show(_ window: UIWindow, in root: View) {
        keyWindow = window
        guard !window.isShown else { return }
        window.forEachController { $0.beginAppearance(true) }
        window.isShown = true
        window.notifyWillMove(toWindow: window)
        root.addSubview(window.backing)
        window.backing.retainsOwner = true
        lock.withLock {
            shownWindows.removeAll { $0.window == nil }
            shownWindows.append(WeakWindow(window: window))
        }
        window.notifyDidMoveToWindow()
        window.forEachController { $0.endAppearance(true) }
    }

    /// Runs the host's loop (see LaminaKit's `LaminaApplication.run()`): until the window
    /// closes, or a finite headless run. Without a shown window there is nothing to run: it
    /// says so on standard error and returns.
    open func run() {
        guard let host = laminaApplication else {
            FileHandle.standardError.write(Data("UIKit: UIApplication.run(): no window shown (call makeKeyAndVisible() first)\n".utf8))
            return
        }
        host.run()
    }

    /// Shows `rootViewController` in a window filling `UIScreen.main` and runs the loop.
    public static func run(rootViewController: UIViewController) {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = rootViewController
        window.makeKeyAndVisible()
        shared.run()
    }
}
