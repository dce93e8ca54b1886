import Foundation
import LaminaCompositor
import Testing
@testable import QuartzCore

/// The model → render tree bridge: every drawable value arrives in the node, ids are stable
/// across presentation copies, and presented (animated) values are what a frame draws.
@Suite struct RenderTreeBridgeTests {
    @Test func treeHasOneNodePerLayerWithChildrenInSublayerOrderAndTheMask() {
        let root = CALayer(), a = CALayer(), b = CAShapeLayer(), mask = CALayer()
        root.addSublayer(a)
        root.addSublayer(b)
        a.mask = mask
        let tree = RenderTree(layer: root)
        #expect(tree.count == 4)
        #expect(tree.rootID == root.renderNodeID)
        #expect(tree[root.renderNodeID]?.children == [a.renderNodeID, b.renderNodeID])
        #expect(tree[a.renderNodeID]?.mask == mask.renderNodeID)
        #expect(tree.validate().isEmpty)
    }

    @Test func identitiesAreUniqueAndNeverZero() {
        let layers = (0..<50).map { _ in CALayer() }
        let ids = Set(layers.map(\.renderNodeID))
        #expect(ids.count == 50)
        #expect(!ids.contains(RenderNodeID(0)))
    }

    @Test func commonPropertiesMapOntoTheNode() throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 5, y: 6, width: 70, height: 80)
        layer.position = CGPoint(x: 11, y: 12)
        layer.anchorPoint = CGPoint(x: 0, y: 1)
        layer.cornerRadius = 9
        layer.maskedCorners = [.layerMaxXMaxYCorner]
        layer.cornerCurve = .continuous
        layer.opacity = 0.25
        layer.shadowOpacity = 0.5
        layer.contentsGravity = .bottomRight
        layer.magnificationFilter = .nearest
        layer.minificationFilter = .trilinear
        let node = RenderNode(layer: layer)
        #expect(node.bounds == CGRect(x: 5, y: 6, width: 70, height: 80))
        #expect(node.position == CGPoint(x: 11, y: 12))
        #expect(node.anchorPoint == CGPoint(x: 0, y: 1))
        #expect(node.cornerRadius == 9)
        #expect(node.maskedCorners == .maxXMaxY)
        #expect(node.cornerCurve == .continuous)
        #expect(node.opacity == 0.25)
        #expect(node.shadowOpacity == 0.5)
        #expect(node.contentsGravity == .bottomRight)
        #expect(node.magnificationFilter == .nearest)
        #expect(node.minificationFilter == .trilinear)
    }

    @Test func onlyImagesAreDrawableContents() throws {
        let layer = CALayer()
        layer.contents = "not an image"
        #expect(RenderNode(layer: layer).contents == .none)
        let provider = try #require(CGDataProvider(data: Data(repeating: 255, count: 16)))
        let image = try #require(CGImage(
            width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
            provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        layer.contents = image
        #expect(RenderNode(layer: layer).contents == .image(image))
    }

    @Test func shapeLayerPropertiesMapWithTheirCGSpellings() throws {
        let shape = CAShapeLayer()
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        shape.fillRule = .evenOdd
        shape.lineCap = .round
        shape.lineJoin = .bevel
        shape.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.lineDashPattern = [4, 2]
        shape.strokeEnd = 0.5
        guard case .shape(let content) = RenderNode(layer: shape).kind else {
            Issue.record("a CAShapeLayer must map to .shape")
            return
        }
        #expect(content.fillRule == .evenOdd)
        #expect(content.lineCap == .round)
        #expect(content.lineJoin == .bevel)
        #expect(content.lineDashPattern == [4, 2])
        #expect(content.strokeEnd == 0.5)
        #expect(content.path?.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func gradientKeepsOnlyColoursAndItsLocations() {
        let gradient = CAGradientLayer()
        gradient.type = .radial
        gradient.colors = [CGColor(gray: 0, alpha: 1), "junk", CGColor(gray: 1, alpha: 1)]
        gradient.locations = [0, 0.25]
        guard case .gradient(let content) = RenderNode(layer: gradient).kind else {
            Issue.record("a CAGradientLayer must map to .gradient")
            return
        }
        #expect(content.type == .radial)
        #expect(content.colors.count == 2)
        #expect(content.locations == [0, 0.25])
    }

    @Test func transformAndReplicatorLayersKeepTheirNature() {
        #expect(RenderNode(layer: CATransformLayer()).kind == .transformLayer)
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 3
        guard case .replicator(let content) = RenderNode(layer: replicator).kind else {
            Issue.record("a CAReplicatorLayer must map to .replicator")
            return
        }
        #expect(content.instanceCount == 3)
    }

    @Test func presentationCopiesShareTheModelsIdentityAndCarryAnimatedValues() throws {
        let scene = AnimatedScene(at: 0)
        scene.add(basic("opacity", from: 0, to: 1, duration: 2), forKey: "fade", at: 1)
        let presented = try #require(scene.presented(at: 2))
        #expect(presented.renderNodeID == scene.layer.renderNodeID)
        let presentedRoot = try #require(presented.superlayer)
        let tree = RenderTree(layer: presentedRoot)
        let node = try #require(tree[scene.layer.renderNodeID])
        #expect(abs(node.opacity - 0.5) < 1e-6)
        #expect(RenderTree(layer: scene.root)[scene.layer.renderNodeID]?.opacity == 1)
    }
}
