import Foundation
import Testing
@testable import LaminaKit

@Suite struct WindowBackendTests {
    @Test func sdlMissingLibraryGivesInstallHint() {
        do {
            _ = try SDLWindow(size: CGSize(width: 100, height: 100), libraryName: "libSDL2-does-not-exist.so.9")
            Issue.record("a window opened with a bogus SDL library")
        } catch let error as WindowError {
            guard case .sdlNotFound(let library, _) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(library == "libSDL2-does-not-exist.so.9")
            #expect(error.description.hasPrefix("SDL2 not found: apt-get install libsdl2-2.0-0"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    /// Runs where there is no display server (CI): whether or not SDL is installed, opening a
    /// window gives a clear error instead of a window that shows nowhere.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] == nil
                   && ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil, "a display server is set"))
    func noDisplayGivesAClearError() {
        do {
            let w = try SDLWindow(size: CGSize(width: 10, height: 10))
            w.close()
            Issue.record("a window opened without a display")
        } catch let error as WindowError {
            switch error {
            case .noDisplay, .sdlNotFound, .sdlCallFailed: #expect(!error.description.isEmpty)
            default: Issue.record("wrong error \(error)")
            }
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func headlessRejectsBadSizes() {
        #expect(throws: WindowError.self) { try HeadlessWindow(size: CGSize(width: CGFloat.nan, height: 10)) }
        #expect(throws: WindowError.self) { try HeadlessWindow(size: CGSize(width: 0, height: 10)) }
        #expect(throws: WindowError.self) { try HeadlessWindow(size: CGSize(width: 1e9, height: 10)) }
        #expect(throws: WindowError.self) { try HeadlessWindow(size: CGSize(width: 10, height: 10), scale: -2) }
    }

    @Test func headlessSizesAndScale() throws {
        let w = try HeadlessWindow(size: CGSize(width: 40, height: 30), scale: 2)
        #expect(w.pixelSize.width == 80)
        #expect(w.pixelSize.height == 60)
        #expect(w.scale == 2)
        try w.resize(to: CGSize(width: 50, height: 20), at: 1)
        #expect(w.pixelSize.width == 100)
        #expect(w.pendingEventCount == 1)
        #expect(throws: WindowError.self) { try w.resize(to: CGSize(width: -1, height: 20), at: 1) }
        #expect(w.pointSize.width == 50)
    }

    @Test func headlessPollRespectsLimitAndOrder() throws {
        let w = try HeadlessWindow(size: CGSize(width: 10, height: 10))
        for i in 0..<5 { w.post(InputEvent(.pointerMoved(location: CGPoint(x: i, y: 0)), at: Double(i))) }
        let first = w.pollEvents(now: 10, limit: 3)
        #expect(first.count == 3)
        #expect(first.last?.timestamp == 2)
        let rest = w.pollEvents(now: 10, limit: 100)
        #expect(rest.count == 2)
        #expect(w.pendingEventCount == 0)
    }

    @Test func headlessPresentAndClose() throws {
        let w = try HeadlessWindow(size: CGSize(width: 4, height: 4))
        #expect(throws: HeadlessWindowError.self) { try w.writeLastFrame(toPNG: "/tmp/never.png") }
        let image = try FakeRenderer().renderFrame(root: CALayer(), at: 0, pixelWidth: 4, pixelHeight: 4, scale: 1)
        try w.present(image)
        #expect(w.presentedFrameCount == 1)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-kit-\(UUID()).png").path
        try w.writeLastFrame(toPNG: path)
        #expect(FileManager.default.fileExists(atPath: path))
        try? FileManager.default.removeItem(atPath: path)
        w.close()
        #expect(throws: WindowError.self) { try w.present(image) }
    }
}

@Suite struct SDLEventDecoderTests {
    /// A zeroed 56-byte SDL_Event with `type` and `timestamp` set.
    private func event(_ type: UInt32, ms: UInt32 = 1000, _ fill: (UnsafeMutableRawPointer) -> Void) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: SDLEventDecoder.eventSize)
        bytes.withUnsafeMutableBytes { p in
            p.storeBytes(of: type, toByteOffset: 0, as: UInt32.self)
            p.storeBytes(of: ms, toByteOffset: 4, as: UInt32.self)
            fill(p.baseAddress!)
        }
        return bytes
    }

    private func decode(_ bytes: [UInt8], _ d: inout SDLEventDecoder) -> InputEvent? {
        bytes.withUnsafeBytes { p in
            d.decode(p.baseAddress!, pointSize: CGSize(width: 200, height: 100)) { Double($0) / 1000 }
        }
    }

