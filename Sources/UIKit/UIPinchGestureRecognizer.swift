import Foundation
import QuartzCore
import LaminaKit

/// UIKit's pinch recognizer (continuous): two fingers moving apart or together.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    override class func makeBase() -> GestureRecognizer { PinchGestureRecognizer() }
    private var pinch: PinchGestureRecognizer { base as! PinchGestureRecognizer }

    /// Finger distance over the starting distance; setting it re-bases the gesture (the
    /// incremental idiom `recognizer.scale = 1`). Non-finite or non-positive values are ignored.
    open var scale: CGFloat {
        get { pinch.scale }
        set { pinch.scale = newValue }
    }

    /// Scale factor per second over the last change.
    open var velocity: CGFloat { pinch.velocity }
}
