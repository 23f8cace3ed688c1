"""A cold index resolved by forked workers equals one resolved by a single process, table for table
(real subprocesses: `graphmind index --jobs 2` against `--jobs 1` on copies of one workspace)."""
from __future__ import annotations

import multiprocessing
import shutil
import time
from concurrent.futures import ProcessPoolExecutor

import apsw
import pytest

from conftest import run_cli
from daemonkit import assert_same_graph
from graphmind.pools import as_done
from graphmind.resolve import spread
from graphmind.resolve.resolver import Resolver
from graphmind.resolve.tables import load_tables
from graphmind.store import index_path

MODULES = 100


def _workspace(root):
    """Enough call sites to spread (over SPREAD_MIN_SITES): classes deriving across modules, self and
    super() calls, instances built and used, imported functions, names that stay possible or unresolved."""
    pkg = root / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "m0.py").write_text("class C0:\n    def run(self):\n        return 0\n\n    def step(self):\n"
                               "        return self.run()\n\n\ndef f0(x):\n    return x\n")
    for i in range(1, MODULES):
        body = "\n".join(
            f"    obj.step(); obj.run(); f{i - 1}(k); self_free_{k % 7}(); k.save(); helper(obj, {k})"
            for k in range(45))
        pkg.joinpath(f"m{i}.py").write_text(
            f"from pkg.m{i - 1} import C{i - 1}, f{i - 1}\n\n\n"
            f"def helper(o, n):\n    return o.run()\n\n\n"
            f"class C{i}(C{i - 1}):\n    def run(self):\n        return super().run() + self.step()\n\n\n"
            f"def f{i}(k):\n    obj = C{i}()\n{body}\n    return obj\n")
    return root


def test_spread_resolution_equals_a_single_process(tmp_path):
    one = _workspace(tmp_path / "one")
    two = tmp_path / "two"
    shutil.copytree(one, two)
    run_cli("index", "--jobs", "1", str(one), cwd=tmp_path, check=True)
    run_cli("index", "--jobs", "2", str(two), cwd=tmp_path, check=True)
    conn = apsw.Connection(str(index_path(one)), flags=apsw.SQLITE_OPEN_READONLY)
    sites = conn.execute("SELECT count(*) FROM calls").fetchone()[0]
    assert spread.can_spread(conn, 2, sites)         # the --jobs 2 run did spread its resolution
    conn.close()
    assert_same_graph(index_path(one), index_path(two))
    doc_one = run_cli("export", cwd=one, check=True).stdout
    assert doc_one == run_cli("export", cwd=two, check=True).stdout



def test_answers_dropped_between_chunks_leave_every_row_as_it_was(tmp_path):
    """A resolver that drops its answers after every chunk (resolve_bounded with no room: a worker
    of a large workspace past MAX_ANSWERS), going through the chunks backwards, resolves every row
    as one that keeps them all, going forwards: an answer computed again equals the one dropped."""
    root = _workspace(tmp_path / "ws")
    run_cli("index", "--jobs", "1", str(root), cwd=tmp_path, check=True)
    conn = apsw.Connection(str(index_path(root)), flags=apsw.SQLITE_OPEN_READONLY)
    rows = conn.execute("SELECT id, file_id, caller_id, callee, name, line, col, implicit, kind, arity, args"
                        " FROM calls ORDER BY id").fetchall()       # a row's inputs stay when it is resolved
    chunks = [rows[i:i + 2500] for i in range(0, len(rows), 2500)]
    assert len(chunks) > 4
    keeping = Resolver(load_tables(conn, root))
    kept = [spread.resolve_chunk(keeping, chunk) for chunk in chunks]
    assert keeping.answers() > len(chunks)
    dropping = Resolver(load_tables(conn, root))
    dropped = [spread.resolve_bounded(dropping, chunk, most=0) for chunk in reversed(chunks)][::-1]
    assert dropping.answers() == 0
    assert dropped == kept
    assert spread.resolve_bounded(dropping, chunks[0], most=10 ** 9) == kept[0] and dropping.answers() > 0
    conn.close()

