#ifndef WEBROUTER_CMICROHTTPD_SHIM_H
#define WEBROUTER_CMICROHTTPD_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* libmicrohttpd's entry points that Swift cannot call (C variadics) get
 * fixed-signature wrappers here. Options travel as one MHD_OPTION_ARRAY,
 * which keeps them typed on the Swift side. */

static inline struct MHD_Daemon *
webrouter_start_daemon(unsigned int flags, uint16_t port,
                       MHD_AccessHandlerCallback handler, void *handler_cls,
                       struct MHD_OptionItem *options)
{
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

#endif
