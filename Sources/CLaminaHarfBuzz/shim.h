// HarfBuzz (Debian's libharfbuzz-dev), seen from Swift through a system library target:
// shaping of text runs (ligatures, kerning, mark positioning, complex scripts). The include
// path comes from pkg-config's harfbuzz entry. CoreGraphics' Text/ folder is the only user.
#ifndef CLAMINA_HARFBUZZ_H
#define CLAMINA_HARFBUZZ_H

#include <hb.h>
#include <hb-ot.h>

#endif
