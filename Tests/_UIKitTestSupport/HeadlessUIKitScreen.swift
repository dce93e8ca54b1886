import LaminaKit
import QuartzCore
import UIKit

/// The device a UIKit test runs on: a headless host window of `size` points (scale 1, 60 Hz)
/// on a manual clock, whose root view shows `window`, a `UIWindow` filling it with
/// `controller` as its root view controller — an app after its first run-loop turn.
///
/// Making the screen sets `window.rootViewController`, runs `prepare` (say, adding subviews to
/// the controller's view), shows the window (loading the controller's view and making the
/// appearance calls) and commits the tree, all at `startTime` (media time, seconds): the
/// layers are on screen and get implicit animations from then on. It runs no frame; call
/// `host.runFrames(1)` for one. Frames render nothing (`BlankFrameRenderer`): render the
/// layer tree at the instants a test looks at.
package final class HeadlessUIKitScreen {
    package let clock: ManualFrameClock
    package let host: WindowHost
    /// Touches, keys and waits posted to the host window as a user's would be.
    package let input: ScriptedInput
    package let window: UIWindow
    package let controller: UIViewController
    /// The screen's size in points (the host window's and the UIWindow's).
    package let size: CGSize

    /// `runLoop` is the run loop whose display links the host fires (nil: none; see
    /// `WindowHost`).
    package init(_ controller: UIViewController, size: CGSize, startTime: CFTimeInterval,
                 runLoop: RunLoop? = .main, prepare: (UIViewController) -> Void = { _ in }) throws {
        self.controller = controller
        self.size = size
        clock = ManualFrameClock(now: startTime)
        let root = View()
        host = WindowHost(window: try HeadlessWindow(size: size), renderer: BlankFrameRenderer(), clock: clock,
                          rootView: root, runLoop: runLoop)
        // A headless window on a manual clock always takes scripted input.
        input = ScriptedInput(host: host)!
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        self.window = window
        host.atCurrentTime {
            window.rootViewController = controller
            prepare(controller)
            UIApplication.shared.show(window, in: root)
            CATransaction.flush()
        }
    }

    /// Runs `body` at the clock's time (model changes, or reading presentation values,
    /// outside a run-loop turn).
    package func now<R>(_ body: () -> R) -> R { host.atCurrentTime(body) }
}
