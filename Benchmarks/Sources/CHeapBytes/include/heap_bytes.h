#ifndef HEAP_BYTES_H
#define HEAP_BYTES_H

#include <stddef.h>

/// The bytes the C allocator has handed out and not yet been given back, or 0 where the
/// platform cannot say (glibc's mallinfo2 is the only source here).
size_t uniflow_heap_bytes_in_use(void);

#endif
