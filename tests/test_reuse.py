"""Content-addressed reuse (graphmind/index/reuse.py): extractions stored by content survive a round trip,
and content seen before is not parsed again, with the same index as a clean run."""
from __future__ import annotations

import shutil
from pathlib import Path

from graphmind.index import reuse, workspace
from graphmind.live.daemon import Daemon
from graphmind.index.filework import process_file
from graphmind.index.indexer import index_files, index_workspace
from graphmind.resolve.session import ResolveSession
from graphmind.store import ExtractionFile, Store
from graphmind.live.watcher import file_info
from test_session import assert_equals_clean

SHOP = Path(__file__).parent / "fixtures" / "repos" / "shop"


def test_an_extraction_survives_encode_and_decode():
    for info in workspace.walk(SHOP):
        ext = process_file(info, None).extraction
        assert reuse.decode(reuse.encode(ext)) == ext, info.path


def test_content_seen_before_is_reused_and_indexes_the_same(tmp_path):
    root = tmp_path / "ws"
    shutil.copytree(SHOP, root, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(root)
    store, session = Store(root), ResolveSession()
    daemon = Daemon(root)                       # not started: its writer's parse path only
    daemon.cache = reuse.ReuseCache(store, daemon.trees)
    rules = workspace.IgnoreRules(root)
    paths = [info.path for info in workspace.walk(root)]
    original = {p: (root / p).read_bytes() for p in paths}   # a latin-1 file among them
    changed = {p: t + f"\n\ndef step_{i}():\n    return {i}\n".encode() for i, (p, t) in enumerate(original.items())}
    try:
        for step, texts in enumerate([changed, original, changed]):
            for p in paths:
                (root / p).write_bytes(texts[p])
            index_files(store, [file_info(root, rules, p) for p in paths], [], complete=False, force=set(paths),
                        results=daemon._results, session=session)
            if step == 0:
                first = daemon.cache.parsed               # every file but the binary one (never parsed)
            if step == 1:
                parsed, reused = daemon.cache.parsed, daemon.cache.reused
        assert first == len(paths) - 1
        assert daemon.cache.parsed == parsed              # the third content was seen at the first step
        assert daemon.cache.reused == reused + first
    finally:
        store.close()
    assert_equals_clean(root, tmp_path)


def test_an_unreadable_cache_file_is_started_afresh(tmp_path):
    path = tmp_path / "extractions.db"
    path.write_bytes(b"this is not a database" * 100)
    cache = ExtractionFile(path)
    try:
        assert cache.count() == 0
        assert cache.put([("sha", "variant", b"data")], [])
        assert cache.get("sha", "variant") == b"data"
    finally:
        cache.close()


def test_a_shared_cache_that_cannot_be_opened_falls_back_beside_the_index(tmp_path):
    root = tmp_path / "ws"
    (root / ".git").mkdir(parents=True)
    (root / ".git" / "graphmind").write_text("a file where the cache folder would go")
    store = Store(root)
    try:
        cache = reuse.ReuseCache(store, Daemon(root).trees)
        assert cache.file.path == root / ".graphmind" / "extractions.db"
        cache.close()
    finally:
        store.close()


def test_fingerprint_covers_every_part_of_the_package():
    from graphmind.index.reuse import fingerprinted_files
    names = {name for name, _ in fingerprinted_files()}
    # extraction code lives in sub-packages: a change there must invalidate cached extractions
    assert {"index/extractor.py", "index/flowfacts.py", "models.py"} <= names
    assert any(name.endswith("tags.scm") for name in names)


def test_a_save_leaves_encoding_its_extraction_to_the_idle_writer(tmp_path, monkeypatch):
    """remember (a file the daemon's writer parsed for a save) keeps the extraction as it is; it is
    encoded when persisted while idle, or when the same content comes back first, and reads the same."""
    import zlib
    root = tmp_path / "ws"
    shutil.copytree(SHOP, root, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(root)
    store = Store(root)
    daemon = Daemon(root)                       # not started: its trees and cache only
    cache = reuse.ReuseCache(store, daemon.trees)
    compressed = []
    real = zlib.compress
    monkeypatch.setattr(zlib, "compress", lambda *a: compressed.append(1) or real(*a))
    try:
        infos = [info for info in workspace.walk(root) if info.path.endswith(".py")][:2]
        exts = [process_file(info, None, cache).extraction for info in infos]
        assert compressed == []                                    # nothing encoded during the save
        seen = cache.lookup(infos[0], process_file(infos[0], None).sha256, exts[0].module)
        assert seen == exts[0] and seen is not exts[0]             # a copy, as the stored bytes give
        cache.persist()
        assert len(compressed) == 2                                # each encoded once
        fresh = reuse.ReuseCache(store, daemon.trees)
        sha = process_file(infos[1], None).sha256
        assert fresh.lookup(infos[1], sha, exts[1].module) == exts[1]
        fresh.close()
    finally:
        cache.close()
        store.close()
