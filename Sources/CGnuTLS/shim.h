#ifndef WEBROUTER_CGNUTLS_SHIM_H
#define WEBROUTER_CGNUTLS_SHIM_H

/* GnuTLS's crypto API (HMAC, HKDF, PBKDF2, random bytes, constant-time compare), already on
 * every machine that builds WebRouter: libmicrohttpd-dev depends on libgnutls28-dev. Every
 * function Swift needs is callable as declared, so this shim only includes the headers. */
#include <gnutls/gnutls.h>
#include <gnutls/crypto.h>

#endif
