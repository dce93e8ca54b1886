// libjpeg(-turbo) read and write through memory, with errors caught by setjmp in this file only.
#include "CLaminaImageIO.h"
#include "shim_internal.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

#if !defined(JCS_EXTENSIONS)
#error "Lamina needs libjpeg-turbo's JCS_EXT_RGBA (Debian's libjpeg62-turbo-dev)"
#endif

/// libjpeg's error manager extended with our jump target and what went wrong.
struct lamina_jpeg_error_manager {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    /// Set when libjpeg hit the end of the data (JWRN_JPEG_EOF): it then inserts a fake EOI
    /// and carries on, so without this flag a cut file would decode "successfully" as gray.
    int saw_eof;
    int last_code;
    char message[JMSG_LENGTH_MAX];
};

// Replaces libjpeg's default, which prints and calls exit().
static void error_exit(j_common_ptr cinfo) {
    struct lamina_jpeg_error_manager *e = (struct lamina_jpeg_error_manager *)cinfo->err;
    e->last_code = e->base.msg_code;
    (*cinfo->err->format_message)(cinfo, e->message);
    longjmp(e->jump, 1);
}

// Replaces the default, which prints warnings and trace messages to stderr.
static void emit_message(j_common_ptr cinfo, int msg_level) {
    struct lamina_jpeg_error_manager *e = (struct lamina_jpeg_error_manager *)cinfo->err;
    if (msg_level < 0) {
        e->base.num_warnings++;
        if (e->base.msg_code == JWRN_JPEG_EOF) e->saw_eof = 1;
    }
}

static void output_nothing(j_common_ptr cinfo) { (void)cinfo; }

static void install_error_manager(struct lamina_jpeg_error_manager *e) {
    jpeg_std_error(&e->base);
    e->base.error_exit = error_exit;
    e->base.emit_message = emit_message;
    e->base.output_message = output_nothing;
}

static int status_for(const struct lamina_jpeg_error_manager *e) {
    if (e->saw_eof) return LAMINA_IIO_TRUNCATED;
    switch (e->last_code) {
    case JERR_INPUT_EMPTY:
    case JERR_INPUT_EOF:
        return LAMINA_IIO_TRUNCATED;
    case JERR_EMPTY_IMAGE:
        return LAMINA_IIO_ZERO_SIZE;
    case JERR_IMAGE_TOO_BIG:
        return LAMINA_IIO_TOO_LARGE;
    case JERR_OUT_OF_MEMORY:
        return LAMINA_IIO_OUT_OF_MEMORY;
    case JERR_ARITH_NOTIMPL:
    case JERR_BAD_PRECISION:
    case JERR_CONVERSION_NOTIMPL:
    case JERR_NOT_COMPILED:
    case JERR_NOTIMPL:
    case JERR_SOF_UNSUPPORTED:
        return LAMINA_IIO_UNSUPPORTED;
    default:
        return LAMINA_IIO_CORRUPT;
    }
}

struct lamina_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    struct lamina_jpeg_error_manager error;
    int created;
    int was_read;
    /// libjpeg's DCT scaling: the image is decoded at 1/scale_denom of its size (1, 2, 4, 8).
    unsigned scale_denom;
    /// One CMYK row, for the conversion libjpeg does not offer.
    uint8_t *cmyk_row;
};

