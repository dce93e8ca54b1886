import Foundation
import LaminaSnapshotTesting
import QuartzCore
import Testing

/// Layers snapshotted as an iOS project snapshots them, on Linux.
@Suite struct LayerSnapshotTests {
    /// A badge: rounded, bordered, with a shadow and a sublayer.
    func badge() -> CALayer {
        let badge = CALayer()
        badge.frame = CGRect(x: 0, y: 0, width: 48, height: 32)
        badge.backgroundColor = CGColor(red: 0.95, green: 0.3, blue: 0.2, alpha: 1)
        badge.cornerRadius = 10
        badge.borderWidth = 2
        badge.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let dot = CALayer()
        dot.frame = CGRect(x: 8, y: 10, width: 12, height: 12)
        dot.cornerRadius = 6
        dot.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        badge.addSublayer(dot)
        return badge
    }

    @Test func badgeLayer() {
        assertSnapshot(of: badge(), as: .image)
    }

    @Test func badgeAtTwicePixelsPerPoint() {
        assertSnapshot(of: badge(), as: .image(scale: 2))
    }

    /// An animation snapshotted mid-flight: the bar half-way through growing, the dot half-way
    /// across.
    @Test func animationHalfWay() {
        let track = CALayer()
        track.frame = CGRect(x: 0, y: 0, width: 64, height: 16)
        track.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        let bar = CALayer()
        bar.anchorPoint = CGPoint(x: 0, y: 0.5)
        bar.frame = CGRect(x: 0, y: 0, width: 64, height: 16)
        bar.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 1, alpha: 1)
        track.addSublayer(bar)
        let grow = CABasicAnimation(keyPath: "transform.scale.x")
        grow.fromValue = 0
        grow.toValue = 1
        grow.duration = 1
        bar.add(grow, forKey: "grow")
        assertSnapshot(of: track, as: .image(at: 0.5), named: "half")
        assertSnapshot(of: track, as: .image(at: 2), named: "done")
        assertSnapshot(of: track, as: .image, named: "model")
    }

    /// The references the comparison tests below verify against (recorded like any other).
    @Test func referencesForTheComparisons() {
        assertSnapshot(of: badge(), as: .image, named: "reference", testName: "badge")
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        square.backgroundColor = CGColor(red: 0.6, green: 0.4, blue: 0.4, alpha: 1)
        assertSnapshot(of: square, as: .image, named: "square", testName: "square")
    }

    /// A changed layer fails against the reference, with a message saying how much differs and
    /// a difference image on disk.
    @Test func aChangedLayerFailsWithADifferenceImage() throws {
        let changed = badge()
        changed.cornerRadius = 4
        let message = try #require(verifySnapshot(of: changed, as: .image, named: "reference", record: .never,
                                                  testName: "badge"))
        #expect(message.contains("pixels"), "\(message)")
        let path = try #require(message.components(separatedBy: "difference image: ").last?
            .components(separatedBy: "\n").first)
        #expect(FileManager.default.fileExists(atPath: path), "\(path)")
        #expect(verifySnapshot(of: badge(), as: .image, named: "reference", record: .never, testName: "badge") == nil)
    }

    /// Perceptual precision forgives what the eye cannot see, not more.
    @Test func perceptualPrecisionAcceptsInvisibleDifferences() {
        func square(_ red: CGFloat) -> CALayer {
            let l = CALayer()
            l.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
            l.backgroundColor = CGColor(red: red, green: 0.4, blue: 0.4, alpha: 1)
            return l
        }
        // The reference was recorded with red 0.6; 0.604 is one byte away.
        #expect(verifySnapshot(of: square(0.604), as: .image, named: "square", record: .never, testName: "square") != nil)
        #expect(verifySnapshot(of: square(0.604), as: .image(perceptualPrecision: 0.98), named: "square",
                               record: .never, testName: "square") == nil)
        #expect(verifySnapshot(of: square(0.8), as: .image(perceptualPrecision: 0.98), named: "square",
                               record: .never, testName: "square") != nil)
    }
}
