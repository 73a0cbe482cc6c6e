#ifndef WEBROUTER_CZLIB_SHIM_H
#define WEBROUTER_CZLIB_SHIM_H

#include <stddef.h>
#include <stdlib.h>
#include <zlib.h>

/* zlib's deflateInit2 is a macro; these fixed-signature wrappers make a gzip
 * stream (windowBits 31 = 15 + the gzip wrapper) that Swift keeps and reuses
 * with deflateReset, so a page does not pay deflate's 256 KB set-up. */

/* A gzip deflate stream at `level` (1-9), or NULL. Free it with webrouter_gzip_free. */
static inline z_stream *
webrouter_gzip_new(int level)
{
    z_stream *stream = calloc(1, sizeof(z_stream));
    if (stream == NULL) return NULL;
    if (deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        free(stream);
        return NULL;
    }
    return stream;
}

static inline void
webrouter_gzip_free(z_stream *stream)
{
    if (stream == NULL) return;
    deflateEnd(stream);
    free(stream);
}

/* An upper bound of the gzip size of `length` bytes. */
static inline size_t
webrouter_gzip_bound(z_stream *stream, size_t length)
{
    return (size_t)deflateBound(stream, (uLong)length);
}

/* Compresses all of `input` into `output` (capacity from webrouter_gzip_bound)
 * as one gzip member, then resets the stream for the next call. Returns the
 * number of bytes written, or 0 on failure. */
static inline size_t
webrouter_gzip_compress(z_stream *stream, const unsigned char *input, size_t length,
                        unsigned char *output, size_t capacity)
{
    stream->next_in = (Bytef *)input;
    stream->avail_in = (uInt)length;
    stream->next_out = output;
    stream->avail_out = (uInt)capacity;
    int status = deflate(stream, Z_FINISH);
    size_t written = capacity - stream->avail_out;
    deflateReset(stream);
    return status == Z_STREAM_END ? written : 0;
}

#endif
