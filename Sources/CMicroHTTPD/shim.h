#ifndef WEBROUTER_CMICROHTTPD_SHIM_H
#define WEBROUTER_CMICROHTTPD_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/ioctl.h>
#include <linux/sockios.h>
#include <netinet/in.h>
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

/* The URI log callback sees the request target exactly as sent (path and
 * query, still percent-encoded); its return value becomes the request's
 * `con_cls`. */
typedef void *(*webrouter_uri_log_callback)(void *cls, const char *uri,
                                            struct MHD_Connection *connection);

/* An unescape callback that leaves the URL untouched: WebRouter splits the
 * raw path into segments first and percent-decodes each segment itself, so
 * `%2F` stays inside one segment and `%00` cannot cut the string. */
static inline size_t
webrouter_keep_escaped(void *cls, struct MHD_Connection *connection, char *s)
{
    (void)cls;
    (void)connection;
    return strlen(s);
}

/* Everything the WebRouter server configures, passed with fixed C types. */
struct webrouter_daemon_settings {
    unsigned int flags;
    int listen_fd;                  /* an already bound, listening socket */
    unsigned int thread_pool_size;
    unsigned int connection_limit;
    unsigned int per_ip_connection_limit; /* 0 = no limit per client address */
    unsigned int connection_timeout; /* seconds */
    size_t connection_memory_limit;  /* bytes */
    int strict_for_client;           /* MHD_OPTION_STRICT_FOR_CLIENT: 1 = strict */
    MHD_AccessHandlerCallback access_handler;
    MHD_RequestCompletedCallback completed;
    webrouter_uri_log_callback uri_log;
    MHD_NotifyConnectionCallback notify_connection; /* opened and closed TCP connections */
    MHD_AcceptPolicyCallback accept_policy; /* may a connection from this address open */
    void *cls;
};

static inline struct MHD_Daemon *
webrouter_start_configured_daemon(const struct webrouter_daemon_settings *s)
{
    struct MHD_OptionItem options[] = {
        { MHD_OPTION_LISTEN_SOCKET, (intptr_t)s->listen_fd, NULL },
        { MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)s->thread_pool_size, NULL },
        { MHD_OPTION_CONNECTION_LIMIT, (intptr_t)s->connection_limit, NULL },
        { MHD_OPTION_PER_IP_CONNECTION_LIMIT, (intptr_t)s->per_ip_connection_limit, NULL },
        { MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)s->connection_timeout, NULL },
        { MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)s->connection_memory_limit, NULL },
        { MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)s->completed, s->cls },
        { MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)s->uri_log, s->cls },
        { MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)s->notify_connection, s->cls },
        { MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)&webrouter_keep_escaped, NULL },
        { MHD_OPTION_STRICT_FOR_CLIENT, (intptr_t)s->strict_for_client, NULL },
        { MHD_OPTION_END, 0, NULL },
    };
    return MHD_start_daemon(s->flags, 0, s->accept_policy, s->cls, s->access_handler, s->cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/* MHD_get_daemon_info is variadic; this reads the bound port (0 on error). */
static inline uint16_t
webrouter_daemon_bind_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/* MHD_get_connection_info is variadic; this reads the client's address
 * (NULL when unknown). */
static inline const struct sockaddr *
webrouter_connection_client_address(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/* MHD_get_connection_info is variadic; this reads the connection's socket
 * (-1 when unknown). */
static inline int
webrouter_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/* MHD_get_connection_info is variadic; this reads the pointer the connection
 * notification stored for the TCP connection (NULL when none). */
static inline void *
webrouter_connection_socket_context(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/* The bytes a socket still holds to send (not yet acknowledged by the peer): SIOCOUTQ;
 * 0 when it cannot be read. */
static inline int
webrouter_socket_unsent(int fd)
{
    int unsent = 0;
    if (ioctl(fd, SIOCOUTQ, &unsent) != 0) return 0;
    return unsent;
}

#endif
