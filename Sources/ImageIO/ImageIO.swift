// ImageIO for Linux: Apple's CGImageSource / CGImageDestination API over CoreGraphics' PNG and
// JPEG codecs, so images are read and saved the way Apple code reads and saves them.
@_exported import CoreGraphics
