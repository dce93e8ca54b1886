import Foundation
import QuartzCore

/// The delegate of a layer a UIKit view keeps inside its own layer (a label's text layer): it
/// answers actions as the view answers for its own layer — NSNull outside animation blocks, the
/// block's animation inside — so the sublayer moves with the view instead of animating
/// implicitly by itself. Only `animatedKeys` follow animation blocks: a label's text colour or
/// font changes at once inside `UIView.animate`, as in UIKit, while its text layer's geometry
/// moves with the label. It draws nothing (the sublayer draws itself). With no view (or for a
/// scratch layer), every action is NSNull.
final class ViewSublayerDelegate: CALayerDelegate {
    weak var view: UIView?
    let animatedKeys: Set<String>

    init(view: UIView?, animatedKeys: Set<String> = ["bounds", "position"]) {
        self.view = view
        self.animatedKeys = animatedKeys
    }

    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard animatedKeys.contains(event), let view else { return NSNull() }
        return view.action(for: layer, forKey: event) ?? NSNull()
    }
}
