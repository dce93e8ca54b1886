/// A 2-D vector (a direction and magnitude, no position), as Apple's CGVector.
/// Foundation on Linux lacks it, so CoreGraphics defines it.
public struct CGVector: Sendable, Hashable, Codable {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat

    /// The zero vector.
    @inlinable public init() { dx = 0; dy = 0 }
    /// A vector with the given components.
    @inlinable public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    /// A vector with the given components.
    @inlinable public init(dx: Double, dy: Double) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }
    /// A vector with the given components.
    @inlinable public init(dx: Int, dy: Int) { self.dx = CGFloat(dx); self.dy = CGFloat(dy) }

    /// The zero vector.
    public static let zero = CGVector()
}

extension CGVector: CustomStringConvertible {
    /// The components as "(dx, dy)".
    public var description: String { "(\(dx), \(dy))" }
}
