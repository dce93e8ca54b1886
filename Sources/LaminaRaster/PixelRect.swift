/// An integer rectangle of pixels: columns x0..<x1, rows y0..<y1 (origin top-left, y down).
/// Empty when x1 ≤ x0 or y1 ≤ y0; every empty rect behaves the same (`isEmpty`, no pixels).
/// Clip rects, band rows and dirty regions are all `PixelRect`s.
package struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    package var x0: Int, y0: Int, x1: Int, y1: Int

    package init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.init(x0: x, y0: y, x1: x + max(0, width), y1: y + max(0, height))
    }

    /// The whole surface.
    package init(_ surface: Surface) { self.init(x0: 0, y0: 0, x1: surface.width, y1: surface.height) }

    /// The whole mask.
    package init(_ mask: AlphaMask) { self.init(x0: 0, y0: 0, x1: mask.width, y1: mask.height) }

    package static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

    package var width: Int { max(0, x1 - x0) }
    package var height: Int { max(0, y1 - y0) }
    package var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    package func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }

    /// The smallest rect containing both; an empty operand is ignored.
    package func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    package func contains(x: Int, y: Int) -> Bool { x >= x0 && x < x1 && y >= y0 && y < y1 }

    package func contains(_ o: PixelRect) -> Bool {
        o.isEmpty || (o.x0 >= x0 && o.y0 >= y0 && o.x1 <= x1 && o.y1 <= y1)
    }

    package func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy)
    }

    /// The same columns, only rows `rows` (a band of this rect).
    package func rows(_ rows: Range<Int>) -> PixelRect {
        PixelRect(x0: x0, y0: max(y0, rows.lowerBound), x1: x1, y1: min(y1, rows.upperBound))
    }

    /// The pixels touched by the real rectangle [minX, maxX) × [minY, maxY) (pixel space),
    /// i.e. floor of the minimum, ceil of the maximum. NaN or inverted input gives `.empty`;
    /// infinite or huge values are clamped to ±2^30 so the arithmetic cannot trap.
    package static func covering(minX: Double, minY: Double, maxX: Double, maxY: Double) -> PixelRect {
        guard minX <= maxX, minY <= maxY else { return .empty } // false for NaN too
        let lim = Double(1 << 30)
        func lo(_ v: Double) -> Int { Int(min(lim, max(-lim, v)).rounded(.down)) }
        func hi(_ v: Double) -> Int { Int(min(lim, max(-lim, v)).rounded(.up)) }
        return PixelRect(x0: lo(minX), y0: lo(minY), x1: hi(maxX), y1: hi(maxY))
    }

    package var description: String { "PixelRect(\(x0), \(y0))-(\(x1), \(y1))" }
}
