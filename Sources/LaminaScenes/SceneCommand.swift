/// A named action a scene offers a person: the scene runs it on `.command(name)`, the window
/// runs it on a key press and from the help overlay's button, `lamina list --verbose` lists it.
package struct SceneCommand: Sendable, Equatable {
    /// The name scripts use: `.command(name)`.
    package var name: String
    /// The keyboard shortcut: a lowercase letter, digit or unshifted punctuation, as SDL
    /// reports the key (its keycode is the character's code point).
    package var key: Character
    /// What it does, in a few words (the help overlay's line).
    package var summary: String

    /// Keys the scene window keeps for itself: `?` the help, `d` the debug overlay, `o` the
    /// damage outlines (`lamina view`). No scene command may use them.
    package static let reservedKeys: Set<Character> = ["?", "/", "d", "o"]

    package init(_ name: String, key: Character, _ summary: String) {
        self.name = name
        self.key = key
        self.summary = summary
    }

    /// The SDL keycode of `key` (its Unicode scalar value).
    package var keyCode: Int32 { Int32(key.unicodeScalars.first.map { $0.value } ?? 0) }
}

/// A pointer interaction a scene answers, for the help: what to do and what happens.
package struct SceneGesture: Sendable, Equatable {
    /// The mouse (or touch) action, e.g. "drag" or "Alt-click".
    package var action: String
    package var summary: String

    package init(_ action: String, _ summary: String) {
        self.action = action
        self.summary = summary
    }
}
