import Foundation
import Testing
@testable import LaminaKit

/// A texture in memory that also records what was asked of it, and can be told to fail.
final class RecordingTexture: FrameTexture {
    let memory = MemoryFrameTexture()
    private(set) var allocations: [(Int, Int)] = []
    private(set) var uploads: [FrameRect] = []
    var failsUploads = false

    func allocate(width: Int, height: Int) throws {
        allocations.append((width, height))
        try memory.allocate(width: width, height: height)
    }

    func upload(_ rect: FrameRect, from source: UnsafeRawPointer, bytesPerRow: Int) throws {
        if failsUploads { throw WindowError.frameUnreadable(width: rect.width, height: rect.height) }
        uploads.append(rect)
        try memory.upload(rect, from: source, bytesPerRow: bytesPerRow)
    }
}

/// `FrameUploader`: which rectangles of a frame reach the window's texture.
@Suite struct FrameUploaderTests {
    /// A `width` × `height` frame whose pixel (x, y) is (x, y, `tag`, 255), rows padded to
    /// `4 · width + 8` bytes (so a rect upload must honour the stride).
    final class Pixels {
        let width: Int, height: Int, bytesPerRow: Int
        var bytes: [UInt8]
        init(width: Int, height: Int, tag: UInt8) {
            self.width = width; self.height = height; bytesPerRow = 4 * width + 8
            bytes = [UInt8](repeating: 0xEE, count: bytesPerRow * height)
            paint(FrameRect(x: 0, y: 0, width: width, height: height), tag: tag)
        }
        func paint(_ r: FrameRect, tag: UInt8) {
            for y in r.y..<(r.y + r.height) { for x in r.x..<(r.x + r.width) {
                let i = y * bytesPerRow + 4 * x
                bytes[i] = UInt8(x & 255); bytes[i + 1] = UInt8(y & 255); bytes[i + 2] = tag; bytes[i + 3] = 255
            } }
        }
        /// The packed rows, as a texture holds them.
        var packed: [UInt8] {
            (0..<height).flatMap { y in bytes[(y * bytesPerRow)..<(y * bytesPerRow + 4 * width)] }
        }
        func withFrame<R>(source: ObjectIdentifier?, number: Int, updated: [FrameRect],
                          _ body: (WindowFrame) throws -> R) rethrows -> R {
            try bytes.withUnsafeBytes { raw in
                try body(WindowFrame(pixels: raw, width: width, height: height, bytesPerRow: bytesPerRow,
                                     source: source, number: number, updatedRects: updated))
            }
        }
    }

    final class Source {}

    @Test func uploadsOnlyTheUpdatedRectanglesOfTheNextFrame() throws {
        let source = ObjectIdentifier(Source.self)
        let texture = RecordingTexture()
        var uploader = FrameUploader()
        let pixels = Pixels(width: 32, height: 24, tag: 1)
        let whole = FrameRect(x: 0, y: 0, width: 32, height: 24)
        try pixels.withFrame(source: source, number: 1, updated: [whole]) { _ = try uploader.upload($0, to: texture) }
        #expect(texture.uploads == [whole], "the first frame goes up whole")
        #expect(texture.allocations.count == 1)

        let a = FrameRect(x: 3, y: 4, width: 5, height: 6), b = FrameRect(x: 20, y: 10, width: 7, height: 9)
        pixels.paint(a, tag: 2)
        pixels.paint(b, tag: 3)
        let sent = try pixels.withFrame(source: source, number: 2, updated: [a, b]) { frame in
            try uploader.upload(frame, to: texture)
        }
        #expect(sent == [a, b])
        #expect(texture.uploads == [whole, a, b], "only the damage")
        #expect(texture.allocations.count == 1, "same size: the texture is kept")
        #expect(texture.memory.bytes == pixels.packed, "the texture holds frame 2 exactly")
        #expect(uploader.uploadedPixelCount == whole.area + a.area + b.area)
    }

    @Test func aFrameWithoutChangesUploadsNothing() throws {
        let source = ObjectIdentifier(Source.self)
        let texture = RecordingTexture()
        var uploader = FrameUploader()
        let pixels = Pixels(width: 16, height: 16, tag: 1)
        try pixels.withFrame(source: source, number: 1, updated: [FrameRect(x: 0, y: 0, width: 16, height: 16)]) {
            _ = try uploader.upload($0, to: texture)
        }
        let before = texture.uploads.count
        let sent = try pixels.withFrame(source: source, number: 2, updated: []) { try uploader.upload($0, to: texture) }
        #expect(sent.isEmpty)
        #expect(texture.uploads.count == before)
        #expect(uploader.lastUploads.isEmpty)
        #expect(texture.memory.bytes == pixels.packed)
    }

