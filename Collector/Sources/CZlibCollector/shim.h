// zlib, the system copy (apt zlib1g-dev): the tests' gzip bombs (TestGzip).
#include <zlib.h>
