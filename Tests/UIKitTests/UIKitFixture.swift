import Foundation
@testable import LaminaKit
@testable import UIKit
import _UIKitTestSupport

/// A 200×200 pt `HeadlessUIKitScreen` (60 Hz, manual clock from media time 50) whose window's
/// root view controller's view holds `child` at (20, 20, 60, 60); one frame has run.
struct UIKitFixture {
    let screen: HeadlessUIKitScreen
    let child = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
    var clock: ManualFrameClock { screen.clock }
    var host: WindowHost { screen.host }
    var input: ScriptedInput { screen.input }
    var window: UIWindow { screen.window }
    var controller: UIViewController { screen.controller }

    init(controller: UIViewController = UIViewController()) throws {
        let child = self.child
        screen = try HeadlessUIKitScreen(controller, size: CGSize(width: 200, height: 200), startTime: 50) {
            $0.view.addSubview(child)
        }
        screen.host.runFrames(1)
    }

    /// Runs `body` at the clock's time (model changes outside a turn).
    func now<R>(_ body: () -> R) -> R { screen.now(body) }
}
