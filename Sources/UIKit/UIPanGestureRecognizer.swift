import Foundation
import QuartzCore
import LaminaKit

/// UIKit's pan recognizer (continuous): fingers dragging. It begins once the touches' centroid
/// moved more than 10 points.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    override class func makeBase() -> GestureRecognizer { PanGestureRecognizer() }
    private var pan: PanGestureRecognizer { base as! PanGestureRecognizer }

    /// Fewest fingers that pan. Default 1.
    open var minimumNumberOfTouches: Int {
        get { pan.minimumNumberOfTouches }
        set { pan.minimumNumberOfTouches = newValue }
    }

    /// Most fingers that may pan. Default `Int.max` (UIKit's `UINT_MAX`).
    open var maximumNumberOfTouches: Int {
        get { pan.maximumNumberOfTouches }
        set { pan.maximumNumberOfTouches = newValue }
    }

    /// The centroid's movement since the gesture began, in `view`'s space (nil: window).
    open func translation(in view: UIView?) -> CGPoint { pan.translation(in: view?.backing) }

    /// Makes `translation(in: view)` read `translation` now (`setTranslation(.zero, in: view)`).
    open func setTranslation(_ translation: CGPoint, in view: UIView?) { pan.setTranslation(translation, in: view?.backing) }

    /// Points per second in `view`'s space over the last change.
    open func velocity(in view: UIView?) -> CGPoint { pan.velocity(in: view?.backing) }
}