    @Test func mouseButtonAndMotion() {
        var d = SDLEventDecoder()
        let down = event(0x401, ms: 1500) { p in
            p.storeBytes(of: UInt8(1), toByteOffset: 16, as: UInt8.self)
            p.storeBytes(of: Int32(12), toByteOffset: 20, as: Int32.self)
            p.storeBytes(of: Int32(34), toByteOffset: 24, as: Int32.self)
        }
        let e = decode(down, &d)
        guard case .pointerDown(let location, let button)? = e?.kind else {
            Issue.record("not a pointer down: \(String(describing: e))")
            return
        }
        #expect(location == CGPoint(x: 12, y: 34))
        #expect(button == .primary)
        #expect(e?.timestamp == 1.5)

        // Synthesised from a touch: dropped.
        let fromTouch = event(0x400) { p in p.storeBytes(of: UInt32.max, toByteOffset: 12, as: UInt32.self) }
        #expect(decode(fromTouch, &d) == nil)
    }

    @Test func keyboardModifiersStickToLaterEvents() {
        var d = SDLEventDecoder()
        let altDown = event(0x300) { p in
            p.storeBytes(of: KeyCode.leftAlt, toByteOffset: 20, as: Int32.self)
            p.storeBytes(of: UInt16(0x0100), toByteOffset: 24, as: UInt16.self)
        }
        guard case .key(let key)? = decode(altDown, &d)?.kind else {
            Issue.record("not a key event")
            return
        }
        #expect(key.isDown)
        #expect(key.keyCode == KeyCode.leftAlt)
        let motion = event(0x400) { p in p.storeBytes(of: Int32(5), toByteOffset: 20, as: Int32.self) }
        #expect(decode(motion, &d)?.modifiers == .alt)
    }

    @Test func fingerPositionsAreScaledToPoints() {
        var d = SDLEventDecoder()
        let finger = event(0x700) { p in
            p.storeBytes(of: Int64(3), toByteOffset: 16, as: Int64.self)
            p.storeBytes(of: Float(0.25), toByteOffset: 24, as: Float.self)
            p.storeBytes(of: Float(0.5), toByteOffset: 28, as: Float.self)
        }
        guard case .touch(_, let phase, let location)? = decode(finger, &d)?.kind else {
            Issue.record("not a touch")
            return
        }
        #expect(phase == .began)
        #expect(location == CGPoint(x: 50, y: 50))
    }

    @Test func windowResizeCloseAndWheel() {
        var d = SDLEventDecoder()
        let resize = event(0x200) { p in
            p.storeBytes(of: UInt8(6), toByteOffset: 12, as: UInt8.self)
            p.storeBytes(of: Int32(640), toByteOffset: 16, as: Int32.self)
            p.storeBytes(of: Int32(480), toByteOffset: 20, as: Int32.self)
        }
        guard case .resized(let size)? = decode(resize, &d)?.kind else {
            Issue.record("not a resize")
            return
        }
        #expect(size == CGSize(width: 640, height: 480))
        let close = event(0x200) { p in p.storeBytes(of: UInt8(14), toByteOffset: 12, as: UInt8.self) }
        guard case .closeRequested? = decode(close, &d)?.kind else {
            Issue.record("not a close")
            return
        }
        let wheel = event(0x403) { p in
            p.storeBytes(of: Int32(-2), toByteOffset: 20, as: Int32.self)
            p.storeBytes(of: UInt32(1), toByteOffset: 24, as: UInt32.self)
        }
        guard case .wheel(let delta, _)? = decode(wheel, &d)?.kind else {
            Issue.record("not a wheel event")
            return
        }
        #expect(delta.dy == 2)
        #expect(decode(event(0x1234) { _ in }, &d) == nil)
    }
}

@Suite struct WindowFactoryTests {
    @Test func fallsBackToHeadlessWithTheReason() throws {
        let result = try WindowFactory.open(title: "t", size: CGSize(width: 8, height: 8), sdlLibrary: "libSDL2-missing.so.0")
        #expect(result.window is HeadlessWindow)
        guard case .sdlNotFound? = result.fallbackReason else {
            Issue.record("no fallback reason")
            return
        }
        #expect(throws: WindowError.self) {
            try WindowFactory.open(title: "t", size: CGSize(width: 8, height: 8), fallBackToHeadless: false,
                                   sdlLibrary: "libSDL2-missing.so.0")
        }
        #expect(throws: WindowError.self) { try WindowFactory.open(title: "t", size: .zero, headless: true) }
    }

    @Test func headlessFramesAreWrittenAsNumberedPNGs() throws {
        let window = try HeadlessWindow(size: CGSize(width: 4, height: 4))
        window.keepsAllFrames = true
        let host = WindowHost(window: window, renderer: FakeRenderer(), clock: ManualFrameClock())
        host.atCurrentTime {
            CATransaction.setAnimationDuration(0.05)
            host.rootLayer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        }
        host.runFrames(5)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-kit-frames-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let paths = try window.writeFrames(toDirectory: dir)
        #expect(paths.count == window.presentedFrameCount)
        #expect(paths.first?.hasSuffix("frame-0000.png") == true)
        #expect(paths.allSatisfy { FileManager.default.fileExists(atPath: $0) })
    }
}
