// Swift Testing declares a cross-import overlay for any module named CoreGraphics: a file that
// imports both Testing and CoreGraphics makes the compiler load `_Testing_CoreGraphics`. The
// toolchain ships that overlay only on Apple's platforms, so on Linux the import fails with
// "no such module '_Testing_CoreGraphics'". Lamina's CoreGraphics depends on this empty module
// so that it is always built beside it and Swift Testing works for every user of the package.
