// libpq's client API (Debian: libpq-dev), for FortunesWebRouter's `FORTUNES_DRIVER=libpq`.
#include <libpq-fe.h>
