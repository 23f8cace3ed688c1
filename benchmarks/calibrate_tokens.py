#!/usr/bin/env python3
"""Calibrate graphmind.tokens (an offline estimate) against a real tokenizer, in a benchmark-only venv.

Two steps, two interpreters:
  1. python benchmarks/calibrate_tokens.py dump DIR
     renders repo maps of the pinned corpora (flask, requests, django; budgets 256..8192, with and
     without line numbers) and `file:start-end signature` rows into DIR/*.txt (each corpus is copied
     to a temporary folder and indexed there).
  2. ~/.cache/graphmind-aider-venv/bin/python benchmarks/calibrate_tokens.py fit DIR
     counts every text with tiktoken (cl100k_base and o200k_base, whose vocabularies litellm ships, so
     nothing is downloaded: TIKTOKEN_CACHE_DIR points at them) and prints one JSON line per tokenizer
     and kind of text with the estimate's error: per document (what a budget sees) and per line; then
     the least-squares constants of the piece model fitted on half of the texts (the constants in
     graphmind/tokens.py come from this fit).
"""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BUDGETS = (256, 512, 1024, 2048, 4096, 8192)


def _load_tokens_module():
    spec = importlib.util.spec_from_file_location("gm_tokens", REPO / "graphmind" / "tokens.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def dump(out: Path) -> None:
    sys.path.insert(0, str(REPO))
    spec = importlib.util.spec_from_file_location("fetch_corpora", REPO / "scripts" / "fetch_corpora.py")
    fc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fc)
    from graphmind.query import repomap
    from graphmind.index.indexer import index_workspace
    from graphmind.store import open_reader
    out.mkdir(parents=True, exist_ok=True)
    for name in ("flask", "requests", "django"):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / name
            shutil.copytree(fc.corpus_path(name), root, ignore=shutil.ignore_patterns(".graphmind"))
            index_workspace(root)
            for budget in BUDGETS:
                for numbers in (False, True):
                    m = repomap.build_map(root, budget, line_numbers=numbers)
                    (out / f"map-{name}-{budget}{'-n' if numbers else ''}.txt").write_text(m.text)
            conn = open_reader(root)
            rows = [f"{p}:{a}-{b} {sig}" for p, a, b, sig in conn.execute(
                "SELECT f.path, s.start_line, s.end_line, s.signature FROM symbols s JOIN files f"
                " ON f.id = s.file_id WHERE s.kind != 'module' ORDER BY f.path, s.start_line LIMIT 3000")]
            for i in range(0, len(rows), 300):
                (out / f"rows-{name}-{i // 300}.txt").write_text("\n".join(rows[i:i + 300]) + "\n")


def _errors(tok, texts: dict[str, str], counts: dict[str, int], line_counts: list[tuple[str, int]]) -> dict:
    doc = [(tok.count_tokens(t) - counts[k]) / counts[k] for k, t in texts.items() if counts[k]]
    line = [(tok.count_tokens(s + "\n") - c) for s, c in line_counts]
    return {"documents": len(doc), "doc_mean_abs_pct": round(100 * statistics.mean(abs(e) for e in doc), 2),
            "doc_max_abs_pct": round(100 * max(abs(e) for e in doc), 2),
            "doc_bias_pct": round(100 * statistics.mean(doc), 2), "lines": len(line),
            "line_mean_abs_tokens": round(statistics.mean(abs(e) for e in line), 3),
            "line_bias_tokens": round(statistics.mean(line), 3)}


def fit(src: Path) -> None:
    os.environ.setdefault("TIKTOKEN_CACHE_DIR", str(Path(__import__("litellm").__file__).parent
                                                    / "litellm_core_utils" / "tokenizers"))
    import tiktoken
    tok = _load_tokens_module()
    texts = {p.name: p.read_text() for p in sorted(src.glob("*.txt"))}
    for enc_name in ("cl100k_base", "o200k_base"):
        enc = tiktoken.get_encoding(enc_name)
        counts = {k: len(enc.encode(t)) for k, t in texts.items()}
        lines = sorted({s for t in texts.values() for s in t.splitlines()})
        line_counts = [(s, len(enc.encode(s + "\n"))) for s in lines]
        for subset in ("map", "rows"):
            part = {k: t for k, t in texts.items() if k.startswith(subset)}
            print(json.dumps({"figure": "token_estimate_error", "tokenizer": enc_name, "texts": subset,
                              **_errors(tok, part, counts, line_counts)}))
        if enc_name == "cl100k_base":
            print(json.dumps({"figure": "token_estimate_fit", "tokenizer": enc_name, **_fit_pieces(tok, texts, enc)}))


def _fit_pieces(tok, texts: dict[str, str], enc) -> dict:
    """Least-squares constants of the piece model on the even-numbered texts (the others are held out)."""
    import numpy as np
    rows: dict[str, list] = {"WORD": [], "PUNCT_WORD": [], "PUNCT": []}
    for i, (name, text) in enumerate(sorted(texts.items())):
        if i % 2:
            continue
        for piece in tok._PIECES.findall(text):
            core = piece.strip()
            if not core or core[0].isdigit():
                continue
            real = len(enc.encode(piece))
            if core[-1].isalpha():
                letters = piece.lstrip("_ ") if piece[0] in "_ " else piece[1:]
                humps = tok._HUMPS.findall(letters) or [letters]
                caps = [h for h in humps if h.isupper()]
                feats = [len(humps) - len(caps), len(caps), len(letters) - sum(map(len, caps)), sum(map(len, caps))]
                rows["PUNCT_WORD" if len(letters) < len(piece) and piece[0] not in "_ " else "WORD"].append((feats, real))
            else:
                rows["PUNCT"].append(([1, len(core) - 1], real))
    out = {}
    for key, data in rows.items():
        x = np.array([f for f, _ in data], dtype=float)
        y = np.array([r for _, r in data], dtype=float)
        out[key] = [round(float(c), 3) for c in np.linalg.lstsq(x, y, rcond=None)[0]]
    return out


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "dump":
        dump(Path(sys.argv[2]))
    elif len(sys.argv) >= 3 and sys.argv[1] == "fit":
        fit(Path(sys.argv[2]))
    else:
        sys.exit(__doc__)
