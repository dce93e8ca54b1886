import Foundation

/// A misuse that Apple's QuartzCore answers with an Objective-C exception.
///
/// Swift cannot catch those and our signatures (`addSublayer(_:)`, property setters,
/// `CATransaction.commit()`) cannot throw, so Lamina *refuses* the operation — the model is
/// left exactly as it was — and reports it through `LayerDiagnostics`: one line on standard
/// error (prefixed `QuartzCore:`) and a per-thread record that tests and tools can read.
package enum LayerError: Error, Equatable, CustomStringConvertible {
    /// Adding `layer` under `parent` (as sublayer or mask) would make a layer its own ancestor.
    case cycle(operation: String)
    /// `insertSublayer(_:above:)`/`(_:below:)`/`replaceSublayer` named a sibling that is not a
    /// sublayer of the receiver.
    case notASublayer(operation: String)
    /// A geometry property was given NaN (Apple raises `CALayerInvalidGeometry`).
    case invalidGeometry(key: String, value: String)
    /// `setValue(_:forKey:)` got a value of the wrong type for a known property.
    case wrongValueType(key: String, expected: String, got: String)
    /// `CATransaction.commit()` without a matching `begin()`.
    case unmatchedCommit
    /// `add(_:forKey:)` got an animation Lamina cannot run (NaN timing, unknown key path,
    /// values of the wrong type): it is not attached.
    case invalidAnimation(key: String, reason: String)
    /// A frame could not be rendered (e.g. an output too large to allocate).
    case renderFailed(reason: String)
    /// A public entry point got a value it cannot use (a non-finite media time); `detail`
    /// says what was kept instead.
    case invalidValue(operation: String, detail: String)

    package var description: String {
        switch self {
        case .cycle(let op): return "\(op): a layer cannot be added below itself or one of its sublayers; refused"
        case .notASublayer(let op): return "\(op): the sibling is not a sublayer of the receiver; refused"
        case .invalidGeometry(let key, let value): return "CALayer \(key) contains NaN: \(value); change refused"
        case .wrongValueType(let key, let expected, let got): return "setValue(_:forKey: \"\(key)\"): expected \(expected), got \(got); ignored"
        case .unmatchedCommit: return "CATransaction.commit() without a matching begin(); ignored"
        case .invalidAnimation(let key, let reason): return "add(_:forKey: \"\(key)\"): \(reason); animation ignored"
        case .renderFailed(let reason): return "\(reason); frame not rendered"
        case .invalidValue(let op, let detail): return "\(op): \(detail)"
        }
    }
}

/// Where refused operations are reported (see `LayerError`).
package enum LayerDiagnostics {
    private static let threadKey = "org.lamina.QuartzCore.lastLayerError"
    /// Set to false to silence the standard-error line (the per-thread record is always kept).
    package static let printsToStandardError = LockedValue(true)

    /// Records `error` for the current thread and prints it.
    package static func report(_ error: LayerError) {
        Thread.current.threadDictionary[threadKey] = ErrorBox(error)
        if printsToStandardError.value {
            FileHandle.standardError.write(Data("QuartzCore: \(error.description)\n".utf8))
        }
    }

    /// The last error reported on this thread, or nil.
    package static var lastError: LayerError? {
        (Thread.current.threadDictionary[threadKey] as? ErrorBox)?.error
    }

    /// Returns the last error reported on this thread and clears the record.
    @discardableResult
    package static func takeLastError() -> LayerError? {
        let e = lastError
        Thread.current.threadDictionary.removeObject(forKey: threadKey)
        return e
    }

    private final class ErrorBox {
        let error: LayerError
        init(_ error: LayerError) { self.error = error }
    }
}
