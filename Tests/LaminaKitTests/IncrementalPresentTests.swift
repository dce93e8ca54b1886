import Foundation
import Testing
@testable import LaminaKit

/// The window path with the real compositor: the host draws only the damage
/// (`CARenderer.withRenderedFrame(_:)`) and the window uploads only the rectangles that
/// changed, into a headless window's texture — which must then hold exactly what a full
/// render of the same tree draws.
@Suite struct IncrementalPresentTests {
    /// A tree of `count` coloured, bordered, some rounded layers; built twice from one seed,
    /// the two trees are equal.
    final class Tree {
        let root = CALayer()
        var layers: [CALayer] = []

        init(count: Int, size: CGSize) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            root.frame = CGRect(origin: .zero, size: size)
            root.backgroundColor = CGColor(red: 0.1, green: 0.12, blue: 0.2, alpha: 1)
            for i in 0..<count {
                let l = CALayer()
                l.frame = CGRect(x: 4 + 9 * i, y: 6 + 5 * i, width: 14, height: 10)
                l.backgroundColor = CGColor(red: Double(i % 3) / 2, green: 0.6, blue: Double(i % 2), alpha: 0.9)
                l.cornerRadius = i % 2 == 0 ? 3 : 0
                l.borderWidth = 1
                root.addSublayer(l)
                layers.append(l)
            }
            CATransaction.commit()
        }

