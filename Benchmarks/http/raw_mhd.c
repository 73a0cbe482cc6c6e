/* The raw C libmicrohttpd server of `make bench`: answers every request with the bytes of one
 * file (a page webapp rendered), as text/html, with the same threading as WebRouter's server
 * (internal polling thread, epoll, a thread pool of one thread per core, or of THREADS threads;
 * with THREADS 1, no pool: the polling thread answers, as WebRouter's server with --threads 1).
 *
 *     cc -O2 -o raw_mhd raw_mhd.c -lmicrohttpd && ./raw_mhd PORT FILE [THREADS]
 *     RAW_CONTENT_ENCODING=gzip ./raw_mhd PORT FILE.gz [THREADS]
 *     RAW_SERVER=raw ./raw_mhd PORT FILE [THREADS]      (adds a Server header)
 *     RAW_STATUS=303 RAW_HEADERS=HEADERS ./raw_mhd PORT FILE [THREADS]
 *         (another status, and the header lines of file HEADERS, `Name: value` each, instead of
 *         Content-Type: the response webapp sent, byte for byte but for Date and Connection;
 *         `make bench-data` sends a 303 so)
 */
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static struct MHD_Response *page;
static unsigned int status = MHD_HTTP_OK;

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **request_state) {
    static int first_call_marker;
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*request_state == NULL) { /* headers only: queueing now would close the connection */
        *request_state = &first_call_marker;
        return MHD_YES;
    }
    if (*upload_data_size != 0) { *upload_data_size = 0; return MHD_YES; }
    return MHD_queue_response(connection, status, page);
}

int main(int argc, char **argv) {
    if (argc != 3 && argc != 4) { fprintf(stderr, "usage: %s PORT FILE [THREADS]\n", argv[0]); return 2; }
    FILE *file = fopen(argv[2], "rb");
    if (!file) { perror(argv[2]); return 1; }
    static char bytes[4 << 20];
    size_t size = fread(bytes, 1, sizeof bytes, file);
    fclose(file);
    page = MHD_create_response_from_buffer(size, bytes, MHD_RESPMEM_PERSISTENT);
    const char *status_text = getenv("RAW_STATUS");
    if (status_text && *status_text) status = (unsigned int)atoi(status_text);
    const char *headers = getenv("RAW_HEADERS");
    if (headers && *headers) {
        FILE *lines = fopen(headers, "r");
        if (!lines) { perror(headers); return 1; }
        static char line[16384];
        while (fgets(line, sizeof line, lines)) {
            line[strcspn(line, "\r\n")] = 0;
            char *colon = strchr(line, ':');
            if (!colon) continue;
            *colon = 0;
            const char *value = colon + 1;
            while (*value == ' ') value++;
            if (strcasecmp(line, "Content-Length") == 0 || strcasecmp(line, "Date") == 0 ||
                strcasecmp(line, "Connection") == 0 || strcasecmp(line, "Transfer-Encoding") == 0) continue;
            MHD_add_response_header(page, line, value);
        }
        fclose(lines);
    } else {
        MHD_add_response_header(page, "Content-Type", "text/html; charset=utf-8");
    }
    /* RAW_SERVER=NAME: a Server header (TechEmpower's Fortunes requires one; `make fortunes`). */
    const char *server = getenv("RAW_SERVER");
    if (server && *server) MHD_add_response_header(page, "Server", server);
    /* RAW_CONTENT_ENCODING=gzip: FILE holds the page gzipped (the bytes webapp sends Chromium). */
    const char *encoding = getenv("RAW_CONTENT_ENCODING");
    if (encoding && *encoding) {
        MHD_add_response_header(page, "Content-Encoding", encoding);
        MHD_add_response_header(page, "Vary", "Accept-Encoding");
    }
    long cores = argc == 4 ? atol(argv[3]) : sysconf(_SC_NPROCESSORS_ONLN);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC, (uint16_t)atoi(argv[1]), NULL, NULL,
        &answer, NULL, MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)(cores > 1 ? cores : 0),
        MHD_OPTION_CONNECTION_LIMIT, 1024u, MHD_OPTION_CONNECTION_TIMEOUT, 30u,
        MHD_OPTION_LISTEN_BACKLOG_SIZE, 1024u, MHD_OPTION_END);
    if (!daemon) { fprintf(stderr, "libmicrohttpd refused to start on port %s\n", argv[1]); return 1; }
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    sigprocmask(SIG_BLOCK, &signals, NULL);
    int received;
    sigwait(&signals, &received);
    MHD_stop_daemon(daemon);
    MHD_destroy_response(page);
    return 0;
}
