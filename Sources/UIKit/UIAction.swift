import Foundation

/// The closure a `UIAction` runs, given the action (its `sender` is the control that sent it).
public typealias UIActionHandler = (UIAction) -> Void

/// UIKit's base of menu elements; on Lamina only the namespace of `State` and `Attributes`
/// that `UIAction` uses (there are no menus).
open class UIMenuElement: NSObject {
    /// The check state of a menu element, with iOS's raw values.
    public enum State: Int, Sendable {
        /// The element shows no checkmark.
        case off = 0
        /// The element shows a checkmark.
        case on = 1
        /// The element shows a mixed state (for a choice that is partly on).
        case mixed = 2
    }

    /// How a menu element looks and behaves in a menu (stored only on Lamina).
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The raw value, as Apple's SDK defines it.
        public let rawValue: UInt
        /// A value with the given raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The element is shown dimmed and cannot be chosen.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// The element is styled as destructive (red on iOS).
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// The element is not shown.
        public static let hidden = Attributes(rawValue: 1 << 2)
        /// Choosing the element leaves the menu open.
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }
}

/// UIKit's action: a closure with a title and an identifier, which a control runs for its
/// events (`UIControl.addAction(_:for:)`, `UIButton(primaryAction:)`).
///
/// This is the portable spelling of target-action: `#selector` does not exist in Swift on
/// Linux, and a `UIAction` compiles unchanged on iOS 14+ and here:
///
///     button.addAction(UIAction { [weak self] _ in self?.play() }, for: .touchUpInside)
///
/// A control holds its actions strongly (capture `self` weakly, as on iOS).
open class UIAction: UIMenuElement {
    /// What uniquely names an action on a control: adding an action whose identifier a
    /// control already has replaces the old one.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        /// The raw value, as Apple's SDK defines it.
        public let rawValue: String
        /// A value with the given raw value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A value with the given raw value (the unlabelled form the SDK imports).
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The title (a button made with `UIButton(primaryAction:)` shows it).
    open var title: String
    /// A second line of text in menus (stored only).
    open var subtitle: String?
    /// The image (a button made with `UIButton(primaryAction:)` shows it).
    open var image: UIImage?
    /// The image for the `.on` state in menus (stored only).
    open var selectedImage: UIImage?
    /// The title for keyboard-shortcut discovery (stored only).
    open var discoverabilityTitle: String?
    /// Menu attributes (stored only).
    open var attributes: Attributes
    /// Menu check state (stored only).
    open var state: State
    /// The action's identifier (a fresh unique one when none was given).
    public let identifier: Identifier
    /// The object that sent the action while its handler runs (the control), nil otherwise.
    open private(set) var sender: Any?

    let handler: UIActionHandler

    /// An action running `handler`. With no `identifier`, the action gets a unique one.
    public init(title: String = "", subtitle: String? = nil, image: UIImage? = nil, selectedImage: UIImage? = nil,
                identifier: Identifier? = nil,
                discoverabilityTitle: String? = nil, attributes: Attributes = [], state: State = .off,
                handler: @escaping UIActionHandler) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.selectedImage = selectedImage
        self.identifier = identifier ?? Identifier(rawValue: UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init()
    }

    /// Runs the handler with `sender` set for its duration.
    func perform(sender: Any?) {
        let previous = self.sender
        self.sender = sender
        handler(self)
        self.sender = previous
    }
}
