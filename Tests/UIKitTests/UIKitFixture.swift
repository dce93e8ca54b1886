import Foundation
@testable import LaminaKit
@testable import UIKit

/// A renderer that renders nothing (a blank image): UIKit tests look at layers, not pixels.
final class BlankRenderer: FrameRenderer {
    func renderFrame(root: CALayer, at time: CFTimeInterval, pixelWidth: Int, pixelHeight: Int,
                     scale: CGFloat) throws -> CGImage {
        let context = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        return context!.makeImage()!
    }
}

/// A 200×200 pt headless host at 60 Hz on a manual clock, showing `window` (a UIWindow filling
/// it) whose root view controller's view holds `child` at (20, 20, 60, 60).
struct UIKitFixture {
    let clock = ManualFrameClock(now: 50)
    let host: WindowHost
    let input: ScriptedInput
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let controller: UIViewController
    let child = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 60))

    init(controller: UIViewController = UIViewController()) throws {
        self.controller = controller
        let headless = try HeadlessWindow(size: CGSize(width: 200, height: 200))
        let root = View()
        host = WindowHost(window: headless, renderer: BlankRenderer(), clock: clock, rootView: root)
        input = ScriptedInput(host: host)!
        let (window, child) = (self.window, self.child)
        host.atCurrentTime {
            window.rootViewController = controller
            controller.view.addSubview(child)
            UIApplication.shared.show(window, in: root)
            CATransaction.flush()
        }
        host.runFrames(1)
    }

    /// Runs `body` at the clock's time (model changes outside a turn).
    func now<R>(_ body: () -> R) -> R { host.atCurrentTime(body) }
}
