@testable import QuartzCore

/// A `CARenderer` over a `side` × `side` pt square root layer, opaque green, that fades in: an
/// opacity animation 0 → 1 over 2 s beginning at media time 100, added and committed at 100.
/// A frame rendered at media time t in [100, 102] has the root's pixels at alpha
/// ≈ 255 · (t − 100) / 2 (128 at 101, 191 at 101.5); before 100, 0.
func fadingRootRenderer(side: CGFloat) -> CARenderer {
    let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: side, height: side))
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: side, height: side)
    root.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    fade.toValue = 1
    fade.duration = 2
    fade.beginTime = 100
    MediaClock.$override.withValue(100) {
        renderer.layer = root
        root.add(fade, forKey: "fade")
        CATransaction.flush()
    }
    return renderer
}
