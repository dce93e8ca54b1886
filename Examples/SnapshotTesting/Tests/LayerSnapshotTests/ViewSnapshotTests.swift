import Foundation
import LaminaSnapshotTesting
import Testing
import UIKit

/// Views snapshotted as on iOS (`assertSnapshot(of: view, as: .image)`), including an
/// animation caught mid-flight.
@MainActor
@Suite struct ViewSnapshotTests {
    final class CardView: UIView {
        let title = UIView()

        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .white
            layer.cornerRadius = 12
            layer.borderWidth = 1
            layer.borderColor = UIColor.lightGray.cgColor
            title.backgroundColor = .systemBlue
            addSubview(title)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func layoutSubviews() {
            super.layoutSubviews()
            title.frame = CGRect(x: 12, y: 12, width: bounds.width - 24, height: 10)
        }
    }

    @Test func cardLaysOutAtTheRequestedSize() {
        let card = CardView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        assertSnapshot(of: card, as: .image(size: CGSize(width: 80, height: 48)))
    }

    /// An animation added to a view's layer, caught half-way. (`UIView.animate` animates only
    /// views on screen, as on iOS.)
    @Test func fadeHalfWay() {
        let card = CardView(frame: CGRect(x: 0, y: 0, width: 80, height: 48))
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        card.title.layer.add(fade, forKey: "fade")
        assertSnapshot(of: card, as: .image(at: 0.5))
    }
}
