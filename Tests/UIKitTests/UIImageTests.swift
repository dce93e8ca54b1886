import Foundation
import Testing
import UIKit

@Suite struct UIImageTests {
    /// A 4×2-pixel picture: left half red, right half blue, with a green top-left pixel.
    static let marker: CGImage = {
        UIGraphicsImageRenderer(size: CGSize(width: 4, height: 2), format: scaleOne()).image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
            UIColor.blue.setFill()
            ctx.fill(CGRect(x: 2, y: 0, width: 2, height: 2))
            UIColor.green.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }.cgImage!
    }()

    func drawn(_ image: UIImage) -> Pixels {
        Pixels(UIGraphicsImageRenderer(size: image.size, format: scaleOne()).image { _ in image.draw(at: .zero) })!
    }

    @Test func sizeIsPointsAndFollowsTheOrientation() {
        let img = UIImage(cgImage: Self.marker, scale: 2, orientation: .up)
        #expect(img.size == CGSize(width: 2, height: 1) && img.scale == 2)
        #expect(UIImage(cgImage: Self.marker, scale: 1, orientation: .right).size == CGSize(width: 2, height: 4))
        #expect(UIImage(cgImage: Self.marker, scale: 1, orientation: .leftMirrored).size == CGSize(width: 2, height: 4))
        #expect(UIImage(cgImage: Self.marker, scale: 1, orientation: .downMirrored).size == CGSize(width: 4, height: 2))
        #expect(UIImage(cgImage: Self.marker).scale == 1)
        #expect(UIImage(cgImage: Self.marker, scale: 0, orientation: .up).scale == 1)
        #expect(UIImage(cgImage: Self.marker, scale: .nan, orientation: .up).size == CGSize(width: 4, height: 2))
    }

    @Test func drawsUprightInUIKitContexts() {
        let p = drawn(UIImage(cgImage: Self.marker))
        #expect(p[0, 0] == opaqueGreen && p[1, 0] == opaqueRed && p[0, 1] == opaqueRed && p[3, 1] == opaqueBlue)
    }

    @Test func everyOrientationTurnsOrMirrorsAsUIKit() {
        func image(_ o: UIImage.Orientation) -> Pixels { drawn(UIImage(cgImage: Self.marker, scale: 1, orientation: o)) }
        var p = image(.down)
        #expect(p[3, 1] == opaqueGreen && p[0, 0] == opaqueBlue && p[3, 0] == opaqueRed)
        p = image(.upMirrored)
        #expect(p[3, 0] == opaqueGreen && p[0, 0] == opaqueBlue && p[3, 1] == opaqueRed)
        p = image(.downMirrored)
        #expect(p[0, 1] == opaqueGreen && p[0, 0] == opaqueRed && p[3, 0] == opaqueBlue)
        p = image(.right)        // 90° clockwise: the left (red) half goes to the top
        #expect(p[1, 0] == opaqueGreen && p[0, 0] == opaqueRed && p[0, 3] == opaqueBlue)
        p = image(.left)         // 90° counter-clockwise: the left half goes to the bottom
        #expect(p[0, 3] == opaqueGreen && p[1, 3] == opaqueRed && p[0, 0] == opaqueBlue)
        p = image(.leftMirrored) // transposed
        #expect(p[0, 0] == opaqueGreen && p[1, 0] == opaqueRed && p[1, 3] == opaqueBlue)
        p = image(.rightMirrored)
        #expect(p[1, 3] == opaqueGreen && p[0, 3] == opaqueRed && p[0, 0] == opaqueBlue)
    }

    @Test func drawInStretchesAndScaleSetsThePointSize() {
        let img = UIImage(cgImage: Self.marker, scale: 2, orientation: .up)   // 2×1 points
        let out = Pixels(UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8), format: scaleOne()).image { _ in
            img.draw(at: CGPoint(x: 1, y: 1))
            img.draw(in: CGRect(x: 0, y: 4, width: 8, height: 4))
        })!
        // 4×2 pixels into 2×1 points at (1, 1): point (1, 1) averages green and red pixels,
        // point (2, 1) the blue ones; nothing beyond.
        #expect(out[1, 1][2] == 0 && out[1, 1][0] > 150 && out[1, 1][3] == 255)
        #expect(out[2, 1] == opaqueBlue)
        #expect(out[3, 1] == transparent && out[1, 2] == transparent && out[0, 1] == transparent)
        #expect(out[0, 4] == opaqueGreen && out[1, 7] == opaqueRed && out[7, 7] == opaqueBlue)
    }

    @Test func drawWithBlendModeAndAlpha() {
        let img = UIImage(cgImage: Self.marker)
        let p = Pixels(UIGraphicsImageRenderer(size: CGSize(width: 4, height: 2), format: scaleOne()).image { ctx in
            UIColor.white.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
            img.draw(in: CGRect(x: 0, y: 0, width: 4, height: 2), blendMode: .normal, alpha: 0.5)
            img.draw(at: CGPoint(x: 2, y: 0), blendMode: .copy, alpha: 1)
        })!
        #expect(close(p[1, 1], [255, 128, 128, 255]))
        #expect(p[2, 0] == opaqueGreen)
    }

    @Test func pngRoundTripAndJPEG() throws {
        let img = UIImage(cgImage: Self.marker, scale: 2, orientation: .up)
        let png = try #require(img.pngData())
        let back = try #require(UIImage(data: png, scale: 2))
        #expect(back.size == CGSize(width: 2, height: 1))
        #expect(Pixels(back)?.bytes == Pixels(img)?.bytes)
        let jpeg = try #require(img.jpegData(compressionQuality: 1))
        #expect(jpeg.starts(with: [0xFF, 0xD8]))
        #expect(UIImage(data: jpeg)?.size == CGSize(width: 4, height: 2))
        // Lower quality, smaller file; out-of-range and NaN qualities still encode.
        let big = UIGraphicsImageRenderer(size: CGSize(width: 32, height: 32), format: scaleOne()).image { ctx in
            for i in 0..<32 {
                UIColor(hue: CGFloat(i) / 32, saturation: 1, brightness: 1, alpha: 1).setFill()
                ctx.fill(CGRect(x: CGFloat(i), y: 0, width: 1, height: 32))
            }
        }
        let small = try #require(big.jpegData(compressionQuality: 0.1))
        let large = try #require(big.jpegData(compressionQuality: 1))
        #expect(small.count < large.count)
        #expect(big.jpegData(compressionQuality: .nan) != nil && big.jpegData(compressionQuality: 7) != nil)
    }

    @Test func badDataAndMissingFilesGiveNil() {
        #expect(UIImage(data: Data()) == nil)
        #expect(UIImage(data: Data("not an image".utf8)) == nil)
        #expect(UIImage(data: Data([0x89, 0x50, 0x4E, 0x47, 0, 0])) == nil)
        #expect(UIImage(contentsOfFile: "/nonexistent/x.png") == nil)
        #expect(UIImage(named: "no-such-image-anywhere") == nil)
        #expect(UIImage(named: "") == nil)
        #expect(UIImage(systemName: "star.fill") == nil)
    }

    @Test func contentsOfFileReadsTheScaleSuffix() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("uikit-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = try #require(UIImage(cgImage: Self.marker).pngData())
        let path2x = dir.appendingPathComponent("marker@2x.png").path
        let path1x = dir.appendingPathComponent("plain.png").path
        try png.write(to: URL(fileURLWithPath: path2x))
        try png.write(to: URL(fileURLWithPath: path1x))
        let img = try #require(UIImage(contentsOfFile: path2x))
        #expect(img.scale == 2 && img.size == CGSize(width: 2, height: 1))
        #expect(UIImage(contentsOfFile: path1x)?.scale == 1)
        // init(named:) takes a path too, and finds "name@2x.png" for "name".
        #expect(UIImage(named: dir.appendingPathComponent("marker").path)?.scale == 2)
        #expect(UIImage(named: path1x)?.scale == 1)
    }

    @Test func emptyImage() {
        let empty = UIImage()
        #expect(empty.size == .zero && empty.cgImage == nil)
        #expect(empty.pngData() == nil && empty.jpegData(compressionQuality: 0.5) == nil)
        let p = Pixels(UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: scaleOne()).image { _ in
            empty.draw(in: CGRect(x: 0, y: 0, width: 2, height: 2))
            UIImage(cgImage: Self.marker).draw(in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 2))
        })!
        #expect(p[0, 0] == transparent)
        UIImage(cgImage: Self.marker).draw(at: .zero)    // no context: nothing, no trap
    }

    @Test func renderingModeAndCapInsetsAreStored() {
        let img = UIImage(cgImage: Self.marker, scale: 2, orientation: .left)
        let template = img.withRenderingMode(.alwaysTemplate)
        #expect(template.renderingMode == .alwaysTemplate && img.renderingMode == .automatic)
        #expect(template.imageOrientation == .left && template.scale == 2 && template.cgImage === img.cgImage)
        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        let resizable = img.resizableImage(withCapInsets: insets)
        #expect(resizable.capInsets == insets && resizable.resizingMode == .tile)
        #expect(img.resizableImage(withCapInsets: insets, resizingMode: .stretch).resizingMode == .stretch)
        #expect(img.capInsets == .zero)
    }
}
