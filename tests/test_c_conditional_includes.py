"""An `#include` in an `#if` branch the compiler leaves out includes nothing: Annoy's annoylib.h includes
its Windows shim (`mman.h`, defining `mmap` and `ftruncate`) only under `#if defined(_MSC_VER) ||
defined(__MINGW32__)`, and `<sys/mman.h>` otherwise, so its `mmap(…)` and `ftruncate(…)` are the system's,
not the shim's (defined in a header: reached only through an include); where the branch is taken, the
shim's are called."""
from __future__ import annotations

from graphmind.store import open_reader
from langcases import indexed_workspace

SHIM = """#ifndef _MMAN_WIN32_H
#define _MMAN_WIN32_H

#include <sys/types.h>

void* mmap(void *addr, size_t len, int prot, int flags, int fildes, off_t off)
{
    return addr;
}

inline int ftruncate(const int fd, const int64_t size) {
    return 0;
}

#endif
"""

FILES = {
    "src/mman.h": SHIM,
    "src/annoylib.h": """#ifndef ANNOY_ANNOYLIB_H
#define ANNOY_ANNOYLIB_H

#include <stdio.h>
#include <sys/stat.h>

#if defined(_MSC_VER) || defined(__MINGW32__)
 #ifndef NOMINMAX
  #define NOMINMAX
 #endif
 #include "mman.h"
 #include <windows.h>
#else
 #include <sys/mman.h>
#endif

inline bool remap_memory_and_truncate(void** ptr, int fd, size_t old_size, size_t new_size) {
    bool ok = ftruncate(fd, new_size) != -1;
    *ptr = mmap(*ptr, new_size, 0, 0, fd, 0);
    return ok;
}

#endif
""",
    "tools/win.c": """#ifdef __linux__
#include <sys/mman.h>
#else
#include "../src/mman.h"
#endif

int grow(int fd) {
    return ftruncate(fd, 4096);
}
""",
    "tools/mingw.c": """#ifndef __linux__
#include <sys/mman.h>
#else
#include "../src/mman.h"
#endif

int grow(int fd) {
    return ftruncate(fd, 4096);
}
""",
}


def _rows(work, path: str, callee: str) -> set[tuple[str, str | None]]:
    return {tuple(r) for r in open_reader(work).execute(
        "SELECT c.resolution, tf.path FROM calls c JOIN files f ON f.id = c.file_id"
        " LEFT JOIN symbols t ON t.id = c.target_id LEFT JOIN files tf ON tf.id = t.file_id"
        " WHERE f.path = ? AND c.callee = ? AND c.kind = 'call'", (path, callee))}


def test_an_include_in_a_branch_left_out_includes_nothing(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    for callee in ("ftruncate", "mmap"):
        assert not {r for r in _rows(work, "src/annoylib.h", callee) if r[1] is not None and r[0] != "possible"}
    assert not {r for r in _rows(work, "tools/win.c", "ftruncate") if r[1] is not None and r[0] != "possible"}


def test_an_include_in_a_branch_taken_is_followed(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert {r[1] for r in _rows(work, "tools/mingw.c", "ftruncate")} == {"src/mman.h"}


FRAGMENT = {
    # Brotli's hash.h defines helpers, then includes fragments that call them (they include nothing)
    "c/enc/hash.h": """#ifndef BROTLI_ENC_HASH_H_
#define BROTLI_ENC_HASH_H_

static BROTLI_INLINE size_t BackwardReferenceScore(size_t copy_length, size_t backward_reference_offset) {
  return copy_length - backward_reference_offset;
}

#define HASHER() H2
#include "./hash_longest_match_quickly_inc.h"
#undef HASHER

#endif
""",
    "c/enc/hash_longest_match_quickly_inc.h": """static BROTLI_INLINE size_t FindLongestMatch(size_t len, size_t backward) {
  return BackwardReferenceScore(len, backward);
}
""",
}


def test_a_fragment_a_header_includes_calls_the_header_s_functions(tmp_path):
    work = indexed_workspace(tmp_path, FRAGMENT)
    assert _rows(work, "c/enc/hash_longest_match_quickly_inc.h", "BackwardReferenceScore") == {("import", "c/enc/hash.h")}
