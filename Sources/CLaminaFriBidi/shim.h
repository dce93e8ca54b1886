// GNU FriBidi (Debian's libfribidi-dev), seen from Swift through a system library target:
// the Unicode bidirectional algorithm (embedding levels per paragraph, visual reordering per
// line). The include path comes from pkg-config's fribidi entry. CoreGraphics' Text/ folder
// is the only user.
#ifndef CLAMINA_FRIBIDI_H
#define CLAMINA_FRIBIDI_H

#include <fribidi.h>

// FriBidi's paragraph-type constants are macros Swift cannot import; these return them.
static inline FriBidiParType clamina_fribidi_par_auto(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType clamina_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType clamina_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiFlags clamina_fribidi_flags_default(void) { return FRIBIDI_FLAGS_DEFAULT; }

#endif
