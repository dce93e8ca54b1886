import UIKit

/// A loading placeholder for a list cell: grey avatar and text lines with a light sweep moving
/// across them (a gradient whose `locations` animate, masked by the placeholder shapes).
final class SkeletonCellView: UIView {
    private let sweep = CAGradientLayer()
    private let shapes = CALayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        let base = UIColor(white: 0.88, alpha: 1)
        let light = UIColor(white: 0.96, alpha: 1)
        sweep.frame = bounds
        sweep.colors = [base.cgColor, light.cgColor, base.cgColor]
        sweep.locations = [0, 0.15, 0.3]
        sweep.startPoint = CGPoint(x: 0, y: 0.5)
        sweep.endPoint = CGPoint(x: 1, y: 0.5)
        layer.addSublayer(sweep)

        shapes.frame = bounds
        let rects = [CGRect(x: 12, y: 12, width: 44, height: 44), CGRect(x: 66, y: 16, width: bounds.width - 80, height: 12),
                     CGRect(x: 66, y: 38, width: (bounds.width - 80) * 0.6, height: 12)]
        for (i, rect) in rects.enumerated() {
            let piece = CALayer()
            piece.frame = rect
            piece.cornerRadius = i == 0 ? rect.width / 2 : 6
            piece.backgroundColor = UIColor.black.cgColor
            shapes.addSublayer(piece)
        }
        sweep.mask = shapes
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startLoading() {
        let move = CABasicAnimation(keyPath: "locations")
        move.fromValue = [-0.3, -0.15, 0]
        move.toValue = [1, 1.15, 1.3]
        move.duration = 1.2
        move.repeatCount = .infinity
        sweep.add(move, forKey: "skeleton")
    }
}
