// A thin C shim over libpng, libjpeg(-turbo) and zlib (Debian's -dev packages).
//
// C is used only where those libraries need it: libpng and libjpeg report errors by longjmp,
// which must never cross a Swift frame. Every setjmp lives in this target; each entry point
// returns a status code and fills a `lamina_iio_error` with the library's own message.
// Nothing here prints: libpng warnings and libjpeg messages are captured, never written to
// stderr, and libjpeg's default error_exit (which calls exit()) is replaced.
//
// Pixel conversion (premultiplication, layouts) lives in Swift (CoreGraphics/Image); the
// decoders here produce straight (non-premultiplied) RGBA8 rows, the encoders take straight
// RGB8/RGBA8 (or gray/CMYK for JPEG) rows.
#ifndef CLAMINA_IMAGEIO_H
#define CLAMINA_IMAGEIO_H

#include <stddef.h>
#include <stdint.h>

/// The libpng version Lamina was built against, e.g. "1.6.39".
const char *lamina_png_version(void);

/// Outcome of a shim call. Swift maps these to `ImageIOError`.
typedef enum {
    LAMINA_IIO_OK = 0,
    /// The data ended before the image did.
    LAMINA_IIO_TRUNCATED = 1,
    /// The library rejected the data; `message` says why.
    LAMINA_IIO_CORRUPT = 2,
    /// Valid data Lamina does not decode (e.g. 12-bit or arithmetic-coded JPEG).
    LAMINA_IIO_UNSUPPORTED = 3,
    /// The header declares an image above the caller's limits (or the library's).
    LAMINA_IIO_TOO_LARGE = 4,
    /// The header declares a zero width or height.
    LAMINA_IIO_ZERO_SIZE = 5,
    /// malloc failed, or the library ran out of memory.
    LAMINA_IIO_OUT_OF_MEMORY = 6,
    /// The caller passed parameters the shim cannot use (a Lamina bug, not bad data).
    LAMINA_IIO_INVALID_ARGUMENT = 7,
} lamina_iio_status;

/// Status plus a NUL-terminated human-readable message (the library's, when it gave one).
typedef struct {
    int status;
    char message[256];
} lamina_iio_error;

/// What a decoder learned from the header.
typedef struct {
    uint32_t width;
    uint32_t height;
    /// Non-zero when the file can carry transparency (alpha channel or tRNS for PNG).
    int has_alpha;
    /// PNG: bit depth (1–16) and colour type; JPEG: 8 and the JPEG colour space (J_COLOR_SPACE).
    int bit_depth;
    int color_type;
    /// PNG: non-zero for Adam7; JPEG: non-zero for progressive.
    int interlaced;
} lamina_image_info;

// MARK: PNG decoding
//
// Two steps so Swift can check the size before allocating the pixels:
// create (reads the header) → Swift allocates → read (decodes every row) → destroy.

typedef struct lamina_png_decoder lamina_png_decoder;

/// Reads the signature and header of the PNG in `data` (which must stay alive until destroy).
/// Returns NULL and fills `error` on failure.
lamina_png_decoder *lamina_png_decoder_create(const uint8_t *data, size_t size,
                                              lamina_image_info *info, lamina_iio_error *error);

/// Decodes the whole image as straight RGBA8 into `rgba` (height rows, `stride` bytes apart,
/// each at least width·4 bytes). 16-bit samples are scaled to 8 with rounding; palette, gray,
/// low bit depths and tRNS are expanded; interlacing is undone. Gamma, sRGB and iCCP chunks
/// are ignored. Reads to IEND, so a file cut anywhere reports TRUNCATED. Call at most once.
int lamina_png_decoder_read(lamina_png_decoder *decoder, uint8_t *rgba, size_t stride,
                            lamina_iio_error *error);

void lamina_png_decoder_destroy(lamina_png_decoder *decoder);

// MARK: PNG encoding

/// Encodes 8-bit straight RGB (`channels` = 3) or RGBA (`channels` = 4) rows as a PNG with
/// zlib level `level` (0–9). On success `*out` is a malloc'd buffer of `*out_size` bytes that
/// the caller frees with `lamina_free`.
int lamina_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                      int channels, int level, uint8_t **out, size_t *out_size,
                      lamina_iio_error *error);

// MARK: JPEG decoding (same two steps as PNG)

typedef struct lamina_jpeg_decoder lamina_jpeg_decoder;

lamina_jpeg_decoder *lamina_jpeg_decoder_create(const uint8_t *data, size_t size,
                                                lamina_image_info *info, lamina_iio_error *error);

/// Asks libjpeg to decode at 1/`denominator` of the image's size (1, 2, 4 or 8: DCT scaling,
/// which skips most of the inverse transform's work), before `lamina_jpeg_decoder_read`;
/// `*width` and `*height` receive the size the read will produce (sides rounded up), for the
/// caller to allocate. Without this call the read decodes at full size.
int lamina_jpeg_decoder_set_scale(lamina_jpeg_decoder *decoder, unsigned denominator, uint32_t *width, uint32_t *height,
                                  lamina_iio_error *error);

/// Decodes to straight RGBA8 (alpha 255). Gray and YCbCr go through libjpeg's converters;
/// CMYK and YCCK are converted here, as inverted CMYK when the file has an Adobe APP14 marker
/// (what Photoshop writes) and as plain CMYK otherwise. A missing end of data (libjpeg's
/// "Premature end of JPEG file" warning) reports TRUNCATED; other corrupt-data warnings are
/// tolerated as libjpeg recovers from them.
int lamina_jpeg_decoder_read(lamina_jpeg_decoder *decoder, uint8_t *rgba, size_t stride,
                             lamina_iio_error *error);

void lamina_jpeg_decoder_destroy(lamina_jpeg_decoder *decoder);

// MARK: JPEG encoding (for tests and tools)

/// Encodes rows of `components` bytes per pixel: 1 = gray, 3 = RGB, 4 = CMYK (written with an
/// Adobe marker, so the samples must already be inverted as Adobe stores them; `ycck` non-zero
/// stores them as YCCK). `quality` 1–100; `progressive` non-zero writes a progressive file.
/// Output as for `lamina_png_encode`.
int lamina_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                       int components, int ycck, int quality, int progressive,
                       uint8_t **out, size_t *out_size, lamina_iio_error *error);

// MARK: zlib

/// zlib-compresses `size` bytes at `level` (0–9) into a malloc'd buffer (free with lamina_free).
int lamina_zlib_compress(const uint8_t *data, size_t size, int level, uint8_t **out,
                         size_t *out_size, lamina_iio_error *error);

/// Continues a CRC-32 (start with 0), as PNG chunks use.
uint32_t lamina_crc32(uint32_t crc, const uint8_t *data, size_t size);

/// Frees a buffer returned by this shim.
void lamina_free(void *pointer);

#endif
