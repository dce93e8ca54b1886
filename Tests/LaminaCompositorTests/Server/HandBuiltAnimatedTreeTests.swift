import CoreGraphics
import Foundation
import Testing
@testable import LaminaCompositor

/// The render server without a model: render trees and their animations built by hand as plain
/// data (nodes, compiled `AnimationSpec`s, property accessors), no QuartzCore, and the frames
/// `CommittedRenderTree.tree(at:)` produces at chosen media times.
@Suite struct HandBuiltAnimatedTreeTests {
    /// Values are simple decimals or Float-rounded opacities: 1e-6 absorbs the rounding.
    static let eps = 1e-6

    static func id(_ n: UInt64) -> RenderNodeID { RenderNodeID(n) }

    /// A step animating `field` (`keyPath` may name a sub-key) with a basic animation.
    static func basic(_ field: DirectField, _ keyPath: String, from: AnimatableValue, to: AnimatableValue,
                      begin: Double, duration: Double, additive: Bool = false) -> CommittedStep {
        let spec = AnimationSpec(keyPath: keyPath, timing: MediaTiming(beginTime: begin, duration: duration),
                                 kind: .basic(from: from, to: to, by: nil), isAdditive: additive)
        return CommittedStep(spec: spec, properties: [AnimatedProperty(accessor: PresentedProperty(field: field), neutral: nil)])
    }

