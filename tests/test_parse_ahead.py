"""The daemon parses a save while it is debounced, and the save, once due, takes that extraction:
the parse is done once, and what is committed is exactly what a clean index holds, also when the
file changes again during the debounce (its new content is parsed then, not the old one committed)."""
from __future__ import annotations

import os
import threading
import time

from daemonkit import assert_equals_clean

from graphmind.live.changes import AHEAD_MAX_PATHS, FULL, ChangeQueue
from graphmind.live.daemon import Daemon

CALLER = "from shop.payments.refund import process_refund\n\n\ndef {name}(order):\n    return process_refund(order, 2)\n"


def test_take_offers_quiet_paths_once_per_change_then_returns_them():
    q = ChangeQueue(debounce=0.3, max_delay=5.0)
    offered: list[list[str]] = []

    def meanwhile(paths):
        offered.append(sorted(paths))
        if len(offered) == 1:
            q.add("a.py")                  # the file changes again while it is read ahead

    q.add("a.py")
    q.add("b.py")
    batch = q.take(5.0, meanwhile)
    assert offered == [["a.py", "b.py"], ["a.py"]]
    assert sorted(batch.paths) == ["a.py", "b.py"]


def test_take_offers_nothing_during_a_reconcile_or_a_burst():
    offered: list[list[str]] = []
    q = ChangeQueue(debounce=0.1, max_delay=5.0)
    q.add(FULL)
    q.add("a.py")
    assert q.take(5.0, offered.append).full
    for i in range(AHEAD_MAX_PATHS + 1):
        q.add(f"f{i}.py")
    assert len(q.take(5.0, offered.append).paths) == AHEAD_MAX_PATHS + 1
    assert offered == []


def test_take_does_not_hold_the_lock_while_reading_ahead():
    q = ChangeQueue(debounce=0.2, max_delay=5.0)
    added = threading.Event()

    def meanwhile(paths):
        t = threading.Thread(target=lambda: (q.add("c.py"), added.set()))
        t.start()
        t.join(2.0)                       # would deadlock if the queue's lock were held here

    q.add("a.py")
    q.take(5.0, meanwhile)
    assert added.is_set()


def _status(d: Daemon) -> dict:
    return d.handle(b'{"op": "status"}')


def _wait_updates(d: Daemon, n: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while _status(d)["updates"] < n:
        assert time.monotonic() < deadline, "the save was never committed"
        time.sleep(0.02)


def test_a_save_parsed_ahead_is_parsed_once_and_equals_a_clean_index(indexed_shop, no_leaks, tmp_path):
    d = Daemon(indexed_shop)
    d.queue.debounce = 0.6                 # long enough for the writer to read ahead
    d.start()
    try:
        assert d.wait_fresh(20)["fresh"]
        before, updates = _status(d)["reuse"], _status(d)["updates"]
        staged = tmp_path / "extra.py"     # one event for the whole content: a create then a write seen
        staged.write_text(CALLER.format(name="ahead"))   # apart would be two contents, parsed twice
        os.replace(staged, indexed_shop / "shop" / "extra.py")
        _wait_updates(d, updates + 1)      # no wait_fresh: it would skip the debounce
        after = _status(d)["reuse"]
        assert after["parsed_ahead"] - before["parsed_ahead"] == 1
        assert after["parsed"] - before["parsed"] == 1       # not parsed again when due
        reply = d.handle(b'{"op": "callers", "symbol": "process_refund"}')
        assert "shop.extra.ahead" in {c["symbol"] for c in reply["result"]["callers"]}
    finally:
        d.shutdown()
    assert_equals_clean(indexed_shop, tmp_path, "one save parsed ahead")


def test_content_changed_after_its_parse_ahead_commits_the_new_content(indexed_shop, no_leaks, tmp_path):
    d = Daemon(indexed_shop)
    d.queue.debounce = 0.8
    d.start()
    try:
        assert d.wait_fresh(20)["fresh"]
        updates = _status(d)["updates"]
        path = indexed_shop / "shop" / "extra.py"
        path.write_text(CALLER.format(name="first"))
        deadline = time.monotonic() + 10
        while _status(d)["reuse"]["parsed"] == 0:             # the first content was parsed ahead
            assert time.monotonic() < deadline, "nothing was parsed ahead"
            time.sleep(0.01)
        path.write_text(CALLER.format(name="second"))
        _wait_updates(d, updates + 1)
        assert d.wait_fresh(20)["fresh"]
        found = d.handle(b'{"op": "symbols", "pattern": "shop.extra", "limit": 10}')["result"]
        assert [s["symbol"] for s in found] == ["shop.extra.second"]
    finally:
        d.shutdown()
    assert_equals_clean(indexed_shop, tmp_path, "a save whose content changed after its parse ahead")
