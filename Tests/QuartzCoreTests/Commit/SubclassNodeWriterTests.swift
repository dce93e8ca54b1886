import Foundation
import LaminaCompositor
import Testing
import QuartzCore

/// Animated subclass properties (CAShapeLayer, CAGradientLayer, CAReplicatorLayer,
/// CATextLayer's `fontSize` and `foregroundColor`, and CALayer's `shadowPath` and `contents`) reach a committed frame through the property tables'
/// node writers — written into the layer's render node in place, no copy of the layer — and
/// the frames equal `presentation()` (copies of the model holding the server's presented
/// values, drawn by `RenderNode(layer:)`: the same evaluation, so this checks the writers; the
/// values are checked by hand in `presentedSubclassValuesByHand`).
@Suite struct SubclassNodeWriterTests {
    static func image(_ gray: CGFloat) -> CGImage {
        let ctx = CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(gray: gray, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        return ctx.makeImage()!
    }

    final class Tree {
        let host = TestHost()
        var root: CALayer!
        let shape = CAShapeLayer(), gradient = CAGradientLayer(), replicator = CAReplicatorLayer(), plain = CALayer()
        let text = CATextLayer()
        var layers: [CALayer] { [shape, gradient, replicator, plain, text] }

        init() {
            at(0) {
                root = attachedRoot(host)
                for (i, l) in layers.enumerated() {
                    l.frame = CGRect(x: Double(i) * 30, y: 0, width: 24, height: 24)
                    root.addSublayer(l)
                }
                shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
                replicator.addSublayer(CALayer())
                replicator.instanceCount = 3
                plain.shadowOpacity = 1
                text.string = "Ag"
                text.fontSize = 10
                text.foregroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
                CATransaction.flush()
            }
            at(1) {
                let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
                shape.add(basic("path", from: CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil),
                                to: CGPath(ellipseIn: CGRect(x: 2, y: 2, width: 16, height: 12), transform: nil)), forKey: "morph")
                shape.add(basic("fillColor", from: red, to: blue), forKey: "fill")
                shape.add(basic("strokeColor", from: blue, to: red), forKey: "stroke")
                shape.add(basic("strokeStart", from: 0, to: 0.3), forKey: "start")
                shape.add(basic("strokeEnd", from: 0.2, to: 1), forKey: "end")
                shape.add(basic("lineWidth", from: 1, to: 6), forKey: "width")
                shape.add(basic("miterLimit", from: 10, to: 2), forKey: "miter")
                shape.add(basic("lineDashPhase", from: 0, to: 8), forKey: "phase")
                gradient.add(basic("colors", from: [red, blue], to: [blue, red]), forKey: "colors")
                gradient.add(basic("locations", from: [0, 1], to: [0.3, 0.6]), forKey: "locations")
                gradient.add(basic("startPoint", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 1, y: 0)), forKey: "startPoint")
                gradient.add(basic("endPoint", from: CGPoint(x: 1, y: 1), to: CGPoint(x: 0, y: 1)), forKey: "endPoint")
                replicator.add(basic("instanceTransform", from: CATransform3DIdentity,
                                     to: CATransform3DMakeTranslation(8, 0, 0)), forKey: "spread")
                replicator.add(basic("instanceColor", from: red, to: blue), forKey: "tint")
                replicator.add(basic("instanceAlphaOffset", from: 0, to: -0.3), forKey: "alpha")
                replicator.add(basic("instanceRedOffset", from: 0, to: -0.5), forKey: "red")
                replicator.add(basic("instanceDelay", from: 0, to: 0.2), forKey: "delay")
                plain.add(basic("shadowPath", from: CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil),
                                to: CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)), forKey: "shadow")
                let flip = CAKeyframeAnimation(keyPath: "contents")
                flip.values = [SubclassNodeWriterTests.image(0.2), SubclassNodeWriterTests.image(0.9)]
                flip.calculationMode = .discrete
                plain.add(flip, forKey: "flip")
                text.add(basic("fontSize", from: 10, to: 20), forKey: "grow")
                text.add(basic("foregroundColor", from: red, to: blue), forKey: "tint")
                CATransaction.flush()
            }
        }
    }

    @Test func committedFramesEqualPresentationWithEveryWriterAnimated() throws {
        let tree = Tree()
        let committed = tree.root.committedRenderTree()
        // Forwards, backwards and past the end: each frame starts from the one before.
        for t in [0.5, 1.0, 1.25, 1.5, 1.75, 1.3, 2.5, 1.9] {
            let frame = committed.tree(at: t)
            let copy = try #require(at(t) { tree.root.presentation() })
            let reference = RenderTree(layer: copy)
            for layer in tree.layers {
                let drawn = try #require(frame[layer.renderNodeID])
                var expected = try #require(reference[layer.renderNodeID])
                if layer === tree.text, case .image(let a) = drawn.contents, case .image(let b) = expected.contents {
                    // Each side draws its own presented text image: the same pixels.
                    #expect(a.dataProvider?.data == b.dataProvider?.data, "text pixels at \(t)")
                    expected.contents = drawn.contents
                }
                #expect(drawn == expected, "\(type(of: layer)) at \(t)")
            }
        }
    }

    /// Half-way through the one-second animations committed at t = 1.
    @Test func presentedSubclassValuesByHand() throws {
        let tree = Tree()
        let copy = try #require(at(1.5) { tree.root.presentation() })
        let shown = try #require(copy.sublayers)
        let shape = try #require(shown[0] as? CAShapeLayer)
        #expect(close(shape.strokeStart, 0.15) && close(shape.strokeEnd, 0.6) && close(shape.lineWidth, 3.5))
        #expect(close(shape.miterLimit, 6) && close(shape.lineDashPhase, 4))
        let gradient = try #require(shown[1] as? CAGradientLayer)
        let locations = try #require(gradient.locations).map(\.doubleValue)
        #expect(locations.count == 2 && abs(locations[0] - 0.15) < 1e-6 && abs(locations[1] - 0.8) < 1e-6, "\(locations)")
        #expect(close(gradient.startPoint, CGPoint(x: 0.5, y: 0)) && close(gradient.endPoint, CGPoint(x: 0.5, y: 1)))
        let replicator = try #require(shown[2] as? CAReplicatorLayer)
        #expect(abs(replicator.instanceAlphaOffset + 0.15) < 1e-6 && abs(replicator.instanceRedOffset + 0.25) < 1e-6)
        #expect(close(replicator.instanceTransform.m41, 4) && abs(replicator.instanceDelay - 0.1) < 1e-9)
        let text = try #require(shown[4] as? CATextLayer)
        #expect(close(text.fontSize, 15))
        #expect(tree.shape.strokeEnd == 1 && tree.text.fontSize == 10, "the models are not animated")
    }

    @Test func theSubclassPropertiesAreWrittenInPlace() throws {
        let tree = Tree()
        let inPlace = tree.root.committedRenderTree().withFrameSchedule(at: 1.5) { _, schedule in
            schedule.targets.map { ($0.extras.count, $0.writesExtrasInPlace) }
        }
        // Every animated layer has extras (all its animated properties are subclass ones),
        // and every one is written in place.
        #expect(inPlace.count == 5)
        #expect(inPlace.allSatisfy { $0.0 > 0 && $0.1 })
        // The animation moves the node's content (a guard against comparing unanimated trees).
        let node = try #require(tree.root.committedRenderTree().tree(at: 1.5)[tree.shape.renderNodeID])
        guard case .shape(let content) = node.kind else { Issue.record("not a shape node"); return }
        #expect(abs(content.strokeEnd - 0.6) < 1e-9)
        #expect(abs(content.lineWidth - 3.5) < 1e-9)
    }

    /// A text layer's animated size and colour are written into its node's plain text values
    /// and the frame draws the text from them: changing the model afterwards (without a
    /// commit) changes nothing in the frame, which reads no CALayer.
    @Test func animatedTextIsDrawnFromTheNodesPlainValues() throws {
        let tree = Tree()
        let committed = tree.root.committedRenderTree()
        let node = try #require(committed.tree(at: 1.5)[tree.text.renderNodeID])
        guard case .text(let content) = node.kind else { Issue.record("not a text node"); return }
        #expect(abs(content.fontSize - 15) < 1e-9)
        #expect(content.drawnFontSize == 10)
        #expect(content.string == "Ag")
        guard case .image(let presented) = node.contents else { Issue.record("no contents"); return }
        let model = try #require(tree.text.contents as? CGImage)
        #expect(presented !== model, "the presented text, not the model's backing store")
        at(1.5) { tree.text.string = "Changed"; tree.text.fontSize = 50 }   // not committed
        let again = try #require(committed.tree(at: 1.5)[tree.text.renderNodeID])
        #expect(again == node)
        guard case .image(let cached) = again.contents else { Issue.record("no contents"); return }
        #expect(cached === presented, "the same presented values reuse the last drawing")
        at(1.5) { CATransaction.flush() }
    }

    @Test func customDisplayKeysStillDrawFromACopy() throws {
        final class Dial: CALayer {
            override class func needsDisplay(forKey key: String) -> Bool {
                key == "angle" || super.needsDisplay(forKey: key)
            }
        }
        let scene = AnimatedScene(at: 0)
        let dial = Dial()
        at(0) {
            dial.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            dial.setValue(0.0, forKey: "angle")
            scene.root.addSublayer(dial)
            CATransaction.flush()
        }
        at(1) {
            dial.add(basic("angle", from: 0, to: 1), forKey: "turn")
            CATransaction.flush()
        }
        let writers = scene.root.committedRenderTree().withFrameSchedule(at: 1.5) { _, schedule in
            schedule.targets.map(\.writesExtrasInPlace)
        }
        #expect(writers == [false])
    }

    /// Every animatable property of the drawing layer classes that is not a `DirectField` has a
    /// node writer.
    @Test func everyAnimatableSubclassPropertyHasANodeWriter() {
        for layer in [CALayer(), CAShapeLayer(), CAGradientLayer(), CAReplicatorLayer(), CATextLayer()] {
            for property in type(of: layer).propertyTable.properties where property.implicitlyAnimates {
                guard let accessor = PresentedProperty.lookup(property.key, on: layer), accessor.field == nil else { continue }
                #expect(accessor.writeNode != nil, "\(type(of: layer)).\(property.key)")
            }
        }
    }
}