lamina_jpeg_decoder *lamina_jpeg_decoder_create(const uint8_t *data, size_t size,
                                                lamina_image_info *info, lamina_iio_error *error) {
    lamina_clear_error(error);
    if (size == 0 || !data) {
        lamina_set_error(error, LAMINA_IIO_TRUNCATED, "empty JPEG data");
        return NULL;
    }
    if (size > (size_t)(unsigned long)-1) {
        lamina_set_error(error, LAMINA_IIO_TOO_LARGE, "JPEG data too large");
        return NULL;
    }
    struct lamina_jpeg_decoder *d = calloc(1, sizeof *d);
    if (!d) {
        lamina_set_error(error, LAMINA_IIO_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    install_error_manager(&d->error);
    d->cinfo.err = &d->error.base;
    if (setjmp(d->error.jump)) {
        // The SOF may have been read before the error (zero or oversized dimensions).
        info->width = d->cinfo.image_width;
        info->height = d->cinfo.image_height;
        lamina_set_error(error, status_for(&d->error), d->error.message);
        lamina_jpeg_decoder_destroy(d);
        return NULL;
    }
    jpeg_create_decompress(&d->cinfo);
    d->created = 1;
    jpeg_mem_src(&d->cinfo, data, (unsigned long)size);
    jpeg_read_header(&d->cinfo, TRUE);
    if (d->error.saw_eof) {
        lamina_set_error(error, LAMINA_IIO_TRUNCATED, "Premature end of JPEG file");
        lamina_jpeg_decoder_destroy(d);
        return NULL;
    }
    info->width = d->cinfo.image_width;
    info->height = d->cinfo.image_height;
    info->has_alpha = 0;
    info->bit_depth = d->cinfo.data_precision;
    info->color_type = (int)d->cinfo.jpeg_color_space;
    info->interlaced = d->cinfo.progressive_mode ? 1 : 0;
    d->scale_denom = 1;
    return d;
}

int lamina_jpeg_decoder_set_scale(lamina_jpeg_decoder *d, unsigned denominator, uint32_t *width, uint32_t *height,
                                  lamina_iio_error *error) {
    lamina_clear_error(error);
    if (!d || d->was_read || !(denominator == 1 || denominator == 2 || denominator == 4 || denominator == 8)) {
        return lamina_set_error(error, LAMINA_IIO_INVALID_ARGUMENT, "bad JPEG scale");
    }
    struct jpeg_decompress_struct *cinfo = &d->cinfo;
    if (setjmp(d->error.jump)) {
        return lamina_set_error(error, status_for(&d->error), d->error.message);
    }
    cinfo->scale_num = 1;
    cinfo->scale_denom = denominator;
    jpeg_calc_output_dimensions(cinfo);
    d->scale_denom = denominator;
    *width = cinfo->output_width;
    *height = cinfo->output_height;
    return LAMINA_IIO_OK;
}

int lamina_jpeg_decoder_read(lamina_jpeg_decoder *d, uint8_t *rgba, size_t stride,
                             lamina_iio_error *error) {
    lamina_clear_error(error);
    if (!d || !rgba || d->was_read) {
        return lamina_set_error(error, LAMINA_IIO_INVALID_ARGUMENT, "decoder already used");
    }
    d->was_read = 1;
    struct jpeg_decompress_struct *cinfo = &d->cinfo;
    if (setjmp(d->error.jump)) {
        return lamina_set_error(error, status_for(&d->error), d->error.message);
    }
    int cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    cinfo->scale_num = 1;
    cinfo->scale_denom = d->scale_denom;
    // The size the caller allocated for: the image's, or what set_scale reported.
    jpeg_calc_output_dimensions(cinfo);
    const JDIMENSION expected_width = cinfo->output_width, expected_height = cinfo->output_height;
    if (stride < (size_t)expected_width * 4) {
        return lamina_set_error(error, LAMINA_IIO_INVALID_ARGUMENT, "row stride too small");
    }
    jpeg_start_decompress(cinfo);
    if (cinfo->output_width != expected_width || cinfo->output_height != expected_height ||
        cinfo->output_components != 4) {
        return lamina_set_error(error, LAMINA_IIO_UNSUPPORTED, "unexpected JPEG output layout");
    }
    if (cmyk) {
        d->cmyk_row = malloc((size_t)cinfo->output_width * 4);
        if (!d->cmyk_row) return lamina_set_error(error, LAMINA_IIO_OUT_OF_MEMORY, "out of memory");
    }
    // Adobe applications store CMYK inverted (0 = full ink) and mark the file with APP14.
    int inverted = cinfo->saw_Adobe_marker;
    while (cinfo->output_scanline < cinfo->output_height) {
        uint8_t *row = rgba + (size_t)cinfo->output_scanline * stride;
        JSAMPROW target = cmyk ? d->cmyk_row : row;
        if (jpeg_read_scanlines(cinfo, &target, 1) != 1) {
            // Only a suspending source returns 0 lines; the memory source never suspends.
            return lamina_set_error(error, LAMINA_IIO_TRUNCATED, "JPEG data ended early");
        }
        if (cmyk) {
            const uint8_t *s = d->cmyk_row;
            for (JDIMENSION x = 0; x < cinfo->output_width; x++, s += 4) {
                unsigned c = inverted ? s[0] : 255u - s[0];
                unsigned m = inverted ? s[1] : 255u - s[1];
                unsigned y = inverted ? s[2] : 255u - s[2];
                unsigned k = inverted ? s[3] : 255u - s[3];
                // c, m, y, k are now "amount of paper showing" (255 = none of that ink).
                row[x * 4 + 0] = (uint8_t)((c * k + 127) / 255);
                row[x * 4 + 1] = (uint8_t)((m * k + 127) / 255);
                row[x * 4 + 2] = (uint8_t)((y * k + 127) / 255);
                row[x * 4 + 3] = 255;
            }
        }
    }
    jpeg_finish_decompress(cinfo);
    if (d->error.saw_eof) {
        return lamina_set_error(error, LAMINA_IIO_TRUNCATED, "Premature end of JPEG file");
    }
    return LAMINA_IIO_OK;
}

void lamina_jpeg_decoder_destroy(lamina_jpeg_decoder *d) {
    if (!d) return;
    if (d->created) jpeg_destroy_decompress(&d->cinfo);
    free(d->cmyk_row);
    free(d);
}

// MARK: encoding

struct jpeg_writer {
    struct jpeg_compress_struct cinfo;
    struct lamina_jpeg_error_manager error;
    int created;
    unsigned char *output;
    unsigned long output_size;
};

int lamina_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                       int components, int ycck, int quality, int progressive,
                       uint8_t **out, size_t *out_size, lamina_iio_error *error) {
    lamina_clear_error(error);
    *out = NULL;
    *out_size = 0;
    if (!pixels || width == 0 || height == 0 || width > JPEG_MAX_DIMENSION ||
        height > JPEG_MAX_DIMENSION || (components != 1 && components != 3 && components != 4) ||
        stride < (size_t)width * (size_t)components || quality < 1 || quality > 100) {
        return lamina_set_error(error, LAMINA_IIO_INVALID_ARGUMENT, "invalid JPEG encoder arguments");
    }
    struct jpeg_writer *w = calloc(1, sizeof *w);
    if (!w) return lamina_set_error(error, LAMINA_IIO_OUT_OF_MEMORY, "out of memory");
    install_error_manager(&w->error);
    w->cinfo.err = &w->error.base;
    if (setjmp(w->error.jump)) {
        int status = status_for(&w->error);
        if (status == LAMINA_IIO_TRUNCATED) status = LAMINA_IIO_CORRUPT;
        lamina_set_error(error, status, w->error.message);
        if (w->created) jpeg_destroy_compress(&w->cinfo);
        free(w->output);
        free(w);
        return status;
    }
    jpeg_create_compress(&w->cinfo);
    w->created = 1;
    jpeg_mem_dest(&w->cinfo, &w->output, &w->output_size);
    w->cinfo.image_width = width;
    w->cinfo.image_height = height;
    w->cinfo.input_components = components;
    w->cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : components == 3 ? JCS_RGB : JCS_CMYK;
    jpeg_set_defaults(&w->cinfo);
    if (components == 4) jpeg_set_colorspace(&w->cinfo, ycck ? JCS_YCCK : JCS_CMYK);
    jpeg_set_quality(&w->cinfo, quality, TRUE);
    if (progressive) jpeg_simple_progression(&w->cinfo);
    jpeg_start_compress(&w->cinfo, TRUE);
    while (w->cinfo.next_scanline < height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)w->cinfo.next_scanline * stride);
        jpeg_write_scanlines(&w->cinfo, &row, 1);
    }
    jpeg_finish_compress(&w->cinfo);
    jpeg_destroy_compress(&w->cinfo);
    *out = w->output;
    *out_size = w->output_size;
    free(w);
    return LAMINA_IIO_OK;
}
