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
        // Sublayers at any depth, translated only (frames in the parent's bounds space), opaque.
        func draw(_ layer: CALayer, origin: CGPoint) {
            for child in layer.sublayers ?? [] where !child.isHidden {
                let f = child.frame
                let r = CGRect(x: origin.x + f.minX - layer.bounds.minX, y: origin.y + f.minY - layer.bounds.minY,
                               width: f.width, height: f.height)
                let x0 = max(0, Int((r.minX * scale).rounded())), x1 = min(pixelWidth, Int((r.maxX * scale).rounded()))
                let y0 = max(0, Int((r.minY * scale).rounded())), y1 = min(pixelHeight, Int((r.maxY * scale).rounded()))
                if x0 < x1, y0 < y1, child.backgroundColor != nil {
                    let p = paint(child.backgroundColor).packed
                    for y in y0..<y1 {
                        let row = surface.row32(y)
                        for x in x0..<x1 { row[x] = p }
                    }
                }
                draw(child, origin: r.origin)
            }
        }
        draw(shown, origin: .zero)
        return CGImage(surface: surface)
    }
}

/// Real SDL2 window checks. They need a display and open windows, so they run only when asked:
///
///     Xvfb :77 -screen 0 320x240x24 &
///     DISPLAY=:77 LAMINA_SDL_DISPLAY_TEST=1 swift test --filter SDLDisplayTests
///
/// (apt-get install libsdl2-2.0-0 xvfb xdotool x11-apps). Without them the suite is skipped. Serialized:
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

    /// The window path as the host drives it: the renderer draws only the damage and the
    /// window uploads only the rectangles that changed (SDL_UpdateTexture with a rect each),
    /// yet the window shows exactly the renderer's whole frame.
    @Test func windowUploadsOnlyTheDamageAndShowsTheWholeFrame() throws {
        let window = try SDLWindow(title: "lamina-kit-damage", size: CGSize(width: 64, height: 48))
        defer { window.close() }
        let whole = FrameRect(x: 0, y: 0, width: 64, height: 48)
        let root = CALayer(), box = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        box.frame = CGRect(x: 4, y: 4, width: 10, height: 10)
        box.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        box.cornerRadius = 3
        root.addSublayer(box)
        CATransaction.commit()
        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 64, height: 48))
        renderer.layer = root
        func present(at t: CFTimeInterval) throws -> (shown: CGImage, expected: CGImage) {
            renderer.beginFrame(atTime: t)
            defer { renderer.endFrame() }
            return try renderer.withRenderedFrame { frame in
                let expected = try #require(WindowFrame(frame, from: renderer).makeImage())
                let shown = try #require(try window.presentReadingBack(WindowFrame(frame, from: renderer)))
                return (shown, expected)
            }
        }
        var (shown, expected) = try present(at: 1)
        #expect(window.lastUploads == [whole])
        #expect(shown.premultipliedRGBA8.bytes() == expected.premultipliedRGBA8.bytes())
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        box.position = CGPoint(x: 45, y: 35)
        CATransaction.commit()
        (shown, expected) = try present(at: 2)
        #expect(!window.lastUploads.isEmpty)
        #expect(!window.lastUploads.contains(whole), "\(window.lastUploads)")
        #expect(shown.premultipliedRGBA8.bytes() == expected.premultipliedRGBA8.bytes())
        #expect(Self.pixel(shown, 45, 35) == [0, 0, 255, 255])
        #expect(Self.pixel(shown, 9, 9) == [255, 0, 0, 255])
        // Nothing changed: nothing uploaded, the same picture shown.
        (shown, expected) = try present(at: 3)
        #expect(window.lastUploads.isEmpty)
        #expect(shown.premultipliedRGBA8.bytes() == expected.premultipliedRGBA8.bytes())
    }

    /// Runs a tool and returns its standard output.
    private static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// Straight RGB of every pixel of an XWD dump (`xwd -id … -silent`) of a 24/32-bit
    /// TrueColor window: a 100-byte big-endian header of 25 CARD32s, the window name, the
    /// colour map (12 bytes an entry), then the rows.
    private static func decodeXWD(_ data: Data) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let bytes = [UInt8](data)
        func card32(_ i: Int) -> Int {
            let o = i * 4
            return Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
        }
        try #require(bytes.count >= 100)
        let headerSize = card32(0), width = card32(4), height = card32(5), byteOrder = card32(7)
        let bitsPerPixel = card32(11), bytesPerLine = card32(12)
        let masks = (card32(14), card32(15), card32(16)), colours = card32(19)
        try #require(bitsPerPixel == 32)
        let start = headerSize + colours * 12
        try #require(bytes.count >= start + bytesPerLine * height)
        func channel(_ v: Int, _ mask: Int) -> UInt8 {
            guard mask != 0 else { return 0 }
            return UInt8(truncatingIfNeeded: (v & mask) >> mask.trailingZeroBitCount)
        }
        var rgb: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let o = start + y * bytesPerLine + x * 4
                let v = byteOrder == 0
                    ? Int(bytes[o]) | Int(bytes[o + 1]) << 8 | Int(bytes[o + 2]) << 16 | Int(bytes[o + 3]) << 24
                    : Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
                rgb += [channel(v, masks.0), channel(v, masks.1), channel(v, masks.2)]
            }
        }
        return (width, height, rgb)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xwd")
                   && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"), "needs xwd and xdotool"))
    func screenshotMatchesTheHeadlessRender() throws {
        let title = "lamina-kit-shot-\(getpid())"
        let size = CGSize(width: 64, height: 48)
        let window = try SDLWindow(title: title, size: size)
        defer { window.close() }
        let headless = try HeadlessWindow(size: size)
        // The same scene in both windows, through the same renderer and host code.
        func scene(_ w: WindowBackend) -> WindowHost {
            let root = View()
            root.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            let box = View(frame: CGRect(x: 8, y: 8, width: 24, height: 16))
            box.backgroundColor = CGColor(red: 0, green: 0.25, blue: 1, alpha: 1)
            let host = WindowHost(window: w, renderer: RectRenderer(), clock: ManualFrameClock(), rootView: root)
            host.atCurrentTime {
                root.addSubview(box)
                CATransaction.flush()
            }
            return host
        }
        let sdlHost = scene(window), headlessHost = scene(headless)
        sdlHost.runFrames(1)
        headlessHost.runFrames(1)
        usleep(300_000)
        sdlHost.setNeedsRender()
        sdlHost.runFrames(1)
        usleep(200_000)
        let id = String(decoding: try Self.run("/usr/bin/xdotool", ["search", "--sync", "--name", title]), as: UTF8.self)
            .split(separator: "\n").first.map(String.init) ?? ""
        try #require(!id.isEmpty)
        let shot = try Self.decodeXWD(try Self.run("/usr/bin/xwd", ["-id", id, "-silent"]))
        #expect(shot.width == 64)
        #expect(shot.height == 48)
        let expected = try #require(headless.lastFrame).premultipliedRGBA8
        var mismatches = 0
        for y in 0..<min(48, shot.height) {
            for x in 0..<min(64, shot.width) {
                let e = expected.row(y) + x * 4
                let i = (y * shot.width + x) * 3
                if shot.rgb[i] != e[0] || shot.rgb[i + 1] != e[1] || shot.rgb[i + 2] != e[2] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0, "first pixel \(shot.rgb.prefix(3)), box pixel \(shot.rgb[(10 * shot.width + 10) * 3..<(10 * shot.width + 10) * 3 + 3])")
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
            scale = g.scale
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

    @Test func noDisplayServerIsAClearError() {
        let display = ProcessInfo.processInfo.environment["DISPLAY"]
        unsetenv("DISPLAY")
        defer { if let display { setenv("DISPLAY", display, 1) } }
        do {
            let w = try SDLWindow(size: CGSize(width: 10, height: 10))
            w.close()
            Issue.record("a window opened without a display")
        } catch let error as WindowError {
            // SDL either fails to initialise or falls back to its offscreen driver.
            switch error {
            case .noDisplay: #expect(error.description.hasPrefix("no display: "))
            case .sdlCallFailed(let call, _): #expect(call.hasPrefix("SDL_Init"))
            default: Issue.record("wrong error \(error)")
            }
        } catch {
            Issue.record("unexpected error \(error)")
        }
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
