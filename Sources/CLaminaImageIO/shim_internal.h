// Helpers shared by the shim's C files; not part of the module's public header.
#ifndef CLAMINA_SHIM_INTERNAL_H
#define CLAMINA_SHIM_INTERNAL_H

#include "CLaminaImageIO.h"
#include <stddef.h>
#include <stdint.h>

/// Copies a NUL-terminated message, truncating to fit; NULL becomes "".
void lamina_copy_message(char *destination, size_t capacity, const char *message);

void lamina_clear_error(lamina_iio_error *error);

/// Fills `error` (when non-NULL) and returns `status`, so callers can `return lamina_set_error(...)`.
int lamina_set_error(lamina_iio_error *error, int status, const char *message);

/// A malloc'd byte buffer that doubles as it grows.
typedef struct {
    uint8_t *bytes;
    size_t count;
    size_t capacity;
} lamina_growable_buffer;

/// Appends; returns 0 (leaving the buffer intact) when memory runs out.
int lamina_buffer_append(lamina_growable_buffer *buffer, const uint8_t *bytes, size_t count);

#endif
