import QuartzCore

/// The small images the particle scene's cells draw (points = pixels, contentsScale 1).
/// White, so each cell's `color` tints them.
enum ParticleSprites {
    /// A `size`-point image drawn by `body` in a y-down context (origin top-left).
    static func draw(_ size: Int, _ body: (CGContext) -> Void) -> CGImage? {
        guard size > 0, let space = CGColorSpace(name: CGColorSpace.sRGB),
              let c = CGContext(data: nil, width: size, height: size, bitsPerComponent: 8, bytesPerRow: 0,
                                space: space, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        c.translateBy(x: 0, y: CGFloat(size))
        c.scaleBy(x: 1, y: -1)
        body(c)
        return c.makeImage()
    }

    /// A disc whose alpha falls off from the centre (fire, sparks, snow).
    static func softDot(_ size: Int) -> CGImage? {
        draw(size) { c in
            let r = CGFloat(size) / 2
            guard let g = CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB),
                                     colors: [CGColor(gray: 1, alpha: 1), CGColor(gray: 1, alpha: 0)],
                                     locations: [0, 1]) else { return }
            c.drawRadialGradient(g, startCenter: CGPoint(x: r, y: r), startRadius: 0,
                                 endCenter: CGPoint(x: r, y: r), endRadius: r, options: [])
        }
    }

    /// A hard disc (a rocket's head, a snowflake).
    static func dot(_ size: Int) -> CGImage? {
        draw(size) { c in
            c.setFillColor(CGColor(gray: 1, alpha: 1))
            c.fillEllipse(in: CGRect(x: 0.5, y: 0.5, width: CGFloat(size) - 1, height: CGFloat(size) - 1))
        }
    }

    /// A paper strip twice as long as it is wide (confetti).
    static func strip(_ size: Int) -> CGImage? {
        draw(size) { c in
            let s = CGFloat(size)
            c.setFillColor(CGColor(gray: 1, alpha: 1))
            c.fill(CGRect(x: s / 4, y: 0, width: s / 2, height: s))
        }
    }
}
