import UIKit

/// A floating action button that fans out its menu items on tap: each item view springs out to
/// its slot with a small delay after the previous one, and the plus turns into a cross.
final class ExpandingMenuViewController: UIViewController {
    let mainButton = UIView(frame: CGRect(x: 0, y: 0, width: 48, height: 48))
    private var items: [UIView] = []
    private(set) var isOpen = false

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let origin = CGPoint(x: view.bounds.maxX - 36, y: view.bounds.maxY - 36)
        let colors: [UIColor] = [.systemRed, .systemGreen, .systemBlue]
        for color in colors {
            let item = UIView(frame: CGRect(x: 0, y: 0, width: 34, height: 34))
            item.center = origin
            item.backgroundColor = color
            item.layer.cornerRadius = 17
            item.alpha = 0
            view.addSubview(item)
            items.append(item)
        }
        mainButton.center = origin
        mainButton.backgroundColor = .systemIndigo
        mainButton.layer.cornerRadius = 24
        let plus = CAShapeLayer()
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 24, y: 14)); path.addLine(to: CGPoint(x: 24, y: 34))
        path.move(to: CGPoint(x: 14, y: 24)); path.addLine(to: CGPoint(x: 34, y: 24))
        plus.path = path.cgPath
        plus.strokeColor = UIColor.white.cgColor
        plus.lineWidth = 3
        plus.lineCap = .round
        plus.frame = mainButton.bounds
        mainButton.layer.addSublayer(plus)
        view.addSubview(mainButton)
    }

    func toggle() {
        isOpen.toggle()
        let origin = mainButton.center
        for (i, item) in items.enumerated() {
            let angle = CGFloat.pi + CGFloat(i) * (.pi / 4)
            let slot = isOpen ? CGPoint(x: origin.x + cos(angle) * 80, y: origin.y + sin(angle) * 80) : origin
            UIView.animate(withDuration: 0.5, delay: 0.06 * Double(i), usingSpringWithDamping: 0.65,
                           initialSpringVelocity: 0, options: [], animations: {
                item.center = slot
                item.alpha = self.isOpen ? 1 : 0
            })
        }
        UIView.animate(withDuration: 0.3) {
            self.mainButton.transform = self.isOpen ? CGAffineTransform(rotationAngle: .pi / 4) : .identity
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let point = touches.first?.location(in: view), mainButton.frame.contains(point) else { return }
        toggle()
    }
}
