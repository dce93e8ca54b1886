import Foundation

// The option sets and alignments of UIControl, with iOS's raw values (UIControl.h).

extension UIControl {
    /// The events a control reports to its actions and targets.
    public struct Event: OptionSet, Hashable, Sendable {
        /// The raw value, as Apple's SDK defines it.
        public let rawValue: UInt
        /// A value with the given raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A touch went down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A touch went down again (the touch's `tapCount` is more than 1).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A tracked touch moved inside the control's bounds (or within 70 points of them).
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A tracked touch moved farther than 70 points outside the control's bounds.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// A tracked touch came back within the control (the 70-point margin included).
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// A tracked touch left the control (and its 70-point margin).
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A tracked touch lifted inside the control (or within 70 points of its bounds).
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A tracked touch lifted farther than 70 points outside the control.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The system cancelled the tracked touch.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed (sliders, switches…).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action fired (a button: on touch up inside).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// A menu action fired (never sent on Lamina: there are no menus).
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// Text editing began (text controls; none on Lamina).
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// Text editing changed the text.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Text editing ended.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Text editing ended with the return key.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Events an app may define for itself.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// Events reserved for UIKit.
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// A control's state: the set of its flags (`.normal` is the empty set).
    public struct State: OptionSet, Hashable, Sendable {
        /// The raw value, as Apple's SDK defines it.
        public let rawValue: UInt
        /// A value with the given raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The default state: not highlighted, enabled and not selected (the empty set).
        public static let normal = State([])
        /// A touch is down inside the control (`isHighlighted`).
        public static let highlighted = State(rawValue: 1 << 0)
        /// The control is disabled (`isEnabled` false).
        public static let disabled = State(rawValue: 1 << 1)
        /// The control is selected (`isSelected`).
        public static let selected = State(rawValue: 1 << 2)
        /// The control has focus (never set on Lamina, which has no focus engine).
        public static let focused = State(rawValue: 1 << 3)
        /// Bits free for the app's own states.
        public static let application = State(rawValue: 0x00FF_0000)
        /// Bits reserved for UIKit's internal use.
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// Where a control's content sits horizontally.
    public enum ContentHorizontalAlignment: Int, Sendable {
        /// Centred.
        case center = 0
        /// Against the left edge.
        case left = 1
        /// Against the right edge.
        case right = 2
        /// Stretched to fill the content rectangle.
        case fill = 3
        /// The leading edge: left for the left-to-right layout Lamina has.
        case leading = 4
        /// The trailing edge: right for the left-to-right layout Lamina has.
        case trailing = 5
    }

    /// Where a control's content sits vertically.
    public enum ContentVerticalAlignment: Int, Sendable {
        /// Centred.
        case center = 0
        /// Against the top edge.
        case top = 1
        /// Against the bottom edge.
        case bottom = 2
        /// Stretched to fill the content rectangle.
        case fill = 3
    }
}
