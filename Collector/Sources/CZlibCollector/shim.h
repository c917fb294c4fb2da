// zlib, the system copy (apt zlib1g-dev): inflates gzip request bodies.
#include <zlib.h>
