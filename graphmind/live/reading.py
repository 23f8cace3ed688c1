"""What the daemon's writer reads for a batch: files taken from the extraction cache when their
content is known (or was parsed during its debounce), parsed from their last tree, or in workers;
and the parse done ahead, while a save waits out its debounce (`ChangeQueue.take`'s `meanwhile`)."""
from __future__ import annotations

import logging

from graphmind.index import workspace
from graphmind.index.filework import process_file
from graphmind.index.indexer import _results as parse_in_workers
from graphmind.index.modules import module_of
from graphmind.index.reuse import ReuseCache
from graphmind.live.watcher import file_info
from graphmind.store import Store

log = logging.getLogger(__name__)

POOL_MIN_FILES = 48         # fewer files to parse than this are parsed in the writer thread


def results(cache: ReuseCache, work: list, jobs: int):
    """Processed files for index_files: cached content first, then the last tree, then workers."""
    out, misses = [], []
    for info, old_sha in work:
        res = process_file(info, old_sha, cache, parse=False)
        (out if res is not None else misses).append(res if res is not None else (info, old_sha))
    if len(misses) >= POOL_MIN_FILES and jobs > 1:
        yield out
        for batch in parse_in_workers(misses, jobs):
            for res in batch:
                if res.extraction is not None and not res.unchanged:
                    cache.parsed += 1
                    cache.keep(res.info, res.sha256, module_of(res.info),
                               res.extraction)
            yield batch
    else:
        yield out + [process_file(info, old_sha, cache) for info, old_sha in misses]
    cache.flush()                               # inside index_files' transaction


def parse_ahead(daemon, store: Store, rels: list[str]) -> None:
    """Parse changed files while their save is debounced: the writer is idle then, and the save finds
    the extraction by its content (ReuseCache.lookup). Content that changes again meanwhile is parsed
    again, when due; nothing here writes the index."""
    cache = daemon.cache
    if cache is None or daemon.stopping.is_set():
        return
    rules = workspace.IgnoreRules(daemon.root)
    states = store.file_states(rels)
    try:
        with cache.reading_ahead():
            for rel in rels:
                info = file_info(daemon.root, rules, rel)
                if info is not None:
                    state = states.get(rel)
                    process_file(info, state[3] if state else None, cache)
    except Exception as exc:                    # the save parses it again, and reports what fails
        log.debug("parsing ahead failed: %s", exc)
