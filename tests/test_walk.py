"""The walk lists each folder once and judges entries from the listing; what it keeps must be exactly what
the path-by-path rules (the watcher's `file_info`) keep, on a tree with every kind of rule at several depths."""
from __future__ import annotations

import os
import time

from graphmind.index.workspace import IgnoreRules, SkipReport, walk
from graphmind.live.watcher import file_info

FILES = {
    ".gitignore": "*.gen.py\n/top_only.py\nlogs/\n",
    "top_only.py": "x = 1\n",
    "app/top_only.py": "x = 1\n",                       # /top_only.py is anchored at the root
    "app/core.py": "def f():\n    pass\n",
    "app/core.gen.py": "x = 1\n",
    "app/.gitignore": "!keep.gen.py\nsecret_dir/\n",
    "app/keep.gen.py": "x = 1\n",                      # brought back by a deeper negation
    "app/secret_dir/a.py": "x = 1\n",
    "app/deep/er/.graphmindignore": "skip_me.py\n",
    "app/deep/er/skip_me.py": "x = 1\n",
    "app/deep/er/kept.py": "x = 1\n",
    "app/deep/er/still/skip_me.py": "x = 1\n",        # an unanchored pattern applies below its folder
    "app/logs/x.py": "x = 1\n",
    "build/out.py": "x = 1\n",                         # build output: no package marker
    "dist/__init__.py": "", "dist/mod.py": "x = 1\n",  # a package named like output
    "env2/pyvenv.cfg": "home = /usr\n", "env2/lib/site.py": "x = 1\n",
    "node_modules/dep/index.js": "module.exports = 1\n",
    "web/app.ts": "export function g() {}\n",
    "web/readme.txt": "words\n",
    ".env": "SECRET=1\n", "app/id_rsa": "key\n",
    "locale/en/LC_MESSAGES/django.po": "msgid \"\"\n",
}


def _tree(root):
    for rel, text in FILES.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    os.symlink(root / "app" / "core.py", root / "app" / "alias.py")           # inside the root: kept
    os.symlink(root / ".env", root / "app" / "env_alias.py")                   # a secret behind a link: out
    os.symlink(root / "app", root / "linked_dir")                              # linked folders: not entered
    os.symlink(root / "nowhere.py", root / "app" / "broken.py")


def test_the_walk_keeps_exactly_what_the_path_rules_keep(tmp_path):
    _tree(tmp_path)
    report = SkipReport()
    walked = {f.path: (f.language, f.size, f.mtime_ns) for f in walk(tmp_path, report)}
    rules = IgnoreRules(tmp_path)
    every = []
    for dirpath, dirnames, filenames in os.walk(tmp_path):
        rel_dir = os.path.relpath(dirpath, tmp_path).replace(os.sep, "/")
        every += [f if rel_dir == "." else f"{rel_dir}/{f}" for f in filenames]
    found = {rel: (fi.language, fi.size, fi.mtime_ns) for rel in every if (fi := file_info(tmp_path, rules, rel))}
    assert walked == found
    assert set(walked) == {"app/core.py", "app/top_only.py", "app/keep.gen.py", "app/deep/er/kept.py",
                           "dist/__init__.py", "dist/mod.py", "web/app.ts", "app/alias.py"}
    assert dict(report.folders) == {"app/logs": ".gitignore/.graphmindignore", "app/secret_dir": ".gitignore/.graphmindignore",
                                    "build": "build output (no package marker)", "env2": "a virtual environment",
                                    "node_modules": "dependencies, caches or version control"}
    assert dict(report.files) == {"not a language graphmind reads": 7, ".gitignore/.graphmindignore": 4}


def test_an_ignore_file_added_or_edited_between_walks_is_obeyed(tmp_path):
    _tree(tmp_path)
    assert "app/core.py" in {f.path for f in walk(tmp_path)}
    (tmp_path / "app" / "deep" / ".gitignore").write_text("kept.py\n")
    (tmp_path / "app" / ".gitignore").write_text("!keep.gen.py\nsecret_dir/\ncore.py\n")
    paths = {f.path for f in walk(tmp_path)}
    assert "app/core.py" not in paths and "app/deep/er/kept.py" not in paths and "app/keep.gen.py" in paths