        /// Edit `step` (deterministic): moves, recolours, fades, rotates, hides, reorders.
        func edit(_ step: Int, random: inout UInt64) {
            func next(_ n: Int) -> Int {
                random = random &* 6364136223846793005 &+ 1442695040888963407
                return Int((random >> 33) % UInt64(n))
            }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let l = layers[next(layers.count)]
            switch next(6) {
            case 0: l.position = CGPoint(x: next(70), y: next(50))
            case 1: l.backgroundColor = CGColor(red: Double(next(5)) / 4, green: 0.3, blue: 0.8, alpha: 1)
            case 2: l.opacity = Float(next(4)) / 3
            case 3: l.transform = CATransform3DMakeRotation(CGFloat(next(8)) * .pi / 8, 0, 0, 1)
            case 4: l.isHidden.toggle()
            default:
                l.removeFromSuperlayer()
                root.insertSublayer(l, at: UInt32(next(layers.count)))
            }
            CATransaction.commit()
        }
    }

    /// A full render of `tree` by a renderer of its own (its first frame: drawn whole).
    static func fullRender(_ tree: Tree, width: Int, height: Int, at t: CFTimeInterval) throws -> [UInt8] {
        let image = try CompositorFrameRenderer().renderFrame(root: tree.root, at: t, pixelWidth: width,
                                                              pixelHeight: height, scale: 1)
        return image.premultipliedRGBA8.bytes()
    }

    struct Fixture {
        let clock = ManualFrameClock(now: 50)
        let window: HeadlessWindow
        let host: WindowHost
        let shown: Tree

        init(size: CGSize = CGSize(width: 80, height: 60), count: Int = 6) throws {
            window = try HeadlessWindow(size: size)
            let shown = Tree(count: count, size: size)
            self.shown = shown
            host = WindowHost(window: window, renderer: CompositorFrameRenderer(), clock: clock,
                              rootLayer: shown.root, runLoop: nil)
            host.runTurn()
        }
    }

    @Test func onlyTheDamageIsUploadedAndTheWindowMatchesAFullRender() throws {
        let f = try Fixture()
        let whole = FrameRect(x: 0, y: 0, width: 80, height: 60)
        #expect(f.window.lastUploads == [whole], "the first frame goes up whole")

        // One small layer moves a little: only around its old and new places.
        f.host.atCurrentTime {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            f.shown.layers[0].position.x += 3
            CATransaction.commit()
        }
        let uploadedBefore = f.window.uploadedPixelCount
        f.host.runFrames(1)
        let uploads = f.window.lastUploads
        #expect(!uploads.isEmpty)
        #expect(uploads.allSatisfy { $0 != whole })
        let area = f.window.uploadedPixelCount - uploadedBefore
        #expect(area > 0 && area < whole.area / 4, "uploaded \(area) of \(whole.area) pixels: \(uploads)")
        let moved = f.shown.layers[0].frame
        #expect(uploads.contains { FrameRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height)
                .intersection(FrameRect(covering: moved)!) == FrameRect(covering: moved)! })
        let frameLog = f.host.frameLog.frames.last
        #expect(frameLog?.damageRectCount == uploads.count)
        #expect((frameLog?.damageFraction ?? 1) < 0.25)

        let reference = Tree(count: 6, size: CGSize(width: 80, height: 60))
        CATransaction.begin(); CATransaction.setDisableActions(true)
        reference.layers[0].position.x += 3
        CATransaction.commit()
        let expected = try Self.fullRender(reference, width: 80, height: 60, at: f.clock.now)
        #expect(f.window.texture.bytes == expected)
    }

    @Test func aSequenceOfIncrementalFramesStaysByteIdenticalToFullRenders() throws {
        let f = try Fixture(count: 8)
        var a: UInt64 = 7
        var partial = 0
        for step in 0..<40 {
            f.host.atCurrentTime { f.shown.edit(step, random: &a) }
            f.host.runFrames(1)
            if f.window.lastUploads != [FrameRect(x: 0, y: 0, width: 80, height: 60)] { partial += 1 }
            // The reference: a tree never shown, built and edited up to this step, drawn whole.
            let reference = Tree(count: 8, size: CGSize(width: 80, height: 60))
            var b: UInt64 = 7
            for k in 0...step { reference.edit(k, random: &b) }
            let expected = try Self.fullRender(reference, width: 80, height: 60, at: f.clock.now)
            #expect(f.window.texture.bytes == expected, "step \(step): uploads \(f.window.lastUploads)")
            if f.window.texture.bytes != expected { break }
        }
        #expect(partial > 30, "most frames upload part of the window (\(partial) of 40)")
    }

    @Test func aFrameWithoutChangesUploadsNothing() throws {
        let f = try Fixture()
        let presented = f.window.presentedFrameCount, uploaded = f.window.uploadedPixelCount
        // Asked to render though nothing changed: presented, nothing uploaded.
        f.host.setNeedsRender()
        f.host.runFrames(1)
        #expect(f.window.presentedFrameCount == presented + 1)
        #expect(f.window.lastUploads.isEmpty)
        #expect(f.window.uploadedPixelCount == uploaded)
        #expect(f.host.frameLog.frames.last?.damageRectCount == 0)
        #expect(f.host.frameLog.frames.last?.damageFraction == 0)
        // Idle turns present nothing at all.
        f.host.runFrames(5)
        #expect(f.window.presentedFrameCount == presented + 1)
    }

    @Test func resizesAndFramesDrawnElsewhereUploadWhole() throws {
        let f = try Fixture()
        try f.window.resize(to: CGSize(width: 50, height: 40), at: f.clock.now)
        f.host.runFrames(1)
        #expect(f.window.lastUploads == [FrameRect(x: 0, y: 0, width: 50, height: 40)])
        // A screenshot draws a frame the window never gets: the next present goes up whole.
        f.host.atCurrentTime {
            CATransaction.begin(); CATransaction.setDisableActions(true)
            f.shown.layers[1].backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            CATransaction.commit()
        }
        _ = try f.host.renderCurrentFrame()
        f.host.setNeedsRender()
        f.host.runFrames(1)
        #expect(f.window.lastUploads == [FrameRect(x: 0, y: 0, width: 50, height: 40)])
        let reference = Tree(count: 6, size: CGSize(width: 50, height: 40))
        CATransaction.begin(); CATransaction.setDisableActions(true)
        reference.layers[1].backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.commit()
        let expected = try Self.fullRender(reference, width: 50, height: 40, at: f.clock.now)
        #expect(f.window.texture.bytes == expected)
        // The window's image is the texture.
        #expect(f.window.lastFrame?.premultipliedRGBA8.bytes() == f.window.texture.bytes)
    }

    @Test func theOverlayShowsFrameTimeDropsAndDamageAndOutlinesTheDamage() throws {
        let f = try Fixture(size: CGSize(width: 320, height: 120))
        f.host.showsDebugOverlay = true
        f.host.showsDamageOutlines = true
        let overlay = try #require(f.host.debugOverlay)
        #expect(f.host.rootLayer.sublayers?.contains { $0 === overlay.outlines } == true)
        func move() {
            f.host.atCurrentTime {
                CATransaction.begin(); CATransaction.setDisableActions(true)
                f.shown.layers[5].position.x += 40
                CATransaction.commit()
            }
            f.host.runFrames(1)
        }
        move()
        move()
        let text = try #require(overlay.text.string as? String)
        #expect(text.contains(" ms"), "\(text)")
        #expect(text.contains("dropped 0"), "\(text)")
        #expect(text.contains("damage "), "\(text)")
        #expect(text.contains("rects"), "\(text)")
        let outlined = overlay.outlinedRects
        #expect(!outlined.isEmpty)
        // The outlines are the previous frame's damage, in points.
        let previous = f.host.frameLog.frames[f.host.frameLog.frames.count - 2]
        #expect(outlined.count == previous.damageRectCount)
        f.host.showsDamageOutlines = false
        move()
        #expect(overlay.outlinedRects.isEmpty)
        if let path = ProcessInfo.processInfo.environment["LAMINA_KIT_OVERLAY_PNG"] {
            try #require(f.window.lastFrame).writePNG(to: path)
        }
    }

    /// A headless window whose scale changes while its pixel size stays (as a window moved to
    /// a display of another density may).
    final class RescalingWindow: WindowBackend {
        let inner: HeadlessWindow
        var pointSize: CGSize
        init(_ inner: HeadlessWindow) { self.inner = inner; pointSize = inner.pointSize }
        var title: String {
            get { inner.title }
            set { inner.title = newValue }
        }
        var pixelSize: (width: Int, height: Int) { inner.pixelSize }
        var refreshRate: Double { inner.refreshRate }
        var isOpen: Bool { inner.isOpen }
        func pollEvents(now: CFTimeInterval, limit: Int) -> [InputEvent] { inner.pollEvents(now: now, limit: limit) }
        func present(_ image: CGImage) throws { try inner.present(image) }
        func present(_ frame: WindowFrame) throws { try inner.present(frame) }
        func close() { inner.close() }
    }

    @Test func aScaleChangeUploadsTheWholeFrame() throws {
        let inner = try HeadlessWindow(size: CGSize(width: 80, height: 60))
        let window = RescalingWindow(inner)
        let clock = ManualFrameClock(now: 50)
        let shown = Tree(count: 6, size: CGSize(width: 80, height: 60))
        let host = WindowHost(window: window, renderer: CompositorFrameRenderer(), clock: clock, rootLayer: shown.root,
                              runLoop: nil)
        host.runTurn()
        let whole = FrameRect(x: 0, y: 0, width: 80, height: 60)
        #expect(inner.lastUploads == [whole])
        window.pointSize = CGSize(width: 40, height: 30)
        host.runFrames(1)
        #expect(inner.lastUploads == [whole], "a new scale: whole")
        let reference = Tree(count: 6, size: CGSize(width: 80, height: 60))
        let expected = try CompositorFrameRenderer().renderFrame(root: reference.root, at: clock.now, pixelWidth: 80,
                                                                 pixelHeight: 60, scale: 2)
        #expect(inner.texture.bytes == expected.premultipliedRGBA8.bytes())
        host.setNeedsRender()
        host.runFrames(1)
        #expect(inner.lastUploads.isEmpty, "then nothing again")
    }
}
