import QuartzCore

// Setting a colour in the current UIKit context (UIGraphicsGetCurrentContext): the state the
// following UIBezierPath, UIRectFill and UIGraphicsImageRendererContext calls draw with.
// Without a current context these do nothing, as in UIKit.

extension UIColor {
    /// Makes this the fill and the stroke colour of the current context.
    public func set() {
        setFill()
        setStroke()
    }

    /// Makes this the fill colour of the current context.
    public func setFill() {
        UIGraphicsGetCurrentContext()?.setFillColor(cgColor)
    }

    /// Makes this the stroke colour of the current context.
    public func setStroke() {
        UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor)
    }
}
