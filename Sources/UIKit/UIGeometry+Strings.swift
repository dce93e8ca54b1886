import QuartzCore

// UIKit's string forms of geometry: "{x, y}", "{w, h}", "{{x, y}, {w, h}}",
// "{top, left, bottom, right}", "[a, b, c, d, tx, ty]", each number printed with "%.17g"
// (enough digits to read the same double back, so 0.1 prints as 0.10000000000000001, as
// UIKit does). Parsing reads the numbers in order and ignores the punctuation; missing or
// unreadable numbers are 0, so a malformed string gives zero values, as UIKit's.

extension NSCoder {
    public class func string(for point: CGPoint) -> String { "{\(g(point.x)), \(g(point.y))}" }
    public class func string(for vector: CGVector) -> String { "{\(g(vector.dx)), \(g(vector.dy))}" }
    public class func string(for size: CGSize) -> String { "{\(g(size.width)), \(g(size.height))}" }
    public class func string(for rect: CGRect) -> String { "{\(string(for: rect.origin)), \(string(for: rect.size))}" }
    public class func string(for transform: CGAffineTransform) -> String {
        "[" + [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map(g).joined(separator: ", ") + "]"
    }
    public class func string(for insets: UIEdgeInsets) -> String {
        "{" + [insets.top, insets.left, insets.bottom, insets.right].map(g).joined(separator: ", ") + "}"
    }

    public class func cgPoint(for string: String) -> CGPoint {
        let n = numbers(string, 2)
        return CGPoint(x: n[0], y: n[1])
    }
    public class func cgVector(for string: String) -> CGVector {
        let n = numbers(string, 2)
        return CGVector(dx: n[0], dy: n[1])
    }
    public class func cgSize(for string: String) -> CGSize {
        let n = numbers(string, 2)
        return CGSize(width: n[0], height: n[1])
    }
    public class func cgRect(for string: String) -> CGRect {
        let n = numbers(string, 4)
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
    public class func cgAffineTransform(for string: String) -> CGAffineTransform {
        let n = numbers(string, 6)
        return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }
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

public func NSStringFromCGPoint(_ point: CGPoint) -> String { NSCoder.string(for: point) }
public func NSStringFromCGVector(_ vector: CGVector) -> String { NSCoder.string(for: vector) }
public func NSStringFromCGSize(_ size: CGSize) -> String { NSCoder.string(for: size) }
public func NSStringFromCGRect(_ rect: CGRect) -> String { NSCoder.string(for: rect) }
public func NSStringFromCGAffineTransform(_ transform: CGAffineTransform) -> String { NSCoder.string(for: transform) }
public func NSStringFromUIEdgeInsets(_ insets: UIEdgeInsets) -> String { NSCoder.string(for: insets) }
public func CGPointFromString(_ string: String) -> CGPoint { NSCoder.cgPoint(for: string) }
public func CGVectorFromString(_ string: String) -> CGVector { NSCoder.cgVector(for: string) }
public func CGSizeFromString(_ string: String) -> CGSize { NSCoder.cgSize(for: string) }
public func CGRectFromString(_ string: String) -> CGRect { NSCoder.cgRect(for: string) }
public func CGAffineTransformFromString(_ string: String) -> CGAffineTransform { NSCoder.cgAffineTransform(for: string) }
public func UIEdgeInsetsFromString(_ string: String) -> UIEdgeInsets { NSCoder.uiEdgeInsets(for: string) }
