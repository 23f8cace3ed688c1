"""Bring a workspace's vectors up to date with its index: files whose content or symbols changed are
described again (test files are not embedded: docs/semantic.md says why), vectors found by key are reused (this workspace, or the worktrees' shared file), the
rest are encoded, a group of files at a time, each group committed: stopping loses at most a group,
and the next run goes on from there."""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import apsw
import orjson

from graphmind import places
from graphmind.query.searchquery import is_test_path
from graphmind.semantic.collect import Item, file_definitions, file_items, indexed_files
from graphmind.semantic.model import MAX_TOKENS, MODEL_NAME, shared_model
from graphmind.semantic.texts import TEXTS_VERSION
from graphmind.store.vectors import VectorFile

log = logging.getLogger(__name__)

GROUP = 128                 # definitions encoded between two commits
KEEP_MIN, KEEP_FACTOR = 5000, 3     # embeddings kept by key: 3x a workspace's vectors, least recently used dropped
_ONE = threading.Lock()     # one embedding pass per process at a time


@dataclass
class EmbedReport:
    """What a pass did: definitions embedded now, reused by key, files done, files left for later."""
    files: int = 0
    encoded: int = 0
    reused: int = 0
    removed: int = 0
    left: int = 0
    done: bool = True
    seconds: float = 0.0
    skipped: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        return {"files": self.files, "encoded": self.encoded, "reused": self.reused, "removed": self.removed,
                "files_left": self.left, "done": self.done, "seconds": round(self.seconds, 2)}


def shared_path(root: Path) -> Path:
    """The embeddings by text key: beside the extraction cache (the common git folder, which worktrees
    share, else the index's folder)."""
    return places.cache_path(root).with_name("embeddings.db")


def _pending(conn: apsw.Connection, vf: VectorFile) -> tuple[list[tuple[str, int, str, str, list[int]]], list[str]]:
    """Files to (re)embed: (path, file id, language, sha256, symbol ids); and paths no longer indexed."""
    done = vf.embedded()
    files = {p: f for p, f in indexed_files(conn).items() if not is_test_path(p)}
    todo = []
    for path, (file_id, language, sha) in sorted(files.items()):
        ids = [d.id for d in file_definitions(conn, file_id)]
        if done.get(path) != (sha, orjson.dumps(ids).decode()):
            todo.append((path, file_id, language, sha, ids))
    return todo, [p for p in done if p not in files]


def embed_workspace(conn: apsw.Connection, root: Path, *, progress: Callable[[int, int], None] | None = None,
                    deadline: float | None = None, should_stop: Callable[[], bool] | None = None) -> EmbedReport:
    """Embed what the index holds and the vector file lacks; stop early (done=False) at `deadline`
    (time.monotonic()) or when should_stop() says so. progress(definitions done, definitions to do)."""
    start = time.monotonic()
    report = EmbedReport()
    with _ONE:
        model = shared_model()
        vf = VectorFile(root, shared_path(root))
        try:
            vf.set_meta({"model": MODEL_NAME, "max_tokens": str(MAX_TOKENS), "dim": str(model.width),
                         "texts": TEXTS_VERSION})
            todo, gone = _pending(conn, vf)
            if gone:
                vf.drop_files(gone)
                report.removed = len(gone)
            total = sum(len(t[4]) for t in todo)
            done = 0
            group: list[tuple[tuple, list[Item]]] = []
            for n, (path, file_id, language, sha, ids) in enumerate(todo):
                items = file_items(conn, root, path, file_id, language, sha, MODEL_NAME, MAX_TOKENS)
                if items is None:
                    report.skipped.append(path)
                    continue
                group.append(((path, sha, ids), items))
                if sum(len(i) for _, i in group) >= GROUP or n == len(todo) - 1:
                    done += _write_group(vf, model, conn, group, report)
                    group = []
                    if progress:
                        progress(done, total)
                    if (deadline is not None and time.monotonic() > deadline) or (should_stop and should_stop()):
                        report.done = False
                        break
            if group:
                done += _write_group(vf, model, conn, group, report)
            if report.encoded:
                vf.prune(max(KEEP_MIN, KEEP_FACTOR * vf.count()))
            report.left = len(todo) - report.files - len(report.skipped)
            report.done = report.done and report.left <= 0
        finally:
            vf.close()
    report.seconds = time.monotonic() - start
    return report


def _write_group(vf: VectorFile, model, conn: apsw.Connection, group: list, report: EmbedReport) -> int:
    """Encode what a group of files lacks, then write the group in one transaction."""
    import numpy as np
    items = [it for _, its in group for it in its]
    have = vf.known(list({it.key for it in items}))
    missing = list(dict.fromkeys(it.key for it in items if it.key not in have))
    texts = {it.key: it.text for it in items}
    new = []
    if missing:
        vecs = model.encode([texts[k] for k in missing]).astype(np.float16)
        new = [(k, v.tobytes()) for k, v in zip(missing, vecs)]
        have.update(new)
    names = dict(conn.execute("SELECT id, qualname FROM symbols WHERE id IN (SELECT value FROM json_each(?))",
                              (orjson.dumps([it.id for it in items]).decode(),)))
    rows = [(it.id, path, names.get(it.id, ""), it.key, have[it.key]) for (path, _, _), its in group for it in its]
    vf.write_files([f for f, _ in group], rows, new)
    report.files += len(group)
    report.encoded += len(missing)
    report.reused += len(items) - len(missing)
    return len(items)
