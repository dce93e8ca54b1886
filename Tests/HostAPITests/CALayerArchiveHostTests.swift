import Foundation
import QuartzCore
import Testing

// The JSON layer archive as a tool outside the package reads and writes it (what `lamina
// render file.json` does): `CALayerArchive` and `CALayerArchiveError`, public names only.

@Suite struct CALayerArchiveHostTests {
    private func makeTree() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        root.position = CGPoint(x: 20, y: 15)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 4, y: 4, width: 10, height: 10)
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.opacity = 0.5
        root.addSublayer(shape)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 2
        fade.beginTime = 0.5
        shape.add(fade, forKey: "fade")
        return root
    }

    @Test func aTreeRoundTripsWithItsClassesPropertiesAndAnimations() throws {
        // Begin time 0.5 is written as it is: "half a second after the render starts".
        let data = try CALayerArchive.archivedData(withRootLayer: makeTree())
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(text.contains("\"\(CALayerArchive.formatName)\"") && CALayerArchive.version == 1)

        let root = try CALayerArchive.unarchivedLayer(from: data, timeOrigin: 100)
        #expect(root.bounds == CGRect(x: 0, y: 0, width: 40, height: 30) && root.position == CGPoint(x: 20, y: 15))
        let shape = try #require(root.sublayers?.first as? CAShapeLayer)
        #expect(shape.opacity == 0.5 && shape.fillColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(shape.path?.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        let fade = try #require(shape.animation(forKey: "fade") as? CABasicAnimation)
        #expect(fade.keyPath == "opacity" && fade.duration == 2)
        #expect(fade.beginTime == 100.5, "read at origin 100: the layer's time at the origin + 0.5")
        // Written back relative to the same origin, the tree gives the same bytes (sorted keys).
        #expect(try CALayerArchive.archivedData(withRootLayer: root, timeOrigin: 100) == data)
    }

    @Test func badArchivesThrowAnErrorNamingTheKeyPath() throws {
        let bad = Data(#"{"format": "lamina-layer-archive", "version": 1, "root": {"sublayers": [{}, {"opacity": "abc"}]}}"#.utf8)
        #expect(throws: CALayerArchiveError.self) { try CALayerArchive.unarchivedLayer(from: bad) }
        do {
            _ = try CALayerArchive.unarchivedLayer(from: bad)
        } catch let error as CALayerArchiveError {
            #expect(error.path == "sublayers[1].opacity")
            #expect(error.description.hasPrefix("sublayers[1].opacity: ") && error.description.contains("abc"))
        }
        // JSON syntax errors name the line and column; the document has no key path.
        do {
            _ = try CALayerArchive.unarchivedLayer(from: Data("{\n  \"bounds\": [0, 0,\n".utf8))
            Issue.record("truncated JSON was read")
        } catch let error as CALayerArchiveError {
            #expect(error.path.isEmpty && error.message.contains("line"))
        }
        // A class of one's own is not archived.
        final class Custom: CALayer {}
        #expect(throws: CALayerArchiveError.self) { try CALayerArchive.archivedData(withRootLayer: Custom()) }
        // A missing file.
        #expect(throws: CALayerArchiveError.self) {
            try CALayerArchive.unarchivedLayer(contentsOf: URL(fileURLWithPath: "/nonexistent/lamina.json"))
        }
    }

    @Test func imageFilesAreReadOnlyFromTheBaseDirectory() throws {
        let json = Data(#"{"root": {"bounds": [0, 0, 4, 4], "contents": {"file": "dot.png"}}}"#.utf8)
        // No base directory: file references are refused, with the reason.
        do {
            _ = try CALayerArchive.unarchivedLayer(from: json)
            Issue.record("a file reference was read without a base directory")
        } catch let error as CALayerArchiveError {
            #expect(error.path.hasPrefix("contents"))
        }
    }
}
