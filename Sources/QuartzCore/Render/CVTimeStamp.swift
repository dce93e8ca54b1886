/// A SMPTE time code, as Core Video's `CVSMPTETime` (carried in `CVTimeStamp`; Lamina does
/// not read it).
public struct CVSMPTETime: Sendable {
    public var subframes: Int16
    public var subframeDivisor: Int16
    public var counter: UInt32
    public var type: UInt32
    public var flags: UInt32
    public var hours: Int16
    public var minutes: Int16
    public var seconds: Int16
    public var frames: Int16

    /// All zero.
    public init() {
        self.init(subframes: 0, subframeDivisor: 0, counter: 0, type: 0, flags: 0, hours: 0, minutes: 0, seconds: 0, frames: 0)
    }

    public init(subframes: Int16, subframeDivisor: Int16, counter: UInt32, type: UInt32, flags: UInt32,
                hours: Int16, minutes: Int16, seconds: Int16, frames: Int16) {
        self.subframes = subframes; self.subframeDivisor = subframeDivisor; self.counter = counter
        self.type = type; self.flags = flags; self.hours = hours; self.minutes = minutes
        self.seconds = seconds; self.frames = frames
    }
}

/// Which fields of a `CVTimeStamp` hold values (its `flags`), as Core Video's.
public struct CVTimeStampFlags: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static let videoTimeValid = CVTimeStampFlags(rawValue: 1 << 0)
    public static let hostTimeValid = CVTimeStampFlags(rawValue: 1 << 1)
    public static let SMPTETimeValid = CVTimeStampFlags(rawValue: 1 << 2)
    public static let videoRefreshPeriodValid = CVTimeStampFlags(rawValue: 1 << 3)
    public static let rateScalarValid = CVTimeStampFlags(rawValue: 1 << 4)
    public static let topField = CVTimeStampFlags(rawValue: 1 << 16)
    public static let bottomField = CVTimeStampFlags(rawValue: 1 << 17)
    public static let videoHostTimeValid: CVTimeStampFlags = [.videoTimeValid, .hostTimeValid]
    public static let isInterlaced: CVTimeStampFlags = [.topField, .bottomField]
}

/// A display time stamp, as Core Video's `CVTimeStamp` (the fields and their meaning are
/// Apple's): `videoTime` counts units of `1 / videoTimeScale` seconds, `hostTime` counts host
/// clock ticks, and `flags` says which are valid. On Linux the host clock is
/// `CACurrentMediaTime()`'s, in nanoseconds (`CVGetHostClockFrequency()` is 1e9).
public struct CVTimeStamp: Sendable {
    public var version: UInt32
    public var videoTimeScale: Int32
    public var videoTime: Int64
    public var hostTime: UInt64
    public var rateScalar: Double
    public var videoRefreshPeriod: Int64
    public var smpteTime: CVSMPTETime
    public var flags: UInt64
    public var reserved: UInt64

    /// All zero (no field valid), as C's `CVTimeStamp()`.
    public init() {
        self.init(version: 0, videoTimeScale: 0, videoTime: 0, hostTime: 0, rateScalar: 0, videoRefreshPeriod: 0,
                  smpteTime: CVSMPTETime(), flags: 0, reserved: 0)
    }

    public init(version: UInt32, videoTimeScale: Int32, videoTime: Int64, hostTime: UInt64, rateScalar: Double,
                videoRefreshPeriod: Int64, smpteTime: CVSMPTETime, flags: UInt64, reserved: UInt64) {
        self.version = version; self.videoTimeScale = videoTimeScale; self.videoTime = videoTime
        self.hostTime = hostTime; self.rateScalar = rateScalar; self.videoRefreshPeriod = videoRefreshPeriod
        self.smpteTime = smpteTime; self.flags = flags; self.reserved = reserved
    }

    /// The time stamp in seconds of media time: video time over its scale when valid (and the
    /// scale positive), else host time in seconds when valid, else nil.
    var mediaTime: CFTimeInterval? {
        let valid = CVTimeStampFlags(rawValue: flags)
        if valid.contains(.videoTimeValid), videoTimeScale > 0 { return Double(videoTime) / Double(videoTimeScale) }
        if valid.contains(.hostTimeValid) { return Double(hostTime) / CVGetHostClockFrequency() }
        return nil
    }
}

/// Host clock ticks per second: on Linux the host clock is counted in nanoseconds.
public func CVGetHostClockFrequency() -> Double { 1e9 }
