import QuartzCore

/// The two pages of the page-curl demo, drawn with CGContext: stand-ins for the composited
/// snapshot of a view (the recipe's `PRPCompositeView`). Drawn in UIKit's orientation (y down,
/// points) into bitmaps of `scale` pixels per point.
enum PageArtwork {
    /// A sheet of paper: cream background, a coloured header, lines of "text", a picture.
    static func oldPage(size: CGSize, scale: CGFloat = 2) -> CGImage? {
        draw(size: size, scale: scale) { c in
            c.setFillColor(CGColor(red: 0.98, green: 0.96, blue: 0.90, alpha: 1))
            c.fill(CGRect(origin: .zero, size: size))
            c.setFillColor(CGColor(red: 0.80, green: 0.25, blue: 0.22, alpha: 1))
            c.fill(CGRect(x: 0, y: 0, width: size.width, height: size.height * 0.18))
            c.setFillColor(CGColor(gray: 0.55, alpha: 1))
            var y = size.height * 0.26
            var line = 0
            while y < size.height * 0.92 {
                let width = size.width * (line % 4 == 3 ? 0.35 : 0.52)
                c.fill(CGRect(x: size.width * 0.06, y: y, width: width, height: 6))
                y += 16
                line += 1
            }
            c.setFillColor(CGColor(red: 0.20, green: 0.45, blue: 0.75, alpha: 1))
            c.fillEllipse(in: CGRect(x: size.width * 0.66, y: size.height * 0.30, width: size.width * 0.26, height: size.width * 0.26))
            c.setStrokeColor(CGColor(gray: 0.3, alpha: 1))
            c.setLineWidth(3)
            c.stroke(CGRect(x: 4, y: 4, width: size.width - 8, height: size.height - 8))
        }
    }

    /// The view revealed underneath: a night-blue page with a row of circles.
    static func newPage(size: CGSize, scale: CGFloat = 2) -> CGImage? {
        draw(size: size, scale: scale) { c in
            c.setFillColor(CGColor(red: 0.08, green: 0.16, blue: 0.32, alpha: 1))
            c.fill(CGRect(origin: .zero, size: size))
            for i in 0..<5 {
                let d = size.height * 0.22
                let x = size.width * (0.1 + 0.18 * CGFloat(i))
                c.setFillColor(CGColor(red: 0.95, green: 0.75 - 0.1 * CGFloat(i), blue: 0.2 + 0.15 * CGFloat(i), alpha: 1))
                c.fillEllipse(in: CGRect(x: x, y: size.height * 0.4, width: d, height: d))
            }
        }
    }

    /// A bitmap of `size` points at `scale`, with the CTM set to UIKit's y-down points.
    static func draw(size: CGSize, scale: CGFloat, _ body: (CGContext) -> Void) -> CGImage? {
        let pw = Int((size.width * scale).rounded()), ph = Int((size.height * scale).rounded())
        guard pw > 0, ph > 0, let space = CGColorSpace(name: CGColorSpace.sRGB),
              let context = CGContext(data: nil, width: pw, height: ph, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: space, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        context.translateBy(x: 0, y: CGFloat(ph))
        context.scaleBy(x: scale, y: -scale)
        body(context)
        return context.makeImage()
    }
}
