import Foundation
import Testing
import QuartzCore

/// Reading and setting a transform component through one decomposition
/// (`TransformComponentEditor`, `AnimatableValue.updatingComponent`) gives what the separate
/// `component` and `setting` calls give, which decompose the matrix twice.
@Suite struct TransformComponentEditorTests {
    static let matrices: [CATransform3D] = [
        CATransform3DIdentity,
        CATransform3DMakeRotation(0.7, 0, 0, 1),
        CATransform3DScale(CATransform3DMakeRotation(-2.1, 0.3, 0.4, 0.5), 2, 0.5, 1.5),
        CATransform3DTranslate(CATransform3DMakeScale(3, 3, 1), 10, -4, 2),
        { var m = CATransform3DMakeRotation(1.2, 1, 0, 0); m.m34 = -1 / 500; return m }(),
        CATransform3DMakeScale(0, 1, 1),  // singular
    ]
    static let subs: [SubKeyPath] = [.rotationX, .rotationY, .rotationZ, .scaleX, .scaleY, .scaleZ, .scale,
                                     .translationX, .translation]

    @Test func oneDecompositionGivesWhatTwoGive() {
        for (i, m) in Self.matrices.enumerated() {
            let value = AnimatableValue.transform(m)
            for sub in Self.subs {
                let update: (AnimatableValue) -> AnimatableValue? = { c in
                    switch c {
                    case .scalar(let v): return .scalar(v * 0.5 + 0.25)
                    case .size(let s): return .size(CGSize(width: s.width + 1, height: s.height - 2))
                    default: return nil
                    }
                }
                let separate = value.component(sub).flatMap(update).flatMap { value.setting(sub, to: $0) }
                let once = value.updatingComponent(sub, update)
                #expect(once == separate, "matrix \(i), \(sub)")
                if TransformComponentEditor.decomposes(sub) {
                    #expect(TransformComponentEditor(m)?.component(sub) == value.component(sub), "matrix \(i), \(sub)")
                }
            }
        }
    }

    @Test func singularMatricesHaveNoEditor() {
        #expect(TransformComponentEditor(CATransform3DMakeScale(0, 1, 1)) == nil)
        let turned = TransformComponentEditor(CATransform3DIdentity)?.setting(.rotationZ, to: .scalar(0.5))
        #expect(abs((turned?.m12 ?? 0) - sin(0.5)) < 1e-12)
        #expect(TransformComponentEditor(CATransform3DIdentity)?.setting(.x, to: .scalar(1)) == nil)
        #expect(TransformComponentEditor(CATransform3DIdentity)?.setting(.scale, to: .point(.zero)) == nil)
    }
}
