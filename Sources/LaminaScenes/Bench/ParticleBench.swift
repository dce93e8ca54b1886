import QuartzCore

extension BenchScenes {
    /// Issue 22's particle benchmark: one emitter of 16-pt soft dots across the 1920 x 1080
    /// frame, 5,000 births a second living 2 s — 10,000 live particles from 2 s on (the
    /// emitter begins at media time 0; time it at a key time ≥ 2 s). Target: ≥ 60 fps on one
    /// core in release.
    static func particles() -> CALayer {
        let root = stage()
        root.backgroundColor = CGColor(gray: 0.05, alpha: 1)
        let e = CAEmitterLayer()
        e.frame = root.bounds
        e.emitterPosition = CGPoint(x: size.width / 2, y: size.height / 2)
        e.emitterSize = CGSize(width: size.width, height: size.height)
        e.emitterShape = .rectangle
        e.seed = 2222
        let dot = CAEmitterCell()
        dot.name = "dot"
        dot.contents = PageArtwork.draw(size: CGSize(width: 16, height: 16), scale: 1) { c in
            c.setFillColor(CGColor(gray: 1, alpha: 1))
            c.fillEllipse(in: CGRect(x: 1, y: 1, width: 14, height: 14))
        }
        dot.birthRate = 5000
        dot.lifetime = 2
        dot.velocity = 40
        dot.velocityRange = 30
        dot.emissionRange = .pi
        dot.spin = 1
        dot.scaleRange = 0.3
        dot.color = CGColor(red: 0.9, green: 0.6, blue: 0.3, alpha: 0.8)
        dot.redRange = 0.1
        dot.blueRange = 0.3
        dot.alphaSpeed = -0.3
        e.emitterCells = [dot]
        root.addSublayer(e)
        return root
    }
}
