import QuartzCore

/// The media-timing listings of seed 003, as functions over the layers they animate.
enum TimingDemos {
    /// Bars fade in one after another: each animation begins 0.4 s after the previous one
    /// (`beginTime` in the layer's time space) and, with fillMode backwards, shows its start
    /// value (transparent) while it waits.
    static func chain(_ bars: [CALayer]) {
        for (i, bar) in bars.enumerated() {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 0.6
            fade.beginTime = bar.convertTime(CACurrentMediaTime(), from: nil) + 0.4 * Double(i)
            fade.fillMode = .backwards
            bar.add(fade, forKey: "chain")
        }
    }

    /// Seconds between neighbouring bars' phases in `groupWave`.
    static let waveStep: Double = 0.2
    /// One squash of `groupWave`, seconds (it autoreverses: a cycle is twice this).
    static let waveSquashDuration: Double = 0.6
    /// The height factor at the bottom of a squash.
    static let waveSquashedScale: Double = 0.3

    /// "Grouped animations can use the timeOffset property to start some animations at a later
    /// time than others": each bar gets a `CAAnimationGroup` of two children — a vertical squash
    /// and a dimming, both autoreversing, twice — whose `timeOffset` is `waveStep` seconds per
    /// bar. The groups all begin now, yet the children run out of phase: bar i starts i·0.2 s
    /// into its cycle and wraps round (reference §7.4), so the bars ripple as a wave.
    /// The group lasts exactly the children's two cycles (2.4 s); nothing is filled, so the
    /// bars end on their model (unsquashed, opaque).
    static func groupWave(_ bars: [CALayer]) {
        for (i, bar) in bars.enumerated() {
            let offset = waveStep * Double(i)
            let squash = CABasicAnimation(keyPath: "transform.scale.y")
            squash.fromValue = 1
            squash.toValue = waveSquashedScale
            let dim = CABasicAnimation(keyPath: "opacity")
            dim.fromValue = 1
            dim.toValue = 0.4
            for child in [squash, dim] {
                child.duration = waveSquashDuration
                child.autoreverses = true
                child.repeatCount = 2
                child.timeOffset = offset
            }
            let group = CAAnimationGroup()
            group.animations = [squash, dim]
            group.duration = 4 * waveSquashDuration
            bar.add(group, forKey: "wave")
        }
    }

    /// Autoreverses with a repeat count of 1.5: out, back, and out again, ending at the end
    /// value — so the model is set to the end value too and nothing jumps afterwards.
    static func autoreverse(_ layer: CALayer, toX x: CGFloat) {
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = layer.position.x
        move.toValue = x
        move.duration = 0.8
        move.autoreverses = true
        move.repeatCount = 1.5
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position.x = x
        CATransaction.commit()
        layer.add(move, forKey: "bounce")
    }

    /// A full turn every 2 s, forever: what the pause listing stops and restarts.
    static func spin(_ layer: CALayer) {
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.duration = 2
        spin.repeatCount = .infinity
        layer.add(spin, forKey: "spin")
    }

    /// Listing 5-4 `pauseLayer:`.
    static func pauseLayer(_ layer: CALayer) {
        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = pausedTime
    }

    /// Listing 5-4 `resumeLayer:`.
    static func resumeLayer(_ layer: CALayer) {
        let pausedTime = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
        layer.beginTime = timeSincePause
    }

    /// Listing 5-7: the outer transaction's 2 s applies to the position, the inner one's 5 s
    /// to zPosition and opacity.
    static func nestedTransactions(_ layer: CALayer) {
        CATransaction.begin()
        CATransaction.setValue(2.0, forKey: kCATransactionAnimationDuration)
        layer.position = CGPoint(x: 0, y: 0)
        CATransaction.begin()
        CATransaction.setValue(5.0, forKey: kCATransactionAnimationDuration)
        layer.zPosition = 200
        layer.opacity = 0
        CATransaction.commit()
        CATransaction.commit()
    }

    /// Listing 5-7 undone (so the demo can run again): back to the panel's centre, flat and
    /// opaque, over the default 0.25 s.
    static func undoNestedTransactions(_ layer: CALayer) {
        layer.position = CGPoint(x: 50, y: 50)
        layer.zPosition = 0
        layer.opacity = 1
    }

    /// Under the parent's perspective (listing 5-8), moving a layer towards the eye makes it
    /// look bigger; the change animates over 2 s.
    static func approach(_ layer: CALayer, zPosition: CGFloat) {
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        layer.zPosition = zPosition
        CATransaction.commit()
    }
}
