"""One file's trip through the write path before the store: read, hash, parse, extract.

Runs in worker processes, so it takes and returns plain picklable values.
"""
from __future__ import annotations

import logging
import os
import pickle
import stat
from collections.abc import Callable
from typing import Protocol

from graphmind import config
from graphmind.pools import Allowance, Stopped, collector_paused
from graphmind import lang  # noqa: F401  (registers every language's resolution hooks)
from graphmind.index import parser
from graphmind.index.extractor import extract
from graphmind.index.scan import digest
from graphmind.pools import watch_owner  # noqa: F401  (the indexer's pools take it from here)
from graphmind.resolve.hooks import hooks_for
from graphmind.models import Extraction, FileInfo, FileResult
from graphmind.index.modules import module_of
from graphmind.index.typescript.blanking import note as blanked_note
from graphmind.languages import header_language

log = logging.getLogger(__name__)



def _rejected(data: bytes) -> str | None:
    """Why content is not parsed at all (binary, minified), or None."""
    if b"\0" in data[:8192]:
        return "binary file"
    lines = data.count(b"\n") + 1
    if len(data) > 20_000 and len(data) / lines > config.MAX_AVG_LINE:
        return f"minified (average line {len(data) // lines} bytes)"
    return None


def read_regular(path: str, limit: int) -> bytes | None:
    """Up to `limit` bytes of a file, or None when it is not a regular file at the moment it is opened
    (a FIFO or device swapped in after the walk: opened without blocking, never read)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        chunks, left = [], limit
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


class ExtractionCache(Protocol):
    """What the daemon lends process_file: extractions by content, and the last tree of a file."""

    def lookup(self, info: FileInfo, sha: str, module: str) -> Extraction | None: ...

    def old_tree(self, info: FileInfo, data: bytes): ...

    def remember(self, info: FileInfo, sha: str, module: str, data: bytes, tree, ext: Extraction) -> None: ...


def process_file(info: FileInfo, old_sha: str | None, cache: ExtractionCache | None = None, *,
                 parse: bool = True, stopped: Callable[[], bool] | None = None) -> FileResult | None:
    """Read, hash and (when the content is new) parse one file; never raises for bad input.

    With a cache, known content is not parsed and a file's last tree is reused; with parse=False,
    None means the content would have to be parsed. Its extraction has config.MAX_FILE_SECONDS of CPU;
    `stopped()` true raises pools.Stopped at the next stage (within a fraction of a second).
    """
    module = module_of(info)
    if info.size > config.MAX_FILE_BYTES:
        ext = Extraction(module=module, status="skipped", error=f"larger than {config.MAX_FILE_BYTES} bytes")
        return FileResult(info, "", False, ext)
    try:
        data = read_regular(info.abspath, config.MAX_FILE_BYTES + 1)
    except OSError as exc:
        log.warning("cannot read %s: %s", info.path, exc)
        return FileResult(info, "", False, Extraction(module=module, status="error", error=f"unreadable: {exc.strerror or exc}"))
    if data is None:
        return FileResult(info, "", False, Extraction(module=module, status="skipped", error="not a regular file"))
    info.size = len(data)
    sha = digest(data)
    info.language = header_language(info.path, info.language, data)
    if sha == old_sha:
        return FileResult(info, sha, True, None)
    why = _rejected(data)
    if why is not None:
        return FileResult(info, sha, False, Extraction(module=module, status="skipped", error=why))
    known = cache.lookup(info, sha, module) if cache is not None else None
    if known is not None:
        return FileResult(info, sha, False, known)
    if not parse:
        return None
    hooks = hooks_for(info.language)
    if hooks is not None and hooks.module_name is not None:
        module = hooks.module_name(info.path, data) or module
    try:
        with collector_paused():            # a large file's matches are ~10^5 short-lived objects
            tree, read, source, blanked = parser.parse_recovering(
                info.language, data, cache.old_tree(info, data) if cache is not None else None,
                seconds=config.MAX_PARSE_SECONDS)
            ext = extract(info.language, module, info.path, source, read,     # `tree`: what an edit reparses (None: none)
                          Allowance(config.MAX_FILE_SECONDS, stopped))
            if blanked:
                ext.error = "; ".join(filter(None, [ext.error, blanked_note(blanked)]))
    except (parser.ParseTimeout, RecursionError) as exc:
        why = (f"took over {config.MAX_PARSE_SECONDS:g} s to parse" if isinstance(exc, parser.ParseTimeout)
               else "nested too deeply to read")
        log.warning("skipped %s: %s", info.path, why)
        return FileResult(info, sha, False, Extraction(module=module, status="error", error=why))
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        ext.status = "partial"
        ext.error = "; ".join(filter(None, [ext.error, f"invalid UTF-8 at byte {exc.start}"]))
    if cache is not None:
        cache.remember(info, sha, module, data, tree, ext)
    return FileResult(info, sha, False, ext)


def process_batch(batch: list[tuple[FileInfo, str | None]], stopped: Callable[[], bool] | None = None) -> list[FileResult]:
    """process_file over a batch (one round trip to a worker process per batch); nothing once
    `stopped()` says so, checked before each file (the owner stopped: its result would be dropped)."""
    results = []
    for info, sha in batch:
        try:
            if stopped is not None and stopped():
                return []
            results.append(process_file(info, sha, stopped=stopped))
        except Stopped:
            return []
    return results


def process_batch_packed(batch: list[tuple[FileInfo, str | None]], stopped: Callable[[], bool] | None = None) -> bytes:
    """process_batch in a worker process, its results pickled (`unpack` reads them back) with the
    collector paused throughout: a batch's rows are ~10^4 tuples per file, made again for pickling
    (Extraction.__reduce__), and with the collector on each survived several collections (~1.1 s of
    a worker's 18 s on Django). Rows hold no cycles: reference counting frees them all."""
    with collector_paused():
        return pickle.dumps(process_batch(batch, stopped), protocol=pickle.HIGHEST_PROTOCOL)


def unpack(data: bytes) -> list[FileResult]:
    """The results process_batch_packed pickled (the collector paused: the rows are new and live on)."""
    with collector_paused():
        return pickle.loads(data)
