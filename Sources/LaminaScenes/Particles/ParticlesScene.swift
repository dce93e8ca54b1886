import QuartzCore

/// Particles (issue 22): four CAEmitterLayers, one per 240 x 160-point panel of a 480 x 320
/// stage (each panel clips):
///
///   confetti burst (top left)      snow (top right)
///   fire, additive (bottom left)   nested firework (bottom right)
///
/// - Confetti: one cell emitting for 0.1 s (the cell's `duration`) from the emitter's
///   `beginTime`; the `burst` command restarts it by moving that begin time to now.
/// - Snow: a `line` emitter across the top, flakes drifting down; begun at media time 0, so
///   any frame shows the steady state.
/// - Fire: `renderMode = .additive`, faint orange soft dots rising and shrinking, so where
///   many overlap the colour saturates towards yellow-white.
/// - Firework: rockets (a cell) that trail sparks (a sub-cell emitting for the rocket's whole
///   life) and burst (a sub-cell with `beginTime` 1 s after the rocket's birth and a 0.05 s
///   `duration`) — particles that emit particles.
///
/// The `depth` command turns the snow into a 3-D snowfall (`preservesDepth` under a
/// perspective) and back.
///
/// Particles are a function of each emitter's local time and `seed`, so every frame is the
/// same whatever the frame rate or order.
package final class ParticlesScene: SceneModel {
    package static let size = CGSize(width: 480, height: 320)
    package let root = CALayer()
    package let confetti = CAEmitterLayer()
    package let snow = CAEmitterLayer()
    package let fire = CAEmitterLayer()
    package let firework = CAEmitterLayer()
    package let script: [ScriptStep] = [ScriptStep(0, .command("burst")), ScriptStep(2.5, .command("burst"))]

    package static let commands = [SceneCommand("burst", key: "b", "a new confetti burst"),
                                   SceneCommand("depth", key: "3", "snow in 3-D (preservesDepth under perspective) on/off")]

    package init() {
        root.bounds = CGRect(origin: .zero, size: Self.size)
        root.position = CGPoint(x: Self.size.width / 2, y: Self.size.height / 2)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        root.name = "particles"
        let panels: [(CAEmitterLayer, String, CGColor)] = [
            (confetti, "confetti", CGColor(red: 0.93, green: 0.93, blue: 0.96, alpha: 1)),
            (snow, "snow", CGColor(red: 0.10, green: 0.16, blue: 0.30, alpha: 1)),
            (fire, "fire", CGColor(red: 0.06, green: 0.03, blue: 0.02, alpha: 1)),
            (firework, "firework", CGColor(red: 0.02, green: 0.02, blue: 0.08, alpha: 1)),
        ]
        for (i, (emitter, name, colour)) in panels.enumerated() {
            let panel = CALayer()
            panel.frame = CGRect(x: CGFloat(i % 2) * 240, y: CGFloat(i / 2) * 160, width: 240, height: 160)
            panel.backgroundColor = colour
            panel.masksToBounds = true
            panel.name = name
            emitter.frame = panel.bounds
            emitter.name = name
            panel.addSublayer(emitter)
            root.addSublayer(panel)
        }
        Self.makeConfetti(confetti)
        Self.makeSnow(snow)
        Self.makeFire(fire)
        Self.makeFirework(firework)
    }

    package func handle(_ input: SceneInput) {
        switch input {
        case .command("burst"):
            guard let panel = confetti.superlayer else { return }
            // The emitter's begin time is in its superlayer's time: now, there.
            confetti.beginTime = panel.convertTime(CACurrentMediaTime(), from: nil)
        case .command("depth"):
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            Self.setSnowDepth(snow, !snow.preservesDepth)
            CATransaction.commit()
        default:
            break
        }
    }

    /// The snow as a 3-D snowfall (`depth` command): flakes start anywhere in a slab 200 pt
    /// deep and are drawn in 3-D under the panel's perspective (eye 300 pt away), nearer ones
    /// larger and drawn over farther ones (`backToFront`); or flat again.
    static func setSnowDepth(_ e: CAEmitterLayer, _ on: Bool) {
        e.preservesDepth = on
        e.emitterShape = on ? .cuboid : .line
        e.emitterSize = CGSize(width: 260, height: on ? 1 : 0)
        e.emitterDepth = on ? 200 : 0
        e.renderMode = on ? .backToFront : .unordered
        var perspective = CATransform3DIdentity
        perspective.m34 = on ? -1 / 300 : 0
        e.superlayer?.sublayerTransform = perspective
    }

    // MARK: Emitters

    static func makeConfetti(_ e: CAEmitterLayer) {
        e.emitterPosition = CGPoint(x: 120, y: 110)
        e.emitterShape = .point
        e.seed = 7
        // Until the first `burst` the emitter's begin time is 0 (media time 0, long past), so
        // the cell's 0.1 s of emission is over and the panel is empty.
        let paper = CAEmitterCell()
        paper.name = "paper"
        paper.contents = ParticleSprites.strip(12)
        paper.birthRate = 600
        paper.duration = 0.1
        paper.lifetime = 3
        paper.velocity = 170
        paper.velocityRange = 60
        paper.emissionLongitude = -.pi / 2
        paper.emissionRange = 0.8
        paper.yAcceleration = 200
        paper.spin = 3
        paper.spinRange = 10
        paper.scale = 0.7
        paper.scaleRange = 0.25
        paper.color = CGColor(red: 0.55, green: 0.5, blue: 0.55, alpha: 1)
        paper.redRange = 0.45
        paper.greenRange = 0.5
        paper.blueRange = 0.45
        e.emitterCells = [paper]
    }

    static func makeSnow(_ e: CAEmitterLayer) {
        e.emitterPosition = CGPoint(x: 120, y: -6)
        e.emitterSize = CGSize(width: 260, height: 0)
        e.emitterShape = .line
        e.seed = 11
        let flake = CAEmitterCell()
        flake.name = "flake"
        flake.contents = ParticleSprites.dot(8)
        flake.birthRate = 40
        flake.lifetime = 8
        flake.velocity = 22
        flake.velocityRange = 8
        flake.emissionLongitude = .pi / 2
        flake.emissionRange = 0.35
        flake.xAcceleration = 2
        flake.yAcceleration = 3
        flake.scale = 0.5
        flake.scaleRange = 0.3
        flake.color = CGColor(red: 1, green: 1, blue: 1, alpha: 0.9)
        flake.alphaRange = 0.1
        e.emitterCells = [flake]
    }

    static func makeFire(_ e: CAEmitterLayer) {
        e.emitterPosition = CGPoint(x: 120, y: 150)
        e.emitterSize = CGSize(width: 50, height: 0)
        e.emitterShape = .line
        e.renderMode = .additive
        e.seed = 23
        let flame = CAEmitterCell()
        flame.name = "flame"
        flame.contents = ParticleSprites.softDot(32)
        flame.birthRate = 220
        flame.lifetime = 1.1
        flame.lifetimeRange = 0.3
        flame.velocity = 55
        flame.velocityRange = 20
        flame.emissionLongitude = -.pi / 2
        flame.emissionRange = 0.35
        flame.yAcceleration = -30
        flame.scale = 1.1
        flame.scaleSpeed = -0.7
        flame.color = CGColor(red: 0.85, green: 0.35, blue: 0.1, alpha: 0.2)
        flame.alphaSpeed = -0.15
        flame.greenSpeed = -0.2
        e.emitterCells = [flame]
    }

    static func makeFirework(_ e: CAEmitterLayer) {
        e.emitterPosition = CGPoint(x: 120, y: 160)
        e.emitterSize = CGSize(width: 120, height: 0)
        e.emitterShape = .line
        e.renderMode = .additive
        e.seed = 42
        let rocket = CAEmitterCell()
        rocket.name = "rocket"
        rocket.contents = ParticleSprites.dot(6)
        rocket.birthRate = 1.2
        rocket.lifetime = 1.05
        rocket.velocity = 175
        rocket.velocityRange = 15
        rocket.emissionLongitude = -.pi / 2
        rocket.emissionRange = 0.2
        rocket.yAcceleration = 90
        rocket.color = CGColor(red: 1, green: 0.9, blue: 0.7, alpha: 1)

        let trail = CAEmitterCell()
        trail.name = "trail"
        trail.contents = ParticleSprites.softDot(8)
        trail.birthRate = 50
        trail.lifetime = 0.4
        trail.velocity = 12
        trail.emissionRange = .pi
        trail.color = CGColor(red: 1, green: 0.6, blue: 0.25, alpha: 0.6)
        trail.alphaSpeed = -1.5

        let burst = CAEmitterCell()
        burst.name = "burst"
        burst.contents = ParticleSprites.softDot(10)
        burst.beginTime = 1.0
        burst.duration = 0.05
        burst.birthRate = 1400
        burst.lifetime = 1.0
        burst.lifetimeRange = 0.3
        burst.velocity = 70
        burst.velocityRange = 15
        burst.emissionRange = .pi
        burst.yAcceleration = 40
        burst.color = CGColor(red: 0.6, green: 0.6, blue: 0.6, alpha: 1)
        burst.redRange = 0.4
        burst.greenRange = 0.4
        burst.blueRange = 0.4
        burst.alphaSpeed = -0.9
        burst.scaleSpeed = -0.2

        rocket.emitterCells = [trail, burst]
        e.emitterCells = [rocket]
    }
}
