/// A 2-D vector (a direction and magnitude, no position), as Apple's CGVector.
/// Foundation on Linux lacks it, so CoreGraphics defines it.
public struct CGVector: Sendable, Hashable, Codable {
    public var dx: CGFloat
    public var dy: CGFloat

    @inlinable public init() { dx = 0; dy = 0 }
    @inlinable public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    @inlinable public init(dx: Double, dy: Double) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    @inlinable public init(dx: Int, dy: Int) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }

    public static let zero = CGVector()
}

extension CGVector: CustomStringConvertible {
    public var description: String { "(\(dx), \(dy))" }
}
