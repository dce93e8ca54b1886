// A thin C shim over libpng and libjpeg (Debian's libpng-dev / libjpeg-dev).
// C is used only where those libraries need it (setjmp/longjmp error handling);
// everything else lives in Swift (CoreGraphics/Image).
#ifndef CLAMINA_IMAGEIO_H
#define CLAMINA_IMAGEIO_H

/// The libpng version Lamina was built against, e.g. "1.6.39".
const char *lamina_png_version(void);

#endif
