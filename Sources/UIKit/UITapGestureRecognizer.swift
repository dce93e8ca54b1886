import Foundation
import QuartzCore
import LaminaKit

/// UIKit's tap recognizer (discrete): `numberOfTapsRequired` taps of
/// `numberOfTouchesRequired` fingers (LaminaKit's `TapGestureRecognizer`: 10 points of
/// allowed movement, 0.75 s per tap, 0.35 s between taps).
open class UITapGestureRecognizer: UIGestureRecognizer {
    override class func makeBase() -> GestureRecognizer { TapGestureRecognizer() }
    private var tap: TapGestureRecognizer { base as! TapGestureRecognizer }

    /// Taps in the sequence (2 for a double tap). Default 1.
    open var numberOfTapsRequired: Int {
        get { tap.numberOfTapsRequired }
        set { tap.numberOfTapsRequired = newValue }
    }

    /// Fingers each tap needs. Default 1.
    open var numberOfTouchesRequired: Int {
        get { tap.numberOfTouchesRequired }
        set { tap.numberOfTouchesRequired = newValue }
    }
}
