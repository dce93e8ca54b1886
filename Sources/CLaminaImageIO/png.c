// libpng read and write through memory, with errors caught by setjmp in this file only.
#include "CLaminaImageIO.h"
#include "shim_internal.h"
#include <png.h>
#include <stdlib.h>
#include <string.h>

struct lamina_png_decoder {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t offset;
    /// Set when libpng asked for bytes past the end of the data.
    int ran_out;
    /// Set by our own checks before calling png_error, to pick the status.
    int status_hint;
    char message[256];
    png_bytep *rows;
    int was_read;
};

static void decoder_error(png_structp png, png_const_charp message) {
    struct lamina_png_decoder *d = png_get_error_ptr(png);
    lamina_copy_message(d->message, sizeof d->message, message);
    png_longjmp(png, 1);
}

// Warnings (bad ancillary chunks, known-incorrect sRGB profiles...) never stop decoding and
// must not reach stderr.
static void silent_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void read_from_memory(png_structp png, png_bytep out, png_size_t count) {
    struct lamina_png_decoder *d = png_get_io_ptr(png);
    if (count > d->size - d->offset) {
        d->ran_out = 1;
        png_error(png, "unexpected end of PNG data");
    }
    memcpy(out, d->data + d->offset, count);
    d->offset += count;
}

static int failure_status(struct lamina_png_decoder *d) {
    if (d->ran_out) return LAMINA_IIO_TRUNCATED;
    if (d->status_hint) return d->status_hint;
    return LAMINA_IIO_CORRUPT;
}

