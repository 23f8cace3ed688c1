"""A parser worker's batch as it travels to the writer: the same rows, packed without the collector."""
from __future__ import annotations

import gc
from pathlib import Path

from graphmind.index import workspace
from graphmind.index.filework import process_batch, process_batch_packed, unpack

REPOS = Path(__file__).parent / "fixtures" / "repos"


def _work() -> list:
    return [(info, None) for name in ("shop", "go_shop", "ts_workspace") for info in workspace.walk(REPOS / name)]


def test_a_packed_batch_unpacks_to_the_same_results():
    work = _work()
    assert len(work) > 10
    assert unpack(process_batch_packed(work)) == process_batch(work)


def test_a_batch_is_extracted_and_packed_without_a_collection():
    collections = []

    def seen(phase, info):
        if phase == "start":
            collections.append(info["generation"])
    work = _work()                    # the walk runs with the collector on: only the batch is counted
    threshold = gc.get_threshold()
    was_on = gc.isenabled()
    gc.enable()
    gc.collect()                      # no count left over from earlier tests
    gc.set_threshold(50)              # with the collector on, a batch would run hundreds of collections
    gc.callbacks.append(seen)
    try:
        process_batch_packed(work)
    finally:
        gc.callbacks.remove(seen)
        gc.set_threshold(*threshold)
        if not was_on:
            gc.disable()
    assert len(collections) <= 2          # the one the first allocation after it runs, and its gen1
