import CoreGraphics

/// Lamina extension: a colour object an attributed string's `.foregroundColor` attribute may
/// hold besides a `CGColor`. On iOS the attribute holds a UIColor, which Core Text reads
/// through Objective-C; QuartzCore cannot name UIKit's class, so UIKit's UIColor conforms to
/// this protocol and `CATextLayer` draws a range in its `cgColor`.
///
/// Like `CATextLayerFont`, it exists so iOS code compiles and draws unchanged: ports never
/// need to name it.
public protocol CATextLayerColor: AnyObject {
    /// The colour as a Core Graphics colour.
    var cgColor: CGColor { get }
}
