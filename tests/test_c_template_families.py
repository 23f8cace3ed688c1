"""A template that calls into another template family its includer picks (Brotli's
backward_references_inc.h: `FN(StoreLookahead)()`, FN pasting the includer's `HASHER()`; hash_composite_inc.h:
`FN_A(StoreLookahead)()`): the call is one row, named as written, and reaches the definitions the
includers' macros make of it: one includer, the one definition; several includers picking
different hashers, `possible` among their definitions (one site, several candidates), never several
resolved edges."""
from __future__ import annotations

from graphmind.store import open_reader
from langcases import indexed_workspace

HASH = """#define EXPAND_CAT(a, b) CAT(a, b)
#define CAT(a, b) a ## b
#define FN(X) EXPAND_CAT(X, HASHER())

#define HASHER() H2
#include "./hash_longest_match_quickly_inc.h"  /* NOLINT(build/include) */
#undef HASHER

#define HASHER() H5
#include "./hash_longest_match_inc.h"  /* NOLINT(build/include) */
#undef HASHER

#undef FN
"""
BACKWARD = """#include "./backward_references.h"
#include "./hash.h"

#define EXPAND_CAT(a, b) CAT(a, b)
#define CAT(a, b) a ## b
#define FN(X) EXPAND_CAT(X, HASHER())
#define EXPORT_FN(X) EXPAND_CAT(X, EXPAND_CAT(PREFIX(), HASHER()))

#define PREFIX() N
#define HASHER() H2
/* NOLINTNEXTLINE(build/include) */
#include "./backward_references_inc.h"
#undef HASHER
"""
FILES = {
    "c/enc/hash_longest_match_quickly_inc.h": "static BROTLI_INLINE size_t FN(StoreLookahead)(void) { return 8; }\n",
    "c/enc/hash_longest_match_inc.h": "static BROTLI_INLINE size_t FN(StoreLookahead)(void) { return 4; }\n",
    "c/enc/hash.h": HASH,
    "c/enc/backward_references.h": "#include <stddef.h>\n",
    "c/enc/backward_references_inc.h": """static BROTLI_NOINLINE void EXPORT_FN(CreateBackwardReferences)(
    size_t num_bytes, size_t position) {
  const size_t store_end = num_bytes >= FN(StoreLookahead)() ?
      position + num_bytes - FN(StoreLookahead)() + 1 : position;
}
""",
    "c/enc/backward_references.c": BACKWARD,
}


def _rows(work) -> set[tuple]:
    return {(line, how, path) for line, how, path in open_reader(work).execute(
        "SELECT c.line, c.resolution, tf.path FROM calls c JOIN files f ON f.id = c.file_id"
        " LEFT JOIN symbols t ON t.id = c.target_id LEFT JOIN files tf ON tf.id = t.file_id"
        " WHERE f.path = 'c/enc/backward_references_inc.h' AND c.callee = 'FN(StoreLookahead)'")}


def test_one_includer_reaches_the_one_definition(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _rows(work) == {(3, "import", "c/enc/hash_longest_match_quickly_inc.h"),
                           (4, "import", "c/enc/hash_longest_match_quickly_inc.h")}


def test_includers_picking_different_hashers_leave_it_possible(tmp_path):
    backward = BACKWARD + '\n#define HASHER() H5\n#include "./backward_references_inc.h"\n#undef HASHER\n'
    work = indexed_workspace(tmp_path, {**FILES, "c/enc/backward_references.c": backward})
    assert _rows(work) == {(line, "possible", path) for line in (3, 4) for path in (
        "c/enc/hash_longest_match_quickly_inc.h", "c/enc/hash_longest_match_inc.h")}


def test_a_namer_the_template_defines_itself_takes_the_includers_macros(tmp_path):
    composite = """#define FN_A(X) EXPAND_CAT(X, HASHER_A)

static BROTLI_INLINE size_t FN(StoreLookahead)(void) {
  size_t a =  FN_A(StoreLookahead)();
  return a;
}
#undef FN_A
"""
    hash_h = HASH.replace("#undef FN\n", '#define HASHER_A H2\n#define HASHER() H35\n'
                          '#include "./hash_composite_inc.h"  /* NOLINT(build/include) */\n#undef HASHER\n#undef FN\n')
    work = indexed_workspace(tmp_path, {**FILES, "c/enc/hash.h": hash_h, "c/enc/hash_composite_inc.h": composite})
    assert {tuple(r) for r in open_reader(work).execute(
        "SELECT c.resolution, tf.path FROM calls c JOIN symbols t ON t.id = c.target_id"
        " JOIN files tf ON tf.id = t.file_id WHERE c.callee = 'FN_A(StoreLookahead)'")} == {
        ("import", "c/enc/hash_longest_match_quickly_inc.h")}
