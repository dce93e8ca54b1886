import Foundation
import LaminaRaster
import Testing
import QuartzCore

/// Animations in the JSON layer archive: every kind survives a round trip, decoded animations
/// play at the right times, bad input names its key path.
@Suite struct ArchiveAnimationTests {
    /// Archives `layer` at media time 1000 (the animations committed there) and reads it back
    /// with the same origin, committing the copy at 1000 too.
    private func roundTrip(_ layer: CALayer) throws -> (data: Data, decoded: CALayer) {
        try at(1000) {
            CATransaction.flush()
            let data = try LayerArchive.encode(layer, timeOrigin: 1000)
            let decoded = try LayerArchive.decode(data, timeOrigin: 1000)
            CATransaction.flush()
            return (data, decoded)
        }
    }

    private func timing(_ a: CAAnimation?, _ b: CAAnimation?) -> Bool {
        guard let a, let b else { return false }
        return a.beginTime == b.beginTime && a.duration == b.duration && a.speed == b.speed
            && a.timeOffset == b.timeOffset && a.repeatCount == b.repeatCount && a.repeatDuration == b.repeatDuration
            && a.autoreverses == b.autoreverses && a.fillMode == b.fillMode
            && a.isRemovedOnCompletion == b.isRemovedOnCompletion && a.timingFunction == b.timingFunction
    }