def _age(root, when_ns):
    """Every folder's mtime set to one time in the past, so the walk may remember it."""
    for dirpath, dirnames, _ in os.walk(root):
        if ".graphmind" in dirnames:
            dirnames.remove(".graphmind")
        os.utime(dirpath, ns=(when_ns, when_ns), follow_symlinks=False)


def _by_rules(root):
    rules = IgnoreRules(root)
    every = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root).replace(os.sep, "/")
        every += [f if rel_dir == "." else f"{rel_dir}/{f}" for f in filenames]
    return {rel: (fi.language, fi.size) for rel in every if (fi := file_info(root, rules, rel))}


def _write(root, rel, text):
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text)


# Each step changes the tree the way an editor, git or a user does; after each, the remembered walk must
# find what the path-by-path rules find.
STEPS = [
    lambda r: _write(r, "app/deep/er/still/new.py", "x = 2\n"),
    lambda r: (r / "app" / "core.py").unlink(),
    lambda r: (r / "app" / "deep").rename(r / "app" / "moved"),
    lambda r: _write(r, "app/moved/.gitignore", "kept.py\n"),                  # a new ignore file, mid-tree
    lambda r: _write(r, "app/.gitignore", "!keep.gen.py\n"),                    # edited in place: secret_dir back
    lambda r: _write(r, "build/__init__.py", ""),                               # build/ becomes a package
    lambda r: _write(r, "app/moved/pyvenv.cfg", "home = /usr\n"),               # now a virtual environment
    lambda r: _write(r, "pyproject.toml", "[tool.graphmind]\nexclude = ['dist/']\n"),
    lambda r: os.symlink(r / "web" / "app.ts", r / "app" / "alias2.ts"),
    lambda r: _write(r, "web/app.ts", "export function g() {}\n" * 1000),      # in place: only its stat moves
    lambda r: (r / "build" / "__init__.py").unlink(),
]


def test_a_remembered_walk_finds_every_change(tmp_path):
    _tree(tmp_path)
    (tmp_path / ".graphmind").mkdir()
    past = time.time_ns() - 3600 * 10**9
    for i, step in enumerate(STEPS):
        _age(tmp_path, past + i * 10**9)
        walk(tmp_path)                                   # remembers every folder
        assert (tmp_path / ".graphmind" / "walk.cache").exists()
        step(tmp_path)
        walked = {f.path: (f.language, f.size) for f in walk(tmp_path)}
        assert walked == _by_rules(tmp_path), f"after step {i}"


def test_a_folder_whose_mtime_did_not_move_is_not_listed_again(tmp_path):
    _tree(tmp_path)
    (tmp_path / ".graphmind").mkdir()
    past = time.time_ns() - 3600 * 10**9
    _age(tmp_path, past)
    assert "app/deep/er/late.py" not in {f.path for f in walk(tmp_path)}
    _write(tmp_path, "app/deep/er/late.py", "x = 1\n")
    os.utime(tmp_path / "app" / "deep" / "er", ns=(past, past))   # the listing's change hidden from its mtime
    assert "app/deep/er/late.py" not in {f.path for f in walk(tmp_path)}     # remembered, not listed
    (tmp_path / ".graphmind" / "walk.cache").unlink()
    assert "app/deep/er/late.py" in {f.path for f in walk(tmp_path)}


def test_a_damaged_walk_cache_is_listed_anew(tmp_path):
    _tree(tmp_path)
    (tmp_path / ".graphmind").mkdir()
    _age(tmp_path, time.time_ns() - 3600 * 10**9)
    first = walk(tmp_path)
    (tmp_path / ".graphmind" / "walk.cache").write_bytes(b"\x00garbage")
    assert walk(tmp_path) == first


def test_a_rebuild_lists_every_folder_again(tmp_path):
    from graphmind.index.indexer import index_workspace
    _tree(tmp_path)
    index_workspace(tmp_path)
    past = time.time_ns() - 3600 * 10**9
    _age(tmp_path, past)
    walk(tmp_path)
    _write(tmp_path, "app/deep/er/late.py", "x = 1\n")
    os.utime(tmp_path / "app" / "deep" / "er", ns=(past, past))
    assert index_workspace(tmp_path, rebuild=True).changed and "app/deep/er/late.py" in {f.path for f in walk(tmp_path)}
