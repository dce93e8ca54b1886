import Foundation
import QuartzCore

// Cycling through images: a discrete keyframe animation of the layer's contents.

extension UIImageView {
    static let animationKey = "UIImageAnimation"

    /// Starts cycling through `animationImages` (`highlightedAnimationImages` while
    /// highlighted, when set): each image for `animationDuration / count` seconds (1/30 s
    /// each when the duration is 0), `animationRepeatCount` times (0: forever). Nothing
    /// happens without images. Restarting starts from the first image.
    public func startAnimating() {
        let images = (isHighlighted ? highlightedAnimationImages : nil) ?? animationImages ?? []
        let frames = images.compactMap { preparedImage($0) }
        guard !frames.isEmpty else { return }
        let n = frames.count
        let animation = CAKeyframeAnimation(keyPath: "contents")
        animation.values = frames
        animation.calculationMode = .discrete
        // Discrete mode: n + 1 key times, image i shown from i/n to (i+1)/n.
        animation.keyTimes = (0...n).map { NSNumber(value: Double($0) / Double(n)) }
        let duration = animationDuration.isFinite && animationDuration > 0 ? animationDuration : Double(n) / 30
        animation.duration = duration
        animation.repeatCount = animationRepeatCount > 0 ? Float(animationRepeatCount) : .infinity
        if let scale = images.first?.scale, layer.contentsScale != scale { layer.contentsScale = scale }
        layer.removeAnimation(forKey: UIImageView.animationKey)
        layer.add(animation, forKey: UIImageView.animationKey)
    }

    /// Stops cycling: the view shows `image` again.
    public func stopAnimating() {
        layer.removeAnimation(forKey: UIImageView.animationKey)
    }

    /// Whether the images are cycling (false once a finite repeat count has run out).
    public var isAnimating: Bool {
        layer.animation(forKey: UIImageView.animationKey) != nil
    }
}
