import LaminaRaster

/// The pixel-memory limit renders run under (Lamina extension, for tools such as the CLI's
/// `--memory-limit`): images decoded from a ``CALayerArchive`` and every surface the compositor
/// allocates for a frame are charged to one budget, and a frame or image that would exceed it
/// is an error naming the layer and size (``CARendererError/renderFailed(_:)`` from a
/// ``CARenderer``, ``CALayerArchiveError`` from an archive) instead of exhausting memory.
public enum RenderMemory {
    /// The limit when none is set, in bytes: a quarter of physical memory (1 GiB when it
    /// cannot be read), so a runaway render fails before it pushes the machine into swap.
    public static var defaultLimit: Int { PixelMemoryBudget.defaultLimit }

    /// Runs `body` with archive decoding and frames on this thread charging a fresh budget of
    /// `bytes` (negative counts as 0) instead of the process-wide one, and returns what `body`
    /// returns. Pixels still alive when `body` returns stay charged to that budget until freed.
    public static func withLimit<T>(_ bytes: Int, _ body: () throws -> T) rethrows -> T {
        try PixelMemoryBudget.$current.withValue(PixelMemoryBudget(limit: bytes), operation: body)
    }
}
