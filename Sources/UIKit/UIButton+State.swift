import Foundation
import QuartzCore

// A button's values for each control state, looked up for the exact state and else `.normal`'s
// (UIKit's documented fallback), and how the current state's values reach the title label and
// the image views.

extension UIButton {
    /// The stored value for `state`, else for `.normal`.
    private func lookup<T>(_ table: [UInt: T], _ state: State) -> T? {
        table[state.rawValue] ?? table[State.normal.rawValue]
    }

    /// Stores `value` for `state` in the table at `keyPath` and shows the result. (The table is
    /// written through a key path, not `inout`: showing reads every table.)
    private func store<T>(_ keyPath: ReferenceWritableKeyPath<UIButton, [UInt: T]>, _ value: T?, _ state: State) {
        self[keyPath: keyPath][state.rawValue] = value
        updateAppearance()
    }

    // MARK: Titles

    /// Sets the title shown in `state` (nil: fall back to `.normal`'s).
    public func setTitle(_ title: String?, for state: State) { store(\.titles, title, state) }

    /// The title for `state`, else `.normal`'s.
    public func title(for state: State) -> String? { lookup(titles, state) }

    /// Sets an attributed title for `state`; it takes precedence over `setTitle(_:for:)`'s.
    /// Its characters are drawn in the title colour and font (attributes are not applied; see
    /// UILabel).
    public func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        store(\.attributedTitles, title, state)
    }

    /// The attributed title for `state`, else `.normal`'s.
    public func attributedTitle(for state: State) -> NSAttributedString? { lookup(attributedTitles, state) }

    /// Sets the title colour for `state`.
    public func setTitleColor(_ color: UIColor?, for state: State) { store(\.titleColors, color, state) }

    /// The title colour for `state`, else `.normal`'s, else the type's default (`.system`:
    /// the tint, `.systemGray` when disabled; `.custom`: white).
    public func titleColor(for state: State) -> UIColor? {
        lookup(titleColors, state) ?? defaultTitleColor(for: state)
    }

    /// Sets the title's shadow colour for `state`.
    public func setTitleShadowColor(_ color: UIColor?, for state: State) { store(\.titleShadowColors, color, state) }

    /// The title's shadow colour for `state`, else `.normal`'s (nil: no shadow).
    public func titleShadowColor(for state: State) -> UIColor? { lookup(titleShadowColors, state) }

    // MARK: Images

    /// Sets the image shown beside the title in `state`.
    public func setImage(_ image: UIImage?, for state: State) { store(\.images, image, state) }

    /// The image for `state`, else `.normal`'s.
    public func image(for state: State) -> UIImage? { lookup(images, state) }

    /// Sets the image filling the button behind its content in `state`.
    public func setBackgroundImage(_ image: UIImage?, for state: State) { store(\.backgroundImages, image, state) }

    /// The background image for `state`, else `.normal`'s.
    public func backgroundImage(for state: State) -> UIImage? { lookup(backgroundImages, state) }

    // MARK: Current values

    /// The title shown now.
    public var currentTitle: String? { attributedTitle(for: state)?.string ?? title(for: state) }
    /// The attributed title shown now.
    public var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }
    /// The title colour now.
    public var currentTitleColor: UIColor { titleColor(for: state) ?? .white }
    /// The title's shadow colour now.
    public var currentTitleShadowColor: UIColor? { titleShadowColor(for: state) }
    /// The image shown now.
    public var currentImage: UIImage? { image(for: state) }
    /// The background image shown now.
    public var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    // MARK: Applying

    var isSystemStyle: Bool { buttonType != .custom }

    func defaultTitleColor(for state: State) -> UIColor {
        guard isSystemStyle else { return .white }
        return state.contains(.disabled) ? .systemGray : tintColor
    }

    /// Shows the current state's title, colours and images, and the system dimming.
    func updateAppearance() {
        let s = state
        if let attributed = attributedTitle(for: s) {
            label.attributedText = attributed
        } else {
            label.text = title(for: s)
        }
        label.isHidden = (label.text ?? "").isEmpty
        label.textColor = titleColor(for: s) ?? .white
        label.shadowColor = titleShadowColor(for: s)

        let image = self.image(for: s)
        let shown = image.map { displayedImage($0) }
        if imageViewStorage.image !== shown { imageViewStorage.image = shown }
        imageViewStorage.isHidden = image == nil
        // Template images take the title's default colour: the tint, grey when disabled.
        let imageTint: UIColor? = isSystemStyle && s.contains(.disabled) ? .systemGray : nil
        if imageViewStorage.tintColor != (imageTint ?? tintColor) { imageViewStorage.tintColor = imageTint }

        if let bgImage = backgroundImage(for: s) {
            let bg = backgroundImageView ?? makeBackgroundImageView()
            if bg.image !== bgImage { bg.image = bgImage }
            bg.isHidden = false
        } else {
            backgroundImageView?.isHidden = true
        }

        if isSystemStyle { applySystemDimming(isHighlighted) }
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// What the image view shows for `image`: system buttons draw images whose rendering mode
    /// is `.automatic` as templates (in the tint colour), as UIKit does; the copy is kept so
    /// state changes do not redraw it.
    private func displayedImage(_ image: UIImage) -> UIImage {
        guard isSystemStyle, image.renderingMode == .automatic else { return image }
        if let cached = templateCache, cached.source === image { return cached.template }
        let template = image.withRenderingMode(.alwaysTemplate)
        templateCache = (image, template)
        return template
    }

    private func makeBackgroundImageView() -> UIImageView {
        let bg = UIImageView(frame: backgroundRect(forBounds: bounds))
        insertSubview(bg, at: 0)
        backgroundImageView = bg
        return bg
    }

    /// System buttons show title and image at alpha 0.2 while highlighted, and fade back.
    private func applySystemDimming(_ highlighted: Bool) {
        let alpha: CGFloat = highlighted ? 0.2 : 1
        guard label.alpha != alpha || imageViewStorage.alpha != alpha else { return }
        let apply = { [label, imageViewStorage] in
            label.alpha = alpha
            imageViewStorage.alpha = alpha
        }
        if highlighted || window == nil {
            UIView.performWithoutAnimation(apply)
        } else {
            UIView.animate(withDuration: 0.3, delay: 0, options: [.beginFromCurrentState, .allowUserInteraction],
                           animations: apply)
        }
    }
}
