// The polygon clip of a depth-sorted piece (DepthSortedContext): a convex device polygon
// (pixels of the current surface's device space) intersected into the surface's clip stack,
// like a masksToBounds clip. Popped by the ordinary `popClip`.
import CoreGraphics
import LaminaRaster

enum ContextClipExecution {
    /// Pushes the coverage of `polygon` (device pixels, anti-aliased) intersected with the
    /// current clip onto `target`'s clip stack. An empty or degenerate polygon pushes an
    /// empty clip (nothing drawn until it is popped).
    /// The mask comes from `allocator` in `layer`'s name (handed back when the clip is popped).
    static func push(_ polygon: [CGPoint], on target: RasterTarget, painter: TargetPainter, allocator: SurfaceAllocator,
                     layer: RenderNodeID) throws {
        let pts = polygon.filter { $0.x.isFinite && $0.y.isFinite }
        var box = PixelRect.empty, whole = PixelRect.empty
        if pts.count >= 3 {
            let xs = pts.map { Double($0.x) }, ys = pts.map { Double($0.y) }
            let shape = PixelRect.covering(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
            box = shape.intersection(target.deviceBox)
            whole = shape.intersection(target.wholeBox)
            if let outer = target.clips.last { box = box.intersection(outer.box); whole = whole.intersection(outer.wholeBox) }
        }
        guard !box.isEmpty, let clip = try painter.mask(covering: box, allocator: allocator, layer: layer, draw: { shift, sink, area in
            let local = pts.map { RasterPoint(Double($0.x) + Double(shift.tx), Double($0.y) + Double(shift.ty)) }
            painter.rasterizer.fill(Polygon([local]), rule: .nonZero, clip: area, into: &sink)
        }) else {
            let m = try allocator.mask(width: 1, height: 1, for: layer, .mask)
            // In a region render the clip may show in the whole frame all the same (`whole`).
            target.clips.append(DeviceClip(mask: m, x: target.originX, y: target.originY, wholeBox: whole.isEmpty ? nil : whole))
            return
        }
        if let outer = target.clips.last {
            clip.mask.intersect(with: outer.mask, dx: outer.x - clip.x, dy: outer.y - clip.y)
        }
        target.clips.append(DeviceClip(mask: clip.mask, x: clip.x, y: clip.y, wholeBox: whole))
    }
}
