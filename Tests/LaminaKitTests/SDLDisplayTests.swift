import Foundation
import Testing
import LaminaRaster
@testable import LaminaKit

/// Fills the root's background and each direct sublayer's presented frame (axis-aligned, no
/// transforms) with its background colour: just enough compositing to see where layers are.
final class RectRenderer: FrameRenderer {
    func renderFrame(root: CALayer, at time: CFTimeInterval, pixelWidth: Int, pixelHeight: Int,
                     scale: CGFloat) throws -> CGImage {
        let surface = try Surface(width: pixelWidth, height: pixelHeight)
        let shown = MediaClock.$override.withValue(time) { root.presentation() ?? root }
        func paint(_ color: CGColor?) -> PremultipliedRGBA8 {
            var c = color?.components ?? [0, 0, 0, 0]
            if c.count == 2 { c = [c[0], c[0], c[0], c[1]] }
            guard c.count >= 4 else { return .transparent }
            return PremultipliedRGBA8(straightRed: Double(c[0]), green: Double(c[1]), blue: Double(c[2]), alpha: Double(c[3]))
        }
        surface.fill(paint(shown.backgroundColor))
        for layer in shown.sublayers ?? [] {
            let r = layer.frame
            let x0 = max(0, Int((r.minX * scale).rounded())), x1 = min(pixelWidth, Int((r.maxX * scale).rounded()))
            let y0 = max(0, Int((r.minY * scale).rounded())), y1 = min(pixelHeight, Int((r.maxY * scale).rounded()))
            guard x0 < x1, y0 < y1 else { continue }
            let p = paint(layer.backgroundColor).packed
            for y in y0..<y1 {
                let row = surface.row32(y)
                for x in x0..<x1 { row[x] = p }
            }
        }
        return CGImage(surface: surface)
    }
}

/// Real SDL2 window checks. They need a display and open windows, so they run only when asked:
///
///     Xvfb :77 -screen 0 320x240x24 &
///     DISPLAY=:77 LAMINA_SDL_DISPLAY_TEST=1 swift test --filter SDLDisplayTests
///
/// (apt-get install libsdl2-2.0-0 xvfb xdotool). Without them the suite is skipped. Serialized:
/// SDL's state (SDL_Init/SDL_Quit, SDL_VIDEODRIVER) is process-wide.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["LAMINA_SDL_DISPLAY_TEST"] == "1"
                && ProcessInfo.processInfo.environment["DISPLAY"] != nil,
                "set LAMINA_SDL_DISPLAY_TEST=1 and DISPLAY (e.g. under Xvfb) to open real SDL windows"))
struct SDLDisplayTests {
    private static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let s = image.premultipliedRGBA8
        let p = s.row(y) + x * 4
        return [p[0], p[1], p[2], p[3]]
    }

    @Test func windowShowsExactlyTheFrameItWasGiven() throws {
        let window = try SDLWindow(title: "lamina-kit-readback", size: CGSize(width: 64, height: 48))
        defer { window.close() }
        #expect(window.pointSize == CGSize(width: 64, height: 48))
        #expect(window.pixelSize.width == 64)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let box = CALayer()
        box.frame = CGRect(x: 32, y: 0, width: 32, height: 24)
        box.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(box)
        let frame = try RectRenderer().renderFrame(root: root, at: 0, pixelWidth: 64, pixelHeight: 48, scale: 1)
        let shown = try #require(try window.presentReadingBack(frame))
        #expect(shown.premultipliedRGBA8.bytes() == frame.premultipliedRGBA8.bytes())
        #expect(Self.pixel(shown, 10, 40) == [255, 0, 0, 255])
        #expect(Self.pixel(shown, 50, 10) == [0, 0, 255, 255])
    }

    @Test func xdotoolClickMovesALayer() throws {
        let title = "lamina-kit-click-\(getpid())"
        let window = try SDLWindow(title: title, size: CGSize(width: 80, height: 60))
        defer { window.close() }
        let root = View()
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let dot = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        dot.backgroundColor = CGColor(red: 0, green: 0.5, blue: 0, alpha: 1)
        let clock = SystemFrameClock()
        let renderer = RectRenderer()
        let host = WindowHost(window: window, renderer: renderer, clock: clock, rootView: root)
        host.atCurrentTime {
            root.addSubview(dot)
            CATransaction.flush()
        }
        var tapped: CGPoint?
        let tap = TapGestureRecognizer { g in
            tapped = g.location(in: root)
            dot.center = g.location(in: root)
        }
        root.addGestureRecognizer(tap)
        host.runTurn()

        let xdotool = Process()
        xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        xdotool.arguments = ["search", "--sync", "--name", title, "mousemove", "--window", "%1", "50", "30",
                             "sleep", "0.2", "click", "1"]
        try xdotool.run()
        let deadline = clock.now + 5
        host.run { tapped == nil && clock.now < deadline }
        xdotool.waitUntilExit()
        let point = try #require(tapped)
        #expect(point == CGPoint(x: 50, y: 30))
        #expect(dot.center == CGPoint(x: 50, y: 30))
        // The dot is drawn where the click was.
        let frame = try renderer.renderFrame(root: root.layer, at: clock.now, pixelWidth: 80, pixelHeight: 60, scale: 1)
        let shown = try #require(try window.presentReadingBack(frame))
        #expect(Self.pixel(shown, 50, 30) == [0, 128, 0, 255])
        #expect(Self.pixel(shown, 5, 5) == [255, 255, 255, 255])
    }

    @Test func xdotoolAltDragPinches() throws {
        let title = "lamina-kit-pinch-\(getpid())"
        let window = try SDLWindow(title: title, size: CGSize(width: 100, height: 100))
        defer { window.close() }
        let root = View()
        let clock = SystemFrameClock()
        let host = WindowHost(window: window, renderer: RectRenderer(), clock: clock, rootView: root)
        var states: [GestureRecognizer.State] = []
        var scale: CGFloat = 1
        let pinch = PinchGestureRecognizer { g in
            states.append(g.state)
            scale = (g as! PinchGestureRecognizer).scale
        }
        root.addGestureRecognizer(pinch)
        host.runTurn()
        let xdotool = Process()
        xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        // From 40 pt right of the centre (50, 50) to 20 pt: scale 0.5.
        xdotool.arguments = ["search", "--sync", "--name", title, "mousemove", "--window", "%1", "90", "50",
                             "sleep", "0.1", "keydown", "alt", "sleep", "0.1", "mousedown", "1",
                             "mousemove", "--window", "%1", "80", "50", "sleep", "0.05",
                             "mousemove", "--window", "%1", "70", "50", "sleep", "0.05",
                             "mouseup", "1", "keyup", "alt"]
        try xdotool.run()
        let deadline = clock.now + 5
        host.run { states.last != .ended && clock.now < deadline }
        xdotool.waitUntilExit()
        #expect(states.first == .began)
        #expect(states.last == .ended)
        #expect(abs(scale - 0.5) < 1e-6)
    }

    @Test func missingDisplayIsAClearError() {
        setenv("SDL_VIDEODRIVER", "bogus-driver", 1)
        defer { unsetenv("SDL_VIDEODRIVER") }
        do {
            let w = try SDLWindow(size: CGSize(width: 10, height: 10))
            w.close()
            Issue.record("a window opened with a bogus video driver")
        } catch let error as WindowError {
            guard case .sdlCallFailed(let call, let message) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(call.hasPrefix("SDL_Init"))
            #expect(!message.isEmpty)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
