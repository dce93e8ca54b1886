// fontconfig (Debian's libfontconfig-dev), seen from Swift through a system library target:
// font matching by family, weight and slant, Apple names through Lamina's alias config, and
// fallback faces for characters a face lacks. CoreGraphics' Text/FontMatcher.swift is the only user.
#ifndef CLAMINA_FONTCONFIG_H
#define CLAMINA_FONTCONFIG_H

#include <fontconfig/fontconfig.h>

#endif
