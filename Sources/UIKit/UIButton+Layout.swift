import Foundation

// Where a button's image and title go inside its content rect (see UIButton's discussion).

extension UIButton {
    /// The image's and title's natural sizes (points), the title narrowed to what `maxWidth`
    /// leaves beside the image.
    func contentSizes(maxWidth: CGFloat) -> (image: CGSize, title: CGSize) {
        var imageSize = CGSize.zero
        if let image = currentImage, imageViewStorage.isHidden == false {
            imageSize = UIImageView.finiteSize(image)
        }
        var titleSize = label.isHidden ? .zero : label.sizeThatFits(.zero)
        if maxWidth.isFinite { titleSize.width = min(titleSize.width, max(0, maxWidth - imageSize.width)) }
        return (imageSize, titleSize)
    }

    /// The image's and title's rects in `content` (button bounds space).
    func contentLayout(in content: CGRect) -> (image: CGRect, title: CGRect) {
        guard content.origin.x.isFinite, content.origin.y.isFinite, content.width.isFinite, content.height.isFinite
        else { return (.zero, .zero) }
        var (imageSize, titleSize) = contentSizes(maxWidth: content.width)
        let horizontal = effectiveContentHorizontalAlignment
        if horizontal == .fill { titleSize.width = max(0, content.width - imageSize.width) }
        let total = imageSize.width + titleSize.width
        let startX: CGFloat
        switch horizontal {
        case .left, .leading, .fill: startX = content.minX
        case .right, .trailing: startX = content.maxX - total
        case .center: startX = content.midX - total / 2
        }
        func place(_ size: CGSize, x: CGFloat, insets: UIEdgeInsets) -> CGRect {
            var height = size.height
            let y: CGFloat
            switch contentVerticalAlignment {
            case .top: y = content.minY
            case .bottom: y = content.maxY - height
            case .center: y = content.midY - height / 2
            case .fill:
                y = content.minY
                height = content.height
            }
            var r = CGRect(x: x, y: y, width: size.width, height: height)
            // Insetting the element's positioning rect moves the element by the inset for edge
            // alignments and by half the inset difference when centred.
            let dx: CGFloat
            switch horizontal {
            case .left, .leading, .fill: dx = insets.left
            case .right, .trailing: dx = -insets.right
            case .center: dx = (insets.left - insets.right) / 2
            }
            let dy: CGFloat
            switch contentVerticalAlignment {
            case .top, .fill: dy = insets.top
            case .bottom: dy = -insets.bottom
            case .center: dy = (insets.top - insets.bottom) / 2
            }
            r.origin.x = pixelRound(r.origin.x + (dx.isFinite ? dx : 0))
            r.origin.y = pixelRound(r.origin.y + (dy.isFinite ? dy : 0))
            return r
        }
        let imageRect = place(imageSize, x: startX, insets: imageEdgeInsets)
        let titleRect = place(titleSize, x: startX + imageSize.width, insets: titleEdgeInsets)
        return (imageRect, titleRect)
    }

    private func pixelRound(_ v: CGFloat) -> CGFloat {
        let s = contentScaleFactor.isFinite && contentScaleFactor > 0 ? contentScaleFactor : 1
        return (v * s).rounded() / s
    }
}
