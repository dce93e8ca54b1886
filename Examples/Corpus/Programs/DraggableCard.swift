import UIKit

/// Tinder-style card: it follows a pan, tilting with the horizontal offset, and springs back to
/// the middle when released (or flies off when thrown far enough).
final class DraggableCardViewController: UIViewController {
    let card = UIView(frame: CGRect(x: 40, y: 30, width: 80, height: 100))
    private var startCenter = CGPoint.zero
    private(set) var dismissed = false

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGray6
        card.backgroundColor = .systemPurple
        card.layer.cornerRadius = 12
        card.layer.shadowOpacity = 0.25
        card.layer.shadowRadius = 6
        view.addSubview(card)
        // Lamina: #selector has no Swift-on-Linux form; gesture targets are closures.
        let pan = UIPanGestureRecognizer { [unowned self] recognizer in
            self.handlePan(recognizer as! UIPanGestureRecognizer)
        }
        card.addGestureRecognizer(pan)
    }

    func handlePan(_ recognizer: UIPanGestureRecognizer) {
        let translation = recognizer.translation(in: view)
        switch recognizer.state {
        case .began:
            startCenter = card.center
        case .changed:
            card.center = CGPoint(x: startCenter.x + translation.x, y: startCenter.y + translation.y)
            card.transform = CGAffineTransform(rotationAngle: translation.x / view.bounds.width * 0.6)
        case .ended, .cancelled:
            if abs(translation.x) > view.bounds.width * 0.4 {
                dismissed = true
                UIView.animate(withDuration: 0.3, animations: {
                    self.card.center.x += translation.x * 2
                    self.card.alpha = 0
                })
            } else {
                UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0.3,
                               options: [.allowUserInteraction], animations: {
                    self.card.center = self.startCenter
                    self.card.transform = .identity
                }, completion: nil)
            }
        default:
            break
        }
    }
}
