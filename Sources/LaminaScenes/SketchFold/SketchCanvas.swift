import QuartzCore

/// Seed 001's `CanvasView`: smooth strokes under the finger, burnt into an incremental
/// bitmap when the finger lifts, so drawing cost does not grow with the drawing.
///
/// Coordinates are the canvas's points (origin top-left, y down). The bitmap holds
/// `bitmapScale` pixels per point, like `UIGraphicsBeginImageContextWithOptions(size, NO, 0)`
/// on a Retina screen, and is shown by `sketchLayer` with a matching `contentsScale`.
package final class SketchCanvas {
    /// Shows the finished strokes: its `contents` is `incrementalImage`.
    package let sketchLayer = CALayer()
    /// Shows the stroke being drawn (what `drawRect:` strokes over the bitmap).
    package let liveStrokeLayer = CAShapeLayer()
    /// The seed's `incrementalImage`: every finished stroke, on a transparent background.
    package private(set) var incrementalImage: CGImage?
    package let size: CGSize
    package let bitmapScale: CGFloat
    private let smoother = SketchSmoother()

    /// The seed's pen: blue, 6 points wide.
    static let strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let lineWidth: CGFloat = 6

    package init(size: CGSize, bitmapScale: CGFloat = 2) {
        self.size = size
        self.bitmapScale = bitmapScale
        for layer in [sketchLayer, liveStrokeLayer] as [CALayer] {
            layer.frame = CGRect(origin: .zero, size: size)
            // The canvas draws as the user moves: nothing here should fade in.
            layer.actions = ["contents": NSNull(), "path": NSNull()]
        }
        sketchLayer.name = "sketch"
        sketchLayer.contentsScale = bitmapScale
        liveStrokeLayer.name = "liveStroke"
        liveStrokeLayer.fillColor = nil
        liveStrokeLayer.strokeColor = Self.strokeColor
        liveStrokeLayer.lineWidth = Self.lineWidth
    }

    package func touchesBegan(at p: CGPoint) {
        smoother.begin(at: p)
    }

    package func touchesMoved(to p: CGPoint) {
        smoother.move(to: p)
        liveStrokeLayer.path = smoother.path.copy()
    }

    /// The seed's `touchesEnded:` → `drawBitmap`: the stroke joins the bitmap and the live
    /// path is emptied.
    package func touchesEnded() {
        let stroke = smoother.end()
        liveStrokeLayer.path = nil
        guard !stroke.isEmpty else { return }
        drawBitmap(adding: stroke)
    }

    /// Redraws the bitmap as the old bitmap plus `stroke` (seed 001 `drawBitmap`).
    private func drawBitmap(adding stroke: CGPath) {
        let pw = Int((size.width * bitmapScale).rounded()), ph = Int((size.height * bitmapScale).rounded())
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
              let context = CGContext(data: nil, width: pw, height: ph, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: space, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return }
        // The old bitmap goes in unflipped: image and context share Core Graphics' y-up
        // orientation, so drawing it over the whole context reproduces it exactly.
        if let old = incrementalImage {
            context.draw(old, in: CGRect(x: 0, y: 0, width: pw, height: ph))
        }
        // Then UIKit's flipped space (y down, points) for the stroke.
        context.translateBy(x: 0, y: CGFloat(ph))
        context.scaleBy(x: bitmapScale, y: -bitmapScale)
        context.addPath(stroke)
        context.setStrokeColor(Self.strokeColor)
        context.setLineWidth(Self.lineWidth)
        context.strokePath()
        incrementalImage = context.makeImage()
        sketchLayer.contents = incrementalImage
    }
}
