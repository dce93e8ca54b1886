import QuartzCore

/// The curtain's texture: seed 001 sets `curtainView.backgroundColor` to UIKit's
/// `scrollViewTexturedBackgroundColor`, a dark grey linen pattern. Lamina has no UIKit pattern
/// colours below LaminaKit, so the weave is drawn here with CoreGraphics into a bitmap the
/// curtain shows as its `contents`: a slate base crossed by thin horizontal and vertical
/// threads of slightly varying lightness, from a seeded generator so every run (window,
/// goldens) draws the same cloth.
enum CurtainLinen {
    /// The slate grey under the threads; also the curtain's `backgroundColor`, so a curtain
    /// whose texture could not be drawn still has the weight of the seed's backdrop.
    static let base = CGColor(red: 0.30, green: 0.32, blue: 0.36, alpha: 1)

    /// A linen bitmap of `size` points at `scale` pixels per point (nil for an empty or
    /// non-finite size). Threads are 1 point wide and 2 points apart; their lightness differs from the base by
    /// at most ±0.06, so the cloth reads as texture, not as stripes.
    static func image(size: CGSize, scale: CGFloat = 1) -> CGImage? {
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1,
              size.width * size.height * scale * scale <= 16_000_000 else { return nil }
        var random = SceneRandom(seed: 0x11_4E_4E)
        return PageArtwork.draw(size: size, scale: scale) { c in
            c.setFillColor(base)
            c.fill(CGRect(origin: .zero, size: size))
            // Warp (vertical threads), then weft (horizontal), each at partial opacity so the
            // crossings mix like woven threads.
            for axis in 0..<2 {
                let length = axis == 0 ? size.height : size.width
                let count = Int(((axis == 0 ? size.width : size.height) / 2).rounded(.up))
                for i in 0..<count {
                    let lightness = 0.30 + (random.unit() - 0.5) * 0.12
                    let alpha = 0.35 + random.unit() * 0.3
                    c.setFillColor(CGColor(gray: CGFloat(lightness), alpha: CGFloat(alpha)))
                    let rect = axis == 0
                        ? CGRect(x: 2 * CGFloat(i), y: 0, width: 1, height: length)
                        : CGRect(x: 0, y: 2 * CGFloat(i), width: length, height: 1)
                    c.fill(rect)
                }
            }
        }
    }
}
