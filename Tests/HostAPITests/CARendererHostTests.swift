import Foundation
import QuartzCore
import Testing

// QuartzCore's host API as a host outside the package sees it: a plain `import QuartzCore`,
// no `@testable`, nothing but public names (Examples/MinimalHost is the same host built as a
// separate package, where `package` members cannot be reached at all).

/// A 40 × 30 point tree: an opaque background, a translucent red square and a rounded green
/// one, so the frame has transparent, translucent and anti-aliased pixels.
private func makeTree() -> CALayer {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
    root.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.6, alpha: 1)
    let square = CALayer()
    square.frame = CGRect(x: 4, y: 4, width: 16, height: 16)
    square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
    root.addSublayer(square)
    let round = CALayer()
    round.frame = CGRect(x: 18.5, y: 9.25, width: 17, height: 13)
    round.cornerRadius = 5
    round.backgroundColor = CGColor(red: 0, green: 1, blue: 0.3, alpha: 1)
    root.addSublayer(round)
    return root
}

/// Bytes of a frame image (tightly packed premultiplied RGBA).
private func bytes(of image: CGImage) throws -> [UInt8] {
    #expect(image.bytesPerRow == image.width * 4)
    return [UInt8](try #require(image.dataProvider?.data))
}

/// A renderer showing a fresh tree, media time frozen at `t` while it attaches.
private func makeRenderer(at t: CFTimeInterval = 100, scale: CGFloat = 2) -> (CARenderer, CALayer) {
    let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 40, height: 30), scale: scale)
    let root = makeTree()
    MediaClock.withTime(t) { renderer.layer = root }
    return (renderer, root)
}

@Suite struct CARendererPixelBufferTests {
    @Test func aCallersRGBABufferGetsTheBytesOfRenderImage() throws {
        let (renderer, _) = makeRenderer()
        let expected = try MediaClock.withTime(100) { try bytes(of: renderer.renderImage()) }
        #expect(renderer.pixelWidth == 80 && renderer.pixelHeight == 60)
        // Rows padded to 336 bytes: the padding is the caller's and must stay untouched.
        let bytesPerRow = 336
        var buffer = [UInt8](repeating: 0xEE, count: 60 * bytesPerRow)
        try MediaClock.withTime(100) {
            try buffer.withUnsafeMutableBytes { try renderer.render(into: $0, width: 80, height: 60, bytesPerRow: bytesPerRow) }
        }
        var rows: [UInt8] = []
        for y in 0..<60 {
            rows += buffer[(y * bytesPerRow)..<(y * bytesPerRow + 320)]
            #expect(buffer[(y * bytesPerRow + 320)..<((y + 1) * bytesPerRow)].allSatisfy { $0 == 0xEE })
        }
        #expect(rows == expected)
        // Not a blank frame: the translucent square is there, premultiplied (about 0.5 red
        // over the blue background).
        let p = 2 * (10 * 80 + 10) * 4
        #expect(rows[p + 3] == 255 && rows[p] > 100 && rows[p + 2] < 200)
    }

    @Test func bgraIsRGBAWithRedAndBlueSwappedAtAnyAlignment() throws {
        let (renderer, _) = makeRenderer()
        let rgba = try MediaClock.withTime(100) { try bytes(of: renderer.renderImage()) }
        // One byte into the allocation and an odd row length: drawn through a copy.
        let bytesPerRow = 80 * 4 + 3
        var storage = [UInt8](repeating: 0, count: 1 + 60 * bytesPerRow)
        try MediaClock.withTime(100) {
            try storage.withUnsafeMutableBytes { raw in
                let shifted = UnsafeMutableRawBufferPointer(rebasing: raw[1...])
                try renderer.render(into: shifted, width: 80, height: 60, bytesPerRow: bytesPerRow,
                                    pixelFormat: .bgra8Premultiplied)
            }
        }
        var swapped = rgba
        for i in stride(from: 0, to: swapped.count, by: 4) { swapped.swapAt(i, i + 2) }
        var rows: [UInt8] = []
        for y in 0..<60 { rows += storage[(1 + y * bytesPerRow)..<(1 + y * bytesPerRow + 320)] }
        #expect(rows == swapped)
        #expect(rows != rgba)
    }

    @Test func theBackgroundColorFillsWhereNoLayerDraws() throws {
        let renderer = CARenderer(bounds: CGRect(x: -10, y: 0, width: 20, height: 10))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        renderer.layer = root
        renderer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        var buffer = [UInt8](repeating: 7, count: 20 * 10 * 4)
        try buffer.withUnsafeMutableBytes { try renderer.render(into: $0, width: 20, height: 10, bytesPerRow: 80) }
        #expect(Array(buffer[0..<4]) == [0, 0, 255, 255])      // left of the root: background
        #expect(Array(buffer[60..<64]) == [255, 255, 255, 255]) // x = 15: the root
    }
}

