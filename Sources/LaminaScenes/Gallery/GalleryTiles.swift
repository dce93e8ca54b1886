import QuartzCore

/// The tiles of `GalleryScene`, one function each. Tile space: 100 x 100 points, y down.
enum GalleryTiles {
    static let ink = CGColor(red: 0.16, green: 0.20, blue: 0.32, alpha: 1)
    static let coral = CGColor(red: 0.96, green: 0.42, blue: 0.36, alpha: 1)
    static let teal = CGColor(red: 0.10, green: 0.64, blue: 0.62, alpha: 1)
    static let gold = CGColor(red: 0.98, green: 0.75, blue: 0.18, alpha: 1)
    static let sky = CGColor(red: 0.30, green: 0.56, blue: 0.92, alpha: 1)
    static let white = CGColor(gray: 1, alpha: 1)

    static func square(_ frame: CGRect, _ color: CGColor) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = color
        return l
    }

    static func rectShadow(_ tile: CALayer) {
        let card = square(CGRect(x: 20, y: 18, width: 60, height: 60), white)
        card.shadowPath = CGPath(rect: card.bounds, transform: nil)
        card.shadowOpacity = 0.6
        card.shadowRadius = 6
        card.shadowOffset = CGSize(width: 0, height: 5)
        tile.addSublayer(card)
    }

    static func alphaShadow(_ tile: CALayer) {
        let star = CAShapeLayer()
        star.frame = tile.bounds
        let path = CGMutablePath()
        for k in 0..<10 {
            let r: CGFloat = k % 2 == 0 ? 38 : 16
            let a = CGFloat(k) * .pi / 5 - .pi / 2
            let p = CGPoint(x: 50 + r * cos(a), y: 52 + r * sin(a))
            if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        star.path = path
        star.fillColor = gold
        star.shadowOpacity = 0.5
        star.shadowRadius = 4
        star.shadowOffset = CGSize(width: 3, height: 4)
        tile.addSublayer(star)
    }

    static func cornersAndBorder(_ tile: CALayer) {
        let l = square(CGRect(x: 15, y: 15, width: 70, height: 70), sky)
        l.cornerRadius = 18
        l.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        l.borderWidth = 5
        l.borderColor = ink
        tile.addSublayer(l)
    }

    static func continuousCorners(_ tile: CALayer) {
        let l = square(CGRect(x: 15, y: 15, width: 70, height: 70), teal)
        l.cornerRadius = 24
        l.cornerCurve = .continuous
        l.borderWidth = 2
        l.borderColor = white
        tile.addSublayer(l)
    }

    static func masksToBounds(_ tile: CALayer) {
        let clip = square(CGRect(x: 15, y: 15, width: 70, height: 70), ink)
        clip.cornerRadius = 35
        clip.masksToBounds = true
        clip.addSublayer(square(CGRect(x: -10, y: 30, width: 90, height: 20), coral))
        clip.addSublayer(square(CGRect(x: 30, y: -10, width: 20, height: 90), gold))
        tile.addSublayer(clip)
    }

    static func maskLayer(_ tile: CALayer) {
        let stripes = CALayer()
        stripes.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        for k in 0..<4 {
            stripes.addSublayer(square(CGRect(x: CGFloat(k) * 20, y: 0, width: 20, height: 80), k % 2 == 0 ? coral : sky))
        }
        let circle = CAShapeLayer()
        circle.frame = stripes.bounds
        circle.path = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 70, height: 70), transform: nil)
        stripes.mask = circle
        tile.addSublayer(stripes)
    }

    static func gradient(_ tile: CALayer, _ type: CAGradientLayerType, start: CGPoint, end: CGPoint) {
        let g = CAGradientLayer()
        g.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        g.type = type
        g.colors = [coral, gold, teal, sky]
        g.locations = [0, 0.3, 0.7, 1]
        g.startPoint = start
        g.endPoint = end
        g.cornerRadius = 8
        g.masksToBounds = true
        tile.addSublayer(g)
    }

    static func axialGradient(_ tile: CALayer) { gradient(tile, .axial, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 1, y: 1)) }
    static func radialGradient(_ tile: CALayer) { gradient(tile, .radial, start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 1)) }
    static func conicGradient(_ tile: CALayer) { gradient(tile, .conic, start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 0.5)) }

    static func zigzag() -> CGPath {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 15, y: 75))
        p.addLine(to: CGPoint(x: 38, y: 25))
        p.addLine(to: CGPoint(x: 62, y: 75))
        p.addLine(to: CGPoint(x: 85, y: 25))
        return p
    }

    static func dashedStroke(_ tile: CALayer) {
        let s = CAShapeLayer()
        s.frame = tile.bounds
        s.path = zigzag()
        s.fillColor = nil
        s.strokeColor = ink
        s.lineWidth = 7
        s.lineCap = .round
        s.lineJoin = .round
        s.lineDashPattern = [14, 10]
        tile.addSublayer(s)
    }

    static func partialStroke(_ tile: CALayer) {
        let s = CAShapeLayer()
        s.frame = tile.bounds
        s.path = CGPath(ellipseIn: CGRect(x: 18, y: 18, width: 64, height: 64), transform: nil)
        s.fillColor = nil
        s.strokeColor = coral
        s.lineWidth = 10
        s.lineCap = .round
        s.strokeEnd = 0.65
        tile.addSublayer(s)
    }

    static func groupOpacity(_ tile: CALayer) {
        let group = CALayer()
        group.frame = tile.bounds
        group.opacity = 0.5
        group.addSublayer(square(CGRect(x: 15, y: 15, width: 50, height: 50), sky))
        group.addSublayer(square(CGRect(x: 35, y: 35, width: 50, height: 50), coral))
        tile.addSublayer(group)
    }

    /// A 3 x 2 pixel checker image, enough to see placement and filtering.
    static func checker() -> CGImage? {
        PageArtwork.draw(size: CGSize(width: 30, height: 20), scale: 1) { c in
            for k in 0..<6 {
                c.setFillColor([coral, gold, teal, sky, ink, white][k])
                c.fill(CGRect(x: CGFloat(k % 3) * 10, y: CGFloat(k / 3) * 10, width: 10, height: 10))
            }
        }
    }

    static func contentsGravity(_ tile: CALayer) {
        let l = square(CGRect(x: 10, y: 10, width: 80, height: 80), CGColor(gray: 0.85, alpha: 1))
        l.contents = checker()
        l.contentsGravity = .resizeAspect
        l.magnificationFilter = .nearest
        tile.addSublayer(l)
    }

    static func nineSlice(_ tile: CALayer) {
        let l = CALayer()
        l.frame = CGRect(x: 10, y: 25, width: 80, height: 50)
        l.contents = PageArtwork.draw(size: CGSize(width: 24, height: 24), scale: 2) { c in
            c.setFillColor(teal)
            c.addPath(CGPath(roundedRect: CGRect(x: 0, y: 0, width: 24, height: 24), cornerWidth: 10, cornerHeight: 10, transform: nil))
            c.fillPath()
            c.setFillColor(white)
            c.fill(CGRect(x: 10, y: 10, width: 4, height: 4))
        }
        l.contentsScale = 2
        l.contentsCenter = CGRect(x: 0.45, y: 0.45, width: 0.1, height: 0.1)
        tile.addSublayer(l)
    }

    static func perspectiveTilt(_ tile: CALayer) {
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 200
        tile.sublayerTransform = p
        let card = square(CGRect(x: 20, y: 20, width: 60, height: 60), sky)
        card.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        card.borderWidth = 3
        card.borderColor = ink
        tile.addSublayer(card)
    }

    static func cube(_ tile: CALayer) {
        let cube = CATransformLayer()
        cube.frame = tile.bounds
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 300
        t = CATransform3DRotate(t, -.pi / 6, 1, 0, 0)
        t = CATransform3DRotate(t, .pi / 5, 0, 1, 0)
        cube.transform = t
        let faces: [(CATransform3D, CGColor)] = [
            (CATransform3DMakeTranslation(0, 0, 25), coral),
            (CATransform3DRotate(CATransform3DMakeTranslation(25, 0, 0), .pi / 2, 0, 1, 0), teal),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, -25, 0), .pi / 2, 1, 0, 0), gold),
            (CATransform3DRotate(CATransform3DMakeTranslation(-25, 0, 0), -.pi / 2, 0, 1, 0), sky),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, 25, 0), -.pi / 2, 1, 0, 0), ink),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -25), .pi, 0, 1, 0), white),
        ]
        for (transform, color) in faces {
            let face = square(CGRect(x: 25, y: 25, width: 50, height: 50), color)
            face.transform = transform
            face.isDoubleSided = false
            cube.addSublayer(face)
        }
        tile.addSublayer(cube)
    }
}
