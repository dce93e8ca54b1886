import Foundation
import QuartzCore
@testable import LaminaKit
@testable import UIKit
import _UIKitTestSupport

/// The screen a listing runs on: a `HeadlessUIKitScreen` of `size` points (scale 1, 60 Hz, no
/// display-link run loop) whose window's root view controller is the listing's, set up at
/// media time 100. Making the stage loads the controller's view (`viewDidLoad`), shows it
/// (appearance calls) and commits the tree, as an app's first run-loop turn does — so the
/// listing's layers are on screen and get implicit animations from then on.
///
/// Times: `start` is the media time (seconds) at which the stage was set up; `elapsed` is
/// `clock.now - start`.
final class ListingStage {
    let screen: HeadlessUIKitScreen
    let start: CFTimeInterval
    var clock: ManualFrameClock { screen.clock }
    var host: WindowHost { screen.host }
    var input: ScriptedInput { screen.input }
    var window: UIWindow { screen.window }
    var controller: UIViewController { screen.controller }
    var size: CGSize { screen.size }

    init(_ controller: UIViewController, size: CGSize = CGSize(width: 320, height: 320)) throws {
        screen = try HeadlessUIKitScreen(controller, size: size, startTime: 100, runLoop: nil)
        start = screen.clock.now
    }

    /// Seconds of media time since the stage was set up.
    var elapsed: CFTimeInterval { clock.now - start }

    /// Runs `body` now as an event handler of a run-loop turn (a button's action, a touch):
    /// the turn's implicit transaction commits when it returns.
    func perform(_ body: () -> Void) {
        host.atCurrentTime {
            body()
            CATransaction.flush()
        }
    }

    /// Reads layers (presentation copies, animations) at the current media time.
    func now<R>(_ body: () -> R) -> R { host.atCurrentTime(body) }

    /// Runs 60 Hz frames until `elapsed` is exactly `t` (completion blocks and animation
    /// callbacks fire in the frame that reaches their time, as on screen). An earlier `t` does
    /// nothing.
    func run(until t: CFTimeInterval) {
        let target = start + t
        while clock.now + host.refreshInterval < target - 1e-9 {
            host.runFrames(1)
        }
        if clock.now < target {
            clock.set(target)
            host.runTurn()
        }
    }

    /// Runs frames for `seconds` more.
    func run(for seconds: CFTimeInterval) { run(until: elapsed + seconds) }

    /// The window as it is seen now: presentation values at the current media time, over black.
    /// With `LAMINA_LISTING_FRAMES=<directory>` in the environment, each frame is also written
    /// there as `<name>.png`, to look at by eye.
    func render(_ name: String = #function) throws -> RGBAImage {
        let image = try LayerRenderer.renderImage(host.rootLayer, at: clock.now, pixelWidth: Int(size.width),
                                                  pixelHeight: Int(size.height), scale: 1,
                                                  background: CGColor(gray: 0, alpha: 1))
        if let directory = ProcessInfo.processInfo.environment["LAMINA_LISTING_FRAMES"],
           let png = UIImage(cgImage: image).pngData() {
            let file = name.filter { $0.isLetter || $0.isNumber || $0 == "_" } + "-\(String(format: "%.3f", elapsed)).png"
            try? png.write(to: URL(fileURLWithPath: directory).appendingPathComponent(file))
        }
        return RGBAImage(image)
    }
}

/// An image's pixels as 8-bit RGBA, row 0 at the top (read back through a bitmap context).
struct RGBAImage {
    let width: Int
    let height: Int
    private let bytes: [UInt8]

    init(_ image: CGImage) {
        width = image.width
        height = image.height
        let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                                space: CGColorSpace(name: CGColorSpace.sRGB)!,
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.setBlendMode(.copy)
        context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
        let data = context.data!.assumingMemoryBound(to: UInt8.self)
        bytes = Array(UnsafeBufferPointer(start: data, count: width * height * 4))
    }

    /// The RGBA of pixel (x, y), y down from the top row.
    subscript(x: Int, y: Int) -> Pixel {
        let i = (y * width + x) * 4
        return Pixel(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: bytes[i + 3])
    }
}

/// One RGBA pixel; `==` with a tolerance is `matches(_:)`.
struct Pixel: Equatable, CustomStringConvertible {
    var r, g, b, a: UInt8

    static let red = Pixel(r: 255, g: 0, b: 0, a: 255)
    static let blue = Pixel(r: 0, g: 0, b: 255, a: 255)
    static let black = Pixel(r: 0, g: 0, b: 0, a: 255)

    /// Whether every channel is within `tolerance` (8-bit steps) of `other`'s.
    func matches(_ other: Pixel, tolerance: Int = 3) -> Bool {
        abs(Int(r) - Int(other.r)) <= tolerance && abs(Int(g) - Int(other.g)) <= tolerance
            && abs(Int(b) - Int(other.b)) <= tolerance && abs(Int(a) - Int(other.a)) <= tolerance
    }

    var description: String { "(\(r), \(g), \(b), \(a))" }
}

/// The components of a colour (nil: no colour), for comparisons.
func components(_ color: CGColor?) -> [CGFloat] { color?.components ?? [] }

/// Whether two colours have the same number of components, each within `tolerance`.
func sameColor(_ a: CGColor?, _ b: CGColor?, tolerance: CGFloat = 1e-6) -> Bool {
    let (x, y) = (components(a), components(b))
    return x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) <= tolerance }
}
