/// A SMPTE time code, as Core Video's `CVSMPTETime` (carried in `CVTimeStamp`; Lamina does
/// not read it).
public struct CVSMPTETime: Sendable {
    /// The subframe count within the current frame.
    public var subframes: Int16
    /// How many subframes make one frame.
    public var subframeDivisor: Int16
    /// The total number of frames, as Core Video's field.
    public var counter: UInt32
    /// The SMPTE format (Core Video's `CVSMPTETimeType` value: 24, 25, 30 drop-frame…).
    public var type: UInt32
    /// Which fields hold values (Core Video's `CVSMPTETimeFlags` bits).
    public var flags: UInt32
    /// The hours part of the time code.
    public var hours: Int16
    /// The minutes part of the time code.
    public var minutes: Int16
    /// The seconds part of the time code.
    public var seconds: Int16
    /// The frames part of the time code.
    public var frames: Int16

    /// All zero.
    public init() {
        self.init(subframes: 0, subframeDivisor: 0, counter: 0, type: 0, flags: 0, hours: 0, minutes: 0, seconds: 0, frames: 0)
    }

    /// A time code with every field given.
    public init(subframes: Int16, subframeDivisor: Int16, counter: UInt32, type: UInt32, flags: UInt32,
                hours: Int16, minutes: Int16, seconds: Int16, frames: Int16) {
        self.subframes = subframes; self.subframeDivisor = subframeDivisor; self.counter = counter
        self.type = type; self.flags = flags; self.hours = hours; self.minutes = minutes
        self.seconds = seconds; self.frames = frames
    }
}

/// Which fields of a `CVTimeStamp` hold values (its `flags`), as Core Video's.
public struct CVTimeStampFlags: OptionSet, Sendable {
    /// The flags' bits, Core Video's values.
    public let rawValue: UInt64
    /// Flags with the given bits.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// `videoTime` and `videoTimeScale` hold a time.
    public static let videoTimeValid = CVTimeStampFlags(rawValue: 1 << 0)
    /// `hostTime` holds a time, in host clock ticks (nanoseconds on Linux).
    public static let hostTimeValid = CVTimeStampFlags(rawValue: 1 << 1)
    /// `smpteTime` holds a time code.
    public static let SMPTETimeValid = CVTimeStampFlags(rawValue: 1 << 2)
    /// `videoRefreshPeriod` holds the display's refresh period, in units of `videoTimeScale`.
    public static let videoRefreshPeriodValid = CVTimeStampFlags(rawValue: 1 << 3)
    /// `rateScalar` holds the ratio of actual to nominal display rate.
    public static let rateScalarValid = CVTimeStampFlags(rawValue: 1 << 4)
    /// The frame is the top field of an interlaced frame.
    public static let topField = CVTimeStampFlags(rawValue: 1 << 16)
    /// The frame is the bottom field of an interlaced frame.
    public static let bottomField = CVTimeStampFlags(rawValue: 1 << 17)
    /// Both `videoTimeValid` and `hostTimeValid`.
    public static let videoHostTimeValid: CVTimeStampFlags = [.videoTimeValid, .hostTimeValid]
    /// Both `topField` and `bottomField`.
    public static let isInterlaced: CVTimeStampFlags = [.topField, .bottomField]
}

/// A display time stamp, as Core Video's `CVTimeStamp` (the fields and their meaning are
/// Apple's): `videoTime` counts units of `1 / videoTimeScale` seconds, `hostTime` counts host
/// clock ticks, and `flags` says which are valid. On Linux the host clock is
/// `CACurrentMediaTime()`'s, in nanoseconds (`CVGetHostClockFrequency()` is 1e9).
public struct CVTimeStamp: Sendable {
    /// The structure's version (0).
    public var version: UInt32
    /// Units of `videoTime` per second.
    public var videoTimeScale: Int32
    /// The time in units of `1 / videoTimeScale` seconds (valid with `videoTimeValid`).
    public var videoTime: Int64
    /// The time in host clock ticks: nanoseconds of `CACurrentMediaTime()`'s clock on Linux (valid with `hostTimeValid`).
    public var hostTime: UInt64
    /// The ratio of actual to nominal display rate (valid with `rateScalarValid`).
    public var rateScalar: Double
    /// The display's refresh period in units of `1 / videoTimeScale` seconds (valid with `videoRefreshPeriodValid`).
    public var videoRefreshPeriod: Int64
    /// The SMPTE time code (valid with `SMPTETimeValid`; Lamina does not read it).
    public var smpteTime: CVSMPTETime
    /// Which fields hold values: the bits of ``CVTimeStampFlags``.
    public var flags: UInt64
    /// Reserved; zero.
    public var reserved: UInt64

    /// All zero (no field valid), as C's `CVTimeStamp()`.
    public init() {
        self.init(version: 0, videoTimeScale: 0, videoTime: 0, hostTime: 0, rateScalar: 0, videoRefreshPeriod: 0,
                  smpteTime: CVSMPTETime(), flags: 0, reserved: 0)
    }

    /// A time stamp with every field given; set `flags` to say which are valid.
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