    /// Root 1 (200×200) with a fading child 2 (opacity 0.2 → 1 over [1, 3]), a moving child 3
    /// (position (0, 0) → (100, 50) over [0, 2] of its local time, which runs twice as fast)
    /// that also slides 20 points right additively over [0, 1] (the general path), and a
    /// child 4 turning about z (a transform component) over [0, 4].
    static func tree() -> CommittedRenderTree {
        let nodes = RenderTree(root: id(1), nodes: [
            RenderNode(id: id(1), children: [id(2), id(3), id(4)], bounds: CGRect(x: 0, y: 0, width: 200, height: 200)),
            RenderNode(id: id(2), bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 5, y: 5)),
            RenderNode(id: id(3), bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 7, y: 9)),
            RenderNode(id: id(4), bounds: CGRect(x: 0, y: 0, width: 10, height: 10)),
        ])
        return CommittedRenderTree(tree: nodes, steps: [
            id(2): [basic(.opacity, "opacity", from: .scalar(0.2), to: .scalar(1), begin: 1, duration: 2)],
            id(3): [basic(.position, "position", from: .point(.zero), to: .point(CGPoint(x: 100, y: 50)), begin: 0, duration: 2),
                    basic(.position, "position.x", from: .scalar(0), to: .scalar(20), begin: 0, duration: 1, additive: true)],
            id(4): [basic(.transform, "transform.rotation.z", from: .scalar(0), to: .scalar(Double.pi), begin: 0, duration: 4)],
        ], clocks: [id(3): LayerClock(beginTime: 0, speed: 2, timeOffset: 0)])
    }

    @Test func theStepsCompileAsTheModelCompilesThem() {
        let fade = Self.basic(.opacity, "opacity", from: .scalar(0.2), to: .scalar(1), begin: 1, duration: 2)
        #expect(fade.fast != nil)
        #expect(fade.writes == DirectFieldSet(.opacity))
        let additive = Self.basic(.position, "position.x", from: .scalar(0), to: .scalar(20), begin: 0, duration: 1, additive: true)
        #expect(additive.fast == nil, "additive animations take the general path")
        let turn = Self.basic(.transform, "transform.rotation.z", from: .scalar(0), to: .scalar(1), begin: 0, duration: 1)
        #expect(turn.general.isTransformComponent)
    }

    @Test func framesAtSeveralTimes() throws {
        let committed = Self.tree()
        #expect(committed.count == 4)

        // t = 0: the fade has not begun (no backwards fill: the committed opacity); node 3 is at
        // its start; node 4 has not turned.
        var frame = committed.tree(at: 0)
        #expect(frame[Self.id(2)]?.opacity == 1)
        #expect(frame[Self.id(3)]?.position == CGPoint(x: 0, y: 0))
        #expect(frame[Self.id(4)]?.transform == CATransform3DIdentity)

        // t = 0.25: node 3's local time is 0.5 — a quarter of the move, half of the slide.
        frame = committed.tree(at: 0.25)
        let p = try #require(frame[Self.id(3)]?.position)
        #expect(abs(p.x - (25 + 10)) < Self.eps && abs(p.y - 12.5) < Self.eps)

        // t = 2: half of the fade, the move over (its local time is 4: the committed position),
        // half a turn.
        frame = committed.tree(at: 2)
        #expect(abs(Double(try #require(frame[Self.id(2)]?.opacity)) - 0.6) < Self.eps)
        #expect(frame[Self.id(3)]?.position == CGPoint(x: 7, y: 9))
        let m = try #require(frame[Self.id(4)]?.transform)
        #expect(abs(m.m11 - 0) < Self.eps && abs(m.m12 - 1) < Self.eps && abs(m.m21 + 1) < Self.eps)

        // t = 3.5: every animation is over; the frame shows the committed values again.
        frame = committed.tree(at: 3.5)
        #expect(frame[Self.id(2)]?.opacity == 1)
        #expect(frame[Self.id(3)]?.position == CGPoint(x: 7, y: 9))

        // The committed nodes are untouched, and frames depend only on the time.
        #expect(committed.committedNodes[Self.id(2)]?.opacity == 1)
        #expect(abs(Double(try #require(committed.tree(at: 2)[Self.id(2)]?.opacity)) - 0.6) < Self.eps)
        #expect(committed.tree(at: 0.25)[Self.id(3)] == committed.tree(at: 0.25)[Self.id(3)])
    }

    /// A subclass property with a node field of its own (a shape's `strokeEnd`) is written into
    /// the node by its accessor's `writeNode`, in place: no model object takes part.
    @Test func subclassContentIsWrittenIntoTheNode() throws {
        let strokeEnd = PresentedProperty(key: "strokeEnd", read: { _ in nil }, write: { _, _ in },
                                          writeNode: { node, value, _ in
            guard case .shape(var shape) = node.kind, case .scalar(let v) = value else { return false }
            shape.strokeEnd = CGFloat(v)
            node.kind = .shape(shape)
            return true
        })
        let spec = AnimationSpec(keyPath: "strokeEnd", timing: MediaTiming(beginTime: 0, duration: 2),
                                 kind: .basic(from: .scalar(0), to: .scalar(1), by: nil))
        let step = CommittedStep(spec: spec, properties: [AnimatedProperty(accessor: strokeEnd, neutral: .scalar(1))])
        #expect(step.general.writesExtras)
        let nodes = RenderTree(root: Self.id(1), nodes: [
            RenderNode(id: Self.id(1), kind: .shape(ShapeContent(strokeEnd: 1)),
                       bounds: CGRect(x: 0, y: 0, width: 10, height: 10)),
        ])
        let committed = CommittedRenderTree(tree: nodes, steps: [Self.id(1): [step]])

        /// The stroke end the frame at `t` shows (nil: not a shape any more).
        func strokeEndShown(at t: Double) -> CGFloat? {
            guard case .shape(let shape)? = committed.tree(at: t)[Self.id(1)]?.kind else { return nil }
            return shape.strokeEnd
        }
        #expect(abs((strokeEndShown(at: 0.5) ?? -1) - 0.25) < Self.eps)
        #expect(abs((strokeEndShown(at: 1.5) ?? -1) - 0.75) < Self.eps)
        // Over: the committed value.
        #expect(strokeEndShown(at: 3) == 1)
    }

    /// A property with no node field of its own (a subclass's custom key its `draw(in:)`
    /// reads) is drawn by the model: the frame hands the presented values to the layer copy the
    /// commit left (`ModelLayerContent`) and shows the node it returns, at the node's id and
    /// with its children.
    @Test func contentOnlyTheModelDrawsIsHandedToTheModel() throws {
        /// Stands in for the model: a copy of the committed layer (opacity 0.5) that draws its
        /// "level" key as the node's corner radius; presented fields override its own only
        /// where `values` holds them.
        final class LevelDrawingLayer: ModelLayerContent {
            var level = 3.0
            var opacity: Float = 0.5
            var calls = 0
            func presentedNode(values: PresentedLayerValues, extras: [PresentedExtra]) -> RenderNode {
                calls += 1
                let shown = values.fields.contains(.opacity) ? values.opacity : opacity
                var node = RenderNode(id: RenderNodeID(99), opacity: shown)
                for extra in extras where extra.property.key == "level" {
                    if case .scalar(let v) = extra.value { node.cornerRadius = CGFloat(v) }
                }
                return node
            }
        }
        let model = LevelDrawingLayer()
        let level = PresentedProperty(key: "level",
                                      read: { ($0 as? LevelDrawingLayer).map { .scalar($0.level) } },
                                      write: { layer, value in
                                          if case .scalar(let v) = value { (layer as? LevelDrawingLayer)?.level = v }
                                      })
        // By 2 over the level underneath (read from the model copy: 3): 3 → 5 over [0, 2].
        let spec = AnimationSpec(keyPath: "level", timing: MediaTiming(beginTime: 0, duration: 2),
                                 kind: .basic(from: nil, to: nil, by: .scalar(2)))
        let step = CommittedStep(spec: spec, properties: [AnimatedProperty(accessor: level, neutral: .scalar(0))])
        let node = RenderNode(id: Self.id(1), children: [Self.id(2)], bounds: CGRect(x: 0, y: 0, width: 10, height: 10),
                              opacity: 0.5)
        let child = RenderNode(id: Self.id(2))
        let committed = CommittedRenderTree(tree: RenderTree(root: Self.id(1), nodes: [node, child]))
        // The hand-built tree's records take the model copy through a commit of their own.
        committed.commit(rootID: Self.id(1)) { update in
            var record = CommittedNode(parent: nil)
            record.animations = CommittedAnimations(steps: [step], base: PresentedLayerValues(allFieldsOf: node),
                                                    extrasSource: model)
            update.put(node, record)
        }

        let drawn = try #require(committed.tree(at: 1)[Self.id(1)])
        #expect(model.calls == 1)
        #expect(drawn.id == Self.id(1))
        #expect(drawn.children == [Self.id(2)])
        #expect(drawn.opacity == 0.5)
        #expect(abs(drawn.cornerRadius - 4) < CGFloat(Self.eps))
        // Over: the committed node, and the model is not asked.
        #expect(committed.tree(at: 3)[Self.id(1)] == node)
        #expect(model.calls == 1)
    }
}
