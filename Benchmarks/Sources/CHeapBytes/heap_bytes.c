#include "heap_bytes.h"

// <stdlib.h> brings in <features.h>, which defines __GLIBC__ on glibc.
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>

size_t uniflow_heap_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks;
}
#else
size_t uniflow_heap_bytes_in_use(void) { return 0; }
#endif