def test_pending_ranges_hold_every_pending_row_once(tmp_path):
    """The id ranges workers are sent: each pending row in exactly one, none holding more than a chunk,
    rows not pending in none, also where pending rows are sparse (every third row of the first ones, as after a re-open)."""
    root = _workspace(tmp_path / "ws")
    run_cli("index", "--jobs", "1", str(root), cwd=tmp_path, check=True)
    conn = apsw.Connection(str(index_path(root)))
    conn.execute("UPDATE calls SET resolution='pending' WHERE id % 3 = 0 OR id > 5000")
    pending = [i for (i,) in conn.execute("SELECT id FROM calls WHERE resolution='pending' ORDER BY id")]
    assert len(pending) > spread.RESOLVE_CHUNK          # more than one range
    spans = list(spread.pending_ranges(conn))
    got = [row[0] for span in spans for row in spread.pending_rows(conn, span)]
    assert got == pending
    assert all(len(spread.pending_rows(conn, span)) <= spread.RESOLVE_CHUNK for span in spans)
    assert len(spans) == -(-len(pending) // spread.RESOLVE_CHUNK)
    assert [row[0] for rows in spread.pending_chunks(conn) for row in rows] == pending
    conn.execute("BEGIN")
    assert not spread.can_spread(conn, 2, len(pending))  # workers would not see uncommitted rows
    conn.execute("ROLLBACK")
    conn.close()


def test_each_worker_claims_its_own_segment_then_the_fullest_from_its_end():
    """Ranges claimed by workers in any interleaving: every place once; a worker goes through its own
    segment in order (its memo serves the files that follow), then takes from the far end of the
    segment with the most left."""
    import random
    for jobs, n in ((2, 19), (3, 40), (2, 1), (4, 3)):
        bounds = spread.segments(n, jobs)
        assert bounds[0] == 0 and bounds[-1] == n
        claimed: dict[int, list[int]] = {k: [] for k in range(jobs)}
        rng = random.Random(jobs * 100 + n)
        for _ in range(n):
            home = rng.randrange(jobs)
            claimed[home].append(spread.claim(bounds, home))
        assert sorted(x for got in claimed.values() for x in got) == list(range(n))
        with pytest.raises(IndexError):
            spread.claim(bounds, 0)
    bounds = spread.segments(10, 2)                        # [0, 5) and [5, 10)
    assert [spread.claim(bounds, 0) for _ in range(5)] == [0, 1, 2, 3, 4]
    assert spread.claim(bounds, 0) == 9                    # its own done: the other's last
    assert spread.claim(bounds, 1) == 5


WAIT_S = 30     # how long the slow item waits for the far one before it gives up (never reached when it passes)


def _item(arg):
    """Item 0 finishes only once the item `far` has run (or WAIT_S passed); the others at once."""
    i, far, marker = arg
    if i == far:
        marker.touch()
    if i == 0:
        deadline = time.monotonic() + WAIT_S
        while not marker.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        return i, marker.exists()
    return i, True


def test_a_slow_chunk_does_not_idle_the_other_worker(tmp_path):
    """The million-line stall: while one worker is held by a slow chunk, the other goes on with the
    chunks beyond the writer's window (spread.IN_FLIGHT per worker), and each result is taken when it
    is done. Item 0 waits for an item far past the window: taken in order, it would never see it."""
    jobs = 2
    ahead = spread.IN_FLIGHT * jobs
    far = ahead + 2
    items = [(i, far, tmp_path / "far-done") for i in range(far + 3)]
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        got = list(as_done(pool, _item, items, ahead))
    assert sorted(i for i, _ in got) == list(range(far + 3))     # every item once
    assert dict(got)[0], "the slow item was never overtaken: the other worker idled"
    assert [i for i, _ in got].index(0) >= far               # taken after the far one, not in order
