#!/usr/bin/env python3
"""Our WordPiece tokenizer and safetensors reader (graphmind/semantic/wordpiece.py, weights.py) against
the `tokenizers` and `safetensors` packages, on a large sample of real texts: every definition text of
the given indexed roots (what `graphmind embed` encodes), their raw docstrings and bodies, and edge
cases (accents, CJK, control characters, special tokens, long words). Token for token; tensor for tensor.

Usage: python benchmarks/check_wordpiece.py ROOT [ROOT ...]   (needs tokenizers and safetensors installed)
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

EDGE = ["", " ", "Ünïcödé naïve café", "東京は日本の首都です", "tab\tnew\nline\rcarriage", "ctrl\x00\x07\x1b[0m\x7f",
        "zero\u200bwidth\u00a0nbsp\u2028sep\u3000wide", "[CLS] inside [MASK] and [SEP][PAD][UNK]x", "a" * 150,
        "supercalifragilisticexpialidocious", "İstanbul ΣΊΣΥΦΟΣ straße ﬁne ½ ①", "emoji 😀👍🏽 ok",
        "__init__ self._cache: dict[str, int] = {}", "x++ --y a->b a::b <tag/> $HOME ~user `cmd` ^caret |pipe",
        "Ǆ ǅ ǆ ﬀ ﬃ Å Å", "\ufffd replacement \ufeff bom \u00ad soft", "Ⅻ ⅻ ㎏ ℃"]


def main(roots: list[str]) -> None:
    import numpy as np
    from safetensors.numpy import load_file
    from tokenizers import Tokenizer

    from graphmind.semantic.collect import file_items, indexed_files
    from graphmind.semantic.model import MAX_TOKENS, MODEL_NAME, model_dir
    from graphmind.semantic.weights import load_weights
    from graphmind.semantic.wordpiece import WordPiece
    from graphmind.store import open_reader
    folder = model_dir()
    texts = list(EDGE)
    for root in roots:
        conn = open_reader(Path(root))
        for path, (fid, lang, sha) in indexed_files(conn).items():
            items = file_items(conn, Path(root), path, fid, lang, sha, MODEL_NAME, MAX_TOKENS) or []
            texts.extend(it.text for it in items)
            try:
                texts.append((Path(root) / path).read_bytes()[:3000].decode("utf-8", "replace"))
            except OSError:
                pass
    theirs = Tokenizer.from_file(str(folder / "tokenizer.json"))
    theirs.no_padding()
    theirs.enable_truncation(MAX_TOKENS)
    ours = WordPiece(folder / "tokenizer.json", MAX_TOKENS)
    t0 = time.perf_counter()
    want = [e.ids for e in theirs.encode_batch(texts)]
    t_theirs = time.perf_counter() - t0
    t0 = time.perf_counter()
    got = [ours.encode(t) for t in texts]
    t_ours = time.perf_counter() - t0
    differ = [(t[:80], w[:12], g[:12]) for t, w, g in zip(texts, want, got) if w != g]
    a, b = load_file(str(folder / "model.safetensors")), load_weights(folder / "model.safetensors")
    tensors_equal = a.keys() == b.keys() and all(a[k].dtype == b[k].dtype and np.array_equal(a[k], b[k]) for k in a)
    print(json.dumps({"bench": "check_wordpiece", "texts": len(texts), "tokens": sum(map(len, want)),
                      "differ": len(differ), "tensors": len(a), "tensors_equal": tensors_equal,
                      "seconds_tokenizers": round(t_theirs, 2), "seconds_ours": round(t_ours, 2)}))
    for d in differ[:20]:
        print(json.dumps(d, ensure_ascii=False), file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