    @Test func wholeFramesAfterAGapASizeChangeNoSourceOrAFailure() throws {
        let source = ObjectIdentifier(Source.self)
        let texture = RecordingTexture()
        var uploader = FrameUploader()
        func send(_ p: Pixels, _ source: ObjectIdentifier?, _ number: Int, _ updated: [FrameRect]) throws -> [FrameRect] {
            try p.withFrame(source: source, number: number, updated: updated) { try uploader.upload($0, to: texture) }
        }
        let small = FrameRect(x: 1, y: 1, width: 2, height: 2)
        let pixels = Pixels(width: 10, height: 8, tag: 1)
        let whole = FrameRect(x: 0, y: 0, width: 10, height: 8)
        #expect(try send(pixels, source, 1, [whole]) == [whole])
        // Frame 3 after frame 1: the texture misses frame 2's changes.
        #expect(try send(pixels, source, 3, [small]) == [whole])
        #expect(try send(pixels, source, 4, [small]) == [small])
        // Another source.
        let other = ObjectIdentifier(Pixels.self)
        #expect(try send(pixels, other, 5, [small]) == [whole])
        // No source (an image), twice.
        #expect(try send(pixels, nil, 0, [small]) == [whole])
        #expect(try send(pixels, nil, 1, [small]) == [whole])
        // A new size: a new texture, whole.
        let bigger = Pixels(width: 12, height: 9, tag: 4)
        let biggerWhole = FrameRect(x: 0, y: 0, width: 12, height: 9)
        #expect(try send(bigger, source, 6, [small]) == [biggerWhole])
        #expect(texture.allocations.count == 2)
        #expect(texture.memory.bytes == bigger.packed)
        // A failed upload leaves the texture unknown: the next frame goes up whole.
        texture.failsUploads = true
        #expect(throws: WindowError.self) { _ = try send(bigger, source, 7, [small]) }
        texture.failsUploads = false
        #expect(try send(bigger, source, 8, [small]) == [biggerWhole])
        #expect(try send(bigger, source, 9, [small]) == [small])
    }

    @Test func badFramesAreAnErrorNotACrash() throws {
        let texture = RecordingTexture()
        var uploader = FrameUploader()
        let bytes = [UInt8](repeating: 0, count: 16)
        try bytes.withUnsafeBytes { raw in
            // Four rows of 16 bytes do not fit in 16 bytes.
            let short = WindowFrame(pixels: raw, width: 4, height: 4, bytesPerRow: 16, source: nil, number: 0,
                                    updatedRects: [])
            #expect(throws: WindowError.self) { try uploader.upload(short, to: texture) }
            let empty = WindowFrame(pixels: raw, width: 0, height: 4, bytesPerRow: 16, source: nil, number: 0,
                                    updatedRects: [])
            #expect(throws: WindowError.self) { try uploader.upload(empty, to: texture) }
        }
        #expect(texture.uploads.isEmpty)
        // Rectangles outside the frame are clipped to it; rects in CG space are rounded out.
        let f = bytes.withUnsafeBytes {
            WindowFrame(pixels: $0, width: 2, height: 2, bytesPerRow: 8, source: nil, number: 0,
                        updatedRects: [FrameRect(x: -5, y: 1, width: 6, height: 9)])
        }
        #expect(f.updatedRects == [FrameRect(x: 0, y: 1, width: 1, height: 1)])
        #expect(FrameRect(covering: CGRect(x: 0.5, y: 1.25, width: 2, height: 1)) == FrameRect(x: 0, y: 1, width: 3, height: 2))
        #expect(FrameRect(covering: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)) == nil)
    }

    @Test func unionAreaCountsOverlapsOnce() {
        #expect(FrameRect.unionArea([]) == 0)
        #expect(FrameRect.unionArea([FrameRect(x: 0, y: 0, width: 10, height: 10),
                                     FrameRect(x: 5, y: 5, width: 10, height: 10)]) == 175)
        #expect(FrameRect.unionArea([FrameRect(x: 0, y: 0, width: 4, height: 4),
                                     FrameRect(x: 1, y: 1, width: 2, height: 2)]) == 16)
    }
}
