@_exported import CoreGraphics
import Foundation

/// Core Image's filter object, as far as Core Animation code uses it: a named filter with
/// input parameters set by key (`setValue(_:forKey:)`), handed to `CATransition.filter`.
///
/// Lamina has no Core Image pipeline. A `CIFilter` here is a description — its name and its
/// inputs with Core Image's defaults — that QuartzCore renders where it knows the filter. The
/// filters known are the transitions Core Animation code drives (seed 003, example 5-2):
/// `CIBarsSwipeTransition` (inputs `inputAngle` radians, default 3.14; `inputWidth` points,
/// default 30; `inputBarOffset` points, default 10). As Core Image does, `init?(name:)` returns
/// nil for a name it does not know, so code checking for nil keeps working.
///
/// Values are read as numbers (`NSNumber`, `Double`, `Float`, `CGFloat`, `Int`); a key the
/// filter does not have is kept but ignored (Core Image raises an Objective-C exception there;
/// Lamina does not trap).
open class CIFilter: NSObject, @unchecked Sendable {
    /// The filter's name, e.g. "CIBarsSwipeTransition".
    public let name: String
    private var values: [String: Any]
    private let defaults: [String: Any]

    /// Input keys and default values of the filters Lamina knows, by name.
    private static let known: [String: [String: Double]] = [
        "CIBarsSwipeTransition": [kCIInputAngleKey: 3.14, kCIInputWidthKey: 30, "inputBarOffset": 10],
    ]

    /// The names of the filters this Core Image knows.
    public class func filterNames(inCategory category: String?) -> [String] { known.keys.sorted() }

    /// The filter called `name`, with its default inputs; nil when Lamina does not know it.
    public init?(name: String) {
        guard let numbers = CIFilter.known[name] else { return nil }
        self.name = name
        defaults = numbers.mapValues { NSNumber(value: $0) }
        values = defaults
        super.init()
    }

    /// The filter called `name` with `params` set over its defaults.
    public convenience init?(name: String, parameters params: [String: Any]?) {
        self.init(name: name)
        for (key, value) in params ?? [:] { setValue(value, forKey: key) }
    }

    /// The filter's input keys, sorted.
    open var inputKeys: [String] { defaults.keys.sorted() }
    /// Output keys (`outputImage` for every filter).
    open var outputKeys: [String] { [kCIOutputImageKey] }

    /// Sets an input (nil restores its default).
    open func setValue(_ value: Any?, forKey key: String) {
        values[key] = value ?? defaults[key]
    }

    /// An input's current value.
    open func value(forKey key: String) -> Any? { values[key] }

    /// Restores every input to its default.
    open func setDefaults() { values = defaults }

    /// An input read as a number, when it is one and finite.
    public func number(forKey key: String) -> Double? {
        let d: Double?
        switch values[key] {
        case let n as NSNumber: d = n.doubleValue
        case let v as Double: d = v
        case let v as Float: d = Double(v)
        case let v as CGFloat: d = Double(v)
        case let v as Int: d = Double(v)
        default: d = nil
        }
        return d.flatMap { $0.isFinite ? $0 : nil }
    }

    /// The filter's name, for debugging.
    open override var description: String { "<CIFilter: \(name)>" }
}

/// The key of a filter's angle input, in radians (`CIBarsSwipeTransition`'s bar direction).
public let kCIInputAngleKey = "inputAngle"
/// The key of a filter's width input, in points (`CIBarsSwipeTransition`'s bar width).
public let kCIInputWidthKey = "inputWidth"
/// The key of a filter's input image (a transition's source image).
public let kCIInputImageKey = "inputImage"
/// The key of a transition filter's target image (the image it changes to).
public let kCIInputTargetImageKey = "inputTargetImage"
/// The key of a transition filter's time input, Core Image's progress from 0 to 1 (Lamina's transitions take their progress from the CATransition instead).
public let kCIInputTimeKey = "inputTime"
/// The key of a filter's output image.
public let kCIOutputImageKey = "outputImage"
