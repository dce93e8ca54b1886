import Foundation
import QuartzCore

/// The delegate of a layer a UIKit view keeps inside its own layer (a label's text layer): it
/// answers actions as the view answers for its own layer — NSNull outside animation blocks, the
/// block's animation inside — so the sublayer moves with the view instead of animating
/// implicitly by itself. It draws nothing (the sublayer draws itself). With no view (or for a
/// scratch layer), every action is NSNull.
final class ViewSublayerDelegate: CALayerDelegate {
    weak var view: UIView?

    init(view: UIView?) { self.view = view }

    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        view?.action(for: layer, forKey: event) ?? NSNull()
    }
}