    @Test func basicAnimationRoundTrip() throws {
        freshTransactions()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 10, y: 20)
        move.toValue = CGPoint(x: 100, y: 20)
        move.duration = 2
        move.beginTime = 1000.5
        move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        move.repeatCount = 2
        move.autoreverses = true
        move.fillMode = .forwards
        move.isRemovedOnCompletion = false
        move.speed = 2
        move.timeOffset = 0.25
        move.isAdditive = true
        move.isCumulative = true
        let tint = CABasicAnimation(keyPath: "backgroundColor")
        tint.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        tint.byValue = nil
        tint.duration = 1
        tint.timingFunction = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.9)
        let spin = CABasicAnimation(keyPath: "transform")
        spin.valueFunction = CAValueFunction(name: .rotateZ)
        spin.fromValue = 0
        spin.toValue = Double.pi
        spin.duration = 1
        let grow = CABasicAnimation(keyPath: "bounds.size.width")
        grow.byValue = 30
        grow.duration = 1
        at(1000) {
            layer.add(move, forKey: "move")
            layer.add(tint, forKey: "tint")
            layer.add(spin, forKey: "spin")
            layer.add(grow, forKey: nil)
        }
        let (data, decoded) = try roundTrip(layer)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"beginTime\" : 0.5"), "begin time relative to the origin")
        #expect(json.contains("\"timingFunction\" : \"easeInEaseOut\""))
        #expect(decoded.animationKeys() == ["move", "tint", "spin"])
        let m = try #require(decoded.animation(forKey: "move") as? CABasicAnimation)
        #expect(timing(m, layer.animation(forKey: "move")))
        #expect(m.beginTime == 1000.5)
        #expect(m.keyPath == "position" && m.isAdditive && m.isCumulative)
        #expect(m.fromValue as? CGPoint == CGPoint(x: 10, y: 20))
        #expect(m.toValue as? CGPoint == CGPoint(x: 100, y: 20))
        let t = try #require(decoded.animation(forKey: "tint") as? CABasicAnimation)
        #expect(timing(t, layer.animation(forKey: "tint")))
        #expect((t.toValue as? CGColor) == CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(t.fromValue == nil && t.byValue == nil)
        let s = try #require(decoded.animation(forKey: "spin") as? CABasicAnimation)
        #expect(s.valueFunction?.name == .rotateZ)
        #expect(AnyNumber.double(s.toValue) == Double.pi)
        #expect(try LayerArchive.encode(decoded, timeOrigin: 1000) == data, "encode(decode(x)) == x")
        freshTransactions()
    }

    @Test func keyframeAnimationsRoundTrip() throws {
        freshTransactions()
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [1, 0.25, 1]
        fade.keyTimes = [0, 0.3, 1]
        fade.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(controlPoints: 0.5, 0, 0.5, 1)]
        fade.calculationMode = .cubic
        fade.tensionValues = [0, 0.5, 0]
        fade.continuityValues = [0, 0, 0]
        fade.biasValues = [0.1, 0, 0]
        fade.duration = 3
        let along = CAKeyframeAnimation(keyPath: "position")
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addQuadCurve(to: CGPoint(x: 50, y: 50), control: CGPoint(x: 50, y: 0))
        along.path = path
        along.rotationMode = .rotateAuto
        along.calculationMode = .paced
        along.duration = 2
        let stroke = CAKeyframeAnimation(keyPath: "strokeColor")
        stroke.values = [CGColor(gray: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 1)]
        stroke.duration = 1
        at(1000) {
            layer.add(fade, forKey: "fade")
            layer.add(along, forKey: "along")
            layer.add(stroke, forKey: "stroke")
        }
        let (data, decoded) = try roundTrip(layer)
        #expect(decoded is CAShapeLayer)
        let f = try #require(decoded.animation(forKey: "fade") as? CAKeyframeAnimation)
        #expect(timing(f, layer.animation(forKey: "fade")))
        #expect(f.values?.compactMap(AnyNumber.double) == [1, 0.25, 1])
        #expect(f.keyTimes == [0, 0.3, 1])
        #expect(f.timingFunctions == fade.timingFunctions)
        #expect(f.calculationMode == .cubic)
        #expect(f.tensionValues == [0, 0.5, 0] && f.continuityValues == [0, 0, 0] && f.biasValues == [0.1, 0, 0])
        let a = try #require(decoded.animation(forKey: "along") as? CAKeyframeAnimation)
        #expect(a.path == path)
        #expect(a.rotationMode == .rotateAuto && a.calculationMode == .paced && a.values == nil)
        let s = try #require(decoded.animation(forKey: "stroke") as? CAKeyframeAnimation)
        let colors = s.values?.compactMap { $0 as? CGColor }
        #expect(colors == stroke.values?.compactMap { $0 as? CGColor })
        #expect(colors?.count == 2)
        #expect(try LayerArchive.encode(decoded, timeOrigin: 1000) == data)
        freshTransactions()
    }

    @Test func springGroupAndTransitionRoundTrip() throws {
        freshTransactions()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let spring = CASpringAnimation(keyPath: "bounds.size")
        spring.fromValue = CGSize(width: 10, height: 10)
        spring.toValue = CGSize(width: 40, height: 30)
        spring.mass = 2
        spring.stiffness = 300
        spring.damping = 7
        spring.initialVelocity = 1.5
        spring.allowsOverdamping = true
        spring.duration = spring.settlingDuration
        let group = CAAnimationGroup()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 0.5
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.toValue = 80
        slide.beginTime = 0.5
        slide.duration = 0.5
        group.animations = [fade, slide]
        group.duration = 1
        group.beginTime = 1002
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromLeft
        transition.startProgress = 0.2
        transition.endProgress = 0.9
        transition.filter = BarsSwipeTransitionFilter(angle: 1, width: 12, barOffset: 4)
        transition.duration = 0.75
        at(1000) {
            layer.add(spring, forKey: "spring")
            layer.add(group, forKey: "group")
            layer.add(transition, forKey: nil)
        }
        let (data, decoded) = try roundTrip(layer)
        let s = try #require(decoded.animation(forKey: "spring") as? CASpringAnimation)
        #expect(timing(s, layer.animation(forKey: "spring")))
        #expect(s.mass == 2 && s.stiffness == 300 && s.damping == 7 && s.initialVelocity == 1.5 && s.allowsOverdamping)
        #expect(s.toValue as? CGSize == CGSize(width: 40, height: 30))
        let g = try #require(decoded.animation(forKey: "group") as? CAAnimationGroup)
        #expect(g.beginTime == 1002)
        #expect(g.animations?.count == 2)
        let child = try #require(g.animations?.last as? CABasicAnimation)
        #expect(child.keyPath == "position.x" && child.beginTime == 0.5, "children keep group-relative times")
        #expect(AnyNumber.double(child.toValue) == 80)
        let t = try #require(decoded.animation(forKey: kCATransition) as? CATransition)
        #expect(t.type == .push && t.subtype == .fromLeft)
        #expect(t.startProgress == 0.2 && t.endProgress == 0.9)
        #expect(t.filter as? BarsSwipeTransitionFilter == BarsSwipeTransitionFilter(angle: 1, width: 12, barOffset: 4))
        #expect(try LayerArchive.encode(decoded, timeOrigin: 1000) == data)
        freshTransactions()
    }

    @Test func decodedAnimationPlaysThroughPresentation() throws {
        freshTransactions()
        let json = """
        { "bounds": [0, 0, 200, 100], "position": [100, 50],
          "sublayers": [ { "bounds": [0, 0, 10, 10], "position": [0, 50],
            "animations": [ { "key": "move", "keyPath": "position", "fromValue": [0, 50], "toValue": [100, 50],
                              "duration": 2, "beginTime": 0.5, "timingFunction": "linear" } ] } ] }
        """
        let host = TestHost()
        let root = try LayerArchive.decode(Data(json.utf8), timeOrigin: 1000)
        at(1000) {
            root.attach(to: host)
            CATransaction.flush()
        }
        let layer = try #require(root.sublayers?.first)
        #expect(layer.animation(forKey: "move")?.beginTime == 1000.5)
        let early = at(1000.25) { layer.presentation()?.position }
        #expect(early == CGPoint(x: 0, y: 50), "before its begin time the model value shows")
        let middle = at(1001.5) { layer.presentation()?.position }
        #expect(middle == CGPoint(x: 50, y: 50))
        withExtendedLifetime(host) {}
        freshTransactions()
    }

    private func decodeError(_ json: String) -> LayerArchiveError? {
        do {
            _ = try LayerArchive.decode(Data(json.utf8), timeOrigin: 1000)
            return nil
        } catch {
            return error as? LayerArchiveError
        }
    }

    @Test func badAnimationsNameTheirKeyPath() throws {
        freshTransactions()
        let unknownClass = decodeError("""
        {"sublayers": [{}, {}, {"animations": [{"class": "CAFooAnimation", "keyPath": "opacity"}]}]}
        """)
        #expect(unknownClass?.path == "sublayers[2].animations[0].class")
        #expect(unknownClass?.message.hasPrefix("unknown animation class \"CAFooAnimation\"") == true)

        let wrongType = decodeError("""
        {"sublayers": [{}, {}, {"animations": [{"keyPath": "position", "toValue": "abc"}]}]}
        """)
        #expect(wrongType == LayerArchiveError(path: "sublayers[2].animations[0].toValue",
                                               message: "expected a point [x, y], got \"abc\""))

        let missingKeyPath = decodeError("""
        {"animations": [{"class": "CABasicAnimation", "toValue": 1}]}
        """)
        #expect(missingKeyPath?.path == "animations[0].keyPath")
        #expect(missingKeyPath?.message.hasPrefix("missing") == true)

        let badKeyframe = decodeError("""
        {"animations": [{"class": "CAKeyframeAnimation", "keyPath": "opacity", "values": [1, true, 0]}]}
        """)
        #expect(badKeyframe == LayerArchiveError(path: "animations[0].values[1]", message: "expected a number, got true"))

        let unknownProperty = decodeError("""
        {"animations": [{"keyPath": "positoin", "toValue": 1}]}
        """)
        #expect(unknownProperty?.path == "animations[0].keyPath")
        #expect(unknownProperty?.message.contains("no animatable property \"positoin\"") == true)

        let typo = decodeError("""
        {"animations": [{"keyPath": "opacity", "toValue": 1, "durration": 2}]}
        """)
        #expect(typo == LayerArchiveError(path: "animations[0].durration", message: "unknown key for CABasicAnimation"))

        let nested = decodeError("""
        {"animations": [{"class": "CAAnimationGroup", "animations": [{"keyPath": "bounds", "fromValue": [0, 0]}]}]}
        """)
        #expect(nested?.path == "animations[0].animations[0].fromValue")

        let badTiming = decodeError("""
        {"animations": [{"keyPath": "opacity", "timingFunction": "bouncy"}]}
        """)
        #expect(badTiming?.path == "animations[0].timingFunction")

        let badFill = decodeError("""
        {"animations": [{"keyPath": "opacity", "fillMode": "forward"}]}
        """)
        #expect(badFill == LayerArchiveError(path: "animations[0].fillMode",
                                             message: "expected one of removed, forwards, backwards, both, got \"forward\""))

        let notRunnable = decodeError("""
        {"animations": [{"keyPath": "opacity", "toValue": 1, "duration": "nan"}]}
        """)
        #expect(notRunnable?.path == "animations[0]")
        #expect(notRunnable?.message.contains("NaN") == true)
        freshTransactions()
    }

    @Test func unarchivableAnimationValuesAreErrors() throws {
        freshTransactions()
        let layer = CALayer()
        let odd = CABasicAnimation(keyPath: "contents")
        odd.toValue = NSObject()
        odd.duration = 1
        at(1000) { layer.add(odd, forKey: "odd") }
        #expect(throws: LayerArchiveError.self) { try LayerArchive.encode(layer) }
        freshTransactions()
    }

    private func pixel(_ s: Surface, _ x: Int, _ y: Int) -> [UInt8] {
        let bytes = s.bytes()
        let i = (y * s.width + x) * 4
        return Array(bytes[i..<i + 4])
    }

    @Test func archiveFileRendersTheAnimationAtTwoTimes() throws {
        freshTransactions()
        let json = """
        { "format": "lamina-layer-archive", "version": 1,
          "root": { "bounds": [0, 0, 100, 40], "position": [50, 20], "backgroundColor": [1, 1],
            "sublayers": [ { "bounds": [0, 0, 10, 10], "position": [10, 20], "backgroundColor": [1, 0, 0, 1],
              "animations": [ { "key": "slide", "keyPath": "position.x", "fromValue": 10, "toValue": 90,
                                "duration": 1, "timingFunction": "linear", "fillMode": "both" } ] } ] } }
        """
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lamina-archive-anim-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let root = try LayerArchive.decode(contentsOf: url, timeOrigin: 1000)
        at(1000) { CATransaction.flush() }
        let start = try LayerRenderer.renderSurface(root, at: 1000, pixelWidth: 100, pixelHeight: 40, scale: 1)
        let later = try LayerRenderer.renderSurface(root, at: 1000.9, pixelWidth: 100, pixelHeight: 40, scale: 1)
        let red: [UInt8] = [255, 0, 0, 255], white: [UInt8] = [255, 255, 255, 255]
        #expect(pixel(start, 10, 20) == red)
        #expect(pixel(start, 82, 20) == white)
        #expect(pixel(later, 10, 20) == white, "the square has left its start")
        #expect(pixel(later, 82, 20) == red, "x = 10 + 80 * 0.9")
        freshTransactions()
    }

    @Test func bouncingExampleDecodes() throws {
        freshTransactions()
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/examples/bouncing.json")
        let root = try LayerArchive.decode(contentsOf: url, timeOrigin: 1000)
        let ball = try #require(root.sublayers?.first { $0.name == "ball" })
        #expect(ball.animationKeys() == ["slide", "bounce", "squash", "tint"])
        let badge = try #require(root.sublayers?.first { $0.name == "badge" })
        #expect(badge.animation(forKey: "enter") is CASpringAnimation)
        freshTransactions()
    }

    @Test func imageAndPathValuesUseTheLayerSpellings() throws {
        freshTransactions()
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 255]
        let image = try #require(CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                                         space: CGColorSpace(name: CGColorSpace.sRGB)!,
                                         bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                                         provider: CGDataProvider(data: Data(bytes))!, decode: nil,
                                         shouldInterpolate: true, intent: .defaultIntent))
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let swap = CAKeyframeAnimation(keyPath: "contents")
        swap.values = [image, image]
        swap.calculationMode = .discrete
        swap.duration = 1
        let morph = CABasicAnimation(keyPath: "path")
        morph.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        morph.toValue = CGPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10), transform: nil)
        morph.duration = 1
        at(1000) {
            shape.add(swap, forKey: "swap")
            shape.add(morph, forKey: "morph")
        }
        let (data, decoded) = try roundTrip(shape)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"png\""), "images inline as base64 PNG, as layer contents")
        let s = try #require(decoded.animation(forKey: "swap") as? CAKeyframeAnimation)
        let first = try #require(s.values?.first as? CGImage)
        #expect(first.width == 2 && first.height == 1)
        #expect(s.calculationMode == .discrete)
        let m = try #require(decoded.animation(forKey: "morph") as? CABasicAnimation)
        #expect((m.toValue as? CGPath) == CGPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10), transform: nil))
        freshTransactions()
    }
}
