"""TypeScript: the members of an object a factory function returns. TanStack Query's `notifyManager`
is `createNotifyManager()`, which returns `{ batch: <T>(callback) => …, schedule, setScheduler: (fn) => … }`
built from its locals; `notifyManager.batch(…)` reaches the arrow the literal defines (19 sites of
@tanstack/query-core left `possible` against the compiler, scripts/score_ts_oracle.py)."""
from __future__ import annotations

import shutil

from flowcases import call_targets
from langcases import snapshot

from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader

MANAGER = """
type NotifyCallback = () => void

export function createNotifyManager() {
  let queue: Array<NotifyCallback> = []
  let transactions = 0
  const flush = (): void => {
    queue = []
  }

  return {
    /**
     * Batches all updates scheduled inside the passed callback.
     * This is mainly used internally to optimize query client updating.
     */
    batch: <T>(callback: () => T): T => {
      let result
      transactions++
      try {
        result = callback()
      } finally {
        transactions--
        if (!transactions) {
          flush()
        }
      }
      return result
    },
    setScheduler: (fn: (cb: () => void) => void) => {
      fn(flush)
    },
    reset() {
      queue = []
    },
  } as const
}

export const notifyManager = createNotifyManager()
"""
CACHE = """
import { notifyManager } from './notifyManager'

export class QueryCache {
  clear(): void {
    notifyManager.batch(() => {
      this.remove()
    })
    notifyManager.setScheduler((cb) => cb())
    notifyManager.reset()
  }
  remove(): void {}
}
"""
DECOY = "export class Decoy { batch() {} setScheduler() {} reset() {} remove() {} }\n"


def _write(root, manager: str = MANAGER):
    for name, text in {"notifyManager.ts": manager, "queryCache.ts": CACHE, "decoy.ts": DECOY}.items():
        (root / name).write_text(text)
    index_workspace(root)
    return open_reader(root)


def test_a_member_of_the_object_a_factory_returns_is_the_arrow_it_defines(tmp_path):
    conn = _write(tmp_path)
    assert call_targets(conn, "queryCache.QueryCache.clear", "notifyManager.batch") == {
        ("import", "notifyManager.createNotifyManager.batch")}
    assert call_targets(conn, "queryCache.QueryCache.clear", "notifyManager.setScheduler") == {
        ("import", "notifyManager.createNotifyManager.setScheduler")}
    assert call_targets(conn, "queryCache.QueryCache.clear", "notifyManager.reset") == {
        ("import", "notifyManager.createNotifyManager.reset")}


def test_a_member_the_factory_drops_re_resolves_as_a_clean_index(tmp_path):
    """Incremental: `batch` leaves the returned object; the call is no longer drawn to it."""
    work = tmp_path / "work"
    work.mkdir()
    _write(work)
    (work / "notifyManager.ts").write_text(MANAGER.replace("batch: <T>", "run: <T>"))
    index_workspace(work)
    assert ("import", "notifyManager.createNotifyManager.batch") not in call_targets(
        open_reader(work), "queryCache.QueryCache.clear", "notifyManager.batch")
    clean = tmp_path / "clean"
    shutil.copytree(work, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean)
    assert snapshot(work) == snapshot(clean)


def test_a_method_two_returned_literals_define_is_not_guessed(tmp_path):
    """Two `return { batch … }` in one factory: which one `notifyManager.batch` is stays open."""
    twice = MANAGER.replace("  return {\n", "  if (queue.length) {\n    return { batch: (cb: () => void) => cb() }\n  }\n  return {\n", 1)
    conn = _write(tmp_path, twice)
    assert ("import", "notifyManager.createNotifyManager.batch") not in call_targets(
        conn, "queryCache.QueryCache.clear", "notifyManager.batch")
