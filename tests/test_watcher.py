"""The watcher with real watchdog threads on real files; the change queue; tree cache; reuse; protocol."""
from __future__ import annotations

import logging
import os
import pickle
import random
import threading
import time

import pytest

from graphmind.index import parser
from graphmind.live import protocol
from graphmind.live.changes import FULL, ChangeQueue
from graphmind.index.extractor import extract
from graphmind.models import FileInfo
from graphmind.index.reuse import decode, encode, variant
from graphmind.live.treecache import TreeCache, derive_edit
from graphmind.live.watcher import Watcher, file_info, is_scratch
from graphmind.index.workspace import IgnoreRules, walk


@pytest.fixture
def watched(shop, no_leaks):
    """A Watcher on the shop fixture with a long debounce, so the test reads what was queued."""
    queue = ChangeQueue(debounce=30.0, max_delay=60.0)
    w = Watcher(shop, queue)
    w.start()
    yield shop, queue, w
    w.stop()


def settle(w: Watcher) -> None:
    assert w.fence(10.0), "the fence event never came back"


def test_saves_are_queued_and_noise_is_dropped(watched):
    root, queue, w = watched
    (root / "shop" / "new.py").write_text("x = 1\n")
    (root / "shop" / "orders.py").write_text((root / "shop" / "orders.py").read_text() + "\n")
    for name in (".orders.py.swp", "orders.py~", "4913", ".#orders.py", "notes.txt", "orders.py.tmp"):
        (root / "shop" / name).write_text("junk")
    (root / ".git").mkdir()
    (root / ".git" / "index.py").write_text("x")
    (root / "node_modules" / "lib" / "y.py").write_text("x")
    settle(w)
    assert queue.pending_paths() == ["shop/new.py", "shop/orders.py"]


def test_moves_deletes_folders_and_ignore_files(watched):
    root, queue, w = watched
    os.rename(root / "shop" / "util.py", root / "shop" / "tools.py")
    os.unlink(root / "shop" / "orders.py")
    settle(w)
    assert queue.pending_paths() == ["shop/orders.py", "shop/tools.py", "shop/util.py"]
    (root / "shop" / "sub").mkdir()
    settle(w)
    # a folder appeared: reconcile. watchdog reports a new folder from its own handling of it (it
    # starts watching it first), which may come after the fence under load: wait for it, bounded
    deadline = time.monotonic() + 10.0
    while FULL not in queue.pending_paths() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert FULL in queue.pending_paths()


def test_ignore_file_change_asks_for_a_reconcile(watched):
    root, queue, w = watched
    (root / ".gitignore").write_text((root / ".gitignore").read_text() + "shop/orders.py\n")
    settle(w)
    assert queue.pending_paths() == [FULL]


def test_overflow_reported_by_watchdog_asks_for_a_reconcile(watched):
    root, queue, w = watched
    logging.getLogger("watchdog.observers.inotify_c").warning("Inotify queue overflowed; filesystem events were lost")
    assert queue.pending_paths() == [FULL] and w.overflows == 1


def test_file_info_agrees_with_the_walk(shop):
    rules = IgnoreRules(shop)
    walked = {f.path: (f.language, f.size) for f in walk(shop)}
    every = [str(p.relative_to(shop)) for p in shop.rglob("*") if p.is_file()]
    found = {rel: (fi.language, fi.size) for rel in every if (fi := file_info(shop, rules, rel)) is not None}
    assert found == walked
    assert file_info(shop, rules, "scripts/generated_api.py") is None and file_info(shop, rules, "shop/gone.py") is None


def test_scratch_names():
    assert all(is_scratch(n) for n in (".a.py.swp", "a.py~", "#a.py#", ".#a.py", "4913", "a.py.tmp", "a.py.orig"))
    assert not any(is_scratch(n) for n in ("a.py", "temp.py", "swap.py", "backup.py"))


