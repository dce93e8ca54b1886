// Executes a transition bracket (see DrawList+Integration.swift): the old and new surfaces
// are the draw targets of the two halves; at the end the frame is composed from them and
// placed on the surface below through the layer's surface → device homography, through that
// surface's clip.
//
// The planar types (push, moveIn, reveal, cube, oglFlip) are drawn plane by plane straight
// onto the surface below (the moving content is not cut at the layer's bounds, and cube and
// flip keep their own perspective), sampling the two surfaces; fade, the curls and the bars
// swipe are raster effects rendered by `TransitionRenderer` into a third surface that is
// then placed like a projective layer's surface. The surfaces cover the layer's visual
// extent (see `TransitionSpec.bounds`); the curls and the bars swipe take that whole surface
// as their page.
import CoreGraphics
import LaminaRaster

final class TransitionExecution {
    private struct Frame {
        let spec: TransitionSpec
        let old: RasterTarget
        var new: RasterTarget?
    }

    private var frames: [Frame] = []
    /// The frame's surfaces: the two halves and the composed frame of the raster effects.
    private let allocator: SurfaceAllocator

    init(allocator: SurfaceAllocator) { self.allocator = allocator }

    /// Forgets transitions a failed run left open (their surfaces are freed, not pooled), so
    /// a kept executor holds no target between runs; the buffer's room is kept.
    func reset() { frames.removeAll(keepingCapacity: true) }

    private func target(_ spec: TransitionSpec) throws -> RasterTarget {
        let b = spec.bounds
        guard !b.isEmpty else { return RasterTarget(surface: nil, originX: b.x0, originY: b.y0, group: nil) }
        let s = try allocator.surface(width: b.width, height: b.height, for: spec.layer, .transition)
        return RasterTarget(surface: s, originX: b.x0, originY: b.y0, group: nil)
    }

    /// The target the "before" subtree draws into.
    func begin(_ spec: TransitionSpec) throws -> RasterTarget {
        let t = try target(spec)
        frames.append(Frame(spec: spec, old: t, new: nil))
        return t
    }

    /// Takes the finished old target; returns the one the live subtree draws into.
    func live(_ layer: RenderNodeID, old: RasterTarget?) throws -> RasterTarget {
        guard var f = frames.last, f.spec.layer == layer, f.new == nil, let old, old === f.old else {
            throw CompositorError.unbalancedDrawList("live half of transition \(layer) without its begin")
        }
        let t = try target(f.spec)
        f.new = t
        frames[frames.count - 1] = f
        return t
    }

    /// Composes the frame from the finished new target and the old one onto `parent`.
    func end(_ layer: RenderNodeID, new: RasterTarget?, parent: RasterTarget?, painter: TargetPainter) throws {
        guard let f = frames.last, f.spec.layer == layer, let new, new === f.new, let parent else {
            throw CompositorError.unbalancedDrawList("end of transition \(layer) without its begin")
        }
        frames.removeLast()
        // Both halves go back to the pool once the frame is composed from them.
        defer { allocator.recycle(f.old.surface); allocator.recycle(new.surface) }
        guard let oldSurface = f.old.surface, let newSurface = new.surface, parent.surface != nil else { return }
        let spec = f.spec
        let toLocal = Homography([1, 0, Double(-parent.originX), 0, 1, Double(-parent.originY), 0, 0, 1])
        let forward = toLocal.after(spec.surfaceToDevice)
        let rect = CGRect(x: 0, y: 0, width: oldSurface.width, height: oldSurface.height)
        // The planes move by the layer's bounds rect; each draws the whole surface (what lies
        // outside the bounds moves with it).
        if let draws = PlanarTransition.draws(spec.style, progress: spec.progress, bounds: spec.layerRect) {
            if spec.style.type != .fade {
                drawPlanes(draws, old: oldSurface, new: newSurface, rect: rect, forward: forward, opacity: spec.opacity,
                           into: parent, painter: painter)
                return
            }
        }
        let out = try allocator.surface(width: oldSurface.width, height: oldSurface.height, for: layer, .transition)
        defer { allocator.recycle(out) }
        try TransitionRenderer.render(spec.style, old: oldSurface, new: newSurface, progress: spec.progress,
                                      pixelsPerPoint: spec.pixelsPerPoint, into: out)
        place(out, forward: forward, opacity: spec.opacity, into: parent, painter: painter)
    }

    /// Projects `surface` (its pixel rect) through `forward` (surface → parent-local pixels).
    private func place(_ surface: Surface, forward: Homography, opacity: Double, into parent: RasterTarget, painter: TargetPainter) {
        let quad = forward.projectClipped(ProjectiveLayer.corners(CGRect(x: 0, y: 0, width: surface.width, height: surface.height)))
        guard quad.count >= 3, let inverse = forward.paintMap.inverted() else { return }
        let shader = ImageShader(image: SampledImage(surface), inverse: inverse, filter: .bilinear, edge: .transparent)
        painter.fill(Polygon([quad.map { RasterPoint(Double($0.x), Double($0.y)) }]), rule: .nonZero, into: parent,
                     paint: .shader(shader), alpha: opacity)
    }

    /// Draws each plane of a planar transition frame: the rendering's rect (surface pixels)
    /// through the draw's 4x4 (surface pixels → surface pixels), flattened, then `forward`.
    private func drawPlanes(_ draws: [TransitionDraw], old: Surface, new: Surface, rect: CGRect, forward: Homography,
                            opacity: Double, into parent: RasterTarget, painter: TargetPainter) {
        let images = (old: SampledImage(old), new: SampledImage(new))
        for d in draws {
            let h = ProjectedPlane.homography(of: CATransform3DConcat(d.transform, LayerGeometry.flatten))
            let local = Homography([h.m00, h.m01, h.m02, h.m10, h.m11, h.m12, h.m20, h.m21, h.m22])
            guard let plane = ProjectedPlane(bounds: rect, homography: forward.after(local).paintMap), plane.isVisible(doubleSided: d.doubleSided),
                  let shader = ProjectiveDrawing.imageShader(d.source == .old ? images.old : images.new, plane: plane,
                                                             filter: .bilinear) else { continue }
            painter.fill(Polygon([plane.polygon]), rule: .nonZero, into: parent, paint: .shader(shader), alpha: opacity * d.opacity)
        }
    }
}
