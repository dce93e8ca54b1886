// LaminaRaster — pixels only.
//
// Surfaces (premultiplied 8-bit RGBA, A8 masks), the exact-area coverage rasterizer, analytic
// rect and rounded-rect coverage, paint (solid, gradients, image sampling), Porter-Duff
// compositing, blur, and a worker pool for tiles. It knows nothing of CoreGraphics or
// Core Animation; every API is `package`, consumed by CoreGraphics and the compositor.
//
// How a fill flows:
//
//   Polygon / RoundedRect / rect ──► PolygonRasterizer / AnalyticCoverage
//        (pixel space, y down)            │ coverage spans, row by row, clipped to a PixelRect
//                                         ▼
//                           [MaskClipSink: × an A8 clip mask]
//                                         ▼
//                     Blitter (CoverageSink): Paint (.solid or a SpanShader) × global alpha,
//                     BlendMode, into a Surface — SIMD source-over kernels (PixelKernels),
//                     a float path for the other modes.
//
// Nothing allocates a full-size mask for a fill. Rasterizers and blitters are per-thread
// (PolygonRasterizer and ScanlineScratch own reusable scratch); WorkerPool renders horizontal
// bands in parallel, and since every row's coverage depends only on the shape and the row,
// output is byte-identical for any thread count and band height. Offscreen surfaces come
// from SurfacePool. Every fast kernel has a scalar twin in ReferenceKernels that tests
// compare byte for byte.
//
// Conventions: pixel (x, y) is the square [x, x+1) × [y, y+1); shader samples are taken at
// pixel centres; coverage is 0...255 with exact area (coordinates quantised to 1/256 px).
