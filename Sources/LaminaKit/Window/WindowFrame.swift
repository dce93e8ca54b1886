import Foundation
import QuartzCore

/// A rectangle of device pixels of a frame: origin at the frame's top-left, y down.
package struct FrameRect: Hashable, Sendable, CustomStringConvertible {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The pixels a `CGRect` in pixel space touches (rounded out), or nil for a rectangle
    /// that is not finite.
    package init?(covering r: CGRect) {
        let s = r.standardized
        guard s.minX.isFinite, s.minY.isFinite, s.maxX.isFinite, s.maxY.isFinite,
              abs(s.minX) < 1e9, abs(s.minY) < 1e9, abs(s.maxX) < 1e9, abs(s.maxY) < 1e9 else { return nil }
        let x0 = Int(s.minX.rounded(.down)), y0 = Int(s.minY.rounded(.down))
        self.init(x: x0, y: y0, width: Int(s.maxX.rounded(.up)) - x0, height: Int(s.maxY.rounded(.up)) - y0)
    }

    package var isEmpty: Bool { width <= 0 || height <= 0 }
    package var area: Int { isEmpty ? 0 : width * height }

    /// The part inside both (empty rectangles come out with zero size).
    package func intersection(_ o: FrameRect) -> FrameRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(x + width, o.x + o.width), y1 = min(y + height, o.y + o.height)
        return FrameRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    package var description: String { "(\(x), \(y)) \(width)x\(height)" }

    /// Pixels covered by `rects` (overlaps counted once): a sweep over the rows where a
    /// rectangle starts or ends. Meant for the few rectangles of a frame's damage.
    package static func unionArea(_ rects: [FrameRect]) -> Int {
        let rs = rects.filter { !$0.isEmpty }
        guard !rs.isEmpty else { return 0 }
        let ys = Set(rs.flatMap { [$0.y, $0.y + $0.height] }).sorted()
        var total = 0
        for (y0, y1) in zip(ys, ys.dropFirst()) {
            let spans = rs.filter { $0.y <= y0 && $0.y + $0.height >= y1 }.map { ($0.x, $0.x + $0.width) }.sorted { $0.0 < $1.0 }
            var covered = 0, end = Int.min
            for (a, b) in spans {
                let s = max(a, end)
                if b > s { covered += b - s }
                end = max(end, b)
            }
            total += covered * (y1 - y0)
        }
        return total
    }
}

/// A frame as a window receives it: its pixels, lent for the duration of the present call,
/// and the rectangles that changed since the frame before it.
///
/// Pixels: premultiplied 8-bit RGBA, bytes R, G, B, A in memory (SDL's `ABGR8888` on
/// little-endian machines), `height` rows top to bottom, `bytesPerRow` apart.
///
/// Frames from one source (one `CARenderer`) are numbered 1, 2, 3…; `updatedRects` says
/// which pixels may differ from frame `number - 1` of that source, so a window whose texture
/// holds that frame uploads only them (`FrameUploader`). A frame without a source (an image a
/// stand-in renderer made) is new everywhere.
package struct WindowFrame {
    /// Valid only during the call that hands the frame over; read only.
    package let pixels: UnsafeRawBufferPointer
    package let width: Int
    package let height: Int
    package let bytesPerRow: Int
    /// The frame's source (nil: none, the frame is new everywhere) and its number there.
    package let source: ObjectIdentifier?
    package let number: Int
    /// Pixels that may differ from frame `number - 1` of `source`, within the frame; the
    /// whole frame when there is no source; empty when nothing changed.
    package let updatedRects: [FrameRect]

    package var bounds: FrameRect { FrameRect(x: 0, y: 0, width: width, height: height) }

    /// Fraction of the frame's pixels in `updatedRects` (overlaps counted once), 0…1.
    package var updatedFraction: Double {
        let area = width * height
        return area > 0 ? Double(FrameRect.unionArea(updatedRects)) / Double(area) : 0
    }

    package init(pixels: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
                 source: ObjectIdentifier?, number: Int, updatedRects: [FrameRect]) {
        self.pixels = pixels; self.width = width; self.height = height; self.bytesPerRow = bytesPerRow
        self.source = source; self.number = number
        let frame = FrameRect(x: 0, y: 0, width: width, height: height)
        self.updatedRects = updatedRects.map { $0.intersection(frame) }.filter { !$0.isEmpty }
    }

    /// A frame `renderer` drew (`CARenderer.withRenderedFrame(_:)`), numbered as it numbers them.
    package init(_ frame: CARenderer.RenderedFrame, from renderer: CARenderer) {
        self.init(pixels: frame.pixels, width: frame.width, height: frame.height, bytesPerRow: frame.bytesPerRow,
                  source: ObjectIdentifier(renderer), number: frame.frameNumber,
                  updatedRects: frame.updatedRects.compactMap { FrameRect(covering: $0) })
    }

    /// Hands `image` to `body` as a frame without a source (read in place when it is already
    /// premultiplied RGBA8, converted once otherwise: `FramePixels`).
    package static func withImage<R>(_ image: CGImage, _ body: (WindowFrame) throws -> R) throws -> R {
        let read = try FramePixels(image)
        guard read.data.count >= read.bytesPerRow * read.height else {
            throw WindowError.frameUnreadable(width: image.width, height: image.height)
        }
        return try read.data.withUnsafeBytes { bytes in
            try body(WindowFrame(pixels: bytes, width: read.width, height: read.height, bytesPerRow: read.bytesPerRow,
                                 source: nil, number: 0,
                                 updatedRects: [FrameRect(x: 0, y: 0, width: read.width, height: read.height)]))
        }
    }

    /// A copy of the frame as a premultiplied RGBA8 image (for windows and recorders that
    /// keep frames), or nil when there is no memory for it.
    package func makeImage() -> CGImage? {
        let rowBytes = width * 4
        guard width > 0, height > 0, pixels.count >= (height - 1) * bytesPerRow + rowBytes else { return nil }
        var data = Data(count: rowBytes * height)
        data.withUnsafeMutableBytes { out in
            for y in 0..<height {
                out.baseAddress!.advanced(by: y * rowBytes)
                    .copyMemory(from: pixels.baseAddress!.advanced(by: y * bytesPerRow), byteCount: rowBytes)
            }
        }
        return Self.image(rgba: data, width: width, height: height)
    }

    /// An image over premultiplied RGBA8 bytes, rows `4 · width` bytes.
    static func image(rgba data: Data, width: Int, height: Int) -> CGImage? {
        guard let provider = CGDataProvider(data: data), let space = CGColorSpace(name: CGColorSpace.sRGB) else { return nil }
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                       space: space,
                       bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue
                                                | CGBitmapInfo.byteOrder32Big.rawValue),
                       provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }
}
