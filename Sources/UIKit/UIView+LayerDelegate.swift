import Foundation
import QuartzCore
import LaminaKit

// A view is its layer's delegate (seed 002): the layer asks it for the action of every
// property change, and UIKit answers NSNull — no implicit animation — outside animation blocks
// and the block's animation inside them. A subclass may override `action(for:forKey:)` to
// animate some keys itself and call super for the rest, as on iOS.

// `action(for:forKey:)` is declared in the class body (UIView.swift): Swift on Linux cannot
// override a method declared in an extension.
extension UIView: CALayerDelegate {}
