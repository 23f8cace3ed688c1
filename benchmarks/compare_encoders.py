#!/usr/bin/env python3
"""The encoder of an older commit against this tree's, side by side in one process: CPU per definition
on a random sample of a corpus's definition texts (test files included), alternated runs, medians, and
how far the vectors differ (they should not: the change is in how the work is done, not what).

Usage: python benchmarks/compare_encoders.py ROOT [--old c3b6aae] [--sample 384] [--runs 3] [--results embed.jsonl]
ROOT is an indexed copy of a corpus (never the read-only cache).
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchkit import report

REPO = Path(__file__).resolve().parents[1]


def old_encoder(commit: str, folder: Path):
    """The Encoder class of semantic/encoder.py at `commit`."""
    path = folder / "old_encoder.py"
    path.write_text(subprocess.run(["git", "-C", str(REPO), "show", f"{commit}:graphmind/semantic/encoder.py"],
                                   capture_output=True, text=True, check=True).stdout)
    spec = importlib.util.spec_from_file_location("old_encoder", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.Encoder


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root", type=Path)
    ap.add_argument("--old", default="c3b6aae")
    ap.add_argument("--sample", type=int, default=384)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--results", default=None)
    args = ap.parse_args(argv)
    import numpy as np

    from graphmind.semantic.collect import workspace_items
    from graphmind.semantic.model import Model, model_dir
    from graphmind.semantic.weights import load_weights
    from graphmind.store import open_reader
    conn = open_reader(args.root)
    texts = [it.text for _, items in workspace_items(conn, args.root, "m", 128) for it in (items or [])]
    random.Random(19).shuffle(texts)
    texts = texts[:args.sample]
    model = Model()
    new = model.encoder
    with tempfile.TemporaryDirectory() as tmp:
        Old = old_encoder(args.old, Path(tmp))
    folder = model_dir()
    old = Old(load_weights(folder / "model.safetensors"), json.loads((folder / "config.json").read_text()))
    cpu: dict[str, list[float]] = {"old": [], "new": []}
    vectors = {}
    for _ in range(args.runs):
        for name, enc in (("old", old), ("new", new)):
            model.encoder = enc
            c0 = time.process_time()
            vectors[name] = model.encode(texts, threads=1)
            cpu[name].append(time.process_time() - c0)
    per = {k: statistics.median(v) / len(texts) * 1000 for k, v in cpu.items()}
    report([{"bench": "embed_encoder_compare", "old": args.old, "sample": len(texts), "runs": args.runs,
             "old_cpu_ms_per_definition": round(per["old"], 2), "new_cpu_ms_per_definition": round(per["new"], 2),
             "ratio": round(per["new"] / per["old"], 3),
             "max_abs_diff": float(np.abs(vectors["old"] - vectors["new"]).max()),
             "load_avg": os.getloadavg()[0]}], args.results, corpus=args.root.name)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main()
