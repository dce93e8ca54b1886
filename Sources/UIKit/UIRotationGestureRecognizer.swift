import Foundation
import QuartzCore
import LaminaKit

/// UIKit's rotation recognizer (continuous): two fingers turning about each other.
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    override class func makeBase() -> GestureRecognizer { RotationGestureRecognizer() }
    private var rotator: RotationGestureRecognizer { base as! RotationGestureRecognizer }

    /// Radians turned since the gesture began (clockwise positive on screen, y down);
    /// setting it re-bases the gesture (`recognizer.rotation = 0`).
    open var rotation: CGFloat {
        get { rotator.rotation }
        set { rotator.rotation = newValue }
    }

    /// Radians per second over the last change.
    open var velocity: CGFloat { rotator.velocity }
}
