#!/usr/bin/env python3
"""Fetch the pinned benchmark corpora (sdists from PyPI) into a cache outside the repository.

Usage: python scripts/fetch_corpora.py [NAME ...]   (default: all)
Cache: $GRAPHMIND_CORPORA or ~/.cache/graphmind-corpora/<name>-<version>/
Prints one JSON line per corpus: name, version, path, sha256 of the archive.
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

# name -> (PyPI project, pinned version)
CORPORA = {
    "django": ("Django", "5.2.8"),
    "flask": ("Flask", "3.1.2"),
    "requests": ("requests", "2.32.5"),
}


def cache_dir() -> Path:
    return Path(os.environ.get("GRAPHMIND_CORPORA", Path.home() / ".cache" / "graphmind-corpora"))


def corpus_path(name: str) -> Path:
    """Where a fetched corpus's source tree is (the unpacked sdist's top folder)."""
    project, version = CORPORA[name]
    return cache_dir() / f"{name}-{version}"


def fetch(name: str) -> dict:
    project, version = CORPORA[name]
    dest = corpus_path(name)
    marker = dest / ".fetched"
    if not marker.exists():
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
                            "-d", tmp, f"{project}=={version}"],
                           check=True, stdout=subprocess.DEVNULL)
            archive = next(Path(tmp).iterdir())
            digest = hashlib.sha256(archive.read_bytes()).hexdigest()
            unpack = Path(tmp) / "unpacked"
            if archive.name.endswith(".zip"):
                zipfile.ZipFile(archive).extractall(unpack)
            else:
                with tarfile.open(archive) as tf:
                    tf.extractall(unpack, filter="data")
            top = next(unpack.iterdir())
            dest.parent.mkdir(parents=True, exist_ok=True)
            if dest.exists():
                import shutil
                shutil.rmtree(dest)
            top.rename(dest)
            marker.write_text(json.dumps({"archive": archive.name, "sha256": digest}))
    meta = json.loads(marker.read_text())
    return {"name": name, "version": version, "path": str(dest), **meta}


def main(argv: list[str]) -> None:
    for name in argv or list(CORPORA):
        print(json.dumps(fetch(name)))


if __name__ == "__main__":
    main(sys.argv[1:])
