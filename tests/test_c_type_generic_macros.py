"""Type-generic C macros (Brotli's platform.h): `BROTLI_MIN_MAX(T)` defines `brotli_min_ ## T` and
`brotli_max_ ## T`, used several times on one line; `BROTLI_MIN(T, A, B)` calls `brotli_min_ ## T`.
A use in another file, `BROTLI_MIN(size_t, a, b)`, reaches `brotli_min_size_t` (as clang says), beside
its edge to the macro; a macro that pastes nothing (`BROTLI_ALLOC(m, T, n)`) adds no row. A use in an
`*_inc.h` template, which includes nothing, sees the macro its includer sees."""
from __future__ import annotations

from langcases import call_targets, indexed_workspace

from graphmind.store import open_reader

PLATFORM = """#ifndef BROTLI_COMMON_PLATFORM_H_
#define BROTLI_COMMON_PLATFORM_H_

#include <stddef.h>
#include <stdint.h>

#define BROTLI_INLINE inline

#define BROTLI_MIN_MAX(T)                                                      \\
  static BROTLI_INLINE T brotli_min_ ## T (T a, T b) { return a < b ? a : b; } \\
  static BROTLI_INLINE T brotli_max_ ## T (T a, T b) { return a > b ? a : b; }
BROTLI_MIN_MAX(double) BROTLI_MIN_MAX(float) BROTLI_MIN_MAX(int)
BROTLI_MIN_MAX(size_t) BROTLI_MIN_MAX(uint32_t) BROTLI_MIN_MAX(uint8_t)
#undef BROTLI_MIN_MAX
#define BROTLI_MIN(T, A, B) (brotli_min_ ## T((A), (B)))
#define BROTLI_MAX(T, A, B) (brotli_max_ ## T((A), (B)))

void* BrotliAllocate(void* m, size_t n);
#define BROTLI_ALLOC(M, T, N) ((N) > 0 ? ((T*)BrotliAllocate((M), (N) * sizeof(T))) : NULL)

#endif  /* BROTLI_COMMON_PLATFORM_H_ */
"""

ENCODE = """#include "../common/platform.h"

static size_t HashTableSize(size_t max_table_size, size_t input_size) {
  size_t htsize = 256;
  while (htsize < max_table_size && htsize < input_size) {
    htsize <<= 1;
  }
  return BROTLI_MIN(size_t, htsize, BROTLI_MAX(size_t, input_size, 1));
}

static int* GetHashTable(void* m, int quality) {
  double cost = BROTLI_MIN(double, 1.0, (double)quality);
  uint32_t* table = BROTLI_ALLOC(m, uint32_t, (size_t)cost);
  return (int*)table;
}
"""


TEMPLATE = """/* template parameters: FN, BUCKET_BITS */

static BROTLI_INLINE size_t FN(HashMemAllocInBytes)(size_t input_size) {
  size_t window = BROTLI_MIN(size_t, input_size, (size_t)1 << BUCKET_BITS);
  return sizeof(uint32_t) * window;
}
"""

HASH = """#include "../common/platform.h"

#define EXPAND_CAT(a, b) CAT(a, b)
#define CAT(a, b) a ## b
#define FN(X) EXPAND_CAT(X, HASHER())

#define HASHER() H10
#define BUCKET_BITS 17
#include "hash_to_binary_tree_inc.h"
#undef BUCKET_BITS
#undef HASHER
"""


def test_a_type_generic_macro_reaches_the_function_its_paste_names(tmp_path):
    work = indexed_workspace(tmp_path, {"c/common/platform.h": PLATFORM, "c/enc/encode.c": ENCODE,
                                        "c/enc/hash.h": HASH, "c/enc/hash_to_binary_tree_inc.h": TEMPLATE,
                                        "c/enc/backward_references.c": '#include "hash.h"\n'})
    names = {n for (n,) in open_reader(work).execute("SELECT name FROM symbols WHERE kind = 'function'")}
    assert {f"brotli_{m}_{t}" for m in ("min", "max") for t in ("double", "float", "int", "size_t", "uint32_t",
                                                              "uint8_t")} <= names
    assert call_targets(work, "c/enc/encode.c", "BROTLI_MIN(size_t)") == {("import", "c/common/platform.h", 13)}
    assert call_targets(work, "c/enc/encode.c", "BROTLI_MAX(size_t)") == {("import", "c/common/platform.h", 13)}
    assert call_targets(work, "c/enc/encode.c", "BROTLI_MIN(double)") == {("import", "c/common/platform.h", 12)}
    assert call_targets(work, "c/enc/encode.c", "BROTLI_MIN") == {("import", "c/common/platform.h", 15)}
    assert call_targets(work, "c/enc/encode.c", "BROTLI_ALLOC(m)") == set()
    rows = open_reader(work).execute("SELECT t.name FROM calls c JOIN symbols t ON t.id = c.target_id"
                                     " WHERE c.callee = 'BROTLI_MIN(size_t)'").fetchall()
    assert set(rows) == {("brotli_min_size_t",)}
    assert call_targets(work, "c/enc/hash_to_binary_tree_inc.h", "BROTLI_MIN(size_t)") == \
        {("import", "c/common/platform.h", 13)}
