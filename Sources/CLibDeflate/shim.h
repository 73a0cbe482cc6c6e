#ifndef WEBROUTER_CLIBDEFLATE_SHIM_H
#define WEBROUTER_CLIBDEFLATE_SHIM_H

/* The system libdeflate (Debian: libdeflate-dev): one-shot gzip (RFC 1952) of
 * a whole buffer. A compressor is allocated once per level and reused; it is
 * used by one thread at a time. */
#include <stddef.h>
#include <libdeflate.h>

#endif
