// The surfaces the executor draws into: the output and the offscreen groups stacked on it,
// each with its own clip stack, and the painting of coverage through that clip.
import CoreGraphics
import LaminaRaster

/// A clip: an A8 mask whose pixel (0, 0) is device pixel (x, y).
struct DeviceClip {
    let mask: AlphaMask
    let x: Int, y: Int
    /// The clip's box in a whole-frame render (device pixels): `box` itself, but for a clip
    /// pushed on a target a region render cropped (see `RasterTarget.wholeBox`).
    var wholeBox: PixelRect
    var box: PixelRect { PixelRect(x: x, y: y, width: mask.width, height: mask.height) }

    init(mask: AlphaMask, x: Int, y: Int, wholeBox: PixelRect? = nil) {
        self.mask = mask; self.x = x; self.y = y
        self.wholeBox = wholeBox ?? PixelRect(x: x, y: y, width: mask.width, height: mask.height)
    }
}

/// One surface being drawn: its pixels cover device pixels origin ..< origin + size. A group
/// whose bounds are empty gets a target without a surface: every drawing into it is dropped.
final class RasterTarget {
    /// Set once, except for an executor's kept output target (`retarget`, `release`).
    private(set) var surface: Surface?
    let originX: Int, originY: Int
    var clips: [DeviceClip] = []
    let group: GroupSpec?
    let isMask: Bool
    let projective: ProjectiveSpec?
    /// For an alpha-shadow group: which of its pixels show and which cast a shadow into them.
    var shadowWindow: ShadowWindow?
    /// The only pixels of the surface (surface pixels) drawing may change, or nil for all of
    /// them: a region render's rectangle on the output (RegionRendering.swift). Everything
    /// else about the target — its box, what groups and planes crop to, what shadows reach —
    /// is that of the whole frame, so the pixels inside come out as in a whole-frame render.
    var limit: PixelRect?
    /// The surface is shared with other threads' executors (a plane drawn in bands,
    /// PlaneBands.swift): it is not this executor's to hand back to the pool.
    var sharesSurface = false
    /// The device pixels this target would cover in a whole-frame render: `deviceBox`, but for
    /// a group a region render cropped to the rows it needs. What a whole-frame render derives
    /// from a target's extent — the extent of the groups and planes drawn into it, where a
    /// blurred shadow's plane starts — is derived from this box, so it stays the same.
    var wholeBox: PixelRect = .empty
    /// While one drawing is painted: its pixels that later commands overwrite, left alone
    /// (LaterCovers.swift), or nil.
    var skipRuns: PixelRuns?

    init(surface: Surface?, originX: Int, originY: Int, group: GroupSpec?, isMask: Bool = false, projective: ProjectiveSpec? = nil) {
        self.surface = surface; self.originX = originX; self.originY = originY
        self.group = group; self.isMask = isMask; self.projective = projective
        wholeBox = deviceBox
    }

    /// Makes this output target (origin (0, 0), no group, mask or plane) the target of
    /// `surface`, as a new one would be: an executor keeps its output target between runs
    /// (issue 21 item 3: no object per region per frame).
    func retarget(_ surface: Surface) {
        self.surface = surface
        clips.removeAll(keepingCapacity: true)
        shadowWindow = nil; limit = nil; sharesSurface = false; skipRuns = nil
        wholeBox = deviceBox
    }

    /// Lets go of the surface and the clips' masks after a run (a kept target holds no pixels
    /// between frames: a frame stream hands out surfaces nobody else holds).
    func release() {
        surface = nil
        clips.removeAll(keepingCapacity: true)
        skipRuns = nil
    }

    /// `wholeBox` in the surface's pixels.
    var wholeLocalBox: PixelRect { wholeBox.offsetBy(dx: -originX, dy: -originY) }

    /// `limit` in device pixels.
    var deviceLimit: PixelRect? { limit?.offsetBy(dx: originX, dy: originY) }

