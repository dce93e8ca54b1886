// A host in about a hundred lines: it owns the pixels, the clock and the frame loop, and
// QuartzCore does the rest through its public API.
//
// 1. `CARenderer(bounds:scale:)` and `renderer.layer = root` attach and commit a tree.
// 2. Each frame n runs at media time t = start + n / fps: `MediaClock.setManualTime(t)` makes
//    t the time commits stamp on animations, `beginFrame(atTime: t)` commits and runs the
//    animation clock, `updateBounds()` says whether anything changed, `render(into:…)` draws
//    into this program's own buffer, `endFrame()` closes the frame.
// 3. Frames are written as binary PPM files (the background is opaque, so the premultiplied
//    RGB bytes are the colours) and folded into an FNV-1a checksum, printed at the end: the
//    same build renders the same bytes on every run, in either byte order (`--bgra`).
import Foundation
import QuartzCore

// MARK: Options

var frameCount = 40, fps = 30.0, outputDirectory = "frames", pixelFormat = CARenderer.PixelFormat.rgba8Premultiplied
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    switch option {
    case "--frames": frameCount = arguments.popFirst().flatMap { Int($0) }.map { max(1, min($0, 10_000)) } ?? frameCount
    case "--fps": fps = arguments.popFirst().flatMap { Double($0) }.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? fps
    case "--out": outputDirectory = arguments.popFirst() ?? outputDirectory
    case "--bgra": pixelFormat = .bgra8Premultiplied
    default:
        FileHandle.standardError.write(Data("usage: MinimalHost [--frames N] [--fps F] [--out DIR] [--bgra]\n".utf8))
        exit(2)
    }
}

// MARK: The tree

let start: CFTimeInterval = 1000
MediaClock.setManualTime(start)

let root = CALayer()
root.frame = CGRect(x: 0, y: 0, width: 96, height: 64)
root.backgroundColor = CGColor(red: 0.95, green: 0.94, blue: 0.9, alpha: 1)

let card = CALayer()
card.bounds = CGRect(x: 0, y: 0, width: 28, height: 28)
card.position = CGPoint(x: 24, y: 32)
card.cornerRadius = 6
card.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
root.addSublayer(card)

let dot = CAShapeLayer()
dot.frame = CGRect(x: 56, y: 16, width: 32, height: 32)
dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 32, height: 32), transform: nil)
dot.fillColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
root.addSublayer(dot)

let renderer = CARenderer(bounds: root.frame, scale: 2)
renderer.backgroundColor = CGColor(gray: 0, alpha: 1)
renderer.layer = root   // attached: from now on changes animate implicitly, as on screen

// One explicit animation: a full turn of the card in one second.
let spin = CABasicAnimation(keyPath: "transform.rotation.z")
spin.fromValue = 0
spin.toValue = 2 * Double.pi
spin.duration = 1
spin.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
card.add(spin, forKey: "spin")

// MARK: Frames

let width = renderer.pixelWidth, height = renderer.pixelHeight, bytesPerRow = width * 4
var pixels = [UInt8](repeating: 0, count: height * bytesPerRow)
var checksum: UInt64 = 0xcbf2_9ce4_8422_2325
var drawn = 0

do {
    try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
    for n in 0..<frameCount {
        let t = start + Double(n) / fps
        MediaClock.setManualTime(t)
        // A model change a third of a second in: the dot fades by an implicit animation.
        if n == Int((fps / 3).rounded()) { dot.opacity = 0.3 }
        renderer.beginFrame(atTime: t)
        // Nothing changed since the last frame: the buffer still holds it.
        if !renderer.updateBounds().isEmpty {
            try pixels.withUnsafeMutableBytes {
                try renderer.render(into: $0, width: width, height: height, bytesPerRow: bytesPerRow,
                                    pixelFormat: pixelFormat)
            }
            drawn += 1
        }
        renderer.endFrame()
        let ppm = try writePPM(pixels, width: width, height: height, bytesPerRow: bytesPerRow, format: pixelFormat,
                               to: "\(outputDirectory)/frame-\(String(format: "%03d", n)).ppm")
        // Over the files' bytes: RGBA and BGRA runs print the same checksum.
        for byte in ppm { checksum = (checksum ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
} catch {
    FileHandle.standardError.write(Data("MinimalHost: \(error)\n".utf8))
    exit(1)
}

let next = renderer.nextFrameTime()
print("MinimalHost: \(frameCount) frames of \(width)x\(height) in \(outputDirectory)/ (\(drawn) drawn, \(frameCount - drawn) unchanged)")
print("next frame: \(next.isFinite ? String(format: "%.3f s", next - start) : "none needed (idle)")")
print(String(format: "checksum: %016llx", checksum))

/// Writes a binary PPM of the opaque frame (R, G, B per pixel, whichever byte order was
/// drawn) and returns the file's bytes.
@discardableResult
func writePPM(_ pixels: [UInt8], width: Int, height: Int, bytesPerRow: Int, format: CARenderer.PixelFormat,
              to path: String) throws -> Data {
    var data = Data("P6\n\(width) \(height)\n255\n".utf8)
    data.reserveCapacity(data.count + width * height * 3)
    let (r, b) = format == .bgra8Premultiplied ? (2, 0) : (0, 2)
    for y in 0..<height {
        var i = y * bytesPerRow
        for _ in 0..<width {
            data.append(contentsOf: [pixels[i + r], pixels[i + 1], pixels[i + b]])
            i += 4
        }
    }
    try data.write(to: URL(fileURLWithPath: path))
    return data
}
