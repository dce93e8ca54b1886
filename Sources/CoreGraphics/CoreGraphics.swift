// CoreGraphics for Linux.
//
// Apple's Swift names and semantics for the Core Graphics value types and drawing API.
// Foundation on Linux already defines CGFloat, CGPoint, CGSize and CGRect, so this module
// re-exports Foundation and adds the rest: CGAffineTransform, CGVector, CGColor,
// CGColorSpace, CGPath, CGImage and CGContext (the last two over LaminaRaster), and CGFont.
// Text/ holds the font machinery QuartzCore's CATextLayer uses, over the standard Linux
// libraries: `FontCatalog`/`FontMatcher` (fontconfig: names → faces, Apple names through
// `FontAliases`, fallback faces), `FontFace` (FreeType: metrics, advances, cached A8 glyph
// masks; HarfBuzz shaping), `BidiParagraph` (FriBidi) and `CGContext.drawGlyphs` (glyph masks
// painted through the graphics state).
//
// Coordinate spaces: CG values carry no space of their own. A bitmap CGContext made with
// `CGContext(data:...)` is y-up as on Apple's platforms; the context QuartzCore hands to
// `draw(in:)` is pre-flipped to match the iOS layer space (origin top-left, y down).
@_exported import Foundation
