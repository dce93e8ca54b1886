#include "CLaminaImageIO.h"
#include "shim_internal.h"
#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

const char *lamina_png_version(void) { return PNG_LIBPNG_VER_STRING; }

void lamina_copy_message(char *destination, size_t capacity, const char *message) {
    if (capacity == 0) return;
    if (!message) message = "";
    size_t length = strlen(message);
    if (length >= capacity) length = capacity - 1;
    memcpy(destination, message, length);
    destination[length] = 0;
}

void lamina_clear_error(lamina_iio_error *error) {
    if (!error) return;
    error->status = LAMINA_IIO_OK;
    error->message[0] = 0;
}

int lamina_set_error(lamina_iio_error *error, int status, const char *message) {
    if (error) {
        error->status = status;
        lamina_copy_message(error->message, sizeof error->message, message);
    }
    return status;
}

int lamina_buffer_append(lamina_growable_buffer *buffer, const uint8_t *bytes, size_t count) {
    if (count > SIZE_MAX - buffer->count) return 0;
    size_t needed = buffer->count + count;
    if (needed > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < needed) {
            if (capacity > SIZE_MAX / 2) { capacity = needed; break; }
            capacity *= 2;
        }
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (!grown) return 0;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->count, bytes, count);
    buffer->count = needed;
    return 1;
}

int lamina_zlib_compress(const uint8_t *data, size_t size, int level, uint8_t **out,
                         size_t *out_size, lamina_iio_error *error) {
    lamina_clear_error(error);
    *out = NULL;
    *out_size = 0;
    if ((!data && size) || level < 0 || level > 9 || size > (size_t)UINT32_MAX) {
        return lamina_set_error(error, LAMINA_IIO_INVALID_ARGUMENT, "invalid zlib arguments");
    }
    uLongf capacity = compressBound((uLong)size);
    uint8_t *buffer = malloc(capacity ? capacity : 1);
    if (!buffer) return lamina_set_error(error, LAMINA_IIO_OUT_OF_MEMORY, "out of memory");
    int result = compress2(buffer, &capacity, data ? data : (const uint8_t *)"", (uLong)size, level);
    if (result != Z_OK) {
        free(buffer);
        return lamina_set_error(error, LAMINA_IIO_CORRUPT, zError(result));
    }
    *out = buffer;
    *out_size = capacity;
    return LAMINA_IIO_OK;
}

uint32_t lamina_crc32(uint32_t crc, const uint8_t *data, size_t size) {
    while (size > 0) {
        uInt chunk = size > 0x40000000u ? 0x40000000u : (uInt)size;
        crc = (uint32_t)crc32(crc, data, chunk);
        data += chunk;
        size -= chunk;
    }
    return crc;
}

void lamina_free(void *pointer) { free(pointer); }
