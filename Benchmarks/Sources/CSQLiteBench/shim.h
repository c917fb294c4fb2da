#ifndef CSQLITEBENCH_SHIM_H
#define CSQLITEBENCH_SHIM_H
#include <sqlite3.h>
#endif
