import Foundation
import Testing
@testable import LaminaKit

/// `LaminaApplication`, the public entry point, driven headless (the example package in
/// Examples/HelloLamina checks that it compiles from outside the package).
@Suite struct ApplicationTests {
    private static func app(width: CGFloat = 40, height: CGFloat = 30) throws -> LaminaApplication {
        try LaminaApplication(title: "test", size: CGSize(width: width, height: height), headless: true)
    }

    private static func lastFrame(_ app: LaminaApplication) -> CGImage? {
        (app.host.window as? HeadlessWindow)?.lastFrame
    }

    private static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let s = image.premultipliedRGBA8
        let p = s.row(y) + x * 4
        return [p[0], p[1], p[2], p[3]]
    }

    @Test func headlessAppShowsTheRootViewAndItsSubviews() throws {
        let app = try Self.app()
        #expect(app.isHeadless)
        #expect(app.headlessReason == nil)
        #expect(app.rootView.bounds.size == CGSize(width: 40, height: 30))
        app.rootView.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let square = View(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        app.rootView.addSubview(square)
        app.runFrames(1)
        let frame = try #require(Self.lastFrame(app))
        #expect(frame.width == 40)
        #expect(frame.height == 30)
        #expect(Self.pixel(frame, 15, 15) == [255, 0, 0, 255])
        #expect(Self.pixel(frame, 2, 2) == [0, 0, 255, 255])
    }

    @Test func tapWithATypedHandlerAnimatesTheView() throws {
        let app = try Self.app(width: 100, height: 80)
        let square = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        app.rootView.addSubview(square)
        var taps = 0
        let tap = TapGestureRecognizer { tap in
            taps += 1
            #expect(tap.numberOfTapsRequired == 1)
            View.animate(withDuration: 0.5) { square.center = tap.location(in: app.rootView) }
        }
        app.rootView.addGestureRecognizer(tap)
        try app.playInput("tap 60 40")
        #expect(taps == 1)
        #expect(square.center == CGPoint(x: 60, y: 40))
        // A few frames into the half-second animation the square is still on its way.
        app.runFrames(5)
        let presented = try #require(app.host.atCurrentTime { square.layer.presentation()?.position })
        #expect(presented.x > 5)
        #expect(presented.x < 60)
        app.runFrames(40)
        #expect(app.host.atCurrentTime { square.layer.presentation()?.position } == CGPoint(x: 60, y: 40))
    }

    @Test func displayLinksAndTimersRunInTheLoop() throws {
        let app = try Self.app()
        var linkCalls = 0, timerCalls = 0
        let link = DisplayLink { link in
            linkCalls += 1
            #expect(link.duration > 0)
        }
        app.add(link)
        app.schedule(after: 0.05) { _ in timerCalls += 1 }
        let start = app.currentTime
        app.runFrames(6)
        #expect(linkCalls == 6)
        #expect(timerCalls == 1)
        #expect(abs(app.currentTime - start - 6 * app.refreshInterval) < 1e-9)
        link.invalidate()
        app.runFrames(2)
        #expect(linkCalls == 6)
    }

    @Test func keyHandlerSeesKeysAndQuitEndsTheRun() throws {
        let app = try Self.app()
        var keys: [Int32] = []
        app.keyHandler = { key, _ in if key.isDown { keys.append(key.keyCode) } }
        try app.playInput("key 27")
        #expect(keys == [KeyCode.escape])
        #expect(app.isRunning)
        app.quit()
        #expect(!app.isRunning)
    }

    @Test func badInputScriptNamesTheLine() throws {
        let app = try Self.app()
        do {
            try app.playInput("frames 1; jump 3 4")
            Issue.record("a bad script was accepted")
        } catch let error as InputScript.Error {
            #expect(error.line == 2)
        }
    }

    @Test func invalidSizeThrowsALaminaError() {
        #expect(throws: LaminaError.self) {
            _ = try LaminaApplication(size: CGSize(width: 0, height: 10), headless: true)
        }
        #expect(throws: LaminaError.self) {
            _ = try LaminaApplication(size: CGSize(width: CGFloat.nan, height: 10), headless: true)
        }
    }

    @Test func missingSDLFallsBackToHeadlessAndSaysWhy() throws {
        let app = try LaminaApplication(title: "t", size: CGSize(width: 20, height: 20), headless: false,
                                        sdlLibrary: "libSDL2-does-not-exist.so.9")
        #expect(app.isHeadless)
        #expect(app.headlessReason?.hasPrefix("SDL2 not found") == true)
    }

    @Test func writeFrameWritesAPNGOfTheWindow() throws {
        let app = try Self.app(width: 16, height: 12)
        app.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let path = NSTemporaryDirectory() + "lamina-app-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Before any frame was presented it renders the tree now.
        try app.writeFrame(toPNG: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        app.runFrames(1)
        let frame = try #require(Self.lastFrame(app))
        #expect(Self.pixel(frame, 8, 6) == [0, 255, 0, 255])
    }

    /// A subclass overriding the open methods (as an app would) gets layout and touches.
    @Test func viewSubclassOverridesAreCalled() throws {
        final class Recorder: View {
            var layouts = 0
            var began = 0
            override func layoutSubviews() { layouts += 1 }
            override func touchesBegan(_ touches: [Touch]) { began += touches.count }
        }
        let app = try Self.app()
        let view = Recorder(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        app.rootView.addSubview(view)
        view.setNeedsLayout()
        try app.playInput("tap 5 5")
        #expect(view.layouts >= 1)
        #expect(view.began == 1)
    }
}

@Suite struct ViewDrawingTests {
    /// `draw(_:in:)` draws in the view's bounds space with y down: a fill of the top half
    /// lands in the top half of the view on screen.
    @Test func drawOverrideDrawsInBoundsSpaceYDown() throws {
        final class TopHalf: View {
            var rects: [CGRect] = []
            override func draw(_ rect: CGRect, in context: CGContext) {
                rects.append(rect)
                context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                context.fill(CGRect(x: 0, y: 0, width: rect.width, height: rect.height / 2))
            }
        }
        let app = try LaminaApplication(title: "t", size: CGSize(width: 40, height: 40), headless: true)
        app.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        let view = TopHalf(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        app.rootView.addSubview(view)
        view.setNeedsDisplay()
        app.runFrames(1)
        #expect(view.rects == [CGRect(x: 0, y: 0, width: 20, height: 20)])
        let frame = try #require((app.host.window as? HeadlessWindow)?.lastFrame)
        let s = frame.premultipliedRGBA8
        let top = s.row(14) + 20 * 4, bottom = s.row(26) + 20 * 4
        #expect(top[0] == 255)
        #expect(bottom[0] == 0)
    }
}

@Suite struct ApplicationRunTests {
    /// The headless `run()` plays LAMINA_INPUT, stops after LAMINA_FRAMES frames and writes
    /// LAMINA_OUTPUT.
    @Test func headlessRunFollowsTheEnvironment() throws {
        let app = try LaminaApplication(title: "t", size: CGSize(width: 30, height: 20), headless: true)
        var taps = 0
        app.rootView.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
        let path = NSTemporaryDirectory() + "lamina-run-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let start = app.currentTime
        app.run(environment: ["LAMINA_FRAMES": "12", "LAMINA_INPUT": "tap 10 10; frames 3", "LAMINA_OUTPUT": path])
        #expect(taps == 1)
        #expect(abs(app.currentTime - start - 12 * app.refreshInterval) < 1e-9)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    /// A bad frame count or script is reported and the run still ends with the default count.
    @Test func badSettingsDoNotStopTheRun() throws {
        let app = try LaminaApplication(title: "t", size: CGSize(width: 10, height: 10), headless: true)
        let start = app.currentTime
        app.run(environment: ["LAMINA_FRAMES": "many", "LAMINA_INPUT": "fly 1 2"])
        let frames = (app.currentTime - start) / app.refreshInterval
        #expect(abs(frames - Double(LaminaApplication.defaultHeadlessFrameCount)) < 1e-6)
    }
}
