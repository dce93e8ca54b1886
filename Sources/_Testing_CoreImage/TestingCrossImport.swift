// Swift Testing declares a cross-import overlay for any module named CoreImage: a file that
// imports both Testing and CoreImage makes the compiler load `_Testing_CoreImage`, which the
// toolchain ships only on Apple's platforms. Lamina's CoreImage depends on this empty module so
// that it is always built beside it (the same reason as `_Testing_CoreGraphics`).
