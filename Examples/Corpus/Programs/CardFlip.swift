import UIKit

/// A playing card that flips over when tapped, using UIKit's built-in flip transition between
/// a front and a back view.
final class CardFlipViewController: UIViewController {
    private let container = UIView()
    private let front = UIView()
    private let back = UIView()
    private var showingFront = true

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGray6

        container.frame = CGRect(x: 40, y: 20, width: 80, height: 120)
        view.addSubview(container)

        for (card, color) in [(back, UIColor.systemIndigo), (front, UIColor.white)] {
            card.frame = container.bounds
            card.backgroundColor = color
            card.layer.cornerRadius = 10
            card.layer.borderWidth = 2
            card.layer.borderColor = UIColor.systemIndigo.cgColor
            container.addSubview(card)
        }
        back.isHidden = true

        let pip = CAShapeLayer()
        pip.path = UIBezierPath(ovalIn: CGRect(x: 25, y: 45, width: 30, height: 30)).cgPath
        pip.fillColor = UIColor.systemRed.cgColor
        front.layer.addSublayer(pip)
    }

    func flip() {
        let from = showingFront ? front : back
        let to = showingFront ? back : front
        UIView.transition(from: from, to: to, duration: 0.6,
                          options: [.transitionFlipFromRight, .showHideTransitionViews]) { _ in
            self.showingFront.toggle()
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, container.frame.contains(touch.location(in: view)) else { return }
        flip()
    }
}
