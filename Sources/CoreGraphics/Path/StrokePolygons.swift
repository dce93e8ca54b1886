/// The stroker's finished outline polygons that its sink has not received yet: their points
/// one after another, and each one's point count. A polygon is assembled in place (`begin`,
/// appends to `points`, `end`), where it is checked and turned to positive area, so the sink
/// gets each as a ready buffer, and nothing is copied into an intermediate array.
struct StrokePolygons {
    var points: StrokeBuffer<CGPoint>
    private var counts: StrokeBuffer<Int>
    /// Where the polygon being assembled starts in `points`.
    private var start = 0

    init() {
        points = StrokeBuffer(capacity: 256)
        counts = StrokeBuffer(capacity: 16)
    }

    /// Frees the buffers (see `StrokeBuffer.deallocate`).
    func deallocate() { points.deallocate(); counts.deallocate() }

    /// Starts a polygon: the points appended from now on, up to `end()`.
    mutating func begin() { start = points.count }

    /// Ends the polygon begun last. Polygons of fewer than 3 points, or of zero or non-finite
    /// signed area (degenerate, or with a non-finite point), are dropped; the others are kept
    /// with positive signed area, reversed in place if need be.
    ///
    /// `backwards`: the points were appended last to first. The area is then summed over them
    /// in their true order all the same (so its sign, and the outcome, are exactly those of the
    /// forward polygon), and they stay as they are when that area is negative. The stroker
    /// assembles its pieces backwards because they nearly always come out negative: it saves
    /// the reversal.
    mutating func end(backwards: Bool = false) {
        let n = points.count - start
        guard n >= 3 else { points.truncate(to: start); return }
        var area: CGFloat = 0
        if !backwards {
            var prev = points[points.count - 1]
            for i in start ..< points.count {
                let p = points[i]
                area += prev.x * p.y - p.x * prev.y
                prev = p
            }
        } else {
            var prev = points[start]
            for i in (start ..< points.count).reversed() {
                let p = points[i]
                area += prev.x * p.y - p.x * prev.y
                prev = p
            }
        }
        guard area != 0, area.isFinite else { points.truncate(to: start); return }
        if (area > 0) == backwards { points.reverse(from: start) }
        counts.append(n)
    }

    /// Hands every finished polygon to `sink`, in order, and forgets them.
    mutating func flush<Sink: StrokeOutlineSink>(into sink: inout Sink) {
        var offset = 0
        for k in 0 ..< counts.count {
            let n = counts[k]
            sink.addPolygon(UnsafeBufferPointer(start: points.base + offset, count: n))
            offset += n
        }
        removeAll()
    }

    /// Forgets every polygon (capacity kept).
    mutating func removeAll() { points.removeAll(); counts.removeAll(); start = 0 }
}
