#ifndef WEBROUTER_CBROTLI_SHIM_H
#define WEBROUTER_CBROTLI_SHIM_H

/* The system brotli (Debian: libbrotli-dev): the one-shot encoder for
 * responses, and the decoder, which tests use to check what was sent. */
#include <brotli/encode.h>
#include <brotli/decode.h>

#endif
