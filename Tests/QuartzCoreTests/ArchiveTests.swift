import Foundation
import Testing
import QuartzCore

@Suite struct ArchiveTests {
    private func sampleTree() -> CALayer {
        let root = CALayer()
        root.name = "root"
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.position = CGPoint(x: 100, y: 50)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.sublayerTransform = { var t = CATransform3DIdentity; t.m34 = -1 / 500; return t }()
        root.cornerRadius = 8
        root.maskedCorners = [.layerMinXMinYCorner]
        root.isDoubleSided = false
        root.contentsGravity = .center
        root.zPosition = .infinity
        let shape = CAShapeLayer()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 10), control: CGPoint(x: 15, y: 5))
        path.addCurve(to: CGPoint(x: 0, y: 10), control1: CGPoint(x: 8, y: 12), control2: CGPoint(x: 2, y: 12))
        path.closeSubpath()
        shape.path = path
        shape.strokeColor = CGColor(srgbRed: 0, green: 0.5, blue: 1, alpha: 1)
        shape.lineDashPattern = [2, 3]
        shape.lineCap = .round
        let gradient = CAGradientLayer()
        gradient.colors = [CGColor(gray: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)]
        gradient.locations = [0, 0.25]
        gradient.type = .radial
        gradient.transform = CATransform3DMakeRotation(0.3, 0, 1, 0)
        let text = CATextLayer()
        text.string = "Hello"
        text.fontSize = 12
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        replicator.addSublayer(CATransformLayer())
        let scroll = CAScrollLayer()
        scroll.scrollMode = .vertically
        root.sublayers = [shape, gradient, text, replicator, scroll]
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        root.mask = mask
        return root
    }

    @Test func roundTripKeepsEveryValueAndClass() throws {
        freshTransactions()
        let original = sampleTree()
        let data = try LayerArchive.encode(original)
        let decoded = try LayerArchive.decode(data)
        #expect(try LayerArchive.encode(decoded) == data, "encode(decode(x)) == x")
        #expect(decoded.name == "root" && decoded.bounds == original.bounds && decoded.position == original.position)
        #expect(decoded.backgroundColor == original.backgroundColor)
        #expect(decoded.sublayerTransform == original.sublayerTransform && decoded.zPosition == .infinity)
        #expect(decoded.maskedCorners == [.layerMinXMinYCorner] && !decoded.isDoubleSided && decoded.contentsGravity == .center)
        let subs = try #require(decoded.sublayers)
        #expect(subs.map { String(describing: type(of: $0)) }
                == ["CAShapeLayer", "CAGradientLayer", "CATextLayer", "CAReplicatorLayer", "CAScrollLayer"])
        let shape = try #require(subs[0] as? CAShapeLayer)
        #expect(shape.path == (original.sublayers?[0] as? CAShapeLayer)?.path)
        #expect(shape.strokeColor == CGColor(srgbRed: 0, green: 0.5, blue: 1, alpha: 1), "sRGB kept in object form")
        #expect(shape.lineDashPattern == [2, 3] && shape.lineCap == .round && shape.fillColor == CGColor(gray: 0, alpha: 1))
        let gradient = try #require(subs[1] as? CAGradientLayer)
        #expect(gradient.colors?.count == 2 && gradient.locations == [0, 0.25] && gradient.type == .radial)
        #expect(gradient.transform == CATransform3DMakeRotation(0.3, 0, 1, 0))
        #expect((subs[2] as? CATextLayer)?.string as? String == "Hello" && (subs[2] as? CATextLayer)?.fontSize == 12)
        #expect((subs[3] as? CAReplicatorLayer)?.instanceCount == 3 && subs[3].sublayers?.first is CATransformLayer)
        #expect((subs[4] as? CAScrollLayer)?.scrollMode == .vertically)
        #expect(decoded.mask?.bounds.size == CGSize(width: 200, height: 100) && decoded.mask?.superlayer == nil)
        #expect(subs.allSatisfy { $0.superlayer === decoded })
        CATransaction.flush()
    }

    @Test func defaultsAreOmitted() throws {
        let data = try LayerArchive.encode(CALayer())
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"class\" : \"CALayer\"") && !text.contains("opacity") && !text.contains("anchorPoint"))
        #expect(text.contains("lamina-layer-archive"))
    }

    @Test func bareLayerObjectsAndDefaultClassAreAccepted() throws {
        let layer = try LayerArchive.decode(Data(#"{"opacity": 0.5, "hidden": true, "position": [1, 2]}"#.utf8))
        #expect(type(of: layer) == CALayer.self && layer.opacity == 0.5 && layer.isHidden)
        #expect(layer.position == CGPoint(x: 1, y: 2))
        let nan = try LayerArchive.decode(Data(#"{"class": "CALayer", "cornerRadius": "nan"}"#.utf8))
        #expect(nan.cornerRadius.isNaN)
    }

    @Test func wrongTypesNameTheKeyPathAndValue() {
        let json = #"""
        {"format": "lamina-layer-archive", "version": 1, "root": {"class": "CALayer", "sublayers": [
            {}, {"class": "CAShapeLayer"}, {"opacity": "abc"}]}}
        """#
        #expect(throws: LayerArchiveError(path: "sublayers[2].opacity", message: "expected a number, got \"abc\"")) {
            try LayerArchive.decode(Data(json.utf8))
        }
        do {
            _ = try LayerArchive.decode(Data(#"{"sublayers": [{"opacity": "abc"}]}"#.utf8))
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "sublayers[0].opacity: expected a number, got \"abc\"")
        }
        #expect(throws: LayerArchiveError(path: "position", message: "expected a point [x, y], got an array of 3")) {
            try LayerArchive.decode(Data(#"{"position": [1, 2, 3]}"#.utf8))
        }
        #expect(throws: LayerArchiveError(path: "hidden", message: "expected a boolean, got 1")) {
            try LayerArchive.decode(Data(#"{"hidden": 1}"#.utf8))
        }
        #expect(throws: LayerArchiveError(path: "mask.backgroundColor",
                                          message: "expected a colour ([gray, alpha], [r, g, b, a] or {\"colorSpace\", \"components\"}), got an array of 3")) {
            try LayerArchive.decode(Data(#"{"mask": {"backgroundColor": [1, 0, 0]}}"#.utf8))
        }
    }

    @Test func unknownClassesAndKeysAreErrors() {
        do {
            _ = try LayerArchive.decode(Data(#"{"sublayers": [{"class": "CAMetalLayer"}]}"#.utf8))
            Issue.record("no error")
        } catch let e as LayerArchiveError {
            #expect(e.path == "sublayers[0].class")
            #expect(e.message.hasPrefix("unknown layer class \"CAMetalLayer\""))
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(throws: LayerArchiveError(path: "opacty", message: "unknown property for CALayer")) {
            try LayerArchive.decode(Data(#"{"opacty": 1}"#.utf8))
        }
        #expect(throws: LayerArchiveError(path: "lineWidth", message: "unknown property for CALayer"), "subclass keys need the class") {
            try LayerArchive.decode(Data(#"{"lineWidth": 1}"#.utf8))
        }
        #expect(throws: LayerArchiveError(path: "version", message: "unsupported version 2 (this reader knows 1)")) {
            try LayerArchive.decode(Data(#"{"format": "lamina-layer-archive", "version": 2, "root": {}}"#.utf8))
        }
    }

    /// Encoding a 2000-layer chain overflowed the stack inside JSONEncoder (a crash, and the
    /// archive could not have been read back: JSON readers stop at 512 levels of nesting).
    @Test func treesTooDeepToArchiveAreAnError() throws {
        func chain(_ n: Int) -> CALayer {
            let root = CALayer()
            var last = root
            for _ in 1..<n {
                let c = CALayer()
                last.addSublayer(c)
                last = c
            }
            return root
        }
        let deep = chain(2000)
        #expect(throws: LayerArchiveError(path: "", message: "the layer tree is 201 layers deep (sublayers and masks); an archive holds at most 200")) {
            try LayerArchive.encode(deep)
        }
        // The deepest archivable tree round-trips.
        let ok = chain(LayerArchive.maxDepth)
        let back = try LayerArchive.decode(try LayerArchive.encode(ok))
        var depth = 1, l = back
        while let c = l.sublayers?.first { depth += 1; l = c }
        #expect(depth == LayerArchive.maxDepth)
        // Reading a deeper archive says why it fails, not only "not valid JSON".
        let nested = String(repeating: #"{"sublayers": ["#, count: 400) + "{}" + String(repeating: "]}", count: 400)
        #expect(throws: LayerArchiveError(path: "", message: "invalid JSON: nested more than 512 levels deep "
            + "(JSON readers stop there; an archive holds at most 200 levels of layers)")) {
            try LayerArchive.decode(Data(nested.utf8))
        }
    }

    @Test func brokenJSONIsAnError() {
        for text in ["{\"opacity\": ", "", "[1, 2]", "not json"] {
            do {
                _ = try LayerArchive.decode(Data(text.utf8))
                Issue.record("no error for \(text)")
            } catch let e as LayerArchiveError {
                #expect(e.path == "")
                #expect(e.message.hasPrefix("invalid JSON") || e.message.hasPrefix("expected an object"))
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func imagesArchiveAsPNGAndLoadFromFiles() throws {
        // A 2x1 RGBA image: red, half-transparent blue.
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 0, 128, 128]
        let image = try #require(CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                                         space: CGColorSpace(name: CGColorSpace.sRGB)!,
                                         bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                                         provider: CGDataProvider(data: Data(bytes))!, decode: nil,
                                         shouldInterpolate: true, intent: .defaultIntent))
        freshTransactions()
        let layer = CALayer()
        layer.contents = image
        let data = try LayerArchive.encode(layer)
        let decoded = try LayerArchive.decode(data)
        let back = try #require(decoded.contents as? CGImage)
        #expect(back.width == 2 && back.height == 1)

        // {"file": ...} relative to the archive's directory.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try image.pngData().write(to: dir.appendingPathComponent("pixel.png"))
        let archive = dir.appendingPathComponent("scene.json")
        try Data(#"{"contents": {"file": "pixel.png"}}"#.utf8).write(to: archive)
        let fromFile = try LayerArchive.decode(contentsOf: archive)
        #expect((fromFile.contents as? CGImage)?.width == 2)
        #expect(throws: LayerArchiveError.self) {
            try LayerArchive.decode(Data(#"{"contents": {"file": "/nonexistent/x.png"}}"#.utf8))
        }
        let unarchivable = CALayer()
        unarchivable.contents = "not an image"
        #expect(throws: LayerArchiveError.self) { try LayerArchive.encode(unarchivable) }
        CATransaction.flush()
    }

    @Test func decodingRecordsNoChangesAndRunsNoActions() throws {
        freshTransactions()
        let layer = try LayerArchive.decode(Data(#"{"opacity": 0.5, "sublayers": [{}]}"#.utf8))
        #expect(TransactionStack.current.changes.isEmpty)
        #expect(layer.animationKeys() == nil && layer.sublayers?.count == 1)
    }
}
