import Foundation

/// Objective-C's selector type, which Swift on Linux lacks: here only so that
/// `init(target:action:)` and `addTarget(_:action:)` compile with `nil` or a string
/// (`Selector("handleTap:")`). `#selector(...)` itself cannot compile on Linux; write a
/// closure instead (`UITapGestureRecognizer { tap in self.handleTap(tap) }`). A selector is
/// never called.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method name, e.g. "handleTap:".
    public let name: String

    /// A selector with the given method name.
    public init(_ name: String) { self.name = name }
    /// A selector from a string literal, as `Selector("handleTap:")`.
    public init(stringLiteral value: String) { name = value }
    /// The method name.
    public var description: String { name }

    private static let reported = ReportedOnce()

    /// A flag set once, from any thread.
    private final class ReportedOnce: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false
        /// True the first time only.
        func claim() -> Bool { lock.withLock { defer { done = true }; return !done } }
    }

    /// Says once on standard error that selector actions are not called on Linux, naming the
    /// closure spelling to use instead (`remedy`).
    static func reportUnsupported(_ selector: Selector, in api: String,
                                  remedy: String = "addTarget { recognizer in … }") {
        guard reported.claim() else { return }
        FileHandle.standardError.write(Data("UIKit: \(api) with selector \"\(selector.name)\" is ignored: Swift on Linux cannot call selectors; use a closure (\(remedy))\n".utf8))
    }
}
