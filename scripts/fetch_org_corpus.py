#!/usr/bin/env python3
"""Fetch the organisation benchmark's corpus (benchmarks/bench_org.py): pinned sdists of PyPI packages
that depend on one another, unpacked into a cache outside the repository, then laid out as one
workspace per package (its import packages only) and one merged workspace holding all of them.

Usage: python scripts/fetch_org_corpus.py        Cache: $GRAPHMIND_CORPORA/org/ (default ~/.cache/graphmind-corpora/org/)
Prints one JSON line per package: name, version, packages (the import names it holds), files; or why skipped.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

# (PyPI project, pinned version): the Pallets and Requests families and packages built on them (PyYAML is
# left out: pip builds its C extension to read its metadata, minutes on a loaded machine)
PINS = [
    ("Flask", "3.1.2"), ("Werkzeug", "3.1.3"), ("Jinja2", "3.1.6"), ("click", "8.2.1"), ("itsdangerous", "2.2.0"),
    ("MarkupSafe", "3.0.2"), ("blinker", "1.9.0"), ("requests", "2.32.5"), ("urllib3", "2.5.0"), ("idna", "3.10"),
    ("charset-normalizer", "3.4.3"), ("certifi", "2025.8.3"), ("Flask-Login", "0.6.3"), ("flask-wtf", "1.2.2"),
    ("WTForms", "3.2.1"), ("flask-cors", "6.0.1"), ("Flask-Caching", "2.3.1"), ("cachelib", "0.13.0"),
    ("requests-toolbelt", "1.0.0"), ("requests-oauthlib", "2.0.0"), ("oauthlib", "3.3.1"),
    ("Flask-HTTPAuth", "4.8.0"), ("Flask-RESTful", "0.3.10"), ("aniso8601", "10.0.1"), ("pytz", "2025.2"),
    ("httpx", "0.28.1"), ("httpcore", "1.0.9"), ("anyio", "4.10.0"), ("sniffio", "1.3.1"), ("h11", "0.16.0"),
    ("rich", "14.1.0"), ("markdown-it-py", "4.0.0"), ("mdurl", "0.1.2"), ("typer", "0.16.1"),
    ("shellingham", "1.5.4"), ("attrs", "25.3.0"), ("cattrs", "25.1.1"), ("jsonschema", "4.25.1"),
    ("referencing", "0.36.2"), ("jsonschema-specifications", "2025.4.1"), ("six", "1.17.0"),
    ("python-dateutil", "2.9.0.post0"), ("arrow", "1.3.0"), ("packaging", "25.0"), ("pluggy", "1.6.0"),
    ("iniconfig", "2.1.0"), ("pytest", "8.4.1"), ("responses", "0.25.8"), ("limits", "5.5.0"),
    ("Flask-Limiter", "3.12"), ("Deprecated", "1.2.18"), ("wrapt", "1.17.3"), ("tenacity", "9.1.2"),
    ("CacheControl", "0.14.3"), ("msgpack", "1.1.1"), ("requests-cache", "1.2.1"), ("url-normalize", "2.2.1"),
    ("platformdirs", "4.3.8"), ("filelock", "3.19.1"), ("starlette", "0.47.2"), ("uvicorn", "0.35.0"),
    ("typing_extensions", "4.14.1"), ("bleach", "6.2.0"), ("webencodings", "0.5.1"), ("Markdown", "3.8.2"),
]
SKIP_DIRS = {"tests", "test", "testing", "docs", "doc", "examples", "example", "benchmarks", "scripts", "tasks",
             "build", "dist", "tools", "bench"}


def cache() -> Path:
    return Path(os.environ.get("GRAPHMIND_CORPORA", Path.home() / ".cache" / "graphmind-corpora")) / "org"


def _unpack(archive: Path, dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as z:
            z.extractall(dest)
    else:
        with tarfile.open(archive) as t:
            t.extractall(dest, filter="data")
    tops = [p for p in dest.iterdir() if p.is_dir()]
    return tops[0] if len(tops) == 1 else dest


def _download(project: str, version: str, dest: Path) -> Path:
    """The pinned sdist, downloaded by pip (the registry's ordinary client) into its own folder."""
    folder = dest / f"{project_slug(project)}-{version}"
    folder.mkdir(parents=True, exist_ok=True)
    if not any(folder.iterdir()):
        proc = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                               "-d", str(folder), f"{project}=={version}"], capture_output=True, text=True)
        if proc.returncode != 0 and not any(folder.iterdir()):
            raise ValueError((proc.stderr.strip().splitlines() or ["pip download failed"])[-1])
    return next(folder.iterdir())


def prefetch(pins, dest: Path, workers: int = 4) -> None:
    """Download the sdists side by side (each pip download builds its metadata: seconds each)."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(lambda pin: _safe(_download, pin[0], pin[1], dest), pins))


def _safe(fn, *args):
    try:
        return fn(*args)
    except (OSError, ValueError):
        return None


def import_packages(tree: Path) -> list[Path]:
    """The folders (or single modules) a package installs: under src/ when there is one, else the top level."""
    base = tree / "src" if (tree / "src").is_dir() else tree
    out = [p for p in sorted(base.iterdir()) if p.is_dir() and (p / "__init__.py").exists()
           and p.name not in SKIP_DIRS and not p.name.startswith(".")]
    if not out:
        out = [p for p in sorted(base.glob("*.py")) if p.name not in ("setup.py", "conftest.py", "noxfile.py")
               and not p.name.startswith(("test", "_"))]
    return out


def project_slug(project: str) -> str:
    return project.lower().replace("_", "-")


def fetch() -> list[dict]:
    root = cache()
    sdists, trees, repos, merged = root / "sdists", root / "trees", root / "repos", root / "merged"
    sdists.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(repos, ignore_errors=True)
    shutil.rmtree(merged, ignore_errors=True)
    merged.mkdir(parents=True)
    prefetch(PINS, sdists)
    taken: dict[str, str] = {}
    out = []
    for project, version in PINS:
        slug = project_slug(project)
        tree_dir = trees / f"{slug}-{version}"
        if not tree_dir.exists():
            found = []
            if not found:
                try:
                    found = [_download(project, version, sdists)]
                except (OSError, ValueError) as exc:
                    out.append({"name": slug, "version": version, "skipped": str(exc)})
                    continue
            _unpack(found[0], tree_dir)
        tops = [p for p in tree_dir.iterdir() if p.is_dir()]
        tree = tops[0] if len(tops) == 1 else tree_dir
        packages = [p for p in import_packages(tree) if p.stem not in taken]
        if not packages:
            out.append({"name": slug, "version": version, "skipped": "no import package of its own"})
            continue
        repo = repos / slug
        repo.mkdir(parents=True)
        (repo / "pyproject.toml").write_text(f'[project]\nname = "{slug}"\nversion = "{version}"\n')
        for p in packages:
            taken[p.stem] = slug
            for dest in (repo / p.name, merged / p.name):
                (shutil.copytree if p.is_dir() else shutil.copy2)(p, dest)
        files = sum(1 for _ in repo.rglob("*.py"))
        out.append({"name": slug, "version": version, "packages": [p.stem for p in packages], "files": files})
    return out


if __name__ == "__main__":
    for line in fetch():
        print(json.dumps(line), flush=True)
