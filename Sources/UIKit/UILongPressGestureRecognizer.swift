import Foundation
import QuartzCore
import LaminaKit

/// UIKit's long-press recognizer (continuous): fingers held still for
/// `minimumPressDuration`; then began, changed on movement, ended on lift-off.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    override class func makeBase() -> GestureRecognizer { LongPressGestureRecognizer() }
    private var press: LongPressGestureRecognizer { base as! LongPressGestureRecognizer }

    /// Seconds the fingers must stay down. Default 0.5.
    open var minimumPressDuration: TimeInterval {
        get { press.minimumPressDuration }
        set { if newValue.isFinite, newValue >= 0 { press.minimumPressDuration = newValue } }
    }

    /// Points a finger may move before the press begins. Default 10.
    open var allowableMovement: CGFloat {
        get { press.allowableMovement }
        set { if newValue.isFinite { press.allowableMovement = newValue } }
    }

    /// Fingers that must be down. Default 1.
    open var numberOfTouchesRequired: Int {
        get { press.numberOfTouchesRequired }
        set { press.numberOfTouchesRequired = newValue }
    }

    /// Taps before the press (stored only: Lamina's long press needs none). Default 0.
    open var numberOfTapsRequired = 0
}
