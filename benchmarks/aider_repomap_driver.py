#!/usr/bin/env python3
"""Drive Aider's own RepoMap for bench_repomap.py. Runs ONLY in the benchmark venv that has aider-chat
(~/.cache/graphmind-aider-venv); never imports graphmind. No LLM is called: RepoMap gets a stand-in model whose only
job is token_count (tiktoken cl100k_base from the vocabulary litellm ships, so nothing is downloaded)
and a quiet io.

Usage: python benchmarks/aider_repomap_driver.py SPEC.json  → one JSON line per measurement on stdout.
SPEC: {"root": ..., "files": [relative paths], "warm_runs": 5,
       "cases": [{"budget": 1024, "focus": [relative paths], "mentions": [identifiers], "cold": true}]}
A "cold" case deletes Aider's tags cache, makes a new RepoMap and measures its first map (every file
parsed). Any other case measures `warm_runs` maps with force_refresh on the RepoMap in use (made now,
primed with one unmeasured map, if there is none): tags come from Aider's disk cache and its in-memory
rendering caches are hot, Aider's fastest path short of returning a memoized map. Focus files are
Aider's chat files; mentions its mentioned_idents. Each line carries wall and CPU seconds.
`python aider_repomap_driver.py --count TEXTS.json` prints the cl100k_base token count of each text.
"""
from __future__ import annotations

import json
import os
import resource
import shutil
import sys
import time
from pathlib import Path

os.environ.setdefault("TIKTOKEN_CACHE_DIR", str(Path(__import__("litellm").__file__).parent
                                                / "litellm_core_utils" / "tokenizers"))
import tiktoken  # noqa: E402
from aider.repomap import RepoMap, Tag  # noqa: E402

ENC = tiktoken.get_encoding("cl100k_base")


class Model:
    """The one thing RepoMap asks of a model: how many tokens a text is."""
    def token_count(self, text: str) -> int:
        return len(ENC.encode(text, disallowed_special=()))


class QuietIO:
    """RepoMap's io: reads files, swallows messages."""
    def read_text(self, fname, silent=False):
        try:
            with open(fname, encoding="utf-8") as fh:
                return fh.read()
        except (OSError, UnicodeError):
            return None

    def tool_output(self, *a, **k):
        pass

    tool_warning = tool_error = tool_output


def _capture(rm: RepoMap) -> dict:
    """Remember which tags produced each rendered tree, to name the definitions a map shows."""
    seen: dict[str, list] = {}
    original = rm.to_tree

    def to_tree(tags, chat_rel_fnames):
        out = original(tags, chat_rel_fnames)
        seen[out] = list(tags)
        return out

    rm.to_tree = to_tree
    return seen


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def run(spec: dict) -> None:
    root = Path(spec["root"])
    files = [str(root / f) for f in spec["files"]]
    rm, seen = None, {}
    for case in spec["cases"]:
        focus = [str(root / f) for f in case.get("focus", [])]
        others = [f for f in files if f not in focus]
        focus_rel = set(case.get("focus", []))
        mentions = set(case.get("mentions", []))
        if case.get("cold") or rm is None:
            if case.get("cold"):
                shutil.rmtree(root / RepoMap.TAGS_CACHE_DIR, ignore_errors=True)
            rm = RepoMap(map_tokens=case["budget"], root=str(root), main_model=Model(), io=QuietIO())
            seen = _capture(rm)
            if not case.get("cold"):           # warm: a first, unmeasured map fills the in-memory caches
                rm.get_ranked_tags_map(focus, others, case["budget"], set(), mentions, force_refresh=True)
        for i in range(1 if case.get("cold") else spec.get("warm_runs", 3)):
            started, cpu = time.perf_counter(), _cpu()
            text = rm.get_ranked_tags_map(focus, others, case["budget"], set(), mentions, force_refresh=True) or ""
            seconds, cpu = time.perf_counter() - started, _cpu() - cpu
            tags = seen.get(text, [])
            defs = sorted({(t.rel_fname, t.name) for t in tags if isinstance(t, Tag)})
            shown = sorted({t[0] for t in tags if isinstance(t, Tag) and t[0] not in focus_rel})
            print(json.dumps({"tool": "aider", "case": case, "mode": "cold" if case.get("cold") else "warm",
                              "seconds": seconds, "cpu_seconds": cpu, "tokens_cl100k": Model().token_count(text),
                              "definitions": defs, "files": shown, "map": text}), flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "--count":
        print(json.dumps([Model().token_count(t) for t in json.loads(Path(sys.argv[2]).read_text())]))
    else:
        run(json.loads(Path(sys.argv[2 if sys.argv[1] == "--" else 1]).read_text()))
