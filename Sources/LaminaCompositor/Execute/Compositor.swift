// The frame entry point: render tree → draw list → pixels.
import CoreGraphics
import LaminaRaster

/// Renders a render tree into pixels. Between frames it keeps the surfaces of
/// shouldRasterize layers (`rasterCache`), contents images prepared for sampling
/// (`imageCache`), rounded-rect shadow weights (`shadowCache`) and rounded-rect coverage
/// (`coverageCache`), each dropped after a frame that does not use it, the stroker's
/// working buffers (`strokeScratches`) and the pixel memory of offscreen surfaces
/// (`surfacePool`), so a steady-state frame allocates no surface. The root layer
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
    /// The memory of the frames' offscreen surfaces and masks, reused from frame to frame
    /// (`SurfaceAllocator`); its `statistics` count fresh allocations and reuses.
    package let surfacePool: SurfacePool
    /// The executors' drawing scratch (rasterizer, span and particle buffers), kept between frames.
    let pieceRasterizers: PieceRasterizerPool
    /// The executors of frames' regions and bands, kept between frames (DrawListExecutorPool.swift).
    let executors: DrawListExecutorPool
    /// Command buffers of draw lists given back by a frame stream (`IncrementalFrames`), reused.
    package let drawListBuffers = DrawListBuffers()
    /// The pixel-memory budget frames charge their surfaces to (see `SurfaceAllocator`); nil
    /// uses `PixelMemoryBudget.current` at the time of each frame.
    package var memoryBudget: PixelMemoryBudget?

    package init() { self.init(memoryBudget: nil) }

    /// A compositor whose frames charge `memoryBudget` instead of the current one, keeping at
    /// most `poolBytes` of idle surface memory between frames (0: none).
    package init(memoryBudget: PixelMemoryBudget?, poolBytes: Int = SurfacePool.defaultByteLimit) {
        self.memoryBudget = memoryBudget
        surfacePool = SurfacePool(byteLimit: poolBytes)
        pieceRasterizers = PieceRasterizerPool(images: imageCache, shadows: shadowCache, coverage: coverageCache)
        executors = DrawListExecutorPool(cache: rasterCache, images: imageCache, shadows: shadowCache, coverage: coverageCache,
                                         surfaces: surfacePool, pieces: pieceRasterizers)
    }

    /// A surface allocator for one frame (or one band of it) drawing from `surfacePool`.
    func frameAllocator() -> SurfaceAllocator {
        SurfaceAllocator(budget: memoryBudget ?? PixelMemoryBudget.current, pool: surfacePool)
    }

    /// The draw list of one frame, for inspection (tests) or for `execute`.
    /// With `retained` (a frame stream's), only the subtrees that changed since its last frame
    /// are walked (RetainedPreparation.swift); the list is the same.
    package func drawList(tree: RenderTree, width: Int, height: Int, scale: Double = 1,
                          retained: RetainedPreparation? = nil) -> DrawList {
        let list = strokeScratches.lend { scratch in
            var p = FramePreparer(tree: tree, width: width, height: height, scale: scale, strokeScratch: scratch)
            p.retained = retained
            p.list.commands = drawListBuffers.take()
            p.visited = drawListBuffers.takeVisited()
            let list = p.prepare()
            // Moved out, not copied: a set still shared would be copied to be emptied.
            var visited = VisitedNodes()
            swap(&visited, &p.visited)
            drawListBuffers.giveBack(visited: consume visited)
            return list
        }
        if let retained, retained.verifies {
            let full = drawList(tree: tree, width: width, height: height, scale: scale)
            retained.check(list, against: full)
        }
        return list
    }

    /// A new `width` × `height` surface filled with `background` (transparent when nil),
    /// with the tree drawn over it. Throws for an invalid size, and when the output or a
    /// surface of the frame does not fit the memory budget (the output stays charged to it
    /// for as long as it lives).
    package func render(tree: RenderTree, width: Int, height: Int, scale: Double = 1, background: CGColor? = nil) throws -> Surface {
        guard width > 0, height > 0, width <= Surface.maxDimension, height <= Surface.maxDimension,
              width * height <= Surface.maxPixelCount else {
            throw CompositorError.invalidOutputSize(width: width, height: height)
        }
        let allocator = frameAllocator()
        let surface = try allocator.outputSurface(width: width, height: height, for: tree.rootID ?? RenderNodeID(0))
        if let bg = background { surface.fill(bg.premultiplied) }
        try execute(drawList(tree: tree, width: width, height: height, scale: scale), into: surface, allocator: allocator)
        return surface
    }

    /// Draws the tree over the existing pixels of `surface`.
    package func render(tree: RenderTree, into surface: Surface, scale: Double = 1) throws {
        let list = drawList(tree: tree, width: surface.width, height: surface.height, scale: scale)
        try execute(list, into: surface)
    }

    /// Runs a draw list over `surface`.
    package func execute(_ list: DrawList, into surface: Surface) throws {
        try execute(list, into: surface, allocator: frameAllocator())
    }

    private func execute(_ list: DrawList, into surface: Surface, allocator: SurfaceAllocator) throws {
        try DrawListExecutor(cache: rasterCache, images: imageCache, shadows: shadowCache, coverage: coverageCache,
                             allocator: allocator, scratch: pieceRasterizers).run(list, into: surface)
    }
}