lamina_png_decoder *lamina_png_decoder_create(const uint8_t *data, size_t size,
                                              lamina_image_info *info, lamina_iio_error *error) {
    lamina_clear_error(error);
    struct lamina_png_decoder *d = calloc(1, sizeof *d);
    if (!d) {
        lamina_set_error(error, LAMINA_IIO_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    d->data = data;
    d->size = size;
    if (size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        lamina_set_error(error, size < 8 ? LAMINA_IIO_TRUNCATED : LAMINA_IIO_CORRUPT,
                         "not a PNG signature");
        free(d);
        return NULL;
    }
    d->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, d, decoder_error, silent_warning);
    if (!d->png) {
        lamina_set_error(error, LAMINA_IIO_OUT_OF_MEMORY, "png_create_read_struct failed");
        free(d);
        return NULL;
    }
    d->info = png_create_info_struct(d->png);
    if (!d->info) {
        png_destroy_read_struct(&d->png, NULL, NULL);
        lamina_set_error(error, LAMINA_IIO_OUT_OF_MEMORY, "png_create_info_struct failed");
        free(d);
        return NULL;
    }
    if (setjmp(png_jmpbuf(d->png))) {
        lamina_set_error(error, failure_status(d), d->message);
        lamina_png_decoder_destroy(d);
        return NULL;
    }
    // Size limits are Lamina's (checked by the caller against Surface's), not libpng's
    // default of 1,000,000 px a side.
    png_set_user_limits(d->png, 0x7fffffff, 0x7fffffff);
#ifdef PNG_SKIP_sRGB_CHECK_PROFILE
    png_set_option(d->png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
#endif
    png_set_read_fn(d->png, d, read_from_memory);
    png_read_info(d->png, d->info);

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(d->png, d->info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    info->width = width;
    info->height = height;
    info->bit_depth = bit_depth;
    info->color_type = color_type;
    info->interlaced = interlace != PNG_INTERLACE_NONE;
    info->has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0 ||
                      png_get_valid(d->png, d->info, PNG_INFO_tRNS) != 0;
    return d;
}

int lamina_png_decoder_read(lamina_png_decoder *d, uint8_t *rgba, size_t stride,
                            lamina_iio_error *error) {
    lamina_clear_error(error);
    if (!d || !rgba || d->was_read) {
        return lamina_set_error(error, LAMINA_IIO_INVALID_ARGUMENT, "decoder already used");
    }
    d->was_read = 1;
    png_uint_32 width = png_get_image_width(d->png, d->info);
    png_uint_32 height = png_get_image_height(d->png, d->info);
    if (stride < (size_t)width * 4) {
        return lamina_set_error(error, LAMINA_IIO_INVALID_ARGUMENT, "row stride too small");
    }
    d->rows = malloc(sizeof(png_bytep) * (size_t)height);
    if (!d->rows) return lamina_set_error(error, LAMINA_IIO_OUT_OF_MEMORY, "out of memory");
    for (png_uint_32 y = 0; y < height; y++) d->rows[y] = rgba + (size_t)y * stride;

    if (setjmp(png_jmpbuf(d->png))) {
        return lamina_set_error(error, failure_status(d), d->message);
    }
    int color_type = png_get_color_type(d->png, d->info);
    int bit_depth = png_get_bit_depth(d->png, d->info);
    int has_trns = png_get_valid(d->png, d->info, PNG_INFO_tRNS) != 0;
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(d->png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(d->png);
    if (has_trns) png_set_tRNS_to_alpha(d->png);
    if (bit_depth == 16) png_set_scale_16(d->png);
    if (!(color_type & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(d->png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !has_trns) png_set_filler(d->png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(d->png);
    png_read_update_info(d->png, d->info);
    if (png_get_rowbytes(d->png, d->info) != (size_t)width * 4) {
        d->status_hint = LAMINA_IIO_UNSUPPORTED;
        png_error(d->png, "PNG layout did not expand to RGBA8");
    }
    png_read_image(d->png, d->rows);
    png_read_end(d->png, NULL);
    return LAMINA_IIO_OK;
}

void lamina_png_decoder_destroy(lamina_png_decoder *d) {
    if (!d) return;
    if (d->png) png_destroy_read_struct(&d->png, d->info ? &d->info : NULL, NULL);
    free(d->rows);
    free(d);
}

// MARK: encoding

struct png_writer {
    lamina_growable_buffer buffer;
    int out_of_memory;
    char message[256];
};

static void writer_error(png_structp png, png_const_charp message) {
    struct png_writer *w = png_get_error_ptr(png);
    lamina_copy_message(w->message, sizeof w->message, message);
    png_longjmp(png, 1);
}

static void write_to_memory(png_structp png, png_bytep bytes, png_size_t count) {
    struct png_writer *w = png_get_io_ptr(png);
    if (!lamina_buffer_append(&w->buffer, bytes, count)) {
        w->out_of_memory = 1;
        png_error(png, "out of memory");
    }
}

static void flush_nothing(png_structp png) { (void)png; }

int lamina_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                      int channels, int level, uint8_t **out, size_t *out_size,
                      lamina_iio_error *error) {
    lamina_clear_error(error);
    *out = NULL;
    *out_size = 0;
    if (!pixels || width == 0 || height == 0 || (channels != 3 && channels != 4) ||
        stride < (size_t)width * (size_t)channels || level < 0 || level > 9) {
        return lamina_set_error(error, LAMINA_IIO_INVALID_ARGUMENT, "invalid PNG encoder arguments");
    }
    struct png_writer *w = calloc(1, sizeof *w);
    if (!w) return lamina_set_error(error, LAMINA_IIO_OUT_OF_MEMORY, "out of memory");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, w, writer_error, silent_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, NULL);
        free(w);
        return lamina_set_error(error, LAMINA_IIO_OUT_OF_MEMORY, "png_create_write_struct failed");
    }
    if (setjmp(png_jmpbuf(png))) {
        int status = w->out_of_memory ? LAMINA_IIO_OUT_OF_MEMORY : LAMINA_IIO_CORRUPT;
        lamina_set_error(error, status, w->message);
        png_destroy_write_struct(&png, &info);
        free(w->buffer.bytes);
        free(w);
        return status;
    }
    png_set_write_fn(png, w, write_to_memory, flush_nothing);
    png_set_compression_level(png, level);
    png_set_IHDR(png, info, width, height, 8,
                 channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    *out = w->buffer.bytes;
    *out_size = w->buffer.count;
    free(w);
    return LAMINA_IIO_OK;
}
