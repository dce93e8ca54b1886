// The rows of a 3D plane's surface a region render can read. A plane's surface is the whole
// frame's (RegionRendering.swift), but a region render writes only its own rows of the
// surface below, and those sample the plane surface only where the inverse of the plane's map
// takes them: a damage rectangle a few rows tall over a page turned in perspective reads a
// few rows of the page's surface. The executor draws just those rows (`RasterTarget.limit`
// on the plane's target, the mechanism a band of a banded plane uses, so the rows drawn are
// byte-identical to the whole surface's) and leaves the rest of the surface empty: nothing
// reads it.
//
// A plane seen exactly edge-on (a page turned to 90° about an axis through the perspective's
// centre) reads nothing at all: its surface projects onto a segment, whose fill covers no
// pixel, so the executor skips it — surface, body and blur (`coversNoPixel`).
import CoreGraphics
import LaminaRaster

enum PlaneRows {
    /// The rows (surface pixels of `plane`, within 0 ..< its height) that drawing the finished
    /// surface onto `parent` can sample, or nil for every row: when `parent` may change all
    /// the rows it covers (not a region render's cropped or limited target), when the map
    /// is degenerate or a sampled point lies behind the eye, or when every row is needed.
    /// Empty when the plane cannot reach a row `parent` may change.
    static func sampled(_ plane: ProjectiveSpec, below parent: RasterTarget) -> Range<Int>? {
        guard let surface = parent.surface, !plane.bounds.isEmpty else { return nil }
        // The parent's rows that can change (parent pixels): a region's limit, or a group's
        // surface that a region render cropped to the rows it needs.
        var rows = PixelRect(surface)
        if let limit = parent.limit {
            rows = rows.intersection(limit)
        } else if parent.wholeBox == parent.deviceBox {
            return nil
        }
        guard !rows.isEmpty else { return 0..<0 }
        // Plane-surface pixels → parent pixels, as `endProjective` draws the surface.
        let toLocal = Homography([1, 0, Double(-parent.originX), 0, 1, Double(-parent.originY), 0, 0, 1])
        let forward = toLocal.after(plane.surfaceToDevice)
        let height = plane.bounds.height
        let quad = forward.projectClipped(ProjectiveLayer.corners(CGRect(x: 0, y: 0, width: plane.bounds.width, height: height)))
        guard forward.isFinite, let inverse = forward.paintMap.inverted() else { return nil }
        guard quad.count >= 3 else { return 0..<0 }
        // The part of the quad within the rows (grown for edge pixels), mapped back, plus the
        // bilinear taps and the interpolated perspective's error (the same bound as a wide
        // shadow's mask rows).
        guard let r = PieceRasterizer.maskRows(quad: quad, limit: rows, inverse: inverse) else { return nil }
        let lower = max(0, r.lowerBound), upper = min(height, r.upperBound)
        guard lower < upper else { return 0..<0 }
        return lower == 0 && upper == height ? nil : lower..<upper
    }

    /// Whether drawing `plane`'s surface onto `parent` provably changes no pixel, whatever its
    /// body: the surface's projected outline (as `endProjective` fills it) has fewer than 3
    /// vertices, no inverse map, or all its vertices on one vertical or one horizontal line of
    /// the rasterizer's 1/256-pixel grid. A polygon whose vertices all quantise to the same x
    /// (or y) has edges that cancel in every cell (PolygonRasterizer.swift): no coverage. The
    /// vertices must lie within 1/4 of a grid step of the line, so that the rasterizer's shift
    /// by its clip's whole-pixel column cannot round them apart.
    static func coversNoPixel(_ plane: ProjectiveSpec, below parent: RasterTarget) -> Bool {
        guard parent.surface != nil, !plane.bounds.isEmpty else { return false }
        let toLocal = Homography([1, 0, Double(-parent.originX), 0, 1, Double(-parent.originY), 0, 0, 1])
        let forward = toLocal.after(plane.surfaceToDevice)
        let quad = forward.projectClipped(ProjectiveLayer.corners(CGRect(x: 0, y: 0, width: plane.bounds.width, height: plane.bounds.height)))
        guard quad.count >= 3, forward.paintMap.inverted() != nil else { return true }
        // (Lazy views: a mapped array each was two mallocs per plane per region.)
        return onOneGridLine(quad.lazy.map { Double($0.x) }) || onOneGridLine(quad.lazy.map { Double($0.y) })
    }

    /// Whether every coordinate (pixels) lies within 1/4 step of one point of the 1/256 grid.
    static func onOneGridLine<Values: Collection<Double>>(_ values: Values) -> Bool {
        guard let first = values.first, first.isFinite else { return false }
        let step = (first * 256).rounded()
        return values.allSatisfy { v in v.isFinite && abs(v * 256 - step) < 0.25 }
    }
}
