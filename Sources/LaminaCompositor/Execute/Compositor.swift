// The frame entry point: render tree → draw list → pixels.
import CoreGraphics
import LaminaRaster

/// Renders a render tree into pixels. Between frames it keeps the surfaces of
/// shouldRasterize layers (`rasterCache`), contents images prepared for sampling
/// (`imageCache`), rounded-rect shadow weights (`shadowCache`) and rounded-rect coverage
/// (`coverageCache`), each dropped after a frame that does not use it, and the stroker's
/// working buffers (`strokeScratches`). The root layer
/// is placed in the output by its own position and transform, as if the output were its
/// superlayer; `scale` is the output pixels per point.
package struct Compositor {
    package let rasterCache = RasterCache()
    package let imageCache = ImageCache()
    package let shadowCache = ShadowCache()
    package let coverageCache = CoverageCache()
    /// Stroker buffers for the shape layers' outlines, kept between frames (one per frame
    /// being prepared at a time, so a compositor shared by threads stays safe).
    package let strokeScratches = StrokeScratchPool()

    package init() {}

    /// The draw list of one frame, for inspection (tests) or for `execute`.
    package func drawList(tree: RenderTree, width: Int, height: Int, scale: Double = 1) -> DrawList {
        strokeScratches.lend { scratch in
            var p = FramePreparer(tree: tree, width: width, height: height, scale: scale, strokeScratch: scratch)
            return p.prepare()
        }
    }

    /// A new `width` × `height` surface filled with `background` (transparent when nil),
    /// with the tree drawn over it. Throws for an invalid size.
    package func render(tree: RenderTree, width: Int, height: Int, scale: Double = 1, background: CGColor? = nil) throws -> Surface {
        let surface: Surface
        do { surface = try Surface(width: width, height: height) } catch {
            throw CompositorError.invalidOutputSize(width: width, height: height)
        }
        if let bg = background { surface.fill(bg.premultiplied) }
        try render(tree: tree, into: surface, scale: scale)
        return surface
    }

    /// Draws the tree over the existing pixels of `surface`.
    package func render(tree: RenderTree, into surface: Surface, scale: Double = 1) throws {
        let list = drawList(tree: tree, width: surface.width, height: surface.height, scale: scale)
        try execute(list, into: surface)
    }

    /// Runs a draw list over `surface`.
    package func execute(_ list: DrawList, into surface: Surface) throws {
        try DrawListExecutor(cache: rasterCache, images: imageCache, shadows: shadowCache, coverage: coverageCache).run(list, into: surface)
    }
}
