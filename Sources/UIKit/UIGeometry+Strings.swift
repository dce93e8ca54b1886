import QuartzCore

// UIKit's string forms of geometry: "{x, y}", "{w, h}", "{{x, y}, {w, h}}",
// "{top, left, bottom, right}", "[a, b, c, d, tx, ty]", each number printed with "%.17g"
// (enough digits to read the same double back, so 0.1 prints as 0.10000000000000001, as
// UIKit does). Parsing reads the numbers in order and ignores the punctuation; missing or
// unreadable numbers are 0, so a malformed string gives zero values, as UIKit's.

extension NSCoder {
    /// The point as "{x, y}", each number with 17 significant digits, as UIKit writes it.
    public class func string(for point: CGPoint) -> String { "{\(g(point.x)), \(g(point.y))}" }
    /// The vector as "{dx, dy}".
    public class func string(for vector: CGVector) -> String { "{\(g(vector.dx)), \(g(vector.dy))}" }
    /// The size as "{width, height}".
    public class func string(for size: CGSize) -> String { "{\(g(size.width)), \(g(size.height))}" }
    /// The rectangle as "{{x, y}, {width, height}}".
    public class func string(for rect: CGRect) -> String { "{\(string(for: rect.origin)), \(string(for: rect.size))}" }
    /// The transform as "[a, b, c, d, tx, ty]".
    public class func string(for transform: CGAffineTransform) -> String {
        "[" + [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map(g).joined(separator: ", ") + "]"
    }
    /// The insets as "{top, left, bottom, right}".
    public class func string(for insets: UIEdgeInsets) -> String {
        "{" + [insets.top, insets.left, insets.bottom, insets.right].map(g).joined(separator: ", ") + "}"
    }

    /// The point in a "{x, y}" string; missing or unreadable numbers are 0.
    public class func cgPoint(for string: String) -> CGPoint {
        let n = numbers(string, 2)
        return CGPoint(x: n[0], y: n[1])
    }
    /// The vector in a "{dx, dy}" string; missing or unreadable numbers are 0.
    public class func cgVector(for string: String) -> CGVector {
        let n = numbers(string, 2)
        return CGVector(dx: n[0], dy: n[1])
    }
    /// The size in a "{width, height}" string; missing or unreadable numbers are 0.
    public class func cgSize(for string: String) -> CGSize {
        let n = numbers(string, 2)
        return CGSize(width: n[0], height: n[1])
    }
    /// The rectangle in a "{{x, y}, {width, height}}" string; missing or unreadable numbers are 0.
    public class func cgRect(for string: String) -> CGRect {
        let n = numbers(string, 4)
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
    /// The transform in a "[a, b, c, d, tx, ty]" string; missing or unreadable numbers are 0.
    public class func cgAffineTransform(for string: String) -> CGAffineTransform {
        let n = numbers(string, 6)
        return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }
    /// The insets in a "{top, left, bottom, right}" string; missing or unreadable numbers are 0.
    public class func uiEdgeInsets(for string: String) -> UIEdgeInsets {
        let n = numbers(string, 4)
        return UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    private static func g(_ v: CGFloat) -> String { String(format: "%.17g", Double(v)) }

    /// The first `count` numbers in `string` (0 for each one missing).
    private static func numbers(_ string: String, _ count: Int) -> [CGFloat] {
        var out: [CGFloat] = []
        var token = ""
        func flush() {
            if !token.isEmpty { out.append(CGFloat(Double(token) ?? 0)); token = "" }
        }
        for ch in string {
            if ch.isNumber || "+-.eE".contains(ch) || ch.isLetter && "infINFaN".contains(ch) {
                token.append(ch)
            } else {
                flush()
            }
        }
        flush()
        return (0..<count).map { $0 < out.count ? out[$0] : 0 }
    }
}

/// The point as "{x, y}" (`NSCoder.string(for:)`).
public func NSStringFromCGPoint(_ point: CGPoint) -> String { NSCoder.string(for: point) }
/// The vector as "{dx, dy}" (`NSCoder.string(for:)`).
public func NSStringFromCGVector(_ vector: CGVector) -> String { NSCoder.string(for: vector) }
/// The size as "{width, height}" (`NSCoder.string(for:)`).
public func NSStringFromCGSize(_ size: CGSize) -> String { NSCoder.string(for: size) }
/// The rectangle as "{{x, y}, {width, height}}" (`NSCoder.string(for:)`).
public func NSStringFromCGRect(_ rect: CGRect) -> String { NSCoder.string(for: rect) }
/// The transform as "[a, b, c, d, tx, ty]" (`NSCoder.string(for:)`).
public func NSStringFromCGAffineTransform(_ transform: CGAffineTransform) -> String { NSCoder.string(for: transform) }
/// The insets as "{top, left, bottom, right}" (`NSCoder.string(for:)`).
public func NSStringFromUIEdgeInsets(_ insets: UIEdgeInsets) -> String { NSCoder.string(for: insets) }
/// The point in a "{x, y}" string (`NSCoder.cgPoint(for:)`).
public func CGPointFromString(_ string: String) -> CGPoint { NSCoder.cgPoint(for: string) }
/// The vector in a "{dx, dy}" string (`NSCoder.cgVector(for:)`).
public func CGVectorFromString(_ string: String) -> CGVector { NSCoder.cgVector(for: string) }
/// The size in a "{width, height}" string (`NSCoder.cgSize(for:)`).
public func CGSizeFromString(_ string: String) -> CGSize { NSCoder.cgSize(for: string) }
/// The rectangle in a "{{x, y}, {width, height}}" string (`NSCoder.cgRect(for:)`).
public func CGRectFromString(_ string: String) -> CGRect { NSCoder.cgRect(for: string) }
/// The transform in a "[a, b, c, d, tx, ty]" string (`NSCoder.cgAffineTransform(for:)`).
public func CGAffineTransformFromString(_ string: String) -> CGAffineTransform { NSCoder.cgAffineTransform(for: string) }
/// The insets in a "{top, left, bottom, right}" string (`NSCoder.uiEdgeInsets(for:)`).
public func UIEdgeInsetsFromString(_ string: String) -> UIEdgeInsets { NSCoder.uiEdgeInsets(for: string) }
