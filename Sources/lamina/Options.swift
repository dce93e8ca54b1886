/// A small command-line parser: positional arguments and `--name value` / `--flag` options.
/// Unknown options are errors, so a typo never silently renders the wrong thing.
struct Options {
    var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments` given which option names take a value and which are flags.
    init(_ arguments: [String], valued: Set<String>, flags known: Set<String>) throws {
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a.hasPrefix("--") {
                let name = String(a.dropFirst(2))
                if valued.contains(name) {
                    guard i + 1 < arguments.count else { throw CLIError.usage("--\(name) needs a value") }
                    values[name] = arguments[i + 1]
                    i += 2
                    continue
                }
                guard known.contains(name) else { throw CLIError.usage("unknown option \(a)") }
                flags.insert(name)
            } else {
                positional.append(a)
            }
            i += 1
        }
    }

    func value(_ name: String) -> String? { values[name] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// A finite number option, or `fallback` when absent.
    func double(_ name: String, default fallback: Double) throws -> Double {
        guard let text = values[name] else { return fallback }
        guard let v = Double(text), v.isFinite else { throw CLIError.usage("--\(name) must be a number, got \"\(text)\"") }
        return v
    }

    func int(_ name: String, default fallback: Int) throws -> Int {
        guard let text = values[name] else { return fallback }
        guard let v = Int(text) else { throw CLIError.usage("--\(name) must be an integer, got \"\(text)\"") }
        return v
    }
}

/// What the CLI reports before exiting non-zero.
enum CLIError: Error, CustomStringConvertible {
    case usage(String)
    case failed(String)

    var description: String {
        switch self {
        case .usage(let m): return "\(m)\nRun `lamina help` for usage."
        case .failed(let m): return m
        }
    }
}