@Suite struct CARendererFrameSchedulingTests {
    @Test func nextFrameTimeIsInfiniteWhenIdleAndFiniteWhileAnimating() throws {
        let (renderer, root) = makeRenderer()
        MediaClock.withTime(100) {
            renderer.beginFrame(atTime: 100)
            renderer.render()
            renderer.endFrame()
        }
        #expect(renderer.nextFrameTime() == .infinity)

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        MediaClock.withTime(100) {
            root.add(fade, forKey: "fade")
            CATransaction.flush()
        }
        for t in [100.25, 100.5] {
            MediaClock.withTime(t) {
                renderer.beginFrame(atTime: t)
                renderer.render()
                renderer.endFrame()
                #expect(renderer.nextFrameTime() == t)
            }
        }
        // The frame at the end removes the animation: idle again.
        MediaClock.withTime(101.5) {
            renderer.beginFrame(atTime: 101.5)
            renderer.render()
            renderer.endFrame()
        }
        #expect(root.animation(forKey: "fade") == nil)
        #expect(renderer.nextFrameTime() == .infinity)
    }

    @Test func aFinishedAnimationKeptOnTheLayerNeedsNoFrames() {
        let (renderer, root) = makeRenderer()
        let move = CABasicAnimation(keyPath: "position.x")
        move.toValue = 5
        move.duration = 0.5
        move.isRemovedOnCompletion = false
        move.fillMode = .forwards
        MediaClock.withTime(100) {
            root.add(move, forKey: "move")
            CATransaction.flush()
            renderer.beginFrame(atTime: 100)
            renderer.endFrame()
        }
        #expect(renderer.nextFrameTime().isFinite)
        MediaClock.withTime(101) {
            renderer.beginFrame(atTime: 101)
            renderer.endFrame()
        }
        #expect(root.animation(forKey: "move") != nil)
        #expect(renderer.nextFrameTime() == .infinity)
    }

    @Test func damageCoversWhatChangedSinceTheLastFrameDrawnAndIsEmptyWhenNothingChanged() throws {
        let (renderer, root) = makeRenderer()
        let square = try #require(root.sublayers?.first)
        // As a host does: draw the frame when it is damaged.
        func frame(at t: CFTimeInterval, draw: Bool = true, _ change: () -> Void = {}) -> CGRect {
            MediaClock.withTime(t) {
                change()
                renderer.beginFrame(atTime: t)
                defer { renderer.endFrame() }
                let damage = renderer.updateBounds()
                if draw, !damage.isEmpty { renderer.render() }
                return damage
            }
        }
        #expect(frame(at: 100) == renderer.bounds)           // the first frame draws everything
        #expect(frame(at: 100.1).isEmpty)                     // nothing changed
        // The root covers the frame: its opacity damages all of it.
        #expect(frame(at: 100.2) { CATransaction.setDisableActions(true); root.opacity = 0.5 } == renderer.bounds)
        #expect(frame(at: 100.3).isEmpty)
        // An implicit animation (the tree is shown): damage on every frame until it ends. Its
        // first frame, at the commit's time, still shows the old value: nothing to redraw.
        #expect(frame(at: 100.4) { root.opacity = 1 }.isEmpty)
        #expect(frame(at: 100.5) == renderer.bounds)
        #expect(frame(at: 100.7) == renderer.bounds)        // ends (0.25 s): its last frame
        #expect(frame(at: 100.8).isEmpty)
        // Moving the square damages its old and new places only (a pixel of margin at 2x).
        let moved = frame(at: 100.85) { CATransaction.setDisableActions(true); square.position.x += 2 }
        #expect(moved.contains(CGRect(x: 4, y: 4, width: 18, height: 16)))
        #expect(moved.width <= 22 && moved.height <= 20 && moved.width * moved.height < 0.4 * 40 * 30)
        // A damaged frame that is not drawn is damaged again in the next one.
        let skipped = frame(at: 100.86, draw: false) { CATransaction.setDisableActions(true); square.position.x -= 2 }
        #expect(!skipped.isEmpty)
        #expect(frame(at: 100.87) == skipped)
        #expect(frame(at: 100.88).isEmpty)
        // addUpdate adds its rectangle, clipped to the bounds.
        MediaClock.withTime(100.9) {
            renderer.beginFrame(atTime: 100.9)
            renderer.addUpdate(CGRect(x: 30, y: 20, width: 100, height: 100))
            #expect(renderer.updateBounds() == CGRect(x: 30, y: 20, width: 10, height: 10))
            renderer.endFrame()
        }
        // A new size is damage too.
        #expect(frame(at: 101) { renderer.bounds = CGRect(x: 0, y: 0, width: 20, height: 30) } == renderer.bounds)
    }

