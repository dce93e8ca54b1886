import Foundation
import QuartzCore

/// UIKit's button: a control showing a title (`titleLabel`, a UILabel) and an image
/// (`imageView`, a UIImageView) side by side, image first, over an optional background image,
/// each chosen for the control's state.
///
/// State-dependent values (`setTitle(_:for:)`, `setTitleColor(_:for:)`, `setImage(_:for:)`,
/// `setBackgroundImage(_:for:)`…) are looked up for the exact current state, else the
/// `.normal` state's, as UIKit documents — so `[.selected, .highlighted]` needs its own
/// values if it should differ from `.normal`.
///
/// Types: `.system` buttons draw their title in the tint colour (`.systemGray` when disabled,
/// Lamina's choice: UIKit does not document it) and dim title and image to alpha 0.2 while
/// highlighted, fading back over 0.3 s on release (UIKit's look, timing not documented);
/// `.custom` buttons (`init(frame:)`) draw a white title and do not change when highlighted
/// unless given values for `.highlighted`. The title font is the 15-point system font.
/// `.detailDisclosure`, `.infoLight`, `.infoDark`, `.contactAdd` and `.close` make `.system`
/// buttons without their glyphs. System buttons draw images whose rendering mode is
/// `.automatic` as templates in the tint colour (`.alwaysOriginal` keeps their colours), as
/// UIKit does; `currentImage` and `image(for:)` still return the image set.
///
/// Layout (`layoutSubviews`): `contentRect(forBounds:)` is the bounds inset by
/// `contentEdgeInsets`; image and title sit together in it as `contentHorizontalAlignment` and
/// `contentVerticalAlignment` say (centred by default), the title shortened to the room left
/// by the image; `imageEdgeInsets`/`titleEdgeInsets` then shift each as insetting its rect
/// would (a left inset of 10 moves a centred title 5 points right). `sizeThatFits` is the image
/// and title sizes plus `contentEdgeInsets`, with no minimum size.
///
/// Not provided: `UIButton.Configuration` (iOS 15 configurations) and menus; `adjustsImageWhen…`
/// and `showsTouchWhenHighlighted` are stored only.
open class UIButton: UIControl {
    /// The kinds of button, with iOS's raw values.
    public enum ButtonType: Int, Sendable {
        /// No system style: the look comes from the values you set (what `init(frame:)` makes).
        case custom = 0
        /// The system style: a tinted title and image that dim while highlighted.
        case system = 1
        /// A detail disclosure button; drawn as a `.system` button without the glyph.
        case detailDisclosure = 2
        /// An information button for dark backgrounds; drawn as a `.system` button without the glyph.
        case infoLight = 3
        /// An information button for light backgrounds; drawn as a `.system` button without the glyph.
        case infoDark = 4
        /// An add-contact button; drawn as a `.system` button without the glyph.
        case contactAdd = 5
        /// A plain button; drawn as a `.system` button (every type but `.custom` is).
        case plain = 6
        /// A close button; drawn as a `.system` button without the glyph.
        case close = 7
        /// The old name of `.system`.
        public static var roundedRect: ButtonType { .system }
    }

    /// The button's type (`.custom` for `init(frame:)`).
    open internal(set) var buttonType: ButtonType = .custom

    var titles: [UInt: String] = [:]
    var attributedTitles: [UInt: NSAttributedString] = [:]
    var titleColors: [UInt: UIColor] = [:]
    var titleShadowColors: [UInt: UIColor] = [:]
    var images: [UInt: UIImage] = [:]
    var backgroundImages: [UInt: UIImage] = [:]
    let label = UILabel()
    let imageViewStorage = UIImageView()
    var backgroundImageView: UIImageView?
    /// The last image a system button showed as a template: (image set, template copy).
    var templateCache: (source: UIImage, template: UIImage)?

