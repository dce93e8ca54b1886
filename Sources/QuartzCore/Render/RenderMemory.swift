import LaminaRaster

/// The pixel-memory limit renders run under, for tools (the CLI's `--memory-limit`): decoded
/// archive images and every surface the compositor allocates for a frame are charged to one
/// budget, and a frame or image that would exceed it is an error naming the layer and size.
package enum RenderMemory {
    /// The limit when none is set: a quarter of physical memory, in bytes (see
    /// `PixelMemoryBudget.defaultLimit` for why).
    package static var defaultLimit: Int { PixelMemoryBudget.defaultLimit }

    /// Runs `body` with archive decoding and frames on this thread charging a fresh budget of
    /// `bytes` instead of the process-wide one.
    package static func withLimit<T>(_ bytes: Int, _ body: () throws -> T) rethrows -> T {
        try PixelMemoryBudget.$current.withValue(PixelMemoryBudget(limit: bytes), operation: body)
    }
}