def test_queue_debounces_coalesces_and_settles(no_leaks):
    q = ChangeQueue(debounce=0.05, max_delay=5.0)
    for _ in range(5):
        q.add("a.py")
        q.add("b.py")
    assert q.take(0.0) is None                              # still inside the debounce
    batch = q.take(5.0)
    assert sorted(batch.paths) == ["a.py", "b.py"] and not batch.full
    upto = q.seq
    assert not q.wait_settled(upto, 0.05)                   # taken but not committed
    done = threading.Thread(target=lambda: (time.sleep(0.05), q.done(batch)))
    done.start()
    assert q.wait_settled(upto, 5.0)
    done.join()
    q.add("c.py")
    q.flush(q.seq)                                          # a waiter: due at once, no debounce
    assert list(q.take(0.0).paths) == ["c.py"]
    q.add("d.py")
    q.add(FULL)
    batch = q.take(5.0)
    assert batch.full and "d.py" in batch.paths


def test_incremental_parse_matches_a_full_parse_over_random_edits():
    rnd = random.Random(5)
    source = (parser.__file__ and open(parser.__file__, "rb").read())
    cache, tree = TreeCache(), parser.parse("python", source)
    for _ in range(60):
        a = rnd.randrange(len(source))
        b = min(len(source), a + rnd.randrange(40))
        new = source[:a] + rnd.choice([b"", b"\n", b"x(y)", b"def f():\n    g()\n", "é".encode()]) + source[b:]
        cache.put("p.py", "python", source, tree)
        tree = parser.parse("python", new, cache.edited_tree("p.py", "python", new))
        full = parser.parse("python", new)
        assert str(tree.root_node) == str(full.root_node)
        assert extract("python", "m", "p.py", new, tree) == extract("python", "m", "p.py", new, full)
        source = new
    assert derive_edit(b"abc", b"abc") is None
    e = derive_edit(b"a\nbc\nd", b"a\nbXc\nd")
    assert (e.start_byte, e.old_end_byte, e.new_end_byte, e.start_point, e.new_end_point) == (3, 3, 4, (1, 1), (1, 2))


def test_tree_cache_stays_bounded():
    cache = TreeCache(max_trees=3, max_bytes=1000)
    for i in range(10):
        cache.put(f"f{i}.py", "python", b"x" * 100, object())
    assert len(cache) == 3 and cache.source_bytes == 300
    cache.put("big.py", "python", b"x" * 900, object())      # too big for a quarter of the budget: not kept
    assert len(cache) == 3 and cache.edited_tree("big.py", "python", b"") is None


def test_extractions_round_trip_and_key_by_place(shop):
    data = (shop / "shop" / "payments" / "refund.py").read_bytes()
    ext = extract("python", "shop.payments.refund", "shop/payments/refund.py", data, parser.parse("python", data))
    assert decode(encode(ext)) == ext
    sent = pickle.loads(pickle.dumps(ext, pickle.HIGHEST_PROTOCOL))     # as a parser worker sends it
    assert sent == ext and sent.calls and all(type(a) is type(b) for a, b in zip(sent.calls, ext.calls))
    a = variant(FileInfo("shop/payments/refund.py", "", "python", 1, 1), "shop.payments.refund")
    b = variant(FileInfo("shop/payments/__init__.py", "", "python", 1, 1), "shop.payments.refund")
    c = variant(FileInfo("lib/payments/refund.py", "", "python", 1, 1), "lib.payments.refund")
    assert len({a, b, c}) == 3


@pytest.mark.parametrize("line,message", [
    (b"{", "not JSON"), (b"3", "JSON object"), (b'{"op": 1}', "unknown op"),
    (b'{"op": "callers", "symbol": 5}', "'symbol' must be str"), (b'{"op": "callers", "symbol": "x", "all": 1}', "'all'"),
    (b'{"op": "callees", "symbol": "x", "depth": 0}', "between"), (b'{"op": "wait_fresh", "timeout": true}', "timeout"),
    (b"x" * (protocol.MAX_REQUEST_BYTES + 1), "larger than"),
])
def test_bad_requests_are_refused_with_a_reason(line, message):
    with pytest.raises(protocol.ProtocolError, match=message):
        protocol.parse_request(line)


def test_good_requests_parse():
    op, req, rid = protocol.parse_request(b'{"op": "blast_radius", "symbol": "f", "depth": 2, "id": "q1"}')
    assert (op, req.symbol, req.depth, req.limit, rid) == ("blast_radius", "f", 2, 200, "q1")
    assert protocol.parse_request(b'{"op": "wait_fresh", "timeout": 2}')[1].timeout == 2.0