    @Test func incrementalFramesAreTheBytesOfAFullRedraw() throws {
        let (renderer, root) = makeRenderer()
        let square = try #require(root.sublayers?.first)
        for k in 0..<12 {
            let t = 100 + Double(k) / 60
            let (got, expected) = try MediaClock.withTime(t) { () -> ([UInt8], [UInt8]) in
                CATransaction.setDisableActions(k % 3 != 0)   // some changes animate implicitly
                square.position = CGPoint(x: 8 + Double(k % 5) * 3.3, y: 12 + Double(k % 4) * 2.1)
                square.transform = CATransform3DMakeRotation(Double(k) * 0.4, 0, 0, 1)
                CATransaction.setDisableActions(false)
                renderer.beginFrame(atTime: t)
                defer { renderer.endFrame() }
                let incremental = try bytes(of: renderer.renderImage())
                // The same frame again with all of it marked for update: a full redraw.
                renderer.addUpdate(renderer.bounds)
                return (incremental, try bytes(of: renderer.renderImage()))
            }
            #expect(got == expected, "frame \(k)")
        }
    }
}

@Suite struct CARendererBadInputTests {
    @Test(arguments: [
        CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10),
        CGRect(x: 0, y: 0, width: 1e300, height: 10),
        CGRect(x: 0, y: 0, width: CGFloat.infinity, height: CGFloat.infinity),
        CGRect(x: 0, y: 0, width: 0.1, height: 10),
        CGRect(x: 0, y: 0, width: 40_000, height: 40_000),
    ])
    func boundsThatAreNoPixelSizeThrowInvalidBounds(_ bounds: CGRect) throws {
        let (renderer, _) = makeRenderer(scale: 1)
        let good = try renderer.renderImage()
        renderer.bounds = bounds
        #expect(renderer.pixelWidth == 0 && renderer.pixelHeight == 0)
        #expect(isInvalidBounds { try renderer.renderImage() })
        var buffer = [UInt8](repeating: 9, count: 64)
        #expect(isInvalidBounds {
            try buffer.withUnsafeMutableBytes { try renderer.render(into: $0, width: 4, height: 4, bytesPerRow: 16) }
        })
        #expect(buffer.allSatisfy { $0 == 9 })
        renderer.render()                                   // reported, not trapped
        #expect(renderer.makeImage() === good)              // the previous frame stays
    }

    /// Whether `body` throws `CARendererError.invalidBounds` (compared by case: NaN bounds
    /// never equal themselves).
    private func isInvalidBounds(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return false
        } catch CARendererError.invalidBounds {
            return true
        } catch {
            return false
        }
    }

    @Test func buffersThatCannotHoldTheFrameAreRefusedUntouched() {
        let (renderer, _) = makeRenderer(scale: 1)
        var buffer = [UInt8](repeating: 9, count: 40 * 30 * 4)
        buffer.withUnsafeMutableBytes { raw in
            // Wrong size, short rows, too few bytes.
            #expect(throws: CARendererError.self) { try renderer.render(into: raw, width: 30, height: 40, bytesPerRow: 160) }
            #expect(throws: CARendererError.self) { try renderer.render(into: raw, width: 40, height: 30, bytesPerRow: 100) }
            #expect(throws: CARendererError.self) { try renderer.render(into: raw, width: 40, height: 30, bytesPerRow: 200) }
            #expect(throws: CARendererError.self) {
                try renderer.render(into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<100]), width: 40, height: 30, bytesPerRow: 160)
            }
        }
        #expect(buffer.allSatisfy { $0 == 9 })
    }

    @Test func aRendererWithoutALayerThrowsNoLayer() {
        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(throws: CARendererError.noLayer) { try renderer.renderImage() }
        renderer.render()
        #expect(renderer.makeImage() == nil)
        #expect(renderer.nextFrameTime() == .infinity)
    }

    @Test func nonFiniteScalesAreTreatedAsOne() {
        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 4, height: 4), scale: .nan)
        #expect(renderer.scale == 1)
        renderer.scale = -2
        #expect(renderer.scale == 1)
        renderer.scale = 3
        #expect(renderer.pixelWidth == 12)
    }
}

@Suite struct MediaClockTests {
    @Test func withTimeFreezesMediaTimeForItsClosureAndNests() {
        MediaClock.withTime(42) {
            #expect(CACurrentMediaTime() == 42)
            MediaClock.withTime(7) { #expect(CACurrentMediaTime() == 7) }
            #expect(CACurrentMediaTime() == 42)
            // A non-finite time is refused: the clock in effect is kept.
            MediaClock.withTime(.nan) { #expect(CACurrentMediaTime() == 42) }
        }
    }

    @Test func commitsStampAnimationsWithTheInjectedTime() {
        let (renderer, root) = makeRenderer(at: 500)
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.fromValue = 0
        anim.toValue = 1
        MediaClock.withTime(500) {
            root.add(anim, forKey: "a")
            CATransaction.flush()
        }
        #expect(root.animation(forKey: "a")?.beginTime == 500)
        _ = renderer
    }
}
