"""C X-macros (Brotli's hash.h): `FOR_ALL_HASHERS(SIZE_)` in a `switch`, where `FOR_ALL_HASHERS(H)`
applies H to each hasher number and `SIZE_(N)` calls `HashMemAllocInBytesH ## N(…)`: the use calls each
pasted function (as clang reports them, at the use), and a macro `#undef`ined before the use expands
no more."""
from __future__ import annotations

from langcases import call_targets, indexed_workspace

from graphmind.store import open_reader

HASH = """#ifndef BROTLI_ENC_HASH_H_
#define BROTLI_ENC_HASH_H_

#include <stddef.h>

static void HashMemAllocInBytesH2(size_t input_size, size_t* alloc_size) { alloc_size[0] = input_size; }
static void HashMemAllocInBytesH3(size_t input_size, size_t* alloc_size) { alloc_size[0] = 2 * input_size; }
static void HashMemAllocInBytesH10(size_t input_size, size_t* alloc_size) { alloc_size[1] = input_size; }

#define FOR_SIMPLE_HASHERS(H) H(2) H(3)
#define FOR_ALL_HASHERS(H) FOR_SIMPLE_HASHERS(H) H(10)

static void HasherSize(int type, size_t input_size, size_t* alloc_size) {
  switch (type) {
#define SIZE_(N)                                         \\
    case N:                                              \\
      HashMemAllocInBytesH ## N(input_size, alloc_size); \\
      break;
    FOR_ALL_HASHERS(SIZE_)
#undef SIZE_
    default:
      break;
  }
}

static void HasherNone(int type) {
  FOR_ALL_HASHERS(SIZE_)
}

#endif
"""


def test_an_x_macro_use_calls_each_pasted_function(tmp_path):
    work = indexed_workspace(tmp_path, {"c/enc/hash.h": HASH, "c/enc/encode.c": '#include "hash.h"\n'})
    for n, line in (("2", 6), ("3", 7), ("10", 8)):
        assert call_targets(work, "c/enc/hash.h", f"HashMemAllocInBytesH{n}") == {("local", "c/enc/hash.h", line)}
    lines = {line for (line,) in open_reader(work).execute(
        "SELECT line FROM calls WHERE name LIKE 'HashMemAllocInBytesH%' AND kind = 'call'")}
    assert lines == {HASH.splitlines().index("    FOR_ALL_HASHERS(SIZE_)") + 1}
