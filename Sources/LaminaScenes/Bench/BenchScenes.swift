import QuartzCore

/// Scenes that exist to be timed (`lamina bench`), at 1920 x 1080 points, built from a fixed
/// random sequence so every run draws the same thing.
enum BenchScenes {
    static let size = CGSize(width: 1920, height: 1080)

    static func stage() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        return root
    }

    static func color(_ r: inout SceneRandom, alpha: Double = 1) -> CGColor {
        CGColor(red: r.unit(), green: r.unit(), blue: r.unit(), alpha: alpha)
    }

    /// Issue 6's compositor benchmark: 300 rounded rects with borders, 100 image layers with
    /// contentsGravity, 50 shape layers, 50 layers with rounded-rect shadowPath shadows.
    static func layers() -> CALayer {
        let root = stage()
        var r = SceneRandom(seed: 6006)
        func point() -> CGPoint { CGPoint(x: r.unit() * size.width, y: r.unit() * size.height) }
        for _ in 0..<300 {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 60 + r.unit() * 120, height: 40 + r.unit() * 80)
            l.position = point()
            l.backgroundColor = color(&r, alpha: 0.85)
            l.cornerRadius = 12
            l.borderWidth = 2
            l.borderColor = color(&r)
            root.addSublayer(l)
        }
        let image = GalleryTiles.checker()
        let gravities: [CALayerContentsGravity] = [.resize, .resizeAspect, .resizeAspectFill, .center, .topLeft, .bottomRight]
        for i in 0..<100 {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 80 + r.unit() * 100, height: 60 + r.unit() * 80)
            l.position = point()
            l.contents = image
            l.contentsGravity = gravities[i % gravities.count]
            root.addSublayer(l)
        }
        for _ in 0..<50 {
            let s = CAShapeLayer()
            s.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            s.position = point()
            s.path = GalleryTiles.zigzag()
            s.fillColor = color(&r, alpha: 0.5)
            s.strokeColor = color(&r)
            s.lineWidth = 4
            s.lineJoin = .round
            root.addSublayer(s)
        }
        for _ in 0..<50 {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
            l.position = point()
            l.backgroundColor = CGColor(gray: 1, alpha: 1)
            l.cornerRadius = 10
            l.shadowPath = CGPath(roundedRect: l.bounds, cornerWidth: 10, cornerHeight: 10, transform: nil)
            l.shadowOpacity = 0.4
            l.shadowRadius = 6
            l.shadowOffset = CGSize(width: 0, height: 4)
            root.addSublayer(l)
        }
        return root
    }

    /// Scene S2 of the shared benchmark through the layer API: 200 image layers of 256 x 256
    /// points, each turned in 3D under its own perspective.
    static func perspectiveImages() -> CALayer {
        let root = stage()
        var r = SceneRandom(seed: 2002)
        let image = PageArtwork.newPage(size: CGSize(width: 256, height: 256), scale: 1)
        for _ in 0..<200 {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 256, height: 256)
            l.position = CGPoint(x: r.unit() * size.width, y: r.unit() * size.height)
            l.contents = image
            var t = CATransform3DIdentity
            t.m34 = -1.0 / 800
            t = CATransform3DRotate(t, (r.unit() - 0.5) * 1.4, 0, 1, 0)
            t = CATransform3DRotate(t, (r.unit() - 0.5) * 1.0, 1, 0, 0)
            l.transform = t
            root.addSublayer(l)
        }
        return root
    }
}

extension BenchScenes {
    /// Issue 19's scale scene: `count` small opaque sibling layers (4–16 points, some with a
    /// corner radius) scattered over the stage, so preparing the frame (occlusion culling,
    /// the draw list) is measured at 10k and 100k layers, not just the raster.
    static func siblings(_ count: Int) -> CALayer {
        let root = stage()
        var r = SceneRandom(seed: 1919)
        for i in 0..<count {
            let l = CALayer()
            let side = 4 + r.unit() * 12
            l.bounds = CGRect(x: 0, y: 0, width: side, height: side)
            l.position = CGPoint(x: r.unit() * size.width, y: r.unit() * size.height)
            l.backgroundColor = color(&r)
            if i % 4 == 0 { l.cornerRadius = side / 4 }
            root.addSublayer(l)
        }
        return root
    }
}

extension BenchScenes {
    /// Issue 21's damage benchmark: the 500-layer scene with a 40 × 40 point spinner turning
    /// in its middle (a rotation repeated for ever, one turn a second). A window redraws only
    /// the spinner's square each frame: `lamina bench bench-spinner --over 0..1 --incremental`
    /// against the same without `--incremental`.
    static func spinner() -> CALayer {
        let root = layers()
        let spinner = CALayer()
        spinner.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        spinner.position = CGPoint(x: size.width / 2, y: size.height / 2)
        spinner.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
        spinner.cornerRadius = 6
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0
        turn.toValue = 2 * Double.pi
        turn.duration = 1
        turn.repeatCount = .infinity
        spinner.add(turn, forKey: "spin")
        root.addSublayer(spinner)
        return root
    }
}

/// A still bench scene as a `SceneModel`.
final class StillScene: SceneModel {
    let root: CALayer
    let script: [ScriptStep] = []
    init(_ root: CALayer) { self.root = root }
    func handle(_ input: SceneInput) {}
}
