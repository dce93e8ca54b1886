// LaminaRaster — pixels only.
//
// Surfaces (premultiplied 8-bit RGBA, A8 masks), the exact-area coverage rasterizer, analytic
// rect and rounded-rect coverage, paint (solid, gradients, image sampling), Porter-Duff
// compositing, blur, and a worker pool for tiles. It knows nothing of CoreGraphics or
// Core Animation; every API is `package`, consumed by CoreGraphics and the compositor.
