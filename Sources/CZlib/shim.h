// zlib, the system's copy (apt zlib1g-dev; part of the SDK on Apple platforms):
// gzip request bodies in the dispatcher, inflate them in the local collector.
#include <zlib.h>
