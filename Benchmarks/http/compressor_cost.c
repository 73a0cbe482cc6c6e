/* What each compressor costs and saves on one page (issue 47, `make bench-compression`): for
 * each FILE, the output bytes and the CPU time per call (CLOCK_THREAD_CPUTIME_ID, the best of
 * 7 batches of N calls, so a busy machine's preemptions fall out) of
 *   gzip  libdeflate level 1  (WebRouter's per-response level, one compressor reused)
 *   gzip  libdeflate level 12 (its level for static files, compressed once)
 *   br    brotli quality 1, 5 (Brotli.quality) and 11 (static files), the one-shot encoder
 *   zstd  levels 1 and 3 (the library's default), one context reused
 * Prints one line per FILE and coding: `FILE CODING LEVEL BYTES NS_PER_CALL`.
 *
 *     cc -O2 -o compressor_cost compressor_cost.c -ldeflate -lbrotlienc -l:libzstd.so.1
 *     ./compressor_cost [-n CALLS] FILE...
 *
 * libzstd's headers need not be installed: the four functions used are declared here (the
 * runtime library, libzstd1, is on every Debian machine).
 */
#include <brotli/encode.h>
#include <libdeflate.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct ZSTD_CCtx_s ZSTD_CCtx;
ZSTD_CCtx *ZSTD_createCCtx(void);
size_t ZSTD_compressCCtx(ZSTD_CCtx *, void *, size_t, const void *, size_t, int);
size_t ZSTD_compressBound(size_t);
unsigned ZSTD_isError(size_t);

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

enum coding { GZIP, BROTLI, ZSTD };
static struct libdeflate_compressor *deflaters[13];
static ZSTD_CCtx *zstd;

static size_t compress_once(enum coding coding, int level, const uint8_t *in, size_t size, uint8_t *out, size_t room) {
    switch (coding) {
    case GZIP:
        if (!deflaters[level]) deflaters[level] = libdeflate_alloc_compressor(level);
        return libdeflate_gzip_compress(deflaters[level], in, size, out, room);
    case BROTLI: {
        size_t written = room;
        return BrotliEncoderCompress(level, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, size, in, &written, out) ? written : 0;
    }
    case ZSTD: {
        if (!zstd) zstd = ZSTD_createCCtx();
        size_t written = ZSTD_compressCCtx(zstd, out, room, in, size, level);
        return ZSTD_isError(written) ? 0 : written;
    }
    }
    return 0;
}

int main(int argc, char **argv) {
    int calls = 200, first = 1;
    if (argc > 2 && strcmp(argv[1], "-n") == 0) { calls = atoi(argv[2]); first = 3; }
    static const struct { enum coding coding; const char *name; int level; } runs[] = {
        {GZIP, "gzip", 1}, {GZIP, "gzip", 12}, {BROTLI, "br", 1}, {BROTLI, "br", 5}, {BROTLI, "br", 11},
        {ZSTD, "zstd", 1}, {ZSTD, "zstd", 3},
    };
    for (int f = first; f < argc; f++) {
        FILE *file = fopen(argv[f], "rb");
        if (!file) { perror(argv[f]); return 1; }
        static uint8_t in[4 << 20], out[8 << 20];
        size_t size = fread(in, 1, sizeof in, file);
        fclose(file);
        printf("%s identity 0 %zu 0\n", argv[f], size);
        for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
            int n = runs[r].level >= 11 ? (calls / 20 > 0 ? calls / 20 : 1) : calls;  /* the best levels are slow */
            size_t bytes = compress_once(runs[r].coding, runs[r].level, in, size, out, sizeof out);  /* warm up */
            double best = 1e300;
            for (int batch = 0; batch < 7; batch++) {
                double start = now_ns();
                for (int i = 0; i < n; i++) bytes = compress_once(runs[r].coding, runs[r].level, in, size, out, sizeof out);
                double per_call = (now_ns() - start) / n;
                if (per_call < best) best = per_call;
            }
            if (bytes == 0) { fprintf(stderr, "%s: %s %d failed\n", argv[f], runs[r].name, runs[r].level); return 1; }
            printf("%s %s %d %zu %.0f\n", argv[f], runs[r].name, runs[r].level, bytes, best);
        }
    }
    return 0;
}
