// Swift Testing declares a cross-import overlay for any module named UIKit: a file that imports
// both Testing and UIKit makes the compiler load `_Testing_UIKit`, which the toolchain ships only
// on Apple's platforms. Lamina's UIKit depends on this empty module so that it is always built
// beside it (the same reason as `_Testing_CoreGraphics`).
