import UIKit

/// A custom switch: the knob slides and the track changes colour inside one UIView animation.
final class ToggleSwitchView: UIView {
    private let knob = UIView()
    private(set) var isOn = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemGray4
        layer.cornerRadius = frame.height / 2
        knob.frame = CGRect(x: 2, y: 2, width: frame.height - 4, height: frame.height - 4)
        knob.backgroundColor = .white
        knob.layer.cornerRadius = knob.bounds.height / 2
        knob.layer.shadowColor = UIColor.black.cgColor
        knob.layer.shadowOpacity = 0.2
        knob.layer.shadowOffset = CGSize(width: 0, height: 2)
        knob.layer.shadowRadius = 2
        addSubview(knob)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func setOn(_ on: Bool, animated: Bool) {
        isOn = on
        let changes = {
            self.knob.center.x = on ? self.bounds.width - self.knob.bounds.width / 2 - 2 : self.knob.bounds.width / 2 + 2
            self.backgroundColor = on ? .systemGreen : .systemGray4
        }
        if animated {
            UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseInOut, .beginFromCurrentState],
                           animations: changes, completion: nil)
        } else {
            changes()
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        setOn(!isOn, animated: true)
    }
}
