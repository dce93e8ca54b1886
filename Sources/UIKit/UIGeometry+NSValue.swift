import QuartzCore

// UIKit's NSValue boxes for geometry (UIGeometry.h). Points, sizes and rects use Foundation's
// own boxes (NSValue(point:), (size:), (rect:)), so QuartzCore unboxes them in animations
// exactly as it unboxes Foundation's. Edge insets use Foundation's NSEdgeInsets box (same four
// doubles, objCType "{NSEdgeInsets=dddd}"); vectors are boxed as two doubles (objCType "[2d]")
// because Foundation on Linux cannot box a struct type it does not know. Reading a box of
// another type gives zero values, never a trap.

extension NSValue {
    /// A value boxing a point (Foundation's point box), for animation values and KVC.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// A value boxing a size (Foundation's size box), for animation values and KVC.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// A value boxing a rectangle (Foundation's rect box), for animation values and KVC.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    /// A value boxing a vector (two doubles, objCType "[2d]").
    public convenience init(cgVector vector: CGVector) {
        var pair = (Double(vector.dx), Double(vector.dy))
        self.init(bytes: &pair, objCType: "[2d]")
    }

    /// A value boxing edge insets (Foundation's NSEdgeInsets box).
    public convenience init(uiEdgeInsets insets: UIEdgeInsets) {
        self.init(edgeInsets: NSEdgeInsets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right))
    }

    private var typeEncoding: String { String(cString: objCType) }

    /// The boxed point; `.zero` for a box of another type.
    public var cgPointValue: CGPoint { typeEncoding.hasPrefix("{CGPoint") ? pointValue : .zero }
    /// The boxed size; `.zero` for a box of another type.
    public var cgSizeValue: CGSize { typeEncoding.hasPrefix("{CGSize") ? sizeValue : .zero }
    /// The boxed rect; `.zero` for a box of another type.
    public var cgRectValue: CGRect { typeEncoding.hasPrefix("{CGRect") ? rectValue : .zero }

    /// The boxed vector; `.zero` for a box of another type.
    public var cgVectorValue: CGVector {
        guard typeEncoding == "[2d]" else { return CGVector(dx: 0, dy: 0) }
        var pair = (0.0, 0.0)
        getValue(&pair)
        return CGVector(dx: pair.0, dy: pair.1)
    }

    /// The boxed insets; `.zero` for a box of another type.
    public var uiEdgeInsetsValue: UIEdgeInsets {
        guard typeEncoding.hasPrefix("{NSEdgeInsets") else { return .zero }
        let e = edgeInsetsValue
        return UIEdgeInsets(top: e.top, left: e.left, bottom: e.bottom, right: e.right)
    }
}
