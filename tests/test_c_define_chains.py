"""A macro a project header `#define`s only inside a branch the default build leaves out (platform.h's
`#define BROTLI_TARGET_ARMV7` under `#if defined(__ARM_ARCH) && (__ARM_ARCH == 7)`) is undefined in the
default build, and so is a macro defined only under it in another header (huffman.h's
`BROTLI_HUFFMAN_CODE_FAST_LOAD`): of same-named definitions in exclusive branches on it, calls reach
the one the default build keeps (Brotli's two `ConstructHuffmanCode`), not `possible` among them. A
define in a branch the default build keeps still counts."""
from __future__ import annotations

from langcases import call_targets, indexed_workspace

PLATFORM = """#ifndef BROTLI_COMMON_PLATFORM_H_
#define BROTLI_COMMON_PLATFORM_H_

#if (defined(__ARM_ARCH) && (__ARM_ARCH == 7)) || \\
    (defined(M_ARM) && (M_ARM == 7))
#define BROTLI_TARGET_ARMV7
#endif  /* ARMv7 */

#if defined(__has_attribute)
#define BROTLI_GNUC_HAS_ATTRIBUTE(attribute, major, minor, patch) __has_attribute(attribute)
#else
#define BROTLI_GNUC_HAS_ATTRIBUTE(attribute, major, minor, patch) 0
#endif

#endif  /* BROTLI_COMMON_PLATFORM_H_ */
"""

HUFFMAN = """#ifndef BROTLI_DEC_HUFFMAN_H_
#define BROTLI_DEC_HUFFMAN_H_

#include "../common/platform.h"

#if ((defined(BROTLI_TARGET_ARMV7) || defined(BROTLI_TARGET_ARMV8_32)) && \\
  BROTLI_GNUC_HAS_ATTRIBUTE(aligned, 2, 7, 0))
#define BROTLI_HUFFMAN_CODE_FAST_LOAD
#endif

#if !defined(BROTLI_HUFFMAN_CODE_FAST_LOAD)
typedef struct {
  uint8_t bits;
  uint16_t value;
} HuffmanCode;

static BROTLI_INLINE HuffmanCode ConstructHuffmanCode(const uint8_t bits,
    const uint16_t value) {
  HuffmanCode h;
  h.bits = bits;
  h.value = value;
  return h;
}
#else  /* BROTLI_HUFFMAN_CODE_FAST_LOAD */
typedef uint32_t HuffmanCode;

static BROTLI_INLINE HuffmanCode ConstructHuffmanCode(const uint8_t bits,
    const uint16_t value) {
  return (HuffmanCode) ((value & 0xFFFF) << 16) | (bits & 0xFF);
}
#endif  /* BROTLI_HUFFMAN_CODE_FAST_LOAD */

#endif  /* BROTLI_DEC_HUFFMAN_H_ */
"""

FILES = {
    "c/common/platform.h": PLATFORM,
    "c/dec/huffman.h": HUFFMAN,
    "c/dec/huffman.c": """#include "./huffman.h"

void BrotliBuildCodeLengthsHuffmanTable(HuffmanCode* table, const uint8_t* code_lengths) {
  HuffmanCode code = ConstructHuffmanCode(0, (uint16_t)code_lengths[0]);
  table[0] = code;
}
""",
}


def _targets(work) -> set[tuple]:
    return {(how, line) for how, _, line in call_targets(work, "c/dec/huffman.c", "ConstructHuffmanCode")}


def test_a_define_under_a_branch_the_default_build_leaves_out_does_not_count(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work) == {("import", 17)}


def test_a_define_under_a_branch_the_default_build_keeps_counts(tmp_path):
    platform = PLATFORM.replace("#if (defined(__ARM_ARCH)", "#if !defined(BROTLI_BUILD_PORTABLE) || (defined(__ARM_ARCH)")
    work = indexed_workspace(tmp_path, {**FILES, "c/common/platform.h": platform})
    assert {r[0] for r in _targets(work)} == {"possible"}
