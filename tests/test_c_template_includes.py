"""A C file included several times as a template (Brotli's histogram_inc.h, hash_*_inc.h): each
includer defines `FN(X)` to paste a suffix (`#define FN(X) X ## Literal`, or `EXPAND_CAT(X, HASHER())`
with `#define HASHER() H10`) before `#include "histogram_inc.h"`, whose `static void
FN(HistogramClear)(…)` is then HistogramClearLiteral, HistogramClearCommand, … One symbol per template
definition (named as written, `FN(HistogramClear)`); a call of any name an includer makes of it reaches it."""
from __future__ import annotations

from graphmind.store import open_reader
from langcases import indexed_workspace

FILES = {
    "c/enc/histogram_inc.h": """/* template parameters: FN, DATA_SIZE */

#define HistogramType FN(Histogram)

typedef struct FN(Histogram) {
  uint32_t data_[DATA_SIZE];
  size_t total_count_;
} FN(Histogram);

static BROTLI_INLINE void FN(HistogramClear)(HistogramType* self) {
  memset(self->data_, 0, sizeof(self->data_));
  self->total_count_ = 0;
}

static BROTLI_INLINE void FN(HistogramClearArray)(
    HistogramType* array, const size_t length) {
  size_t i;
  for (i = 0; i < length; ++i) FN(HistogramClear)(array + i);
}

#undef HistogramType
""",
    "c/enc/histogram.h": """#ifndef BROTLI_ENC_HISTOGRAM_H_
#define BROTLI_ENC_HISTOGRAM_H_

#include <string.h>  /* memset */

#define FN(X) X ## Literal
#define DATA_SIZE BROTLI_NUM_LITERAL_SYMBOLS
#include "./histogram_inc.h"  /* NOLINT(build/include) */
#undef DATA_SIZE
#undef FN

#define FN(X) X ## Command
#define DATA_SIZE BROTLI_NUM_COMMAND_SYMBOLS
#include "./histogram_inc.h"  /* NOLINT(build/include) */
#undef DATA_SIZE
#undef FN

#endif  /* BROTLI_ENC_HISTOGRAM_H_ */
""",
    "c/enc/hash_quickly_inc.h": """static BROTLI_INLINE size_t FN(HashTypeLength)(void) { return 8; }
""",
    "c/enc/hash.h": """#define EXPAND_CAT(a, b) CAT(a, b)
#define CAT(a, b) a ## b
#define FN(X) EXPAND_CAT(X, HASHER())

#define HASHER() H2
#include "./hash_quickly_inc.h"  /* NOLINT(build/include) */
#undef HASHER

#define HASHER() H3
#include "./hash_quickly_inc.h"  /* NOLINT(build/include) */
#undef HASHER
#undef FN
""",
    "c/enc/encode.c": """#include "./histogram.h"
#include "./hash.h"

void BuildHistograms(HistogramLiteral* lit, HistogramCommand* cmd) {
  HistogramClearLiteral(lit);
  HistogramClearArrayCommand(cmd, 4);
  size_t a = HashTypeLengthH2();
  size_t b = HashTypeLengthH3() + HashTypeLengthH4();
}
""",
}


def _rows(work, path: str, callee: str) -> set[tuple]:
    return {tuple(r) for r in open_reader(work).execute(
        "SELECT c.resolution, tf.path, t.start_line FROM calls c JOIN files f ON f.id = c.file_id"
        " LEFT JOIN symbols t ON t.id = c.target_id LEFT JOIN files tf ON tf.id = t.file_id"
        " WHERE f.path = ? AND c.callee = ? AND c.kind = 'call'", (path, callee))}


def test_a_name_an_includer_pastes_reaches_the_template_definition(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _rows(work, "c/enc/encode.c", "HistogramClearLiteral") == {("import", "c/enc/histogram_inc.h", 10)}
    assert _rows(work, "c/enc/encode.c", "HistogramClearArrayCommand") == {("import", "c/enc/histogram_inc.h", 15)}
    assert _rows(work, "c/enc/encode.c", "HashTypeLengthH2") == {("import", "c/enc/hash_quickly_inc.h", 1)}
    assert _rows(work, "c/enc/encode.c", "HashTypeLengthH3") == {("import", "c/enc/hash_quickly_inc.h", 1)}
    assert {r[1] for r in _rows(work, "c/enc/encode.c", "HashTypeLengthH4")} == {None}    # no includer makes it


def test_the_template_definitions_are_symbols_and_call_each_other(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    names = {n for (n,) in open_reader(work).execute(
        "SELECT s.name FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path = 'c/enc/histogram_inc.h'"
        " AND s.kind = 'function'")}
    assert names == {"FN(HistogramClear)", "FN(HistogramClearArray)"}
    rows = {tuple(r) for r in open_reader(work).execute(
        "SELECT s.name, c.resolution, t.name FROM calls c JOIN symbols s ON s.id = c.caller_id"
        " LEFT JOIN symbols t ON t.id = c.target_id WHERE c.callee = 'FN(HistogramClear)'")}
    assert rows == {("FN(HistogramClearArray)", "local", "FN(HistogramClear)")}