    /// The device pixels this target covers.
    var deviceBox: PixelRect {
        guard let s = surface else { return .empty }
        return PixelRect(x: originX, y: originY, width: s.width, height: s.height)
    }

    /// The device → surface-pixel shift.
    var toLocal: CGAffineTransform { CGAffineTransform(translationX: CGFloat(-originX), y: CGFloat(-originY)) }
}

/// Paints coverage into a target through its current clip. Holds the per-thread scratch.
final class TargetPainter {
    let rasterizer = PolygonRasterizer()
    let scratch = ScanlineScratch()
    /// The working planes of shadow blurs drawn by this painter's thread, kept between blurs.
    let blurScratch = BlurScratch()
    /// Rounded-rect and ring coverage kept between frames (nil: computed every time).
    var coverage: CoverageCache.Reader?

    /// Runs `fill` with the sink for `target`'s surface (clipped when a clip is active),
    /// passing the local pixel rect to rasterize within. Does nothing for a surfaceless target
    /// or an empty clip.
    func paint(_ target: RasterTarget, _ paint: Paint, alpha: Double,
               blit: (inout Blitter, PixelRect) -> Void, clipped: (inout MaskClipSink<Blitter>, PixelRect) -> Void) {
        guard let surface = target.surface else { return }
        let a = Blitter.alpha8(alpha)
        guard a > 0 else { return }
        let blitter = Blitter(surface: surface, paint: paint, alpha: a, scratch: scratch, skip: target.skipRuns)
        var area = PixelRect(surface)
        if let limit = target.limit {
            area = area.intersection(limit)
            guard !area.isEmpty else { return }
        }
        if let clip = target.clips.last {
            let local = clip.box.offsetBy(dx: -target.originX, dy: -target.originY)
            area = area.intersection(local)
            guard !area.isEmpty else { return }
            var sink = MaskClipSink(base: blitter, mask: clip.mask, originX: local.x0, originY: local.y0, scratch: scratch)
            clipped(&sink, area)
        } else {
            var sink = blitter
            blit(&sink, area)
        }
    }

    /// The area `paint` draws `target` in before a region's rows limit it: the surface within
    /// the current clip's box (target pixels).
    static func unlimitedArea(_ target: RasterTarget) -> PixelRect {
        guard let surface = target.surface else { return .empty }
        var area = PixelRect(surface)
        if let clip = target.clips.last { area = area.intersection(clip.box.offsetBy(dx: -target.originX, dy: -target.originY)) }
        return area
    }

    /// The clip a rounded rect's or ring's coverage is recorded under when `paint` draws it
    /// in `area`: the unlimited area when a region's limit only cut its rows, so every region
    /// render crossing the shape — the damage of a spinner moving down a column of layers —
    /// replays one recording (`CoverageRecording.replay(into:rows:)` makes exactly the calls
    /// of the fill clipped to the rows); else `area` itself.
    static func recordingClip(for area: PixelRect, whole: PixelRect) -> PixelRect {
        let cutRowsOnly = area.x0 == whole.x0 && area.x1 == whole.x1 && area.y0 >= whole.y0 && area.y1 <= whole.y1
        return cutRowsOnly ? whole : area
    }

    /// Fills a device-space polygon (already in the target's local pixels).
    /// `snap`: no anti-aliasing (coverage thresholded at one half, see `SnapSink`).
    func fill(_ polygon: Polygon, rule: FillRule, into target: RasterTarget, paint: Paint, alpha: Double, snap: Bool = false) {
        if snap {
            self.paint(target, paint, alpha: alpha,
                  blit: { s, area in var k = SnapSink(base: s); self.rasterizer.fill(polygon, rule: rule, clip: area, into: &k) },
                  clipped: { s, area in var k = SnapSink(base: s); self.rasterizer.fill(polygon, rule: rule, clip: area, into: &k) })
            return
        }
        self.paint(target, paint, alpha: alpha,
              blit: { s, area in self.rasterizer.fill(polygon, rule: rule, clip: area, into: &s) },
              clipped: { s, area in self.rasterizer.fill(polygon, rule: rule, clip: area, into: &s) })
    }

