#include "CLaminaImageIO.h"
#include <png.h>

const char *lamina_png_version(void) { return PNG_LIBPNG_VER_STRING; }
