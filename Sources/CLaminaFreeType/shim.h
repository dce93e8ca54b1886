// FreeType 2 (Debian's libfreetype-dev), seen from Swift through a system library target.
// The include path (/usr/include/freetype2) comes from pkg-config's freetype2 entry, so the
// package needs no unsafe flags. CoreGraphics' Text/ folder is the only user.
#ifndef CLAMINA_FREETYPE_H
#define CLAMINA_FREETYPE_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

#endif
