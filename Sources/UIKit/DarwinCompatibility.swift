import QuartzCore

// Names `import UIKit` brings on iOS (through Darwin and CoreFoundation) that Glibc does not
// declare. Glibc already has the M_PI family, FLT_MAX/DBL_MAX, arc4random,
// arc4random_uniform, arc4random_buf, drand48 and the math functions, so only these are added.

/// Darwin's `MAXFLOAT`: the largest finite Float (0x1.fffffep+127), as `<math.h>` defines it.
public let MAXFLOAT: Float = .greatestFiniteMagnitude

/// Darwin's `HUGE`, defined as `MAXFLOAT` — the largest finite Float, not infinity — and
/// used as "repeat forever" in `animation.repeatCount = HUGE` (Core Animation treats it as
/// infinite).
public let HUGE: Float = MAXFLOAT

/// Seconds since 1 January 2001 00:00:00 GMT (CoreFoundation's reference date).
public typealias CFAbsoluteTime = Double

/// CoreFoundation's wall-clock time: seconds since the reference date (1 Jan 2001 GMT).
public func CFAbsoluteTimeGetCurrent() -> CFAbsoluteTime {
    Date().timeIntervalSinceReferenceDate
}

/// Seconds between the Unix epoch and CoreFoundation's reference date.
public let kCFAbsoluteTimeIntervalSince1970: Double = 978_307_200

// Dispatch's time constants (Darwin's <dispatch/time.h>), imported on iOS as UInt64 and used
// in `DispatchTime.now() + Double(Int64(delay * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)`.

/// Nanoseconds per second.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
/// Nanoseconds per millisecond.
public let NSEC_PER_MSEC: UInt64 = 1_000_000
/// Microseconds per second.
public let USEC_PER_SEC: UInt64 = 1_000_000
/// Nanoseconds per microsecond.
public let NSEC_PER_USEC: UInt64 = 1_000