    /// A `.custom` button with `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        label.font = UIFont.systemFont(ofSize: 15)
        label.lineBreakMode = .byTruncatingMiddle
        label.isHidden = true
        imageViewStorage.isHidden = true
        addSubview(imageViewStorage)
        addSubview(label)
        updateAppearance()
    }

    /// A button of `buttonType` with a zero frame.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType == .custom ? .custom : buttonType
        updateAppearance()
    }

    /// A button of `buttonType` running `primaryAction` (titled and imaged from it).
    public convenience init(type buttonType: ButtonType, primaryAction: UIAction?) {
        self.init(type: buttonType)
        adopt(primaryAction)
    }

    /// A `.custom` button with `frame` running `primaryAction` (titled and imaged from it).
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        adopt(primaryAction)
    }

    /// A `.system` button that runs `primaryAction` for `.primaryActionTriggered` (a touch
    /// lifted inside), showing the action's title and image — the closure spelling that also
    /// compiles on iOS 14+.
    public convenience init(primaryAction: UIAction?) {
        self.init(type: .system, primaryAction: primaryAction)
    }

    /// Always fails (no nib loading), as `UIView.init?(coder:)`.
    public required init?(coder: NSCoder) { return nil }

    private func adopt(_ action: UIAction?) {
        guard let action else { return }
        setTitle(action.title.isEmpty ? nil : action.title, for: .normal)
        setImage(action.image, for: .normal)
        addAction(action, for: .primaryActionTriggered)
    }

    // MARK: Parts

    /// The label showing the title (its text and colour are set from the state's values).
    open var titleLabel: UILabel? { label }

    /// The image view showing the image (hidden when the state has no image).
    open var imageView: UIImageView? { imageViewStorage }

    /// Padding (points) between the bounds and the content. Default zero.
    open var contentEdgeInsets: UIEdgeInsets = .zero { didSet { setNeedsLayout() } }
    /// Shift of the title (see the type's discussion). Default zero.
    open var titleEdgeInsets: UIEdgeInsets = .zero { didSet { setNeedsLayout() } }
    /// Shift of the image (see the type's discussion). Default zero.
    open var imageEdgeInsets: UIEdgeInsets = .zero { didSet { setNeedsLayout() } }

    /// Stored only.
    open var adjustsImageWhenHighlighted = true
    /// Stored only.
    open var adjustsImageWhenDisabled = true
    /// Stored only.
    open var showsTouchWhenHighlighted = false
    /// Stored only (the title's shadow follows `titleShadowColor(for:)`).
    open var reversesTitleShadowWhenHighlighted = false

    // MARK: Overrides (Swift on Linux overrides only class members)

    /// Title colours of `.system` buttons follow the tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateAppearance()
    }

    /// Places background, image and title (see the type's discussion).
    open override func layoutSubviews() {
        super.layoutSubviews()
        if let bg = backgroundImageView { bg.frame = backgroundRect(forBounds: bounds) }
        let content = contentRect(forBounds: bounds)
        imageViewStorage.frame = imageRect(forContentRect: content)
        label.frame = titleRect(forContentRect: content)
    }

    /// The image and title sizes side by side, plus `contentEdgeInsets` (points, whole pixels).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let parts = contentSizes(maxWidth: .greatestFiniteMagnitude)
        let i = contentEdgeInsets
        return CGSize(width: parts.image.width + parts.title.width + i.left + i.right,
                      height: max(parts.image.height, parts.title.height) + i.top + i.bottom)
    }

    /// `sizeThatFits(.zero)`.
    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    /// Where the background image goes: the bounds.
    open func backgroundRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The rect image and title share: the bounds inset by `contentEdgeInsets`.
    open func contentRect(forBounds bounds: CGRect) -> CGRect { bounds.inset(by: contentEdgeInsets) }

    /// The title's rect in `contentRect` (see the type's discussion).
    open func titleRect(forContentRect contentRect: CGRect) -> CGRect { contentLayout(in: contentRect).title }

    /// The image's rect in `contentRect` (see the type's discussion).
    open func imageRect(forContentRect contentRect: CGRect) -> CGRect { contentLayout(in: contentRect).image }

    /// Buttons report `.primaryActionTriggered` with `.touchUpInside`.
    override var primaryActionEvents: Event { .primaryActionTriggered }

    override func stateDidChange() {
        super.stateDidChange()
        updateAppearance()
    }
}
