"""A macro no file of the project `#define`s can only come from the command line (`-DBROTLI_BUILD_BIG_ENDIAN`,
`-DBROTLI_ENCODER_EXIT_ON_OOM`): the default build leaves it undefined, so of same-named definitions in
exclusive branches on it, calls reach the one the default build keeps (Brotli's memory.c and platform.h),
not `possible` among them. A macro some file of the project defines (a config header) keeps the choice
`possible`."""
from __future__ import annotations

from graphmind.store import open_reader
from langcases import indexed_workspace

PLATFORM = """#ifndef BROTLI_COMMON_PLATFORM_H_
#define BROTLI_COMMON_PLATFORM_H_

#include <string.h>

#if defined(BROTLI_BUILD_BIG_ENDIAN)
#define BROTLI_BIG_ENDIAN 1
#elif defined(BROTLI_BUILD_LITTLE_ENDIAN)
#define BROTLI_LITTLE_ENDIAN 1
#elif defined(__BYTE_ORDER__) && (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
#define BROTLI_LITTLE_ENDIAN 1
#endif

#if !defined(BROTLI_LITTLE_ENDIAN)
#define BROTLI_LITTLE_ENDIAN 0
#endif

static BROTLI_INLINE uint64_t BrotliUnalignedRead64(const void* p) {
  uint64_t t;
  memcpy(&t, p, sizeof t);
  return t;
}

#if BROTLI_LITTLE_ENDIAN
#define BROTLI_UNALIGNED_LOAD64LE BrotliUnalignedRead64
#else
static BROTLI_INLINE uint64_t BROTLI_UNALIGNED_LOAD64LE(const void* p) {
  uint64_t value = BrotliUnalignedRead64(p);
  return BROTLI_BSWAP64(value);
}
#endif

#endif  /* BROTLI_COMMON_PLATFORM_H_ */
"""

MEMORY = """#include "memory.h"
#include <stdlib.h>  /* exit, free, malloc */

#if defined(BROTLI_ENCODER_EXIT_ON_OOM)

void* BrotliAllocate(MemoryManager* m, size_t n) {
  void* result = m->alloc_func(m->opaque, n);
  if (!result) exit(EXIT_FAILURE);
  return result;
}

#else  /* BROTLI_ENCODER_EXIT_ON_OOM */

void* BrotliAllocate(MemoryManager* m, size_t n) {
  void* result = m->alloc_func(m->opaque, n);
  if (!result) {
    m->is_oom = BROTLI_TRUE;
    return NULL;
  }
  return result;
}

#endif  /* BROTLI_ENCODER_EXIT_ON_OOM */
"""

FILES = {
    "c/common/platform.h": PLATFORM,
    "c/enc/memory.h": "#include <stddef.h>\nvoid* BrotliAllocate(MemoryManager* m, size_t n);\n",
    "c/enc/memory.c": MEMORY,
    "c/dec/bit_reader.c": """#include "../common/platform.h"
#include "../enc/memory.h"

uint64_t BrotliLoad(const uint8_t* next_in, MemoryManager* m) {
  void* p = BrotliAllocate(m, 8);
  return BROTLI_UNALIGNED_LOAD64LE(next_in);
}
""",
}


def _rows(work, path: str, callee: str) -> set[tuple]:
    return {tuple(r) for r in open_reader(work).execute(
        "SELECT c.resolution, t.start_line FROM calls c JOIN files f ON f.id = c.file_id"
        " LEFT JOIN symbols t ON t.id = c.target_id WHERE f.path = ? AND c.callee = ? AND c.kind = 'call'",
        (path, callee))}


def test_a_macro_no_file_defines_is_undefined_in_the_default_build(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _rows(work, "c/dec/bit_reader.c", "BrotliAllocate") == {("import", 14)}
    assert {r[1] for r in _rows(work, "c/dec/bit_reader.c", "BROTLI_UNALIGNED_LOAD64LE")} == {25}


def test_a_macro_a_config_header_defines_keeps_the_choice_possible(tmp_path):
    files = {**FILES, "c/enc/memory.h": "#if !defined(BROTLI_ENCODER_CLEANUP_ON_OOM)\n#define BROTLI_ENCODER_EXIT_ON_OOM\n"
                                       "#endif\n" + FILES["c/enc/memory.h"]}
    work = indexed_workspace(tmp_path, files)
    assert {r[0] for r in _rows(work, "c/dec/bit_reader.c", "BrotliAllocate")} == {"possible"}
