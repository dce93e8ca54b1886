import _LaminaTestSupport
import Foundation
import LaminaRaster
import Testing
@testable import QuartzCore

/// CAEmitterLayer and its cells in the JSON layer archive: every property round-trips, the
/// decoded tree renders the same bytes, and bad cells are errors naming their key path.
@Suite struct EmitterArchiveTests {
    /// An emitter whose layer and cells differ from the defaults in every archived property.
    static func emitter() -> (root: CALayer, emitter: CAEmitterLayer) {
        let (root, e) = EmitterRenderingTests.confetti(size: 64, begin: 10)
        e.birthRate = 2
        e.lifetime = 1.5
        e.emitterZPosition = 3
        e.emitterDepth = 4
        e.emitterMode = .surface
        e.renderMode = .additive
        e.preservesDepth = true
        e.velocity = 1.25
        e.scale = 0.75
        e.spin = 2
        let c = try! #require(e.emitterCells?.first)
        c.isEnabled = true
        c.lifetimeRange = 0.5
        c.emissionLatitude = 0.1
        c.emissionLongitude = 1.2
        c.xAcceleration = 3
        c.zAcceleration = -2
        c.scaleSpeed = -0.1
        c.spinRange = 0.3
        c.alphaRange = 0.2
        c.redSpeed = -0.1; c.greenSpeed = 0.1; c.blueSpeed = 0.2; c.alphaSpeed = -0.3
        c.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1)
        c.contentsScale = 2
        c.minificationFilter = CALayerContentsFilter.nearest.rawValue
        c.magnificationFilter = CALayerContentsFilter.trilinear.rawValue
        c.minificationFilterBias = 0.5
        c.speed = 1.5
        c.timeOffset = 0.25
        c.repeatCount = 2
        c.repeatDuration = 0
        c.duration = 30
        c.autoreverses = true
        c.fillMode = .both
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.beginTime = 0.5
        spark.birthRate = 10
        spark.lifetime = 0.5
        spark.color = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
        spark.contents = EmitterRenderingTests.sprite(2, 2)
        let off = CAEmitterCell()
        off.name = "off"
        off.isEnabled = false
        spark.emitterCells = [off]
        c.emitterCells = [spark]
        return (root, e)
    }

    func pixels(_ root: CALayer, at t: CFTimeInterval) throws -> [UInt8] {
        let s = try LayerRenderer.renderSurface(root, at: t, pixelWidth: 64, pixelHeight: 64, scale: 1)
        return (0..<s.height).flatMap { y in Array(UnsafeBufferPointer(start: s.row(y), count: s.width * 4)) }
    }

    @Test func roundTripKeepsEveryPropertyAndTheBytes() throws {
        freshTransactions()
        let (root, e) = Self.emitter()
        let data = try LayerArchive.encode(root)
        let decoded = try LayerArchive.decode(data)
        #expect(try LayerArchive.encode(decoded) == data, "encode(decode(x)) == x")
        let d = try #require(decoded.sublayers?.first as? CAEmitterLayer)
        for key in CAEmitterLayer.propertyTable.properties.map(\.key) where key != "emitterCells" {
            #expect("\(d.value(forKey: key) ?? "nil")" == "\(e.value(forKey: key) ?? "nil")", "\(key)")
        }
        let cells = try #require(d.emitterCells)
        #expect(cells.count == e.emitterCells?.count)
        func compare(_ a: CAEmitterCell, _ b: CAEmitterCell, _ path: String) {
            for key in CAEmitterCell.table.keys.sorted() where !["emitterCells", "contents", "style"].contains(key) {
                #expect("\(a.value(forKey: key) ?? "nil")" == "\(b.value(forKey: key) ?? "nil")", "\(path).\(key)")
            }
            #expect((a.contents == nil) == (b.contents == nil), "\(path).contents")
            #expect(a.emitterCells?.count == b.emitterCells?.count, "\(path).emitterCells")
            for (i, (x, y)) in zip(a.emitterCells ?? [], b.emitterCells ?? []).enumerated() { compare(x, y, "\(path)[\(i)]") }
        }
        for (i, (a, b)) in zip(cells, e.emitterCells ?? []).enumerated() { compare(a, b, "emitterCells[\(i)]") }
        #expect(d.value(forKeyPath: "emitterCells.confetti0.emitterCells.spark.emitterCells.off.enabled") as? Bool == false)
        #expect(d.emitterShape == .line && d.renderMode == .additive && d.seed == 42)
        // The same picture, particles and all (a frame with many live particles).
        let before = try pixels(root, at: 14)
        #expect(Set(before).count > 8, "particles are drawn")
        #expect(try pixels(decoded, at: 14) == before)
    }

    /// An animation of a cell's property by name ("emitterCells.NAME.KEY") is archived with
    /// its layer and re-added once the cells exist.
    @Test func cellKeyPathAnimationsRoundTrip() throws {
        freshTransactions()
        let (root, e) = Self.emitter()
        let a = CABasicAnimation(keyPath: "emitterCells.confetti0.birthRate")
        a.fromValue = 0
        a.toValue = 20
        a.duration = 4
        a.beginTime = 11
        e.add(a, forKey: "ramp")
        let data = try LayerArchive.encode(root)
        let decoded = try LayerArchive.decode(data)
        let d = try #require(decoded.sublayers?.first as? CAEmitterLayer)
        let b = try #require(d.animation(forKey: "ramp") as? CABasicAnimation)
        #expect(b.keyPath == "emitterCells.confetti0.birthRate" && b.duration == 4 && b.beginTime == 11)
        #expect(try LayerArchive.encode(decoded) == data)
        #expect(try pixels(decoded, at: 14) == pixels(root, at: 14))
    }

    @Test func defaultsAreNotWritten() throws {
        let e = CAEmitterLayer()
        e.emitterCells = [CAEmitterCell()]
        let json = try JSONSerialization.jsonObject(with: try LayerArchive.encode(e)) as? [String: Any]
        let root = try #require(json?["root"] as? [String: Any])
        #expect(Set(root.keys) == ["class", "emitterCells"], "only the cells differ from the layer's defaults")
        let cells = try #require(root["emitterCells"] as? [[String: Any]])
        #expect(cells.count == 1 && cells[0].isEmpty, "a default cell is an empty object")
    }

    @Test func snowExampleDecodesAndRendersFlakes() throws {
        freshTransactions()
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/examples/snow.json")
        let root = try LayerArchive.decode(contentsOf: url)
        let e = try #require(root.sublayers?.first as? CAEmitterLayer)
        #expect(e.emitterShape == .line && e.emitterCells?.first?.emitterCells?.first?.name == "glint")
        let s = try LayerRenderer.renderSurface(root, at: 1000, pixelWidth: 200, pixelHeight: 120, scale: 1)
        var white = 0
        for y in 0..<120 { for x in 0..<200 where s[x, y].r > 200 { white += 1 } }
        #expect(white > 200, "flakes over the blue background")
    }

    @Test func badCellsAreErrorsWithTheirKeyPath() {
        func decode(_ cells: String) throws {
            _ = try LayerArchive.decode(Data(#"{"sublayers": [{"class": "CAEmitterLayer", "emitterCells": \#(cells)}]}"#.utf8))
        }
        #expect(throws: LayerArchiveError(path: "sublayers[0].emitterCells[1].birthRat", message: "unknown property for CAEmitterCell")) {
            try decode(#"[{}, {"birthRat": 3}]"#)
        }
        #expect(throws: LayerArchiveError(path: "sublayers[0].emitterCells[0].emitterCells[0].velocity",
                                          message: "expected a number, got \"fast\"")) {
            try decode(#"[{"emitterCells": [{"velocity": "fast"}]}]"#)
        }
        #expect(throws: LayerArchiveError(path: "sublayers[0].emitterCells[0].magnificationFilter",
                                          message: "expected one of nearest, linear, trilinear, got \"cubic\"")) {
            try decode(#"[{"magnificationFilter": "cubic"}]"#)
        }
        #expect(throws: LayerArchiveError(path: "sublayers[0].emitterCells[0].fillMode",
                                          message: "expected one of removed, forwards, backwards, both, got \"always\"")) {
            try decode(#"[{"fillMode": "always"}]"#)
        }
        #expect(throws: LayerArchiveError(path: "sublayers[0].emitterCells[0]", message: "expected an emitter cell object, got 3")) {
            try decode("[3]")
        }
        #expect(throws: LayerArchiveError(path: "sublayers[0].emitterCells", message: "expected an array of emitter cells, got true")) {
            try decode("true")
        }
        #expect(throws: LayerArchiveError(path: "sublayers[0].emitterShape",
                                          message: "expected one of point, line, rectangle, cuboid, circle, sphere, got \"square\"")) {
            _ = try LayerArchive.decode(Data(#"{"sublayers": [{"class": "CAEmitterLayer", "emitterShape": "square"}]}"#.utf8))
        }
        #expect(throws: LayerArchiveError(path: "renderMode",
                                          message: "expected one of unordered, oldestFirst, oldestLast, backToFront, additive, got \"add\"")) {
            _ = try LayerArchive.decode(Data(#"{"class": "CAEmitterLayer", "renderMode": "add"}"#.utf8))
        }
        for bad in ["-1", "1.5", "4294967296", "\"nan\""] {
            #expect(throws: LayerArchiveError(path: "seed", message: "expected an integer from 0 to 4294967295, got \(bad)")) {
                _ = try LayerArchive.decode(Data(#"{"class": "CAEmitterLayer", "seed": \#(bad)}"#.utf8))
            }
        }
        #expect((try? LayerArchive.decode(Data(#"{"class": "CAEmitterLayer", "seed": 4294967295}"#.utf8)) as? CAEmitterLayer)?.seed == .max)
        // Too deep: 33 levels of cells.
        var deep = "{}"
        for _ in 0..<EmitterCellArchive.maxDepth { deep = #"{"emitterCells": [\#(deep)]}"# }
        do {
            try decode("[\(deep)]")
            Issue.record("no error")
        } catch let e as LayerArchiveError {
            #expect(e.message.contains("more than \(EmitterCellArchive.maxDepth) levels"))
        } catch { Issue.record("unexpected \(error)") }
    }
}
