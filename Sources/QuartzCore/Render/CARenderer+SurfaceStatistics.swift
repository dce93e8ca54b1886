// How a renderer's frames use pixel memory (Lamina extension): the counters of the pool its
// offscreen surfaces come from, for benchmarks and tests that check a steady-state frame
// allocates no surface (issue 21).
import LaminaCompositor
import LaminaRaster

extension CARenderer {
    /// Counters of the pixel buffers a renderer's frames have used (Lamina extension).
    ///
    /// A frame draws some layers offscreen first (group opacity, masks, shadows, 3D planes,
    /// transitions). Their pixel memory comes from a pool the renderer keeps: a buffer a frame
    /// is done with waits there for the next frame, so once an animation has run for a few
    /// frames its frames reuse buffers instead of allocating them. The counters run from the
    /// renderer's creation; read them before and after some frames and subtract.
    public struct SurfaceStatistics: Sendable, Hashable {
        /// Pixel buffers allocated because no pooled buffer fitted: offscreen surfaces and
        /// masks, and the renderer's kept frame (allocated again when the pixel size changes).
        /// After a warm-up, the frames of a steady animation add none.
        public var freshAllocations: Int
        /// Offscreen surfaces and masks made in a pooled buffer instead of new memory.
        public var reuses: Int
        /// Bytes of idle buffers the pool holds now, waiting for the next frame. They count
        /// against the pixel-memory limit (``RenderMemory``) and are given up when a frame
        /// needs the room; a buffer no frame reuses for 60 frames is freed.
        public var pooledBytes: Int

        /// Counters with the given values.
        public init(freshAllocations: Int, reuses: Int, pooledBytes: Int) {
            self.freshAllocations = freshAllocations
            self.reuses = reuses
            self.pooledBytes = pooledBytes
        }
    }

    /// The pixel-buffer counters of this renderer's frames so far (Lamina extension).
    public var surfaceStatistics: SurfaceStatistics {
        let s = frames.compositor.surfacePool.statistics
        return SurfaceStatistics(freshAllocations: s.freshAllocations, reuses: s.reuses, pooledBytes: s.pooledBytes)
    }
}

extension RenderMemory {
    /// The most bytes of idle offscreen buffers a renderer keeps between frames for reuse:
    /// the `LAMINA_SURFACE_POOL_MIB` environment variable, in mebibytes, when it is a
    /// non-negative integer (0 keeps none, so every frame allocates its surfaces anew), else
    /// 256 MiB — room for the offscreen surfaces of a 4K frame. Read once, when first needed.
    public static var surfacePoolLimit: Int { SurfacePool.defaultByteLimit }
}
