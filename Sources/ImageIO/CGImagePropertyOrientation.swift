/// How a stored image must be turned to be upright: the EXIF/TIFF orientation values, with
/// Apple's case names. The name says where the image's top row ended up: `.right` (6) is a
/// photo taken with the camera turned, whose stored pixels must be rotated 90° clockwise to
/// display.
@frozen public enum CGImagePropertyOrientation: UInt32, Sendable {
    /// 1: stored upright.
    case up = 1
    /// 2: flipped horizontally.
    case upMirrored = 2
    /// 3: rotated 180°.
    case down = 3
    /// 4: flipped vertically.
    case downMirrored = 4
    /// 5: flipped horizontally, then rotated 90° counter-clockwise to display.
    case leftMirrored = 5
    /// 6: rotate 90° clockwise to display.
    case right = 6
    /// 7: flipped horizontally, then rotated 90° clockwise to display.
    case rightMirrored = 7
    /// 8: rotate 90° counter-clockwise to display.
    case left = 8
}
