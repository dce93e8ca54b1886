// LaminaCompositor — what Apple's render server does, as a library.
//
// Holds a render tree of plain values (one node per layer, keyed by a stable id), evaluates
// animations at a media time, prepares (accumulated transforms as homographies, clipping,
// offscreen decisions, 3D sorting), builds a draw list and executes it on LaminaRaster.
// It knows nothing of CALayer: tests build render trees by hand. Text/ lays out and draws a
// text node's plain values (`TextContent`: FreeType faces from CoreGraphics, breaking,
// truncation, alignment), for text layers' backing stores and their animated frames.
//
// Public API here is only what Apple's QuartzCore exposes (CATransform3D and its functions),
// because QuartzCore re-exports this module; everything else is `package`.
import CoreGraphics