    func fill(_ rr: RoundedRect, into target: RasterTarget, paint: Paint, alpha: Double) {
        if let cache = coverage {
            let whole = Self.unlimitedArea(target)
            func replay<S: CoverageSink>(_ s: inout S, _ area: PixelRect) {
                cache.roundedRect(rr, clip: Self.recordingClip(for: area, whole: whole)).replay(into: &s, rows: area.y0..<area.y1)
            }
            self.paint(target, paint, alpha: alpha, blit: { s, area in replay(&s, area) }, clipped: { s, area in replay(&s, area) })
            return
        }
        self.paint(target, paint, alpha: alpha,
              blit: { s, area in AnalyticCoverage.fillRoundedRect(rr, clip: area, into: &s) },
              clipped: { s, area in AnalyticCoverage.fillRoundedRect(rr, clip: area, into: &s) })
    }

    func fillRing(outer: RoundedRect, inner: RoundedRect, into target: RasterTarget, paint: Paint, alpha: Double) {
        if let cache = coverage {
            let whole = Self.unlimitedArea(target)
            func replay<S: CoverageSink>(_ s: inout S, _ area: PixelRect) {
                cache.ring(outer: outer, inner: inner, clip: Self.recordingClip(for: area, whole: whole))
                    .replay(into: &s, rows: area.y0..<area.y1)
            }
            self.paint(target, paint, alpha: alpha, blit: { s, area in replay(&s, area) }, clipped: { s, area in replay(&s, area) })
            return
        }
        self.paint(target, paint, alpha: alpha,
              blit: { s, area in AnalyticCoverage.fillRoundedRectRing(outer: outer, inner: inner, clip: area, into: &s) },
              clipped: { s, area in AnalyticCoverage.fillRoundedRectRing(outer: outer, inner: inner, clip: area, into: &s) })
    }

    func fillQuad(_ p: [RasterPoint], into target: RasterTarget, paint: Paint, alpha: Double, snap: Bool = false) {
        guard p.count == 4 else { return }
        if snap { fill(Polygon([p]), rule: .nonZero, into: target, paint: paint, alpha: alpha, snap: true); return }
        self.paint(target, paint, alpha: alpha,
              blit: { s, area in self.rasterizer.fillQuad(p[0], p[1], p[2], p[3], clip: area, into: &s) },
              clipped: { s, area in self.rasterizer.fillQuad(p[0], p[1], p[2], p[3], clip: area, into: &s) })
    }

    /// Writes the coverage of a device-space shape into a new mask covering `box` (device
    /// pixels), from `allocator` in `layer`'s name (hand it back when the clip is popped);
    /// `draw` receives the shift device → mask pixels. Nil for an empty box.
    func mask(covering box: PixelRect, allocator: SurfaceAllocator, layer: RenderNodeID,
              draw: (CGAffineTransform, inout MaskWriterSink, PixelRect) -> Void) throws -> DeviceClip? {
        guard !box.isEmpty else { return nil }
        let m = try allocator.mask(width: box.width, height: box.height, for: layer, .mask)
        var sink = MaskWriterSink(m)
        draw(CGAffineTransform(translationX: CGFloat(-box.x0), y: CGFloat(-box.y0)), &sink, PixelRect(m))
        return DeviceClip(mask: m, x: box.x0, y: box.y0)
    }
}

extension CGColor {
    /// The colour as a premultiplied RGBA8 pixel (sRGB components, clamped).
    package var premultiplied: PremultipliedRGBA8 {
        let c = clampedRGBA
        return PremultipliedRGBA8(straightRed: c.r, green: c.g, blue: c.b, alpha: c.a)
    }
}
