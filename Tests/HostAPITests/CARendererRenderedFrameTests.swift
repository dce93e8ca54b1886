import Foundation
import QuartzCore
import Testing

// `CARenderer.withRenderedFrame(_:)` as a host outside the package sees it: the kept frame,
// numbered, with the rectangles that changed since the frame before.

/// A 60 × 40 point tree: a background and two small squares.
private func makeTree() -> (root: CALayer, squares: [CALayer]) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    defer { CATransaction.commit() }
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
    root.backgroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.3, alpha: 1)
    let squares = [CGRect(x: 4, y: 4, width: 8, height: 8), CGRect(x: 40, y: 20, width: 10, height: 10)].map { f in
        let l = CALayer()
        l.frame = f
        l.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.8)
        l.cornerRadius = 2
        root.addSublayer(l)
        return l
    }
    return (root, squares)
}

/// The frame's pixels, tightly packed.
private func packed(_ f: CARenderer.RenderedFrame) -> [UInt8] {
    (0..<f.height).flatMap { y in f.pixels[(y * f.bytesPerRow)..<(y * f.bytesPerRow + 4 * f.width)] }
}

/// A full render of a fresh copy of the tree after `edit`.
private func fullRender(scale: CGFloat, _ edit: ([CALayer]) -> Void) throws -> [UInt8] {
    let (root, squares) = makeTree()
    CATransaction.begin(); CATransaction.setDisableActions(true)
    edit(squares)
    CATransaction.commit()
    let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 60, height: 40), scale: scale)
    return try MediaClock.withTime(10) {
        renderer.layer = root
        return [UInt8](try #require(try renderer.renderImage().dataProvider?.data))
    }
}

@Suite struct CARendererRenderedFrameTests {
    @Test func framesAreNumberedAndSayWhatChanged() throws {
        let (root, squares) = makeTree()
        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 60, height: 40), scale: 2)
        MediaClock.withTime(10) { renderer.layer = root }
        func frame(_ body: (CARenderer.RenderedFrame) throws -> Void) throws {
            try MediaClock.withTime(10) {
                renderer.beginFrame(atTime: 10)
                defer { renderer.endFrame() }
                try renderer.withRenderedFrame(body)
            }
        }
        try frame { f in
            #expect(f.frameNumber == 1)
            #expect(f.width == 120 && f.height == 80 && f.bytesPerRow >= 480)
            #expect(f.updatedRects == [CGRect(x: 0, y: 0, width: 120, height: 80)], "the first frame: whole")
            let expected = try fullRender(scale: 2) { _ in }
            #expect(packed(f) == expected)
        }
        // Move the first square: the damage holds its old and new places (pixels at scale 2),
        // not the second square, and the frame equals a full render.
        CATransaction.begin(); CATransaction.setDisableActions(true)
        squares[0].position = CGPoint(x: 14, y: 10)
        CATransaction.commit()
        try frame { f in
            #expect(f.frameNumber == 2)
            #expect(!f.updatedRects.isEmpty)
            let union = f.updatedRects.reduce(CGRect.null) { $0.union($1) }
            #expect(union.contains(CGRect(x: 8, y: 8, width: 16, height: 16)), "old place: \(f.updatedRects)")
            #expect(union.contains(CGRect(x: 20, y: 12, width: 16, height: 16)), "new place: \(f.updatedRects)")
            #expect(!union.intersects(CGRect(x: 80, y: 40, width: 20, height: 20)), "the other square did not change")
            for r in f.updatedRects {
                #expect(r == r.integral && CGRect(x: 0, y: 0, width: 120, height: 80).contains(r))
            }
            let expected = try fullRender(scale: 2) { $0[0].position = CGPoint(x: 14, y: 10) }
            #expect(packed(f) == expected)
        }
        // Nothing changed: no rectangle, the same bytes.
        try frame { f in
            #expect(f.frameNumber == 3)
            #expect(f.updatedRects.isEmpty)
            let expected = try fullRender(scale: 2) { $0[0].position = CGPoint(x: 14, y: 10) }
            #expect(packed(f) == expected)
        }
        // A frame drawn another way counts too.
        _ = try MediaClock.withTime(10) { try renderer.renderImage() }
        try frame { f in #expect(f.frameNumber == 5) }
        // A new pixel size: the whole frame.
        renderer.scale = 1
        try frame { f in
            #expect(f.updatedRects == [CGRect(x: 0, y: 0, width: 60, height: 40)])
            let expected = try fullRender(scale: 1) { $0[0].position = CGPoint(x: 14, y: 10) }
            #expect(packed(f) == expected)
        }
    }

    @Test func failuresThrowWithoutCallingTheBody() {
        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10))
        var called = false
        #expect(throws: CARendererError.self) { try renderer.withRenderedFrame { _ in called = true } }
        renderer.layer = CALayer()
        renderer.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10)
        #expect(throws: CARendererError.self) { try renderer.withRenderedFrame { _ in called = true } }
        #expect(!called)
    }
}
